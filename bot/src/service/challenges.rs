//! Starting games: challenges between people, games against the CPU, a
//! game against oneself, and rematches.

use super::games::{color_word, rules_of};
use super::reply::{Button, Reply};
use super::{refuse, Ctx, Outcome, Service, User};
use crate::store::{ChallengeRow, GameId, GameRow, PlayerId};
use engine::search::Level;
use engine::{Color, HouseRules, Position, StalemateRule, Variant};

/// Which colour the challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    pub fn parse(s: &str) -> Option<ColorChoice> {
        match s.trim().to_ascii_lowercase().as_str() {
            "white" | "w" => Some(ColorChoice::White),
            "black" | "b" => Some(ColorChoice::Black),
            "random" | "r" | "any" => Some(ColorChoice::Random),
            _ => None,
        }
    }

    fn word(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    fn resolve(self) -> Color {
        match self {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random => Color::from_white(rand::random::<bool>()),
        }
    }
}

/// What a new game is played with; `None` rules fall back to the server's
/// settings, then the variant's standard rules.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOptions {
    pub variant: Variant,
    pub stalemate: Option<StalemateRule>,
    pub counter: Option<bool>,
    pub move_rule: Option<u32>,
    pub rated: bool,
    pub color: ColorChoice,
    /// Seconds per move: none, 30 or 60.
    pub turn_limit: Option<u32>,
    /// A position to start from instead of the variant's start (casual
    /// games only: studies, puzzles, endgame practice).
    pub start_fen: Option<String>,
}

impl GameOptions {
    pub fn casual(variant: Variant) -> GameOptions {
        GameOptions {
            variant,
            stalemate: None,
            counter: None,
            move_rule: None,
            rated: false,
            color: ColorChoice::Random,
            turn_limit: None,
            start_fen: None,
        }
    }
}

/// "standard rules" or the house rules that differ from the standard.
pub(crate) fn describe_rules(variant: Variant, rules: HouseRules) -> String {
    let standard = variant.default_rules();
    let mut parts = Vec::new();
    if rules.stalemate != standard.stalemate {
        parts.push(match rules.stalemate {
            StalemateRule::Draw => "stalemate draws".to_string(),
            StalemateRule::Loss => "stalemate loses".to_string(),
        });
    }
    if rules.counter != standard.counter {
        parts.push(
            if rules.counter {
                "bare-king counter on"
            } else {
                "no bare-king counter"
            }
            .into(),
        );
    }
    if rules.move_rule != standard.move_rule {
        parts.push(format!("{}-move rule", rules.move_rule));
    }
    if parts.is_empty() {
        "standard rules".into()
    } else {
        parts.join(", ")
    }
}

fn stalemate_word(rule: StalemateRule) -> &'static str {
    match rule {
        StalemateRule::Draw => "draw",
        StalemateRule::Loss => "loss",
    }
}

impl Service {
    /// The rules a new game in this server is played with.
    async fn rules_for(&self, server: &str, opts: &GameOptions) -> Outcome<HouseRules> {
        let settings = self.store().server_settings(server).await?;
        let standard = opts.variant.default_rules();
        let server_stalemate = settings.stalemate.as_deref().map(|s| {
            if s == "draw" {
                StalemateRule::Draw
            } else {
                StalemateRule::Loss
            }
        });
        Ok(HouseRules {
            stalemate: opts
                .stalemate
                .or(server_stalemate)
                .unwrap_or(standard.stalemate),
            counter: opts
                .counter
                .or(settings.counter)
                .unwrap_or(standard.counter),
            move_rule: opts
                .move_rule
                .or(settings.move_rule)
                .unwrap_or(standard.move_rule),
        })
    }

    /// The FEN a new game starts from: the variant's start, or the
    /// position asked for, checked and written back in our spelling.
    fn start_fen_for(&self, opts: &GameOptions, rules: HouseRules) -> Outcome<String> {
        let Some(fen) = opts.start_fen.as_deref() else {
            return Ok(Position::new(opts.variant).with_rules(rules).fen());
        };
        if opts.rated {
            return refuse(
                "Rated games start from the usual position: leave out the FEN, or play casual.",
            );
        }
        let pos = Position::from_fen_with_rules(opts.variant, fen, rules).map_err(|e| {
            super::Refusal::Player(format!(
                "That is not a {} position I can start from: {e}.",
                opts.variant.title()
            ))
        })?;
        if engine::Game::from_position(pos).outcome().is_some() {
            return refuse("That position is already over: nothing is left to play.");
        }
        Ok(pos.fen())
    }

