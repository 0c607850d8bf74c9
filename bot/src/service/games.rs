//! Playing a game: moves, resignation, draws and takebacks, and the board
//! players see after each.

use super::reply::{BoardSpec, Button, Reply};
use super::{refuse, Ctx, Outcome, Refusal, Service};
use crate::store::{GameId, GameRow, MoveRow, PlayerId, StoreError};
use engine::{Color, Game, HouseRules, Move, Position, StalemateRule, Variant};

/// A stored game with its moves replayed.
pub(crate) struct Loaded {
    pub row: GameRow,
    pub game: Game,
}

impl Loaded {
    pub fn variant(&self) -> Variant {
        self.game.variant()
    }

    /// The colours this player sits at (both in a game against oneself).
    pub fn seats_of(&self, player: PlayerId) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|c| self.row.players[c.index()] == Some(player))
            .collect()
    }

    /// Whether the CPU makes this side's moves (its own seat or an idle human's).
    pub fn cpu_drives(&self, color: Color) -> bool {
        self.row.players[color.index()].is_none() || self.row.cpu_holds[color.index()]
    }

    pub fn is_active(&self) -> bool {
        self.row.status == "active"
    }
}

pub(crate) fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub(crate) fn rules_of(row: &GameRow) -> HouseRules {
    HouseRules {
        stalemate: if row.stalemate == "draw" {
            StalemateRule::Draw
        } else {
            StalemateRule::Loss
        },
        counter: row.counter,
        move_rule: row.move_rule,
    }
}

impl Service {
    /// Reads a game and replays its moves.
    pub(crate) async fn load(&self, id: GameId) -> Outcome<Loaded> {
        let Some(row) = self.store().game(id).await? else {
            return refuse(format!("There is no game #{id}."));
        };
        let corrupt =
            |what: String| Refusal::Store(StoreError::Corrupt(format!("game #{id}: {what}")));
        let variant: Variant = row.variant.parse().map_err(|e| corrupt(format!("{e}")))?;
        let start = Position::from_fen_with_rules(variant, &row.start_fen, rules_of(&row))
            .map_err(|e| corrupt(e.to_string()))?;
        let mut game = Game::from_position(start);
        for m in self.store().moves(id).await? {
            let mv = game
                .position()
                .parse_move(&m.uci)
                .map_err(|e| corrupt(format!("move {} {}: {e}", m.ply, m.uci)))?;
            game.play(mv);
        }
        Ok(Loaded { row, game })
    }

    /// A display name for a seat.
    pub(crate) async fn seat_name(&self, row: &GameRow, color: Color) -> Outcome<String> {
        Ok(match row.players[color.index()] {
            Some(id) => self.store().player_name(id).await?,
            None => format!(
                "CPU ({})",
                row.levels[color.index()].as_deref().unwrap_or("Club")
            ),
        })
    }

