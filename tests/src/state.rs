//! Everything the fake knows: the world (users, guild, roles, members,
//! channels) and everything the bot did to it (messages per channel with
//! their content, embeds, components, flags and decoded attachments; threads
//! created; commands registered; interaction responses; every request).

use crate::model::{self, channel_type, perms, Channel, Guild, Member, Role, User};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use tokio::sync::watch;

/// A file the bot attached, decoded from the multipart upload.
#[derive(Clone, Debug)]
pub struct Attachment {
    pub id: u64,
    pub filename: String,
    pub content_type: Option<String>,
    pub description: Option<String>,
    pub bytes: Arc<Vec<u8>>,
    /// Where the fake serves it (`GET` returns the bytes).
    pub url: String,
}

impl Attachment {
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }

    /// The picture, decoded (PNG, GIF, ...).
    pub fn image(&self) -> Result<image::RgbaImage, image::ImageError> {
        Ok(image::load_from_memory(&self.bytes)?.to_rgba8())
    }

    /// Width and height, if it is a picture.
    pub fn dimensions(&self) -> Option<(u32, u32)> {
        image::ImageReader::new(std::io::Cursor::new(&self.bytes[..]))
            .with_guessed_format()
            .ok()?
            .into_dimensions()
            .ok()
    }
}

/// How a message came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `POST /channels/{id}/messages`.
    Channel,
    /// The reply of an interaction callback (type 4, or 5 then edited).
    Response { interaction_id: u64 },
    /// `POST /webhooks/{app}/{token}` after an interaction.
    Followup { interaction_id: u64 },
}

/// A button (or other component) of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub custom_id: Option<String>,
    pub label: Option<String>,
    pub style: u64,
    pub disabled: bool,
    pub url: Option<String>,
    /// Component type: 2 button, 3 string select, ...
    pub kind: u64,
}

/// One message of the bot, as a user sees it at one moment (a creation or
/// an edit: each is an entry of the channel's feed).
#[derive(Clone, Debug)]
pub struct Message {
    pub id: u64,
    pub channel_id: u64,
    pub author_id: u64,
    pub content: String,
    pub embeds: Vec<Value>,
    /// Action rows as sent.
    pub components: Vec<Value>,
    pub flags: u64,
    pub attachments: Vec<Attachment>,
    pub origin: Origin,
    /// A deferred response still "thinking" (type 5, not yet edited).
    pub thinking: bool,
    /// 0 when created, n after the nth edit.
    pub version: u32,
    pub deleted: bool,
    /// The message it replies to (`message_reference.message_id`).
    pub reference: Option<u64>,
    /// When the fake received the request that made this version.
    pub at: Instant,
    /// The bot's JSON payload for this version.
    pub payload: Value,
    /// The message JSON the fake answered with (buttons clicked on it carry it).
    pub json: Value,
}

impl Message {
    pub const EPHEMERAL: u64 = 1 << 6;

    pub fn ephemeral(&self) -> bool {
        self.flags & Self::EPHEMERAL != 0
    }

    /// All text a user reads: content, then each embed's author, title,
    /// description, fields (name and value) and footer, one per line.
    pub fn text(&self) -> String {
        let mut out = vec![self.content.clone()];
        for e in &self.embeds {
            let s = |v: &Value| v.as_str().map(str::to_owned);
            out.extend(e.pointer("/author/name").and_then(s));
            out.extend(e.get("title").and_then(s));
            out.extend(e.get("description").and_then(s));
            if let Some(fields) = e.get("fields").and_then(Value::as_array) {
                for f in fields {
                    out.extend(f.get("name").and_then(s));
                    out.extend(f.get("value").and_then(s));
                }
            }
            out.extend(e.pointer("/footer/text").and_then(s));
        }
        out.retain(|l| !l.is_empty());
        out.join("\n")
    }

    /// Whether the user-visible text contains `needle` (case-insensitive).
    pub fn says(&self, needle: &str) -> bool {
        self.text().to_lowercase().contains(&needle.to_lowercase())
    }

