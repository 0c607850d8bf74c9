//! Reading a command's words: `name word word key:value @user`.

use crate::service::{refuse, Outcome, User};
use crate::store::GameId;
use engine::search::Level;
use engine::Variant;
use std::collections::BTreeMap;

/// A command as typed or clicked, before it means anything.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Invocation {
    pub name: String,
    pub words: Vec<String>,
    pub options: BTreeMap<String, String>,
    /// Mentioned users, in order.
    pub users: Vec<User>,
}

impl Invocation {
    /// Parses a console-style line. `mention` turns `@name` into a user.
    ///
    /// ```
    /// use alfil::commands::Invocation;
    /// use alfil::service::User;
    /// let inv = Invocation::parse("challenge @bob variant:shatranj", |n| User::new(format!("console:{n}"), n)).unwrap();
    /// assert_eq!(inv.name, "challenge");
    /// assert_eq!(inv.option("variant"), Some("shatranj"));
    /// assert_eq!(inv.users[0].name, "bob");
    /// ```
    pub fn parse(line: &str, mention: impl Fn(&str) -> User) -> Result<Invocation, String> {
        if line.chars().count() > super::MAX_INPUT {
            return Err(super::guard::too_long_message());
        }
        let line = line.trim().trim_start_matches('/');
        let mut parts = line.split_whitespace();
        let Some(first) = parts.next() else {
            return Err("Type a command (try help) or a move.".into());
        };
        let mut inv = Invocation {
            name: first.to_ascii_lowercase(),
            ..Invocation::default()
        };
        if !super::is_command(first) {
            // Not a command: the whole line is a move.
            inv.name = String::new();
            inv.words = vec![line.to_string()];
            return Ok(inv);
        }
        for part in parts {
            if let Some(name) = part.strip_prefix('@') {
                inv.users.push(mention(name));
            } else if let Some((k, v)) = part
                .split_once(':')
                .filter(|(k, _)| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphabetic()))
            {
                inv.options.insert(k.to_ascii_lowercase(), v.to_string());
            } else {
                inv.words.push(part.to_string());
            }
        }
        Ok(inv)
    }

    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    /// The option, or else the first plain word.
    pub fn option_or_word(&self, key: &str) -> Option<&str> {
        self.option(key)
            .or_else(|| self.words.first().map(String::as_str))
    }

    pub fn variant(&self) -> Outcome<Option<Variant>> {
        match self.option_or_word("variant") {
            None => Ok(None),
            Some(v) => v.parse().map(Some).or_else(|e| refuse(format!("{e}."))),
        }
    }

    pub fn level(&self) -> Outcome<Option<Level>> {
        match self.option("level") {
            None => Ok(None),
            Some(v) => Level::from_name(v).map(Some).map_or_else(
                || refuse(format!("There is no level '{v}': choose Novice, Beginner, Casual, Intermediate, Club, Expert or Master.")),
                Ok,
            ),
        }
    }

    pub fn game(&self) -> Outcome<Option<GameId>> {
        self.number("game")
    }

    /// A numeric option, also accepted as `#12` or a bare number word.
    pub fn number(&self, key: &str) -> Outcome<Option<i64>> {
        let text = self.option(key).or_else(|| {
            self.words
                .iter()
                .find(|w| w.trim_start_matches('#').parse::<i64>().is_ok())
                .map(String::as_str)
        });
        match text {
            None => Ok(None),
            Some(t) => match t.trim_start_matches('#').parse::<i64>() {
                Ok(n) if n > 0 => Ok(Some(n)),
                _ => refuse(format!("{key} must be a number, not '{t}'.")),
            },
        }
    }

    pub fn flag(&self, key: &str) -> Outcome<Option<bool>> {
        match self.option(key).map(|v| v.to_ascii_lowercase()) {
            None => Ok(None),
            Some(v) => match v.as_str() {
                "true" | "yes" | "on" | "1" => Ok(Some(true)),
                "false" | "no" | "off" | "0" => Ok(Some(false)),
                _ => refuse(format!("{key} must be true or false, not '{v}'.")),
            },
        }
    }
}
