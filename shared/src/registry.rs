//! Games by slug, behind one object-safe interface that speaks JSON at its edges, so that no route,
//! command or worker is game-specific.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::Rng;
use crate::engine::{
    Choices, Engine, Event, GameInfo, Localized, NotationError, Outcome, Pending, RenderContext, RuleError, SetupError,
    Space, Viewer,
};

/// A game's state with its type erased. Only the engine that made it can read it.
pub struct DynState(Box<dyn Any + Send + Sync>);

impl DynState {
    /// The typed state, if it is a `T` (for game-specific code behind the registry, such as the bots).
    pub fn downcast_ref<T: 'static>(&self) -> Option<&T> {
        self.0.downcast_ref()
    }
}

impl fmt::Debug for DynState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DynState(..)")
    }
}

/// One legal answer, in notation and in JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChoiceOption {
    pub notation: String,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameAction))]
    pub action: Value,
}

/// What a decision asks, with each legal answer both in notation and in the game's JSON form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChoicesOut {
    pub prompt: Localized,
    /// True when `options` is every legal answer; false when the space is described by `help`.
    pub complete: bool,
    pub options: Vec<ChoiceOption>,
    pub help: Option<Localized>,
}

/// Errors at the JSON edge: a value that is not of the game's shape.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DynError {
    #[error("invalid {what} for `{slug}`: {message}")]
    BadJson { slug: &'static str, what: &'static str, message: String },
}