    /// Challenges another player, or anyone in the channel.
    pub async fn challenge(
        &self,
        ctx: &Ctx,
        opponent: Option<&User>,
        opts: GameOptions,
    ) -> Outcome<Vec<Reply>> {
        if ctx.place.is_dm() {
            return refuse("Challenges are made in a server channel; in direct messages you can play the CPU with /play.");
        }
        let me = self.player(&ctx.user).await?;
        let challenged = match opponent {
            Some(user) => {
                let them = self.player(user).await?;
                if them == me {
                    return refuse("You cannot challenge yourself. Try /play to play the CPU, or /play opponent:self to play both sides.");
                }
                Some(them)
            }
            None => None,
        };
        let rules = self.rules_for(&ctx.place.server, &opts).await?;
        let start_fen = self.start_fen_for(&opts, rules)?;
        let custom_start = opts.start_fen.is_some().then_some(start_fen);
        let now = self.now();
        let mut row = ChallengeRow {
            id: 0,
            server: ctx.place.server.clone(),
            channel: ctx.place.channel.clone(),
            challenger: me,
            challenged,
            variant: opts.variant.name().into(),
            stalemate: stalemate_word(rules.stalemate).into(),
            counter: rules.counter,
            move_rule: rules.move_rule,
            rated: opts.rated,
            color: opts.color.word().into(),
            turn_limit: opts.turn_limit,
            created_at: now,
            expires_at: now + self.config().challenge_seconds * 1000,
            status: "open".into(),
            game_id: None,
            start_fen: custom_start.clone(),
        };
        row.id = self.store().insert_challenge(&row).await?;
        let whom = match opponent {
            Some(user) => format!("**{}**", user.name),
            None => "anyone here".into(),
        };
        let answer = match opponent {
            Some(user) => format!("{}: accept or decline.", user.name),
            None => "The first to accept plays.".into(),
        };
        let from = match &custom_start {
            Some(fen) => format!(" from {fen}"),
            None => String::new(),
        };
        let text = format!(
            "**{}** challenges {whom} to {}{from} ({}, {} plays {}, {}, {}). {answer}\nChallenge #{} expires in {} minutes.",
            ctx.user.name,
            opts.variant.title(),
            if opts.rated { "rated" } else { "casual" },
            ctx.user.name,
            opts.color.word(),
            limit_words(opts.turn_limit),
            describe_rules(opts.variant, rules),
            row.id,
            self.config().challenge_seconds / 60,
        );
        Ok(vec![Reply::text(&ctx.place, text).with_buttons(vec![
            Button::Accept(row.id),
            Button::Decline(row.id),
        ])])
    }

    /// Finds the challenge a player means: the one named, or the newest
    /// one they may answer here.
    async fn challenge_to_answer(
        &self,
        ctx: &Ctx,
        me: PlayerId,
        id: Option<i64>,
    ) -> Outcome<ChallengeRow> {
        let now = self.now();
        let Some(id) = id else {
            let open = self
                .store()
                .open_challenges_for(&ctx.place.server, me, now)
                .await?;
            return match open.into_iter().next() {
                Some(c) => Ok(c),
                None => refuse("There is no challenge for you to answer here."),
            };
        };
        let Some(c) = self.store().challenge(id).await? else {
            return refuse(format!("There is no challenge #{id}."));
        };
        if c.server != ctx.place.server {
            return refuse(format!("Challenge #{id} was made in another server."));
        }
        match c.status.as_str() {
            "open" if c.expires_at <= now => refuse(format!("Challenge #{id} has expired.")),
            "open" => Ok(c),
            status => refuse(format!(
                "Challenge #{id} is no longer open (it was {status})."
            )),
        }
    }

