//! Component data of 右王左王 (spec §3): card ids, faces, colours and the fixed numbers of the game.

use serde::{Deserialize, Serialize};

pub const MIN_PLAYERS: u8 = 3;
pub const MAX_PLAYERS: u8 = 5;
pub const SEASONS: u8 = 3;
pub const MAX_ROUNDS: u8 = 5;
/// A trap payment is made only when the caught player holds at least this many points (A19).
pub const TRAP_PAYMENT_MIN_HOLDING: i64 = 2;
pub const TRAP_PAYMENT_DIVISOR: i64 = 2;
/// Squares of a road card, common or a player's road face (A3, A4).
pub const ROAD_SQUARES: usize = 2;

/// A hand card (§3.3). The two `1` cards are interchangeable (A40); `2T` carries the trap road (A6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoCardId))]
pub enum CardId {
    #[serde(rename = "1")]
    One,
    #[serde(rename = "2")]
    Two,
    #[serde(rename = "2T")]
    TwoT,
    #[serde(rename = "3")]
    Three,
}

impl CardId {
    pub const ALL: [CardId; 4] = [CardId::One, CardId::Two, CardId::TwoT, CardId::Three];

    /// The move value printed on the move face.
    pub fn value(self) -> u8 {
        match self {
            CardId::One => 1,
            CardId::Two | CardId::TwoT => 2,
            CardId::Three => 3,
        }
    }

    /// Whether the road face is the trap.
    pub fn is_trap(self) -> bool {
        self == CardId::TwoT
    }

    pub fn code(self) -> &'static str {
        match self {
            CardId::One => "1",
            CardId::Two => "2",
            CardId::TwoT => "2T",
            CardId::Three => "3",
        }
    }

    /// A complete set of one colour: `{1, 1, 2, 2T, 3}`, sorted.
    pub fn full_hand() -> Vec<CardId> {
        vec![CardId::One, CardId::One, CardId::Two, CardId::TwoT, CardId::Three]
    }
}

/// A direction: toward the Right King (`R`) or the Left King (`L`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    R,
    L,
}

impl Dir {
    pub fn code(self) -> &'static str {
        match self {
            Dir::R => "R",
            Dir::L => "L",
        }
    }
}

/// The face a card is played with in step 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoFace))]
pub enum Face {
    /// Move face toward the Right King.
    R,
    /// Move face toward the Left King.
    L,
    /// Road face.
    D,
}

impl Face {
    pub const ALL: [Face; 3] = [Face::R, Face::L, Face::D];

    pub fn dir(self) -> Option<Dir> {
        match self {
            Face::R => Some(Dir::R),
            Face::L => Some(Dir::L),
            Face::D => None,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Face::R => "R",
            Face::L => "L",
            Face::D => "D",
        }
    }
}

/// A player colour (§3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoColour))]
pub enum Colour {
    #[serde(rename = "RED")]
    Red,
    #[serde(rename = "YEL")]
    Yel,
    #[serde(rename = "GRN")]
    Grn,
    #[serde(rename = "BLU")]
    Blu,
    #[serde(rename = "PUR")]
    Pur,
}

impl Colour {
    pub const ALL: [Colour; 5] = [Colour::Red, Colour::Yel, Colour::Grn, Colour::Blu, Colour::Pur];

    pub fn code(self) -> &'static str {
        match self {
            Colour::Red => "RED",
            Colour::Yel => "YEL",
            Colour::Grn => "GRN",
            Colour::Blu => "BLU",
            Colour::Pur => "PUR",
        }
    }

    /// The one-letter soldier symbol of the board (§11).
    pub fn letter(self) -> char {
        self.code().chars().next().unwrap_or('?')
    }

    pub fn parse(s: &str) -> Option<Colour> {
        let u = s.trim().to_ascii_uppercase();
        // A colour's name in any language also names it (`赤`), as players type it.
        let named = |c: Colour| {
            catalog::LANGUAGES.iter().any(|&lang| catalog::t!(lang, "uosao-colour", code = c.code()) == s.trim())
        };
        Colour::ALL.into_iter().find(|&c| c.code() == u || named(c))
    }
}
