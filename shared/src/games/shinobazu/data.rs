//! The fixed data of 不忍 (spec §3): three colours, fifteen ninja cards, the game's constants.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Cards in every hand at the start of a set.
pub const HAND_SIZE: usize = 3;
/// Rounds (tricks) in one set.
pub const ROUNDS_PER_SET: u8 = 3;
/// The game ends at the end of a round in which some score is at least this.
pub const END_THRESHOLD: i64 = 5;
/// A fighter whose stack totals this triggers the Technique of Three (参の術).
pub const SAN_TOTAL: i32 = 3;

/// The three card colours (§3.1). Codes K (黒), R (赤), B (青).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    K,
    R,
    B,
}

impl Colour {
    pub const ALL: [Colour; 3] = [Colour::K, Colour::R, Colour::B];

    pub fn code(self) -> char {
        match self {
            Colour::K => 'K',
            Colour::R => 'R',
            Colour::B => 'B',
        }
    }

    pub fn from_code(c: char) -> Option<Colour> {
        match c.to_ascii_uppercase() {
            'K' => Some(Colour::K),
            'R' => Some(Colour::R),
            'B' => Some(Colour::B),
            _ => None,
        }
    }
}

/// The five values; there is no 3 (§3.1).
pub const VALUES: [i8; 5] = [-3, 1, 2, 4, 5];

/// One of the 15 ninja cards (忍者札). Serialised as its id, e.g. `"K-3"`, `"R2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub colour: Colour,
    pub value: i8,
}

impl Card {
    pub const fn new(colour: Colour, value: i8) -> Card {
        Card { colour, value }
    }

    /// The whole deck in the order of the spec's table (§3.1).
    pub fn deck() -> Vec<Card> {
        Colour::ALL.iter().flat_map(|c| VALUES.iter().map(move |v| Card::new(*c, *v))).collect()
    }

    /// Whether the card carries Off-colour Reversal (異色順逆の術): every 2 and 4.
    pub fn is_reversal(self) -> bool {
        self.value == 2 || self.value == 4
    }

    /// The canonical id, e.g. `K-3`.
    pub fn id(self) -> String {
        format!("{}{}", self.colour.code(), self.value)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour.code(), self.value)
    }
}

impl FromStr for Card {
    type Err = ();

    /// Case-insensitive; `m3` is another spelling of `-3` (§4.2).
    fn from_str(s: &str) -> Result<Card, ()> {
        let mut chars = s.trim().chars();
        let colour = chars.next().and_then(Colour::from_code).ok_or(())?;
        let rest = chars.as_str().to_ascii_lowercase();
        let value = match rest.as_str() {
            "-3" | "m3" => -3,
            "1" => 1,
            "2" => 2,
            "4" => 4,
            "5" => 5,
            _ => return Err(()),
        };
        Ok(Card::new(colour, value))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.id())
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(|_| serde::de::Error::custom(format!("not a shinobazu card: `{s}`")))
    }
}

#[cfg(feature = "openapi")]
crate::schema::text_schema!(
    Card,
    "ShinobazuCard",
    "A ninja card: colour K (black), R (red) or B (blue), then its value -3, 1, 2, 4 or 5.",
    "K-3",
    pattern = "^[KRB](-3|[1245])$"
);

/// Card ids joined by spaces, or `-` for none.
pub fn cards_text(cards: &[Card]) -> String {
    if cards.is_empty() { "-".to_string() } else { cards.iter().map(|c| c.id()).collect::<Vec<_>>().join(" ") }
}

/// The sum of the values of a stack.
pub fn total(cards: &[Card]) -> i32 {
    cards.iter().map(|c| c.value as i32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_fifteen_cards_totalling_27_with_six_reversals() {
        let deck = Card::deck();
        assert_eq!(deck.len(), 15);
        assert_eq!(total(&deck), 27);
        assert_eq!(deck.iter().filter(|c| c.is_reversal()).count(), 6);
        for c in Colour::ALL {
            assert_eq!(total(&deck.iter().copied().filter(|d| d.colour == c).collect::<Vec<_>>()), 9);
        }
        assert!(deck.iter().all(|c| c.value != 3));
    }

    #[test]
    fn ids_parse_case_insensitively_and_with_m3() {
        for c in Card::deck() {
            assert_eq!(c.id().parse::<Card>(), Ok(c));
            assert_eq!(c.id().to_lowercase().parse::<Card>(), Ok(c));
        }
        assert_eq!("km3".parse::<Card>(), Ok(Card::new(Colour::K, -3)));
        assert_eq!("RM3".parse::<Card>(), Ok(Card::new(Colour::R, -3)));
        assert!("K3".parse::<Card>().is_err());
        assert!("G1".parse::<Card>().is_err());
        assert_eq!(serde_json::to_string(&Card::new(Colour::B, 5)).unwrap(), "\"B5\"");
    }

    #[test]
    fn san_patterns_are_exactly_the_listed_ones() {
        // §3.5: every multiset of at most 3 distinct-card values totalling 3.
        let deck = Card::deck();
        let mut patterns = std::collections::BTreeSet::new();
        for i in 0..deck.len() {
            for j in i + 1..deck.len() {
                if total(&[deck[i], deck[j]]) == SAN_TOTAL {
                    let mut v = vec![deck[i].value, deck[j].value];
                    v.sort();
                    patterns.insert(v);
                }
                for k in j + 1..deck.len() {
                    if total(&[deck[i], deck[j], deck[k]]) == SAN_TOTAL {
                        let mut v = vec![deck[i].value, deck[j].value, deck[k].value];
                        v.sort();
                        patterns.insert(v);
                    }
                }
            }
        }
        let expected: std::collections::BTreeSet<Vec<i8>> =
            [vec![1, 2], vec![1, 1, 1], vec![-3, 1, 5], vec![-3, 2, 4]].into_iter().collect();
        assert_eq!(patterns, expected);
    }
}
