//! What every command passes before it runs, whichever front end built it:
//! the sender's rate limit, and no text longer than [`MAX_INPUT`].

use super::{Invocation, MAX_INPUT};
use crate::service::{slow_down_message, Admission, Ctx, Reply, Service};

/// Most options and words one command carries; more is not a command.
pub const MAX_PARTS: usize = 32;

/// The friendly refusal for text over the cap.
pub fn too_long_message() -> String {
    format!("That is too long: commands and moves are at most {MAX_INPUT} characters.")
}

/// Whether an invocation is within the caps (slash options arrive without
/// passing through [`Invocation::parse`], so its cap alone is not enough).
pub fn within_caps(inv: &Invocation) -> bool {
    let long = |s: &String| s.chars().count() > MAX_INPUT;
    inv.words.len() + inv.options.len() + inv.users.len() <= MAX_PARTS
        && !long(&inv.name)
        && !inv.words.iter().any(long)
        && !inv.options.iter().any(|(k, v)| long(k) || long(v))
        && !inv.users.iter().any(|u| long(&u.key) || long(&u.name))
}

/// The replies that stop a command of a user going too fast, or `None` to
/// let it run. A refused command changes nothing.
pub fn admit(service: &Service, ctx: &Ctx) -> Option<Vec<Reply>> {
    match service.admit(&ctx.user) {
        Admission::Go => None,
        Admission::SlowDown { tell: true } => {
            let text = slow_down_message(service.config().rate_limit);
            Some(vec![Reply::private(&ctx.place, text)])
        }
        Admission::SlowDown { tell: false } => Some(Vec::new()),
    }
}
