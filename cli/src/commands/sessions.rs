//! `tegami sessions [revoke ID]`: where my account is signed in.

use catalog::t;
use shared::api_types::SessionInfo;
use shared::engine::Lang;
use shared::text::Table;

use super::{Ctx, out, out_json};
use crate::args::{SessionsArgs, SessionsCommand};
use crate::error::Result;

pub fn exec(ctx: &Ctx, args: &SessionsArgs) -> Result<()> {
    let client = ctx.authed()?;
    match &args.command {
        None => {
            let reply = client.get("/sessions")?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let sessions: Vec<SessionInfo> = reply.decode()?;
            if sessions.is_empty() {
                out(&format!("{}\n", t!(ctx.lang, "cli-sessions-none")));
            } else {
                out(&sessions_table(&sessions, ctx.lang));
            }
        }
        Some(SessionsCommand::Revoke { id }) => {
            client
                .delete(&format!("/sessions/{id}"))
                .map_err(|e| e.on_not_found("unknown_session", || t!(ctx.lang, "cli-sessions-unknown", id = id)))?;
            if ctx.json {
                out_json(&serde_json::json!({ "revoked": id }));
            } else {
                out(&format!("{}\n", t!(ctx.lang, "cli-sessions-revoked", id = id)));
            }
        }
    }
    Ok(())
}

fn sessions_table(sessions: &[SessionInfo], lang: Lang) -> String {
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-sessions-head-signed-in"),
        t!(lang, "cli-sessions-head-last-used"),
        t!(lang, "cli-sessions-head-ends"),
        t!(lang, "cli-sessions-head-from"),
        t!(lang, "cli-sessions-head-client"),
    ]);
    for s in sessions {
        let id = if s.current { t!(lang, "cli-sessions-this-one", id = &s.id) } else { s.id.clone() };
        table.row([
            id,
            s.created_at.clone(),
            s.last_seen_at.clone(),
            s.expires_at.clone(),
            crate::sanitize::inline(s.client.as_deref().unwrap_or_default()).into_owned(),
            crate::sanitize::inline(s.user_agent.as_deref().unwrap_or_default()).into_owned(),
        ]);
    }
    table.render()
}