    /// Plays a player's move in their game.
    pub async fn play_move(
        &self,
        ctx: &Ctx,
        game: Option<GameId>,
        text: &str,
    ) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.load(id).await?;
        if !loaded.is_active() {
            return refuse(format!("Game #{id} is over: {}.", result_line(&loaded.row)));
        }
        let seats = loaded.seats_of(player);
        if seats.is_empty() {
            return refuse("You are not playing in this game.");
        }
        let mut replies = self.reclaim_seats(&mut loaded, player, ctx).await?;
        let turn = loaded.game.position().turn();
        let mv = if !seats.contains(&turn) {
            let name = self.seat_name(&loaded.row, turn).await?;
            Err(format!(
                "It is not your turn: {name} ({}) is to move.",
                color_word(turn)
            ))
        } else {
            loaded
                .game
                .position()
                .parse_move(text)
                .map_err(|e| capitalize(&e.to_string()))
        };
        let mv = match mv {
            Ok(mv) => mv,
            // The seat was handed back (that stands, and they are told so);
            // the move itself is refused.
            Err(why) if !replies.is_empty() => {
                replies.push(Reply::private(&ctx.place, why).for_game(id));
                return Ok(replies);
            }
            Err(why) => return refuse(why),
        };
        replies.push(self.apply_move(&mut loaded, mv, false).await?);
        self.schedule_cpu_if_due(&loaded);
        Ok(replies)
    }

    /// Applies a legal move, stores it, and says what happened. The move is
    /// committed before this returns, so an acknowledged move is never lost.
    pub(crate) async fn apply_move(
        &self,
        loaded: &mut Loaded,
        mv: Move,
        by_cpu: bool,
    ) -> Outcome<Reply> {
        let mover = loaded.game.position().turn();
        let san = loaded.game.position().san(&mv);
        loaded.game.play(mv);
        let now = self.now();
        let row = &mut loaded.row;
        row.last_move_at = now;
        if row.draw_offer.as_deref() != Some(color_word(mover)) {
            // Moving instead of answering declines the opponent's offer.
            row.draw_offer = None;
        }
        row.takeback_offer = None;
        let mut ratings = Vec::new();
        let mut rating_note = String::new();
        if let Some(outcome) = loaded.game.outcome() {
            (ratings, rating_note) = self.finish(loaded, outcome).await?;
        } else {
            self.set_deadlines(loaded).await?;
        }
        let ply = loaded.game.moves().len() as i64;
        let record = MoveRow {
            ply,
            uci: mv.uci(),
            san: san.clone(),
            by_cpu,
        };
        self.store()
            .record_move(&mut loaded.row, ply, &record, now, &ratings)
            .await?;
        let name = self.seat_name(&loaded.row, mover).await?;
        let by = if by_cpu && loaded.row.players[mover.index()].is_some() {
            " (the CPU, for them)"
        } else {
            ""
        };
        let head = format!("{name}{by} played {san}.");
        self.game_reply(loaded, &head, &rating_note).await
    }

    /// The standard message for a game's current state: what happened,
    /// whose turn it is or how it ended, the board, and the buttons.
    pub(crate) async fn game_reply(
        &self,
        loaded: &Loaded,
        head: &str,
        note: &str,
    ) -> Outcome<Reply> {
        let row = &loaded.row;
        let pos = loaded.game.position();
        let mut text = format!("**Game #{}** · {}", row.id, loaded.variant().title());
        if !head.is_empty() {
            text.push_str(&format!("\n{head}"));
        }
        if loaded.is_active() {
            let turn = pos.turn();
            let name = self.seat_name(row, turn).await?;
            if pos.is_check() {
                text.push_str(" Check!");
            }
            text.push_str(&format!("\n{name} ({}) to move.", color_word(turn)));
            if let Some(offer) = &row.draw_offer {
                text.push_str(&format!("\n{} offers a draw.", capitalize(offer)));
            }
        } else {
            text.push_str(&format!("\n**{}**", result_line(row)));
            if !note.is_empty() {
                text.push_str(&format!("\n{note}"));
            }
        }
        let buttons = if loaded.is_active() {
            vec![Button::Resign(row.id), Button::OfferDraw(row.id)]
        } else {
            vec![Button::Rematch(row.id)]
        };
        let mut reply = Reply::text(&super::Place::new(&row.server, &row.channel), text)
            .with_board(self.board_spec(loaded, Vec::new()).await?)
            .with_buttons(buttons)
            .for_game(row.id);
        if !loaded.is_active() {
            let mut positions = vec![*loaded.game.start()];
            let mut pos = *loaded.game.start();
            for m in loaded.game.moves() {
                pos = pos.play(m);
                positions.push(pos);
            }
            reply.animation = Some(positions);
        }
        Ok(reply)
    }

    /// The picture of a game, seen from the side that should see it.
    pub(crate) async fn board_spec(
        &self,
        loaded: &Loaded,
        dots: Vec<engine::Square>,
    ) -> Outcome<BoardSpec> {
        self.board_spec_selected(loaded, None, dots).await
    }

    async fn board_spec_selected(
        &self,
        loaded: &Loaded,
        selected: Option<engine::Square>,
        dots: Vec<engine::Square>,
    ) -> Outcome<BoardSpec> {
        let row = &loaded.row;
        let pos = *loaded.game.position();
        let settings = self.store().server_settings(&row.server).await?;
        // Against the CPU, the human's side is at the bottom; between two
        // people, the side to move.
        let flipped = match (row.players[0], row.players[1]) {
            (None, Some(_)) => true,
            (Some(_), None) => false,
            _ => pos.turn() == Color::Black,
        };
        let last_move = loaded.game.moves().last().map(|m| (m.from, m.to));
        let check = pos.is_check().then(|| pos.king(pos.turn()));
        let white = self.seat_name(row, Color::White).await?;
        let black = self.seat_name(row, Color::Black).await?;
        let caption = match &row.result {
            Some(result) => format!("{white} – {black}  {result}"),
            None => format!("{white} (white) – {black} (black)"),
        };
        Ok(BoardSpec {
            position: pos,
            flipped,
            last_move,
            check,
            selected,
            dots,
            arrows: Vec::new(),
            theme: settings.theme,
            labels: settings.labels,
            caption,
            name: format!("game-{}-ply-{}", row.id, loaded.game.moves().len()),
        })
    }

    /// Marks a game finished and works out the new ratings (stored by the caller).
    pub(crate) async fn finish(
        &self,
        loaded: &mut Loaded,
        outcome: engine::Outcome,
    ) -> Outcome<(Vec<crate::store::RatingRow>, String)> {
        let row = &mut loaded.row;
        row.status = "finished".into();
        row.result = Some(outcome.pgn().into());
        row.reason = Some(outcome.to_string());
        row.draw_offer = None;
        row.takeback_offer = None;
        row.turn_deadline = None;
        row.idle_deadline = None;
        row.cpu_holds = [false, false];
        self.rate(row, outcome).await
    }

    /// Ends a game by resignation.
    pub async fn resign(&self, ctx: &Ctx, game: Option<GameId>) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.active_game_of_player(id, player).await?;
        let seats = loaded.seats_of(player);
        // In a game against oneself, resigning gives up the side to move.
        let loser = if seats.len() == 2 {
            loaded.game.position().turn()
        } else {
            seats[0]
        };
        loaded.game.resign(loser);
        let outcome = loaded.game.outcome().expect("resigned");
        let (ratings, note) = self.finish(&mut loaded, outcome).await?;
        self.store().finish_game(&mut loaded.row, &ratings).await?;
        let name = self.seat_name(&loaded.row, loser).await?;
        Ok(vec![
            self.game_reply(&loaded, &format!("{name} resigns."), &note)
                .await?,
        ])
    }

    /// Offers a draw, or accepts the opponent's offer.
    pub async fn draw(&self, ctx: &Ctx, game: Option<GameId>) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.active_game_of_player(id, player).await?;
        let mut replies = self.reclaim_seats(&mut loaded, player, ctx).await?;
        let seats = loaded.seats_of(player);
        let me = if seats.len() == 2 {
            loaded.game.position().turn()
        } else {
            seats[0]
        };
        let opponent = me.other();
        let accepts = loaded.row.draw_offer.as_deref() == Some(color_word(opponent))
            || (loaded.cpu_drives(opponent) && self.cpu_accepts_draw(&loaded, opponent));
        let name = self.seat_name(&loaded.row, me).await?;
        if accepts || seats.len() == 2 {
            loaded.game.agree_draw();
            let outcome = loaded.game.outcome().expect("agreed");
            let (ratings, note) = self.finish(&mut loaded, outcome).await?;
            self.store().finish_game(&mut loaded.row, &ratings).await?;
            let head = format!("{name} accepts the draw.");
            replies.push(self.game_reply(&loaded, &head, &note).await?);
            return Ok(replies);
        }
        if loaded.cpu_drives(opponent) {
            replies.push(
                Reply::text(
                    &ctx.place,
                    "The CPU declines the draw: it likes its position.",
                )
                .for_game(id),
            );
            return Ok(replies);
        }
        if loaded.row.draw_offer.as_deref() == Some(color_word(me)) {
            return refuse("You have already offered a draw; your opponent can accept with /draw.");
        }
        loaded.row.draw_offer = Some(color_word(me).into());
        self.store().update_game(&mut loaded.row).await?;
        let them = self.seat_name(&loaded.row, opponent).await?;
        replies.push(
            Reply::text(
                &ctx.place,
                format!(
                    "{name} offers a draw. {them}: accept with /draw, or play a move to decline."
                ),
            )
            .with_buttons(vec![Button::OfferDraw(id)])
            .for_game(id),
        );
        Ok(replies)
    }

    /// Asks to take back a move in a casual game; the opponent's request
    /// is accepted the same way. Against the CPU it is granted at once.
    pub async fn takeback(&self, ctx: &Ctx, game: Option<GameId>) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.active_game_of_player(id, player).await?;
        if loaded.row.rated {
            return refuse("Takebacks are for casual games only: this game is rated.");
        }
        let mut replies = self.reclaim_seats(&mut loaded, player, ctx).await?;
        let seats = loaded.seats_of(player);
        let me = if seats.len() == 2 {
            loaded.game.position().turn().other()
        } else {
            seats[0]
        };
        let opponent = me.other();
        let agreed = seats.len() == 2
            || loaded.cpu_drives(opponent)
            || loaded.row.takeback_offer.as_deref() == Some(color_word(opponent));
        if !agreed {
            // Only a move one has made can be taken back.
            let mine = if loaded.game.position().turn() == me {
                2
            } else {
                1
            };
            if loaded.game.moves().len() < mine {
                return refuse("There is no move of yours to take back yet.");
            }
            loaded.row.takeback_offer = Some(color_word(me).into());
            self.store().update_game(&mut loaded.row).await?;
            let name = self.seat_name(&loaded.row, me).await?;
            replies.push(Reply::text(
                &ctx.place,
                format!("{name} asks to take back their last move. Their opponent can agree with /takeback."),
            ).for_game(id));
            return Ok(replies);
        }
        // Take back the requester's last move, and the reply to it if the
        // opponent has answered already.
        let requester = if loaded.row.takeback_offer.as_deref() == Some(color_word(opponent)) {
            opponent
        } else {
            me
        };
        let plies = if loaded.game.position().turn() == requester {
            2
        } else {
            1
        };
        if loaded.game.moves().len() < plies {
            return refuse("There is no move to take back yet.");
        }
        for _ in 0..plies {
            loaded.game.undo();
        }
        loaded.row.takeback_offer = None;
        loaded.row.draw_offer = None;
        loaded.row.last_move_at = self.now();
        self.set_deadlines(&mut loaded).await?;
        let from_ply = loaded.game.moves().len() as i64 + 1;
        self.store().take_back(&mut loaded.row, from_ply).await?;
        let noun = if plies == 1 { "move" } else { "moves" };
        replies.push(
            self.game_reply(&loaded, &format!("Took back {plies} {noun}."), "")
                .await?,
        );
        Ok(replies)
    }

    /// The current board, or with dots on one piece's legal moves.
    pub async fn board(
        &self,
        ctx: &Ctx,
        game: Option<GameId>,
        square: Option<&str>,
    ) -> Outcome<Vec<Reply>> {
        let player = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, player, game).await?;
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let mut loaded = self.load(id).await?;
        let pos = *loaded.game.position();
        let sq = match square {
            None => None,
            Some(name) => {
                let sq = engine::Square::parse(name.trim())
                    .filter(|sq| pos.geometry().cells.contains(*sq))
                    .ok_or_else(|| {
                        Refusal::Player(format!("'{name}' is not a square of this board."))
                    })?;
                if pos.piece_at(sq).is_none() {
                    return refuse(format!("There is no piece on {sq}."));
                }
                Some(sq)
            }
        };
        // Looking at one's own game is a command in it too: it hands back a
        // seat the CPU held.
        let mut replies = if loaded.is_active() {
            self.reclaim_seats(&mut loaded, player, ctx).await?
        } else {
            Vec::new()
        };
        let Some(sq) = sq else {
            replies.push(self.game_reply(&loaded, "", "").await?);
            return Ok(replies);
        };
        let piece = pos.piece_at(sq).expect("checked above");
        let moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == sq)
            .collect();
        let list: Vec<String> = moves.iter().map(|m| pos.san(m)).collect();
        let text = if piece.color != pos.turn() {
            format!("The {piece} on {sq} cannot move now: it is not its side's turn.")
        } else if list.is_empty() {
            format!("The {piece} on {sq} has no legal move.")
        } else {
            format!("The {piece} on {sq} can go: {}", list.join(", "))
        };
        let dots = moves.iter().map(|m| m.to).collect();
        let board = self.board_spec_selected(&loaded, Some(sq), dots).await?;
        replies.push(
            Reply::private(&ctx.place, text)
                .with_board(board)
                .for_game(id),
        );
        Ok(replies)
    }

    async fn active_game_of_player(&self, id: GameId, player: PlayerId) -> Outcome<Loaded> {
        let loaded = self.load(id).await?;
        if !loaded.is_active() {
            return refuse(format!("Game #{id} is over: {}.", result_line(&loaded.row)));
        }
        if loaded.seats_of(player).is_empty() {
            return refuse("You are not playing in this game.");
        }
        Ok(loaded)
    }
}

