//! 右王左王 (U O SA O): soldiers rushing between two kings along a line that grows with every road.
//! The rules for players, with the readings this engine plays, are `docs/rules/uosao.md` (Japanese:
//! `docs/rules/uosao.ja.md`).

pub(crate) mod data;
mod gestures;
mod notation;
mod picture;
mod render;
mod rules;
pub(crate) mod state;
mod view;

#[cfg(test)]
mod tests;

pub use data::{CardId, Colour, Dir, Face};
pub use rules::{Action, CaughtCard, KingScoring, Options};
pub use state::{Gap, Phase, State};
pub use view::View;

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, NotationError, Outcome, Pending, RenderContext, RuleError, Seat, SetupError,
    Viewer,
};

/// The 右王左王 engine.
pub struct Uosao;

impl Engine for Uosao {
    type Options = Options;
    type State = State;
    type Action = Action;
    type View = View;

    const SLUG: &'static str = "uosao";

    fn info() -> GameInfo {
        GameInfo {
            slug: Self::SLUG.into(),
            name: catalog::both!("uosao-uosao-right-king-left-king"),
            min_seats: data::MIN_PLAYERS,
            max_seats: data::MAX_PLAYERS,
            about: catalog::both!("uosao-players-seasons-of-up-to"),
        }
    }

    fn setup(options: &Options, seats: u8, rng: &mut Rng) -> Result<State, SetupError> {
        rules::setup(options, seats, rng)
    }

    fn pending(state: &State) -> Vec<Pending> {
        let Some(seat) = state.to_act() else { return Vec::new() };
        let kind = match state.phase {
            Phase::Road { .. } => "road",
            _ => "play",
        };
        vec![Pending::alone(state.decision_id(), seat, kind)]
    }

    fn legal(state: &State, decision: &str) -> Option<Choices<Action>> {
        let seat = state.to_act()?;
        if decision != state.decision_id() {
            return None;
        }
        let colour = state.colour(seat);
        let prompt = match state.phase {
            Phase::Road { .. } => {
                let card = state.play_of(seat).map(|p| p.card.code()).unwrap_or("?");
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "uosao-insert-your-road-d-into",
                        colour = catalog::t!(lang, "uosao-colour", code = colour.code()),
                        card = card
                    )
                })
            }
            _ => {
                let hand: Vec<&str> = state.hands[seat as usize].iter().map(|c| c.code()).collect();
                // An example that is legal now: move with the highest card in hand toward the Right King.
                let example = state.hands[seat as usize].last().map(|c| format!("R{}", c.code())).unwrap_or_default();
                crate::engine::in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "uosao-season-round-play-one-card",
                        colour = catalog::t!(lang, "uosao-colour", code = colour.code()),
                        season = state.season,
                        round = state.round,
                        hand = hand.join(" "),
                        example = &example
                    )
                })
            }
        };
        Some(Choices::list(prompt, rules::legal_actions(state)))
    }

    fn apply(
        state: &mut State,
        decision: &str,
        seat: Seat,
        action: &Action,
        _rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        rules::apply(state, decision, seat, action)
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

    /// The spec gives no default for either decision ("There is no default"), so a missed deadline has none.
    fn timeout_action(_state: &State, _decision: &str) -> Option<Action> {
        None
    }

    fn random_action(state: &State, decision: &str, rng: &mut Rng) -> Option<Action> {
        if state.to_act().is_none() || decision != state.decision_id() {
            return None;
        }
        let options = rules::legal_actions(state);
        rng.choose(&options).copied()
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

    fn parse_action(view: &View, pending: &Pending, text: &str) -> Result<Action, NotationError> {
        notation::parse(view, pending, text)
    }

    fn print_action(action: &Action) -> String {
        notation::print(action)
    }
}
