//! JSON schemas of the values whose shape depends on the game (actions, creation options, views), for the
//! server's OpenAPI document. Each game's `Action` and `Options` derive their own schema (named after the
//! game: `UosaoAction`, `SenbatOptions`, …); the types here tie them together over every game this build
//! knows, so that a client can build a typed action or option set of any game from the document alone.

use utoipa::openapi::schema::{
    AdditionalProperties, AllOfBuilder, AnyOfBuilder, ArrayBuilder, Discriminator, Object, ObjectBuilder, OneOfBuilder,
    Schema, SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::api_types::{CreateGameRequest, SeatRequest, TimeoutPolicy};
use crate::registry::{self, DynGame};

/// The schemas one game contributes: the names of its action and options schemas, and every schema they use.
pub struct GameSchemas {
    pub action: String,
    /// The options as a creator gives them: every member may be left out.
    pub options: String,
    /// The options as a game reports them (`<Game>OptionsInEffect`): every member present.
    pub options_in_effect: String,
    pub components: Vec<(String, RefOr<Schema>)>,
}

impl GameSchemas {
    /// The schemas of a game whose answers are `A` and whose creation options are `O`.
    ///
    /// Clients generated from the document (openapi-python-client, for one) read a value of "one of these
    /// schemas" by trying each in turn and keeping the first that parses, and such a parser ignores members it
    /// does not know and fills in those it misses. So that it never reads one game's value as another's, every
    /// schema here refuses what it does not own: each answer variant refuses members it does not name (and
    /// carries its `type` as a one-value enum, where the game tags its answers), and the options in effect
    /// require every member.
    pub fn of<A: ToSchema, O: ToSchema>() -> GameSchemas {
        // Setup refuses keys the game does not know (`reject_unknown_keys`), so the schema does too.
        let options = closed(O::schema());
        let in_effect = every_member_required(options.clone());
        let options_in_effect = format!("{}InEffect", O::name());
        let mut components = vec![
            (A::name().into_owned(), closed_variants(A::schema())),
            (O::name().into_owned(), options),
            (options_in_effect.clone(), in_effect),
        ];
        A::schemas(&mut components);
        O::schemas(&mut components);
        GameSchemas { action: A::name().into_owned(), options: O::name().into_owned(), options_in_effect, components }
    }

    /// Whether each of the game's answers names its variant in a required `type` member (rather than by its one
    /// member's key, or as a bare string).
    fn tagged_by_type(&self) -> bool {
        let Some((_, RefOr::T(Schema::OneOf(variants)))) =
            self.components.iter().find(|(name, _)| *name == self.action)
        else {
            return false;
        };
        variants.items.iter().all(|variant| match variant {
            RefOr::T(Schema::Object(object)) => object.required.iter().any(|member| member == "type"),
            _ => false,
        })
    }
}

fn is_object(object: &Object) -> bool {
    object.schema_type == SchemaType::Type(Type::Object)
}

/// An object schema that refuses members it does not name.
fn closed(schema: RefOr<Schema>) -> RefOr<Schema> {
    match schema {
        RefOr::T(Schema::Object(mut object)) if is_object(&object) => {
            object.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
            RefOr::T(Schema::Object(object))
        }
        other => other,
    }
}

/// Every variant of a `oneOf` (or the one schema) closed.
fn closed_variants(schema: RefOr<Schema>) -> RefOr<Schema> {
    match schema {
        RefOr::T(Schema::OneOf(mut one_of)) => {
            one_of.items = one_of.items.into_iter().map(closed).collect();
            RefOr::T(Schema::OneOf(one_of))
        }
        other => closed(other),
    }
}

/// The options as the server reports them: the same members, each one present (null where the game leaves it
/// to chance), with the defaults filled in.
fn every_member_required(schema: RefOr<Schema>) -> RefOr<Schema> {
    match schema {
        RefOr::T(Schema::Object(mut object)) => {
            object.required = object.properties.keys().cloned().collect();
            let told = "As a game reports them (`GameDetail.options`, `GameType.default_options`, the journal's \
                        `create` entry): every member present, the defaults filled in.";
            object.description = Some(match object.description.take() {
                Some(description) => format!("{description}\n\n{told}"),
                None => told.to_string(),
            });
            RefOr::T(Schema::Object(object))
        }
        other => other,
    }
}

/// A string value written in a game's notation (a card id, a hex, a unit), with a schema of its own.
#[cfg(any(feature = "shinobazu", feature = "suriagehara"))]
macro_rules! text_schema {
    ($ty:ty, $name:literal, $description:literal, $example:literal, pattern = $pattern:expr) => {
        impl utoipa::PartialSchema for $ty {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .pattern(Some($pattern))
                    .description(Some($description))
                    .examples([serde_json::json!($example)])
                    .into()
            }
        }

        impl utoipa::ToSchema for $ty {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($name)
            }
        }
    };
}
#[cfg(any(feature = "shinobazu", feature = "suriagehara"))]
pub(crate) use text_schema;

