//! Catching payloads serenity could not parse.
//!
//! serenity turns an event it cannot parse into an "unknown event" that it
//! logs only at DEBUG (`serenity::client::dispatch`), and a frame it cannot
//! read at all into a WARN from `serenity::gateway`: a fake payload missing
//! a field fails silently otherwise. In-process clients install [`capture`]
//! (a tracing subscriber); the bot binary's stderr is scanned with
//! [`is_parse_failure`] (see [`crate::BotProcess`], which sets `RUST_LOG`
//! so those lines are printed).

use std::fmt::Write as _;
use std::sync::{Arc, Mutex, OnceLock};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// The `RUST_LOG` directives that make serenity print what
/// [`is_parse_failure`] looks for.
pub const SERENITY_PARSE_LOG: &str =
    "serenity::client::dispatch=debug,serenity::gateway=warn,serenity::http=warn";

/// Whether a log line (or a tracing message) reports a payload serenity
/// could not parse.
pub fn is_parse_failure(line: &str) -> bool {
    let l = line.to_lowercase();
    l.contains("unknown event")
        || l.contains("err deserializing")
        || l.contains("unhandled error")
        || l.contains("err decompressing")
        || l.contains("failed to deserialize")
}

/// The parse failures logged in this process since the [`capture`] call
/// that made this value. The subscriber is process-wide, so a test that
/// provokes a failure on purpose would otherwise show it to the next test
/// of the binary (scenes run one at a time, so "since" is "by this test").
#[derive(Clone)]
pub struct ParseFailures {
    list: Arc<Mutex<Vec<String>>>,
    from: usize,
}

impl ParseFailures {
    pub fn all(&self) -> Vec<String> {
        self.list.lock().unwrap()[self.from..].to_vec()
    }

    /// Panics listing them, if any.
    pub fn assert_none(&self) {
        let all = self.all();
        assert!(all.is_empty(), "serenity could not parse: {all:#?}");
    }
}

struct Catcher(Arc<Mutex<Vec<String>>>);

struct Text(String);

impl Visit for Text {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.0, "{value:?} ");
        } else {
            let _ = write!(self.0, "{}={value:?} ", field.name());
        }
    }
}

impl<S: Subscriber> Layer<S> for Catcher {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let meta = event.metadata();
        if !meta.target().starts_with("serenity") || *meta.level() > Level::DEBUG {
            return;
        }
        let mut text = Text(String::new());
        event.record(&mut text);
        if is_parse_failure(&text.0) {
            self.0
                .lock()
                .unwrap()
                .push(format!("{} {}: {}", meta.level(), meta.target(), text.0));
        }
    }
}

/// Installs (once per process) a tracing subscriber that records serenity's
/// parse failures at DEBUG and prints other logs per `RUST_LOG` (default:
/// warnings) to the test's output; the failures from now on.
pub fn capture() -> ParseFailures {
    static FAILURES: OnceLock<Arc<Mutex<Vec<String>>>> = OnceLock::new();
    let list = FAILURES.get_or_init(|| {
        let list = Arc::new(Mutex::new(Vec::new()));
        let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn"));
        let catch_filter = EnvFilter::new(SERENITY_PARSE_LOG);
        let _ = tracing_subscriber::registry()
            .with(Catcher(list.clone()).with_filter(catch_filter))
            .with(
                tracing_subscriber::fmt::layer()
                    .with_test_writer()
                    .with_filter(filter),
            )
            .try_init();
        list
    });
    let from = list.lock().unwrap().len();
    ParseFailures {
        list: list.clone(),
        from,
    }
}
