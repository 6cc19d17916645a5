//! The whole truth of a game of 不忍, secrets included (spec §6.1). Only `view.rs` decides what leaves it.

use serde::{Deserialize, Serialize};

use super::data::{Card, Colour};
use crate::engine::Seat;

/// Creation options: the host's optional choice of §5, and the readings of the rulebook a game plays where
/// its words support two (docs/rules/shinobazu.md, "Readings"). The defaults are the spec's choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuOptions))]
pub struct Options {
    /// The first start player as a 0-based seat (§5 step 6, A28); random when absent.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, maximum = 4))]
    pub first_start_player: Option<Seat>,
    pub declined_cards: DeclinedCards,
    pub sole_fighter_lead: SoleFighterLead,
    pub sole_fighter_three: SoleFighterThree,
    pub after_push: AfterPush,
}

/// What a lone fighter whose total is 3 does (reading 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuSoleFighterThree))]
pub enum SoleFighterThree {
    /// Leaves the showdown like any lone fighter: the single-fighter rule comes first.
    #[default]
    Leaves,
    /// The Technique of Three comes first: everyone, the fighter included, takes part; the lead stays.
    PullsIn,
}

/// Who the turn goes on from after a push onto a player who has already played (reading 6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuAfterPush))]
pub enum AfterPush {
    /// The next player clockwise after the receiver who has not played.
    #[default]
    AfterReceiver,
    /// The next player clockwise after the pusher who has not played.
    AfterPusher,
}

/// What becomes of the stack of a passer who declines a Shinobazu Duel (A21).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuDeclinedCards))]
pub enum DeclinedCards {
    /// Discarded, the current card face down and unrevealed (the round-end rule keeps only unchallenged cards).
    #[default]
    Discard,
    /// Left in front of the passer like an unchallenged pass: exposed and carried, or taken back after round 3
    /// (the overview and §2b carry the cards of a player who "passed and avoided the duel").
    Carry,
}

/// Which card sets the lead colour when one player fights alone (A14).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShinobazuSoleFighterLead))]
pub enum SoleFighterLead {
    /// The current card lying in front of the fighter's left neighbour.
    #[default]
    InFront,
    /// The card the left neighbour played this round, wherever it went (possibly onto the fighter).
    Played,
}

/// A player's stance for this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    Fight,
    Pass,
    /// A pushed card whose receiver has not answered yet.
    Undecided,
}

/// The one current card lying in front of a player this round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub card: Card,
    /// Who put it there: the player themself, or the pusher. Only this seat knows a face-down card.
    pub placed_by: Seat,
    pub choice: Choice,
    pub face_up: bool,
}

/// A card on the discard pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Discarded {
    pub card: Card,
    pub face_up: bool,
    /// For a face-down discard (a declined card, A21): the one seat that knows it (its placer).
    pub known_to: Option<Seat>,
}

/// Where the game stands: the decision awaited, or the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// D1 PLAY(seat) (§6.4.1).
    Play {
        seat: Seat,
    },
    /// D2 PUSH_RESPONSE(seat): answer blind to the card `pusher` placed (§6.4.3).
    PushResponse {
        seat: Seat,
        pusher: Seat,
    },
    /// D3 CHALLENGE_CHOICE(loser) (§6.6.2).
    ChallengeChoice {
        loser: Seat,
    },
    /// D4 CHALLENGE_ANSWER(passer) (§6.6.3).
    ChallengeAnswer {
        loser: Seat,
        passer: Seat,
    },
    Over,
}

/// Which case of §6.5.1 a showdown was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ShowdownKind {
    Normal,
    /// Normal, and the Technique of Three pulled every passer in.
    San {
        by: Vec<Seat>,
    },
    SoleFighter {
        fighter: Seat,
    },
    AllPassed,
    /// A Shinobazu Duel between the single loser and a passer who accepted.
    Duel {
        challenger: Seat,
        passer: Seat,
    },
}

/// One participant's revealed stack in a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackReport {
    pub seat: Seat,
    pub cards: Vec<Card>,
    pub total: i32,
}

