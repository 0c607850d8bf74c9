//! The bot's integration tests, as one test binary. Each file is a module
//! named for what it tests. One binary, not one per file: every test
//! binary links serenity, sqlx and tokio, and building two dozen of them
//! took longer than running them.
//!
//! `cargo test -p alfil --test suite service_` runs the service suites only.

mod common;

mod console;
mod console_lessons;
mod console_puzzles;
mod crash_console;
mod hostile_input;
mod lessons;
mod limits;
mod permissions;
mod processes;
mod puzzles_goals;
mod puzzles_shipped;
mod puzzles_stalemate;
mod secrets;
mod service_challenges;
mod service_concurrency;
mod service_cpu;
mod service_games;
mod service_puzzles;
mod service_ratings;
mod service_restart;
mod service_timers;
mod storage;
