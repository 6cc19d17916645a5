//! `tegami new <game> --seat ...`: create a game.

use catalog::t;
use serde_json::{Map, Value};
use shared::api_types::{CreateGameRequest, GameDetail};

use super::{Ctx, out, out_json, unprompted};
use crate::args::NewArgs;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, args: &NewArgs) -> Result<()> {
    let client = ctx.authed()?;
    let request = CreateGameRequest {
        slug: args.game.clone(),
        options: merge_options(args.options.clone(), &args.option)?,
        seats: args.seats.clone(),
        deadline_hours: args.deadline.map_or_else(shared::api_types::default_deadline_hours, |d| d.0),
        timeout_policy: args.on_timeout.unwrap_or_default(),
        rated: if args.unrated { Some(false) } else { None },
        listed: !args.unlisted,
        mail_pictures: !args.no_mail_pictures,
    };
    let reply =
        client.post("/games", &request).map_err(|e| e.with_help(t!(ctx.lang, "cli-new-help", game = &args.game)))?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let detail: GameDetail = reply.decode()?;
    let id = detail.summary.id;
    let mut text = output::wrapped(&t!(ctx.lang, "cli-created", game = id.to_string()), ctx.width, 2);
    text.push_str(&output::game_header(&detail, &unprompted(&detail), ctx.lang, ctx.width));
    text.push_str(&output::wrapped(&t!(ctx.lang, "cli-created-see", game = id.to_string()), ctx.width, 2));
    out(&text);
    Ok(())
}

/// `--options` JSON with each `-o key=value` set over it; null when neither is given (the standard game).
pub fn merge_options(base: Option<Value>, overrides: &[(String, Value)]) -> Result<Value> {
    let base = base.unwrap_or(Value::Null);
    if overrides.is_empty() {
        return Ok(base);
    }
    let mut map = match base {
        Value::Null => Map::new(),
        Value::Object(map) => map,
        _ => return Err(CliError::usage(t!(crate::i18n::lang(), "cli-options-not-object"))),
    };
    for (key, value) in overrides {
        map.insert(key.clone(), value.clone());
    }
    Ok(Value::Object(map))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn options_merge_with_overrides_last() {
        assert_eq!(merge_options(None, &[]).unwrap(), Value::Null);
        assert_eq!(merge_options(Some(json!({"a": 1})), &[]).unwrap(), json!({"a": 1}));
        assert_eq!(
            merge_options(Some(json!({"a": 1, "b": 2})), &[("b".into(), json!(3)), ("c".into(), json!("x"))]).unwrap(),
            json!({"a": 1, "b": 3, "c": "x"})
        );
        assert_eq!(merge_options(None, &[("a".into(), json!(true))]).unwrap(), json!({"a": true}));
    }
}
