//! `tegami notify`, `tegami vacation`, `tegami resend-verification`: how the server emails me.

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
    let lang = prefs["lang"].as_str().unwrap_or("en");
    out(&format!("turn emails: {how}\nemail language: {lang}\n"));
}

pub fn notify(ctx: &Ctx, args: &NotifyArgs) -> Result<()> {
    let client = ctx.authed()?;
    let current = client.get("/me/notifications")?.body;
    if args.how.is_none() && args.mail_lang.is_none() {
        show_prefs(ctx, &current);
        return Ok(());
    }
    let notify =
        args.how.as_deref().map(|h| h.replace('-', "_")).map(Value::String).unwrap_or(current["notify"].clone());
    let lang = args.mail_lang.clone().map(Value::String).unwrap_or(current["lang"].clone());
    let updated = client.put("/me/notifications", &json!({"notify": notify, "lang": lang}))?.body;
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
        Some(until) => out(&format!("away until {until}: your deadlines stand still until then\n")),
        None => out("not away: your deadlines run\n"),
    }
    Ok(())
}

pub fn resend_verification(ctx: &Ctx) -> Result<()> {
    ctx.authed()?.post_empty("/me/verify-email")?;
    if ctx.json {
        out_json(&json!({"sent": true}));
        return Ok(());
    }
    out("a new verification link is on its way; open it to prove your address\n");
    Ok(())
}
