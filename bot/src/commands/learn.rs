//! `learn [variant|skip|reset|stop|hint|<move>]` and `hint`: the course.
//! Also decides where a typed move goes: a game in this channel first,
//! else the player's active lesson (see `service::lessons`).

use super::{play_move, CommandInfo, Invocation};
use crate::service::{refuse, Ctx, LessonAction, Outcome, Reply, Service};
use engine::Variant;

pub const INFO: CommandInfo = CommandInfo {
    name: "learn",
    usage: "learn [shatranj|medieval|courier|byzantine] | learn skip | learn reset | learn stop",
    help: "a short course on the board, task by task (then type your moves; `hint` helps)",
};

pub const HINT_INFO: CommandInfo = CommandInfo {
    name: "hint",
    usage: "hint",
    help: "in a lesson: where your piece can go",
};

/// What the words of `learn` ask for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Action(LessonAction),
    Move(String),
}

/// Reads `learn`'s words: a variant, an action word, or else a move.
pub fn parse(inv: &Invocation) -> Result<Request, String> {
    if let Some(m) = inv.option("move") {
        return Ok(Request::Move(m.to_string()));
    }
    let variant = match inv.option("variant") {
        Some(v) => Some(v.parse::<Variant>().map_err(|e| format!("{e}."))?),
        None => None,
    };
    let words: Vec<String> = inv.words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let named = variant.or_else(|| words.iter().find_map(|w| w.parse::<Variant>().ok()));
    let action = match words.first().map(String::as_str) {
        None => named.map_or(LessonAction::Show, LessonAction::Start),
        Some("next" | "skip") => LessonAction::Skip,
        Some("reset" | "restart") => LessonAction::Reset(named),
        Some("stop" | "pause" | "quit" | "leave") => LessonAction::Stop,
        Some("hint") => LessonAction::Hint,
        Some("show" | "task") => LessonAction::Show,
        Some("move" | "m") => return Ok(Request::Move(inv.words[1..].join(" "))),
        Some(_) => match named {
            Some(v) => LessonAction::Start(v),
            None => return Ok(Request::Move(inv.words.join(" "))),
        },
    };
    Ok(Request::Action(action))
}

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    match parse(inv) {
        Ok(Request::Action(action)) => service.learn(ctx, action).await,
        Ok(Request::Move(m)) if m.trim().is_empty() => {
            refuse("Which move? For example: learn d1d2.")
        }
        Ok(Request::Move(m)) => service.lesson_move(ctx, &m).await,
        Err(why) => refuse(why),
    }
}

pub async fn hint(service: &Service, ctx: &Ctx, _inv: &Invocation) -> Outcome<Vec<Reply>> {
    service.learn(ctx, LessonAction::Hint).await
}

/// `move ...`: to the lesson when no game here claims it.
pub async fn route_move(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    if inv.game()?.is_none() && service.move_goes_to_lesson(ctx).await? {
        let text = inv
            .option("move")
            .map(str::to_string)
            .unwrap_or_else(|| inv.words.join(" "));
        if text.trim().is_empty() {
            return refuse("Which move? For example: move d1d2.");
        }
        return service.lesson_move(ctx, &text).await;
    }
    play_move::run(service, ctx, inv).await
}

/// A line that is not a command: a move for the lesson or for a game.
pub async fn route_plain(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let text = inv.words.join(" ");
    if text.split_whitespace().count() <= 3 && service.move_goes_to_lesson(ctx).await? {
        return service.lesson_move(ctx, &text).await;
    }
    play_move::run_plain(service, ctx, inv).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::User;

    fn req(line: &str) -> Request {
        let inv = Invocation::parse(line, |n| User::new(n, n)).unwrap();
        parse(&inv).unwrap()
    }

    #[test]
    fn reads_actions_variants_and_moves() {
        assert_eq!(req("learn"), Request::Action(LessonAction::Show));
        assert_eq!(
            req("learn Courier"),
            Request::Action(LessonAction::Start(Variant::Courier))
        );
        assert_eq!(
            req("learn variant:byzantine"),
            Request::Action(LessonAction::Start(Variant::Byzantine))
        );
        assert_eq!(req("learn next"), Request::Action(LessonAction::Skip));
        assert_eq!(
            req("learn reset"),
            Request::Action(LessonAction::Reset(None))
        );
        assert_eq!(
            req("learn reset medieval"),
            Request::Action(LessonAction::Reset(Some(Variant::Medieval)))
        );
        assert_eq!(req("learn e2e3"), Request::Move("e2e3".into()));
        assert_eq!(req("learn move Kd2"), Request::Move("Kd2".into()));
    }
}
