//! The Game contract: what every engine provides and what the server, the CLI and the tests rely on.
//!
//! An engine is a deterministic state machine. It owns its `State` (which holds every secret), answers
//! which decisions are awaited (`pending`), what may be answered (`legal`), applies answers (`apply`,
//! running every automatic consequence until the next real decision), and shows each viewer only what
//! that viewer may see (`view`). Nothing else ever leaves the engine.
//!
//! Why this shape (what the five games in `docs/rules/` need of it):
//! - Decisions, not "whose turn": several seats can be asked at once (sealed commits in senbat and
//!   suriagehara, shidouban's priority-ordered interjection), and one seat can hold several decisions.
//!   Every decision has an id that never repeats within a game; a signed move names the id it answers,
//!   so staleness is checked per decision, not per journal position.
//! - `apply` must be able to stop anywhere (a reaction in the middle of a combat) and resume later, so
//!   engines keep an explicit continuation in their serialisable `State`, never on the call stack.
//! - Whether a decision with one legal option is taken automatically is the engine's call: in
//!   shinobazu, auto-playing would reveal a hand.
//! - Events carry an audience; a viewer only ever receives the events addressed to it.
//! - Randomness comes only from the [`Rng`] handed in; no clocks, no I/O, no `HashMap` iteration order.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dice::Rng;

/// A seat at the table, 0-based. Seat 0 is "P1" to humans.
pub type Seat = u8;

/// Identifies one awaited decision. Unique over the whole life of a game (engines usually derive it
/// from a step counter), so that an answer to an earlier, identical-looking decision is recognised as stale.
pub type DecisionId = String;

pub use catalog::{Lang, Localized};

/// A text built in every language by `text` (usually `catalog::t!` with values that are themselves localized,
/// such as a piece's name).
pub fn in_each_language(text: impl Fn(Lang) -> String) -> Localized {
    Localized::in_each_language(text)
}

/// The catalog's name of decision `kind` of game `slug` (`<slug>-decision-<kind>`), or the kind itself when the
/// catalog has none: an id made at run time, so checked with `catalog::has` first.
pub fn decision_name_from_catalog(slug: &str, kind: &str) -> Localized {
    let id = format!("{slug}-decision-{}", kind.replace('_', "-"));
    if catalog::has(&id) {
        in_each_language(|lang| catalog::text(lang, &id))
    } else {
        in_each_language(|_| kind.to_owned())
    }
}

/// How a pending decision combines with the others pending at the same time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Mode {
    /// The only decision of its kind now; answered on its own.
    Alone,
    /// Several seats commit secretly; nothing is revealed until every member of `group` has answered.
    Sealed { group: String },
    /// Asked of several seats at once, resolved in `rank` order (0 first): the first non-pass answer
    /// in rank order wins and later requests are withdrawn unseen (shidouban's 口出し).
    Priority { group: String, rank: u8 },
}

/// A decision the game is waiting for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub id: DecisionId,
    pub seat: Seat,
    /// A short machine name of the decision kind, e.g. `play`, `road`, `push_response`.
    pub kind: String,
    pub mode: Mode,
    /// False when the public status must not reveal which seat is being waited for
    /// (shidouban's 石田散薬 reprieve window). The seat itself is still told.
    pub public: bool,
}

impl Pending {
    /// A decision asked of one seat alone, visible to everyone: the common case.
    pub fn alone(id: impl Into<DecisionId>, seat: Seat, kind: impl Into<String>) -> Self {
        Pending { id: id.into(), seat, kind: kind.into(), mode: Mode::Alone, public: true }
    }
}

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "viewer", content = "seat", rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
    /// Sees everything: used only by the server itself, offline verification and tests.
    Server,
}

/// Who may see an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", content = "seats", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Audience {
    All,
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    Only(Vec<Seat>),
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    Except(Vec<Seat>),
    /// Only these seats, even after the game ends: what the rules never reveal (shidouban §7: a declined
    /// 石田散薬, standing preferences, interjection answers that were withdrawn).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    OnlyForever(Vec<Seat>),
}

/// Something that happened, told in words to those allowed to know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Event {
    pub audience: Audience,
    pub text: Localized,
    /// The same news in the third person for readers outside the audience, who may read the event once the
    /// game is over; every event worded to its audience in the second person carries one, naming the seat as
    /// the game names seats in its public events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retold: Option<Localized>,
}

impl Event {
    pub fn public(text: Localized) -> Self {
        Event { audience: Audience::All, text, retold: None }
    }

    pub fn private(seat: Seat, text: Localized) -> Self {
        Event { audience: Audience::Only(vec![seat]), text, retold: None }
    }

    pub fn except(seats: Vec<Seat>, text: Localized) -> Self {
        Event { audience: Audience::Except(seats), text, retold: None }
    }

