//! The OpenAPI 3.1 document, generated from the handlers' annotations and the shared API types.
//! `openapi.yaml` at the repository root is this document; a test fails when the file is stale.

use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Discriminator, Object, Schema};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use crate::routes;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT session token or tgm_ API token")
                    .build(),
            ),
        );
    }
}

/// Errors are served as `application/problem+json`: declare them so, and add the 503 every operation that reads
/// the database may answer.
struct ProblemResponses;

const PROBLEM_SCHEMA: &str = "#/components/schemas/Problem";

fn is_problem(content: &Content) -> bool {
    matches!(&content.schema, Some(RefOr::Ref(r)) if r.ref_location == PROBLEM_SCHEMA)
}

/// Operations that never touch the database (no credentials read either).
const WITHOUT_DATABASE: &[&str] = &["game_types_list", "health_get"];

impl Modify for ProblemResponses {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            for operation in operations_mut(item) {
                for response in operation.responses.responses.values_mut() {
                    let RefOr::T(response) = response else { continue };
                    if let Some(content) = response.content.shift_remove("application/json") {
                        let kind = if is_problem(&content) { "application/problem+json" } else { "application/json" };
                        response.content.insert(kind.to_string(), content);
                    }
                }
                let id = operation.operation_id.as_deref().unwrap_or_default();
                if !WITHOUT_DATABASE.contains(&id) && !operation.responses.responses.contains_key("503") {
                    let unavailable = ResponseBuilder::new()
                        .description("The database is busy; retry shortly (`unavailable`)")
                        .content("application/problem+json", Content::new(Some(Ref::new(PROBLEM_SCHEMA))))
                        .build();
                    operation.responses.responses.insert("503".to_string(), unavailable.into());
                }
            }
        }
    }
}

fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .filter_map(Option::as_mut)
}

/// Tagged enums (`#[serde(tag = "type")]` and the like) come out of utoipa as a `oneOf` of anonymous objects. Give
/// each variant a name of its own (`EntryBodyMove`, `UosaoActionPlay`, …) and the `oneOf` a discriminator, so that
/// generated clients get one named type per variant.
struct NamedVariants;

/// The property that tells the variants of a `oneOf` apart: required in every variant, with one constant value
/// each, and a different value in each.
fn tag_of(variants: &[&Object]) -> Option<String> {
    let first = variants.first()?;
    first
        .properties
        .keys()
        .find(|name| {
            let values: Vec<Option<String>> = variants.iter().map(|v| constant(v, name)).collect();
            let mut distinct: Vec<&String> = values.iter().flatten().collect();
            distinct.sort();
            distinct.dedup();
            values.iter().all(Option::is_some) && distinct.len() == variants.len()
        })
        .cloned()
}

