//! JSON builders for the Discord objects the fake sends: users, guilds with
//! roles, members with permissions, channels, threads, messages, interactions,
//! READY, the application. Every builder emits all the fields serenity 0.12.5
//! requires (checked by `tests/tests/e2e/fake_discord_smoke.rs`, which parses each
//! of them with serenity's own model types).

use serde_json::{json, Value};
use std::time::{SystemTime, UNIX_EPOCH};

/// Permission bits (Discord's numbering).
pub mod perms {
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// What an ordinary member may do in a text channel.
    pub const MEMBER: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// An administrator: Discord reports every bit for them.
    pub const ADMIN: u64 = (1 << 50) - 1;
    /// What the bot is granted (`app_permissions`).
    pub const BOT: u64 =
        MEMBER | MANAGE_MESSAGES | MANAGE_THREADS | CREATE_PRIVATE_THREADS | MANAGE_CHANNELS;
}

/// Channel types (Discord's numbering).
pub mod channel_type {
    pub const GUILD_TEXT: u8 = 0;
    pub const DM: u8 = 1;
    pub const PUBLIC_THREAD: u8 = 11;
    pub const PRIVATE_THREAD: u8 = 12;

    pub fn is_thread(kind: u8) -> bool {
        matches!(kind, 10..=12)
    }
}

/// A Discord user as the fake knows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

/// A role of the fake's guilds.
#[derive(Clone, Debug)]
pub struct Role {
    pub id: u64,
    pub name: String,
    pub permissions: u64,
    pub position: u16,
}

/// A guild member: the user, their roles and their permissions in the guild.
#[derive(Clone, Debug)]
pub struct Member {
    pub user: User,
    pub roles: Vec<u64>,
    pub permissions: u64,
}

impl Member {
    pub fn is_admin(&self) -> bool {
        self.permissions & perms::ADMINISTRATOR != 0
    }
}

/// A channel: guild text channel, thread or DM.
#[derive(Clone, Debug)]
pub struct Channel {
    pub id: u64,
    pub kind: u8,
    pub name: String,
    pub guild_id: Option<u64>,
    pub parent_id: Option<u64>,
    /// The DM's other user, for DMs.
    pub recipient: Option<User>,
    pub owner_id: Option<u64>,
    pub archived: bool,
    pub locked: bool,
}

impl Channel {
    pub fn is_dm(&self) -> bool {
        self.kind == channel_type::DM
    }
    pub fn is_thread(&self) -> bool {
        channel_type::is_thread(self.kind)
    }
}

/// A guild of the fake.
#[derive(Clone, Debug)]
pub struct Guild {
    pub id: u64,
    pub name: String,
    pub owner_id: u64,
}

/// A Discord timestamp (RFC 3339, microseconds) for now.
pub fn now_timestamp() -> String {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    timestamp(d.as_secs(), d.subsec_micros())
}

/// A Discord timestamp for a Unix time.
pub fn timestamp(secs: u64, micros: u32) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{micros:06}+00:00",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

// Howard Hinnant's days-to-civil.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

pub fn user(u: &User) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": u.bot,
        "system": false,
        "public_flags": 0,
        "flags": 0,
    })
}

/// The bot's own user as READY and `GET /users/@me` give it.
pub fn current_user(u: &User) -> Value {
    let mut v = user(u);
    v["verified"] = json!(true);
    v["mfa_enabled"] = json!(false);
    v["email"] = Value::Null;
    v["locale"] = json!("en-US");
    v["premium_type"] = json!(0);
    v
}

