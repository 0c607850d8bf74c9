//! The log filter. Whatever `RUST_LOG` asks for, the crates that see the
//! bot token on the wire are held at debug: at trace level the WebSocket
//! library dumps the frames it sends (the gateway's identify frame carries
//! the token) and the HTTP stack its requests.

use tracing_subscriber::filter::LevelFilter;
use tracing_subscriber::EnvFilter;

/// Used when `RUST_LOG` is unset or unreadable.
pub const DEFAULT: &str = "info,serenity=warn";

/// Targets that never log above debug.
pub const CAPPED: &[&str] = &[
    "serenity::http",
    "serenity::gateway",
    "reqwest",
    "hyper",
    "hyper_util",
    "h2",
    "rustls",
    "tungstenite",
    "tokio_tungstenite",
    "async_tungstenite",
];

/// The filter for `RUST_LOG`'s value (`None`: unset).
pub fn filter(rust_log: Option<&str>) -> EnvFilter {
    let text = rust_log
        .filter(|text| EnvFilter::try_new(text).is_ok())
        .unwrap_or(DEFAULT);
    let base = EnvFilter::new(text);
    // Added last, these replace what RUST_LOG gave the same target: the
    // level it asked for, but never finer than debug. Never coarser either:
    // a cap must not switch on logs nobody asked for (serenity's HTTP debug
    // events format whole request bodies, pictures included, byte by byte).
    let mut caps: Vec<(String, LevelFilter)> = CAPPED
        .iter()
        .map(|target| (target.to_string(), level_for(text, target)))
        .collect();
    // A finer directive inside a capped crate (`hyper::proto=trace`) would
    // win over the crate's cap: cap it too.
    for (target, level) in directives(text) {
        if CAPPED.iter().any(|c| target.starts_with(&format!("{c}::"))) {
            caps.push((target.to_string(), level));
        }
    }
    caps.into_iter().fold(base, |f, (target, level)| {
        let level = level.min(LevelFilter::DEBUG);
        f.add_directive(
            format!("{target}={level}")
                .parse()
                .expect("a valid directive"),
        )
    })
}

/// The `target=level` directives of a filter text; a bare level has the
/// empty target, a bare target means trace (as `EnvFilter` reads them).
/// Span and field filters are read as their target alone.
fn directives(text: &str) -> impl Iterator<Item = (&str, LevelFilter)> {
    fn target_of(head: &str) -> &str {
        head.split('[').next().unwrap_or("").trim()
    }
    text.split(',').filter_map(|d| {
        let d = d.trim();
        match d.rsplit_once('=') {
            Some((head, level)) if !level.contains(['}', ']']) => {
                Some((target_of(head), level.trim().parse().ok()?))
            }
            _ if d.is_empty() => None,
            _ => match d.parse::<LevelFilter>() {
                Ok(level) => Some(("", level)),
                Err(_) => Some((target_of(d), LevelFilter::TRACE)),
            },
        }
    })
}

/// The level a filter text gives `target`: its most specific directive's
/// (the last of equals), or error when none applies, as in `EnvFilter`.
fn level_for(text: &str, target: &str) -> LevelFilter {
    let mut best: Option<(usize, LevelFilter)> = None;
    for (t, level) in directives(text) {
        let applies = t.is_empty() || t == target || target.starts_with(&format!("{t}::"));
        if applies && best.is_none_or(|(len, _)| t.len() >= len) {
            best = Some((t.len(), level));
        }
    }
    best.map_or(LevelFilter::ERROR, |(_, level)| level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn logged(rust_log: &str) -> String {
        let sink = Sink::default();
        let writer = sink.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_env_filter(filter(Some(rust_log)))
            .with_writer(move || writer.clone())
            .finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::trace!(target: "tungstenite::protocol", "frame TOKEN-1");
            tracing::trace!(target: "serenity::http::client", "request TOKEN-2");
            tracing::trace!(target: "hyper::proto::h1", "headers TOKEN-3");
            tracing::debug!(target: "serenity::http::client", "debug still shows");
            tracing::trace!(target: "alfil::service", "our own trace shows");
        });
        let bytes = sink.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn trace_never_reaches_the_crates_that_hold_the_token() {
        for rust_log in [
            "trace",
            "tungstenite=trace,serenity::http=trace,hyper=trace,trace",
            "serenity=trace,alfil=trace",
        ] {
            let text = logged(rust_log);
            assert!(!text.contains("TOKEN"), "{rust_log}: {text}");
            assert!(text.contains("debug still shows"), "{rust_log}: {text}");
            assert!(text.contains("our own trace shows"), "{rust_log}: {text}");
        }
    }

    #[test]
    fn a_cap_switches_on_nothing_that_was_not_asked_for() {
        for rust_log in ["info", "info,serenity=warn", "warn"] {
            let text = logged(rust_log);
            assert!(!text.contains("debug still shows"), "{rust_log}: {text}");
        }
        // The default, as `alfil run` starts without RUST_LOG.
        let f = filter(None).to_string();
        assert!(!f.contains("=debug"), "{f}");
        assert!(f.contains("serenity::http=warn"), "{f}");
    }

    #[test]
    fn a_finer_directive_inside_a_capped_crate_is_capped_too() {
        let text = logged("info,hyper::proto=trace,serenity::http::client=trace");
        assert!(!text.contains("TOKEN"), "{text}");
        assert!(text.contains("debug still shows"), "{text}");
    }

    #[test]
    fn levels_are_read_as_env_filter_reads_them() {
        assert_eq!(
            level_for("info,serenity=warn", "serenity::http"),
            LevelFilter::WARN
        );
        assert_eq!(
            level_for("serenity=warn,info", "serenity::http"),
            LevelFilter::WARN
        );
        assert_eq!(level_for("serenity", "serenity::http"), LevelFilter::TRACE);
        assert_eq!(
            level_for("serenity_x=trace", "serenity::http"),
            LevelFilter::ERROR
        );
        assert_eq!(level_for("debug", "hyper"), LevelFilter::DEBUG);
        assert_eq!(
            level_for("hyper[span{a=b}]=trace", "hyper"),
            LevelFilter::TRACE
        );
    }
}
