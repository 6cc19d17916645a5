//! `GET /api/v1/game-types/{slug}/rules`: the players' rules of a game (`docs/rules/<slug>[.ja].md`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use shared::api_types::{GameRules, Problem};

use crate::error::ApiResult;
use crate::service::rules;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct RulesQuery {
    /// `en` (the default) or `ja`
    #[param(value_type = Option<shared::Lang>)]
    lang: Option<String>,
}

/// The players' rules of a game, with the readings tegami plays where the rulebook is ambiguous: Markdown,
/// or JSON when the request accepts `application/json`.
#[utoipa::path(get, path = "/api/v1/game-types/{slug}/rules", tag = "games", operation_id = "game_type_rules_get",
    params(("slug" = String, Path, description = "The game, e.g. `uosao`"), RulesQuery),
    responses((status = 200, description = "The rules document",
                content((String = "text/markdown"), (GameRules = "application/json"))),
              (status = 400, body = Problem, description = "Unknown language: `en` or `ja` (`unknown_lang`, `malformed_query`)"),
              (status = 404, body = Problem, description = "Unknown game type; `detail` lists the known ones (`unknown_game_type`)")))]
pub async fn get(req: HttpRequest, path: web::Path<String>, query: web::Query<RulesQuery>) -> ApiResult<HttpResponse> {
    let doc = rules::find(&path)?;
    let lang = rules::parse_lang(query.lang.as_deref())?;
    let markdown = doc.get(lang);
    let mut reply = HttpResponse::Ok();
    reply.insert_header((header::VARY, "Accept"));
    if wants_json(&req) {
        return Ok(reply.json(GameRules { slug: doc.slug.to_string(), lang, markdown: markdown.to_string() }));
    }
    Ok(reply.content_type("text/markdown; charset=utf-8").body(markdown))
}

/// JSON only when asked for by name: a browser's `*/*` gets the Markdown.
fn wants_json(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|media| media.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json")))
}