    /// Every component in every action row.
    pub fn buttons(&self) -> Vec<Button> {
        let mut out = Vec::new();
        for row in &self.components {
            let inner = row.get("components").and_then(Value::as_array);
            for c in inner.into_iter().flatten() {
                out.push(Button {
                    custom_id: c.get("custom_id").and_then(Value::as_str).map(Into::into),
                    label: c.get("label").and_then(Value::as_str).map(Into::into),
                    style: c.get("style").and_then(Value::as_u64).unwrap_or(0),
                    disabled: c.get("disabled").and_then(Value::as_bool).unwrap_or(false),
                    url: c.get("url").and_then(Value::as_str).map(Into::into),
                    kind: c.get("type").and_then(Value::as_u64).unwrap_or(0),
                });
            }
        }
        out
    }

    /// The first enabled button whose custom_id starts with `prefix`.
    pub fn button(&self, prefix: &str) -> Option<Button> {
        self.buttons().into_iter().find(|b| {
            !b.disabled
                && b.custom_id
                    .as_deref()
                    .is_some_and(|id| id.starts_with(prefix))
        })
    }

    /// The attachment named `filename`.
    pub fn attachment(&self, filename: &str) -> Option<&Attachment> {
        self.attachments.iter().find(|a| a.filename == filename)
    }

    /// The first PNG attached.
    pub fn picture(&self) -> Option<&Attachment> {
        self.attachments.iter().find(|a| a.is_png())
    }

    /// The image URLs of the embeds (`attachment://board.png` as sent).
    pub fn embed_images(&self) -> Vec<String> {
        self.embeds
            .iter()
            .filter_map(|e| e.pointer("/image/url").and_then(Value::as_str))
            .map(Into::into)
            .collect()
    }

    /// A short description for failure messages.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "#{} v{} {:?}{}{} {:?}",
            self.id,
            self.version,
            self.origin,
            if self.ephemeral() { " ephemeral" } else { "" },
            if self.thinking { " thinking" } else { "" },
            self.text()
        );
        let buttons: Vec<_> = self
            .buttons()
            .into_iter()
            .filter_map(|b| b.custom_id)
            .collect();
        if !buttons.is_empty() {
            s += &format!(" buttons={buttons:?}");
        }
        for a in &self.attachments {
            s += &format!(" [{} {} B]", a.filename, a.bytes.len());
        }
        s
    }
}

/// An interaction the fake dispatched and what the bot did with it.
#[derive(Clone, Debug)]
pub struct InteractionRecord {
    pub id: u64,
    pub token: String,
    pub kind: u8,
    /// The command name or the button's custom_id.
    pub name: String,
    pub channel_id: u64,
    pub user_id: u64,
    /// The message whose button was clicked.
    pub source_message: Option<u64>,
    pub dispatched_at: Instant,
    /// Callback types the bot sent, with when.
    pub callbacks: Vec<(u8, Instant)>,
    /// The message that is the "original response".
    pub original: Option<u64>,
    pub followups: Vec<u64>,
}

/// A command registration call.
#[derive(Clone, Debug)]
pub struct Registration {
    /// None: global commands.
    pub guild_id: Option<u64>,
    pub commands: Vec<Value>,
    pub at: Instant,
}

/// One request the bot made.
#[derive(Clone, Debug)]
pub struct RequestLog {
    pub method: String,
    pub path: String,
    pub status: u16,
    pub at: Instant,
    /// Answered by an injected fault.
    pub injected: bool,
    /// The error body, for a 4xx/5xx.
    pub error: Option<String>,
}

/// An HTTP failure to inject on a route (a 429 or a 500, say).
#[derive(Clone, Debug)]
pub struct Fault {
    /// Only this method (`"POST"`), or any.
    pub method: Option<String>,
    /// The path (after `/api/v10`) contains this.
    pub path_contains: String,
    pub status: u16,
    /// How many requests it answers before it goes away.
    pub times: u32,
    /// For 429: `retry_after` seconds.
    pub retry_after: f64,
}

impl Fault {
    pub fn new(method: Option<&str>, path_contains: &str, status: u16, times: u32) -> Self {
        Fault {
            method: method.map(str::to_uppercase),
            path_contains: path_contains.into(),
            status,
            times,
            retry_after: 0.05,
        }
    }
}

#[derive(Default)]
struct Feed {
    entries: Vec<Message>,
    consumed: Vec<bool>,
}

