//! `tegami whoami`.

use catalog::t;
use shared::api_types::Account;

use super::{Ctx, out, out_json};
use crate::error::Result;

pub fn exec(ctx: &Ctx) -> Result<()> {
    let reply = ctx.authed()?.get("/me")?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let account: Account = reply.decode()?;
    let mut text = format!(
        "{}\n",
        t!(
            ctx.lang,
            "cli-whoami",
            name = crate::sanitize::inline(&account.display_name),
            email = crate::sanitize::inline(&account.email),
            account = account.id.to_string(),
            server = &ctx.server
        )
    );
    if let Some(key) = ctx.config.key()? {
        text.push_str(&format!("{}\n", t!(ctx.lang, "cli-whoami-key", key = key.kid())));
    }
    out(&text);
    Ok(())
}
