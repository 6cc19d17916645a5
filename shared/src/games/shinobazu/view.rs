//! What one viewer may see (spec §7). A face-down card is shown only to the seat that placed it, never to
//! the seat it lies in front of (A7); hands only to their owner; unused and declined cards to nobody.
//! After the game ends everything is revealed (§7 rule 4).

use serde::{Deserialize, Serialize};

use super::data::{Card, Colour};
use super::state::{
    AfterPush, Choice, DeclineReport, DeclinedCards, Phase, Report, SoleFighterLead, SoleFighterThree, State,
};
use crate::engine::{Seat, Viewer};

/// A current card as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CurrentView {
    /// `None` = face down and unknown to the viewer (`??`).
    pub card: Option<Card>,
    pub face_up: bool,
    pub placed_by: Seat,
    pub choice: Choice,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub score: i64,
    pub hand_size: usize,
    /// Only the viewer's own hand (every hand once the game is over).
    pub hand: Option<Vec<Card>>,
    pub carried: Vec<Card>,
    pub current: Option<CurrentView>,
    pub done: bool,
}

/// The decision the table is waiting for (public: §7 "whose decision is pending").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Waiting {
    Play { seat: Seat },
    PushResponse { seat: Seat, pusher: Seat },
    ChallengeChoice { seat: Seat },
    ChallengeAnswer { seat: Seat, challenger: Seat },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub n: u8,
    pub set_no: u32,
    pub round_no: u8,
    pub turn: usize,
    pub sp: Seat,
    pub lead: Option<Colour>,
    pub seats: Vec<SeatView>,
    pub discard_face_up: Vec<Card>,
    pub discard_face_down: usize,
    /// Face-down discards the viewer placed (a declined card it played or pushed): it still knows them.
    pub discard_face_down_yours: Vec<Card>,
    /// Only for the server, and for everyone once the game is over.
    pub discard_face_down_cards: Option<Vec<Card>>,
    pub unused_count: usize,
    /// Only for the server, and for everyone once the game is over.
    pub unused: Option<Vec<Card>>,
    pub passers_left: Vec<Seat>,
    pub waiting: Option<Waiting>,
    pub reports: Vec<Report>,
    pub decline: Option<DeclineReport>,
    pub game_over: bool,
    pub resigned: Option<Seat>,
    /// Rank per seat once the game is over.
    pub ranks: Option<Vec<u8>>,
    /// The readings this game plays (public: every player must know the rules in force).
    #[serde(default)]
    pub declined_cards: DeclinedCards,
    #[serde(default)]
    pub sole_fighter_lead: SoleFighterLead,
    #[serde(default)]
    pub sole_fighter_three: SoleFighterThree,
    #[serde(default)]
    pub after_push: AfterPush,
}

impl View {
    pub fn me(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(s) => Some(s),
            _ => None,
        }
    }
}

pub fn view(s: &State, viewer: Viewer) -> View {
    let over = s.is_over();
    let all = over || viewer == Viewer::Server;
    let knows = |placed_by: Seat| all || viewer == Viewer::Seat(placed_by);
    let seats = (0..s.n)
        .map(|q| {
            let i = q as usize;
            SeatView {
                score: s.scores[i],
                hand_size: s.hands[i].len(),
                hand: (all || viewer == Viewer::Seat(q)).then(|| s.hands[i].clone()),
                carried: s.carried[i].clone(),
                current: s.current[i].as_ref().map(|c| CurrentView {
                    card: (c.face_up || knows(c.placed_by)).then_some(c.card),
                    face_up: c.face_up,
                    placed_by: c.placed_by,
                    choice: c.choice,
                }),
                done: s.done[i],
            }
        })
        .collect();
    let waiting = match s.phase {
        Phase::Play { seat } => Some(Waiting::Play { seat }),
        Phase::PushResponse { seat, pusher } => Some(Waiting::PushResponse { seat, pusher }),
        Phase::ChallengeChoice { loser } => Some(Waiting::ChallengeChoice { seat: loser }),
        Phase::ChallengeAnswer { loser, passer } => Some(Waiting::ChallengeAnswer { seat: passer, challenger: loser }),
        Phase::Over => None,
    };
    View {
        viewer,
        n: s.n,
        set_no: s.set_no,
        round_no: s.round_no,
        turn: s.turn_no().min(s.n as usize),
        sp: s.sp,
        lead: s.lead,
        seats,
        discard_face_up: s.discard.iter().filter(|d| d.face_up).map(|d| d.card).collect(),
        discard_face_down: s.discard.iter().filter(|d| !d.face_up).count(),
        discard_face_down_yours: s
            .discard
            .iter()
            .filter(|d| !d.face_up && d.known_to.is_some_and(|k| viewer == Viewer::Seat(k)))
            .map(|d| d.card)
            .collect(),
        discard_face_down_cards: all.then(|| s.discard.iter().filter(|d| !d.face_up).map(|d| d.card).collect()),
        unused_count: s.unused.len(),
        unused: all.then(|| s.unused.clone()),
        passers_left: s.passers_left.clone(),
        waiting,
        reports: s.reports.clone(),
        decline: s.decline.clone(),
        game_over: over,
        resigned: s.resigned,
        ranks: super::rules::outcome(s).map(|o| o.ranks),
        declined_cards: s.declined_cards,
        sole_fighter_lead: s.sole_fighter_lead,
        sole_fighter_three: s.sole_fighter_three,
        after_push: s.after_push,
    }
}