/// The object-safe face of an [`Engine`]. See `engine.rs` for what each operation means.
pub trait DynGame: Send + Sync {
    fn slug(&self) -> &'static str;
    fn info(&self) -> GameInfo;
    fn default_options(&self) -> Value;
    /// The options a game created with `options` (null for the standard game) is played with: every member
    /// present, the defaults filled in. Refused as `setup` refuses them.
    fn options_in_effect(&self, options: &Value) -> Result<Value, SetupError>;
    fn setup(&self, options: &Value, seats: u8, rng: &mut Rng) -> Result<DynState, SetupError>;
    fn clone_state(&self, state: &DynState) -> DynState;
    fn state_to_json(&self, state: &DynState) -> Value;
    /// [`DynGame::state_to_json`] as JSON text, written straight from the state (no [`Value`] built on the way).
    fn state_to_string(&self, state: &DynState) -> String;
    fn state_from_json(&self, json: &Value) -> Result<DynState, DynError>;
    fn pending(&self, state: &DynState) -> Vec<Pending>;
    /// The human name of a decision kind (`Pending::kind`) in every language, e.g. `play` → "play a card" / 「札を出す」.
    fn decision_name(&self, kind: &str) -> Localized;
    fn legal(&self, state: &DynState, decision: &str) -> Option<ChoicesOut>;
    /// Checks the action's shape, then applies it to a copy; on success the copy replaces `state`, so a
    /// rejected action changes nothing.
    fn apply(
        &self,
        state: &mut DynState,
        decision: &str,
        seat: u8,
        action: &Value,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, ApplyError>;
    /// Refuses an answer of the game's shape that carries a member the game does not read (at any depth; a
    /// null member may be left out as well): `apply` would ignore it, yet a player signed it.
    fn refuse_unknown_members(&self, action: &Value) -> Result<(), DynError>;
    fn resign(&self, state: &mut DynState, seat: u8, rng: &mut Rng) -> Result<Vec<Event>, RuleError>;
    /// False for an action of the wrong shape (which `apply` refuses anyway).
    fn may_stay_secret(&self, state: &DynState, decision: &str, action: &Value) -> bool;
    /// False for an action of the wrong shape.
    fn stays_secret(&self, state: &DynState, decision: &str, action: &Value) -> bool;
    /// Checks that `decision` is pending for `seat`, then replays the withheld answer on a copy, like `apply`.
    fn apply_secret(
        &self,
        state: &mut DynState,
        decision: &str,
        seat: u8,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, ApplyError>;
    fn standing_answer(&self, state: &DynState, decision: &str) -> Option<Value>;
    fn view(&self, state: &DynState, viewer: Viewer) -> Value;
    /// [`DynGame::view`] as JSON text, written straight from the view (no [`Value`] built on the way).
    fn view_text(&self, state: &DynState, viewer: Viewer) -> Box<serde_json::value::RawValue>;
    fn outcome(&self, state: &DynState) -> Option<Outcome>;
    fn timeout_action(&self, state: &DynState, decision: &str) -> Option<Value>;
    fn random_action(&self, state: &DynState, decision: &str, rng: &mut Rng) -> Option<Value>;
    /// The answers to `decision` as touches on the picture of `viewer`'s view (see [`crate::gesture`]).
    fn gestures(&self, state: &DynState, decision: &str, viewer: Viewer) -> Vec<crate::gesture::Gesture>;
    fn render(&self, view: &Value, ctx: &RenderContext) -> Result<String, DynError>;
    fn render_svg(&self, view: &Value, ctx: &RenderContext) -> Result<String, DynError>;
    fn parse_action(&self, view: &Value, pending: &Pending, text: &str) -> Result<Value, ParseActionError>;
    fn print_action(&self, action: &Value) -> Result<String, DynError>;
    /// The JSON schemas of the game's actions and options, for the server's OpenAPI document.
    #[cfg(feature = "openapi")]
    fn schemas(&self) -> crate::schema::GameSchemas;
}

/// Why an answer could not be applied.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ApplyError {
    #[error(transparent)]
    Shape(#[from] DynError),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParseActionError {
    #[error(transparent)]
    Shape(#[from] DynError),
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// Wraps a typed engine as a [`DynGame`].
pub struct Adapter<E: Engine>(PhantomData<fn() -> E>);

impl<E: Engine> Adapter<E> {
    pub const fn new() -> Self {
        Adapter(PhantomData)
    }

    fn typed(state: &DynState) -> &E::State {
        state.0.downcast_ref::<E::State>().expect("DynState belongs to another game")
    }

    fn typed_mut(state: &mut DynState) -> &mut E::State {
        state.0.downcast_mut::<E::State>().expect("DynState belongs to another game")
    }

    /// Creation options: the defaults for null; otherwise every key must be one the game knows.
    fn decode_options(options: &Value) -> Result<E::Options, SetupError> {
        if options.is_null() {
            return Ok(E::Options::default());
        }
        let decoded: E::Options = Self::decode("options", options)
            .map_err(|e| SetupError(catalog::both!("engine-options-unreadable", error = e.to_string())))?;
        reject_unknown_keys(options, &Self::encode(&decoded))?;
        Ok(decoded)
    }

    fn decode<T: serde::de::DeserializeOwned>(what: &'static str, json: &Value) -> Result<T, DynError> {
        serde_json::from_value(json.clone()).map_err(|e| DynError::BadJson {
            slug: E::SLUG,
            what,
            message: e.to_string(),
        })
    }

    fn encode<T: Serialize>(value: &T) -> Value {
        serde_json::to_value(value).expect("engine types always serialise")
    }

    /// Runs `answer` on a copy once `decision` is known to be pending for `seat`; the copy replaces the state
    /// only on success, so a refused answer changes nothing.
    fn answer_on_copy(
        state: &mut DynState,
        decision: &str,
        seat: u8,
        answer: impl FnOnce(&mut E::State) -> Result<Vec<Event>, RuleError>,
    ) -> Result<Vec<Event>, ApplyError> {
        let current = Self::typed(state);
        let pending = E::pending(current);
        if pending.is_empty() {
            return Err(RuleError::GameOver.into());
        }
        let Some(p) = pending.iter().find(|p| p.id == decision) else {
            return Err(RuleError::NotPending(decision.to_string()).into());
        };
        if p.seat != seat {
            return Err(RuleError::WrongSeat { decision: decision.to_string(), seat }.into());
        }
        let mut next = current.clone();
        let events = answer(&mut next)?;
        *Self::typed_mut(state) = next;
        Ok(events)
    }
}

impl<E: Engine> Default for Adapter<E> {
    fn default() -> Self {
        Self::new()
    }
}

/// Options keys the game does not know are refused rather than silently ignored (a typo must not
/// quietly give the standard game).
fn reject_unknown_keys(given: &Value, understood: &Value) -> Result<(), SetupError> {
    let (Value::Object(given), Value::Object(understood)) = (given, understood) else {
        return Ok(());
    };
    let unknown: Vec<&str> = given.keys().filter(|k| !understood.contains_key(*k)).map(String::as_str).collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let known: Vec<&str> = understood.keys().map(String::as_str).collect();
    Err(SetupError(crate::engine::in_each_language(|lang| {
        let separator = catalog::t!(lang, "engine-list-separator");
        catalog::t!(
            lang,
            "engine-unknown-option-s-this-game",
            unknown = unknown.join(&separator),
            known = known.join(&separator)
        )
    })))
}

/// The path (`order.via`) of the first member of `given` that `understood`, the same value read and written back
/// by the game, lacks; a null member may be missing (written back as absent).
fn unknown_member(given: &Value, understood: &Value, at: &str) -> Option<String> {
    let path = |key: &str| if at.is_empty() { key.to_string() } else { format!("{at}.{key}") };
    match (given, understood) {
        (Value::Object(given), Value::Object(understood)) => {
            given.iter().find_map(|(key, value)| match understood.get(key) {
                Some(inner) => unknown_member(value, inner, &path(key)),
                None if value.is_null() => None,
                None => Some(path(key)),
            })
        }
        (Value::Array(given), Value::Array(understood)) if given.len() == understood.len() => given
            .iter()
            .zip(understood)
            .enumerate()
            .find_map(|(i, (value, inner))| unknown_member(value, inner, &format!("{at}[{i}]"))),
        _ => None,
    }
}

fn choices_out<E: Engine>(choices: Choices<E::Action>) -> ChoicesOut {
    let convert = |actions: Vec<E::Action>| {
        actions
            .into_iter()
            .map(|a| ChoiceOption { notation: E::print_action(&a), action: Adapter::<E>::encode(&a) })
            .collect()
    };
    match choices.space {
        Space::List { options } => {
            ChoicesOut { prompt: choices.prompt, complete: true, options: convert(options), help: None }
        }
        Space::Described { help, examples } => {
            ChoicesOut { prompt: choices.prompt, complete: false, options: convert(examples), help: Some(help) }
        }
    }
}

impl<E: Engine> DynGame for Adapter<E> {
    fn slug(&self) -> &'static str {
        E::SLUG
    }

    fn info(&self) -> GameInfo {
        E::info()
    }

    fn default_options(&self) -> Value {
        Self::encode(&E::Options::default())
    }

    fn options_in_effect(&self, options: &Value) -> Result<Value, SetupError> {
        let options = Self::decode_options(options)?;
        if let Some(refusal) = E::refuse_options(&options) {
            return Err(SetupError(refusal));
        }
        Ok(Self::encode(&options))
    }

    fn setup(&self, options: &Value, seats: u8, rng: &mut Rng) -> Result<DynState, SetupError> {
        let options = Self::decode_options(options)?;
        if let Some(refusal) = E::info().refuse_seat_count(usize::from(seats)) {
            return Err(SetupError(refusal));
        }
        Ok(DynState(Box::new(E::setup(&options, seats, rng)?)))
    }

    fn clone_state(&self, state: &DynState) -> DynState {
        DynState(Box::new(Self::typed(state).clone()))
    }

    fn state_to_json(&self, state: &DynState) -> Value {
        Self::encode(Self::typed(state))
    }

    fn state_to_string(&self, state: &DynState) -> String {
        serde_json::to_string(Self::typed(state)).expect("engine types always serialise")
    }

    fn state_from_json(&self, json: &Value) -> Result<DynState, DynError> {
        Ok(DynState(Box::new(Self::decode::<E::State>("state", json)?)))
    }

    fn decision_name(&self, kind: &str) -> Localized {
        E::decision_name(kind)
    }

    fn pending(&self, state: &DynState) -> Vec<Pending> {
        E::pending(Self::typed(state))
    }

    fn legal(&self, state: &DynState, decision: &str) -> Option<ChoicesOut> {
        E::legal(Self::typed(state), decision).map(choices_out::<E>)
    }

    fn apply(
        &self,
        state: &mut DynState,
        decision: &str,
        seat: u8,
        action: &Value,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, ApplyError> {
        let action: E::Action = Self::decode("action", action)?;
        Self::answer_on_copy(state, decision, seat, |next| E::apply(next, decision, seat, &action, rng))
    }

    fn refuse_unknown_members(&self, action: &Value) -> Result<(), DynError> {
        let understood = Self::encode(&Self::decode::<E::Action>("action", action)?);
        match unknown_member(action, &understood, "") {
            None => Ok(()),
            Some(path) => Err(DynError::BadJson {
                slug: E::SLUG,
                what: "action",
                message: format!("unknown member `{path}`; an answer has only the members its schema names"),
            }),
        }
    }

    fn resign(&self, state: &mut DynState, seat: u8, rng: &mut Rng) -> Result<Vec<Event>, RuleError> {
        let current = Self::typed(state);
        if E::pending(current).is_empty() {
            return Err(RuleError::GameOver);
        }
        let mut next = current.clone();
        let events = E::resign(&mut next, seat, rng)?;
        *Self::typed_mut(state) = next;
        Ok(events)
    }

    fn may_stay_secret(&self, state: &DynState, decision: &str, action: &Value) -> bool {
        Self::decode("action", action).is_ok_and(|a| E::may_stay_secret(Self::typed(state), decision, &a))
    }

    fn stays_secret(&self, state: &DynState, decision: &str, action: &Value) -> bool {
        Self::decode("action", action).is_ok_and(|a| E::stays_secret(Self::typed(state), decision, &a))
    }

    fn apply_secret(
        &self,
        state: &mut DynState,
        decision: &str,
        seat: u8,
        rng: &mut Rng,
    ) -> Result<Vec<Event>, ApplyError> {
        Self::answer_on_copy(state, decision, seat, |next| E::apply_secret(next, decision, seat, rng))
    }

    fn standing_answer(&self, state: &DynState, decision: &str) -> Option<Value> {
        E::standing_answer(Self::typed(state), decision).map(|a| Self::encode(&a))
    }

    fn view(&self, state: &DynState, viewer: Viewer) -> Value {
        Self::encode(&E::view(Self::typed(state), viewer))
    }

    fn view_text(&self, state: &DynState, viewer: Viewer) -> Box<serde_json::value::RawValue> {
        serde_json::value::to_raw_value(&E::view(Self::typed(state), viewer)).expect("engine types always serialise")
    }

    fn gestures(&self, state: &DynState, decision: &str, viewer: Viewer) -> Vec<crate::gesture::Gesture> {
        let state = Self::typed(state);
        E::gestures(state, decision, &E::view(state, viewer))
    }

    fn outcome(&self, state: &DynState) -> Option<Outcome> {
        E::outcome(Self::typed(state))
    }

    fn timeout_action(&self, state: &DynState, decision: &str) -> Option<Value> {
        E::timeout_action(Self::typed(state), decision).map(|a| Self::encode(&a))
    }

    fn random_action(&self, state: &DynState, decision: &str, rng: &mut Rng) -> Option<Value> {
        E::random_action(Self::typed(state), decision, rng).map(|a| Self::encode(&a))
    }

    fn render(&self, view: &Value, ctx: &RenderContext) -> Result<String, DynError> {
        let view: E::View = Self::decode("view", view)?;
        Ok(E::render(&view, ctx))
    }

    fn render_svg(&self, view: &Value, ctx: &RenderContext) -> Result<String, DynError> {
        let view: E::View = Self::decode("view", view)?;
        Ok(E::render_svg(&view, ctx))
    }

    fn parse_action(&self, view: &Value, pending: &Pending, text: &str) -> Result<Value, ParseActionError> {
        let view: E::View = Self::decode("view", view)?;
        Ok(Self::encode(&E::parse_action(&view, pending, text.trim())?))
    }

    fn print_action(&self, action: &Value) -> Result<String, DynError> {
        Ok(E::print_action(&Self::decode::<E::Action>("action", action)?))
    }

    #[cfg(feature = "openapi")]
    fn schemas(&self) -> crate::schema::GameSchemas {
        crate::schema::GameSchemas::of::<E::Action, E::Options>()
    }
}

/// Every game this build knows, in a fixed order.
pub fn games() -> &'static [&'static dyn DynGame] {
    crate::games::ALL
}

/// The game with this slug.
pub fn game(slug: &str) -> Option<&'static dyn DynGame> {
    games().iter().copied().find(|g| g.slug() == slug)
}

/// Slugs of every known game, for error messages ("use one of: uosao, ...").
pub fn slugs() -> Vec<&'static str> {
    games().iter().map(|g| g.slug()).collect()
}

#[cfg(all(test, feature = "uosao", feature = "shidouban", feature = "suriagehara"))]
mod tests {
    use serde_json::json;