    /// Told to `seat` alone, for good: the game's end does not publish it.
    pub fn secret(seat: Seat, text: Localized) -> Self {
        Event { audience: Audience::OnlyForever(vec![seat]), text, retold: None }
    }

    /// This event retold in the third person (`retold`) for readers outside its audience.
    pub fn retold(mut self, text: Localized) -> Self {
        self.retold = Some(text);
        self
    }

    /// The text for `reader` (a seat, or nobody's): the event's own text for its audience, else the third
    /// person's where the event has one.
    pub fn text_for(&self, reader: Option<Seat>) -> &Localized {
        let addressed = match &self.audience {
            Audience::All | Audience::Except(_) => true,
            Audience::Only(seats) | Audience::OnlyForever(seats) => reader.is_some_and(|r| seats.contains(&r)),
        };
        match &self.retold {
            Some(retold) if !addressed => retold,
            _ => &self.text,
        }
    }

    /// Whether `viewer` may read this event. `game_over` reveals every event but `OnlyForever` ones (each
    /// spec allows publishing the private journal once the game has ended, except what it never reveals).
    pub fn visible_to(&self, viewer: Viewer, game_over: bool) -> bool {
        match (&self.audience, viewer) {
            (_, Viewer::Server) | (Audience::All, _) => true,
            (Audience::OnlyForever(seats), Viewer::Seat(s)) => seats.contains(&s),
            (Audience::OnlyForever(_), Viewer::Spectator) => false,
            _ if game_over => true,
            (Audience::Only(seats), Viewer::Seat(s)) => seats.contains(&s),
            (Audience::Except(seats), Viewer::Seat(s)) => !seats.contains(&s),
            (Audience::Except(_), Viewer::Spectator) => true,
            (Audience::Only(_), Viewer::Spectator) => false,
        }
    }

    /// Whether everyone may read this event once the game is over: what an offline replay of the published
    /// journal can be held to.
    pub fn public_after_end(&self) -> bool {
        self.visible_to(Viewer::Spectator, true)
    }
}

/// The legal answers to one decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choices<A> {
    /// What is being asked, e.g. "Play a card: R (right), L (left) or D (road)".
    pub prompt: Localized,
    pub space: Space<A>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Space<A> {
    /// Every legal answer, complete.
    List { options: Vec<A> },
    /// Too many or continuous to list (senbat poses, suriagehara move batches): the parameter ranges in
    /// words, a few legal examples, and `apply` validates and explains a rejection.
    Described { help: Localized, examples: Vec<A> },
}

impl<A> Choices<A> {
    pub fn list(prompt: Localized, options: Vec<A>) -> Self {
        Choices { prompt, space: Space::List { options } }
    }
}

/// Why an answer was refused. `apply` may leave its state half-changed when it returns an error: the
/// framework always applies to a copy and keeps the copy only on success.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub enum RuleError {
    /// The rules forbid this answer; the message says which rule and must not leak another seat's secret.
    #[error("{0}")]
    Illegal(Localized),
    /// The decision is not (or no longer) awaited.
    #[error("decision `{0}` is not pending")]
    NotPending(DecisionId),
    /// The decision belongs to another seat.
    #[error("decision `{decision}` is not for seat {seat}")]
    WrongSeat { decision: DecisionId, seat: Seat },
    #[error("the game is over")]
    GameOver,
}

/// Bad game options or seat count at creation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{0}")]
pub struct SetupError(pub Localized);

/// A notation string that does not parse; says what the notation looks like.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("{0}")]
pub struct NotationError(pub Localized);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum ResultKind {
    /// One seat ranked first alone.
    Win,
    /// Several seats share rank 1.
    SharedWin,
    Draw,
    /// Nobody wins (shidouban).
    AllLose,
    /// The server's operator ended the game without a result: nobody wins, and it is not rated.
    Abandoned,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Outcome {
    pub result: ResultKind,
    /// Rank of each seat, indexed by seat; 1 is best, equal ranks share a place.
    pub ranks: Vec<u8>,
    /// Final score of each seat where the game keeps one.
    pub scores: Vec<Option<i64>>,
    /// Seats that were eliminated or resigned, in order.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<u8>))]
    pub eliminated: Vec<Seat>,
    pub summary: Localized,
}

impl Outcome {
    /// Ranks seats by score, highest first (`higher_is_better`) or lowest first; equal scores share a rank.
    pub fn from_scores(scores: &[i64], higher_is_better: bool, summary: Localized) -> Self {
        let ranks: Vec<u8> = scores
            .iter()
            .map(|s| {
                let better = scores.iter().filter(|o| if higher_is_better { *o > s } else { *o < s }).count();
                (better + 1) as u8
            })
            .collect();
        let winners = ranks.iter().filter(|r| **r == 1).count();
        let result = match winners {
            1 => ResultKind::Win,
            n if n == scores.len() && n > 1 => ResultKind::Draw,
            _ => ResultKind::SharedWin,
        };
        Outcome { result, ranks, scores: scores.iter().map(|s| Some(*s)).collect(), eliminated: Vec::new(), summary }
    }
}

/// What a game is, for listings and `tegami new --help`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GameInfo {
    pub slug: String,
    pub name: Localized,
    pub min_seats: u8,
    pub max_seats: u8,
    /// One paragraph on the game and its options (`{"key": value}` in JSON).
    pub about: Localized,
}

