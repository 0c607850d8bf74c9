//! The Discord front end: slash commands, buttons, plain-message moves and
//! game threads, over the same game service as the console. Discord types
//! stop in this module; everything it decides comes from the service.

mod errors;
pub mod events;
pub mod identity;
mod seen;
pub mod send;
pub mod shards;
mod slash;

use crate::commands::{self, Invocation};
use crate::service::{Reply, Service};
use poise::serenity_prelude as serenity;

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and event sees.
pub struct Data {
    pub service: Service,
    /// Messages and interactions already handled (Discord may repeat one).
    pub seen: seen::Seen,
}

/// How to reach Discord.
pub struct Options {
    /// From the environment only; never logged.
    pub token: String,
    /// Send every REST call (and so the gateway lookup) to this address.
    pub proxy: Option<String>,
    /// Read plain-message moves in guild threads (a privileged intent).
    pub message_content: bool,
    /// The gateway shards this process runs; `None`: all, as many as
    /// Discord advises.
    pub shards: Option<shards::ShardRange>,
}

/// The gateway intents alfil asks for.
pub fn intents(message_content: bool) -> serenity::GatewayIntents {
    let mut intents = serenity::GatewayIntents::GUILDS
        | serenity::GatewayIntents::GUILD_MESSAGES
        | serenity::GatewayIntents::DIRECT_MESSAGES;
    if message_content {
        intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
    }
    intents
}

/// Connects and serves until the connection ends for good.
pub async fn run(
    service: Service,
    outbox: tokio::sync::mpsc::UnboundedReceiver<Reply>,
    options: Options,
) -> Result<(), Error> {
    let mut http = serenity::HttpBuilder::new(&options.token);
    if let Some(proxy) = &options.proxy {
        // serenity ignores the proxy unless its own rate limiter is off.
        http = http.proxy(proxy.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    let framework_service = service.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: slash::all(),
            event_handler: |framework, event| Box::pin(events::handle(framework, event)),
            on_error: |error| Box::pin(errors::on_error(error)),
            // A repeated slash command is dropped before it runs again.
            command_check: Some(|ctx| Box::pin(async move { Ok(ctx.data().seen.first_time(ctx.id())) })),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data {
                    service: framework_service,
                    seen: seen::Seen::default(),
                })
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents(options.message_content))
        .framework(framework)
        .await?;
    let http = client.http.clone();
    tokio::spawn(pump_outbox(http, service.clone(), outbox));
    tokio::spawn(tick(service.clone()));
    if let Err(e) = service.resume().await {
        tracing::error!(error = %e, "could not resume the CPU's games");
    }
    let result = match options.shards {
        Some(r) => {
            tracing::info!(
                first = r.first,
                last = r.last,
                total = r.total,
                "running shards"
            );
            // serenity's range includes its end, as ALFIL_SHARDS does.
            client.start_shard_range(r.first..r.last, r.total).await
        }
        None => client.start_autosharded().await,
    };
    // Whatever ended the connection, another process may take the timers
    // over now rather than when the lease runs out.
    if let Err(error) = service.release_timers().await {
        tracing::warn!(%error, "could not give up the timers' lease");
    }
    result?;
    Ok(())
}

/// Replies made in the background (CPU moves, timers) go to their channels.
async fn pump_outbox(
    http: std::sync::Arc<serenity::Http>,
    service: Service,
    mut outbox: tokio::sync::mpsc::UnboundedReceiver<Reply>,
) {
    while let Some(reply) = outbox.recv().await {
        if let Some(message) = send::to_channel(&http, &reply).await {
            if reply.opens_game {
                send::open_thread(&http, &service, &reply, &message).await;
            }
            if reply.daily_post.is_some() {
                send::open_daily_thread(&http, &service, &reply, &message).await;
            }
        }
    }
}

/// Seconds between WAL checkpoints that also empty the log file: SQLite's
/// own, and the passive ones of the other seconds, never truncate it, and
/// a busy bot would otherwise keep a large file.
const CHECKPOINT_SECS: u64 = 300;

/// Fires timers once a second, and checkpoints the database as often.
async fn tick(service: Service) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
    let mut ticks: u64 = 0;
    loop {
        every.tick().await;
        if let Err(e) = service.tick().await {
            tracing::error!(error = %e, "timers failed");
        }
        ticks += 1;
        if service.store().file().is_none() {
            continue;
        }
        let done = if ticks.is_multiple_of(CHECKPOINT_SECS) {
            service.store().checkpoint().await
        } else {
            service.store().checkpoint_passive().await
        };
        if let Err(error) = done {
            tracing::warn!(%error, "WAL checkpoint failed");
        }
    }
}

/// Runs an invocation for a slash command and answers it: replies for this
/// channel answer the interaction, others (a game's thread) are sent there.
pub async fn answer(ctx: Context<'_>, inv: Invocation) -> Result<(), Error> {
    let service = &ctx.data().service;
    let member = ctx.author_member().await;
    let who = identity::ctx(
        ctx.author(),
        ctx.guild_id(),
        ctx.channel_id(),
        member.as_deref(),
    );
    let replies = commands::run(service, &who, inv).await;
    let here = ctx.channel_id().to_string();
    let mut answered = false;
    for reply in &replies {
        if reply.ephemeral || reply.place.channel == here {
            // From here on the command has happened: a failure to show it
            // must not be reported as "nothing was changed".
            answered = true;
            let r = send::interaction_reply(reply).await;
            match send::with_retries(|| ctx.send(r.clone())).await {
                Ok(handle) => {
                    if reply.opens_game {
                        let message = handle.into_message().await?;
                        send::open_thread(ctx.http(), service, reply, &message).await;
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "could not answer the interaction; posting instead");
                    if !reply.ephemeral {
                        send::to_channel(ctx.http(), reply).await;
                    }
                }
            }
        } else if let Some(message) = send::to_channel(ctx.http(), reply).await {
            if reply.opens_game {
                send::open_thread(ctx.http(), service, reply, &message).await;
            }
        }
    }
    if !answered {
        let where_to = replies
            .first()
            .map(|r| format!("Done: see <#{}>.", r.place.channel))
            .unwrap_or_else(|| "Done.".into());
        ctx.send(
            poise::CreateReply::default()
                .content(where_to)
                .ephemeral(true),
        )
        .await?;
    }
    Ok(())
}