fn reference(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

/// `uosao` → `Uosao`: the prefix of a game's schema names.
fn pascal(slug: &str) -> String {
    let mut chars = slug.chars();
    chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
}

fn all_schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
    for game in registry::games() {
        out.extend(game.schemas().components);
    }
}

/// An `anyOf` of one schema per game, picked from each game's schemas, in the order given.
fn one_per_game(description: &str, games: Vec<GameSchemas>, pick: fn(GameSchemas) -> String) -> RefOr<Schema> {
    let mut any = AnyOfBuilder::new().description(Some(description));
    for game in games {
        any = any.item(reference(&pick(game)));
    }
    any.into()
}

fn every_game() -> Vec<GameSchemas> {
    registry::games().iter().map(|game| game.schemas()).collect()
}

/// One answer to a decision, in the JSON form of the game being played: one of the games' action schemas.
/// Which one is fixed by the game (`slug`), not by the value, so this is an `anyOf`.
pub struct GameAction;

impl PartialSchema for GameAction {
    fn schema() -> RefOr<Schema> {
        // A client that tries the variants in order, ignoring members it does not know, would read an answer
        // tagged by `type` as a one-member answer naming the same member (suriagehara's `{"type": "move",
        // "order": …}` as shidouban's `{"order": …}`); the games that tag every answer come first.
        let mut games = every_game();
        games.sort_by_key(|game| !game.tagged_by_type());
        one_per_game(
            "An answer to a decision in the JSON form of the game being played: the `<Game>Action` schema of the \
             game's slug (`UosaoAction` for `uosao`, …). Within a game, variants are told apart by `type` (shidouban \
             names the variant by its single key instead); no variant has members it does not name.",
            games,
            |schemas| schemas.action,
        )
    }
}

impl ToSchema for GameAction {
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        all_schemas(out);
    }
}

/// The options a game is played with, as the server reports them: one of the games' options-in-effect schemas.
pub struct GameOptions;

impl PartialSchema for GameOptions {
    fn schema() -> RefOr<Schema> {
        one_per_game(
            "The options of the game being played, every member present and the defaults filled in: the \
             `<Game>OptionsInEffect` schema of the game's slug (`UosaoOptionsInEffect` for `uosao`, …). Each requires \
             every member of its game and refuses any other, so exactly one matches.",
            every_game(),
            |schemas| schemas.options_in_effect,
        )
    }
}

impl ToSchema for GameOptions {
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        all_schemas(out);
    }
}

/// What one viewer may see of a game. Free-form on purpose: each game's view is its own, read by that game's
/// renderer; the text form is `GET /api/v1/games/{id}/board`.
pub struct GameView;

impl PartialSchema for GameView {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .additional_properties(Some(AdditionalProperties::FreeForm(true)))
            .description(Some(
                "The game's view for this reader (a seat or a spectator), in the game's own JSON shape: what the \
                 game's renderer reads. Each game defines its fields; they are not part of this contract. For a \
                 text board, use `GET /api/v1/games/{id}/board`.",
            ))
            .into()
    }
}

