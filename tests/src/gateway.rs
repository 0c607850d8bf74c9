//! The fake gateway: a websocket on `/ws` speaking Discord's gateway
//! protocol with plain JSON text frames: Hello (op 10), Identify (op 2)
//! answered by READY and GUILD_CREATE, heartbeats (op 1) and their ACKs
//! (op 11), RESUME (op 6) with replay of missed dispatches, and dispatches
//! (op 0) of whatever the tests send. A test can drop the connection (with a
//! close code or abruptly), ask the bot to reconnect (op 7) or invalidate
//! the session (op 9).
//!
//! The bot may be split into shards ([`GatewayState::set_shards`]): then
//! `GET /gateway/bot` advises that many, each Identify names its
//! `shard: [id, total]` and opens that shard's session (READY and
//! GUILD_CREATE carry only its guilds), and every dispatch goes to the
//! shard of its guild, `(guild_id >> 22) % total`, DMs to shard 0, each
//! session numbering its own. Several processes can so run one bot.

use crate::model;
use crate::Shared;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State as AxumState;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;

/// Gateway intents the fake honours.
pub mod intents {
    pub const GUILDS: u64 = 1 << 0;
    pub const GUILD_MESSAGES: u64 = 1 << 9;
    pub const DIRECT_MESSAGES: u64 = 1 << 12;
    pub const MESSAGE_CONTENT: u64 = 1 << 15;
}

/// What happened on the gateway, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GatewayEvent {
    Connected,
    Identified {
        intents: u64,
        shard: u32,
    },
    Resumed {
        seq: u64,
    },
    /// A RESUME for a session the fake does not know: answered with op 9.
    ResumeRefused,
    Disconnected,
}

pub(crate) enum Out {
    Text(String),
    Close(u16),
    Drop,
}

struct Conn {
    id: u64,
    tx: mpsc::UnboundedSender<Out>,
    /// The shard it serves. With one shard that is known at once; with
    /// more, only its Identify (or the session its Resume names) tells.
    shard: Option<u32>,
    /// Identified or resumed: dispatches may flow.
    live: bool,
}

/// One shard's session: its sequence and the dispatches a RESUME replays.
#[derive(Default)]
pub struct Session {
    pub session_id: Option<String>,
    pub seq: u64,
    pub(crate) backlog: Vec<(u64, String)>,
    /// Identifies on this shard.
    pub identifies: u32,
}

/// Gateway bookkeeping (inside `Shared`).
pub struct GatewayState {
    /// How many shards the bot is told to run (`GET /gateway/bot`), and so
    /// how guilds' events are split among sessions.
    pub shards: u32,
    /// One per shard, indexed by shard id.
    pub sessions: Vec<Session>,
    conns: Vec<Conn>,
    next_conn: u64,
    /// Identifies on all shards.
    pub identifies: u32,
    pub resumes: u32,
    pub intents: u64,
    pub token: Option<String>,
    pub heartbeats: u64,
    /// Milliseconds, sent in Hello.
    pub heartbeat_interval: u64,
    /// Answer heartbeats (turn off to make the bot think the link is dead).
    pub ack_heartbeats: bool,
    pub events: Vec<(GatewayEvent, Instant)>,
    pub presences: Vec<Value>,
}

/// The shard that receives a guild's events: Discord's rule.
pub fn shard_of(guild_id: u64, shards: u32) -> u32 {
    ((guild_id >> 22) % u64::from(shards.max(1))) as u32
}

/// The guild an event belongs to, if any: its `guild_id`, or for the
/// guild's own events (GUILD_CREATE, GUILD_UPDATE) its `id`.
fn guild_of(event: &str, data: &Value) -> Option<u64> {
    let id = |v: &Value| v.as_str().and_then(|s| s.parse().ok());
    data.get("guild_id").and_then(id).or_else(|| {
        event
            .starts_with("GUILD_")
            .then(|| data.get("id").and_then(id))
            .flatten()
    })
}

impl GatewayState {
    pub fn new() -> Self {
        GatewayState {
            shards: 1,
            sessions: vec![Session::default()],
            conns: Vec::new(),
            next_conn: 0,
            identifies: 0,
            resumes: 0,
            intents: 0,
            token: None,
            heartbeats: 0,
            heartbeat_interval: 41_250,
            ack_heartbeats: true,
            events: Vec::new(),
            presences: Vec::new(),
        }
    }

    /// Splits the bot into `shards` shards (before it connects).
    pub fn set_shards(&mut self, shards: u32) {
        let shards = shards.max(1);
        self.shards = shards;
        self.sessions.resize_with(shards as usize, Session::default);
    }

    /// Every shard has a live session.
    pub fn connected(&self) -> bool {
        (0..self.shards).all(|s| self.shard_connected(s))
    }

    /// `shard` has a live session.
    pub fn shard_connected(&self, shard: u32) -> bool {
        self.conns.iter().any(|c| c.shard == Some(shard) && c.live)
    }

    /// The session of the first shard (the only one, unless sharded).
    pub fn session_id(&self) -> Option<&str> {
        self.sessions[0].session_id.as_deref()
    }

