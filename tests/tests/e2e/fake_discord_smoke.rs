//! Self-test of the fake Discord: every JSON builder parses with serenity
//! 0.12.5's own model types, and a minimal real serenity + poise client
//! connects through the fake (REST proxy with the rate limiter off, plain
//! `ws://` gateway), gets READY, registers commands, answers a
//! MESSAGE_CREATE with a PNG attachment and a button, answers slash
//! commands (ephemeral, deferred then edited with a file, a permission
//! check), a button click, a DM, and resumes after the gateway drops. The
//! test fails if serenity logs that it could not parse anything.

use alfil_tests::model::{self, CommandOption, InteractionContext};
use alfil_tests::{logs, FakeDiscord, Origin};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::time::Duration;

fn parse<T: serde::de::DeserializeOwned>(what: &str, v: &Value) -> T {
    serde_json::from_value(v.clone())
        .unwrap_or_else(|e| panic!("{what} does not parse: {e}\n{v:#}"))
}

/// A gateway frame must parse to a known event, not `Event::Unknown`.
fn parse_dispatch(event: &str, d: Value) {
    let frame = json!({"op": 0, "s": 1, "t": event, "d": d});
    let ev: serenity::GatewayEvent = parse(event, &frame);
    match ev {
        serenity::GatewayEvent::Dispatch(_, serenity::Event::Unknown(u)) => {
            // Find the field at fault by parsing the payload's own type.
            panic!("{event} became an unknown event: {:#}", u.value)
        }
        serenity::GatewayEvent::Dispatch(..) => {}
        other => panic!("{event}: not a dispatch: {other:?}"),
    }
}

#[tokio::test]
async fn builders_parse_with_serenity_models() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let fake = FakeDiscord::start().await;
    let ann = fake.add_user("ann");
    let boss = fake.add_admin("boss");
    let general = fake.general();
    let dm = fake.dm_channel(&ann);
    let (bot, guild_create, general_ch, dm_ch, ann_m, boss_m) = fake.with_state(|s| {
        (
            s.bot.clone(),
            alfil_tests::gateway::guild_create_json(s),
            s.channels[&general].clone(),
            s.channels[&dm].clone(),
            s.members[&ann.id].clone(),
            s.members[&boss.id].clone(),
        )
    });
    let thread = alfil_tests::Channel {
        id: 77,
        kind: model::channel_type::PUBLIC_THREAD,
        name: "ann vs boss".into(),
        guild_id: general_ch.guild_id,
        parent_id: Some(general),
        recipient: None,
        owner_id: Some(bot.id),
        archived: false,
        locked: false,
    };

    let ready = model::ready(&bot, &[fake.guild_id()], "s1", &fake.ws_url());
    let r: serenity::Ready = parse("READY", &ready);
    assert_eq!(r.user.id.get(), bot.id);
    parse_dispatch("READY", ready);
    parse_dispatch("GUILD_CREATE", guild_create);
    let _: serenity::CurrentApplicationInfo =
        parse("application", &model::application_info(&bot, &ann));
    let _: serenity::CurrentUser = parse("current user", &model::current_user(&bot));
    let _: serenity::Member = parse("member", &model::member(&boss_m, fake.guild_id()));
    let role = fake.with_state(|s| s.roles[1].clone());
    let _: serenity::Role = parse("role", &model::role(&role, fake.guild_id()));
    let _: serenity::PartialGuild =
        fake.with_state(|s| parse("partial guild", &model::partial_guild(&s.guild, &s.roles)));
    let c: serenity::Channel = parse("text channel", &model::channel(&general_ch));
    assert!(c.guild().is_some());
    let c: serenity::Channel = parse("thread", &model::channel(&thread));
    assert!(c.guild().is_some_and(|t| t.thread_metadata.is_some()));
    let c: serenity::Channel = parse("dm", &model::channel(&dm_ch));
    assert!(c.private().is_some());
    parse_dispatch("THREAD_CREATE", model::channel(&thread));
    parse_dispatch("CHANNEL_CREATE", model::channel(&general_ch));

    for (ch, member) in [
        (&general_ch, Some(&ann_m)),
        (&thread, Some(&ann_m)),
        (&dm_ch, None),
    ] {
        let m = model::user_message(5, ch, &ann, member, "e4");
        let msg: serenity::Message = parse("user message", &m);
        assert_eq!(msg.content, "e4");
        parse_dispatch("MESSAGE_CREATE", m);

        let ctx = InteractionContext {
            id: 9,
            token: "tok",
            app_id: bot.id,
            channel: ch,
            user: &ann,
            member,
        };
        let members = |id: u64| fake.with_state(|s| s.members.get(&id).cloned());
        let opts = vec![
            CommandOption::string("move", "e4"),
            CommandOption::int("level", 3),
            CommandOption::bool("rated", true),
            CommandOption::number("minutes", 2.5),
            CommandOption::user("opponent", &boss),
        ];
        let i = model::command_interaction(&ctx, 3, "challenge", &opts, &members);
        let ci: serenity::CommandInteraction = parse("command interaction", &i);
        assert_eq!(ci.user.id.get(), ann.id);
        assert_eq!(ci.data.options.len(), 5);
        assert!(ci
            .data
            .resolved
            .users
            .contains_key(&serenity::UserId::new(boss.id)));
        let _: serenity::Interaction = parse("interaction", &i);
        parse_dispatch("INTERACTION_CREATE", i);
        let sub = model::command_interaction(
            &ctx,
            3,
            "settings",
            &[CommandOption::sub(
                "set",
                vec![CommandOption::string("key", "theme")],
            )],
            &members,
        );
        parse_dispatch("INTERACTION_CREATE", sub);

        let bot_msg = model::bot_message(
            11,
            ch,
            &bot,
            "Your move",
            &[
                json!({"type": "rich", "title": "Board", "image": {"url": "attachment://board.png"}, "color": 3}),
            ],
            &[
                json!({"type": 1, "components": [{"type": 2, "style": 1, "label": "Accept", "custom_id": "accept:3"}]}),
            ],
            &[model::attachment(
                12,
                "board.png",
                100,
                "http://x/a.png",
                Some("image/png"),
                Some((8, 8)),
                false,
            )],
            0,
            20,
            true,
            Some((9, "challenge", &ann)),
            None,
        );
        let m: serenity::Message = parse("bot message", &bot_msg);
        assert_eq!(m.components.len(), 1);
        parse_dispatch("MESSAGE_CREATE", bot_msg.clone());
        parse_dispatch("MESSAGE_UPDATE", bot_msg.clone());
        let c = model::component_interaction(&ctx, "accept:3", 2, None, bot_msg);
        let ci: serenity::ComponentInteraction = parse("component interaction", &c);
        assert_eq!(ci.data.custom_id, "accept:3");
        parse_dispatch("INTERACTION_CREATE", c);
    }

    let cmd = model::command(
        &json!({"name": "move", "description": "Play a move", "options": [
            {"type": 3, "name": "move", "description": "SAN", "required": true}
        ]}),
        5,
        bot.id,
        None,
    );
    let _: serenity::Command = parse("command", &cmd);
}

