use super::choices::VariantChoice;
use super::invocation;
use crate::discord::{answer, Context, Error};

/// What to do in the course, besides starting one.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LessonChoice {
    #[name = "show the current task"]
    Show,
    #[name = "hint: where can my piece go?"]
    Hint,
    #[name = "skip this task"]
    Skip,
    #[name = "start the course again"]
    Reset,
    #[name = "pause (moves go to games again)"]
    Stop,
}

impl LessonChoice {
    fn word(self) -> &'static str {
        match self {
            LessonChoice::Show => "show",
            LessonChoice::Hint => "hint",
            LessonChoice::Skip => "skip",
            LessonChoice::Reset => "reset",
            LessonChoice::Stop => "stop",
        }
    }
}

/// Learn a game task by task on the board
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "Which game's course (resumes where you left)"] variant: Option<VariantChoice>,
    #[description = "Your move in the current task (e2e3, Kd2 ...)"]
    #[rename = "move"]
    text: Option<String>,
    #[description = "Hint, skip, start again or pause"] action: Option<LessonChoice>,
) -> Result<(), Error> {
    let mut inv = invocation(
        "learn",
        &[("variant", variant.map(VariantChoice::key)), ("move", text)],
    );
    if let Some(a) = action {
        inv.words.push(a.word().into());
    }
    answer(ctx, inv).await
}

#[cfg(test)]
mod tests {
    use crate::discord::events::button_invocation;

    #[test]
    fn the_hint_button_runs_the_lessons_hint() {
        let inv = button_invocation("hint:lesson").expect("known button");
        assert_eq!(inv.name, "learn");
        assert_eq!(inv.words, ["hint"]);
        assert!(inv.options.is_empty());
    }
}
