//! The whole truth of a game of 右王左王 (spec §6.1), secrets included, and the geometry of the line
//! (§4): items, squares, flat indices, labels and gaps.

use serde::{Deserialize, Serialize};

use super::data::{CardId, Colour, Dir, Face, ROAD_SQUARES};
use super::rules::{CaughtCard, KingScoring};
use crate::engine::Seat;

/// What an item of the line is (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ItemKind {
    LeftKing,
    RightKing,
    Town,
    Common,
    /// A hand card inserted road face up. `card` is secret to the owner (A7) unless it is the trap.
    Road {
        owner: Seat,
        card: CardId,
    },
}

/// One item of the line with its permanent id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub uid: u32,
    #[serde(flatten)]
    pub kind: ItemKind,
}

impl Item {
    pub fn squares(&self) -> usize {
        match self.kind {
            ItemKind::LeftKing | ItemKind::RightKing | ItemKind::Town => 1,
            ItemKind::Common | ItemKind::Road { .. } => ROAD_SQUARES,
        }
    }

    /// The owner of a trap road, if this item is one.
    pub fn trap_owner(&self) -> Option<Seat> {
        match self.kind {
            ItemKind::Road { owner, card } if card.is_trap() => Some(owner),
            _ => None,
        }
    }

    pub fn is_king(&self) -> bool {
        matches!(self.kind, ItemKind::LeftKing | ItemKind::RightKing)
    }
}

/// A player's soldier: on square `offset` (0 = left square) of the item `item` (a uid).
/// Face down exactly when `stunned_round` is set (I6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Soldier {
    pub item: u32,
    pub offset: u8,
    pub stunned_round: Option<u8>,
}

impl Soldier {
    pub fn face_down(&self) -> bool {
        self.stunned_round.is_some()
    }
}

/// A move face lying face up on a player's table. `card` (`2` or `2T`) is secret to the owner (A7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCard {
    pub card: CardId,
    pub dir: Dir,
    pub round: u8,
}

/// One play of step 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub seat: Seat,
    pub card: CardId,
    pub face: Face,
}

/// The result of step 2 (§6.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Determination {
    /// Seats whose move play was cancelled, in turn order.
    pub cancelled: Vec<Seat>,
    pub right: Option<Seat>,
    pub left: Option<Seat>,
}

impl Determination {
    pub fn selected(&self, dir: Dir) -> Option<Seat> {
        match dir {
            Dir::R => self.right,
            Dir::L => self.left,
        }
    }
}

/// Which king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum King {
    LK,
    RK,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reach {
    pub seat: Seat,
    pub king: King,
}

/// How a season was scored (§8.2, §8.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeasonEndKind {
    King,
    Town,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonResult {
    pub season: u8,
    pub kind: SeasonEndKind,
    /// The deemed reacher for king scoring.
    pub reacher: Option<Seat>,
    pub scores: Vec<i64>,
}

/// Where the game stands: which decision is awaited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Step 1: the player at turn position `k` (from the SP) plays a card.
    Play {
        k: u8,
    },
    /// Step 3.i: road player `j` of `road_players` chooses a gap.
    Road {
        j: u8,
    },
    Over,
}

/// A gap of the line (§4.5): `@+k` (`plus`) or `@-k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = UosaoGap))]
pub struct Gap {
    pub plus: bool,
    pub k: u8,
}

impl Gap {
    pub fn code(self) -> String {
        format!("@{}{}", if self.plus { '+' } else { '-' }, self.k)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub seats: u8,
    pub colours: Vec<Colour>,
    /// The readings chosen at creation (options `caught_card`, `king_scoring`); absent in older states.
    #[serde(default)]
    pub caught_card: CaughtCard,
    #[serde(default)]
    pub king_scoring: KingScoring,
    pub season: u8,
    pub round: u8,
    pub sp: Seat,
    pub line: Vec<Item>,
    pub next_uid: u32,
    pub soldiers: Vec<Soldier>,
    /// Sorted multisets of card ids. Secret to the owner (A29).
    pub hands: Vec<Vec<CardId>>,
    pub tables: Vec<Vec<TableCard>>,
    /// This round's plays in turn order.
    pub plays: Vec<Play>,
    pub determination: Option<Determination>,
    /// Seats that played a road this round, in turn order from the SP.
    pub road_players: Vec<Seat>,
    pub reached: Vec<Reach>,
    pub pt: Vec<i64>,
    pub phase: Phase,
    /// Counts answered decisions; decision ids derive from it and never repeat.
    pub step: u64,
    pub results: Vec<SeasonResult>,
    /// A seat that resigned; the game ended then (see `rules::resign`).
    pub resigned: Option<Seat>,
    /// The previous round's plays and determination, kept for the board (public rendering only).
    pub last_plays: Vec<Play>,
    pub last_determination: Option<Determination>,
}

impl State {
    pub fn n(&self) -> usize {
        self.seats as usize
    }