    fn conn_of(&self, shard: u32) -> Option<&Conn> {
        self.conns.iter().find(|c| c.shard == Some(shard))
    }

    fn send(&self, shard: u32, text: String) {
        if let Some(c) = self.conn_of(shard) {
            let _ = c.tx.send(Out::Text(text));
        }
    }

    /// The connection now serves `shard`; one that served it before is
    /// dropped, as Discord keeps one session per shard.
    fn bind(&mut self, conn_id: u64, shard: u32) {
        self.conns.retain(|c| {
            let old = c.shard == Some(shard) && c.id != conn_id;
            if old {
                let _ = c.tx.send(Out::Drop);
            }
            !old
        });
        if let Some(c) = self.conns.iter_mut().find(|c| c.id == conn_id) {
            c.shard = Some(shard);
        }
    }

    fn set_live(&mut self, conn_id: u64) {
        if let Some(c) = self.conns.iter_mut().find(|c| c.id == conn_id) {
            c.live = true;
        }
    }

    /// The shard an event goes to: its guild's, and shard 0 for DMs and
    /// events of no guild.
    pub fn route(&self, event: &str, data: &Value) -> u32 {
        guild_of(event, data).map_or(0, |g| shard_of(g, self.shards))
    }

    /// Queues a dispatch on its guild's shard: numbered, kept for RESUME,
    /// sent if that shard's session is live.
    pub fn dispatch(&mut self, event: &str, data: Value) -> u64 {
        let shard = self.route(event, &data);
        self.dispatch_to(shard, event, data)
    }

    /// Queues a dispatch on `shard`'s session.
    pub fn dispatch_to(&mut self, shard: u32, event: &str, data: Value) -> u64 {
        let live = self.shard_connected(shard);
        let session = &mut self.sessions[shard as usize];
        session.seq += 1;
        let seq = session.seq;
        let frame = json!({"op": 0, "s": seq, "t": event, "d": data}).to_string();
        session.backlog.push((seq, frame.clone()));
        if session.backlog.len() > 50_000 {
            session.backlog.drain(..10_000);
        }
        if live {
            self.send(shard, frame);
        }
        seq
    }

    /// Closes every connection: with a close frame (`Some(code)`; 4000
    /// lets serenity resume) or abruptly (`None`).
    pub fn drop_connection(&mut self, code: Option<u16>) {
        for c in self.conns.drain(..) {
            let _ = c.tx.send(code.map_or(Out::Drop, Out::Close));
        }
    }

    /// Sends a raw op (7 reconnect, 9 invalid session, ...) on every shard.
    pub fn send_op(&self, op: u8, d: Value) {
        for c in &self.conns {
            let _ = c.tx.send(Out::Text(json!({"op": op, "d": d}).to_string()));
        }
    }
}

impl Default for GatewayState {
    fn default() -> Self {
        Self::new()
    }
}

pub(crate) async fn ws_handler(
    AxumState(shared): AxumState<Arc<Shared>>,
    ws: WebSocketUpgrade,
) -> Response {
    ws.max_message_size(16 << 20)
        .on_upgrade(move |socket| session(shared, socket))
}