impl ToSchema for GameView {}

/// The variant of `CreateGameRequest` for one game: its slug, its options, its number of seats.
fn create_request_for(game: &dyn DynGame) -> Schema {
    let info = game.info();
    let schemas = game.schemas();
    let options = OneOfBuilder::new()
        .item(reference(&schemas.options))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some("The game's options; null or absent for the standard game. Unknown keys are refused."));
    let seats = ArrayBuilder::new()
        .items(reference(&SeatRequest::name()))
        .min_items(Some(info.min_seats as usize))
        .max_items(Some(info.max_seats as usize))
        .description(Some(format!(
            "One entry per seat, in seat order (seat 0 first): {}. `me` may fill at most one.",
            if info.min_seats == info.max_seats {
                format!("{} seats", info.min_seats)
            } else {
                format!("{} to {} seats", info.min_seats, info.max_seats)
            }
        )));
    let deadline = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(1))
        .maximum(Some(crate::api_types::MAX_DEADLINE_HOURS))
        .description(Some("Time limit of each decision, in hours; absent: 72 (3 days); null: no limit."));
    let policy = AllOfBuilder::new()
        .item(reference(&TimeoutPolicy::name()))
        .description(Some("What a missed deadline does where the rules name no default answer (absent: forfeit)."));
    // No `default` keyword: generators would make the member required in the types they write.
    let pictures = ObjectBuilder::new().schema_type(Type::Boolean).description(Some(
        "Whether the game's emails show the board as a picture beside the text board (absent: true); false sends \
         the text board only.",
    ));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(format!("Create a game of {}.", names_in_every_language(&info.name))))
        .property("slug", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([info.slug.as_str()])))
        .required("slug")
        .property("options", options)
        .property("seats", seats)
        .required("seats")
        .property("deadline_hours", deadline)
        .property("timeout_policy", policy)
        .property(
            "rated",
            ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::Boolean, Type::Null])).description(Some(
                "Whether the result moves the players' ratings; absent or null: rated when every seat is a person \
                 (no bot). A game with a bot cannot be rated.",
            )),
        )
        .property(
            "listed",
            ObjectBuilder::new().schema_type(Type::Boolean).description(Some(
                "Whether open seats are shown in the public lobby (absent: true); false keeps the game to invitations \
                 and its link.",
            )),
        )
        .property("mail_pictures", pictures)
        .into()
}

/// `Senbat (センバツ)`: the name in the source language, then in each other language where it differs.
fn names_in_every_language(name: &crate::engine::Localized) -> String {
    let first = name.get(catalog::LANGUAGES[0]);
    let others: Vec<&str> =
        catalog::LANGUAGES[1..].iter().map(|&lang| name.get(lang)).filter(|other| *other != first).collect();
    if others.is_empty() { first.to_owned() } else { format!("{first} ({})", others.join(", ")) }
}

fn create_request_name(game: &dyn DynGame) -> String {
    format!("Create{}Game", pascal(game.slug()))
}

impl PartialSchema for CreateGameRequest {
    fn schema() -> RefOr<Schema> {
        let mut discriminator = Discriminator::new("slug");
        let mut one = OneOfBuilder::new().description(Some(
            "`POST /api/v1/games`: the game (`slug`, which picks the variant), its options, one entry per seat, and \
             the deadline rules.",
        ));
        for game in registry::games() {
            let name = create_request_name(*game);
            discriminator.mapping.insert(game.slug().to_string(), format!("#/components/schemas/{name}"));
            one = one.item(reference(&name));
        }
        one.discriminator(Some(discriminator)).into()
    }
}

impl ToSchema for CreateGameRequest {
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((SeatRequest::name().into_owned(), SeatRequest::schema()));
        <SeatRequest as ToSchema>::schemas(out);
        out.push((TimeoutPolicy::name().into_owned(), TimeoutPolicy::schema()));
        for game in registry::games() {
            out.push((create_request_name(*game), create_request_for(*game).into()));
        }
        all_schemas(out);
    }
}
