//! A server's settings: default house rules, idle time, board looks and
//! the daily puzzle. Only members allowed to manage the server change them.

use super::reply::Reply;
use super::{refuse, Ctx, Outcome, Service};
use crate::store::ServerSettings;

/// The board themes players can choose.
pub const THEMES: [&str; 3] = ["brown", "blue", "green"];

/// One setting to change, as plain values.
#[derive(Clone, Debug, PartialEq)]
pub enum SettingChange {
    /// `None` restores the variant's own rule.
    Stalemate(Option<String>),
    Counter(Option<bool>),
    MoveRule(Option<u32>),
    IdleMinutes(u32),
    Theme(String),
    Labels(bool),
    PuzzleChannel(Option<String>),
    PuzzleHour(Option<u32>),
}

impl SettingChange {
    /// Reads `name` = `value` as typed by a player.
    pub fn parse(name: &str, value: &str) -> Result<SettingChange, String> {
        let v = value.trim().to_ascii_lowercase();
        let default = matches!(v.as_str(), "default" | "standard" | "none");
        let on_off = || match v.as_str() {
            "on" | "true" | "yes" => Ok(true),
            "off" | "false" | "no" => Ok(false),
            _ => Err(format!("{name} must be on or off, not '{value}'")),
        };
        match name.trim().to_ascii_lowercase().replace(['_', '-'], "").as_str() {
            "stalemate" if default => Ok(SettingChange::Stalemate(None)),
            "stalemate" if v == "loss" || v == "draw" => Ok(SettingChange::Stalemate(Some(v))),
            "stalemate" => Err("stalemate must be loss, draw or default".into()),
            "counter" if default => Ok(SettingChange::Counter(None)),
            "counter" => on_off().map(|b| SettingChange::Counter(Some(b))),
            "moverule" if default => Ok(SettingChange::MoveRule(None)),
            "moverule" => match v.parse::<u32>() {
                Ok(n) if (10..=200).contains(&n) => Ok(SettingChange::MoveRule(Some(n))),
                _ => Err("moverule must be a number of moves from 10 to 200 (50 and 70 are usual), or default".into()),
            },
            "idle" | "idleminutes" => match v.as_str() {
                "off" => Ok(SettingChange::IdleMinutes(0)),
                _ => match v.parse::<u32>() {
                    Ok(n) if n <= 24 * 60 => Ok(SettingChange::IdleMinutes(n)),
                    _ => Err("idle must be a number of minutes (0 or off to switch it off)".into()),
                },
            },
            "theme" if THEMES.contains(&v.as_str()) => Ok(SettingChange::Theme(v)),
            "theme" => Err(format!("theme must be one of {}", THEMES.join(", "))),
            "labels" => on_off().map(SettingChange::Labels),
            "puzzlechannel" if default || v == "off" => Ok(SettingChange::PuzzleChannel(None)),
            "puzzlechannel" => Ok(SettingChange::PuzzleChannel(Some(
                value.trim().trim_start_matches("<#").trim_end_matches('>').to_string(),
            ))),
            "puzzlehour" if default || v == "off" => Ok(SettingChange::PuzzleHour(None)),
            "puzzlehour" => match v.parse::<u32>() {
                Ok(h) if h < 24 => Ok(SettingChange::PuzzleHour(Some(h))),
                _ => Err("puzzlehour must be an hour from 0 to 23 (UTC)".into()),
            },
            other => Err(format!(
                "there is no setting '{other}': the settings are stalemate, counter, moverule, idle, theme, labels, puzzlechannel, puzzlehour"
            )),
        }
    }

    fn apply(self, s: &mut ServerSettings) {
        match self {
            SettingChange::Stalemate(v) => s.stalemate = v,
            SettingChange::Counter(v) => s.counter = v,
            SettingChange::MoveRule(v) => s.move_rule = v,
            SettingChange::IdleMinutes(m) => s.idle_seconds = m * 60,
            SettingChange::Theme(t) => s.theme = t,
            SettingChange::Labels(b) => s.labels = b,
            SettingChange::PuzzleChannel(c) => s.puzzle_channel = c,
            SettingChange::PuzzleHour(h) => s.puzzle_hour = h,
        }
    }
}

pub(crate) fn describe(s: &ServerSettings) -> String {
    let or_std = |v: Option<String>| v.unwrap_or_else(|| "the variant's rule".into());
    format!(
        "Server settings:\n- stalemate: {}\n- counter: {}\n- moverule: {}\n- idle: {}\n- theme: {}\n- labels: {}\n- daily puzzle: {}",
        or_std(s.stalemate.clone()),
        or_std(s.counter.map(|b| if b { "on".into() } else { "off".into() })),
        or_std(s.move_rule.map(|n| format!("{n} moves"))),
        if s.idle_seconds == 0 { "off".into() } else { format!("{} minutes", s.idle_seconds / 60) },
        s.theme,
        if s.labels { "on" } else { "off" },
        match (&s.puzzle_channel, s.puzzle_hour) {
            (Some(c), Some(h)) => format!("<#{c}> at {h:02}:00 UTC"),
            (Some(c), None) => format!("<#{c}>, no hour set"),
            _ => "off".into(),
        }
    )
}

impl Service {
    /// Shows the settings, or changes them (admins only).
    pub async fn settings(&self, ctx: &Ctx, changes: Vec<SettingChange>) -> Outcome<Vec<Reply>> {
        let server = &ctx.place.server;
        let mut settings = self.store().server_settings(server).await?;
        if changes.is_empty() {
            return Ok(vec![Reply::private(&ctx.place, describe(&settings))]);
        }
        if !ctx.admin {
            return refuse("Only members who may manage this server can change its settings.");
        }
        if ctx.place.is_dm() {
            return refuse("Settings belong to a server; change them there.");
        }
        for change in changes {
            change.apply(&mut settings);
        }
        self.store().save_server_settings(server, &settings).await?;
        Ok(vec![Reply::text(
            &ctx.place,
            format!("Saved. {}", describe(&settings)),
        )])
    }
}