pub fn role(r: &Role, guild_id: u64) -> Value {
    json!({
        "id": r.id.to_string(),
        "guild_id": guild_id.to_string(),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": r.position,
        "permissions": r.permissions.to_string(),
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// A full guild member (interactions, `GET /guilds/{g}/members/{u}`,
/// GUILD_CREATE). `permissions` is sent as interactions carry it.
pub fn member(m: &Member, guild_id: u64) -> Value {
    json!({
        "user": user(&m.user),
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": m.roles.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": m.permissions.to_string(),
        "communication_disabled_until": null,
        "guild_id": guild_id.to_string(),
    })
}

/// The partial member of a MESSAGE_CREATE (no `user`).
pub fn partial_member(m: &Member) -> Value {
    json!({
        "roles": m.roles.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "nick": null,
        "avatar": null,
    })
}

/// A channel as `GET /channels/{id}`, GUILD_CREATE, THREAD_CREATE give it.
pub fn channel(c: &Channel) -> Value {
    if c.is_dm() {
        let recipient = c.recipient.as_ref().map(user).unwrap_or(Value::Null);
        return json!({
            "id": c.id.to_string(),
            "type": channel_type::DM,
            "last_message_id": null,
            "last_pin_timestamp": null,
            "recipients": [recipient],
            "flags": 0,
        });
    }
    let mut v = json!({
        "id": c.id.to_string(),
        "type": c.kind,
        "guild_id": c.guild_id.map(|g| g.to_string()),
        "name": c.name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "parent_id": c.parent_id.map(|p| p.to_string()),
        "rate_limit_per_user": 0,
        "flags": 0,
    });
    if c.is_thread() {
        v["owner_id"] = json!(c.owner_id.map(|o| o.to_string()));
        v["message_count"] = json!(0);
        v["member_count"] = json!(2);
        v["total_message_sent"] = json!(0);
        v["thread_metadata"] = json!({
            "archived": c.archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": now_timestamp(),
            "locked": c.locked,
            "create_timestamp": now_timestamp(),
        });
    } else {
        v["default_auto_archive_duration"] = json!(1440);
    }
    v
}

/// The `channel` field of an interaction (a partial channel).
pub fn partial_channel(c: &Channel, permissions: u64) -> Value {
    let mut v = json!({
        "id": c.id.to_string(),
        "type": c.kind,
        "permissions": permissions.to_string(),
    });
    if !c.is_dm() {
        v["name"] = json!(c.name);
        v["guild_id"] = json!(c.guild_id.map(|g| g.to_string()));
        v["parent_id"] = json!(c.parent_id.map(|p| p.to_string()));
    }
    if c.is_thread() {
        v["thread_metadata"] = json!({
            "archived": c.archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": now_timestamp(),
            "locked": c.locked,
        });
    }
    if c.is_dm() {
        v["recipients"] = json!(c.recipient.iter().map(user).collect::<Vec<_>>());
    }
    v
}

/// A guild as GUILD_CREATE carries it.
pub fn guild_create(g: &Guild, roles: &[Role], members: &[Member], channels: &[Channel]) -> Value {
    let plain: Vec<Value> = channels
        .iter()
        .filter(|c| !c.is_thread())
        .map(channel)
        .collect();
    let threads: Vec<Value> = channels
        .iter()
        .filter(|c| c.is_thread())
        .map(channel)
        .collect();
    json!({
        "id": g.id.to_string(),
        "name": g.name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": g.owner_id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles.iter().map(|r| role(r, g.id)).collect::<Vec<_>>(),
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": "2024-01-01T00:00:00.000000+00:00",
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members.iter().map(|m| member(m, g.id)).collect::<Vec<_>>(),
        "channels": plain,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "incidents_data": null,
    })
}

/// A partial guild (`GET /guilds/{id}`).
pub fn partial_guild(g: &Guild, roles: &[Role]) -> Value {
    json!({
        "id": g.id.to_string(),
        "name": g.name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": g.owner_id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles.iter().map(|r| role(r, g.id)).collect::<Vec<_>>(),
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
    })
}

/// READY for an Identify of an unsharded bot.
pub fn ready(bot: &User, guild_ids: &[u64], session_id: &str, resume_url: &str) -> Value {
    ready_on_shard(bot, guild_ids, session_id, resume_url, [0, 1])
}

/// READY for an Identify of shard `[id, total]`: it lists that shard's guilds.
pub fn ready_on_shard(
    bot: &User,
    guild_ids: &[u64],
    session_id: &str,
    resume_url: &str,
    shard: [u32; 2],
) -> Value {
    json!({
        "v": 10,
        "user": current_user(bot),
        "guilds": guild_ids
            .iter()
            .map(|g| json!({"id": g.to_string(), "unavailable": true}))
            .collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "shard": shard,
        "application": {"id": bot.id.to_string(), "flags": 0},
        "private_channels": [],
        "presences": [],
        "relationships": [],
        "user_settings": {},
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
    })
}

/// `GET /oauth2/applications/@me`.
pub fn application_info(bot: &User, owner: &User) -> Value {
    json!({
        "id": bot.id.to_string(),
        "name": bot.name,
        "icon": null,
        "description": "",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "bot": user(bot),
        "owner": user(owner),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
        "integration_types_config": {},
    })
}

/// A registered command as the API returns it, from what the bot sent.
pub fn command(sent: &Value, id: u64, app_id: u64, guild_id: Option<u64>) -> Value {
    let mut v = sent.clone();
    if !v.is_object() {
        v = json!({});
    }
    v["id"] = json!(id.to_string());
    v["application_id"] = json!(app_id.to_string());
    v["guild_id"] = json!(guild_id.map(|g| g.to_string()));
    v["version"] = json!(id.to_string());
    if v.get("type").is_none_or(Value::is_null) {
        v["type"] = json!(1);
    }
    if v.get("description").is_none_or(Value::is_null) {
        v["description"] = json!("");
    }
    if let Some(p) = v.get("default_member_permissions") {
        if p.is_null() {
            v["default_member_permissions"] = Value::Null;
        }
    }
    v
}

/// A message written by a user (MESSAGE_CREATE).
pub fn user_message(
    id: u64,
    channel: &Channel,
    author: &User,
    member: Option<&Member>,
    content: &str,
) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "channel_id": channel.id.to_string(),
        "author": user(author),
        "content": content,
        "timestamp": now_timestamp(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": [],
        "nonce": id.to_string(),
    });
    if let Some(g) = channel.guild_id {
        v["guild_id"] = json!(g.to_string());
        if let Some(m) = member {
            v["member"] = partial_member(m);
        }
    }
    v
}

/// One option of a slash command invocation.
#[derive(Clone, Debug)]
pub enum CommandOption {
    String(String, String),
    Integer(String, i64),
    Number(String, f64),
    Boolean(String, bool),
    User(String, User),
    /// A channel option (type 7), resolved like Discord does.
    Channel(String, Channel),
    /// A subcommand with its own options.
    Subcommand(String, Vec<CommandOption>),
    /// A subcommand group holding one subcommand.
    Group(String, Vec<CommandOption>),
}

impl CommandOption {
    pub fn string(name: &str, value: &str) -> Self {
        Self::String(name.into(), value.into())
    }
    pub fn int(name: &str, value: i64) -> Self {
        Self::Integer(name.into(), value)
    }
    pub fn number(name: &str, value: f64) -> Self {
        Self::Number(name.into(), value)
    }
    pub fn bool(name: &str, value: bool) -> Self {
        Self::Boolean(name.into(), value)
    }
    pub fn user(name: &str, value: &User) -> Self {
        Self::User(name.into(), value.clone())
    }
    pub fn channel(name: &str, value: &Channel) -> Self {
        Self::Channel(name.into(), value.clone())
    }
    pub fn sub(name: &str, options: Vec<CommandOption>) -> Self {
        Self::Subcommand(name.into(), options)
    }
    pub fn group(name: &str, options: Vec<CommandOption>) -> Self {
        Self::Group(name.into(), options)
    }

    fn to_json(&self) -> Value {
        match self {
            Self::String(n, v) => json!({"name": n, "type": 3, "value": v}),
            Self::Integer(n, v) => json!({"name": n, "type": 4, "value": v}),
            Self::Boolean(n, v) => json!({"name": n, "type": 5, "value": v}),
            Self::User(n, u) => json!({"name": n, "type": 6, "value": u.id.to_string()}),
            Self::Channel(n, c) => json!({"name": n, "type": 7, "value": c.id.to_string()}),
            Self::Number(n, v) => json!({"name": n, "type": 10, "value": v}),
            Self::Subcommand(n, o) => json!({"name": n, "type": 1, "options": options_json(o)}),
            Self::Group(n, o) => json!({"name": n, "type": 2, "options": options_json(o)}),
        }
    }

    fn users<'a>(&'a self, out: &mut Vec<&'a User>) {
        match self {
            Self::User(_, u) => out.push(u),
            Self::Subcommand(_, o) | Self::Group(_, o) => o.iter().for_each(|o| o.users(out)),
            _ => {}
        }
    }

    fn channels<'a>(&'a self, out: &mut Vec<&'a Channel>) {
        match self {
            Self::Channel(_, c) => out.push(c),
            Self::Subcommand(_, o) | Self::Group(_, o) => o.iter().for_each(|o| o.channels(out)),
            _ => {}
        }
    }
}

