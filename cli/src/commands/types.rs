//! `tegami types [game]`: the games this server offers.

use catalog::t;
use shared::api_types::GameType;

use super::{Ctx, out, out_json};
use crate::args::TypesArgs;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &TypesArgs) -> Result<()> {
    let reply = ctx.anonymous()?.get("/game-types")?;
    let types: Vec<GameType> = reply.decode()?;
    match &args.game {
        None => {
            if ctx.json {
                out_json(&reply.body);
            } else if types.is_empty() {
                out(&format!("{}\n", t!(ctx.lang, "cli-types-none")));
            } else {
                out(&output::types_table(&types, ctx.lang));
            }
        }
        Some(slug) => {
            let index = types.iter().position(|t| &t.info.slug == slug).ok_or_else(|| {
                let known: Vec<&str> = types.iter().map(|t| t.info.slug.as_str()).collect();
                if known.is_empty() {
                    CliError::refused(t!(ctx.lang, "cli-types-unknown-none", slug = slug))
                } else {
                    CliError::refused(t!(ctx.lang, "cli-types-unknown", slug = slug, known = known.join(", ")))
                }
            })?;
            if ctx.json {
                out_json(&reply.body[index]);
            } else {
                out(&output::type_detail(&types[index], ctx.lang, ctx.width));
            }
        }
    }
    Ok(())
}
