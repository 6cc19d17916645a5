//! 士道盤 ～新選組亢竜録～ (Shidouban). The rules for players, with the readings this engine plays, are
//! `docs/rules/shidouban.md` (Japanese: `docs/rules/shidouban.ja.md`).

mod data;
mod gestures;
pub(crate) mod legal;
mod notation;
mod picture;
mod render;
mod rules;
mod secrecy;
pub(crate) mod state;
mod view;

#[cfg(test)]
mod tests;

pub use data::{Dir, Failure, Person, Tile};
pub use notation::{Action, Target};
pub use state::{Ask, End, EndCount, InjuredTo, Sq, State, Status};
pub use view::View;

use serde::{Deserialize, Serialize};

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, NotationError, Outcome, Pending, RenderContext, ResultKind, RuleError, Seat,
    SetupError, Space, Viewer,
};

/// The engine.
pub struct Shidouban;

/// Creation options: where the rulebook can be read two ways and the choice changes play, the other
/// reading (`docs/rules/shidouban.md`, "Readings"). The default is the standard game.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = ShidoubanOptions))]
pub struct Options {
    /// Where a seriously wounded person goes: `below` (default) or `column` (Readings 1).
    pub injured_to: InjuredTo,
    /// Which players the end conditions count: `on_board` (default) or `in_game` (Readings 15).
    pub end_count: EndCount,
}

/// Runs on after a change: answers every decision of resigned seats with the deadline default (they cannot
/// answer any more; the duty marker may stay with a resigned seat, §6.7), and closes a game that ended.
pub(crate) fn settle(st: &mut State, rng: &mut dyn rules::Dice, ev: &mut Vec<Event>) {
    rules::run(st, rng, ev);
    for _ in 0..10_000 {
        let Some(p) = legal::pendings(st).into_iter().find(|p| st.players[p.seat as usize].resigned) else { break };
        let Some(a) = legal::default_action(st, &p.id) else { break };
        if rules::answer(st, &p.id, p.seat, &a, rng, ev).is_err() {
            break;
        }
        rules::run(st, rng, ev);
    }
    if st.end.is_some() {
        secrecy::close(st);
    }
}

impl Engine for Shidouban {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;

    const SLUG: &'static str = "shidouban";

