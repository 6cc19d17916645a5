//! Random playouts through the journal for 3, 4 and 5 players, with a leak check of everything each seat
//! receives. Set TEGAMI_PLAYOUTS to change the number of games per player count.

use std::collections::BTreeSet;

use serde_json::Value;

use super::super::data::Card;
use super::super::state::{Phase, State};
use super::super::view::View;
use crate::engine::{ResultKind, Viewer};
use crate::journal::Match;
use crate::testkit::{self, Playout};

fn playouts(default: u64) -> u64 {
    crate::testkit::playout_count(default)
}

fn state_of(m: &Match) -> State {
    serde_json::from_value(m.game().state_to_json(m.state())).expect("the state deserialises")
}

/// Card ids appearing as whole tokens (letters, digits and '-') in `text`; only canonical upper-case ids
/// count, so hashes (lower-case hex) and stamps like `S1R1` never match.
fn card_tokens(text: &str) -> BTreeSet<Card> {
    let ids: Vec<(String, Card)> = Card::deck().into_iter().map(|c| (c.id(), c)).collect();
    text.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-'))
        .filter_map(|t| ids.iter().find(|(id, _)| id == t).map(|(_, c)| *c))
        .collect()
}

/// What seat `a` may know about where cards are, in this state (§7): its hand, the face-down cards it
/// placed, and every face-up card on the table or discard pile.
fn known_to(s: &State, a: u8) -> BTreeSet<Card> {
    let mut k: BTreeSet<Card> = s.hands[a as usize].iter().copied().collect();
    for q in 0..s.n as usize {
        k.extend(s.carried[q].iter().copied());
        if let Some(c) = &s.current[q]
            && (c.face_up || c.placed_by == a)
        {
            k.insert(c.card);
        }
    }
    k.extend(s.discard.iter().filter(|d| d.face_up || d.known_to == Some(a)).map(|d| d.card));
    for r in &s.reports {
        k.extend(r.stacks.iter().flat_map(|st| st.cards.iter().copied()));
        if let Some(l) = &r.left {
            k.extend(l.cards.iter().copied());
        }
    }
    k
}

/// Cards whose location `a` must not learn from this entry: cards that stayed in another seat's hand
/// (except the one card played by this entry's answer, which may have been revealed and returned),
/// face-down current cards placed by another seat, and unused or face-down discarded cards that did not
/// come into `a`'s hand.
fn forbidden(before: &State, after: &State, a: u8, played: Option<Card>) -> BTreeSet<Card> {
    let mut f = BTreeSet::new();
    // Cards revealed by a showdown or duel of this entry may have gone back to the same hand by a redeal.
    let revealed_now: BTreeSet<Card> = if after.reports != before.reports {
        after
            .reports
            .iter()
            .flat_map(|r| r.stacks.iter().chain(r.left.iter()).flat_map(|st| st.cards.iter().copied()))
            .collect()
    } else {
        BTreeSet::new()
    };
    for q in 0..before.n as usize {
        if q != a as usize {
            for card in &before.hands[q] {
                if after.hands[q].contains(card) && !revealed_now.contains(card) && Some(*card) != played {
                    f.insert(*card);
                }
            }
        }
        if let Some(x) = &after.current[q]
            && !x.face_up
            && x.placed_by != a
        {
            f.insert(x.card);
        }
    }
    let secret_pool = before
        .unused
        .iter()
        .chain(before.discard.iter().filter(|d| !d.face_up && d.known_to != Some(a)).map(|d| &d.card));
    for card in secret_pool {
        if !after.hands[a as usize].contains(card) {
            f.insert(*card);
        }
    }
    f
}

/// Checks the newest entry against the previous state for every seat; returns the grown "ever seen" sets.
struct LeakChecker {
    prev: Option<State>,
    ever: Vec<BTreeSet<Card>>,
}

impl LeakChecker {
    fn new() -> Self {
        LeakChecker { prev: None, ever: Vec::new() }
    }