/// The world and the record, behind one lock.
pub struct State {
    pub bot: User,
    pub owner: User,
    /// The first guild: the one every helper means unless told otherwise.
    pub guild: Guild,
    /// Guilds added later ([`State::add_guild`]), to spread a sharded bot's
    /// events: the same members and roles as the first, channels of their own.
    pub more_guilds: Vec<Guild>,
    /// The first guild's roles (see [`State::roles_of`] for the others).
    pub roles: Vec<Role>,
    pub admin_role: u64,
    pub members: HashMap<u64, Member>,
    pub users: HashMap<u64, User>,
    pub channels: HashMap<u64, Channel>,
    pub dm_by_user: HashMap<u64, u64>,
    /// The channel created at start ("general").
    pub general: u64,
    pub messages: HashMap<u64, Message>,
    /// Every attachment ever uploaded, by id.
    pub attachments: HashMap<u64, Attachment>,
    /// Message order per channel (ids).
    pub order: HashMap<u64, Vec<u64>>,
    /// Messages users wrote (JSON as dispatched), for buttons / threads.
    pub user_messages: HashMap<u64, Value>,
    pub threads_created: Vec<u64>,
    pub registrations: Vec<Registration>,
    /// Current commands: (guild or None) -> commands with ids.
    pub commands: HashMap<Option<u64>, Vec<Value>>,
    pub interactions: HashMap<u64, InteractionRecord>,
    pub tokens: HashMap<String, u64>,
    pub requests: Vec<RequestLog>,
    pub channel_edits: Vec<(u64, Value)>,
    pub reactions: Vec<(u64, u64, String, bool)>,
    pub faults: Vec<Fault>,
    /// Things Discord would refuse or show wrong that the bot did anyway
    /// (double acknowledgements, late responses, embeds naming missing
    /// attachments). Tests assert it stays empty.
    pub anomalies: Vec<String>,
    /// Interaction responses later than this are refused (Discord: 3 s).
    pub interaction_deadline: std::time::Duration,
    feeds: HashMap<u64, Feed>,
    watches: HashMap<u64, watch::Sender<u64>>,
    any: watch::Sender<u64>,
    last_id: u64,
    seen_ids: HashSet<u64>,
}

const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

impl State {
    pub fn new() -> State {
        let mut s = State {
            bot: User {
                id: 0,
                name: "alfil".into(),
                bot: true,
            },
            owner: User {
                id: 0,
                name: "owner".into(),
                bot: false,
            },
            guild: Guild {
                id: 0,
                name: "Chess Club".into(),
                owner_id: 0,
            },
            more_guilds: Vec::new(),
            roles: Vec::new(),
            admin_role: 0,
            members: HashMap::new(),
            users: HashMap::new(),
            channels: HashMap::new(),
            dm_by_user: HashMap::new(),
            general: 0,
            messages: HashMap::new(),
            attachments: HashMap::new(),
            order: HashMap::new(),
            user_messages: HashMap::new(),
            threads_created: Vec::new(),
            registrations: Vec::new(),
            commands: HashMap::new(),
            interactions: HashMap::new(),
            tokens: HashMap::new(),
            requests: Vec::new(),
            channel_edits: Vec::new(),
            reactions: Vec::new(),
            faults: Vec::new(),
            anomalies: Vec::new(),
            interaction_deadline: std::time::Duration::from_secs(3),
            feeds: HashMap::new(),
            watches: HashMap::new(),
            any: watch::channel(0).0,
            last_id: 0,
            seen_ids: HashSet::new(),
        };
        s.bot.id = s.next_id();
        s.owner.id = s.next_id();
        s.guild.id = s.next_id();
        s.guild.owner_id = s.owner.id;
        s.roles.push(Role {
            id: s.guild.id,
            name: "@everyone".into(),
            permissions: perms::MEMBER,
            position: 0,
        });
        s.admin_role = s.next_id();
        s.roles.push(Role {
            id: s.admin_role,
            name: "Admin".into(),
            permissions: perms::ADMINISTRATOR,
            position: 1,
        });
        let (bot, owner) = (s.bot.clone(), s.owner.clone());
        s.users.insert(bot.id, bot.clone());
        s.members.insert(
            bot.id,
            Member {
                user: bot,
                roles: vec![],
                permissions: perms::BOT,
            },
        );
        s.add_member(owner, true);
        s.general = s.add_channel("general", channel_type::GUILD_TEXT, None, None);
        s
    }