/// "1-0 (White wins by checkmate)".
pub(crate) fn result_line(row: &GameRow) -> String {
    match (&row.result, &row.reason) {
        (Some(result), Some(reason)) => format!("{result} ({reason})"),
        (Some(result), None) => result.clone(),
        _ => "in progress".into(),
    }
}

pub(crate) fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

impl Service {
    /// Legal moves of the player's current game that start with what they
    /// typed, for autocomplete; empty when there is nothing to suggest.
    pub async fn suggest_moves(&self, ctx: &Ctx, partial: &str) -> Vec<String> {
        let Ok(player) = self.player(&ctx.user).await else {
            return Vec::new();
        };
        let Ok(id) = self.find_game(ctx, player, None).await else {
            return Vec::new();
        };
        let Ok(loaded) = self.load(id).await else {
            return Vec::new();
        };
        let pos = loaded.game.position();
        if !loaded.is_active() || !loaded.seats_of(player).contains(&pos.turn()) {
            return Vec::new();
        }
        let typed = partial.trim().to_ascii_lowercase();
        let moves = pos.legal_moves();
        let san = moves.iter().map(|m| pos.san(m));
        let uci = moves.iter().map(|m| m.uci());
        san.chain(uci)
            .filter(|s| s.to_ascii_lowercase().starts_with(&typed))
            .take(25)
            .collect()
    }
}
