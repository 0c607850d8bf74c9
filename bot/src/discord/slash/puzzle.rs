use super::invocation;
use crate::discord::{answer, Context, Error};

/// What `/puzzle` should give.
#[derive(Debug, poise::ChoiceParameter)]
pub enum PuzzleChoice {
    #[name = "any variant"]
    Any,
    Shatranj,
    Medieval,
    Courier,
    Byzantine,
    #[name = "today's daily puzzle"]
    Daily,
    #[name = "a hint for my puzzle"]
    Hint,
    #[name = "give up my puzzle"]
    Giveup,
    #[name = "my puzzle rating and streak"]
    Rating,
}

impl PuzzleChoice {
    fn word(&self) -> &'static str {
        match self {
            PuzzleChoice::Any => "any",
            PuzzleChoice::Shatranj => "shatranj",
            PuzzleChoice::Medieval => "medieval",
            PuzzleChoice::Courier => "courier",
            PuzzleChoice::Byzantine => "byzantine",
            PuzzleChoice::Daily => "daily",
            PuzzleChoice::Hint => "hint",
            PuzzleChoice::Giveup => "giveup",
            PuzzleChoice::Rating => "rating",
        }
    }
}

/// A puzzle near your puzzle rating; answer with your moves here
#[poise::command(slash_command)]
pub async fn puzzle(
    ctx: Context<'_>,
    #[description = "A variant, any, or daily (any if not given)"] choice: Option<PuzzleChoice>,
) -> Result<(), Error> {
    let mut inv = invocation("puzzle", &[]);
    inv.words
        .push(choice.as_ref().map_or("any", PuzzleChoice::word).into());
    answer(ctx, inv).await
}
