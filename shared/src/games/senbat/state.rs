//! The whole truth of one game, secrets included, with the explicit continuation (`tasks`) that lets
//! `apply` stop at any decision inside a combat and resume later.

use serde::{Deserialize, Serialize};

use crate::engine::Seat;

use super::data::{self, CARDS, NCARDS, PER_ARMY, Slot};
use super::geometry::{Face, Rect, local_to_world};

/// Creation options. Everything defaults to the rulebook game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatOptions))]
pub struct Options {
    /// Seat playing Oda (0 or 1); random when absent.
    #[cfg_attr(feature = "openapi", schema(maximum = 1))]
    pub oda_seat: Option<u8>,
    /// Seat moving first (sente, south: 0 or 1); random when absent.
    #[cfg_attr(feature = "openapi", schema(maximum = 1))]
    pub first_seat: Option<u8>,
    /// Force the quick-start organisation and deployment (§3.5).
    pub quickstart: bool,
    /// Optional house rule §8.5: after END_TURN of this turn the game is decided on morale, tokens, credit.
    pub turn_limit: Option<u32>,
    /// The clockwise order of the action board, where the rulebook's two sowing examples disagree (A8;
    /// `docs/rules/senbat.md`, Readings).
    pub sowing: Sowing,
    /// Whether a Move or Charge may stop short of the sonae's movement (reading 5).
    pub movement: Movement,
    /// Who wins when both players meet a victory condition at once (reading 17).
    pub both_win: BothWin,
}

/// How far a Move or a Charge goes (reading 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatMovement))]
pub enum Movement {
    /// Any whole number of units from 1 up to the sonae's movement.
    #[default]
    UpTo,
    /// Exactly the sonae's movement (still stopped by contact).
    Exact,
}

/// Who wins when a victory condition holds for both players at once (reading 17).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatBothWin))]
pub enum BothWin {
    /// The player not taking the turn.
    #[default]
    NonActing,
    /// The player taking the turn.
    Acting,
}

/// The ring tokens are sown round, starting from Move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatSowing))]
pub enum Sowing {
    /// Example 1: Move, Shoot, Charge, Recover-or-Defend (A8's choice).
    #[default]
    #[serde(rename = "MV-SH-CH-RD")]
    ShootAfterMove,
    /// Example 2: Charge follows Move; in a square of four spaces that leaves Recover-or-Defend, then Shoot.
    #[serde(rename = "MV-CH-RD-SH")]
    ChargeAfterMove,
}

impl Sowing {
    /// The four spaces in clockwise order, starting with Move.
    pub fn ring(self) -> [usize; 4] {
        match self {
            Sowing::ShootAfterMove => [data::MV, data::SH, data::CH, data::RD],
            Sowing::ChargeAfterMove => [data::MV, data::CH, data::RD, data::SH],
        }
    }

    /// The space `steps` places clockwise after `space`.
    pub fn after(self, space: usize, steps: usize) -> usize {
        let ring = self.ring();
        let at = ring.iter().position(|s| *s == space).expect("one of the four spaces");
        ring[(at + steps) % 4]
    }
}