/// A score change: seat, before, after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreChange {
    pub seat: Seat,
    pub before: i64,
    pub after: i64,
}

/// Everything public about one showdown or duel, kept for the views and the showdown report (§11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub set_no: u32,
    pub round_no: u8,
    pub kind: ShowdownKind,
    /// The lead colour in force for the evaluation.
    pub lead: Colour,
    pub fighters: Vec<Seat>,
    pub passers: Vec<Seat>,
    /// The sole fighter's stack, revealed and discarded before the forced showdown.
    pub left: Option<StackReport>,
    pub stacks: Vec<StackReport>,
    pub reversal_cards: Vec<Card>,
    pub reversed: bool,
    pub winner: Option<Seat>,
    pub losers: Vec<Seat>,
    pub changes: Vec<ScoreChange>,
    /// Passers still outside after the showdown (duel candidates).
    pub passers_left: Vec<Seat>,
}

/// A challenge that was declined (public part only: the current card stays secret).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclineReport {
    pub loser: Seat,
    pub passer: Seat,
    pub cards: usize,
    pub change: ScoreChange,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub n: u8,
    pub scores: Vec<i64>,
    /// Secret to each owner.
    pub hands: Vec<Vec<Card>>,
    /// Face-up cards from earlier rounds of this set, oldest first.
    pub carried: Vec<Vec<Card>>,
    pub current: Vec<Option<Placed>>,
    /// Whether each seat has taken its turn this round.
    pub done: Vec<bool>,
    pub sp: Seat,
    pub lead: Option<Colour>,
    pub set_no: u32,
    pub round_no: u8,
    pub discard: Vec<Discarded>,
    /// Secret to everybody.
    pub unused: Vec<Card>,
    pub last_gainers: Vec<Seat>,
    pub passers_left: Vec<Seat>,
    pub phase: Phase,
    /// Counts applied answers; the pending decision id is `d<step>`, so ids never repeat.
    pub step: u64,
    /// Showdown and duel reports of the most recent round that had a showdown.
    pub reports: Vec<Report>,
    pub decline: Option<DeclineReport>,
    /// The seat that resigned, if the game ended that way.
    pub resigned: Option<Seat>,
    /// The readings chosen at creation (absent from states saved before they existed: the defaults).
    #[serde(default)]
    pub declined_cards: DeclinedCards,
    #[serde(default)]
    pub sole_fighter_lead: SoleFighterLead,
    #[serde(default)]
    pub sole_fighter_three: SoleFighterThree,
    #[serde(default)]
    pub after_push: AfterPush,
}

impl State {
    pub fn next(&self, p: Seat) -> Seat {
        (p + 1) % self.n
    }

    /// Clockwise search from `from`, inclusive (§4.1).
    pub fn search_from(&self, from: Seat, cond: impl Fn(Seat) -> bool) -> Option<Seat> {
        (0..self.n).map(|i| (from + i) % self.n).find(|p| cond(*p))
    }

    /// Clockwise search after `from`, never looking at `from` (§4.1).
    pub fn search_after(&self, from: Seat, cond: impl Fn(Seat) -> bool) -> Option<Seat> {
        (1..self.n).map(|i| (from + i) % self.n).find(|p| cond(*p))
    }

    /// Carried cards plus the current card.
    pub fn stack(&self, p: Seat) -> Vec<Card> {
        let mut s = self.carried[p as usize].clone();
        if let Some(c) = &self.current[p as usize] {
            s.push(c.card);
        }
        s
    }

    pub fn choice(&self, p: Seat) -> Option<Choice> {
        self.current[p as usize].as_ref().map(|c| c.choice)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The turn number within the round (1..n) of the next play.
    pub fn turn_no(&self) -> usize {
        self.done.iter().filter(|d| **d).count() + 1
    }

    /// `S<set>R<round>` (§4.4).
    pub fn stamp(&self) -> String {
        format!("S{}R{}", self.set_no, self.round_no)
    }
}

/// "P3" for a 0-based seat.
pub fn seat_label(p: Seat) -> String {
    format!("P{}", p + 1)
}
