//! `tegami archive`: finished games by player and game, with their results; `tegami profile`: a player's page,
//! or my privacy setting.

use serde_json::json;
use shared::api_types::{ArchivePage, Profile};

use super::{Ctx, out, out_json};
use crate::args::{ArchiveArgs, ProfileArgs};
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &ArchiveArgs) -> Result<()> {
    let client = ctx.optional_auth()?;
    let mut query: Vec<(&str, String)> = Vec::new();
    query.extend(args.player.map(|p| ("player", p.to_string())));
    query.extend(args.game.clone().map(|g| ("game", g)));
    query.extend(args.after.map(|a| ("after", a.to_string())));
    query.extend(args.limit.map(|n| ("limit", n.to_string())));
    let reply = client.get_query("/archive", &query)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let page: ArchivePage = reply.decode()?;
    out(&output::archive_table(&page, ctx.lang));
    Ok(())
}

pub fn profile(ctx: &Ctx, args: &ProfileArgs) -> Result<()> {
    if args.public || args.private {
        let client = ctx.authed()?;
        client.put("/me/profile", &json!({"public": args.public}))?;
        out(&format!("{}\n", catalog::t!(ctx.lang, "profile-saved", public = args.public.to_string())));
        return Ok(());
    }
    let client = ctx.optional_auth()?;
    let id = match args.player {
        Some(id) => id,
        None => ctx.account_id().ok_or_else(|| {
            CliError::usage("name a player (`tegami profile <id>`), or log in to see your own profile")
        })?,
    };
    let reply = client.get(&format!("/players/{id}"))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let profile: Profile = reply.decode()?;
    out(&output::profile_text(&profile, ctx.lang));
    Ok(())
}