    use super::game;

    #[test]
    fn answers_with_members_the_game_does_not_read_are_refused() {
        let suriagehara = game("suriagehara").unwrap();
        let step = json!({"type": "move", "order": {"unit": "TK1", "to": "0907"}});
        assert_eq!(suriagehara.refuse_unknown_members(&step), Ok(()));
        let with_null = json!({"type": "move", "order": {"unit": "TK1", "to": "0907", "path": null}});
        assert_eq!(suriagehara.refuse_unknown_members(&with_null), Ok(()), "a null member may be left out");
        let nested = json!({"type": "move", "order": {"unit": "TK1", "to": "0907", "via": ["0908"]}});
        let refused = suriagehara.refuse_unknown_members(&nested).unwrap_err().to_string();
        assert!(refused.contains("`order.via`"), "{refused}");
        let in_a_list =
            json!({"type": "moves", "orders": [{"unit": "TK1", "to": "0907"}, {"unit": "TK2", "to": "0908", "x": 1}]});
        assert!(suriagehara.refuse_unknown_members(&in_a_list).unwrap_err().to_string().contains("`orders[1].x`"));

        let uosao = game("uosao").unwrap();
        assert_eq!(uosao.refuse_unknown_members(&json!({"type": "play", "card": "2T", "face": "R"})), Ok(()));
        let top = json!({"type": "play", "card": "2T", "face": "R", "note": "hi"});
        assert!(uosao.refuse_unknown_members(&top).unwrap_err().to_string().contains("`note`"));
        assert!(uosao.refuse_unknown_members(&json!({"type": "fly"})).is_err(), "not of the game's shape at all");
        assert_eq!(game("shidouban").unwrap().refuse_unknown_members(&json!("pass")), Ok(()));
    }
}
