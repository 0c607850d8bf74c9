//! The fake REST API under `/api/v{n}`: the routes serenity 0.12.5 calls for
//! what the bot does (gateway URL, application info, messages with files,
//! interaction callbacks, followups and `@original` edits, threads, DMs,
//! command registration, guild look-ups), with Discord's checks where a bot
//! bug would show (empty or over-long messages, double acknowledgements,
//! late responses, unknown channels). Files come as multipart
//! (`files[n]` + `payload_json`) and are decoded and kept. Injected faults
//! (429, 500, ...) answer before routing.

use crate::gateway::intents;
use crate::model::{self, channel_type, Channel};
use crate::state::{
    Attachment, Fault, InteractionRecord, Message, Origin, Registration, RequestLog,
};
use crate::Shared;
use axum::body::{to_bytes, Body};
use axum::extract::{FromRequest, Multipart, Request, State as AxumState};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Instant;

/// A file part of a multipart body.
struct FilePart {
    /// `n` of `files[n]`.
    index: u64,
    filename: String,
    content_type: Option<String>,
    bytes: Vec<u8>,
}

/// A request body: JSON (or `payload_json`) and files.
struct Body_ {
    json: Value,
    files: Vec<FilePart>,
}

/// An API error: status, Discord error code, message.
struct ApiError(StatusCode, u32, String);

impl ApiError {
    fn new(status: u16, code: u32, message: impl Into<String>) -> Self {
        ApiError(
            StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST),
            code,
            message.into(),
        )
    }
    fn unknown_channel() -> Self {
        Self::new(404, 10003, "Unknown Channel")
    }
    fn unknown_message() -> Self {
        Self::new(404, 10008, "Unknown Message")
    }
    fn unknown_interaction() -> Self {
        Self::new(404, 10062, "Unknown interaction")
    }
    fn unknown_webhook() -> Self {
        Self::new(404, 10015, "Unknown Webhook")
    }
    fn invalid_form(what: impl Into<String>) -> Self {
        Self::new(400, 50035, format!("Invalid Form Body: {}", what.into()))
    }
}

type Reply = Result<(StatusCode, Option<Value>), ApiError>;

fn ok(v: Value) -> Reply {
    Ok((StatusCode::OK, Some(v)))
}

fn no_content() -> Reply {
    Ok((StatusCode::NO_CONTENT, None))
}

async fn read_body(req: Request) -> Result<Body_, ApiError> {
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !is_multipart {
        let bytes = to_bytes(req.into_body(), 64 << 20)
            .await
            .map_err(|e| ApiError::new(400, 50109, format!("body: {e}")))?;
        let json = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).map_err(|e| {
                ApiError::new(
                    400,
                    50109,
                    format!("The request body contains invalid JSON: {e}"),
                )
            })?
        };
        return Ok(Body_ {
            json,
            files: Vec::new(),
        });
    }
    let mut mp = Multipart::from_request(req, &())
        .await
        .map_err(|e| ApiError::new(400, 50109, format!("multipart: {e}")))?;
    let mut out = Body_ {
        json: Value::Null,
        files: Vec::new(),
    };
    while let Some(field) = mp
        .next_field()
        .await
        .map_err(|e| ApiError::new(400, 50109, format!("multipart: {e}")))?
    {
        let name = field.name().unwrap_or("").to_string();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| ApiError::new(400, 50109, format!("multipart: {e}")))?;
        if name == "payload_json" {
            out.json = serde_json::from_slice(&bytes)
                .map_err(|e| ApiError::new(400, 50109, format!("payload_json: {e}")))?;
        } else if let Some(index) = name
            .strip_prefix("files[")
            .and_then(|s| s.strip_suffix(']'))
            .and_then(|s| s.parse().ok())
        {
            out.files.push(FilePart {
                index,
                filename: filename.unwrap_or_else(|| format!("file{index}")),
                content_type,
                bytes: bytes.to_vec(),
            });
        } else {
            return Err(ApiError::invalid_form(format!(
                "unexpected multipart field {name:?}"
            )));
        }
    }
    Ok(out)
}

/// The catch-all REST handler.
pub(crate) async fn handle(AxumState(shared): AxumState<Arc<Shared>>, req: Request) -> Response {
    let at = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let api_path = strip_api(&path);

    let injected = {
        let mut st = shared.state.lock().unwrap();
        st.take_fault(method.as_str(), api_path.as_deref().unwrap_or(&path))
    };
    if let Some(fault) = injected {
        let resp = fault_response(&fault);
        log(
            &shared,
            &method,
            &path,
            resp.status().as_u16(),
            at,
            true,
            Some(format!("injected {}", fault.status)),
        );
        return resp;
    }

    let result = match api_path {
        Some(p) => match read_body(req).await {
            Ok(body) => route(&shared, &method, &p, body),
            Err(e) => Err(e),
        },
        None => Err(ApiError::new(404, 0, format!("404: Not Found ({path})"))),
    };
    let (status, body, error) = match result {
        Ok((status, body)) => (status, body, None),
        Err(ApiError(status, code, message)) => {
            let body = model::api_error(code, &message);
            (status, Some(body), Some(format!("{code} {message}")))
        }
    };
    log(&shared, &method, &path, status.as_u16(), at, false, error);
    match body {
        Some(v) => {
            let mut r = (status, v.to_string()).into_response();
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            r
        }
        None => status.into_response(),
    }
}

