//! What one viewer may see (spec §7): everything is public except each player's organisation of
//! undeployed sonae and the sealed token placement before both are in. After the game, all is shown.

use serde::{Deserialize, Serialize};

use crate::engine::{Localized, Seat, Viewer};

use super::data::{CARDS, NCARDS, Slot};
use super::state::*;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardView {
    pub id: String,
    pub status: Status,
    pub damage: u8,
    pub durability: u8,
    /// Core of its sonae; None while that is secret to this viewer.
    pub core: Option<String>,
    pub slot: Slot,
    /// Centre and heading when on the field.
    pub pose: Option<(f64, f64, i32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub army: u8,
    /// None while the sealed placement is not yet revealed.
    pub board: Option<[u8; 4]>,
    pub tokens: u32,
    pub stock: u8,
    pub morale: u8,
    pub general_kills: u32,
    pub troop_kills: u32,
    pub reset_used: bool,
    pub organised: bool,
    pub tokens_committed: bool,
    pub quick_org: bool,
    /// Standing policies, shown only to their owner (and the server), even after the end.
    pub stock_policy: Option<StockPolicy>,
    pub kenkon_never: Option<bool>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Viewer,
    pub phase: Phase,
    pub sente: Option<Seat>,
    pub turn_no: u32,
    pub active: Seat,
    pub turn: Turn,
    pub kenkon_used: bool,
    pub players: Vec<PlayerView>,
    pub cards: Vec<CardView>,
    /// The viewer's own sealed token placement, if any.
    pub my_tokens: Option<[u8; 4]>,
    /// Who is awaited for what: (seat, decision kind).
    pub waiting: Vec<(Seat, String)>,
    /// The decision asked of this viewer, with its details.
    pub my_ask: Option<AskKind>,
    pub combat: Option<Combat>,
    pub winner: Option<Seat>,
    pub draw: bool,
    pub end_reason: Option<Localized>,
    /// The action board's clockwise order (a creation option).
    #[serde(default)]
    pub sowing: Sowing,
}

pub(crate) fn view(s: &State, viewer: Viewer) -> View {
    let over = s.is_over();
    let me = match viewer {
        Viewer::Seat(x) => Some(x),
        _ => None,
    };
    let all = over || viewer == Viewer::Server;
    let reveal_tokens = s.phase != Phase::Tokens && s.phase != Phase::Organise && s.phase != Phase::Deploy || all;
    let players = (0..2)
        .map(|q| {
            let p = &s.players[q];
            PlayerView {
                army: p.army,
                board: if reveal_tokens && (s.phase == Phase::Play || s.phase == Phase::Over) {
                    Some(p.board)
                } else {
                    None
                },
                tokens: if s.phase == Phase::Play || s.phase == Phase::Over { s.tokens(q as u8) } else { 0 },
                stock: p.stock,
                morale: p.morale,
                general_kills: p.general_kills,
                troop_kills: p.troop_kills,
                reset_used: p.reset_used,
                organised: p.organised.is_some(),
                tokens_committed: p.token_commit.is_some(),
                quick_org: p.quick_org && (all || me == Some(q as u8)),
                // Never revealed, not even at the end (§7).
                stock_policy: (viewer == Viewer::Server || me == Some(q as u8)).then_some(p.stock_policy),
                kenkon_never: (viewer == Viewer::Server || me == Some(q as u8)).then_some(p.kenkon_never),
            }
        })
        .collect();
    let cards = (0..NCARDS)
        .map(|i| {
            let c = &s.cards[i];
            let visible = all || c.public_core || me == Some(s.owner(i));
            CardView {
                id: CARDS[i].id.to_string(),
                status: c.status,
                damage: c.damage,
                durability: State::durability(i),
                core: if visible { c.core.map(|k| CARDS[k as usize].id.to_string()) } else { None },
                slot: if visible { c.slot } else { Slot::C },
                pose: if c.status == Status::OnField {
                    let r = s.rect(i);
                    Some((r.c.0, r.c.1, r.h))
                } else {
                    None
                },
            }
        })
        .collect();
    let pend = super::rules::pending(s);
    let my_ask = match (&s.ask, me) {
        (Some(a), Some(m)) if pend.iter().any(|p| p.seat == m) => Some(a.kind.clone()),
        (Some(a), None) if viewer == Viewer::Server => Some(a.kind.clone()),
        _ => None,
    };
    View {
        viewer,
        phase: s.phase.clone(),
        sente: s.sente,
        turn_no: s.turn_no,
        active: s.active,
        turn: s.turn.clone(),
        kenkon_used: s.kenkon_used,
        players,
        cards,
        my_tokens: me.and_then(|m| s.players[m as usize].token_commit),
        waiting: pend.iter().map(|p| (p.seat, p.kind.clone())).collect(),
        my_ask,
        combat: s.combat.clone(),
        winner: s.winner,
        draw: s.draw,
        end_reason: s.end_reason.clone(),
        sowing: s.options.sowing,
    }
}
