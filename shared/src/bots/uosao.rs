//! UOSAO for the bots. Secret to a seat (§7): the other hands, the card under another player's road (its
//! trap mark is public), whether another player's face-up "2" is `2` or `2T`, and the card of another
//! player's road play this round. The sampler redeals each other player's secret cards among those places,
//! keeping every public value and trap mark.

use super::{BotGame, rewards_from_ranks};
use crate::dice::Rng;
use crate::engine::Seat;
use crate::games::uosao::Uosao;
use crate::games::uosao::data::{CardId, Face};
use crate::games::uosao::state::{ItemKind, Phase, State};

/// Where a secret card of one player lies.
#[derive(Clone, Copy)]
enum Place {
    /// A face-up move card of value 2 on the table (index into the player's table).
    Table(usize),
    /// The player's road play this round, not the trap (index into `plays`).
    RoadPlay(usize),
    /// A road in the line, not the trap (index into `line`).
    Road(usize),
}

impl BotGame for Uosao {
    const ITERATIONS: [u32; 3] = [200, 800, 3200];
    const ROLLOUT_DEPTH: [u32; 3] = [16, 24, 32];

    fn determinize(state: &State, seat: Seat, rng: &mut Rng) -> State {
        let mut sample = state.clone();
        if state.phase == Phase::Over {
            return sample;
        }
        for q in (0..state.seats).filter(|q| *q != seat) {
            redeal(&mut sample, q, rng);
        }
        // The previous round's plays are kept for the board only; another player's shows just its value.
        for play in sample.last_plays.iter_mut().filter(|p| p.seat != seat) {
            play.card = public_card(play.face, play.card);
        }
        sample
    }

    /// Cut-off playouts are judged by the rank points so far.
    fn estimate(state: &State) -> Vec<f64> {
        let better = |s: i64| state.pt.iter().filter(|o| **o > s).count() as u8 + 1;
        rewards_from_ranks(&state.pt.iter().map(|s| better(*s)).collect::<Vec<_>>())
    }
}

/// What another player's card shows: its value on a move face, its trap mark on a road.
fn public_card(face: Face, card: CardId) -> CardId {
    match (face, card) {
        (Face::D, CardId::TwoT) => CardId::TwoT,
        (Face::D, _) => CardId::One,
        (_, CardId::TwoT) => CardId::Two,
        (_, c) => c,
    }
}

/// Deals `q`'s secret cards anew: a `2`/`2T` on each value-2 table card, any non-trap card under each non-trap
/// road and road play, the rest in the hand.
fn redeal(state: &mut State, q: Seat, rng: &mut Rng) {
    let qi = q as usize;
    let mut places = Vec::new();
    let mut pool: Vec<CardId> = state.hands[qi].clone();
    for (i, t) in state.tables[qi].iter().enumerate() {
        if t.card.value() == 2 {
            places.push(Place::Table(i));
            pool.push(t.card);
        }
    }
    for (i, p) in state.plays.iter().enumerate() {
        if p.seat == q && p.face == Face::D && !p.card.is_trap() {
            places.push(Place::RoadPlay(i));
            pool.push(p.card);
        }
    }
    for (i, item) in state.line.iter().enumerate() {
        if let ItemKind::Road { owner, card } = item.kind
            && owner == q
            && !card.is_trap()
        {
            places.push(Place::Road(i));
            pool.push(card);
        }
    }
    // Sorted, the pool is what `seat` can work out from its view: the player's cards not seen for certain.
    pool.sort();
    let hand_size = state.hands[qi].len();
    let twos_places = places.iter().filter(|p| matches!(p, Place::Table(_))).count();
    let twos = pool.iter().filter(|c| **c == CardId::Two).count();
    let traps = pool.iter().filter(|c| **c == CardId::TwoT).count();
    // Traps forced onto the table (too few plain 2s), then each other trap on the table or in the hand at random.
    let forced = twos_places.saturating_sub(twos).min(traps);
    let mut traps_on_table = forced;
    let mut hand_room = hand_size;
    for _ in forced..traps {
        let table_room = twos_places - traps_on_table;
        if rng.below((table_room + hand_room) as u64) < table_room as u64 {
            traps_on_table += 1;
        } else {
            hand_room -= 1;
        }
    }
    let mut table_cards: Vec<CardId> =
        (0..twos_places).map(|i| if i < traps_on_table { CardId::TwoT } else { CardId::Two }).collect();
    rng.shuffle(&mut table_cards);
    let mut rest: Vec<CardId> = pool.clone();
    for card in &table_cards {
        let at = rest.iter().position(|c| c == card).expect("the pool holds the table's cards");
        rest.remove(at);
    }
    let (hand_traps, mut others): (Vec<CardId>, Vec<CardId>) = rest.into_iter().partition(|c| *c == CardId::TwoT);
    rng.shuffle(&mut others);
    let mut tables = table_cards.into_iter();
    for place in &places {
        match *place {
            Place::Table(i) => state.tables[qi][i].card = tables.next().expect("one card per table place"),
            Place::RoadPlay(i) => state.plays[i].card = others.pop().unwrap_or(CardId::One),
            Place::Road(i) => {
                if let ItemKind::Road { owner, .. } = state.line[i].kind {
                    state.line[i].kind = ItemKind::Road { owner, card: others.pop().unwrap_or(CardId::One) };
                }
            }
        }
    }
    let mut hand: Vec<CardId> = others.into_iter().chain(hand_traps).collect();
    hand.sort();
    state.hands[qi] = hand;
    // This round's move plays are the cards just laid on the table.
    let round = state.round;
    for i in 0..state.plays.len() {
        let p = state.plays[i];
        if p.seat == q
            && p.face != Face::D
            && let Some(t) = state.tables[qi].iter().rev().find(|t| t.round == round)
        {
            state.plays[i].card = t.card;
        }
    }
}