async fn session(shared: Arc<Shared>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let conn_id = {
        let mut gw = shared.gateway.lock().unwrap();
        gw.next_conn += 1;
        let id = gw.next_conn;
        gw.conns.push(Conn {
            id,
            tx: tx.clone(),
            shard: None,
            live: false,
        });
        // Unsharded, a new connection replaces the old one at once, as a
        // client only keeps one.
        if gw.shards == 1 {
            gw.bind(id, 0);
        }
        gw.events.push((GatewayEvent::Connected, Instant::now()));
        let hello = json!({"op": 10, "d": {"heartbeat_interval": gw.heartbeat_interval}});
        let _ = tx.send(Out::Text(hello.to_string()));
        id
    };
    shared.touch_any();

    let writer = tokio::spawn(async move {
        while let Some(out) = rx.recv().await {
            match out {
                Out::Text(t) => {
                    if sink.send(WsMessage::Text(t.into())).await.is_err() {
                        break;
                    }
                }
                Out::Close(code) => {
                    let frame = CloseFrame {
                        code,
                        reason: "fake gateway closed the connection".into(),
                    };
                    let _ = sink.send(WsMessage::Close(Some(frame))).await;
                    break;
                }
                Out::Drop => break,
            }
        }
        // Dropping the sink half (and the stream half below) ends the TCP link.
    });

    while let Some(Ok(msg)) = stream.next().await {
        let text = match msg {
            WsMessage::Text(t) => t.to_string(),
            WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
            WsMessage::Close(_) => break,
            _ => continue,
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if !handle_op(&shared, conn_id, &tx, v) {
            break;
        }
        if writer.is_finished() {
            break;
        }
    }
    writer.abort();
    {
        let mut gw = shared.gateway.lock().unwrap();
        gw.conns.retain(|c| c.id != conn_id);
        gw.events.push((GatewayEvent::Disconnected, Instant::now()));
    }
    shared.touch_any();
}

/// Handles one frame from the bot; false ends the session.
fn handle_op(
    shared: &Arc<Shared>,
    conn_id: u64,
    tx: &mpsc::UnboundedSender<Out>,
    v: Value,
) -> bool {
    let op = v.get("op").and_then(Value::as_u64).unwrap_or(u64::MAX);
    let d = v.get("d").cloned().unwrap_or(Value::Null);
    let mut gw = shared.gateway.lock().unwrap();
    if !gw.conns.iter().any(|c| c.id == conn_id) {
        return false; // replaced by a newer connection
    }
    match op {
        1 => {
            gw.heartbeats += 1;
            if gw.ack_heartbeats {
                let _ = tx.send(Out::Text(json!({"op": 11}).to_string()));
            }
        }
        2 => {
            let Some(shard) = identified_shard(&d, gw.shards) else {
                // Discord: 4010 Invalid shard (or 4011 when sharding is required).
                let _ = tx.send(Out::Close(4010));
                return true;
            };
            let intents = d.get("intents").and_then(Value::as_u64).unwrap_or(0);
            gw.intents = intents;
            gw.token = d.get("token").and_then(Value::as_str).map(Into::into);
            gw.identifies += 1;
            gw.bind(conn_id, shard);
            let session_id = format!("fake-session-{}-{}", conn_id, gw.identifies);
            let total = gw.shards;
            let session = &mut gw.sessions[shard as usize];
            session.identifies += 1;
            session.session_id = Some(session_id.clone());
            session.seq = 0;
            session.backlog.clear();
            gw.set_live(conn_id);
            let (ready, guilds) = {
                let st = shared.state.lock().unwrap();
                let ids: Vec<u64> = st
                    .guild_ids()
                    .into_iter()
                    .filter(|&g| shard_of(g, total) == shard)
                    .collect();
                let ready = model::ready_on_shard(
                    &st.bot,
                    &ids,
                    &session_id,
                    &shared.ws_url,
                    [shard, total],
                );
                let guilds: Vec<Value> = if intents & intents::GUILDS != 0 {
                    ids.iter().map(|&g| guild_create_of(&st, g)).collect()
                } else {
                    Vec::new()
                };
                (ready, guilds)
            };
            gw.dispatch_to(shard, "READY", ready);
            for g in guilds {
                gw.dispatch_to(shard, "GUILD_CREATE", g);
            }
            gw.events
                .push((GatewayEvent::Identified { intents, shard }, Instant::now()));
            drop(gw);
            shared.touch_any();
        }
        3 => gw.presences.push(d),
        6 => {
            let session = d.get("session_id").and_then(Value::as_str).unwrap_or("");
            let seq = d.get("seq").and_then(Value::as_u64).unwrap_or(0);
            let shard = gw
                .sessions
                .iter()
                .position(|s| !session.is_empty() && s.session_id.as_deref() == Some(session));
            if let Some(shard) = shard {
                let shard = shard as u32;
                gw.resumes += 1;
                gw.bind(conn_id, shard);
                for (s, frame) in &gw.sessions[shard as usize].backlog {
                    if *s > seq {
                        let _ = tx.send(Out::Text(frame.clone()));
                    }
                }
                gw.set_live(conn_id);
                gw.dispatch_to(shard, "RESUMED", json!({}));
                gw.events
                    .push((GatewayEvent::Resumed { seq }, Instant::now()));
            } else {
                let _ = tx.send(Out::Text(json!({"op": 9, "d": false}).to_string()));
                gw.events
                    .push((GatewayEvent::ResumeRefused, Instant::now()));
            }
            drop(gw);
            shared.touch_any();
        }
        _ => {}
    }
    true
}

/// The shard an Identify asks for (`shard: [id, total]`, or none: shard
/// 0 of 1), if it is one of the fake's.
fn identified_shard(d: &Value, shards: u32) -> Option<u32> {
    let Some(pair) = d.get("shard").and_then(Value::as_array) else {
        return (shards == 1).then_some(0);
    };
    let n = |i: usize| pair.get(i).and_then(Value::as_u64);
    let (id, total) = (n(0)?, n(1)?);
    (total == u64::from(shards) && id < total).then_some(id as u32)
}

/// GUILD_CREATE for the first guild as it is now.
pub fn guild_create_json(st: &crate::state::State) -> Value {
    guild_create_of(st, st.guild.id)
}

/// GUILD_CREATE for the guild `guild_id` as it is now.
pub fn guild_create_of(st: &crate::state::State, guild_id: u64) -> Value {
    let mut members: Vec<_> = st.members.values().cloned().collect();
    members.sort_by_key(|m| m.user.id);
    let mut channels: Vec<_> = st
        .channels
        .values()
        .filter(|c| c.guild_id == Some(guild_id))
        .cloned()
        .collect();
    channels.sort_by_key(|c| c.id);
    let guild = st.guild_by_id(guild_id).expect("a guild of the fake");
    model::guild_create(guild, &st.roles_of(guild_id), &members, &channels)
}
