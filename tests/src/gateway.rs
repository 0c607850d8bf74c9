//! The fake gateway: a websocket on `/ws` speaking Discord's gateway
//! protocol with plain JSON text frames: Hello (op 10), Identify (op 2)
//! answered by READY and GUILD_CREATE, heartbeats (op 1) and their ACKs
//! (op 11), RESUME (op 6) with replay of missed dispatches, and dispatches
//! (op 0) of whatever the tests send. A test can drop the connection (with a
//! close code or abruptly), ask the bot to reconnect (op 7) or invalidate
//! the session (op 9).

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
    /// Identified or resumed: dispatches may flow.
    live: bool,
}

/// Gateway bookkeeping (inside `Shared`).
pub struct GatewayState {
    pub session_id: Option<String>,
    pub seq: u64,
    /// Dispatches of the current session (for RESUME replay).
    pub(crate) backlog: Vec<(u64, String)>,
    conn: Option<Conn>,
    next_conn: u64,
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

impl GatewayState {
    pub fn new() -> Self {
        GatewayState {
            session_id: None,
            seq: 0,
            backlog: Vec::new(),
            conn: None,
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

    pub fn connected(&self) -> bool {
        self.conn.as_ref().is_some_and(|c| c.live)
    }

    fn send(&self, text: String) {
        if let Some(c) = &self.conn {
            let _ = c.tx.send(Out::Text(text));
        }
    }

    /// Queues a dispatch: numbered, kept for RESUME, sent if a session is live.
    pub fn dispatch(&mut self, event: &str, data: Value) -> u64 {
        self.seq += 1;
        let frame = json!({"op": 0, "s": self.seq, "t": event, "d": data}).to_string();
        if self.connected() {
            self.send(frame.clone());
        }
        self.backlog.push((self.seq, frame));
        if self.backlog.len() > 50_000 {
            self.backlog.drain(..10_000);
        }
        self.seq
    }

    /// Closes the live connection: with a close frame (`Some(code)`; 4000
    /// lets serenity resume) or abruptly (`None`).
    pub fn drop_connection(&mut self, code: Option<u16>) {
        if let Some(c) = self.conn.take() {
            let _ = c.tx.send(code.map_or(Out::Drop, Out::Close));
        }
    }

    /// Sends a raw op (7 reconnect, 9 invalid session, ...).
    pub fn send_op(&self, op: u8, d: Value) {
        self.send(json!({"op": op, "d": d}).to_string());
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
        // A new connection replaces the old one, as a client only keeps one.
        if let Some(old) = gw.conn.take() {
            let _ = old.tx.send(Out::Drop);
        }
        gw.conn = Some(Conn {
            id,
            tx: tx.clone(),
            live: false,
        });
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
        if gw.conn.as_ref().is_some_and(|c| c.id == conn_id) {
            gw.conn = None;
        }
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
    if gw.conn.as_ref().is_none_or(|c| c.id != conn_id) {
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
            let intents = d.get("intents").and_then(Value::as_u64).unwrap_or(0);
            gw.intents = intents;
            gw.token = d.get("token").and_then(Value::as_str).map(Into::into);
            gw.identifies += 1;
            let session_id = format!("fake-session-{}-{}", conn_id, gw.identifies);
            gw.session_id = Some(session_id.clone());
            gw.seq = 0;
            gw.backlog.clear();
            if let Some(c) = gw.conn.as_mut() {
                c.live = true;
            }
            let (ready, guild) = {
                let st = shared.state.lock().unwrap();
                let ready = model::ready(&st.bot, &[st.guild.id], &session_id, &shared.ws_url);
                let guild = (intents & intents::GUILDS != 0).then(|| guild_create_json(&st));
                (ready, guild)
            };
            gw.dispatch("READY", ready);
            if let Some(g) = guild {
                gw.dispatch("GUILD_CREATE", g);
            }
            gw.events
                .push((GatewayEvent::Identified { intents }, Instant::now()));
            drop(gw);
            shared.touch_any();
        }
        3 => gw.presences.push(d),
        6 => {
            let session = d.get("session_id").and_then(Value::as_str).unwrap_or("");
            let seq = d.get("seq").and_then(Value::as_u64).unwrap_or(0);
            if gw.session_id.as_deref() == Some(session) && !session.is_empty() {
                gw.resumes += 1;
                for (s, frame) in &gw.backlog {
                    if *s > seq {
                        let _ = tx.send(Out::Text(frame.clone()));
                    }
                }
                if let Some(c) = gw.conn.as_mut() {
                    c.live = true;
                }
                gw.dispatch("RESUMED", json!({}));
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

/// GUILD_CREATE for the fake guild as it is now.
pub fn guild_create_json(st: &crate::state::State) -> Value {
    let mut members: Vec<_> = st.members.values().cloned().collect();
    members.sort_by_key(|m| m.user.id);
    let mut channels: Vec<_> = st
        .channels
        .values()
        .filter(|c| c.guild_id == Some(st.guild.id))
        .cloned()
        .collect();
    channels.sort_by_key(|c| c.id);
    model::guild_create(&st.guild, &st.roles, &members, &channels)
}
