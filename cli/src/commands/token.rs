//! `tegami token create|list|revoke`: long-lived API tokens for scripts.

use shared::api_types::{ApiToken, CreateTokenRequest, CreatedToken};
use shared::text::{Align, Table};

use super::{Ctx, out, out_json};
use crate::args::TokenCommand;
use crate::error::Result;

pub fn exec(ctx: &Ctx, command: &TokenCommand) -> Result<()> {
    let client = ctx.authed()?;
    match command {
        TokenCommand::Create { name } => {
            let reply = client.post("/tokens", &CreateTokenRequest { name: name.clone() })?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let created: CreatedToken = reply.decode()?;
            // The secret alone on stdout, so that `$(tegami token create ci)` is the token.
            out(&format!("{}\n", created.secret));
            super::err(&format!(
                "created token `{}` (id {}); it is shown only once: use it with `--token` or TEGAMI_TOKEN\n",
                created.token.name, created.token.id
            ));
        }
        TokenCommand::List => {
            let reply = client.get("/tokens")?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let tokens: Vec<ApiToken> = reply.decode()?;
            if tokens.is_empty() {
                out("no tokens; create one with `tegami token create <name>`\n");
                return Ok(());
            }
            out(&tokens_table(&tokens));
        }
        TokenCommand::Revoke { id } => {
            client.delete(&format!("/tokens/{id}")).map_err(|e| {
                e.on_not_found("unknown_token", || format!("no token `{id}`; run `tegami token list` to list yours"))
            })?;
            if ctx.json {
                out_json(&serde_json::json!({ "revoked": id }));
            } else {
                out(&format!("revoked token `{id}`\n"));
            }
        }
    }
    Ok(())
}

pub fn tokens_table(tokens: &[ApiToken]) -> String {
    let mut table = Table::new(["ID", "NAME", "CREATED", "LAST USED"]).align(0, Align::Right);
    for t in tokens {
        table.row([
            t.id.to_string(),
            t.name.clone(),
            t.created_at.clone(),
            t.last_used_at.clone().unwrap_or_else(|| "never".into()),
        ]);
    }
    table.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_list_as_a_table() {
        let tokens = vec![
            ApiToken { id: 3, name: "ci".into(), created_at: "2026-01-01T00:00:00Z".into(), last_used_at: None },
            ApiToken {
                id: 12,
                name: "laptop".into(),
                created_at: "2026-01-02T00:00:00Z".into(),
                last_used_at: Some("2026-01-03T00:00:00Z".into()),
            },
        ];
        assert_eq!(
            tokens_table(&tokens),
            "\
ID  NAME    CREATED               LAST USED
 3  ci      2026-01-01T00:00:00Z  never
12  laptop  2026-01-02T00:00:00Z  2026-01-03T00:00:00Z
"
        );
    }
}
