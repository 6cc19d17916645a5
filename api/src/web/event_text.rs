//! An event's words as a page shows them to one viewer. An event told to one seat alone is written to that
//! seat ("You played R3", "Your road is card 2"); once the game is over everyone may read it, and to anyone
//! else it is shown as told to that seat by name, so that nobody reads another player's moves as their own.

use shared::Lang;
use shared::engine::{Audience, Event, Viewer};
use shared::journal::Entry;

use crate::web::i18n::loc;

/// The words of `event` for `viewer` in `lang`, or nothing if `viewer` may not read it. `names` are the
/// seats' names, by seat.
pub fn readable(event: &Event, viewer: Viewer, game_over: bool, names: &[String], lang: Lang) -> Option<String> {
    if !event.visible_to(viewer, game_over) {
        return None;
    }
    let text = loc(lang, &event.text).to_string();
    match (&event.audience, viewer) {
        (Audience::Only(seats) | Audience::OnlyForever(seats), viewer) if !addressed_to(seats, viewer) => {
            let names: Vec<&str> =
                seats.iter().map(|&s| names.get(s as usize).map(String::as_str).unwrap_or("?")).collect();
            Some(catalog::t!(lang, "web-event-told-to", names = names.join(", "), text = text))
        }
        _ => Some(text),
    }
}

fn addressed_to(seats: &[shared::engine::Seat], viewer: Viewer) -> bool {
    matches!(viewer, Viewer::Seat(s) if seats.contains(&s))
}

/// The words of every event of `entry` that `viewer` may read.
pub fn of_entry(entry: &Entry, viewer: Viewer, game_over: bool, names: &[String], lang: Lang) -> Vec<String> {
    entry.events.iter().filter_map(|e| readable(e, viewer, game_over, names, lang)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::Localized;

    fn text(en: &str) -> Localized {
        Localized::default().with(Lang::En, en).with(Lang::Ja, format!("{en} (ja)"))
    }

    #[test]
    fn a_seats_own_event_is_shown_as_told_to_that_seat_to_everyone_else() {
        let names = vec!["Ann".to_string(), "Bot 1".to_string()];
        let mine = Event::private(1, text("You played R3"));
        assert_eq!(readable(&mine, Viewer::Seat(0), false, &names, Lang::En), None);
        assert_eq!(readable(&mine, Viewer::Seat(1), true, &names, Lang::En).as_deref(), Some("You played R3"));
        let told = readable(&mine, Viewer::Seat(0), true, &names, Lang::En).unwrap();
        assert!(told.contains("Bot 1") && told.contains("You played R3") && told != "You played R3", "{told}");
        let spectator = readable(&mine, Viewer::Spectator, true, &names, Lang::Ja).unwrap();
        assert!(spectator.contains("Bot 1") && spectator.contains("(ja)"), "{spectator}");
        let public = Event::public(text("Ann played R1"));
        assert_eq!(readable(&public, Viewer::Spectator, false, &names, Lang::En).as_deref(), Some("Ann played R1"));
    }
}
