//! `alfil perft`: not built yet.

#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> Result<(), String> {
    Err("perft is not built yet".into())
}
