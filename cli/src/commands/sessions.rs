//! `tegami sessions [revoke ID]`: where my account is signed in.

use shared::api_types::SessionInfo;
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
                out("no sessions (API tokens are listed by `tegami token list`)\n");
            } else {
                out(&sessions_table(&sessions));
            }
        }
        Some(SessionsCommand::Revoke { id }) => {
            client.delete(&format!("/sessions/{id}")).map_err(|e| {
                e.on_not_found("unknown_session", || {
                    format!("you have no session `{id}`; run `tegami sessions` to list them")
                })
            })?;
            if ctx.json {
                out_json(&serde_json::json!({ "revoked": id }));
            } else {
                out(&format!("signed out session `{id}`\n"));
            }
        }
    }
    Ok(())
}

fn sessions_table(sessions: &[SessionInfo]) -> String {
    let mut table = Table::new(["ID", "SIGNED IN", "LAST USED", "ENDS UNLESS USED", "FROM", "CLIENT"]);
    for s in sessions {
        let id = if s.current { format!("{} (this one)", s.id) } else { s.id.clone() };
        table.row([
            id,
            s.created_at.clone(),
            s.last_seen_at.clone(),
            s.expires_at.clone(),
            s.client.clone().unwrap_or_default(),
            s.user_agent.clone().unwrap_or_default(),
        ]);
    }
    table.render()
}
