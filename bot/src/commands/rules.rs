//! `rules [variant]`: the rules in short, where the game comes from, the
//! old names of its pieces, the house rules of this server, and the start
//! position as a picture. The words are ours, after `RULES.md` and the seeds.

use super::{CommandInfo, Invocation};
use crate::service::{BoardSpec, Ctx, Outcome, Reply, Service};
use crate::store::ServerSettings;
use engine::{Position, StalemateRule, Variant};

pub const INFO: CommandInfo = CommandInfo {
    name: "rules",
    usage: "rules [shatranj|medieval|courier|byzantine]",
    help: "how a variant is played, where it comes from, and this server's house rules",
};

fn summary(variant: Variant) -> &'static str {
    match variant {
        Variant::Shatranj => "The chess of medieval Persia and the Arab world, the game today's chess grew out of.\n\
**Pieces**: the king steps one square any way; the ferz one square diagonally; the alfil jumps exactly two squares diagonally, over anything (it can reach only eight squares); the knight and the rook move as in chess. White's king starts on d1, the ferz on e1.\n\
**Pawns** step one square (never two), capture one square diagonally forward, and become a ferz on the last rank. No castling, no en passant.\n\
**Winning**: checkmate; stalemate (the side that cannot move loses); baring the king (take everything but the king), unless the bare king can take your last piece back at once: then it is a draw. Threefold repetition and 70 moves each without a capture or pawn move draw.",
        Variant::Medieval => "Europe's chess from about 1000 to 1475: Shatranj's pieces set up as chess today (ferz d1, king e1), with three new first moves.\n\
**Leaps**: a ferz that has not moved may leap two squares straight or diagonally onto an empty square (a new ferz from promotion too). Once per game, as its first move, the king may leap to an empty square two away (from e1: c1, c2, c3, d3, e3, f3, g3, g2, g1), but not out of, into or across check. A leap never captures and never gives check.\n\
**Pawns** may step two squares from their start until the first capture of the game; they become a ferz on the last rank.\n\
**Winning**: checkmate, or baring the king (with the same counter reply as in Shatranj). Stalemate is a draw. Threefold repetition and 70 moves each without a capture or pawn move draw.",
        Variant::Courier => "Medieval Germany's chess on a board of 12 files, a to l.\n\
**Pieces**: Shatranj's king, fers, alfil, knight and rook, and three more: the courier slides any distance diagonally (like today's bishop), the man steps one square any way (a king that may be taken), the schleich one square straight. The game starts after the fixed opening (rook pawns, fers pawn and fers already moved).\n\
**Pawns** step one square and become a fers on the last rank.\n\
**Winning**: checkmate; stalemate (the side that cannot move loses); baring the king, with the counter reply. Threefold repetition and 50 moves each without a capture or pawn move draw.",
        Variant::Byzantine => "Shatranj on a round board: 4 rings of 16 cells around an empty centre. Cells keep square names: files a-d are the left half from the outer ring in, e-h the right half from the inner ring out; ranks run round each half. Nothing crosses the centre.\n\
**Pieces** move as in Shatranj, counted in rings and cells. The rook goes round its ring either way, or straight across the rings. The kings start face to face across the centre.\n\
**Pawns** walk along their ring away from their own army, the two wings in opposite directions, and never promote. Two of your pawns that meet head-on are both taken off.\n\
**Winning**: checkmate; stalemate (the side that cannot move loses); baring the king, with the counter reply. Threefold repetition and 70 moves each without a capture draw (pawn moves do not count).",
    }
}

