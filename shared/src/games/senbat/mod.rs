//! Senbat (戦国カードバトル): a two-player Sengoku skirmish with 備え formations on a measured field and a
//! mancala action board. The rules for players, with the readings this engine plays, are
//! `docs/rules/senbat.md` (Japanese: `docs/rules/senbat.ja.md`).

mod action;
mod choices;
pub mod data;
pub mod geometry;
mod gestures;
mod notation;
mod picture;
mod render;
mod rules;
mod secrecy;
pub(crate) mod state;
mod view;

#[cfg(test)]
mod tests;

pub use action::Action;
pub use state::{BothWin, Movement, Options, Sowing, State};
pub use view::View;

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Localized, NotationError, Outcome, Pending, RenderContext, ResultKind, RuleError,
    Seat, SetupError, Viewer,
};

/// The senbat engine (zero-sized; all data lives in [`State`]).
pub struct Senbat;

/// Closes a game that has just ended (see `secrecy::close`).
fn settle(state: &mut State, ev: Vec<Event>) -> Vec<Event> {
    if state.is_over() {
        secrecy::close(state);
    }
    ev
}

impl Engine for Senbat {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;

    const SLUG: &'static str = "senbat";

    fn info() -> GameInfo {
        GameInfo {
            slug: Self::SLUG.into(),
            name: catalog::both!("senbat-senbat"),
            min_seats: 2,
            max_seats: 2,
            about: catalog::both!("senbat-two-armies-of-unit-cards"),
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut Rng) -> Result<State, SetupError> {
        if seats != 2 {
            return Err(SetupError(catalog::both!("senbat-senbat-is-for-exactly-players")));
        }
        Ok(rules::setup(options, rng))
    }

    fn refuse_options(options: &Options) -> Option<Localized> {
        let seats = [("oda_seat", options.oda_seat), ("first_seat", options.first_seat)];
        let (option, seat) = seats.into_iter().find_map(|(option, seat)| Some((option, seat.filter(|s| *s > 1)?)))?;
        Some(catalog::both!("senbat-seat-option-out-of-range", option = option, seat = seat))
    }

    fn pending(state: &State) -> Vec<Pending> {
        rules::pending(state)
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        choices::legal(state, decision)
    }

    fn apply(
        state: &mut State,
        decision: &str,
        seat: Seat,
        action: &Action,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        let ev = rules::apply(state, decision, seat, action, rng)?;
        Ok(settle(state, ev))
    }

    /// The spec (§6.1): `resign` is accepted at any time and the opponent wins.
    fn resign(state: &mut State, seat: Seat, _rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        let ev = rules::resign(state, seat)?;
        Ok(settle(state, ev))
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        if !state.is_over() {
            return None;
        }
        let summary = state.end_reason.clone().unwrap_or_default();
        if state.draw {
            return Some(Outcome {
                result: ResultKind::Draw,
                ranks: vec![1, 1],
                scores: vec![None, None],
                eliminated: Vec::new(),
                summary,
            });
        }
        let w = state.winner.unwrap_or(0);
        let ranks = (0..2).map(|s| if s == w { 1 } else { 2 }).collect();
        Some(Outcome { result: ResultKind::Win, ranks, scores: vec![None, None], eliminated: vec![1 - w], summary })
    }

    /// The spec defines no deadlines; where a decision is a plain yes/no offer, declining is the
    /// natural default (the `policy … never` behaviour of §4.8).
    fn timeout_action(state: &State, decision: &str) -> Option<Action> {
        let p = rules::pending(state).into_iter().find(|p| p.id == decision)?;
        match p.kind.as_str() {
            "stock" => Some(Action::Stock { use_it: false }),
            "kenkon" => Some(Action::Kenkon { space: None }),
            _ => None,
        }
    }

    fn may_stay_secret(_state: &State, _decision: &str, action: &Action) -> bool {
        secrecy::stays_secret(action)
    }

    fn stays_secret(_state: &State, _decision: &str, action: &Action) -> bool {
        secrecy::stays_secret(action)
    }

    fn apply_secret(state: &mut State, decision: &str, seat: Seat, rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        secrecy::apply_secret(state, decision, seat, rng)
    }

    fn standing_answer(state: &State, decision: &str) -> Option<Action> {
        secrecy::standing_answer(state, decision)
    }

    fn random_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        choices::random_action(state, decision, rng)
    }

    fn decision_name(kind: &str) -> Localized {
        render::kind_name(kind)
    }

    fn gestures(state: &State, decision: &str, view: &View) -> Vec<crate::gesture::Gesture> {
        gestures::gestures(state, decision, view)
    }

    fn render(view: &View, ctx: &RenderContext) -> String {
        render::render(view, ctx)
    }

    fn render_svg(view: &View, ctx: &RenderContext) -> String {
        picture::render_svg(view, ctx)
    }

    fn parse_action(_view: &View, _pending: &Pending, text: &str) -> Result<Action, NotationError> {
        notation::parse(text).map_err(|problem| {
            NotationError(crate::engine::in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-notation-error",
                    problem = problem.text(lang),
                    help = catalog::t!(lang, "senbat-notation-help")
                )
            }))
        })
    }

    fn print_action(action: &Action) -> String {
        notation::print(action)
    }
}
