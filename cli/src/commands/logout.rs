//! `tegami logout`: forget the session (the signing key stays: it signed your past moves).

use super::{Ctx, out};
use crate::error::Result;

pub fn exec(ctx: &Ctx) -> Result<()> {
    let server = ctx.config.session()?.map(|s| s.server);
    if ctx.config.remove_session()? {
        out(&format!("logged out of `{}`\n", server.unwrap_or_default()));
    } else {
        out("not logged in\n");
    }
    Ok(())
}
