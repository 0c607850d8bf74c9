//! Any line as a command, a console line and a button id: parsed or
//! refused, never a panic, never past the length cap.
#![no_main]

use alfil::commands::{Invocation, MAX_INPUT};
use alfil::service::User;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let _ = alfil::console::split_user(&line);
    let _ = alfil::discord::events::button_invocation(&line);
    let _ = alfil::discord::events::looks_like_play(&line);
    if let Ok(inv) = Invocation::parse(&line, |n| User::new(format!("fuzz:{n}"), n)) {
        assert!(inv.words.iter().all(|w| w.chars().count() <= MAX_INPUT));
    }
});
