//! What the rules never reveal (§7), and the standing preferences that answer at once (§6.5 step 5,
//! §6.10 step 1).
//!
//! Three kinds of answers stay hidden from the other seats even after the end: interjection answers withdrawn
//! after the interjector (§6.5 step 4), a declined 石田散薬 (§6.10 "Revealed") and the standing preferences
//! themselves. The journal keeps them under a salted hash, and a replay of the published journal applies them
//! by their effect alone (`apply_secret`). For that, a preference never changes what the game does by
//! itself: it only makes the server answer at once, each answer its own journal entry (`standing_answer`).

use super::data::Person;
use super::notation::Action;
use super::rules::{self, Dice};
use super::state::{Ask, KuchiPref, SaveTarget, State};
use crate::engine::{Event, RuleError, Seat};

/// Whose standing `pref kuchi auto-pass` covers a round on `person`, per place in `order`.
pub fn standing_kuchi(st: &State, person: Person, order: &[Seat]) -> Vec<bool> {
    let rank_and_file = st.owner(person).is_none();
    order
        .iter()
        .map(|s| match st.pref(*s).kuchi {
            KuchiPref::All => true,
            KuchiPref::RankAndFile => rank_and_file,
            KuchiPref::Off => false,
        })
        .collect()
}

/// What the holder's standing `pref reprieve` answers for `batch`: the first listed person in it is saved;
/// else `never` declines; else (`ask`) nothing, and the holder is asked.
pub fn standing_reprieve(st: &State, holder: Seat, batch: &[Person]) -> Option<Option<Person>> {
    let pref = st.pref(holder);
    let mine = st.players[holder as usize].person;
    let save = pref.save.iter().find_map(|t| {
        let p = match t {
            SaveTarget::Mine => mine?,
            SaveTarget::Person(p) => *p,
        };
        batch.contains(&p).then_some(p)
    });
    match save {
        Some(q) => Some(Some(q)),
        None if pref.reprieve_never => Some(None),
        None => None,
    }
}

/// The answer a standing preference gives to pending `decision`, as consulted when the request was made.
pub fn standing_answer(st: &State, decision: &str) -> Option<Action> {
    match st.ask.as_ref()? {
        Ask::Kuchi { ids, answers, auto_pass, .. } => {
            let i = ids.iter().position(|id| id == decision)?;
            (answers[i].is_none() && auto_pass.get(i) == Some(&true)).then_some(Action::Pass)
        }
        Ask::Reprieve { id, standing, .. } if id == decision => standing.map(Action::Reprieve),
        _ => None,
    }
}

/// Any answer to an interjection request or to the reprieve window may stay secret, and so may a
/// preference; which of them do is known only later (`stays_secret`).
pub fn may_stay_secret(st: &State, decision: &str, a: &Action) -> bool {
    a.is_preference()
        || match &st.ask {
            Some(Ask::Kuchi { ids, .. }) => ids.iter().any(|id| id == decision),
            Some(Ask::Reprieve { id, .. }) => id == decision,
            _ => false,
        }
}

pub fn stays_secret(st: &State, decision: &str, a: &Action) -> bool {
    match a {
        _ if a.is_preference() => true,
        Action::Reprieve(None) => true,
        Action::Pass | Action::Kuchi(_) => st.withdrawn.iter().any(|id| id == decision),
        _ => false,
    }
}

/// A withheld answer to the reprieve window is a decline (a use is revealed; a preference may not be sent
/// with the window), and the removal goes on. Any other withheld answer (a withdrawn interjection answer, a
/// preference) changes nothing the game goes on with: a withdrawn answer is never read (the interjector
/// before it decides the round) and preferences only make the server answer, in entries of their own.
pub fn apply_secret(st: &mut State, decision: &str, seat: Seat, rng: &mut dyn Dice) -> Result<Vec<Event>, RuleError> {
    let mut ev = Vec::new();
    if matches!(&st.ask, Some(Ask::Reprieve { id, .. }) if id == decision) {
        rules::answer(st, decision, seat, &Action::Reprieve(None), rng, &mut ev)?;
        super::settle(st, rng, &mut ev);
    }
    Ok(ev)
}

/// Marks the interjection request `id` withdrawn: its answer, if any, is never revealed.
pub fn withdraw(st: &mut State, id: &str) {
    if !st.withdrawn.iter().any(|w| w == id) {
        st.withdrawn.push(id.to_string());
    }
}

/// The game is over: nothing is asked any more (an open round's answers were never used, so they are
/// withdrawn), and the preferences are forgotten, so that the final state is exactly what anyone replays from
/// the published journal.
pub fn close(st: &mut State) {
    if let Some(Ask::Kuchi { ids, .. }) = st.ask.take() {
        for id in &ids {
            withdraw(st, id);
        }
    }
    st.prefs.clear();
}
