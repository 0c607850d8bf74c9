//! The end-to-end tests: the real `alfil` binary against the fake Discord,
//! as one test binary. Each file is a module named for what it tests. One
//! binary, not one per file: every test binary links serenity, sqlx, axum
//! and tokio, and building them took longer than running them. Each test
//! holds [`alfil_tests::one_scene_at_a_time`], so scenes still run one by
//! one, as they did in their own binaries.

mod discord_crash;
mod discord_daily;
mod discord_faults;
mod discord_game;
mod discord_lifecycle;
mod discord_refusals;
mod discord_shards;
mod fake_discord_parse_check;
mod fake_discord_smoke;