fn history(variant: Variant) -> &'static str {
    match variant {
        Variant::Shatranj => "**Where it comes from**: Shatranj came to Persia from India's chaturanga in the 6th or 7th century and was played across the Islamic world for centuries. Around 1500 Europe turned the ferz into the queen and the alfil into the bishop.\n\
**Old names**: shah (king), firzan or ferz (the counsellor), fil or alfil (the elephant), faras or asb (the horse), rukh (rook), baidaq (the foot soldier, the pawn).",
        Variant::Medieval => "**Where it comes from**: chess reached Christian Europe around 1000 through Spain and Italy. Europe coloured the board, put the ferz beside the king, and added the ferz's leap, the pawn's double step and, around 1300, the king's leap, the ancestor of castling. Around 1475 in Valencia the ferz became the queen and the alfil the bishop.\n\
**Old names**: regina or ferzia (Latin), fierce (Old French) and fers (English) for the ferz; aufin or alfil for the alfil.",
        Variant::Courier => "**Where it comes from**: the romance Wigalois mentions courier sets around 1205, and the game was played at Ströbeck, the chess village near Halberstadt, into the 19th century; Gustavus Selenus described it in 1616.\n\
**Old names**: König, Königin (fers), Roche (rook), Reutter (knight), Alte or Schütze (alfil), Kurier or Läufer (courier), Mann or Rat (man), Schleich, Soldat (pawn).",
        Variant::Byzantine => "**Where it comes from**: Arabic books after al-Adli (9th century) describe the round game beside the square one, so it was played by about 850. They call it the Roman (Byzantine) game, though no Byzantine writer mentions it. Most old diagrams set the kings face to face, as here.\n\
**Old names**: shah (king), firzan (the counsellor, ferz), fil (the elephant, alfil), faras (the horse), rukh (rook), baidaq (the foot soldier, pawn).",
    }
}

/// The house rules new games on this server get, next to the standard.
pub fn house_rules(variant: Variant, settings: &ServerSettings) -> String {
    let standard = variant.default_rules();
    let mut changed = Vec::new();
    if let Some(s) = settings.stalemate.as_deref() {
        let rule = if s == "draw" {
            StalemateRule::Draw
        } else {
            StalemateRule::Loss
        };
        if rule != standard.stalemate {
            changed.push(
                match rule {
                    StalemateRule::Draw => "stalemate is a draw",
                    StalemateRule::Loss => "stalemate loses for the side that cannot move",
                }
                .to_string(),
            );
        }
    }
    if let Some(counter) = settings.counter.filter(|c| *c != standard.counter) {
        changed.push(if counter {
            "a bare king may take back the last piece for a draw".into()
        } else {
            "no counter: baring the king wins at once".into()
        });
    }
    if let Some(n) = settings.move_rule.filter(|n| *n != standard.move_rule) {
        changed.push(format!("the move-count rule is {n} moves each"));
    }
    if changed.is_empty() {
        "**On this server**: the standard rules above (a challenge may still set its own house rules).".into()
    } else {
        format!(
            "**On this server** new games play with house rules: {} (a challenge may set its own).",
            changed.join("; ")
        )
    }
}

/// The whole text of `rules` for a variant.
pub fn text(variant: Variant, settings: &ServerSettings) -> String {
    format!(
        "**{}**\n{}\n{}\n{}\nLearn it on the board: `learn {}`.",
        variant.title(),
        summary(variant),
        history(variant),
        house_rules(variant, settings),
        variant.name()
    )
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
        theme: settings.theme.clone(),
        labels: true,
        caption: format!("{}: the start", variant.title()),
        name: format!("rules-{}", variant.name()),
    };
    Ok(vec![
        Reply::text(&ctx.place, text(variant, &settings)).with_board(board)
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_fits_a_discord_message_and_names_the_old_pieces() {
        for v in Variant::ALL {
            let t = text(v, &ServerSettings::default());
            assert!(
                t.chars().count() < 2000,
                "{v:?}: {} chars",
                t.chars().count()
            );
            assert!(t.contains("Old names"), "{v:?}");
            assert!(t.contains("standard rules above"), "{v:?}");
        }
    }

    #[test]
    fn house_rules_name_only_what_differs() {
        let settings = ServerSettings {
            stalemate: Some("draw".into()),
            counter: Some(false),
            move_rule: Some(50),
            ..ServerSettings::default()
        };
        let shatranj = house_rules(Variant::Shatranj, &settings);
        assert!(shatranj.contains("stalemate is a draw"), "{shatranj}");
        assert!(shatranj.contains("no counter"), "{shatranj}");
        assert!(shatranj.contains("50 moves"), "{shatranj}");
        // Medieval already draws stalemate; Courier already counts 50.
        assert!(!house_rules(Variant::Medieval, &settings).contains("stalemate"));
        assert!(!house_rules(Variant::Courier, &settings).contains("50 moves"));
    }
}
