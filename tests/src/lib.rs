//! A fake Discord on 127.0.0.1 for end-to-end tests of the real bot.
//!
//! [`FakeDiscord::start`] serves, on one random port, the REST API the bot
//! calls (under `/api/v10`, see [`rest`]) and a gateway websocket (`/ws`,
//! see [`gateway`]). Point serenity at it with
//! `HttpBuilder::new(token).proxy(fake.url()).ratelimiter_disabled(true)`
//! (the real binary: `ALFIL_DISCORD_PROXY`, see [`bot::BotProcess`]); the
//! gateway URL then comes from `GET /api/v10/gateway`.
//!
//! Tests act as users ([`FakeDiscord::send_message`], [`FakeDiscord::slash`],
//! [`FakeDiscord::click`]) and watch what the bot shows
//! ([`FakeDiscord::wait_message`], [`FakeDiscord::wait_reply`]): every
//! message of the bot, each creation and each edit, lands in its channel's
//! feed with its text, embeds, buttons, flags and decoded attachments.
//! Waits consume feed entries, so a test reads a channel like a user
//! scrolling it.

#![recursion_limit = "256"]

pub mod board;
pub mod bot;
pub mod gateway;
pub mod logs;
pub mod model;
pub mod postgres;
pub mod rest;
pub mod scene;
pub mod state;
pub mod table;

pub use bot::BotProcess;
pub use gateway::GatewayEvent;
pub use model::{perms, Channel, CommandOption, Member, User};
pub use state::{Attachment, Button, Fault, InteractionRecord, Message, Origin, RequestLog, State};

use axum::serve::ListenerExt;
use gateway::{intents, GatewayState};
use serde_json::Value;
use std::fmt;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Holds the machine for one end-to-end scene, for as long as the guard
/// lives. The scenes share one test binary, and two at once (each a bot
/// process and dozens of players on two cores) would slow each other past
/// the players' patience.
pub async fn one_scene_at_a_time() -> tokio::sync::MutexGuard<'static, ()> {
    static SCENE: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    SCENE.lock().await
}

/// The server's shared state.
pub struct Shared {
    pub(crate) state: Mutex<State>,
    pub(crate) gateway: Mutex<GatewayState>,
    pub(crate) base_url: String,
    pub(crate) ws_url: String,
}

impl Shared {
    pub(crate) fn touch_any(&self) {
        self.state.lock().unwrap().touch_any();
    }

    /// Dispatches an event (never call with the state lock held).
    pub(crate) fn dispatch(&self, event: &str, data: Value) -> u64 {
        self.gateway.lock().unwrap().dispatch(event, data)
    }

    /// Dispatches if the bot identified with `intent`.
    pub(crate) fn dispatch_if(&self, intent: u64, event: &str, data: Value) -> Option<u64> {
        let mut gw = self.gateway.lock().unwrap();
        (gw.intents & intent != 0).then(|| gw.dispatch(event, data))
    }

    /// Discord echoes the bot's own messages back to it over the gateway.
    pub(crate) fn echo_bot_message(&self, channel: &Channel, mut json: Value, update: bool) {
        let intent = if channel.is_dm() {
            intents::DIRECT_MESSAGES
        } else {
            intents::GUILD_MESSAGES
        };
        if !channel.is_dm() {
            let st = self.state.lock().unwrap();
            if let Some(m) = st.members.get(&st.bot.id) {
                json["member"] = model::partial_member(m);
            }
        }
        let event = if update {
            "MESSAGE_UPDATE"
        } else {
            "MESSAGE_CREATE"
        };
        self.dispatch_if(intent, event, json);
    }

    pub(crate) fn attachment_by_id(&self, id: u64) -> Option<Attachment> {
        self.state.lock().unwrap().attachments.get(&id).cloned()
    }
}

/// Something a user did: a message or an interaction, as dispatched.
#[derive(Clone, Debug)]
pub struct Sent {
    /// The message id or the interaction id.
    pub id: u64,
    pub channel_id: u64,
    /// The interaction token (interactions only).
    pub token: Option<String>,
    /// When the dispatch was queued to the gateway.
    pub at: Instant,
    /// The dispatch's sequence number.
    pub seq: u64,
}

