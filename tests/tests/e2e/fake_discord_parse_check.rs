//! The parse-failure check itself: a payload serenity cannot read must be
//! caught (serenity only logs it at DEBUG as an "unknown event").

use alfil_tests::{logs, FakeDiscord};
use poise::serenity_prelude as serenity;
use serde_json::json;

struct Handler;

#[serenity::async_trait]
impl serenity::EventHandler for Handler {}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_payload_serenity_cannot_parse_is_caught() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let failures = logs::capture();
    let fake = FakeDiscord::start().await;
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .event_handler(Handler)
            .await
            .unwrap();
    tokio::spawn(async move {
        let _ = client.start().await;
    });
    fake.wait_ready().await.unwrap();
    failures.assert_none();

    // A MESSAGE_CREATE without an author.
    let channel = fake.general();
    fake.dispatch(
        "MESSAGE_CREATE",
        json!({"id": "5", "channel_id": channel.to_string(), "content": "e4"}),
    );
    fake.wait_until("serenity to report the bad payload", |_| {
        (!failures.all().is_empty()).then_some(())
    })
    .await
    .unwrap();
    let all = failures.all();
    assert!(all.iter().any(|l| l.contains("unknown event")), "{all:#?}");
}
