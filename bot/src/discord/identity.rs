//! Who and where, from Discord's types to the service's plain values.
//! Discord types stop here.

use crate::service::{Ctx, Place, User};
use poise::serenity_prelude as serenity;

pub fn user(u: &serenity::User) -> User {
    let name = u.global_name.clone().unwrap_or_else(|| u.name.clone());
    User::new(format!("discord:{}", u.id), name)
}

/// A guild channel or thread is in its guild; a DM is its own server, so it
/// reaches only the sender's own games.
pub fn place(
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    author: serenity::UserId,
) -> Place {
    match guild {
        Some(g) => Place::new(g.to_string(), channel.to_string()),
        None => Place::new(format!("dm:{author}"), channel.to_string()),
    }
}

/// Members who may manage the server may change its settings.
pub fn is_admin(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator())
}

pub fn ctx(
    u: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    member: Option<&serenity::Member>,
) -> Ctx {
    Ctx {
        user: user(u),
        place: place(guild, channel, u.id),
        admin: is_admin(member),
    }
}

/// Parses a channel id the service stored.
pub fn channel_id(text: &str) -> Option<serenity::ChannelId> {
    text.parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(serenity::ChannelId::new)
}