    /// Accepts a challenge and starts the game.
    pub async fn accept(&self, ctx: &Ctx, id: Option<i64>) -> Outcome<Vec<Reply>> {
        let me = self.player(&ctx.user).await?;
        let c = self.challenge_to_answer(ctx, me, id).await?;
        if c.challenger == me {
            return refuse("That is your own challenge: wait for someone to accept it, or withdraw it with /decline.");
        }
        if c.challenged.is_some_and(|p| p != me) {
            return refuse("That challenge is for someone else.");
        }
        let challenger_color = match c.color.as_str() {
            "white" => Color::White,
            "black" => Color::Black,
            _ => ColorChoice::Random.resolve(),
        };
        let mut players = [None, None];
        players[challenger_color.index()] = Some(c.challenger);
        players[challenger_color.other().index()] = Some(me);
        let variant: Variant = c
            .variant
            .parse()
            .map_err(|e| super::Refusal::Player(format!("{e}")))?;
        let mut row = self.new_game_row(
            ctx,
            variant,
            &c.stalemate,
            c.counter,
            c.move_rule,
            c.rated,
            c.turn_limit,
            players,
        );
        if let Some(fen) = &c.start_fen {
            row.start_fen = fen.clone();
        }
        let Some(game) = self.store().accept_challenge(c.id, &row).await? else {
            return refuse("Someone answered that challenge first.");
        };
        self.started(
            game,
            &format!("{} accepts the challenge. Game on!", ctx.user.name),
        )
        .await
    }

    /// Declines a challenge, or withdraws one's own.
    pub async fn decline(&self, ctx: &Ctx, id: Option<i64>) -> Outcome<Vec<Reply>> {
        let me = self.player(&ctx.user).await?;
        let c = match id {
            Some(_) => self.challenge_to_answer(ctx, me, id).await?,
            None => match self
                .store()
                .challenges_by(&ctx.place.server, me)
                .await?
                .into_iter()
                .next()
            {
                Some(own) => own,
                None => self.challenge_to_answer(ctx, me, None).await?,
            },
        };
        let challenger = self.store().player_name(c.challenger).await?;
        let (status, text) = if c.challenger == me {
            (
                "cancelled",
                format!("{challenger} withdrew challenge #{}.", c.id),
            )
        } else if c.challenged == Some(me) {
            (
                "declined",
                format!(
                    "{} declined {challenger}'s challenge #{}.",
                    ctx.user.name, c.id
                ),
            )
        } else {
            return refuse("Only the challenged player can decline; an open challenge simply waits for someone to accept.");
        };
        if !self.store().close_challenge(c.id, status, None).await? {
            return refuse("That challenge was answered already.");
        }
        Ok(vec![Reply::text(&ctx.place, text)])
    }

    /// A casual game against the CPU at a level.
    pub async fn play_cpu(
        &self,
        ctx: &Ctx,
        opts: GameOptions,
        level: Level,
    ) -> Outcome<Vec<Reply>> {
        let me = self.player(&ctx.user).await?;
        let color = opts.color.resolve();
        let mut players = [None, None];
        players[color.index()] = Some(me);
        let rules = self.rules_for(&ctx.place.server, &opts).await?;
        let start_fen = self.start_fen_for(&opts, rules)?;
        let mut row = self.new_game_row(
            ctx,
            opts.variant,
            stalemate_word(rules.stalemate),
            rules.counter,
            rules.move_rule,
            false,
            opts.turn_limit,
            players,
        );
        row.levels[color.other().index()] = Some(level.name().into());
        row.start_fen = start_fen;
        let id = self.store().insert_game(&row).await?;
        let head = format!(
            "{} plays {} against the CPU ({level}).",
            ctx.user.name,
            color_word(color)
        );
        self.started(id, &head).await
    }

    /// A game where one player moves both sides ("same device").
    pub async fn play_solo(&self, ctx: &Ctx, opts: GameOptions) -> Outcome<Vec<Reply>> {
        let me = self.player(&ctx.user).await?;
        let rules = self.rules_for(&ctx.place.server, &opts).await?;
        let start_fen = self.start_fen_for(&opts, rules)?;
        let mut row = self.new_game_row(
            ctx,
            opts.variant,
            stalemate_word(rules.stalemate),
            rules.counter,
            rules.move_rule,
            false,
            None,
            [Some(me), Some(me)],
        );
        row.start_fen = start_fen;
        let id = self.store().insert_game(&row).await?;
        self.started(id, &format!("{} plays both sides.", ctx.user.name))
            .await
    }

