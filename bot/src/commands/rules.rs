//! `rules [variant]`: the rules in short, with the start position.

use super::{CommandInfo, Invocation};
use crate::service::{BoardSpec, Ctx, Outcome, Reply, Service};
use engine::{Position, Variant};

pub const INFO: CommandInfo = CommandInfo {
    name: "rules",
    usage: "rules [shatranj|medieval|courier|byzantine]",
    help: "how a variant is played",
};

fn summary(variant: Variant) -> &'static str {
    match variant {
        Variant::Shatranj => "The chess of medieval Persia and the Arab world. The king steps one square any way; the ferz one square diagonally; the alfil jumps exactly two squares diagonally, over anything; the knight and rook move as in chess. Pawns step one square (never two) and become a ferz on the last rank. Checkmate wins, and so do stalemate and baring the opponent's king (unless the bare king can take back your last piece at once: then it is a draw). 70 moves each without a capture or pawn move draw.",
        Variant::Medieval => "Europe's chess before 1475: Shatranj's pieces set up as today (ferz d1, king e1). On its first move the ferz may leap two squares straight or diagonally, and once per game, as its first move, the king may leap to an empty square two away (not out of, into or across check). Pawns may step two squares until the first capture of the game. Stalemate is a draw; a bare king loses.",
        Variant::Courier => "Medieval Germany's chess on 12 files. Besides Shatranj's pieces: the courier slides diagonally like a bishop, the man steps one square any way, the schleich one square straight. The game starts after the traditional opening. Stalemate and a bare king lose; 50 moves each without a capture or pawn move draw.",
        Variant::Byzantine => "Shatranj on a round board of 4 rings of 16 cells. The rook circles its ring or crosses the rings; other pieces move as in Shatranj, counted in rings and cells. Pawns walk round the ring away from their own army and never promote; two of your pawns that meet head-on are both taken off. Stalemate and a bare king lose; 70 moves each without a capture draw.",
    }
}

pub async fn run(service: &Service, ctx: &Ctx, inv: &Invocation) -> Outcome<Vec<Reply>> {
    let variant = inv.variant()?.unwrap_or(Variant::Shatranj);
    let settings = service.store().server_settings(&ctx.place.server).await?;
    let board = BoardSpec {
        position: Position::new(variant),
        flipped: false,
        last_move: None,
        check: None,
        selected: None,
        dots: Vec::new(),
        arrows: Vec::new(),
        theme: settings.theme,
        labels: true,
        caption: format!("{}: the start", variant.title()),
        name: format!("rules-{}", variant.name()),
    };
    let text = format!("**{}**\n{}", variant.title(), summary(variant));
    Ok(vec![Reply::text(&ctx.place, text).with_board(board)])
}