fn options_json(options: &[CommandOption]) -> Vec<Value> {
    options.iter().map(CommandOption::to_json).collect()
}

/// Where an interaction happens and who makes it.
pub struct InteractionContext<'a> {
    pub id: u64,
    pub token: &'a str,
    pub app_id: u64,
    pub channel: &'a Channel,
    pub user: &'a User,
    /// The member, in guild channels (with its permissions).
    pub member: Option<&'a Member>,
}

fn interaction_base(ctx: &InteractionContext<'_>, kind: u8, data: Value) -> Value {
    let author_perms = ctx.member.map_or(perms::MEMBER, |m| m.permissions);
    let mut v = json!({
        "id": ctx.id.to_string(),
        "application_id": ctx.app_id.to_string(),
        "type": kind,
        "data": data,
        "channel_id": ctx.channel.id.to_string(),
        "channel": partial_channel(ctx.channel, author_perms),
        "token": ctx.token,
        "version": 1,
        "app_permissions": perms::BOT.to_string(),
        "locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {},
        "attachment_size_limit": 10_485_760,
    });
    match (ctx.channel.guild_id, ctx.member) {
        (Some(g), Some(m)) => {
            v["guild_id"] = json!(g.to_string());
            v["guild_locale"] = json!("en-US");
            v["member"] = member(m, g);
            v["context"] = json!(0);
            v["authorizing_integration_owners"] = json!({"0": g.to_string()});
        }
        _ => {
            v["user"] = user(ctx.user);
            v["context"] = json!(1);
        }
    }
    v
}