// --- a live serenity + poise client ------------------------------------

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

fn tiny_png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(16, 8, |x, _| {
        if x < 8 {
            image::Rgba([240, 217, 181, 255])
        } else {
            image::Rgba([181, 136, 99, 255])
        }
    });
    let mut out = Vec::new();
    img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// Greets, ephemerally.
#[poise::command(slash_command)]
async fn hello(
    ctx: Context<'_>,
    #[description = "Whom to greet"] who: Option<serenity::User>,
    #[description = "How many times"] times: Option<i64>,
) -> Result<(), Error> {
    let name = who.as_ref().unwrap_or(ctx.author()).name.clone();
    let times = times.unwrap_or(1);
    ctx.send(
        poise::CreateReply::default()
            .content(format!("hello {name} x{times}"))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Thinks, then shows a picture.
#[poise::command(slash_command)]
async fn slow(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    tokio::time::sleep(Duration::from_millis(50)).await;
    ctx.send(
        poise::CreateReply::default()
            .content("thought about it")
            .attachment(serenity::CreateAttachment::bytes(tiny_png(), "board.png")),
    )
    .await?;
    Ok(())
}

/// Admins only.
#[poise::command(slash_command, required_permissions = "ADMINISTRATOR")]
async fn admin(ctx: Context<'_>) -> Result<(), Error> {
    ctx.say("admin ok").await?;
    Ok(())
}

async fn on_event(ctx: &serenity::Context, event: &serenity::FullEvent) -> Result<(), Error> {
    match event {
        serenity::FullEvent::Message { new_message } if !new_message.author.bot => {
            let embed = serenity::CreateEmbed::new()
                .title("Board")
                .description(format!("you said {}", new_message.content))
                .image("attachment://board.png");
            let row =
                serenity::CreateActionRow::Buttons(vec![
                    serenity::CreateButton::new("flip:1").label("Flip")
                ]);
            new_message
                .channel_id
                .send_message(
                    &ctx.http,
                    serenity::CreateMessage::new()
                        .embed(embed)
                        .components(vec![row])
                        .add_file(serenity::CreateAttachment::bytes(tiny_png(), "board.png"))
                        .reference_message(new_message),
                )
                .await?;
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(c),
        } if c.data.custom_id.starts_with("flip:") => {
            c.create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::UpdateMessage(
                    serenity::CreateInteractionResponseMessage::new()
                        .content("flipped")
                        .embeds(vec![])
                        .components(vec![]),
                ),
            )
            .await?;
        }
        _ => {}
    }
    Ok(())
}

async fn start_client(fake: &FakeDiscord) {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![hello(), slow(), admin()],
            event_handler: |framework, event| Box::pin(on_event(framework.serenity_context, event)),
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data)
            })
        })
        .build();
    let http = serenity::HttpBuilder::new("fake-token")
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    let intents =
        serenity::GatewayIntents::non_privileged() | serenity::GatewayIntents::MESSAGE_CONTENT;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .expect("client");
    tokio::spawn(async move {
        let _ = client.start().await;
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_client_against_the_fake() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let failures = logs::capture();
    let fake = FakeDiscord::start().await;
    start_client(&fake).await;
    fake.wait_ready().await.unwrap();
    let commands = fake
        .wait_commands(&["hello", "slow", "admin"])
        .await
        .unwrap();
    assert_eq!(commands.len(), 3);
    assert!(fake.requests().iter().any(|r| r.path == "/api/v10/gateway"));
    assert!(fake
        .requests()
        .iter()
        .any(|r| r.path == "/api/v10/oauth2/applications/@me"));

    // A message, answered with a picture, an embed and a button.
    let general = fake.general();
    let ann = fake.add_user("ann");
    let sent = fake.send_message(&ann, general, "e4");
    let reply = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert_eq!(reply.origin, Origin::Channel);
    assert_eq!(reply.reference, Some(sent.id));
    assert!(reply.says("you said e4"), "{}", reply.text());
    assert_eq!(reply.embed_images(), vec!["attachment://board.png"]);
    let png = reply.attachment("board.png").expect("board.png");
    assert!(png.is_png());
    assert_eq!(png.image().unwrap().dimensions(), (16, 8));
    assert_eq!(fake.attachment_bytes(&png.url).unwrap(), *png.bytes);
    assert!(reply.button("flip:").is_some());

    // Its button: the message is updated in place.
    let click = fake.click(&ann, &reply, "flip:1");
    let edited = fake
        .wait_message(general, |m| m.id == reply.id && m.version == 1)
        .await
        .unwrap();
    assert_eq!(edited.content, "flipped");
    assert!(edited.buttons().is_empty());
    // serenity sends `attachments: []` with an update: the picture is gone.
    assert!(edited.attachments.is_empty() && edited.embeds.is_empty());
    assert_eq!(fake.interaction_record(click.id).unwrap().callbacks[0].0, 7);

    // A slash command with a user option, answered ephemerally.
    let boss = fake.add_admin("boss");
    let sent = fake.slash(
        &ann,
        general,
        "hello",
        vec![
            CommandOption::user("who", &boss),
            CommandOption::int("times", 2),
        ],
    );
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.ephemeral());
    assert_eq!(r.content, "hello boss x2");

    // Deferred, then the picture.
    let sent = fake.slash(&ann, general, "slow", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert_eq!(r.content, "thought about it");
    assert!(r.picture().is_some());
    assert_eq!(fake.interaction_record(sent.id).unwrap().callbacks[0].0, 5);

    // Permissions come from the member: a non-admin is refused, an admin not.
    let sent = fake.slash(&ann, general, "admin", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert!(r.says("lacking permissions"), "{}", r.text());
    let sent = fake.slash(&boss, general, "admin", vec![]);
    let r = fake.wait_reply(&sent, |_| true).await.unwrap();
    assert_eq!(r.content, "admin ok");

    // A DM.
    let dm = fake.dm_channel(&ann);
    let sent = fake.send_message(&ann, dm, "hi");
    let r = fake
        .wait_reply(&sent, |m| m.picture().is_some())
        .await
        .unwrap();
    assert!(r.says("you said hi"));
    let sent = fake.slash(&ann, dm, "hello", vec![]);
    assert_eq!(
        fake.wait_reply(&sent, |_| true).await.unwrap().content,
        "hello ann x1"
    );

    // The gateway drops: serenity resumes and events still flow.
    fake.drop_gateway(Some(4000));
    fake.wait_gateway("a resume", |gw| gw.resumes >= 1)
        .await
        .unwrap();
    let sent = fake.send_message(&ann, general, "after resume");
    fake.wait_reply(&sent, |m| m.says("after resume"))
        .await
        .unwrap();

    fake.assert_clean();
    failures.assert_none();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_and_discord_rules() {
    let _scene = alfil_tests::one_scene_at_a_time().await;
    let failures = logs::capture();
    let fake = FakeDiscord::start().await;
    fake.set_interaction_deadline(Duration::ZERO);
    start_client(&fake).await;
    fake.wait_ready().await.unwrap();
    fake.wait_commands(&["hello"]).await.unwrap();
    let ann = fake.add_user("ann");
    let general = fake.general();

    // A 500 on message creation: the bot's message is lost, nothing shown.
    fake.inject(alfil_tests::Fault::new(Some("POST"), "/messages", 500, 1));
    fake.send_message(&ann, general, "one");
    fake.wait_until("the injected 500", |s| {
        s.requests.iter().any(|r| r.injected).then_some(())
    })
    .await
    .unwrap();
    assert!(fake
        .assert_silent(general, Duration::from_millis(200))
        .await
        .is_ok());

    // A response after the deadline is refused and reported.
    let sent = fake.slash(&ann, general, "slow", vec![]);
    fake.wait_until("the late answer", |s| {
        (!s.anomalies.is_empty()).then_some(())
    })
    .await
    .unwrap();
    assert!(fake
        .interaction_record(sent.id)
        .unwrap()
        .callbacks
        .is_empty());
    failures.assert_none();
}
