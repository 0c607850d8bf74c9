use alfil_tests::{BotProcess, FakeDiscord};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_and_registers() {
    let fake = FakeDiscord::start().await;
    let dir = std::env::temp_dir().join(format!("alfil-e2e-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bot = BotProcess::start(&fake, &dir.join("a.db")).await.unwrap();
    let r = fake.wait_ready().await;
    if r.is_err() { eprintln!("{}", bot.logs()); }
    r.unwrap();
    let cmds = fake.wait_commands(&["challenge", "move"]).await.unwrap();
    for c in &cmds { eprintln!("{}", serde_json::to_string(c).unwrap()); }
    eprintln!("{}", bot.logs());
    bot.assert_no_parse_failures();
}