impl GameInfo {
    /// Why a table of `seats` cannot play this game, if it cannot.
    pub fn refuse_seat_count(&self, seats: usize) -> Option<Localized> {
        let fits = usize::from(self.min_seats) <= seats && seats <= usize::from(self.max_seats);
        (!fits).then(|| {
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "engine-is-for-players-not",
                    game = self.name.get(lang),
                    min = self.min_seats,
                    max = self.max_seats,
                    seats = seats
                )
            })
        })
    }
}

/// What a renderer needs besides the view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenderContext {
    pub lang: Lang,
    /// Maximum line width in terminal columns (CJK counts double).
    pub width: usize,
    /// Display names by seat; renderers fall back to "P1", "P2", ... when empty.
    pub seat_names: Vec<String>,
    /// Part of the board to draw, in the game's own terms (suriagehara: `0305-1012`, two corner hexes).
    /// Games whose board always fits ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// The picture is for a phone: shown [`NARROW_PICTURE_PX`] CSS pixels wide, every text in it must still be
    /// at least [`SMALLEST_TEXT_PX`] pixels high and nothing may need scrolling sideways, so games whose
    /// board is wide draw it in stacked parts. Text renderers ignore it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub narrow: bool,
}

/// The width a narrow picture is shown at (a common phone's CSS width).
pub const NARROW_PICTURE_PX: f64 = 390.0;

/// The smallest text, in CSS pixels, a picture may show at the width it is drawn for.
pub const SMALLEST_TEXT_PX: f64 = 12.0;

impl RenderContext {
    pub fn new(lang: Lang, width: usize) -> Self {
        RenderContext { lang, width, seat_names: Vec::new(), region: None, narrow: false }
    }

    pub fn seat_name(&self, seat: Seat) -> String {
        self.seat_names
            .get(seat as usize)
            .filter(|n| !n.is_empty())
            .cloned()
            .unwrap_or_else(|| format!("P{}", seat + 1))
    }
}

/// A type with a JSON schema in the server's OpenAPI document (utoipa's `ToSchema`) when the `openapi` feature
/// is on, and no requirement at all otherwise, so that the engines and the CLI do not pay for utoipa.
#[cfg(feature = "openapi")]
pub trait Documented: utoipa::ToSchema {}
#[cfg(feature = "openapi")]
impl<T: utoipa::ToSchema> Documented for T {}
/// A type with a JSON schema in the server's OpenAPI document (utoipa's `ToSchema`) when the `openapi` feature
/// is on, and no requirement at all otherwise, so that the engines and the CLI do not pay for utoipa.
#[cfg(not(feature = "openapi"))]
pub trait Documented {}
#[cfg(not(feature = "openapi"))]
impl<T> Documented for T {}

