//! 右王左王 (U O SA O): soldiers rushing between two kings along a line that grows with every road.
//! The rules for players, with the readings this engine plays, are `docs/rules/uosao.md` (Japanese:
//! `docs/rules/uosao.ja.md`).

mod data;
mod notation;
mod picture;
mod render;
mod rules;
mod state;
mod view;

#[cfg(test)]
mod tests;

pub use data::{CardId, Colour, Dir, Face};
pub use rules::{Action, Options};
pub use state::{Gap, Phase, State};
pub use view::View;

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Localized, NotationError, Outcome, Pending, RenderContext, RuleError, Seat,
    SetupError, Viewer,
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
            name: Localized::new("UOSAO (Right King, Left King)", "右王左王"),
            min_seats: data::MIN_PLAYERS,
            max_seats: data::MAX_PLAYERS,
            about: Localized::new(
                "3-5 players, 3 seasons of up to 5 rounds. Each round everyone in turn plays one card: a move \
                 toward the Right or Left King (equal moves cancel, the highest in each direction moves) or a \
                 road that lengthens the line (one road per player is a trap). Reach a king to score your \
                 distance from the rearmost soldier. Option: {\"colours\": [\"RED\", \"YEL\", \"GRN\"]}.",
                "3〜5人、3シーズン（各最大5ラウンド）。各ラウンド順番にカードを1枚出す：右王か左王への移動\
                 （同じ数・同じ向きは無効、各方向で最大の数だけが動く）か、国を伸ばす道（各自1枚は罠）。\
                 王に到達すると一番遠い兵士からの距離で得点。オプション: {\"colours\": [\"RED\", \"YEL\", \"GRN\"]}",
            ),
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
                Localized::new(
                    format!(
                        "{}: insert your road (D{card}) into a gap of the line: @+k is the outer side of card +k \
                         (@+0 just right of the town), @-k the outer side of card -k. Example: @+1",
                        colour.code()
                    ),
                    format!(
                        "{}：道（D{card}）を挿入する位置を選んでください。@+k = カード+kの外側（@+0 は街のすぐ右）、\
                         @-k = カード-kの外側。例: @+1",
                        colour.ja()
                    ),
                )
            }
            _ => {
                let hand: Vec<&str> = state.hands[seat as usize].iter().map(|c| c.code()).collect();
                // An example that is legal now: move with the highest card in hand toward the Right King.
                let example = state.hands[seat as usize].last().map(|c| format!("R{}", c.code())).unwrap_or_default();
                Localized::new(
                    format!(
                        "{}: season {} round {}: play one card from your hand ({}). R<card> moves toward the Right \
                         King, L<card> toward the Left King, D<card> lays the card as a road (D2T = your trap). \
                         Example: {example}",
                        colour.code(),
                        state.season,
                        state.round,
                        hand.join(" ")
                    ),
                    format!(
                        "{}：シーズン{} ラウンド{}。手札（{}）から1枚出してください。R<番号> = 右王へ移動、\
                         L<番号> = 左王へ移動、D<番号> = 道として出す（D2T = 罠）。例: {example}",
                        colour.ja(),
                        state.season,
                        state.round,
                        hand.join(" ")
                    ),
                )
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