    /// A fresh snowflake (its timestamp part is now).
    pub fn next_id(&mut self) -> u64 {
        let ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(DISCORD_EPOCH_MS)
            .saturating_sub(DISCORD_EPOCH_MS);
        let id = (ms << 22).max(self.last_id + 1);
        self.last_id = id;
        self.seen_ids.insert(id);
        id
    }

    /// A fresh snowflake whose timestamp routes it to `shard` of `shards`
    /// (Discord's rule: `(id >> 22) % shards`), a few milliseconds ahead
    /// if need be.
    pub fn next_id_on_shard(&mut self, shard: u32, shards: u32) -> u64 {
        let id = self.next_id();
        let shards = u64::from(shards.max(1));
        let ms = id >> 22;
        let ahead = (u64::from(shard) + shards - ms % shards) % shards;
        if ahead == 0 {
            return id;
        }
        let id = (ms + ahead) << 22;
        self.last_id = id;
        self.seen_ids.insert(id);
        id
    }

    /// Every guild's id, the first guild first.
    pub fn guild_ids(&self) -> Vec<u64> {
        std::iter::once(&self.guild)
            .chain(&self.more_guilds)
            .map(|g| g.id)
            .collect()
    }

    pub fn guild_by_id(&self, id: u64) -> Option<&Guild> {
        std::iter::once(&self.guild)
            .chain(&self.more_guilds)
            .find(|g| g.id == id)
    }

    /// The roles of `guild_id`: the first guild's, with `@everyone` taking
    /// the guild's id as Discord gives it.
    pub fn roles_of(&self, guild_id: u64) -> Vec<Role> {
        let first = self.guild.id;
        self.roles
            .iter()
            .cloned()
            .map(|mut r| {
                if r.id == first {
                    r.id = guild_id;
                }
                r
            })
            .collect()
    }

    /// A new guild (same owner, members and roles as the first) whose id
    /// routes its events to `shard` of `shards`, with a text channel
    /// "general". Returns the guild's id.
    pub fn add_guild(&mut self, name: &str, shard: u32, shards: u32) -> u64 {
        let id = self.next_id_on_shard(shard, shards);
        self.more_guilds.push(Guild {
            id,
            name: name.into(),
            owner_id: self.owner.id,
        });
        self.add_channel_in(id, "general", channel_type::GUILD_TEXT, None, None);
        id
    }

    pub fn add_member(&mut self, user: User, admin: bool) -> Member {
        let member = Member {
            roles: if admin { vec![self.admin_role] } else { vec![] },
            permissions: if admin { perms::ADMIN } else { perms::MEMBER },
            user: user.clone(),
        };
        self.users.insert(user.id, user.clone());
        self.members.insert(user.id, member.clone());
        member
    }

    /// A channel of the first guild.
    pub fn add_channel(
        &mut self,
        name: &str,
        kind: u8,
        parent_id: Option<u64>,
        owner_id: Option<u64>,
    ) -> u64 {
        self.add_channel_in(self.guild.id, name, kind, parent_id, owner_id)
    }

    /// A channel of the guild `guild_id`.
    pub fn add_channel_in(
        &mut self,
        guild_id: u64,
        name: &str,
        kind: u8,
        parent_id: Option<u64>,
        owner_id: Option<u64>,
    ) -> u64 {
        let id = self.next_id();
        self.channels.insert(
            id,
            Channel {
                id,
                kind,
                name: name.into(),
                guild_id: Some(guild_id),
                parent_id,
                recipient: None,
                owner_id,
                archived: false,
                locked: false,
            },
        );
        id
    }

    /// The DM channel between the bot and `user`, made on first use.
    pub fn dm_channel(&mut self, user_id: u64) -> Option<u64> {
        if let Some(&id) = self.dm_by_user.get(&user_id) {
            return Some(id);
        }
        let user = self.users.get(&user_id)?.clone();
        let id = self.next_id();
        self.channels.insert(
            id,
            Channel {
                id,
                kind: channel_type::DM,
                name: String::new(),
                guild_id: None,
                parent_id: None,
                recipient: Some(user),
                owner_id: None,
                archived: false,
                locked: false,
            },
        );
        self.dm_by_user.insert(user_id, id);
        Some(id)
    }

