//! Boards you can touch: the game page's board (the wide picture, the narrow one a phone shows instead,
//! and the position in words) and, for each decision the visitor may answer, the answers as gestures on
//! that board (`shared::gesture`) for `touch.js`, with the buttons some gestures end on. The script narrows
//! the gestures as spots are touched and chooses the answer in the move form below; the form, its notation
//! field and its signing stay as they are, so a page without JavaScript loses nothing.

use maud::{Markup, PreEscaped, html};
use shared::Lang;
use shared::gesture::{BUTTON, Gesture, ROTATIONS, is_rotation};

/// The pictures of the board and the position as text. `narrow` is the picture drawn for a phone, when it
/// differs from the wide one; CSS shows one of the two, and the hidden one is not rendered at all, so its
/// spots are neither focusable nor read out.
pub fn board(lang: Lang, wide: &str, narrow: Option<&str>, description: &str) -> Markup {
    html! {
        div.board.has-narrow[narrow.is_some()] role="region" aria-label=(catalog::t!(lang, "live-board-label")) {
            div.picture.picture-wide { (PreEscaped(wide)) }
            @if let Some(narrow) = narrow {
                div.picture.picture-narrow { (PreEscaped(narrow)) }
            }
            details.board-text {
                summary { (catalog::t!(lang, "touch-board-in-words")) }
                // It scrolls sideways on a phone: focusable, a keyboard can scroll it too.
                pre tabindex="0" { (description) }
            }
        }
    }
}

/// The gestures answering one decision, and the controls of touching: shown only once `touch.js` runs
/// (the block starts `hidden`). Nothing when the game offers no gestures for this decision.
pub fn controls(lang: Lang, slug: &str, gestures: &[Gesture]) -> Markup {
    if gestures.is_empty() {
        return html! {};
    }
    let mut buttons: Vec<&str> = Vec::new();
    for gesture in gestures {
        for spot in &gesture.spots {
            if spot.starts_with(BUTTON) && !buttons.contains(&spot.as_str()) {
                buttons.push(spot);
            }
        }
    }
    let turns = gestures.iter().any(|g| g.spots.iter().any(|s| is_rotation(s)));
    html! {
        div.touch hidden data-answer-label=(catalog::t!(lang, "touch-your-answer"))
            data-touched-label=(catalog::t!(lang, "touch-touched"))
            data-rotations=[turns.then(|| ROTATIONS.join(" "))] {
            script.gestures type="application/json" { (PreEscaped(json_for_script(gestures))) }
            p.touch-help { (catalog::t!(lang, "touch-help")) }
            @if turns { p.touch-help { (catalog::t!(lang, "touch-help-rotate")) } }
            @if !buttons.is_empty() {
                p.touch-buttons {
                    @for spot in &buttons {
                        button.spot-button type="button" data-spot=(spot) { (button_label(lang, slug, spot)) }
                    }
                }
            }
            p.touch-preview aria-live="polite" {}
            p.touch-actions {
                button.touch-undo.secondary type="button" disabled { (catalog::t!(lang, "touch-undo")) }
                button.touch-clear.secondary type="button" disabled { (catalog::t!(lang, "touch-clear")) }
            }
        }
    }
}

/// A button spot's words: the catalog's `spot-<slug>-<name>`, else the name itself (a game that forgot
/// its label still gets a working button; the engines' tests check that none is missing).
pub fn button_label(lang: Lang, slug: &str, spot: &str) -> String {
    let name = spot.strip_prefix(BUTTON).unwrap_or(spot);
    let id = format!("spot-{slug}-{}", name.replace('_', "-"));
    if catalog::has(&id) { catalog::text(lang, &id) } else { name.to_string() }
}

/// JSON that cannot end the `<script>` element it sits in.
fn json_for_script(gestures: &[Gesture]) -> String {
    serde_json::to_string(gestures).expect("gestures serialise").replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gestures_cannot_close_their_script_element() {
        let g = [Gesture::new(["a"], "</script><b>")];
        let json = json_for_script(&g);
        assert!(!json.contains("</"), "{json}");
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back[0]["answer"], "</script><b>");
    }

    #[test]
    fn button_spots_are_drawn_once_each_with_their_catalog_words() {
        let g = [
            Gesture::new(["button:yes"], "Y"),
            Gesture::new(["card:1", "button:yes"], "1Y"),
            Gesture::new(["button:no"], "N"),
        ];
        let html = controls(Lang::En, "nogame", &g).into_string();
        assert_eq!(html.matches("data-spot=\"button:yes\"").count(), 1, "{html}");
        assert_eq!(html.matches("data-spot=\"button:no\"").count(), 1, "{html}");
        assert!(html.contains(" hidden"), "shown only when the script runs: {html}");
        assert_eq!(controls(Lang::En, "nogame", &[]).into_string(), "");
    }
}
