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
    Localized::new(
        "a play is R, L or D followed by a card id 1, 2, 2T or 3: R3 moves 3 toward the Right King, \
         L2T moves 2 toward the Left King using your trap-backed card, D1 lays card 1 as a road, D2T (or DT) lays your trap",
        "カードは R・L・D にカード番号 1, 2, 2T, 3 を続けて書きます。R3 = 右王へ3マス移動、\
         L2T = 罠付きの2で左王へ2マス移動、D1 = カード1を道として出す、D2T（または DT）= 罠を出す",
    )
}

fn road_help() -> Localized {
    Localized::new(
        "a road action names a gap: @+k is on the outer side of card +k (@+0 is just right of the town), \
         @-k on the outer side of card -k (@-0 is just left of the town), e.g. @+1",
        "道の挿入位置は @+k（カード+kの外側。@+0 は街のすぐ右）か @-k（カード-kの外側。@-0 は街のすぐ左）で書きます。例: @+1",
    )
}

fn err(what: Localized, help: Localized) -> NotationError {
    NotationError(Localized::new(format!("{}; {}", what.en, help.en), format!("{}。{}", what.ja, help.ja)))
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
                Localized::new(
                    format!("`{}` is a road gap, but now you play a card", text.trim()),
                    format!("「{}」は挿入位置です。今はカードを出す番です", text.trim()),
                ),
                play_help(),
            ));
        }
        return parse_gap(&s).ok_or_else(|| {
            err(
                Localized::new(
                    format!("cannot read `{}` as a gap", text.trim()),
                    format!("「{}」を挿入位置として読めません", text.trim()),
                ),
                road_help(),
            )
        });
    }
    parse_play(view, &s).map_err(|what| {
        err(
            what.unwrap_or_else(|| {
                Localized::new(
                    format!("cannot read `{}` as a play", text.trim()),
                    format!("「{}」をカードの出し方として読めません", text.trim()),
                )
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
                    return Err(Some(Localized::new(
                        "say which card becomes the road: D1, D2 or D3 (or DT for your trap)",
                        "道にするカードを指定してください: D1, D2, D3（罠は DT）",
                    )));
                }
            }
        }
        _ => return Err(None),
    };
    Ok(Action::Play { face, card })
}