    /// Adds a version of a message to its channel's feed and wakes waiters.
    pub fn publish(&mut self, msg: Message) {
        let channel = msg.channel_id;
        if msg.version == 0 {
            self.order.entry(channel).or_default().push(msg.id);
        }
        for a in &msg.attachments {
            self.attachments.entry(a.id).or_insert_with(|| a.clone());
        }
        self.messages.insert(msg.id, msg.clone());
        let feed = self.feeds.entry(channel).or_default();
        feed.entries.push(msg);
        feed.consumed.push(false);
        self.touch(channel);
    }

    /// Wakes whoever waits on `channel` (and on anything).
    pub fn touch(&mut self, channel: u64) {
        if let Some(w) = self.watches.get(&channel) {
            w.send_modify(|v| *v += 1);
        }
        self.any.send_modify(|v| *v += 1);
    }

    pub fn touch_any(&mut self) {
        self.any.send_modify(|v| *v += 1);
    }

    pub fn subscribe(&mut self, channel: u64) -> watch::Receiver<u64> {
        self.watches
            .entry(channel)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    pub fn subscribe_any(&self) -> watch::Receiver<u64> {
        self.any.subscribe()
    }

    /// The first unconsumed feed entry of `channel` that `pred` accepts,
    /// marked consumed.
    pub fn take(&mut self, channel: u64, pred: &dyn Fn(&Message) -> bool) -> Option<Message> {
        let feed = self.feeds.get_mut(&channel)?;
        for (i, m) in feed.entries.iter().enumerate() {
            if !feed.consumed[i] && pred(m) {
                feed.consumed[i] = true;
                return Some(m.clone());
            }
        }
        None
    }

    /// Marks everything in `channel`'s feed consumed.
    pub fn consume_all(&mut self, channel: u64) {
        if let Some(feed) = self.feeds.get_mut(&channel) {
            feed.consumed.iter_mut().for_each(|c| *c = true);
        }
    }

    /// Every entry (creations and edits) of `channel`'s feed.
    pub fn feed(&self, channel: u64) -> Vec<Message> {
        self.feeds
            .get(&channel)
            .map(|f| f.entries.clone())
            .unwrap_or_default()
    }

    /// The current messages of `channel`, oldest first, deleted ones left out.
    pub fn channel_messages(&self, channel: u64) -> Vec<Message> {
        self.order
            .get(&channel)
            .into_iter()
            .flatten()
            .filter_map(|id| self.messages.get(id))
            .filter(|m| !m.deleted)
            .cloned()
            .collect()
    }

    /// The member record of `user_id` in the guild.
    pub fn member(&self, user_id: u64) -> Option<Member> {
        self.members.get(&user_id).cloned()
    }

    /// A command id by name (registered globally or in the guild).
    pub fn command_id(&self, name: &str) -> Option<u64> {
        self.commands
            .values()
            .flatten()
            .find(|c| c.get("name").and_then(Value::as_str) == Some(name))
            .and_then(|c| c.get("id").and_then(Value::as_str))
            .and_then(|id| id.parse().ok())
    }

    /// The first fault that matches, used up by one.
    pub fn take_fault(&mut self, method: &str, path: &str) -> Option<Fault> {
        let i = self.faults.iter().position(|f| {
            f.times > 0
                && f.method.as_deref().is_none_or(|m| m == method)
                && path.contains(&f.path_contains)
        })?;
        self.faults[i].times -= 1;
        let f = self.faults[i].clone();
        if self.faults[i].times == 0 {
            self.faults.remove(i);
        }
        Some(f)
    }

    /// Message JSON as the API returns it.
    pub fn message_json(&self, m: &Message) -> Value {
        m.json.clone()
    }

    pub fn channel(&self, id: u64) -> Option<&Channel> {
        self.channels.get(&id)
    }

    pub fn channel_json(&self, id: u64) -> Option<Value> {
        self.channels.get(&id).map(model::channel)
    }
}

impl Default for State {
    fn default() -> Self {
        Self::new()
    }
}
