//! `tegami notify`, `tegami vacation`, `tegami resend-verification`: how the server emails me.

use catalog::t;
use serde_json::{Value, json};

use super::{Ctx, out, out_json};
use crate::args::{NotifyArgs, VacationArgs};
use crate::error::Result;

fn show_prefs(ctx: &Ctx, prefs: &Value) {
    if ctx.json {
        out_json(prefs);
        return;
    }
    let how = prefs["notify"].as_str().unwrap_or("every_turn").replace('_', "-");
    let lang = prefs["lang"].as_str().unwrap_or(catalog::code(catalog::LANGUAGES[0]));
    let turn = prefs["turn_email"].as_str().unwrap_or("unless_seen").replace('_', "-");
    let talk = prefs["talk_email"].as_str().unwrap_or("private_only").replace('_', "-");
    out(&format!("{}\n", t!(ctx.lang, "cli-notify-settings", how = how, lang = lang, turn = turn, talk = talk)));
}

pub fn notify(ctx: &Ctx, args: &NotifyArgs) -> Result<()> {
    let client = ctx.authed()?;
    let current = client.get("/me/notifications")?.body;
    if args.how.is_none() && args.mail_lang.is_none() && args.turn_email.is_none() && args.talk_email.is_none() {
        show_prefs(ctx, &current);
        return Ok(());
    }
    let chosen = |arg: &Option<String>, key: &str| {
        arg.as_deref().map(|h| Value::String(h.replace('-', "_"))).unwrap_or(current[key].clone())
    };
    let body = json!({
        "notify": chosen(&args.how, "notify"),
        "lang": chosen(&args.mail_lang, "lang"),
        "turn_email": chosen(&args.turn_email, "turn_email"),
        "talk_email": chosen(&args.talk_email, "talk_email"),
    });
    let updated = client.put("/me/notifications", &body)?.body;
    show_prefs(ctx, &updated);
    Ok(())
}

pub fn vacation(ctx: &Ctx, args: &VacationArgs) -> Result<()> {
    let client = ctx.authed()?;
    let reply = if args.back {
        client.put("/me/vacation", &json!({"until": null}))?
    } else if let Some(until) = &args.until {
        client.put("/me/vacation", &json!({"until": until}))?
    } else {
        client.get("/me/vacation")?
    };
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    match reply.body["until"].as_str() {
        Some(until) => out(&format!("{}\n", t!(ctx.lang, "cli-vacation-away", until = until))),
        None => out(&format!("{}\n", t!(ctx.lang, "cli-vacation-back"))),
    }
    Ok(())
}

pub fn resend_verification(ctx: &Ctx) -> Result<()> {
    ctx.authed()?.post_empty("/me/verify-email")?;
    if ctx.json {
        out_json(&json!({"sent": true}));
        return Ok(());
    }
    out(&format!("{}\n", t!(ctx.lang, "cli-verification-sent")));
    Ok(())
}