/// INTERACTION_CREATE for a slash command.
pub fn command_interaction(
    ctx: &InteractionContext<'_>,
    command_id: u64,
    name: &str,
    options: &[CommandOption],
    members: &dyn Fn(u64) -> Option<Member>,
) -> Value {
    let mut data = json!({
        "id": command_id.to_string(),
        "name": name,
        "type": 1,
        "options": options_json(options),
    });
    let mut users = Vec::new();
    options.iter().for_each(|o| o.users(&mut users));
    if !users.is_empty() {
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        for u in users {
            resolved_users.insert(u.id.to_string(), user(u));
            if let (Some(g), Some(m)) = (ctx.channel.guild_id, members(u.id)) {
                let mut mv = member(&m, g);
                if let Some(o) = mv.as_object_mut() {
                    o.remove("user");
                }
                resolved_members.insert(u.id.to_string(), mv);
            }
        }
        data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
    }
    let mut channels = Vec::new();
    options.iter().for_each(|o| o.channels(&mut channels));
    if !channels.is_empty() {
        let resolved: serde_json::Map<String, Value> = channels
            .iter()
            .map(|c| {
                let partial = json!({
                    "id": c.id.to_string(),
                    "name": c.name,
                    "type": c.kind,
                    "permissions": perms::MEMBER.to_string(),
                    "parent_id": c.parent_id.map(|p| p.to_string()),
                });
                (c.id.to_string(), partial)
            })
            .collect();
        data["resolved"]["channels"] = Value::Object(resolved);
    }
    if let Some(g) = ctx.channel.guild_id {
        data["guild_id"] = json!(g.to_string());
    }
    interaction_base(ctx, 2, data)
}

/// INTERACTION_CREATE for a click on a button of `message` (a message JSON
/// as the API returned it).
pub fn component_interaction(
    ctx: &InteractionContext<'_>,
    custom_id: &str,
    component_type: u8,
    values: Option<&[String]>,
    message: Value,
) -> Value {
    let mut data = json!({"custom_id": custom_id, "component_type": component_type});
    if let Some(values) = values {
        data["values"] = json!(values);
    }
    let mut v = interaction_base(ctx, 3, data);
    v["message"] = message;
    v
}

/// A message as the API returns it (and as interactions embed it).
#[allow(clippy::too_many_arguments)]
pub fn bot_message(
    id: u64,
    channel: &Channel,
    author: &User,
    content: &str,
    embeds: &[Value],
    components: &[Value],
    attachments: &[Value],
    flags: u64,
    kind: u8,
    edited: bool,
    interaction: Option<(u64, &str, &User)>,
    message_reference: Option<&Value>,
) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "channel_id": channel.id.to_string(),
        "author": user(author),
        "content": content,
        "timestamp": now_timestamp(),
        "edited_timestamp": if edited { json!(now_timestamp()) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": embeds,
        "pinned": false,
        "type": kind,
        "flags": flags,
        "components": components,
    });
    if let Some(g) = channel.guild_id {
        v["guild_id"] = json!(g.to_string());
    }
    if let Some((iid, name, u)) = interaction {
        v["webhook_id"] = json!(author.id.to_string());
        v["application_id"] = json!(author.id.to_string());
        v["interaction"] = json!({"id": iid.to_string(), "type": 2, "name": name, "user": user(u)});
        v["interaction_metadata"] = json!({
            "id": iid.to_string(),
            "type": 2,
            "user": user(u),
            "authorizing_integration_owners": {},
        });
    }
    if let Some(r) = message_reference {
        v["message_reference"] = r.clone();
    }
    v
}

/// An attachment object.
pub fn attachment(
    id: u64,
    filename: &str,
    size: usize,
    url: &str,
    content_type: Option<&str>,
    dims: Option<(u32, u32)>,
    ephemeral: bool,
) -> Value {
    let mut v = json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    });
    if let Some((w, h)) = dims {
        v["width"] = json!(w);
        v["height"] = json!(h);
    }
    if ephemeral {
        v["ephemeral"] = json!(true);
    }
    v
}

/// A Discord API error body.
pub fn api_error(code: u32, message: &str) -> Value {
    json!({"code": code, "message": message})
}
