//! The log filter. Whatever `RUST_LOG` asks for, the crates that see the
//! bot token on the wire are held at debug: at trace level the WebSocket
//! library dumps the frames it sends (the gateway's identify frame carries
//! the token) and the HTTP stack its requests.

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
    let base = rust_log
        .and_then(|text| EnvFilter::try_new(text).ok())
        .unwrap_or_else(|| EnvFilter::new(DEFAULT));
    // Added last, these replace any directive RUST_LOG gave the same target.
    CAPPED.iter().fold(base, |f, target| {
        f.add_directive(
            format!("{target}=debug")
                .parse()
                .expect("a valid directive"),
        )
    })
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
}