    /// The card played by the newest entry's answer, if it was a play.
    fn played(m: &Match) -> Option<Card> {
        m.journal_for(Viewer::Server)
            .last()
            .and_then(|e| match &e.body {
                crate::journal::EntryBody::Move { action, .. } => action.get("card").cloned(),
                _ => None,
            })
            .and_then(|c| serde_json::from_value::<Card>(c).ok())
    }

    fn inspect(&mut self, m: &Match) {
        let s = state_of(m);
        if self.ever.is_empty() {
            self.ever = vec![BTreeSet::new(); s.n as usize];
        }
        let over = s.phase == Phase::Over;
        let played = Self::played(m);
        for a in 0..s.n {
            self.ever[a as usize].extend(known_to(&s, a));
            if let Some(prev) = &self.prev {
                // Round-3 returns: a face-down card that went into its holder's hand was revealed to all.
                for q in 0..s.n as usize {
                    if let Some(b) = &prev.current[q]
                        && s.hands[q].contains(&b.card)
                    {
                        self.ever[a as usize].insert(b.card);
                    }
                    // The card just played, passed on and returned at the end of round 3 in one entry.
                    if let Some(card) = played
                        && prev.hands[q].contains(&card)
                        && s.hands[q].contains(&card)
                        && s.set_no != prev.set_no
                    {
                        self.ever[a as usize].insert(card);
                    }
                }
            }
        }
        if over {
            self.prev = Some(s);
            return;
        }
        for a in 0..s.n {
            let viewer = Viewer::Seat(a);
            // 1. The view, structurally.
            let vj = m.view(viewer);
            let v: View = serde_json::from_value(vj.clone()).expect("the view deserialises");
            assert!(v.unused.is_none() && v.discard_face_down_cards.is_none(), "secret piles in P{}'s view", a + 1);
            for q in 0..s.n as usize {
                if q != a as usize {
                    assert!(v.seats[q].hand.is_none(), "P{}'s hand in P{}'s view", q + 1, a + 1);
                }
                match (&s.current[q], &v.seats[q].current) {
                    (None, None) => {}
                    (Some(t), Some(cv)) => {
                        if t.face_up || t.placed_by == a {
                            assert_eq!(cv.card, Some(t.card));
                        } else {
                            assert_eq!(cv.card, None, "P{}'s face-down card shown to P{}", q + 1, a + 1);
                        }
                    }
                    other => panic!("current card mismatch {other:?}"),
                }
            }
            // 2. Every card id in the view (outside the public reports) is one `a` may place now.
            let mut stripped = vj.clone();
            if let Value::Object(o) = &mut stripped {
                o.remove("reports");
            }
            let known = known_to(&s, a);
            for card in card_tokens(&stripped.to_string()) {
                assert!(known.contains(&card), "{card} in P{}'s view but not known to them", a + 1);
            }
            // 3. The newest entry's events and journal body tell `a` nothing that stayed secret.
            if let Some(prev) = &self.prev {
                let journal = m.journal_for(viewer);
                let last = journal.last().expect("entries");
                let text = serde_json::to_string(last).expect("entry serialises");
                let forbidden = forbidden(prev, &s, a, played);
                for card in card_tokens(&text) {
                    assert!(
                        !forbidden.contains(&card),
                        "entry {} tells P{} about secret {card}: {text}",
                        last.seq,
                        a + 1
                    );
                }
            }
            // 4. Everything `a` ever received names only cards `a` has seen somewhere.
            let all = testkit::everything_seen_by(m, viewer);
            for card in card_tokens(&all) {
                assert!(self.ever[a as usize].contains(&card), "{card} reached P{} who never saw it", a + 1);
            }
        }
        // Spectators see only public cards.
        let spec = m.view(Viewer::Spectator);
        let v: View = serde_json::from_value(spec).expect("view");
        assert!(v.seats.iter().all(|sv| sv.hand.is_none()));
        assert!(v.seats.iter().flat_map(|sv| sv.current.iter()).all(|c| c.face_up || c.card.is_none()));
        self.prev = Some(s);
    }
}