/// The one string a property of `object` must be, if it is required and a single-value enum.
fn constant(object: &Object, property: &str) -> Option<String> {
    if !object.required.iter().any(|r| r == property) {
        return None;
    }
    match object.properties.get(property)? {
        RefOr::T(Schema::Object(p)) => match p.enum_values.as_deref() {
            Some([serde_json::Value::String(value)]) => Some(value.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The key of a one-key object variant (`{"pick": …}`), or the value of a one-value string enum (`"pass"`).
fn single_key(variant: &Object) -> Option<String> {
    match (variant.properties.len(), variant.enum_values.as_deref()) {
        (1, None) => variant.properties.keys().next().filter(|k| variant.required.contains(k)).cloned(),
        (0, Some([serde_json::Value::String(value)])) => Some(value.clone()),
        _ => None,
    }
}

fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

impl Modify for NamedVariants {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let Some(components) = openapi.components.as_mut() else { return };
        let mut named = Vec::new();
        for (parent, schema) in components.schemas.iter_mut() {
            let RefOr::T(Schema::OneOf(one_of)) = schema else { continue };
            let variants: Option<Vec<&Object>> = one_of
                .items
                .iter()
                .map(|item| match item {
                    RefOr::T(Schema::Object(object)) => Some(object),
                    _ => None,
                })
                .collect();
            let Some(variants) = variants else { continue };
            let Some(tag) = tag_of(&variants) else {
                // Externally tagged (`{"pick": "KON"}`): name each object variant after its one key.
                if let Some(keys) = variants.iter().map(|v| single_key(v)).collect::<Option<Vec<String>>>() {
                    for (item, key) in one_of.items.iter_mut().zip(keys) {
                        let name = format!("{parent}{}", pascal(&key));
                        let variant = std::mem::replace(item, RefOr::Ref(Ref::from_schema_name(&name)));
                        named.push((name, variant));
                    }
                }
                continue;
            };
            let mut discriminator = Discriminator::new(tag.clone());
            for item in one_of.items.iter_mut() {
                let RefOr::T(Schema::Object(object)) = item else { unreachable!("checked above") };
                let value = constant(object, &tag).expect("checked above");
                let name = format!("{parent}{}", pascal(&value));
                discriminator.mapping.insert(value, format!("#/components/schemas/{name}"));
                let variant = std::mem::replace(item, RefOr::Ref(Ref::from_schema_name(&name)));
                named.push((name, variant));
            }
            one_of.discriminator = Some(discriminator);
        }
        components.schemas.extend(named);
    }
}

/// Tuples (`(core, troops)` pairs) come out as `prefixItems` with `items: false`, which some client generators
/// cannot read (openapi-python-client 0.29). `items: {}` with `minItems` = `maxItems` = the tuple's length says
/// the same. And `default: null` (serde's default of an optional field) says nothing a nullable type does not,
/// but makes openapi-typescript require the field.
struct OpenTuples;

fn open_tuples(schema: &mut Schema) {
    match schema {
        Schema::Array(array) if array.default == Some(serde_json::Value::Null) => {
            array.default = None;
            open_tuples(schema);
        }
        Schema::Object(object) if object.default == Some(serde_json::Value::Null) => {
            object.default = None;
            open_tuples(schema);
        }
        Schema::OneOf(one_of) if one_of.default == Some(serde_json::Value::Null) => {
            one_of.default = None;
            open_tuples(schema);
        }
        Schema::Array(array) => {
            if matches!(array.items, ArrayItems::False) && !array.prefix_items.is_empty() {
                array.items = ArrayItems::RefOrSchema(Box::new(RefOr::T(Schema::default())));
                array.min_items = Some(array.prefix_items.len());
                array.max_items = Some(array.prefix_items.len());
            }
            array.prefix_items.iter_mut().for_each(open_tuples);
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                open_tuples_in(items);
            }
        }
        Schema::Object(object) => {
            object.properties.values_mut().for_each(open_tuples_in);
            if let Some(AdditionalProperties::RefOr(extra)) = object.additional_properties.as_deref_mut() {
                open_tuples_in(extra);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(open_tuples_in),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(open_tuples_in),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(open_tuples_in),
        _ => {}
    }
}

fn open_tuples_in(schema: &mut RefOr<Schema>) {
    if let RefOr::T(schema) = schema {
        open_tuples(schema);
    }
}

impl Modify for OpenTuples {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            components.schemas.values_mut().for_each(open_tuples_in);
        }
    }
}

/// An email address's local part has at most 64 characters, which its `pattern` cannot say (see
/// `validate::EMAIL_LOCAL_PART_PATTERN`): every property with the email pattern gets the limit as a second
/// pattern, in an `allOf` beside the first. utoipa's `Object` has no `allOf`, so it goes in through the
/// extensions, which are written out as they are named.
struct EmailLocalPart;

fn limit_local_part(schema: &mut RefOr<Schema>) {
    let RefOr::T(Schema::Object(object)) = schema else { return };
    for property in object.properties.values_mut() {
        let RefOr::T(Schema::Object(field)) = property else { continue };
        if field.pattern.as_deref() == Some(crate::validate::EMAIL_PATTERN) {
            let limit = serde_json::json!([{ "pattern": crate::validate::EMAIL_LOCAL_PART_PATTERN }]);
            field.extensions.get_or_insert_with(Default::default).insert("allOf".to_string(), limit);
        }
    }
}

impl Modify for EmailLocalPart {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            components.schemas.values_mut().for_each(limit_local_part);
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "tegami",
        description = "Play-by-email board games: accounts, games, signed moves and hash-chained journals. \
            Errors are `application/problem+json` (RFC 9457) with a stable `code`; each response lists the codes it \
            can carry. Any operation that reads the database may answer 503 (`unavailable`) when it is busy: retry. \
            A method a path does not offer is answered 405 with an `Allow` header. How to sign a move and how to \
            verify a journal: docs/protocol.md.",
        license(name = "MIT OR Apache-2.0")
    ),
    paths(
        routes::health::healthz,
        routes::accounts::register, routes::accounts::login, routes::accounts::me,
        routes::sessions::list, routes::sessions::revoke, routes::sessions::revoke_all,
        routes::passwords::change, routes::passwords::request, routes::passwords::confirm,
        routes::personal_data::export, routes::personal_data::delete,
        routes::tokens::create, routes::tokens::list, routes::tokens::revoke,
        routes::keys::register, routes::keys::list, routes::keys::revoke,
        routes::games::types, routes::rules::get, routes::games::create, routes::games::list, routes::games::detail, routes::games::join,
        routes::games::moves, routes::games::submit, routes::games::resign, routes::games::journal, routes::games::board,
        routes::mail::inbound, routes::mail::get_prefs, routes::mail::set_prefs,
        routes::mail::unsubscribe, routes::mail::unsubscribe_link,
        routes::mail::verify_email, routes::mail::verify_email_link, routes::mail::resend_verification,
        routes::mail::get_vacation, routes::mail::set_vacation,
        routes::mail::never_invite_page, routes::mail::never_invite,
        routes::mail_addresses::create, routes::mail_addresses::list, routes::mail_addresses::delete,
        routes::mail_addresses::confirm_page, routes::mail_addresses::confirm,
        routes::events::account_stream, routes::events::game_stream,
        routes::webhooks::create, routes::webhooks::list, routes::webhooks::delete, routes::webhooks::deliveries,
    ),
    components(schemas(shared::api_types::MoveClaims, shared::Lang, shared::api_types::GameStatus, routes::events::StreamReady)),
    modifiers(&BearerAuth, &ProblemResponses, &NamedVariants, &OpenTuples, &EmailLocalPart),
    tags(
        (name = "accounts", description = "Register, log in, sessions, passwords, export or delete my data"),
        (name = "tokens", description = "Long-lived API tokens for scripts"),
        (name = "keys", description = "Ed25519 public keys that sign moves"),
        (name = "games", description = "Games, views, legal moves, signed moves, journals"),
        (name = "mail", description = "Moves by email, notification preferences, further addresses replies may come from"),
        (name = "events", description = "Live events: Server-Sent Events streams, resumable with Last-Event-ID"),
        (name = "webhooks", description = "Signed HTTP callbacks for every event of my games"),
        (name = "meta", description = "Health"),
    )
)]
pub struct ApiDoc;

/// Every documented path with the methods it offers, upper case (`GET`, `POST`), for the `Allow` header.
pub fn methods_by_path(document: &utoipa::openapi::OpenApi) -> Vec<(String, Vec<&'static str>)> {
    document
        .paths
        .paths
        .iter()
        .map(|(path, item)| {
            let offered = [
                ("GET", item.get.is_some()),
                ("PUT", item.put.is_some()),
                ("POST", item.post.is_some()),
                ("DELETE", item.delete.is_some()),
                ("PATCH", item.patch.is_some()),
            ];
            (path.clone(), offered.into_iter().filter(|(_, on)| *on).map(|(method, _)| method).collect())
        })
        .collect()
}

/// The document as YAML, exactly as `openapi.yaml` should read.
pub fn yaml() -> String {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc.to_yaml().expect("the OpenAPI document serialises")
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc
}