    fn info() -> GameInfo {
        GameInfo {
            slug: Self::SLUG.into(),
            name: catalog::both!("shidouban-shidouban-the-bushido-board"),
            min_seats: 2,
            max_seats: 4,
            about: catalog::both!("shidouban-kyoto-each-player-is-one"),
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut Rng) -> Result<State, SetupError> {
        if !(2..=4).contains(&seats) {
            return Err(SetupError(catalog::both!("shidouban-shidouban-is-for-players")));
        }
        let mut state = rules::setup(seats, rng);
        state.injured_to = options.injured_to;
        state.end_count = options.end_count;
        Ok(state)
    }

    fn pending(state: &State) -> Vec<Pending> {
        legal::pendings(state)
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        let opts = legal::options(state, decision)?;
        let v = view::view(state, Viewer::Server);
        let prompt = v.asks.iter().find(|a| a.id == decision).map(|a| a.text.clone()).unwrap_or_default();
        if let Some(Ask::Dokatsu { .. }) = &state.ask {
            return Some(Choices {
                prompt,
                space: Space::Described {
                    help: catalog::both!("shidouban-list-every-affected-square-once"),
                    examples: opts,
                },
            });
        }
        Some(Choices::list(prompt, opts))
    }

    fn apply(
        state: &mut State,
        decision: &str,
        seat: Seat,
        action: &Action,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        if state.end.is_some() {
            return Err(RuleError::GameOver);
        }
        let mut ev = Vec::new();
        rules::answer(state, decision, seat, action, rng, &mut ev)?;
        settle(state, rng, &mut ev);
        Ok(ev)
    }

    /// The spec is silent on resignation. The resigning player is eliminated at once (stones to the bag,
    /// tiles discarded face up) and ranked below everyone still in; their person stays on the board as
    /// rank-and-file, because persons are shared pieces of the story, not the player's property. The game
    /// goes on for the others (as after any elimination) and ends at once if at most one player is left.
    fn resign(state: &mut State, seat: Seat, rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        let pl = &state.players[seat as usize];
        if pl.resigned || pl.status == Status::Eliminated {
            return Err(RuleError::Illegal(catalog::both!("shidouban-you-are-already-out-of")));
        }
        let mut ev = Vec::new();
        rules::public(
            &mut ev,
            catalog::both!("shidouban-resigns", rules_letter_seat = (rules::letter(seat)).to_string()),
        );
        rules::eliminate(state, &mut ev, seat);
        state.players[seat as usize].resigned = true;
        // An open interjection round: the resigned seat's answer (given or not) becomes a pass, since
        // its stones went back to the bag; an answer given is never used, so never revealed.
        if let Some(Ask::Kuchi { order, ids, .. }) = &state.ask
            && let Some(i) = order.iter().position(|s| *s == seat)
        {
            let id = ids[i].clone();
            secrecy::withdraw(state, &id);
            rules::answer(state, &id, seat, &Action::Pass, rng, &mut ev)?;
        }
        // A reprieve window of the resigned seat closes (eliminated players cannot use ISH).
        if let Some(Ask::Reprieve { id, seat: s, .. }) = &state.ask
            && *s == seat
        {
            let id = id.clone();
            rules::answer(state, &id, seat, &Action::Reprieve(None), rng, &mut ev)?;
        }
        let left: Vec<Seat> =
            (0..state.seats).filter(|s| state.players[*s as usize].status != Status::Eliminated).collect();
        if state.started || left.len() <= 1 {
            match left.len() {
                0 => state.end = Some(End::AllLose),
                1 => state.end = Some(End::Sole(left[0])),
                _ => {}
            }
        }
        settle(state, rng, &mut ev);
        Ok(ev)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        let end = state.end.as_ref()?;
        let n = state.seats as usize;
        let mut ranks = vec![0u8; n];
        let mut scores: Vec<Option<i64>> = vec![None; n];
        // Order of standing: a list of groups, best first; members of a group share a rank.
        let mut groups: Vec<Vec<Seat>> = Vec::new();
        let alive: Vec<Seat> =
            (0..state.seats).filter(|s| state.players[*s as usize].status != Status::Eliminated).collect();
        let result;
        let summary;
        match end {
            End::Scored(sc) => {
                let mut on: Vec<Seat> = alive.iter().copied().filter(|s| sc[*s as usize].is_some()).collect();
                on.sort_by_key(|s| {
                    let p = state.players[*s as usize].person.unwrap();
                    let q = state.pos(p).unwrap();
                    (std::cmp::Reverse(sc[*s as usize].unwrap()), q.r, q.c)
                });
                for s in &on {
                    groups.push(vec![*s]);
                }
                let rest: Vec<Seat> = alive.iter().copied().filter(|s| !on.contains(s)).collect();
                if !rest.is_empty() {
                    groups.push(rest);
                }
                for s in 0..n {
                    scores[s] =
                        if state.players[s].status == Status::Eliminated { None } else { Some(sc[s].unwrap_or(0)) };
                }
                result = ResultKind::Win;
                let w = on.first().map(|s| rules::letter(*s).to_string()).unwrap_or_else(|| "-".into());
                summary = catalog::both!("shidouban-final-scoring-wins", w = w.to_string());
            }
            End::Sole(w) => {
                groups.push(vec![*w]);
                let rest: Vec<Seat> = alive.iter().copied().filter(|s| s != w).collect();
                if !rest.is_empty() {
                    groups.push(rest);
                }
                result = ResultKind::Win;
                summary = catalog::both!(
                    "shidouban-is-the-last-player-with",
                    rules_letter_w = (rules::letter(*w)).to_string()
                );
            }
            End::AllLose => {
                if !alive.is_empty() {
                    groups.push(alive.clone());
                }
                result = ResultKind::AllLose;
                summary = catalog::both!("shidouban-the-shinsengumi-is-disbanded-all");
            }
        }
        for s in state.eliminated.iter().rev() {
            if !groups.iter().any(|g| g.contains(s)) {
                groups.push(vec![*s]);
            }
        }
        for s in 0..state.seats {
            if !groups.iter().any(|g| g.contains(&s)) {
                groups.push(vec![s]);
            }
        }
        let mut rank = 1u8;
        for g in &groups {
            for s in g {
                ranks[*s as usize] = rank;
            }
            rank += g.len() as u8;
        }
        Some(Outcome { result, ranks, scores, eliminated: state.eliminated.clone(), summary })
    }

    fn timeout_action(state: &State, decision: &str) -> Option<Action> {
        legal::default_action(state, decision)
    }

    fn may_stay_secret(state: &State, decision: &str, action: &Action) -> bool {
        secrecy::may_stay_secret(state, decision, action)
    }

    fn stays_secret(state: &State, decision: &str, action: &Action) -> bool {
        secrecy::stays_secret(state, decision, action)
    }

    fn apply_secret(state: &mut State, decision: &str, seat: Seat, rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        secrecy::apply_secret(state, decision, seat, rng)
    }

    fn standing_answer(state: &State, decision: &str) -> Option<Action> {
        secrecy::standing_answer(state, decision)
    }

    fn random_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        let opts = legal::options(state, decision)?;
        if let Some(Ask::Dokatsu { affected, .. }) = &state.ask {
            let mut sq: Vec<Sq> = affected.iter().map(|p| state.pos(*p).unwrap()).collect();
            rng.shuffle(&mut sq);
            return Some(Action::Dokatsu(sq));
        }
        rng.choose(&opts).cloned()
    }

    fn render(view: &View, ctx: &RenderContext) -> String {
        render::render(view, ctx)
    }

    fn gestures(state: &State, decision: &str, view: &View) -> Vec<crate::gesture::Gesture> {
        gestures::of(state, decision, view)
    }

    fn render_svg(view: &View, ctx: &RenderContext) -> String {
        picture::render_svg(view, ctx)
    }

    fn parse_action(_view: &View, _pending: &Pending, text: &str) -> Result<Action, NotationError> {
        notation::parse(text)
    }

    fn print_action(action: &Action) -> String {
        notation::print(action)
    }
}