fn invariants(m: &Match) {
    let s = state_of(m);
    let mut all: Vec<Card> = s.hands.iter().flatten().copied().collect();
    all.extend(s.carried.iter().flatten().copied());
    all.extend(s.current.iter().flatten().map(|c| c.card));
    all.extend(s.discard.iter().map(|d| d.card));
    all.extend(s.unused.iter().copied());
    all.sort();
    assert_eq!(
        all,
        {
            let mut d = Card::deck();
            d.sort();
            d
        },
        "every card is somewhere exactly once"
    );
    assert!(s.scores.iter().all(|x| *x >= 0 && *x <= 7));
    for q in 0..s.n as usize {
        assert!(s.carried[q].len() + usize::from(s.current[q].is_some()) <= 3, "a stack never exceeds 3 cards");
    }
    if let Phase::Play { seat } = s.phase {
        assert!(!s.done[seat as usize]);
        assert!(!s.hands[seat as usize].is_empty(), "a player whose turn comes always has a card");
        // Forced plays are never asked (§6.4.7).
        let empty = s.current.iter().filter(|c| c.is_none()).count();
        assert!(!(s.hands[seat as usize].len() == 1 && s.current[seat as usize].is_some() && empty == 1));
    }
    let placed = s.current.iter().filter(|c| c.is_some()).count();
    let done = s.done.iter().filter(|d| **d).count();
    if matches!(s.phase, Phase::Play { .. } | Phase::PushResponse { .. }) {
        assert_eq!(placed, done, "one current card per finished turn");
    }
}

/// The `k`th combination of the readings, cycling through all of them.
fn readings(k: u64) -> Value {
    let declined = ["discard", "carry"][(k % 2) as usize];
    let lead = ["in_front", "played"][(k / 2 % 2) as usize];
    serde_json::json!({"declined_cards": declined, "sole_fighter_lead": lead})
}

fn run(seats: u8, games: u64, leak_every: u64, resign: u64) {
    let mut endings = [0u32; 3];
    for seed in 0..games {
        let mut p = Playout::new("shinobazu", seats, seed * 7919 + seats as u64);
        let leak = leak_every > 0 && seed % leak_every == 0;
        // Leak-checked games get their own turn through the readings, so every one is checked too.
        p.options = readings(if leak { seed / leak_every } else { seed });
        p.resign_per_mille = resign;
        let mut checker = LeakChecker::new();
        let fin = testkit::play(&p, |m| {
            invariants(m);
            if leak {
                checker.inspect(m);
            }
        })
        .unwrap_or_else(|e| panic!("{seats} players: {e}"));
        let o = fin.outcome;
        assert!(o.ranks.contains(&1));
        if resign == 0 {
            let s = state_of(&fin.game);
            assert!(s.scores.iter().any(|x| *x >= 5), "a finished game has a score >= 5");
            let min = *s.scores.iter().min().unwrap();
            for (i, r) in o.ranks.iter().enumerate() {
                assert_eq!(*r == 1, s.scores[i] == min);
            }
        }
        endings[match o.result {
            ResultKind::Win => 0,
            ResultKind::SharedWin => 1,
            _ => 2,
        }] += 1;
    }
    assert!(endings[0] > 0 || games < 20, "some games have a single winner: {endings:?}");
}

#[test]
fn playouts_3_players() {
    run(3, playouts(600), 16, 0);
}

#[test]
fn playouts_4_players() {
    run(4, playouts(600), 16, 0);
}

#[test]
fn playouts_5_players() {
    run(5, playouts(600), 16, 0);
}

#[test]
fn playouts_with_resignations() {
    for seats in 3..=5 {
        run(seats, playouts(600) / 4, 8, 20);
    }
}
