//! `tegami rules <game>`: the players' rules, from the text built into the client (no server needed).

use catalog::t;
use shared::api_types::GameRules;
use shared::rules_docs;
use shared::text::markdown;

use super::{Ctx, out};
use crate::args::RulesArgs;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &RulesArgs) -> Result<()> {
    // clap only lets through the slugs this build hosts, and every hosted game has its rules.
    let doc = rules_docs::rules(&args.game)
        .ok_or_else(|| CliError::local(t!(ctx.lang, "cli-rules-none", slug = &args.game)))?;
    let text = doc.get(ctx.lang);
    if ctx.json {
        let rules = GameRules { slug: doc.slug.to_string(), lang: ctx.lang, markdown: text.to_string() };
        out(&output::json(&serde_json::to_value(rules).expect("GameRules serialises")));
    } else if args.markdown {
        out(text);
    } else {
        out(&markdown::reflow(text, ctx.width));
    }
    Ok(())
}
