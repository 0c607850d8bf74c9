//! The alfil service: the game service and its storage, and the front ends
//! that drive it (the console here; Discord in `discord`).

pub mod commands;
pub mod console;
pub mod discord;
pub mod lessons;
pub mod logging;
pub mod picture;
pub mod puzzles;
pub mod service;
pub mod store;
