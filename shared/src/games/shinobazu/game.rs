//! `Shinobazu`: the [`Engine`] implementation, wiring the contract to the rules, views and notation.

use super::action::Action;
use super::state::{Options, State};
use super::view::View;
use super::{notation, render, rules, view};
use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Localized, NotationError, Outcome, Pending, RenderContext, RuleError, Seat,
    SetupError, Viewer,
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
            name: Localized::new("Shinobazu", "不忍"),
            min_seats: 3,
            max_seats: 5,
            about: Localized::new(
                "A short bluffing trick-taking game with 15 ninja cards. Play a card face down to yourself and \
                 fight or pass, or push it onto another player, who must fight or pass without seeing it. The \
                 lowest total loses (+1 point), unless off-colour 2s and 4s reverse the order; the lowest score \
                 wins when someone reaches 5. Options: {\"first_start_player\": 0-based seat} (random if absent), \
                 {\"declined_cards\": \"discard\" or \"carry\"} (what a passer who declines a duel keeps), \
                 {\"sole_fighter_lead\": \"in_front\" or \"played\"} (which card sets the lead colour when one \
                 player fights); see the rules' Readings.",
                "15枚の忍者札で遊ぶ短いはったりトリックテイキング。札を裏向きで自分に出して勝負かパスを選ぶか、\
                 他のプレイヤーに押し付け、押し付けられた人は札を見ずに勝負かパスを選びます。最も弱い人が1点加算\
                 （異色の2・4で強弱が逆転）。誰かが5点に達したら、得点の最も少ない人の勝ち。\
                 オプション：{\"first_start_player\": 0始まりの席番号}（省略時はランダム）、\
                 {\"declined_cards\": \"discard\" か \"carry\"}（不忍勝負をパスした人の勝負札）、\
                 {\"sole_fighter_lead\": \"in_front\" か \"played\"}（勝負が1人のときの主導色）。\
                 詳しくはルールの「解釈」を参照。",
            ),
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
