//! `Shinobazu`: the [`Engine`] implementation, wiring the contract to the rules, views and notation.

use super::action::Action;
use super::state::{Options, State};
use super::view::View;
use super::{notation, render, rules, view};
use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, NotationError, Outcome, Pending, RenderContext, RuleError, Seat, SetupError,
    Viewer,
};

/// 不忍 (Shinobazu): a bluffing trick-taking game for 3-5 players (docs/rules/shinobazu.md).
pub struct Shinobazu;

impl Engine for Shinobazu {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;

    const SLUG: &'static str = "shinobazu";

    fn info() -> GameInfo {
        GameInfo {
            slug: Self::SLUG.into(),
            name: catalog::both!("shinobazu-shinobazu"),
            min_seats: 3,
            max_seats: 5,
            about: catalog::both!("shinobazu-a-short-bluffing-trick-taking"),
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut Rng) -> Result<State, SetupError> {
        rules::setup(options, seats, rng)
    }

    fn pending(state: &State) -> Vec<Pending> {
        rules::pending(state)
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        rules::legal(state, decision)
    }

    fn apply(
        state: &mut State,
        decision: &str,
        seat: Seat,
        action: &Action,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        rules::apply(state, decision, seat, action, rng)
    }

    fn resign(state: &mut State, seat: Seat, _rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        rules::resign(state, seat)
    }

    fn view(state: &State, viewer: Viewer) -> View {
        view::view(state, viewer)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        rules::outcome(state)
    }

    /// The rules give no default answer for a missed deadline, so the game's timeout policy decides.
    fn timeout_action(_state: &State, _decision: &str) -> Option<Action> {
        None
    }

    fn random_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        let choices = rules::legal(state, decision)?;
        match choices.space {
            crate::engine::Space::List { options } => rng.choose(&options).cloned(),
            crate::engine::Space::Described { examples, .. } => rng.choose(&examples).cloned(),
        }
    }

    fn render(view: &View, ctx: &RenderContext) -> String {
        render::render(view, ctx)
    }

    fn gestures(state: &State, decision: &str, view: &View) -> Vec<crate::gesture::Gesture> {
        super::gestures::of(state, decision, view)
    }

    fn render_svg(view: &View, ctx: &RenderContext) -> String {
        super::picture::render_svg(view, ctx)
    }

    fn parse_action(view: &View, pending: &Pending, text: &str) -> Result<Action, NotationError> {
        notation::parse_action(view, pending, text)
    }

    fn print_action(action: &Action) -> String {
        notation::print_action(action)
    }
}
