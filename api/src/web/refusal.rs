//! A refused move or seat, as the game page says it: in the reader's language and in words, never as the
//! API's decision ids and codes (the code is kept on the element, for scripts and tests). A refusal that
//! only means "the game moved on" sends the reader back to the game's own address with a notice, so that
//! a reload does not post the form again.

use maud::{Markup, html};
use shared::Lang;

use crate::error::ApiError;

/// Refusals that say the game is no longer where the form was: the game page, reloaded, says so.
const MOVED_ON: &[&str] = &["stale_decision", "game_over", "game_not_started", "wrong_player"];

/// Whether refusal `e` is shown on the game's page reached again by its address (`?refused=<code>`).
pub fn moved_on(e: &ApiError) -> bool {
    MOVED_ON.contains(&e.code)
}

/// The game page's address with a refusal's notice.
pub fn notice_path(id: i64, e: &ApiError) -> String {
    format!("/games/{id}?refused={}", e.code)
}

/// The words for a refusal the game page was sent back with, if `code` is one.
fn moved_on_words(lang: Lang, code: &str) -> Option<String> {
    Some(match code {
        "stale_decision" => catalog::t!(lang, "web-refused-stale-decision"),
        "game_over" => catalog::t!(lang, "web-refused-game-over"),
        "game_not_started" => catalog::t!(lang, "web-refused-game-not-started"),
        "wrong_player" => catalog::t!(lang, "web-refused-wrong-player"),
        _ => return None,
    })
}

/// The notice of a refusal named in the address (an unknown code shows nothing).
pub fn notice(lang: Lang, code: Option<&str>) -> Option<Markup> {
    let code = code?;
    let words = moved_on_words(lang, code)?;
    Some(html! { p.error data-code=(code) role="alert" { (words) } })
}

/// A refusal shown on the page it happened on: its reason in the reader's language.
pub fn shown(lang: Lang, e: &ApiError) -> Markup {
    let words = moved_on_words(lang, e.code).unwrap_or_else(|| e.detail_in(lang).to_string());
    html! { p.error data-code=(e.code) role="alert" { (crate::web::prose::with_code(&words)) } }
}
