//! `tegami token create|list|revoke`: long-lived API tokens for scripts.

use catalog::t;
use shared::api_types::{ApiToken, CreateTokenRequest, CreatedToken};
use shared::engine::Lang;
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
            let created_note =
                t!(ctx.lang, "cli-token-created", name = &created.token.name, id = created.token.id.to_string());
            super::err(&format!("{created_note}\n"));
        }
        TokenCommand::List => {
            let reply = client.get("/tokens")?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let tokens: Vec<ApiToken> = reply.decode()?;
            if tokens.is_empty() {
                out(&format!("{}\n", t!(ctx.lang, "cli-token-none")));
                return Ok(());
            }
            out(&tokens_table(&tokens, ctx.lang));
        }
        TokenCommand::Revoke { id } => {
            client.delete(&format!("/tokens/{id}")).map_err(|e| {
                e.on_not_found("unknown_token", || t!(ctx.lang, "cli-token-unknown", id = id.to_string()))
            })?;
            if ctx.json {
                out_json(&serde_json::json!({ "revoked": id }));
            } else {
                out(&format!("{}\n", t!(ctx.lang, "cli-token-revoked", id = id.to_string())));
            }
        }
    }
    Ok(())
}

pub fn tokens_table(tokens: &[ApiToken], lang: Lang) -> String {
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-types-head-name"),
        t!(lang, "cli-token-head-created"),
        t!(lang, "cli-sessions-head-last-used"),
    ])
    .align(0, Align::Right);
    for t in tokens {
        table.row([
            t.id.to_string(),
            crate::sanitize::inline(&t.name).into_owned(),
            t.created_at.clone(),
            t.last_used_at.clone().unwrap_or_else(|| t!(lang, "cli-token-never")),
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
            tokens_table(&tokens, Lang::En),
            "\
ID  NAME    CREATED               LAST USED
 3  ci      2026-01-01T00:00:00Z  never
12  laptop  2026-01-02T00:00:00Z  2026-01-03T00:00:00Z
"
        );
    }
}
