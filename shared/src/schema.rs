//! JSON schemas of the values whose shape depends on the game (actions, creation options, views), for the
//! server's OpenAPI document. Each game's `Action` and `Options` derive their own schema (named after the
//! game: `UosaoAction`, `SenbatOptions`, …); the types here tie them together over every game this build
//! knows, so that a client can build a typed action or option set of any game from the document alone.

use utoipa::openapi::schema::{
    AdditionalProperties, AllOfBuilder, AnyOfBuilder, ArrayBuilder, Discriminator, ObjectBuilder, OneOfBuilder, Schema,
    SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::api_types::{CreateGameRequest, SeatRequest, TimeoutPolicy};
use crate::registry::{self, DynGame};

/// The schemas one game contributes: the names of its action and options schemas, and every schema they use.
pub struct GameSchemas {
    pub action: String,
    pub options: String,
    pub components: Vec<(String, RefOr<Schema>)>,
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

/// An `anyOf` of one schema per game, picked from each game's schemas.
fn one_per_game(description: &str, pick: fn(GameSchemas) -> String) -> RefOr<Schema> {
    let mut any = AnyOfBuilder::new().description(Some(description));
    for game in registry::games() {
        any = any.item(reference(&pick(game.schemas())));
    }
    any.into()
}

/// One answer to a decision, in the JSON form of the game being played: one of the games' action schemas.
/// Which one is fixed by the game (`slug`), not by the value, so this is an `anyOf`.
pub struct GameAction;

impl PartialSchema for GameAction {
    fn schema() -> RefOr<Schema> {
        one_per_game(
            "An answer to a decision in the JSON form of the game being played: the `<Game>Action` schema of the \
             game's slug (`UosaoAction` for `uosao`, …). Within a game, variants are told apart by `type` (shidouban \
             names the variant by its single key instead).",
            |schemas| schemas.action,
        )
    }
}

impl ToSchema for GameAction {
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        all_schemas(out);
    }
}

/// A game's creation options: one of the games' options schemas.
pub struct GameOptions;

impl PartialSchema for GameOptions {
    fn schema() -> RefOr<Schema> {
        one_per_game(
            "The creation options of the game being played: the `<Game>Options` schema of the game's slug \
             (`UosaoOptions` for `uosao`, …), with the defaults filled in.",
            |schemas| schemas.options,
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
            "One entry per seat, in seat order (seat 0 first): {} to {} seats. `me` may fill at most one.",
            info.min_seats, info.max_seats
        )));
    let deadline = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(1))
        .maximum(Some(crate::api_types::MAX_DEADLINE_HOURS))
        .description(Some("Time limit of each decision, in hours; absent: 72 (3 days); null: no limit."));
    let policy = AllOfBuilder::new()
        .item(reference(&TimeoutPolicy::name()))
        .description(Some("What a missed deadline does where the rules name no default answer (absent: forfeit)."));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(format!("Create a game of {} ({}).", info.name.en, info.name.ja)))
        .property("slug", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([info.slug.as_str()])))
        .required("slug")
        .property("options", options)
        .property("seats", seats)
        .required("seats")
        .property("deadline_hours", deadline)
        .property("timeout_policy", policy)
        .into()
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
