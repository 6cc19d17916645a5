//! `tegami logout [--everywhere [--tokens]]`: the server ends the session (or all of them, and with
//! `--tokens` every API token), and it is forgotten here (the signing key stays: it signed your past moves).

use super::{Ctx, out, out_json};
use crate::args::LogoutArgs;
use crate::client::Client;
use crate::error::{CliError, Result};
use catalog::t;

pub fn exec(ctx: &Ctx, args: &LogoutArgs) -> Result<()> {
    let session = ctx.config.session()?;
    let (mut signed_out, mut tokens_revoked) = (0u64, 0u64);
    if args.everywhere {
        // Every session of the account, whichever credential asks (the session, or `--token`).
        let path = if args.tokens { "/sessions?tokens=true" } else { "/sessions" };
        let reply = ctx.authed()?.delete_json::<()>(path, None)?;
        signed_out = reply.body["revoked"].as_u64().unwrap_or(0);
        tokens_revoked = reply.body["tokens_revoked"].as_u64().unwrap_or(0);
    } else if let Some(s) = &session {
        let client = Client::new(&s.server, Some(s.token.clone()), ctx.lang)?;
        match client.delete("/sessions/current") {
            Ok(()) => signed_out = 1,
            // Already over on the server (expired, revoked, or the account is gone): forgetting it is enough.
            Err(CliError::NotLoggedIn(_)) => {}
            Err(e) => {
                return Err(e.with_help(t!(ctx.lang, "cli-logout-kept")));
            }
        }
    }
    let removed = ctx.config.remove_session()?;
    if ctx.json {
        out_json(
            &serde_json::json!({ "logged_out": removed, "signed_out": signed_out, "tokens_revoked": tokens_revoked }),
        );
    } else if args.everywhere {
        out(&format!("{}\n", t!(ctx.lang, "cli-logout-everywhere", count = signed_out, server = &ctx.server)));
        if args.tokens {
            out(&format!("{}\n", t!(ctx.lang, "cli-logout-tokens", count = tokens_revoked)));
        }
    } else if removed {
        let server = session.map(|s| s.server).unwrap_or_default();
        out(&format!("{}\n", t!(ctx.lang, "cli-logged-out", server = server)));
    } else {
        out(&format!("{}\n", t!(ctx.lang, "cli-logout-not-logged-in")));
    }
    Ok(())
}
