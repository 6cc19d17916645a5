//! Play notation (§4.8): `R<id>` / `L<id>` / `D<id>` in step 1 (ids `1`, `2`, `2T`, `3`), and `@+k` /
//! `@-k` for a road action. Parsing is forgiving: case-insensitive, spaces ignored, an optional leading
//! `PLAY` or `ROAD`, full-width characters, the rulebook's 右/左/道/罠, `DT` for the trap road, and a
//! bare `R2`/`D` resolved against the player's own hand when only one card fits.

use super::data::{CardId, Face};
use super::rules::Action;
use super::state::Gap;
use super::view::View;
use crate::engine::{Localized, NotationError, Pending};

pub fn print(action: &Action) -> String {
    match action {
        Action::Play { face, card } => format!("{}{}", face.code(), card.code()),
        Action::Road { gap } => gap.code(),
    }
}

fn play_help() -> Localized {
    catalog::both!("uosao-a-play-is-r-l")
}

fn road_help() -> Localized {
    catalog::both!("uosao-a-road-action-names-a")
}

fn err(what: Localized, help: Localized) -> NotationError {
    NotationError(crate::engine::in_each_language(|lang| {
        catalog::t!(lang, "uosao-notation-error", what = what.get(lang), help = help.get(lang))
    }))
}

/// Upper-case ASCII with spaces removed; full-width forms and the rulebook's kanji mapped to notation.
fn normalise(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '−' | '–' | '—' | 'ー' => '-',
            _ => c,
        };
        match c {
            c if c.is_whitespace() || c == ':' || c == '：' => {}
            '右' => out.push('R'),
            '左' => out.push('L'),
            '道' => out.push('D'),
            '罠' | '罨' => out.push_str("DT"),
            _ => out.extend(c.to_uppercase()),
        }
    }
    out
}

pub fn parse(view: &View, pending: &Pending, text: &str) -> Result<Action, NotationError> {
    let mut s = normalise(text);
    for prefix in ["PLAY", "ROAD", "INSERT"] {
        if let Some(rest) = s.strip_prefix(prefix) {
            s = rest.to_string();
            break;
        }
    }
    let looks_like_gap = s.starts_with('@') || s.starts_with('+') || s.starts_with('-');
    if pending.kind == "road" || looks_like_gap {
        if pending.kind == "play" {
            return Err(err(
                catalog::both!("uosao-is-a-road-gap-but", text_trim = (text.trim()).to_string()),
                play_help(),
            ));
        }
        return parse_gap(&s).ok_or_else(|| {
            err(catalog::both!("uosao-cannot-read-as-a-gap", text_trim = (text.trim()).to_string()), road_help())
        });
    }
    parse_play(view, &s).map_err(|what| {
        err(
            what.unwrap_or_else(|| {
                catalog::both!("uosao-cannot-read-as-a-play", text_trim = (text.trim()).to_string())
            }),
            play_help(),
        )
    })
}

fn parse_gap(s: &str) -> Option<Action> {
    let s = s.strip_prefix('@').unwrap_or(s);
    let (plus, digits) = if let Some(d) = s.strip_prefix('+') { (true, d) } else { (false, s.strip_prefix('-')?) };
    if digits.is_empty() || digits.len() > 3 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let k: u8 = digits.parse().ok()?;
    Some(Action::Road { gap: Gap { plus, k } })
}

/// `Err(None)` means "not a play at all"; `Err(Some(..))` explains an ambiguity.
fn parse_play(view: &View, s: &str) -> Result<Action, Option<Localized>> {
    let mut chars = s.chars();
    let face = match chars.next() {
        Some('R') => Face::R,
        Some('L') => Face::L,
        Some('D') => Face::D,
        _ => return Err(None),
    };
    let rest = chars.as_str();
    let hand = view.my_hand();
    let has = |c: CardId| hand.is_none_or(|h| h.contains(&c));
    let card = match rest {
        "1" => CardId::One,
        "3" => CardId::Three,
        "2T" | "T2" => CardId::TwoT,
        "T" if face == Face::D => CardId::TwoT,
        // The two move-2 faces look alike: a bare `2` means the trap-backed card when it is the only 2 left.
        "2" if face != Face::D && !has(CardId::Two) && has(CardId::TwoT) => CardId::TwoT,
        "2" => CardId::Two,
        "" if face == Face::D => {
            let normal: Vec<CardId> = match hand {
                Some(h) => [CardId::One, CardId::Two, CardId::Three].into_iter().filter(|c| h.contains(c)).collect(),
                None => Vec::new(),
            };
            match normal.as_slice() {
                [only] => *only,
                _ => {
                    return Err(Some(catalog::both!("uosao-say-which-card-becomes-the")));
                }
            }
        }
        _ => return Err(None),
    };
    Ok(Action::Play { face, card })
}