/// The contract every game implements. Implementations are zero-sized types; all data is in `State`.
pub trait Engine: 'static {
    /// Creation options (JSON object). `Default` is the standard game.
    type Options: Serialize + DeserializeOwned + Default + Clone + fmt::Debug + Send + Sync + Documented;
    /// The whole truth, secrets included. Must serialise losslessly: replays compare serialised states.
    type State: Serialize + DeserializeOwned + Clone + fmt::Debug + Send + Sync;
    /// One answer to one decision, parsed and well-formed (legality is `apply`'s business).
    type Action: Serialize + DeserializeOwned + Clone + fmt::Debug + PartialEq + Send + Sync + Documented;
    /// What one viewer may see. Everything a renderer or a client needs, and nothing more.
    type View: Serialize + DeserializeOwned + Clone + fmt::Debug + Send + Sync;

    /// The registry key, e.g. `uosao`; equals `info().slug`.
    const SLUG: &'static str;

    fn info() -> GameInfo;

    /// Sets up a new game for `seats` players: seating, shuffles and secret deals, then runs automatic
    /// steps until the first decision.
    fn setup(options: &Self::Options, seats: u8, rng: &mut Rng) -> Result<Self::State, SetupError>;

    /// Why a new game may not have `options`, if it may not (a value outside what its description allows).
    /// Asked when a game is created, not by `setup`, which still reads the journals of games created before a
    /// check was added.
    fn refuse_options(_options: &Self::Options) -> Option<Localized> {
        None
    }

    /// Decisions awaited now. Empty exactly when the game is over.
    fn pending(state: &Self::State) -> Vec<Pending>;

    /// The legal answers to a pending decision; `None` if `decision` is not pending.
    fn legal(state: &Self::State, decision: &str) -> Option<Choices<Self::Action>>;

    /// Applies `seat`'s answer to `decision` (the framework has already checked that `decision` is pending
    /// for `seat`), then runs every automatic consequence until the next real decision or the end.
    fn apply(
        state: &mut Self::State,
        decision: &str,
        seat: Seat,
        action: &Self::Action,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError>;

    /// `seat` leaves the game now, whatever is pending (it counts as last). Engines decide what happens to
    /// the others: the game may end, or go on without that seat.
    fn resign(state: &mut Self::State, seat: Seat, rng: &mut Rng) -> Result<Vec<Event>, RuleError>;

    /// What `viewer` may see. After the game ends, engines reveal what their spec says may be revealed.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The result, once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// The answer the rules give when a deadline passes (a pass or decline), if they give one.
    fn timeout_action(_state: &Self::State, _decision: &str) -> Option<Self::Action> {
        None
    }

    /// Asked before `apply`: may this answer end up never revealed, even after the game ends? The journal then
    /// salts its entry with server-side randomness rather than the nonce derived from the seed, because the
    /// seed is published at the end and would let anyone brute-force a low-entropy answer from its hash.
    /// Must hold for every answer `stays_secret` may later keep. Default: none.
    fn may_stay_secret(_state: &Self::State, _decision: &str, _action: &Self::Action) -> bool {
        false
    }

    /// Whether an answer given earlier (`action` to `decision`) stays hidden from the other seats for good,
    /// judged on the state now; asked once the game is over. Default: everything is revealed at the end.
    fn stays_secret(_state: &Self::State, _decision: &str, _action: &Self::Action) -> bool {
        false
    }

    /// Replays, without knowing it, an answer that stays secret (offline verification of the published
    /// journal): does what the published journal shows that answer did. By the end of the game the state
    /// must be the one the real answer led to, and the events visible to all must be the same. The framework
    /// has checked that `decision` is pending for `seat`. Default: refused, since nothing stays secret.
    fn apply_secret(
        _state: &mut Self::State,
        decision: &str,
        _seat: Seat,
        _rng: &mut Rng,
    ) -> Result<Vec<Event>, RuleError> {
        Err(RuleError::Illegal(catalog::both!(
            "engine-this-game-reveals-every-answer",
            decision = decision.to_string()
        )))
    }

    /// The answer a seat's standing instruction gives to pending `decision` right now, if any (shidouban's
    /// `pref kuchi auto-pass`). The journal appends it at once as an ordinary entry of the server, so that
    /// the secret instruction itself is never needed to replay the game. Default: none.
    fn standing_answer(_state: &Self::State, _decision: &str) -> Option<Self::Action> {
        None
    }

    /// What a decision kind (`Pending::kind`, e.g. `play`) is called in words, for pages and mails that list
    /// what is awaited: the catalog's `<slug>-decision-<kind>` (underscores as hyphens), else the kind itself.
    fn decision_name(kind: &str) -> Localized {
        decision_name_from_catalog(Self::SLUG, kind)
    }

    /// A uniformly random legal answer (for bots and property tests). For continuous spaces, a random
    /// legal parameter set. `None` only if `decision` is not pending.
    fn random_action(state: &Self::State, decision: &str, rng: &mut Rng) -> Option<Self::Action>;

    /// The legal answers to pending `decision` as touches on the picture that `render_svg` draws of `view`
    /// (the deciding seat's view): see [`crate::gesture`]. Answers that cannot be touched are left out and
    /// stay answerable by notation. Default: none.
    fn gestures(_state: &Self::State, _decision: &str, _view: &Self::View) -> Vec<crate::gesture::Gesture> {
        Vec::new()
    }

    /// The board or table as text for `ctx.lang`, fitted to `ctx.width` columns.
    fn render(view: &Self::View, ctx: &RenderContext) -> String;

    /// The same view as a picture (SVG), for web pages and the HTML part of emails. Like `render`, it
    /// draws only what `view` holds, so it cannot show more than the viewer may see. `ctx.width` is ignored:
    /// pictures scale.
    fn render_svg(view: &Self::View, ctx: &RenderContext) -> String;

    /// Parses a typed answer to `pending` in the game's notation; `view` is the answering seat's view
    /// (to resolve e.g. which of two identical-looking cards is meant).
    fn parse_action(view: &Self::View, pending: &Pending, text: &str) -> Result<Self::Action, NotationError>;

    /// The notation of an action; `parse_action(print_action(a)) == a`.
    fn print_action(action: &Self::Action) -> String;
}
