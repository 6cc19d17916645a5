//! `tegami logout [--everywhere]`: the server ends the session (or all of them), and it is forgotten here
//! (the signing key stays: it signed your past moves).

use super::{Ctx, out, out_json};
use crate::args::LogoutArgs;
use crate::client::Client;
use crate::error::{CliError, Result};

pub fn exec(ctx: &Ctx, args: &LogoutArgs) -> Result<()> {
    let session = ctx.config.session()?;
    let mut signed_out = 0u64;
    if args.everywhere {
        // Every session of the account, whichever credential asks (the session, or `--token`).
        let reply = ctx.authed()?.delete_json::<()>("/sessions", None)?;
        signed_out = reply.body["revoked"].as_u64().unwrap_or(0);
    } else if let Some(s) = &session {
        let client = Client::new(&s.server, Some(s.token.clone()), ctx.lang)?;
        match client.delete("/sessions/current") {
            Ok(()) => signed_out = 1,
            // Already over on the server (expired, revoked, or the account is gone): forgetting it is enough.
            Err(CliError::NotLoggedIn(_)) => {}
            Err(e) => {
                return Err(e.with_help("the session is still stored here; retry, or delete it with `--config-dir`"));
            }
        }
    }
    let removed = ctx.config.remove_session()?;
    if ctx.json {
        out_json(&serde_json::json!({ "logged_out": removed, "signed_out": signed_out }));
    } else if args.everywhere {
        out(&format!("signed out {signed_out} session(s) on `{}`, this one included\n", ctx.server));
    } else if removed {
        out(&format!("logged out of `{}`\n", session.map(|s| s.server).unwrap_or_default()));
    } else {
        out("not logged in\n");
    }
    Ok(())
}