/// A wait that ran out, with what the fake had seen meanwhile.
pub struct WaitError {
    pub what: String,
    pub seen: Vec<String>,
    pub anomalies: Vec<String>,
    pub api_errors: Vec<String>,
}

impl fmt::Display for WaitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "timed out waiting for {}", self.what)?;
        if !self.seen.is_empty() {
            writeln!(f, "the channel shows:")?;
            for s in &self.seen {
                writeln!(f, "  {s}")?;
            }
        }
        for a in &self.anomalies {
            writeln!(f, "anomaly: {a}")?;
        }
        for e in &self.api_errors {
            writeln!(f, "API error returned to the bot: {e}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for WaitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for WaitError {}

struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// The fake Discord: a handle (cheap to clone) on a running server.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
    addr: SocketAddr,
    /// How long waits wait (default 10 s, or `FAKE_DISCORD_TIMEOUT` seconds).
    pub timeout: Duration,
    _server: Arc<AbortOnDrop>,
}

impl FakeDiscord {
    /// Starts the server on a random 127.0.0.1 port. The world holds the bot,
    /// an owner (admin), a guild with `@everyone` and an `Admin` role, and a
    /// text channel `general`.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0");
        let addr = listener.local_addr().expect("local addr");
        // Without TCP_NODELAY, a gateway frame sent right after another
        // waits for the bot's delayed ACK, up to 40 ms: a stall that
        // Discord's own servers do not add, and that was the whole p99
        // of the Discord bench at people's pace.
        let listener = listener.tap_io(|tcp| {
            if let Err(error) = tcp.set_nodelay(true) {
                tracing::warn!(%error, "fake Discord: could not set TCP_NODELAY");
            }
        });
        let base_url = format!("http://{addr}");
        let shared = Arc::new(Shared {
            state: Mutex::new(State::new()),
            gateway: Mutex::new(GatewayState::new()),
            ws_url: format!("ws://{addr}/ws"),
            base_url,
        });
        let app = axum::Router::new()
            .route("/ws", axum::routing::get(gateway::ws_handler))
            .route(
                "/attachments/{id}/{name}",
                axum::routing::get(rest::attachment_route),
            )
            .fallback(rest::handle)
            .layer(axum::extract::DefaultBodyLimit::max(64 << 20))
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        let timeout = std::env::var("FAKE_DISCORD_TIMEOUT")
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or(Duration::from_secs(10), Duration::from_secs_f64);
        FakeDiscord {
            shared,
            addr,
            timeout,
            _server: Arc::new(AbortOnDrop(server)),
        }
    }

    /// `http://127.0.0.1:PORT`: the proxy URL for serenity's HTTP client.
    pub fn url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// The gateway URL (`GET /api/v10/gateway` returns it).
    pub fn ws_url(&self) -> String {
        self.shared.ws_url.clone()
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Runs `f` on the state (world and record) under its lock.
    pub fn with_state<T>(&self, f: impl FnOnce(&mut State) -> T) -> T {
        f(&mut self.shared.state.lock().unwrap())
    }

    pub fn bot_user(&self) -> User {
        self.with_state(|s| s.bot.clone())
    }

    /// The guild owner (an admin).
    pub fn owner(&self) -> User {
        self.with_state(|s| s.owner.clone())
    }

    pub fn guild_id(&self) -> u64 {
        self.with_state(|s| s.guild.id)
    }

    /// The `general` text channel.
    pub fn general(&self) -> u64 {
        self.with_state(|s| s.general)
    }

    /// The `general` text channel of the guild `guild`.
    pub fn general_of(&self, guild: u64) -> u64 {
        self.with_state(|s| {
            let mut general: Vec<&Channel> = s
                .channels
                .values()
                .filter(|c| c.guild_id == Some(guild) && !c.is_thread() && c.name == "general")
                .collect();
            general.sort_by_key(|c| c.id);
            general
                .first()
                .unwrap_or_else(|| panic!("guild {guild} has no general channel"))
                .id
        })
    }

    /// Splits the bot into `shards` gateway shards: `GET /gateway/bot`
    /// says so, each shard gets a session of its own, and each guild's
    /// events go to the shard `(guild_id >> 22) % shards` (DMs to shard 0),
    /// as on Discord. Call it before the bot connects.
    pub fn set_shards(&self, shards: u32) {
        self.shared.gateway.lock().unwrap().set_shards(shards);
    }

    pub fn shards(&self) -> u32 {
        self.shared.gateway.lock().unwrap().shards
    }

    /// The shard that receives `guild`'s events.
    pub fn shard_of(&self, guild: u64) -> u32 {
        gateway::shard_of(guild, self.shards())
    }

    /// A new guild whose events go to `shard` (see [`Self::set_shards`]),
    /// with a `general` text channel; every member of the fake is in it.
    /// Returns its id.
    pub fn add_guild(&self, name: &str, shard: u32) -> u64 {
        let shards = self.shards();
        assert!(shard < shards, "shard {shard} of {shards}");
        let (id, json) = self.with_state(|s| {
            let id = s.add_guild(name, shard, shards);
            (id, gateway::guild_create_of(s, id))
        });
        self.shared
            .dispatch_if(intents::GUILDS, "GUILD_CREATE", json);
        id
    }

    /// A new guild member without admin rights.
    pub fn add_user(&self, name: &str) -> User {
        self.add_member(name, false)
    }

    /// A new guild member with the Admin role (ADMINISTRATOR).
    pub fn add_admin(&self, name: &str) -> User {
        self.add_member(name, true)
    }

    fn add_member(&self, name: &str, admin: bool) -> User {
        let (user, joins) = self.with_state(|s| {
            let user = User {
                id: s.next_id(),
                name: name.into(),
                bot: false,
            };
            let m = s.add_member(user.clone(), admin);
            let joins: Vec<Value> = s
                .guild_ids()
                .into_iter()
                .map(|g| {
                    let mut j = model::member(&m, g);
                    j["guild_id"] = Value::String(g.to_string());
                    j
                })
                .collect();
            (user, joins)
        });
        // Members belong to every guild of the fake.
        for j in joins {
            self.shared.dispatch_if(1 << 1, "GUILD_MEMBER_ADD", j);
        }
        user
    }

    /// A user who is in no guild with the bot (DMs only).
    pub fn add_stranger(&self, name: &str) -> User {
        self.with_state(|s| {
            let user = User {
                id: s.next_id(),
                name: name.into(),
                bot: false,
            };
            s.users.insert(user.id, user.clone());
            user
        })
    }

    /// A new text channel in the first guild (CHANNEL_CREATE is dispatched).
    pub fn add_channel(&self, name: &str) -> u64 {
        self.add_channel_in(self.guild_id(), name)
    }

    /// A new text channel in the guild `guild` (CHANNEL_CREATE is dispatched).
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        let (id, json) = self.with_state(|s| {
            let id = s.add_channel_in(guild, name, model::channel_type::GUILD_TEXT, None, None);
            (id, s.channel_json(id).unwrap_or_default())
        });
        self.shared
            .dispatch_if(intents::GUILDS, "CHANNEL_CREATE", json);
        id
    }

    /// The DM channel between the bot and `user` (made on first use).
    pub fn dm_channel(&self, user: &User) -> u64 {
        self.with_state(|s| {
            s.users.entry(user.id).or_insert_with(|| user.clone());
            s.dm_channel(user.id).expect("known user")
        })
    }

    pub fn channel(&self, id: u64) -> Option<Channel> {
        self.with_state(|s| s.channels.get(&id).cloned())
    }

    /// Threads the bot created, oldest first.
    pub fn threads(&self) -> Vec<Channel> {
        self.with_state(|s| {
            s.threads_created
                .iter()
                .filter_map(|t| s.channels.get(t).cloned())
                .collect()
        })
    }

    /// Interaction responses later than this get "Unknown interaction"
    /// (Discord: 3 s) and are listed in [`FakeDiscord::anomalies`].
    pub fn set_interaction_deadline(&self, d: Duration) {
        self.with_state(|s| s.interaction_deadline = d);
    }

    // --- gateway -------------------------------------------------------

    /// Identifies so far (a bot restart identifies again).
    pub fn identifies(&self) -> u32 {
        self.shared.gateway.lock().unwrap().identifies
    }

    pub fn resumes(&self) -> u32 {
        self.shared.gateway.lock().unwrap().resumes
    }

    /// The intents of the last Identify.
    pub fn intents(&self) -> u64 {
        self.shared.gateway.lock().unwrap().intents
    }

    /// Whether a gateway session is live (identified or resumed), on
    /// every shard.
    pub fn connected(&self) -> bool {
        self.shared.gateway.lock().unwrap().connected()
    }

    /// Whether `shard` has a live session.
    pub fn shard_connected(&self, shard: u32) -> bool {
        self.shared.gateway.lock().unwrap().shard_connected(shard)
    }

    /// Identifies on `shard` so far.
    pub fn shard_identifies(&self, shard: u32) -> u32 {
        self.shared.gateway.lock().unwrap().sessions[shard as usize].identifies
    }

    /// Waits for `n` Identifies in all on `shard`, with its session live.
    pub async fn wait_shard_identified(&self, shard: u32, n: u32) -> Result<(), WaitError> {
        self.wait_gateway(&format!("Identify #{n} on shard {shard}"), |gw| {
            gw.sessions[shard as usize].identifies >= n && gw.shard_connected(shard)
        })
        .await
    }

    pub fn gateway_events(&self) -> Vec<GatewayEvent> {
        let gw = self.shared.gateway.lock().unwrap();
        gw.events.iter().map(|(e, _)| e.clone()).collect()
    }

    /// Waits for the bot to have identified (READY sent) `n` times in all,
    /// with the session live.
    pub async fn wait_identified(&self, n: u32) -> Result<(), WaitError> {
        self.wait_gateway(&format!("Identify #{n}"), |gw| {
            gw.identifies >= n && gw.connected()
        })
        .await
    }

    /// Polls the gateway's state until `f` holds. Not through
    /// [`Self::wait_until`]: that holds the state lock, and the gateway
    /// takes its own lock before the state's (an IDENTIFY builds READY
    /// from the state), so the two orders would deadlock.
    pub async fn wait_gateway(
        &self,
        what: &str,
        f: impl Fn(&gateway::GatewayState) -> bool,
    ) -> Result<(), WaitError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        loop {
            if f(&self.shared.gateway.lock().unwrap()) {
                return Ok(());
            }
            if tokio::time::Instant::now() >= deadline {
                return Err(self.wait_error(what.into(), None));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for the first Identify.
    pub async fn wait_ready(&self) -> Result<(), WaitError> {
        self.wait_identified(1).await
    }

    /// Waits for a live session again after a drop (resumed or identified).
    pub async fn wait_connected(&self) -> Result<(), WaitError> {
        self.wait_gateway("a live gateway session", |gw| gw.connected())
            .await
    }

    /// Closes the gateway connection: `Some(code)` sends a close frame (4000
    /// = unknown error, resumable), `None` drops the TCP link.
    pub fn drop_gateway(&self, close_code: Option<u16>) {
        self.shared
            .gateway
            .lock()
            .unwrap()
            .drop_connection(close_code);
        self.shared.touch_any();
    }

    /// Sends op 7 Reconnect.
    pub fn request_reconnect(&self) {
        self.shared.gateway.lock().unwrap().send_op(7, Value::Null);
    }

    /// Sends op 9 Invalid Session.
    pub fn invalidate_session(&self, resumable: bool) {
        self.shared
            .gateway
            .lock()
            .unwrap()
            .send_op(9, Value::Bool(resumable));
    }

    /// Turns heartbeat ACKs off (the bot should then reconnect) or on.
    pub fn set_heartbeat_ack(&self, on: bool) {
        self.shared.gateway.lock().unwrap().ack_heartbeats = on;
    }

    /// The heartbeat interval sent in later Hellos (ms).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.shared.gateway.lock().unwrap().heartbeat_interval = ms;
    }

    pub fn heartbeats(&self) -> u64 {
        self.shared.gateway.lock().unwrap().heartbeats
    }

    /// Dispatches any event (op 0) with its data as given.
    pub fn dispatch(&self, event: &str, data: Value) -> u64 {
        self.shared.dispatch(event, data)
    }

    // --- commands ------------------------------------------------------

    /// The commands registered now (global and guild), as the API lists them.
    pub fn commands(&self) -> Vec<Value> {
        self.with_state(|s| s.commands.values().flatten().cloned().collect())
    }

    /// Waits until commands with all these names are registered.
    pub async fn wait_commands(&self, names: &[&str]) -> Result<Vec<Value>, WaitError> {
        self.wait_until(&format!("commands {names:?}"), |s| {
            let have: Vec<&str> = s
                .commands
                .values()
                .flatten()
                .filter_map(|c| c.get("name").and_then(Value::as_str))
                .collect();
            names
                .iter()
                .all(|n| have.contains(n))
                .then(|| s.commands.values().flatten().cloned().collect())
        })
        .await
    }

    // --- users act -----------------------------------------------------

    fn ensure_member(&self, s: &mut State, user: &User, channel: &Channel) -> Option<Member> {
        s.users.entry(user.id).or_insert_with(|| user.clone());
        channel.guild_id?;
        if let Some(m) = s.members.get(&user.id) {
            return Some(m.clone());
        }
        Some(s.add_member(user.clone(), false))
    }

    /// `user` writes `content` in `channel` (a guild channel, thread or
    /// DM): MESSAGE_CREATE. In guild channels the content only reaches a bot
    /// that asked for the Message Content intent (or is mentioned), and
    /// nothing is dispatched without the matching messages intent, as on
    /// Discord.
    pub fn send_message(&self, user: &User, channel: u64, content: &str) -> Sent {
        let (json, guild) = self.with_state(|s| {
            let ch = s
                .channels
                .get(&channel)
                .cloned()
                .unwrap_or_else(|| panic!("unknown channel {channel}"));
            let member = self.ensure_member(s, user, &ch);
            let id = s.next_id();
            let json = model::user_message(id, &ch, user, member.as_ref(), content);
            s.user_messages.insert(id, json.clone());
            (json, !ch.is_dm())
        });
        let id = json["id"]
            .as_str()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut gw = self.shared.gateway.lock().unwrap();
        let needed = if guild {
            intents::GUILD_MESSAGES
        } else {
            intents::DIRECT_MESSAGES
        };
        let mut json = json;
        let bot_id = self.shared.state.lock().unwrap().bot.id;
        let mentioned = content.contains(&format!("<@{bot_id}>"));
        if guild && gw.intents & intents::MESSAGE_CONTENT == 0 && !mentioned {
            json["content"] = Value::String(String::new());
        }
        let at = Instant::now();
        let seq = if gw.intents & needed != 0 {
            gw.dispatch("MESSAGE_CREATE", json)
        } else {
            0
        };
        Sent {
            id,
            channel_id: channel,
            token: None,
            at,
            seq,
        }
    }

    fn interaction(
        &self,
        user: &User,
        channel: u64,
        kind: u8,
        name: &str,
        source_message: Option<u64>,
        build: impl FnOnce(&mut State, &model::InteractionContext<'_>) -> Value,
    ) -> Sent {
        let (json, id, token) = self.with_state(|s| {
            let ch = s
                .channels
                .get(&channel)
                .cloned()
                .unwrap_or_else(|| panic!("unknown channel {channel}"));
            let member = self.ensure_member(s, user, &ch);
            let id = s.next_id();
            let token = format!("token-{id}");
            let app_id = s.bot.id;
            let ctx = model::InteractionContext {
                id,
                token: &token,
                app_id,
                channel: &ch,
                user,
                member: member.as_ref(),
            };
            let json = build(s, &ctx);
            s.interactions.insert(
                id,
                InteractionRecord {
                    id,
                    token: token.clone(),
                    kind,
                    name: name.into(),
                    channel_id: channel,
                    user_id: user.id,
                    source_message,
                    dispatched_at: Instant::now(),
                    callbacks: Vec::new(),
                    original: None,
                    followups: Vec::new(),
                },
            );
            s.tokens.insert(token.clone(), id);
            (json, id, token)
        });
        let mut gw = self.shared.gateway.lock().unwrap();
        let at = Instant::now();
        if let Some(r) = self.shared.state.lock().unwrap().interactions.get_mut(&id) {
            r.dispatched_at = at;
        }
        let seq = gw.dispatch("INTERACTION_CREATE", json);
        Sent {
            id,
            channel_id: channel,
            token: Some(token),
            at,
            seq,
        }
    }

    /// `user` runs `/name options...` in `channel` (guild channel, thread
    /// or DM). The member carries its permissions (admin or not); user
    /// options are resolved. The command id is the registered one when the
    /// bot registered `name`.
    pub fn slash(
        &self,
        user: &User,
        channel: u64,
        name: &str,
        options: Vec<CommandOption>,
    ) -> Sent {
        self.interaction(user, channel, 2, name, None, |s, ctx| {
            let cid = s.command_id(name).unwrap_or(1);
            let members = |id: u64| s.members.get(&id).cloned();
            model::command_interaction(ctx, cid, name, &options, &members)
        })
    }

    /// `user` clicks the button `custom_id` of the bot's message `msg`.
    pub fn click(&self, user: &User, msg: &Message, custom_id: &str) -> Sent {
        self.component(user, msg, custom_id, 2, None)
    }

    /// `user` picks `values` in the select menu `custom_id` of `msg`.
    pub fn select(&self, user: &User, msg: &Message, custom_id: &str, values: &[&str]) -> Sent {
        let values: Vec<String> = values.iter().map(|v| v.to_string()).collect();
        self.component(user, msg, custom_id, 3, Some(values))
    }

    fn component(
        &self,
        user: &User,
        msg: &Message,
        custom_id: &str,
        component_type: u8,
        values: Option<Vec<String>>,
    ) -> Sent {
        let mid = msg.id;
        self.interaction(user, msg.channel_id, 3, custom_id, Some(mid), |s, ctx| {
            let json = s
                .messages
                .get(&mid)
                .map(|m| m.json.clone())
                .unwrap_or_else(|| msg.json.clone());
            model::component_interaction(ctx, custom_id, component_type, values.as_deref(), json)
        })
    }

    /// Dispatches an INTERACTION_CREATE with `json` as given (for garbage
    /// interactions). Its id and token, if present, are registered so the
    /// bot's answer is recorded. Returns the sequence number.
    pub fn send_interaction_raw(&self, json: Value) -> Sent {
        let id: u64 = json
            .get("id")
            .and_then(Value::as_str)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let token = json.get("token").and_then(Value::as_str).map(str::to_owned);
        let channel_id: u64 = json
            .get("channel_id")
            .and_then(Value::as_str)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        if let Some(t) = &token {
            self.with_state(|s| {
                s.interactions.insert(
                    id,
                    InteractionRecord {
                        id,
                        token: t.clone(),
                        kind: json.get("type").and_then(Value::as_u64).unwrap_or(0) as u8,
                        name: "raw".into(),
                        channel_id,
                        user_id: 0,
                        source_message: None,
                        dispatched_at: Instant::now(),
                        callbacks: Vec::new(),
                        original: None,
                        followups: Vec::new(),
                    },
                );
                s.tokens.insert(t.clone(), id);
            });
        }
        let at = Instant::now();
        let seq = self.dispatch("INTERACTION_CREATE", json);
        Sent {
            id,
            channel_id,
            token,
            at,
            seq,
        }
    }

    /// Discord delivers `sent`'s event once more, with a new sequence
    /// number (as a replay after a resume can). Returns the new sequence.
    pub fn redeliver(&self, sent: &Sent) -> u64 {
        let guild = self.channel(sent.channel_id).and_then(|c| c.guild_id);
        let mut gw = self.shared.gateway.lock().unwrap();
        let shard = guild.map_or(0, |g| gateway::shard_of(g, gw.shards));
        let frame = gw.sessions[shard as usize]
            .backlog
            .iter()
            .find(|(seq, _)| *seq == sent.seq)
            .map(|(_, frame)| frame.clone())
            .expect("the event is still in the gateway's backlog");
        let frame: Value = serde_json::from_str(&frame).expect("a JSON frame");
        let event = frame["t"].as_str().unwrap_or_default().to_owned();
        gw.dispatch(&event, frame["d"].clone())
    }

    /// A fresh snowflake.
    pub fn next_id(&self) -> u64 {
        self.with_state(|s| s.next_id())
    }

    // --- observe -------------------------------------------------------

    /// Waits until `f` returns something (it runs on every change).
    pub async fn wait_until<T>(
        &self,
        what: &str,
        f: impl Fn(&State) -> Option<T>,
    ) -> Result<T, WaitError> {
        let deadline = tokio::time::Instant::now() + self.timeout;
        let mut rx = self.with_state(|s| s.subscribe_any());
        loop {
            if let Some(t) = self.with_state(|s| f(s)) {
                return Ok(t);
            }
            // Gateway changes are not state changes: poll them too.
            let tick = tokio::time::sleep(Duration::from_millis(20));
            tokio::select! {
                r = rx.changed() => { if r.is_err() { break; } }
                _ = tick => {}
                _ = tokio::time::sleep_until(deadline) => break,
            }
            if tokio::time::Instant::now() >= deadline {
                break;
            }
        }
        if let Some(t) = self.with_state(|s| f(s)) {
            return Ok(t);
        }
        Err(self.wait_error(what.into(), None))
    }

    fn wait_error(&self, what: String, channel: Option<u64>) -> WaitError {
        self.with_state(|s| WaitError {
            what,
            seen: channel
                .map(|c| s.feed(c).iter().map(Message::summary).collect())
                .unwrap_or_default(),
            anomalies: s.anomalies.clone(),
            api_errors: s
                .requests
                .iter()
                .filter(|r| r.status >= 400 && !r.injected)
                .map(|r| {
                    format!(
                        "{} {} -> {} {}",
                        r.method,
                        r.path,
                        r.status,
                        r.error.as_deref().unwrap_or("")
                    )
                })
                .collect(),
        })
    }

    /// Waits for the next message (creation or edit) of the bot in
    /// `channel` that `pred` accepts and that no earlier wait took.
    pub async fn wait_message(
        &self,
        channel: u64,
        pred: impl Fn(&Message) -> bool,
    ) -> Result<Message, WaitError> {
        self.wait_message_for(channel, self.timeout, pred).await
    }

    /// [`FakeDiscord::wait_message`] with its own timeout.
    pub async fn wait_message_for(
        &self,
        channel: u64,
        timeout: Duration,
        pred: impl Fn(&Message) -> bool,
    ) -> Result<Message, WaitError> {
        let deadline = tokio::time::Instant::now() + timeout;
        let mut rx = self.with_state(|s| s.subscribe(channel));
        loop {
            if let Some(m) = self.with_state(|s| s.take(channel, &pred)) {
                return Ok(m);
            }
            tokio::select! {
                r = rx.changed() => { if r.is_err() { break; } }
                _ = tokio::time::sleep_until(deadline) => break,
            }
        }
        if let Some(m) = self.with_state(|s| s.take(channel, &pred)) {
            return Ok(m);
        }
        Err(self.wait_error(
            format!("a matching message in channel {channel}"),
            Some(channel),
        ))
    }

    /// The next message of the bot in `channel`, whatever it is.
    pub async fn next_message(&self, channel: u64) -> Result<Message, WaitError> {
        self.wait_message(channel, |_| true).await
    }

    /// The bot's answer to `sent`: for an interaction, its response or a
    /// followup (a deferred "thinking" placeholder is skipped: the edit that
    /// fills it is the answer); for a message, the next message of the bot
    /// in that channel. `pred` filters further.
    pub async fn wait_reply(
        &self,
        sent: &Sent,
        pred: impl Fn(&Message) -> bool,
    ) -> Result<Message, WaitError> {
        let is_interaction = sent.token.is_some();
        let iid = sent.id;
        self.wait_message(sent.channel_id, move |m| {
            let ours = !is_interaction
                || matches!(m.origin, Origin::Response { interaction_id } | Origin::Followup { interaction_id } if interaction_id == iid);
            ours && !m.thinking && pred(m)
        })
        .await
    }

    /// Waits for the interaction's callback (any type) and returns the record.
    pub async fn wait_acknowledged(&self, sent: &Sent) -> Result<InteractionRecord, WaitError> {
        let id = sent.id;
        self.wait_until(&format!("a callback for interaction {id}"), |s| {
            s.interactions
                .get(&id)
                .filter(|r| !r.callbacks.is_empty())
                .cloned()
        })
        .await
    }

    /// Waits `quiet` and fails with what arrived if the bot showed anything
    /// new in `channel` meanwhile (entries no wait took yet count).
    pub async fn assert_silent(&self, channel: u64, quiet: Duration) -> Result<(), Message> {
        tokio::time::sleep(quiet).await;
        match self.with_state(|s| s.take(channel, &|_| true)) {
            Some(m) => Err(m),
            None => Ok(()),
        }
    }

    /// Marks everything shown so far in `channel` as read.
    pub fn skip(&self, channel: u64) {
        self.with_state(|s| s.consume_all(channel));
    }

    /// The bot's messages in `channel` as they are now, oldest first.
    pub fn messages(&self, channel: u64) -> Vec<Message> {
        self.with_state(|s| s.channel_messages(channel))
    }

    /// Every creation and edit in `channel`, in order.
    pub fn feed(&self, channel: u64) -> Vec<Message> {
        self.with_state(|s| s.feed(channel))
    }

    pub fn message(&self, id: u64) -> Option<Message> {
        self.with_state(|s| s.messages.get(&id).cloned())
    }

    pub fn interaction_record(&self, id: u64) -> Option<InteractionRecord> {
        self.with_state(|s| s.interactions.get(&id).cloned())
    }

    /// Waits for a thread (created by the bot) that `pred` accepts.
    pub async fn wait_thread(&self, pred: impl Fn(&Channel) -> bool) -> Result<Channel, WaitError> {
        self.wait_until("a thread", |s| {
            s.threads_created
                .iter()
                .filter_map(|t| s.channels.get(t))
                .find(|c| pred(c))
                .cloned()
        })
        .await
    }

    /// The bytes of an attachment by its URL (as in the message JSON).
    pub fn attachment_bytes(&self, url: &str) -> Option<Vec<u8>> {
        self.with_state(|s| {
            s.attachments
                .values()
                .find(|a| a.url == url)
                .map(|a| a.bytes.to_vec())
        })
    }

    /// Every request the bot made.
    pub fn requests(&self) -> Vec<RequestLog> {
        self.with_state(|s| s.requests.clone())
    }

    /// Requests the fake refused (4xx/5xx not injected): each a bot bug or
    /// a route the fake lacks.
    pub fn api_errors(&self) -> Vec<RequestLog> {
        self.with_state(|s| {
            s.requests
                .iter()
                .filter(|r| r.status >= 400 && !r.injected)
                .cloned()
                .collect()
        })
    }

    /// What Discord would refuse or show wrong (see [`State::anomalies`]).
    pub fn anomalies(&self) -> Vec<String> {
        self.with_state(|s| s.anomalies.clone())
    }

    /// Panics if the bot got API errors or caused anomalies.
    pub fn assert_clean(&self) {
        let errors = self.api_errors();
        let anomalies = self.anomalies();
        assert!(
            errors.is_empty() && anomalies.is_empty(),
            "API errors: {errors:#?}\nanomalies: {anomalies:#?}"
        );
    }

    /// Answers the next matching requests with an HTTP failure.
    pub fn inject(&self, fault: Fault) {
        self.with_state(|s| s.faults.push(fault));
    }
}