/// `policy stock …`: how D11 is answered without asking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SenbatStockPolicy))]
pub enum StockPolicy {
    #[default]
    Ask,
    Never,
    /// Use the stock when the roll has at least this many successes, else decline.
    Min(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    InHand,
    OnField,
    Removed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub status: Status,
    pub damage: u8,
    /// Card index of the core of its sonae (itself for a core); None before organisation.
    pub core: Option<u8>,
    pub slot: Slot,
    /// Whether the card's sonae membership is public (deployed once, or a core).
    pub public_core: bool,
    /// Pose of the sonae (only meaningful on cores): centre and heading.
    pub x: f64,
    pub y: f64,
    pub h: i32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    Organise,
    Deploy,
    Tokens,
    Play,
    Over,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub space: Option<usize>,
    pub used: u8,
    /// (core card index, executions this turn)
    pub acts: Vec<(u8, u8)>,
}

/// One declared attack pair of a combat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pair {
    pub p: u8,
    pub q: u8,
    pub face: Face,
    pub n: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    /// Core of the acting sonae.
    pub x: u8,
    pub charge: bool,
    /// Enemy cards engaged at combat start.
    pub e: Vec<u8>,
    pub pairs: Vec<Pair>,
    /// Damage placed by each seat's attacks in this combat.
    pub tally: [u32; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackStage {
    Start,
    AfterDice,
    StockAsked,
    Save { stock: bool },
    AfterSave,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub p: u8,
    pub q: u8,
    pub n: u32,
    pub v: u8,
    pub stage: AttackStage,
    pub dice: Vec<u8>,
    pub sv: u8,
    pub save_dice: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStage {
    Start,
    ActingDeclared,
    Rolled,
    Counter,
    CounterDeclared,
}

/// The continuation: tasks run from the top of the stack (the end of the vector).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Task {
    /// Marks the end of one execution: then continue the turn or end it.
    EndExec,
    Rotate {
        x: u8,
        delta: i32,
    },
    /// After a rotation: contact with an enemy cuts the execution short with a melee.
    AfterRotate {
        x: u8,
    },
    Advance {
        x: u8,
        back: bool,
        d: f64,
        charge: bool,
    },
    ContactCheck {
        x: u8,
        charge: bool,
    },
    Fire {
        x: u8,
        orders: Vec<(u8, u8)>,
    },
    Shot {
        s: u8,
        t: u8,
    },
    Attack(Attack),
    Recover {
        card: Option<u8>,
        die: Vec<u8>,
        rolled: bool,
    },
    Removal,
    Senkyo {
        gainer: Seat,
    },
    Melee {
        x: u8,
        stage: CombatStage,
    },
    Charge {
        x: u8,
        stage: CombatStage,
    },
    Resolve,
    Retreat {
        core: u8,
        faces: Vec<Face>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AskKind {
    /// Sealed for both seats (D2).
    Organise,
    /// Sealed for both seats (D4).
    Tokens,
    Deploy {
        seat: Seat,
    },
    /// D5 (first) and D6 (continue).
    Act {
        seat: Seat,
        first: bool,
    },
    /// D7–D10: for every listed card with several options, one target. `code` is 7, 8, 9 or 10.
    Targets {
        seat: Seat,
        code: u8,
        choices: Vec<(u8, Vec<u8>)>,
    },
    Stock {
        seat: Seat,
    },
    Kenkon {
        seat: Seat,
    },
    Senkyo {
        seat: Seat,
    },
    Heal {
        seat: Seat,
        options: Vec<u8>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ask {
    pub step: u64,
    pub kind: AskKind,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Player {
    pub army: u8,
    pub board: [u8; 4],
    pub stock: u8,
    pub morale: u8,
    pub general_kills: u32,
    pub troop_kills: u32,
    pub transfers_granted: u32,
    pub hq_lost: bool,
    pub reset_used: bool,
    /// Secret until both have committed.
    pub organised: Option<Vec<(u8, Vec<u8>)>>,
    pub quick_org: bool,
    pub token_commit: Option<[u8; 4]>,
    /// Standing policies (§4.8), secret to their owner for good (§7). Only `secrecy::standing_answer` reads
    /// them, so that a replay without them plays the same game; forgotten at the end.
    #[serde(default)]
    pub stock_policy: StockPolicy,
    #[serde(default)]
    pub kenkon_never: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub step: u64,
    pub phase: Phase,
    pub players: [Player; 2],
    /// Seat of the first player (sente, south); None until drawn.
    pub sente: Option<Seat>,
    pub cards: Vec<Card>,
    pub turn_no: u32,
    pub active: Seat,
    pub deploy_next: Seat,
    pub turn: Turn,
    pub kenkon_used: bool,
    pub tasks: Vec<Task>,
    pub combat: Option<Combat>,
    /// Gainers of battle-situation transfers not yet placed (counted already, §6.14).
    pub transfer_queue: Vec<Seat>,
    pub ask: Option<Ask>,
    pub winner: Option<Seat>,
    /// Set when the optional turn limit ends the game level.
    pub draw: bool,
    pub end_reason: Option<crate::engine::Localized>,
    /// Test hook: dice taken from here before the RNG (always empty in real games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced_dice: Vec<u8>,
}

impl State {
    pub fn owner(&self, card: usize) -> Seat {
        let army = CARDS[card].army;
        if self.players[0].army == army { 0 } else { 1 }
    }

    pub fn army_base(&self, seat: Seat) -> usize {
        self.players[seat as usize].army as usize * PER_ARMY
    }

    pub fn on_field(&self, card: usize) -> bool {
        self.cards[card].status == Status::OnField
    }

    pub fn durability(card: usize) -> u8 {
        data::type_def(CARDS[card].utype).durability
    }

    pub fn cap(&self, card: usize) -> u8 {
        Self::durability(card).saturating_sub(self.cards[card].damage)
    }

    /// Pose rectangle of a card on the field, from its sonae pose and slot.
    pub fn rect(&self, card: usize) -> Rect {
        let core = self.cards[card].core.unwrap_or(card as u8) as usize;
        let k = &self.cards[core];
        let (a, b) = self.cards[card].slot.offset();
        Rect::new(local_to_world((k.x, k.y), k.h, a, b), k.h)
    }

    /// Members of the sonae of `core` on the field, canonical order (C, F, FL, FR, L, R, B, BL, BR).
    pub fn members(&self, core: usize) -> Vec<usize> {
        let mut v: Vec<usize> =
            (0..NCARDS).filter(|&i| self.on_field(i) && self.cards[i].core == Some(core as u8)).collect();
        v.sort_by_key(|&i| self.cards[i].slot);
        v
    }

    /// Every organised member (any status), canonical order.
    pub fn organised_members(&self, core: usize) -> Vec<usize> {
        let mut v: Vec<usize> = (0..NCARDS).filter(|&i| self.cards[i].core == Some(core as u8)).collect();
        v.sort_by_key(|&i| self.cards[i].slot);
        v
    }

    /// Canonical sort key of a card: sente's cards first, then sonae order, then slot.
    pub fn canon(&self, card: usize) -> (u8, usize, Slot) {
        let seat = self.owner(card);
        let first = if Some(seat) == self.sente { 0 } else { 1 };
        let core = self.cards[card].core.unwrap_or(card as u8) as usize;
        (first, core % PER_ARMY, self.cards[card].slot)
    }

    /// Tokens held by a seat, counting battle-situation transfers already granted but not yet placed.
    pub fn tokens(&self, seat: Seat) -> u32 {
        let on_board: u32 = self.players[seat as usize].board.iter().map(|&b| b as u32).sum();
        let gained = self.transfer_queue.iter().filter(|&&g| g == seat).count() as u32;
        let lost = self.transfer_queue.iter().filter(|&&g| g != seat).count() as u32;
        on_board + gained - lost
    }

    /// MV(X): (count, mm per unit) of the slowest member.
    pub fn movement(&self, core: usize) -> u8 {
        self.members(core).iter().map(|&i| data::type_def(CARDS[i].utype).move_s).min().unwrap_or(1)
    }

    pub fn acts_of(&self, core: usize) -> u8 {
        self.turn.acts.iter().find(|a| a.0 as usize == core).map_or(0, |a| a.1)
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    pub fn id(card: usize) -> &'static str {
        CARDS[card].id
    }

    pub fn sonae_letter(&self, core: usize) -> char {
        let seat = self.owner(core);
        let idx = (core % PER_ARMY) as u8;
        if Some(seat) == self.sente || self.sente.is_none() && seat == 0 {
            (b'A' + idx) as char
        } else {
            (b'a' + idx) as char
        }
    }
}
