//! `tegami whoami`.

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
    let mut text =
        format!("{} <{}> (account {}) on `{}`\n", account.display_name, account.email, account.id, ctx.server);
    if let Some(key) = ctx.config.key()? {
        text.push_str(&format!("signing key `{}`\n", key.kid()));
    }
    out(&text);
    Ok(())
}