    /// The same game again with colours swapped (seed 001: swap first
    /// player each game). Between people it is a challenge to accept.
    pub async fn rematch(&self, ctx: &Ctx, game: Option<GameId>) -> Outcome<Vec<Reply>> {
        let me = self.player(&ctx.user).await?;
        let id = self.find_game(ctx, me, game).await?;
        let old = self.load(id).await?;
        if old.is_active() {
            return refuse("This game is still going on: finish it first.");
        }
        let seats = old.seats_of(me);
        let Some(&my_old) = seats.first() else {
            return refuse("You did not play in that game.");
        };
        let rules = rules_of(&old.row);
        let opponent = old.row.players[my_old.other().index()];
        if opponent.is_none() || opponent == Some(me) {
            let mut row = old.row.clone();
            row.players.swap(0, 1);
            row.levels.swap(0, 1);
            row.cpu_holds = [false, false];
            row.rematch_of = Some(id);
            row.status = "active".into();
            row.created_at = self.now();
            row.last_move_at = row.created_at;
            let new_id = self.store().insert_game(&row).await?;
            return self.started(new_id, "Rematch, colours swapped.").await;
        }
        let opts = GameOptions {
            variant: old.variant(),
            stalemate: Some(rules.stalemate),
            counter: Some(rules.counter),
            move_rule: Some(rules.move_rule),
            rated: old.row.rated,
            color: if my_old == Color::White {
                ColorChoice::Black
            } else {
                ColorChoice::White
            },
            turn_limit: old.row.turn_limit,
            start_fen: (old.row.start_fen != Position::new(old.variant()).with_rules(rules).fen())
                .then(|| old.row.start_fen.clone()),
        };
        let opponent = opponent.expect("a person, checked above");
        let them = User::new(
            self.store().player_key(opponent).await?,
            self.store().player_name(opponent).await?,
        );
        self.challenge(ctx, Some(&them), opts).await
    }

    #[allow(clippy::too_many_arguments)]
    fn new_game_row(
        &self,
        ctx: &Ctx,
        variant: Variant,
        stalemate: &str,
        counter: bool,
        move_rule: u32,
        rated: bool,
        turn_limit: Option<u32>,
        players: [Option<PlayerId>; 2],
    ) -> GameRow {
        let now = self.now();
        let rules = HouseRules {
            stalemate: if stalemate == "draw" {
                StalemateRule::Draw
            } else {
                StalemateRule::Loss
            },
            counter,
            move_rule,
        };
        GameRow {
            id: 0,
            server: ctx.place.server.clone(),
            channel: ctx.place.channel.clone(),
            variant: variant.name().into(),
            start_fen: Position::new(variant).with_rules(rules).fen(),
            stalemate: stalemate.into(),
            counter,
            move_rule,
            rated,
            turn_limit,
            players,
            levels: [None, None],
            cpu_holds: [false, false],
            status: "active".into(),
            result: None,
            reason: None,
            draw_offer: None,
            takeback_offer: None,
            rematch_of: None,
            created_at: now,
            last_move_at: now,
            turn_deadline: None,
            idle_deadline: None,
            version: 0,
        }
    }

    /// Announces a new game, arms its timers and lets the CPU move first
    /// where it plays White.
    async fn started(&self, id: GameId, head: &str) -> Outcome<Vec<Reply>> {
        let mut loaded = self.load(id).await?;
        self.set_deadlines(&mut loaded).await?;
        self.store().update_game(&mut loaded.row).await?;
        let mut reply = self.game_reply(&loaded, head, "").await?;
        reply.opens_game = true;
        self.schedule_cpu_if_due(&loaded);
        Ok(vec![reply])
    }

    /// Moves a game to its own channel (a thread the front end opened).
    pub async fn move_game_to(&self, id: GameId, channel: &str) -> Outcome<()> {
        let lock = self.game_lock(id);
        let _turn = lock.lock().await;
        let Some(mut row) = self.store().game(id).await? else {
            return refuse(format!("There is no game #{id}."));
        };
        row.channel = channel.to_string();
        self.store().update_game(&mut row).await?;
        Ok(())
    }
}

fn limit_words(limit: Option<u32>) -> String {
    match limit {
        Some(s) => format!("{s} s per move"),
        None => "no time limit".into(),
    }
}
