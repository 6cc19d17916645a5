//! What one viewer may see (§7): everything is public except hand contents, the card under a player's
//! road, and whether a face-up "2" is card `2` or `2T`. Those `card` fields are filled only for their
//! owner and the server, and for everyone once the game is over (§7 allows revealing them then).

use serde::{Deserialize, Serialize};

use super::data::{CardId, Colour, Dir, Face};
use super::state::{Determination, Gap, ItemKind, Phase, Play, SeasonResult, State};
use crate::engine::{Seat, Viewer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ItemType {
    LeftKing,
    RightKing,
    Town,
    Common,
    Road,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemView {
    /// `LK`, `-2`, `T`, `+1`, `RK` …
    pub label: String,
    #[serde(rename = "type")]
    pub item_type: ItemType,
    pub squares: u8,
    pub owner: Option<Seat>,
    pub trap: bool,
    /// The card under a player's road: owner only.
    pub card: Option<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldierView {
    /// Square label, e.g. `+2.1`.
    pub square: String,
    /// Item index in the line (0 = LK).
    pub item: usize,
    pub offset: u8,
    /// Flat square index (§4.4).
    pub flat: usize,
    pub face_down: bool,
    pub stunned_round: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCardView {
    pub dir: Dir,
    pub value: u8,
    pub round: u8,
    /// `2` or `2T`: owner only.
    pub card: Option<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayView {
    pub seat: Seat,
    pub face: Face,
    /// Move value of an `R`/`L` play.
    pub value: Option<u8>,
    /// Whether a road play is the trap.
    pub trap: bool,
    /// Owner only.
    pub card: Option<CardId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub seats: u8,
    pub colours: Vec<Colour>,
    pub season: u8,
    pub round: u8,
    pub sp: Seat,
    /// Turn order from the SP.
    pub order: Vec<Seat>,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub decision: Option<String>,
    pub line: Vec<ItemView>,
    pub squares: usize,
    pub gaps: Vec<Gap>,
    pub soldiers: Vec<SoldierView>,
    pub hand_sizes: Vec<u8>,
    /// The viewer's own hand (all hands for the server and after the game).
    pub hands: Vec<Option<Vec<CardId>>>,
    pub tables: Vec<Vec<TableCardView>>,
    pub plays: Vec<PlayView>,
    pub determination: Option<Determination>,
    pub road_players: Vec<Seat>,
    pub last_plays: Vec<PlayView>,
    pub last_determination: Option<Determination>,
    pub pt: Vec<i64>,
    pub results: Vec<SeasonResult>,
    pub resigned: Option<Seat>,
}

impl View {
    pub fn colour(&self, seat: Seat) -> Colour {
        self.colours[seat as usize]
    }

    /// The seat this view belongs to, if a player's.
    pub fn me(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(s) => Some(s),
            _ => None,
        }
    }

    pub fn my_hand(&self) -> Option<&Vec<CardId>> {
        self.me().and_then(|s| self.hands.get(s as usize)).and_then(|h| h.as_ref())
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }
}

fn sees(viewer: Viewer, owner: Seat, over: bool) -> bool {
    over || match viewer {
        Viewer::Server => true,
        Viewer::Seat(s) => s == owner,
        Viewer::Spectator => false,
    }
}

fn play_view(p: &Play, viewer: Viewer, over: bool) -> PlayView {
    PlayView {
        seat: p.seat,
        face: p.face,
        value: p.face.dir().map(|_| p.card.value()),
        trap: p.face == Face::D && p.card.is_trap(),
        card: sees(viewer, p.seat, over).then_some(p.card),
    }
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let over = state.phase == Phase::Over;
    let line = state
        .line
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let (item_type, owner, trap, card) = match item.kind {
                ItemKind::LeftKing => (ItemType::LeftKing, None, false, None),
                ItemKind::RightKing => (ItemType::RightKing, None, false, None),
                ItemKind::Town => (ItemType::Town, None, false, None),
                ItemKind::Common => (ItemType::Common, None, false, None),
                ItemKind::Road { owner, card } => {
                    (ItemType::Road, Some(owner), card.is_trap(), sees(viewer, owner, over).then_some(card))
                }
            };
            ItemView { label: state.item_label(i), item_type, squares: item.squares() as u8, owner, trap, card }
        })
        .collect();
    let soldiers = (0..state.seats)
        .map(|s| {
            let sol = state.soldiers[s as usize];
            SoldierView {
                square: state.soldier_label(s),
                item: state.soldier_index(s),
                offset: sol.offset,
                flat: state.soldier_flat(s),
                face_down: sol.face_down(),
                stunned_round: sol.stunned_round,
            }
        })
        .collect();
    let tables = (0..state.seats)
        .map(|s| {
            state.tables[s as usize]
                .iter()
                .map(|t| TableCardView {
                    dir: t.dir,
                    value: t.card.value(),
                    round: t.round,
                    card: sees(viewer, s, over).then_some(t.card),
                })
                .collect()
        })
        .collect();
    View {
        viewer,
        seats: state.seats,
        colours: state.colours.clone(),
        season: state.season,
        round: state.round,
        sp: state.sp,
        order: state.order(),
        phase: state.phase,
        to_act: state.to_act(),
        decision: (!over).then(|| state.decision_id()),
        line,
        squares: state.squares(),
        gaps: state.gaps(),
        soldiers,
        hand_sizes: state.hands.iter().map(|h| h.len() as u8).collect(),
        hands: (0..state.seats).map(|s| sees(viewer, s, over).then(|| state.hands[s as usize].clone())).collect(),
        tables,
        plays: state.plays.iter().map(|p| play_view(p, viewer, over)).collect(),
        determination: state.determination.clone(),
        road_players: state.road_players.clone(),
        last_plays: state.last_plays.iter().map(|p| play_view(p, viewer, over)).collect(),
        last_determination: state.last_determination.clone(),
        pt: state.pt.clone(),
        results: state.results.clone(),
        resigned: state.resigned,
    }
}