    /// Turn order from the SP (§4.7).
    pub fn order(&self) -> Vec<Seat> {
        (0..self.seats).map(|i| (self.sp + i) % self.seats).collect()
    }

    pub fn colour(&self, seat: Seat) -> Colour {
        self.colours[seat as usize]
    }

    pub fn town_index(&self) -> usize {
        self.line.iter().position(|i| i.kind == ItemKind::Town).expect("the line always has the town")
    }

    pub fn index_of(&self, uid: u32) -> usize {
        self.line.iter().position(|i| i.uid == uid).expect("soldiers stand on items of the line")
    }

    /// Total number of squares, kings included.
    pub fn squares(&self) -> usize {
        self.line.iter().map(Item::squares).sum()
    }

    /// The flat index of the first square of item `index` (§4.4).
    pub fn flat_start(&self, index: usize) -> usize {
        self.line[..index].iter().map(Item::squares).sum()
    }

    pub fn soldier_index(&self, seat: Seat) -> usize {
        self.index_of(self.soldiers[seat as usize].item)
    }

    pub fn soldier_flat(&self, seat: Seat) -> usize {
        let s = self.soldiers[seat as usize];
        self.flat_start(self.index_of(s.item)) + s.offset as usize
    }

    /// The item index and offset of flat square `flat`.
    pub fn locate(&self, flat: usize) -> (usize, u8) {
        let mut start = 0;
        for (i, item) in self.line.iter().enumerate() {
            if flat < start + item.squares() {
                return (i, (flat - start) as u8);
            }
            start += item.squares();
        }
        panic!("flat index {flat} is outside the line");
    }

    /// The card label of item `index` (§4.2): `LK`, `-k`, `T`, `+k`, `RK`.
    pub fn item_label(&self, index: usize) -> String {
        let t = self.town_index();
        if index == 0 {
            "LK".into()
        } else if index + 1 == self.line.len() {
            "RK".into()
        } else if index == t {
            "T".into()
        } else if index > t {
            format!("+{}", index - t)
        } else {
            format!("-{}", t - index)
        }
    }

    /// The square label (§4.3): `T`, `LK`, `RK`, or `±k.1` (inner) / `±k.2` (outer).
    pub fn square_label(&self, index: usize, offset: u8) -> String {
        let label = self.item_label(index);
        if self.line[index].squares() == 1 {
            return label;
        }
        let inner = if index > self.town_index() { offset == 0 } else { offset as usize == ROAD_SQUARES - 1 };
        format!("{label}.{}", if inner { 1 } else { 2 })
    }

    pub fn soldier_label(&self, seat: Seat) -> String {
        let s = self.soldiers[seat as usize];
        self.square_label(self.index_of(s.item), s.offset)
    }

    /// Every gap of the line, left to right (§4.5).
    pub fn gaps(&self) -> Vec<Gap> {
        let t = self.town_index();
        let left_cards = t - 1;
        let right_cards = self.line.len() - 2 - t;
        let mut gaps: Vec<Gap> = (0..=left_cards).rev().map(|k| Gap { plus: false, k: k as u8 }).collect();
        gaps.extend((0..=right_cards).map(|k| Gap { plus: true, k: k as u8 }));
        gaps
    }

    /// The line index a card inserted at `gap` gets, if the gap exists.
    pub fn insertion_index(&self, gap: Gap) -> Option<usize> {
        let t = self.town_index();
        let k = gap.k as usize;
        if gap.plus { (k <= self.line.len() - 2 - t).then_some(t + k + 1) } else { (k < t).then_some(t - k) }
    }

    /// The line string of §4.6, e.g. `LK C C T C YEL! C RK`.
    pub fn line_string(&self) -> String {
        self.line
            .iter()
            .map(|i| match i.kind {
                ItemKind::LeftKing => "LK".to_string(),
                ItemKind::RightKing => "RK".to_string(),
                ItemKind::Town => "T".to_string(),
                ItemKind::Common => "C".to_string(),
                ItemKind::Road { owner, card } => {
                    format!("{}{}", self.colour(owner).code(), if card.is_trap() { "!" } else { "" })
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The seat whose decision is awaited, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Play { k } => Some((self.sp + k) % self.seats),
            Phase::Road { j } => self.road_players.get(j as usize).copied(),
            Phase::Over => None,
        }
    }

    pub fn decision_id(&self) -> String {
        format!("d{}", self.step)
    }

    /// The play of `seat` this round, if made.
    pub fn play_of(&self, seat: Seat) -> Option<&Play> {
        self.plays.iter().find(|p| p.seat == seat)
    }
}