fn log(
    shared: &Shared,
    method: &Method,
    path: &str,
    status: u16,
    at: Instant,
    injected: bool,
    error: Option<String>,
) {
    let mut st = shared.state.lock().unwrap();
    st.requests.push(RequestLog {
        method: method.to_string(),
        path: path.to_string(),
        status,
        at,
        injected,
        error,
    });
}

fn fault_response(f: &Fault) -> Response {
    let status = StatusCode::from_u16(f.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = if f.status == 429 {
        json!({"message": "You are being rate limited.", "retry_after": f.retry_after, "global": false, "code": 0})
    } else {
        json!({"message": format!("{}: injected failure", f.status), "code": 0})
    };
    let mut r = (status, body.to_string()).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if f.status == 429 {
        let secs = format!("{}", f.retry_after);
        if let Ok(v) = HeaderValue::from_str(&secs) {
            h.insert("retry-after", v.clone());
            h.insert("x-ratelimit-reset-after", v);
        }
        h.insert("x-ratelimit-limit", HeaderValue::from_static("5"));
        h.insert("x-ratelimit-remaining", HeaderValue::from_static("0"));
        h.insert("x-ratelimit-bucket", HeaderValue::from_static("fake"));
        h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
    }
    r
}

/// `/api/v10/x/y` -> `/x/y`.
fn strip_api(path: &str) -> Option<String> {
    let rest = path.strip_prefix("/api")?;
    let rest = match rest.strip_prefix("/v") {
        Some(r) => r.trim_start_matches(|c: char| c.is_ascii_digit()),
        None => rest,
    };
    Some(if rest.is_empty() {
        "/".into()
    } else {
        rest.into()
    })
}

/// `GET /attachments/{id}/{filename}`: the bytes of an attachment.
pub(crate) async fn attachment_route(
    AxumState(shared): AxumState<Arc<Shared>>,
    axum::extract::Path((id, _name)): axum::extract::Path<(u64, String)>,
) -> Response {
    match shared.attachment_by_id(id) {
        Some(a) => {
            let mut r = Response::new(Body::from(a.bytes.to_vec()));
            if let Some(ct) = a
                .content_type
                .as_deref()
                .and_then(|c| HeaderValue::from_str(c).ok())
            {
                r.headers_mut().insert(header::CONTENT_TYPE, ct);
            }
            r
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

fn id(s: &str) -> Result<u64, ApiError> {
    s.parse()
        .map_err(|_| ApiError::invalid_form(format!("value \"{s}\" is not snowflake")))
}

fn route(shared: &Arc<Shared>, method: &Method, path: &str, body: Body_) -> Reply {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let m = method.as_str();
    match (m, segs.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": shared.ws_url})),
        ("GET", ["gateway", "bot"]) => ok(json!({
            "url": shared.ws_url,
            "shards": shared.gateway.lock().unwrap().shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        })),
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            let st = shared.state.lock().unwrap();
            ok(model::application_info(&st.bot, &st.owner))
        }
        ("GET", ["users", "@me"]) => {
            let st = shared.state.lock().unwrap();
            ok(model::current_user(&st.bot))
        }
        ("GET", ["users", u]) => {
            let st = shared.state.lock().unwrap();
            st.users
                .get(&id(u)?)
                .map(model::user)
                .map_or_else(|| Err(ApiError::new(404, 10013, "Unknown User")), ok)
        }
        ("POST", ["users", "@me", "channels"]) => {
            let recipient = body
                .json
                .get("recipient_id")
                .and_then(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .or_else(|| v.as_u64().map(|n| n.to_string()))
                })
                .ok_or_else(|| ApiError::invalid_form("recipient_id: required"))?;
            let mut st = shared.state.lock().unwrap();
            let cid = st
                .dm_channel(id(&recipient)?)
                .ok_or_else(|| ApiError::new(400, 50007, "Cannot send messages to this user"))?;
            ok(st.channel_json(cid).unwrap_or_default())
        }
        ("GET", ["channels", c]) => {
            let st = shared.state.lock().unwrap();
            st.channel_json(id(c)?)
                .map_or_else(|| Err(ApiError::unknown_channel()), ok)
        }
        ("PATCH", ["channels", c]) => edit_channel(shared, id(c)?, body.json),
        ("POST", ["channels", c, "messages"]) => {
            let msg = create_message(shared, id(c)?, body, Origin::Channel, None)?;
            ok(msg.json)
        }
        ("GET", ["channels", c, "messages"]) => {
            let st = shared.state.lock().unwrap();
            let c = id(c)?;
            st.channel(c).ok_or_else(ApiError::unknown_channel)?;
            let mut list: Vec<Value> = st
                .channel_messages(c)
                .iter()
                .map(|m| m.json.clone())
                .collect();
            list.reverse();
            list.truncate(50);
            ok(Value::Array(list))
        }
        ("GET", ["channels", c, "messages", mid]) => {
            let st = shared.state.lock().unwrap();
            let (c, mid) = (id(c)?, id(mid)?);
            if let Some(m) = st
                .messages
                .get(&mid)
                .filter(|m| m.channel_id == c && !m.deleted)
            {
                return ok(m.json.clone());
            }
            st.user_messages
                .get(&mid)
                .cloned()
                .map_or_else(|| Err(ApiError::unknown_message()), ok)
        }
        ("PATCH", ["channels", c, "messages", mid]) => {
            let (c, mid) = (id(c)?, id(mid)?);
            let msg = edit_message(shared, Some(c), mid, body)?;
            ok(msg.json)
        }
        ("DELETE", ["channels", c, "messages", mid]) => {
            delete_message(shared, Some(id(c)?), id(mid)?)?;
            no_content()
        }
        ("POST", ["channels", c, "messages", mid, "threads"]) => {
            create_thread(shared, id(c)?, Some(id(mid)?), body.json)
        }
        ("POST", ["channels", c, "threads"]) => create_thread(shared, id(c)?, None, body.json),
        ("PUT" | "DELETE", ["channels", c, "thread-members", _]) => {
            let st = shared.state.lock().unwrap();
            st.channel(id(c)?).ok_or_else(ApiError::unknown_channel)?;
            no_content()
        }
        ("POST", ["channels", _, "typing"]) => no_content(),
        ("PUT" | "DELETE", ["channels", c, "messages", mid, "reactions", emoji, _]) => {
            let mut st = shared.state.lock().unwrap();
            let (c, mid) = (id(c)?, id(mid)?);
            st.reactions
                .push((c, mid, (*emoji).to_string(), m == "PUT"));
            st.touch(c);
            no_content()
        }
        ("PUT", ["applications", _, "commands"]) => register(shared, None, body.json),
        ("PUT", ["applications", _, "guilds", g, "commands"]) => {
            register(shared, Some(id(g)?), body.json)
        }
        ("GET", ["applications", _, "commands"]) => list_commands(shared, None),
        ("GET", ["applications", _, "guilds", g, "commands"]) => {
            list_commands(shared, Some(id(g)?))
        }
        ("POST", ["applications", _, "commands"]) => upsert_command(shared, None, body.json),
        ("POST", ["applications", _, "guilds", g, "commands"]) => {
            upsert_command(shared, Some(id(g)?), body.json)
        }
        ("POST", ["interactions", iid, token, "callback"]) => {
            callback(shared, id(iid)?, token, body)
        }
        ("POST", ["webhooks", _, token]) => {
            let msg = followup(shared, token, body)?;
            ok(msg.json)
        }
        (_, ["webhooks", _, token, "messages", which]) => {
            webhook_message(shared, m, token, which, body)
        }
        ("GET", ["guilds", g]) => {
            let st = shared.state.lock().unwrap();
            let gid = id(g)?;
            let guild = st
                .guild_by_id(gid)
                .ok_or_else(|| ApiError::new(404, 10004, "Unknown Guild"))?;
            ok(model::partial_guild(guild, &st.roles_of(gid)))
        }
        ("GET", ["guilds", g, "roles"]) => {
            let st = shared.state.lock().unwrap();
            let gid = id(g)?;
            ok(Value::Array(
                st.roles_of(gid)
                    .iter()
                    .map(|r| model::role(r, gid))
                    .collect(),
            ))
        }
        ("GET", ["guilds", g, "channels"]) => {
            let st = shared.state.lock().unwrap();
            let gid = id(g)?;
            let mut list: Vec<&Channel> = st
                .channels
                .values()
                .filter(|c| c.guild_id == Some(gid) && !c.is_thread())
                .collect();
            list.sort_by_key(|c| c.id);
            ok(Value::Array(list.into_iter().map(model::channel).collect()))
        }
        ("GET", ["guilds", g, "members", u]) => {
            let st = shared.state.lock().unwrap();
            let gid = id(g)?;
            st.members
                .get(&id(u)?)
                .map(|mem| model::member(mem, gid))
                .map_or_else(|| Err(ApiError::new(404, 10007, "Unknown Member")), ok)
        }
        _ => Err(ApiError::new(
            404,
            0,
            format!("404: Not Found (fake Discord has no route {m} {path})"),
        )),
    }
}

fn edit_channel(shared: &Arc<Shared>, cid: u64, body: Value) -> Reply {
    let mut st = shared.state.lock().unwrap();
    let ch = st
        .channels
        .get_mut(&cid)
        .ok_or_else(ApiError::unknown_channel)?;
    if let Some(n) = body.get("name").and_then(Value::as_str) {
        ch.name = n.into();
    }
    if let Some(a) = body.get("archived").and_then(Value::as_bool) {
        ch.archived = a;
    }
    if let Some(l) = body.get("locked").and_then(Value::as_bool) {
        ch.locked = l;
    }
    let v = model::channel(ch);
    st.channel_edits.push((cid, body));
    st.touch(cid);
    drop(st);
    shared.dispatch_if(intents::GUILDS, "THREAD_UPDATE", v.clone());
    ok(v)
}

/// Discord's checks on a message payload.
fn validate(payload: &Value, files: usize, existing: Option<&Message>) -> Result<(), ApiError> {
    let content = payload.get("content").and_then(Value::as_str).unwrap_or("");
    if content.chars().count() > 2000 {
        return Err(ApiError::invalid_form(
            "content: Must be 2000 or fewer in length.",
        ));
    }
    let embeds = payload.get("embeds").and_then(Value::as_array);
    if let Some(embeds) = embeds {
        if embeds.len() > 10 {
            return Err(ApiError::invalid_form(
                "embeds: Must be 10 or fewer in length.",
            ));
        }
        let mut total = 0;
        for (i, e) in embeds.iter().enumerate() {
            let len = |p: &str| {
                e.pointer(p)
                    .and_then(Value::as_str)
                    .map_or(0, |s| s.chars().count())
            };
            let check = |p: &str, max: usize| {
                if len(p) > max {
                    Err(ApiError::invalid_form(format!(
                        "embeds.{i}{p}: Must be {max} or fewer in length."
                    )))
                } else {
                    Ok(len(p))
                }
            };
            total += check("/title", 256)?;
            total += check("/description", 4096)?;
            total += check("/footer/text", 2048)?;
            total += check("/author/name", 256)?;
            if let Some(fields) = e.get("fields").and_then(Value::as_array) {
                if fields.len() > 25 {
                    return Err(ApiError::invalid_form(format!(
                        "embeds.{i}.fields: Must be 25 or fewer in length."
                    )));
                }
                for (j, f) in fields.iter().enumerate() {
                    let n = f.get("name").and_then(Value::as_str).unwrap_or("");
                    let v = f.get("value").and_then(Value::as_str).unwrap_or("");
                    if n.is_empty() || v.is_empty() {
                        return Err(ApiError::invalid_form(format!(
                            "embeds.{i}.fields.{j}: name and value are required"
                        )));
                    }
                    if n.chars().count() > 256 || v.chars().count() > 1024 {
                        return Err(ApiError::invalid_form(format!(
                            "embeds.{i}.fields.{j}: too long"
                        )));
                    }
                    total += n.chars().count() + v.chars().count();
                }
            }
        }
        if total > 6000 {
            return Err(ApiError::invalid_form(
                "embeds: Embed size exceeds maximum size of 6000",
            ));
        }
    }
    if let Some(rows) = payload.get("components").and_then(Value::as_array) {
        if rows.len() > 5 {
            return Err(ApiError::invalid_form(
                "components: Must be 5 or fewer in length.",
            ));
        }
        let mut ids = std::collections::HashSet::new();
        for (i, row) in rows.iter().enumerate() {
            let inner = row
                .get("components")
                .and_then(Value::as_array)
                .map_or(&[][..], |v| &v[..]);
            if row.get("type").and_then(Value::as_u64) != Some(1)
                || inner.is_empty()
                || inner.len() > 5
            {
                return Err(ApiError::invalid_form(format!(
                    "components.{i}: an action row holds 1 to 5 components"
                )));
            }
            for (j, c) in inner.iter().enumerate() {
                let custom = c.get("custom_id").and_then(Value::as_str);
                let url = c.get("url").and_then(Value::as_str);
                if custom.is_none() && url.is_none() {
                    return Err(ApiError::invalid_form(format!(
                        "components.{i}.components.{j}: custom_id or url required"
                    )));
                }
                if let Some(cid) = custom {
                    if cid.is_empty() || cid.chars().count() > 100 {
                        return Err(ApiError::invalid_form(format!(
                            "components.{i}.components.{j}.custom_id: 1 to 100 characters"
                        )));
                    }
                    if !ids.insert(cid.to_string()) {
                        return Err(ApiError::invalid_form(format!("components.{i}.components.{j}.custom_id: Component custom id cannot be duplicated")));
                    }
                }
                let label = c
                    .get("label")
                    .and_then(Value::as_str)
                    .map_or(0, |l| l.chars().count());
                if label > 80 {
                    return Err(ApiError::invalid_form(format!(
                        "components.{i}.components.{j}.label: Must be 80 or fewer in length."
                    )));
                }
            }
        }
    }
    let has_content = !content.is_empty();
    let has_embeds = embeds.is_some_and(|e| !e.is_empty());
    let has_components = payload
        .get("components")
        .and_then(Value::as_array)
        .is_some_and(|c| !c.is_empty());
    let kept_files = payload
        .get("attachments")
        .and_then(Value::as_array)
        .is_some_and(|a| !a.is_empty());
    let existing_nonempty = existing.is_some_and(|m| {
        (!m.content.is_empty() && payload.get("content").is_none())
            || (!m.embeds.is_empty() && payload.get("embeds").is_none())
            || (!m.attachments.is_empty() && payload.get("attachments").is_none())
            || (!m.components.is_empty() && payload.get("components").is_none())
    });
    let has_poll = payload.get("poll").is_some_and(|p| !p.is_null());
    let has_stickers = payload
        .get("sticker_ids")
        .and_then(Value::as_array)
        .is_some_and(|s| !s.is_empty());
    if !(has_content
        || has_embeds
        || files > 0
        || kept_files
        || has_components
        || has_poll
        || has_stickers
        || existing_nonempty)
    {
        return Err(ApiError::new(400, 50006, "Cannot send an empty message"));
    }
    Ok(())
}

/// New attachments from the files, plus kept ones from `existing`.
fn attachments_of(
    shared: &Shared,
    next_id: &mut dyn FnMut() -> u64,
    payload: &Value,
    files: Vec<FilePart>,
    existing: Option<&Message>,
) -> Result<Option<Vec<Attachment>>, ApiError> {
    let listed = payload.get("attachments").and_then(Value::as_array);
    if listed.is_none() && files.is_empty() {
        return Ok(None); // unchanged
    }
    let mut out = Vec::new();
    let mut files: Vec<Option<FilePart>> = files.into_iter().map(Some).collect();
    let take_file = |files: &mut Vec<Option<FilePart>>, index: u64| -> Option<FilePart> {
        files
            .iter_mut()
            .find(|f| f.as_ref().is_some_and(|f| f.index == index))
            .and_then(Option::take)
    };
    let mut make = |f: FilePart, description: Option<String>, filename: Option<String>| {
        let aid = next_id();
        let filename = filename.unwrap_or(f.filename);
        Attachment {
            id: aid,
            url: format!("{}/attachments/{aid}/{filename}", shared.base_url),
            filename,
            content_type: f.content_type,
            description,
            bytes: Arc::new(f.bytes),
        }
    };
    if let Some(listed) = listed {
        for a in listed {
            let aid = a
                .get("id")
                .and_then(|v| {
                    v.as_u64()
                        .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
                })
                .ok_or_else(|| ApiError::invalid_form("attachments: id required"))?;
            let description = a.get("description").and_then(Value::as_str).map(Into::into);
            let filename = a.get("filename").and_then(Value::as_str).map(Into::into);
            if let Some(f) = take_file(&mut files, aid) {
                out.push(make(f, description, filename));
            } else if let Some(old) =
                existing.and_then(|m| m.attachments.iter().find(|x| x.id == aid))
            {
                out.push(old.clone());
            } else {
                return Err(ApiError::invalid_form(format!(
                    "attachments: unknown attachment id {aid}"
                )));
            }
        }
    }
    // Files not listed in `attachments` are attached too (Discord does so).
    for f in files.into_iter().flatten() {
        if listed.is_none() {
            if let Some(m) = existing {
                out.extend(m.attachments.iter().cloned());
            }
        }
        out.push(make(f, None, None));
    }
    Ok(Some(out))
}

fn message_json(
    st: &crate::state::State,
    m: &Message,
    interaction: Option<&InteractionRecord>,
) -> Value {
    let channel = st.channels.get(&m.channel_id).cloned().unwrap_or(Channel {
        id: m.channel_id,
        kind: channel_type::GUILD_TEXT,
        name: String::new(),
        guild_id: None,
        parent_id: None,
        recipient: None,
        owner_id: None,
        archived: false,
        locked: false,
    });
    let attachments: Vec<Value> = m
        .attachments
        .iter()
        .map(|a| {
            model::attachment(
                a.id,
                &a.filename,
                a.bytes.len(),
                &a.url,
                a.content_type.as_deref(),
                a.dimensions(),
                m.ephemeral(),
            )
        })
        .collect();
    let user = interaction.and_then(|i| st.users.get(&i.user_id));
    let kind = match (interaction, m.reference) {
        (Some(i), _) if i.kind == 2 => 20,
        (_, Some(_)) => 19,
        _ => 0,
    };
    let reference = m
        .reference
        .map(|r| json!({"message_id": r.to_string(), "channel_id": m.channel_id.to_string()}));
    model::bot_message(
        m.id,
        &channel,
        &st.bot,
        &m.content,
        &m.embeds,
        &m.components,
        &attachments,
        m.flags,
        kind,
        m.version > 0 && !m.thinking,
        interaction
            .zip(user)
            .map(|(i, u)| (i.id, i.name.as_str(), u)),
        reference.as_ref(),
    )
}

fn check_embed_images(st: &mut crate::state::State, m: &Message) {
    for url in m.embed_images() {
        if let Some(name) = url.strip_prefix("attachment://") {
            if m.attachment(name).is_none() {
                st.anomalies.push(format!(
                    "message {} (version {}) embeds {url} but has no attachment named {name:?}: \
                     the picture does not show (attachments: {:?})",
                    m.id,
                    m.version,
                    m.attachments
                        .iter()
                        .map(|a| &a.filename)
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
}

/// Creates a message of the bot in `channel_id`.
fn create_message(
    shared: &Arc<Shared>,
    channel_id: u64,
    body: Body_,
    origin: Origin,
    thinking_flags: Option<u64>,
) -> Result<Message, ApiError> {
    let now = Instant::now();
    let mut st = shared.state.lock().unwrap();
    let channel = st
        .channels
        .get(&channel_id)
        .cloned()
        .ok_or_else(ApiError::unknown_channel)?;
    if channel.locked {
        return Err(ApiError::new(400, 50083, "Thread is locked"));
    }
    let payload = if body.json.is_null() {
        json!({})
    } else {
        body.json
    };
    if thinking_flags.is_none() {
        validate(&payload, body.files.len(), None)?;
    }
    let mid = st.next_id();
    let attachments = {
        let mut ids = Vec::new();
        for _ in 0..body.files.len() + 1 {
            ids.push(st.next_id());
        }
        let mut it = ids.into_iter();
        attachments_of(
            shared,
            &mut || it.next().unwrap_or(0),
            &payload,
            body.files,
            None,
        )?
        .unwrap_or_default()
    };
    let flags =
        thinking_flags.unwrap_or_else(|| payload.get("flags").and_then(Value::as_u64).unwrap_or(0));
    let reference = payload
        .pointer("/message_reference/message_id")
        .and_then(|v| {
            v.as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| v.as_u64())
        });
    if channel.archived {
        if let Some(c) = st.channels.get_mut(&channel_id) {
            c.archived = false; // sending unarchives
        }
    }
    let interaction = match origin {
        Origin::Response { interaction_id } | Origin::Followup { interaction_id } => {
            st.interactions.get(&interaction_id).cloned()
        }
        Origin::Channel => None,
    };
    let mut msg = Message {
        id: mid,
        channel_id,
        author_id: st.bot.id,
        content: payload
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .into(),
        embeds: payload
            .get("embeds")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        components: payload
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        flags: flags & !(1 << 2), // SUPPRESS_EMBEDS kept out of the way; EPHEMERAL kept
        attachments,
        origin,
        thinking: thinking_flags.is_some(),
        version: 0,
        deleted: false,
        reference,
        at: now,
        payload,
        json: Value::Null,
    };
    msg.flags = flags;
    msg.json = message_json(&st, &msg, interaction.as_ref());
    check_embed_images(&mut st, &msg);
    st.publish(msg.clone());
    drop(st);
    if !msg.ephemeral() && !msg.thinking {
        shared.echo_bot_message(&channel, msg.json.clone(), false);
    }
    Ok(msg)
}

/// Edits a message of the bot (`channel` checked when given).
fn edit_message(
    shared: &Arc<Shared>,
    channel: Option<u64>,
    mid: u64,
    body: Body_,
) -> Result<Message, ApiError> {
    let now = Instant::now();
    let mut st = shared.state.lock().unwrap();
    let old = st
        .messages
        .get(&mid)
        .filter(|m| !m.deleted && channel.is_none_or(|c| c == m.channel_id))
        .cloned()
        .ok_or_else(ApiError::unknown_message)?;
    let payload = if body.json.is_null() {
        json!({})
    } else {
        body.json
    };
    validate(&payload, body.files.len(), Some(&old))?;
    let attachments = {
        let mut ids = Vec::new();
        for _ in 0..body.files.len() + 1 {
            ids.push(st.next_id());
        }
        let mut it = ids.into_iter();
        attachments_of(
            shared,
            &mut || it.next().unwrap_or(0),
            &payload,
            body.files,
            Some(&old),
        )?
    };
    let mut msg = old.clone();
    if let Some(c) = payload.get("content") {
        msg.content = c.as_str().unwrap_or("").into();
    }
    if let Some(e) = payload.get("embeds") {
        msg.embeds = e.as_array().cloned().unwrap_or_default();
    }
    if let Some(c) = payload.get("components") {
        msg.components = c.as_array().cloned().unwrap_or_default();
    }
    if let Some(a) = attachments {
        msg.attachments = a;
    }
    if let Some(f) = payload.get("flags").and_then(Value::as_u64) {
        // Only SUPPRESS_EMBEDS may change; EPHEMERAL stays what it was.
        msg.flags = (msg.flags & Message::EPHEMERAL) | (f & !Message::EPHEMERAL);
    }
    let was_thinking = msg.thinking;
    msg.thinking = false;
    msg.version += 1;
    msg.at = now;
    msg.payload = payload;
    let interaction = match msg.origin {
        Origin::Response { interaction_id } | Origin::Followup { interaction_id } => {
            st.interactions.get(&interaction_id).cloned()
        }
        Origin::Channel => None,
    };
    msg.json = message_json(&st, &msg, interaction.as_ref());
    check_embed_images(&mut st, &msg);
    st.publish(msg.clone());
    let channel = st.channels.get(&msg.channel_id).cloned();
    drop(st);
    if let Some(channel) = channel {
        if !msg.ephemeral() {
            // A deferred reply shows up as a new message once it has content.
            shared.echo_bot_message(&channel, msg.json.clone(), !was_thinking);
        }
    }
    Ok(msg)
}

fn delete_message(shared: &Arc<Shared>, channel: Option<u64>, mid: u64) -> Result<(), ApiError> {
    let mut st = shared.state.lock().unwrap();
    let m = st
        .messages
        .get_mut(&mid)
        .filter(|m| !m.deleted && channel.is_none_or(|c| c == m.channel_id))
        .ok_or_else(ApiError::unknown_message)?;
    m.deleted = true;
    let cid = m.channel_id;
    st.touch(cid);
    Ok(())
}

fn create_thread(shared: &Arc<Shared>, parent: u64, from: Option<u64>, body: Value) -> Reply {
    let mut st = shared.state.lock().unwrap();
    let p = st
        .channels
        .get(&parent)
        .cloned()
        .ok_or_else(ApiError::unknown_channel)?;
    if p.is_dm() || p.is_thread() {
        return Err(ApiError::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    let name = body.get("name").and_then(Value::as_str).unwrap_or("");
    if name.is_empty() || name.chars().count() > 100 {
        return Err(ApiError::invalid_form(
            "name: Must be between 1 and 100 in length.",
        ));
    }
    let (tid, kind) = match from {
        Some(mid) => {
            let exists = st
                .messages
                .get(&mid)
                .is_some_and(|m| m.channel_id == parent && !m.deleted)
                || st.user_messages.get(&mid).is_some_and(|m| {
                    m.get("channel_id").and_then(Value::as_str) == Some(&parent.to_string())
                });
            if !exists {
                return Err(ApiError::unknown_message());
            }
            if st.channels.contains_key(&mid) {
                return Err(ApiError::new(
                    400,
                    160004,
                    "A thread has already been created for this message",
                ));
            }
            // Discord gives the thread the id of its starter message.
            (mid, channel_type::PUBLIC_THREAD)
        }
        None => {
            let kind = body
                .get("type")
                .and_then(Value::as_u64)
                .map_or(channel_type::PRIVATE_THREAD, |k| k as u8);
            if !channel_type::is_thread(kind) {
                return Err(ApiError::invalid_form("type: not a thread type"));
            }
            (st.next_id(), kind)
        }
    };
    let bot_id = st.bot.id;
    let guild_id = p.guild_id.unwrap_or(st.guild.id);
    let ch = Channel {
        id: tid,
        kind,
        name: name.into(),
        guild_id: Some(guild_id),
        parent_id: Some(parent),
        recipient: None,
        owner_id: Some(bot_id),
        archived: false,
        locked: false,
    };
    st.channels.insert(tid, ch.clone());
    st.threads_created.push(tid);
    st.touch(parent);
    st.touch(tid);
    drop(st);
    let mut v = model::channel(&ch);
    let mut event = v.clone();
    event["newly_created"] = json!(true);
    shared.dispatch_if(intents::GUILDS, "THREAD_CREATE", event);
    v["newly_created"] = json!(true);
    ok(v)
}

fn register(shared: &Arc<Shared>, guild: Option<u64>, body: Value) -> Reply {
    let list = body
        .as_array()
        .cloned()
        .ok_or_else(|| ApiError::invalid_form("expected an array of commands"))?;
    let mut st = shared.state.lock().unwrap();
    let mut names = std::collections::HashSet::new();
    for (i, c) in list.iter().enumerate() {
        let name = c.get("name").and_then(Value::as_str).unwrap_or("");
        let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
        let valid = !name.is_empty()
            && name.chars().count() <= 32
            && (kind != 1
                || name
                    .chars()
                    .all(|ch| ch.is_lowercase() || ch.is_ascii_digit() || ch == '-' || ch == '_'));
        if !valid {
            return Err(ApiError::invalid_form(format!(
                "{i}.name: Command name is invalid"
            )));
        }
        let desc = c.get("description").and_then(Value::as_str).unwrap_or("");
        if kind == 1 && (desc.is_empty() || desc.chars().count() > 100) {
            return Err(ApiError::invalid_form(format!(
                "{i}.description: Must be between 1 and 100 in length."
            )));
        }
        if !names.insert((name.to_string(), kind)) {
            return Err(ApiError::invalid_form(format!(
                "{i}.name: Application command names must be unique"
            )));
        }
    }
    let app = st.bot.id;
    let mut out = Vec::new();
    for c in &list {
        let name = c.get("name").and_then(Value::as_str).unwrap_or("");
        let cid = st
            .commands
            .get(&guild)
            .and_then(|cs| {
                cs.iter()
                    .find(|x| x.get("name").and_then(Value::as_str) == Some(name))
            })
            .and_then(|x| x.get("id").and_then(Value::as_str))
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| st.next_id());
        out.push(model::command(c, cid, app, guild));
    }
    st.commands.insert(guild, out.clone());
    st.registrations.push(Registration {
        guild_id: guild,
        commands: list,
        at: Instant::now(),
    });
    let g = st.general;
    st.touch(g);
    ok(Value::Array(out))
}

fn list_commands(shared: &Arc<Shared>, guild: Option<u64>) -> Reply {
    let st = shared.state.lock().unwrap();
    ok(Value::Array(
        st.commands.get(&guild).cloned().unwrap_or_default(),
    ))
}

fn upsert_command(shared: &Arc<Shared>, guild: Option<u64>, body: Value) -> Reply {
    let mut st = shared.state.lock().unwrap();
    let app = st.bot.id;
    let name = body
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let cid = st.next_id();
    let cmd = model::command(&body, cid, app, guild);
    let list = st.commands.entry(guild).or_default();
    list.retain(|c| c.get("name").and_then(Value::as_str) != Some(&name));
    list.push(cmd.clone());
    st.registrations.push(Registration {
        guild_id: guild,
        commands: vec![body],
        at: Instant::now(),
    });
    ok(cmd)
}

fn interaction_by_token(shared: &Shared, token: &str) -> Result<InteractionRecord, ApiError> {
    let st = shared.state.lock().unwrap();
    st.tokens
        .get(token)
        .and_then(|i| st.interactions.get(i))
        .cloned()
        .ok_or_else(ApiError::unknown_webhook)
}

fn callback(shared: &Arc<Shared>, iid: u64, token: &str, body: Body_) -> Reply {
    let now = Instant::now();
    let kind = body.json.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
    let rec = {
        let mut st = shared.state.lock().unwrap();
        let rec = st
            .interactions
            .get(&iid)
            .filter(|r| r.token == token)
            .cloned()
            .ok_or_else(ApiError::unknown_interaction)?;
        if !rec.callbacks.is_empty() {
            st.anomalies.push(format!(
                "interaction {iid} ({}) acknowledged twice",
                rec.name
            ));
            return Err(ApiError::new(
                400,
                40060,
                "Interaction has already been acknowledged.",
            ));
        }
        let late = now.duration_since(rec.dispatched_at);
        if late > st.interaction_deadline {
            st.anomalies.push(format!(
                "interaction {iid} ({}) answered after {late:?}: Discord would have expired it",
                rec.name
            ));
            return Err(ApiError::unknown_interaction());
        }
        // Recorded first, so whoever sees the response sees the callback.
        if let Some(r) = st.interactions.get_mut(&iid) {
            r.callbacks.push((kind, now));
        }
        rec
    };
    let result = respond(shared, &rec, kind, body);
    let mut st = shared.state.lock().unwrap();
    if let Some(r) = st.interactions.get_mut(&iid) {
        match result {
            Ok(Some(original)) => r.original = Some(original),
            Ok(None) => {}
            Err(_) => {
                r.callbacks.pop();
            }
        }
    }
    st.touch(rec.channel_id);
    result.map(|_| (StatusCode::NO_CONTENT, None))
}

/// Carries out a callback; returns the original response's message.
fn respond(
    shared: &Arc<Shared>,
    rec: &InteractionRecord,
    kind: u8,
    body: Body_,
) -> Result<Option<u64>, ApiError> {
    let iid = rec.id;
    let data = body.json.get("data").cloned().unwrap_or(Value::Null);
    let data_body = Body_ {
        json: data.clone(),
        files: body.files,
    };
    let original = match kind {
        4 => Some(
            create_message(
                shared,
                rec.channel_id,
                data_body,
                Origin::Response {
                    interaction_id: iid,
                },
                None,
            )?
            .id,
        ),
        5 => {
            let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & Message::EPHEMERAL;
            let b = Body_ {
                json: json!({}),
                files: Vec::new(),
            };
            Some(
                create_message(
                    shared,
                    rec.channel_id,
                    b,
                    Origin::Response {
                        interaction_id: iid,
                    },
                    Some(flags),
                )?
                .id,
            )
        }
        6 => {
            if rec.kind != 3 {
                return Err(ApiError::new(
                    400,
                    40060,
                    "DEFERRED_UPDATE_MESSAGE is only for components",
                ));
            }
            rec.source_message
        }
        7 => {
            if rec.kind != 3 {
                return Err(ApiError::new(
                    400,
                    40060,
                    "UPDATE_MESSAGE is only for components",
                ));
            }
            let src = rec.source_message.ok_or_else(ApiError::unknown_message)?;
            Some(edit_message(shared, None, src, data_body)?.id)
        }
        8 | 9 | 10 | 12 => None,
        _ => {
            return Err(ApiError::invalid_form(format!(
                "type: unknown interaction callback type {kind}"
            )))
        }
    };
    Ok(original)
}

fn followup(shared: &Arc<Shared>, token: &str, body: Body_) -> Result<Message, ApiError> {
    let rec = interaction_by_token(shared, token)?;
    if rec.callbacks.is_empty() {
        return Err(ApiError::unknown_webhook());
    }
    // The first followup after a deferred reply replaces the "thinking" message.
    let thinking = {
        let st = shared.state.lock().unwrap();
        rec.original
            .filter(|o| st.messages.get(o).is_some_and(|m| m.thinking))
    };
    let msg = match thinking {
        Some(o) => edit_message(shared, None, o, body)?,
        None => {
            let mut msg = create_message(
                shared,
                rec.channel_id,
                body,
                Origin::Followup {
                    interaction_id: rec.id,
                },
                None,
            )?;
            msg.origin = Origin::Followup {
                interaction_id: rec.id,
            };
            msg
        }
    };
    let mut st = shared.state.lock().unwrap();
    if let Some(r) = st.interactions.get_mut(&rec.id) {
        r.followups.push(msg.id);
    }
    Ok(msg)
}

fn webhook_message(
    shared: &Arc<Shared>,
    method: &str,
    token: &str,
    which: &str,
    body: Body_,
) -> Reply {
    let rec = interaction_by_token(shared, token)?;
    let mid = if which == "@original" {
        rec.original.ok_or_else(ApiError::unknown_message)?
    } else {
        let mid = id(which)?;
        if Some(mid) != rec.original && !rec.followups.contains(&mid) {
            return Err(ApiError::unknown_message());
        }
        mid
    };
    match method {
        "GET" => {
            let st = shared.state.lock().unwrap();
            st.messages
                .get(&mid)
                .filter(|m| !m.deleted)
                .map(|m| m.json.clone())
                .map_or_else(|| Err(ApiError::unknown_message()), ok)
        }
        "PATCH" => ok(edit_message(shared, None, mid, body)?.json),
        "DELETE" => {
            delete_message(shared, None, mid)?;
            no_content()
        }
        _ => Err(ApiError::new(405, 0, "405: Method Not Allowed")),
    }
}
