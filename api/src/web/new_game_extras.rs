//! The new-game form's choices about the game's place among others, as the API's create request has them:
//! whether its result is rated (by default every game whose seats are all people is; a game with a bot
//! never is) and whether its open seats are listed in the public lobby.

use std::collections::HashMap;

use maud::{Markup, html};
use shared::Lang;

use crate::error::{ApiError, ApiResult};

/// The form's fields, keeping what was chosen when the form comes back with a refusal.
pub fn fields(lang: Lang, form: &HashMap<String, String>) -> Markup {
    let rating = form.get("rating").map(String::as_str).unwrap_or("auto");
    html! {
        fieldset {
            legend { (catalog::t!(lang, "web-new-game-rating")) }
            div { input type="radio" id="rating-auto" name="rating" value="auto" checked[rating != "unrated"];
                  label for="rating-auto" { (catalog::t!(lang, "web-new-game-rated-when-people")) } }
            div { input type="radio" id="rating-unrated" name="rating" value="unrated" checked[rating == "unrated"];
                  label for="rating-unrated" { (catalog::t!(lang, "web-new-game-unrated")) } }
        }
        div { input type="checkbox" id="unlisted" name="unlisted" value="on" checked[form.contains_key("unlisted")];
              label for="unlisted" { (catalog::t!(lang, "web-new-game-unlisted")) } }
    }
}

/// `rated` of the create request: absent (the service's default) or false.
pub fn rated(form: &HashMap<String, String>) -> ApiResult<Option<bool>> {
    match form.get("rating").map(String::as_str) {
        None | Some("auto") => Ok(None),
        Some("unrated") => Ok(Some(false)),
        Some(other) => {
            Err(ApiError::unprocessable("bad_rating", format!("`{other}` is not a rating choice; use auto or unrated"))
                .described(catalog::both!("web-new-game-bad-rating")))
        }
    }
}

/// `listed` of the create request.
pub fn listed(form: &HashMap<String, String>) -> bool {
    !form.contains_key("unlisted")
}
