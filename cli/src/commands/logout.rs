//! `tegami logout`: forget the session (the signing key stays: it signed your past moves).

use super::{Ctx, out, out_json};
use crate::error::Result;

pub fn exec(ctx: &Ctx) -> Result<()> {
    let server = ctx.config.session()?.map(|s| s.server);
    let removed = ctx.config.remove_session()?;
    if ctx.json {
        out_json(&serde_json::json!({ "logged_out": removed }));
    } else if removed {
        out(&format!("logged out of `{}`\n", server.unwrap_or_default()));
    } else {
        out("not logged in\n");
    }
    Ok(())
}
