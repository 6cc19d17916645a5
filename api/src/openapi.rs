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

/// Tuples (`(core, troops)` pairs) come out as `prefixItems` with `items: false` (no item beyond them). A client
/// generator that reads `items` as a schema (openapi-python-client 0.29 refuses a boolean one) must not see it:
/// [`finished`] drops it, and `minItems` = `maxItems` = the tuple's length says the same. And `default: null`
/// (serde's default of an optional field) says nothing a nullable type does not, but makes openapi-typescript
/// require the field.
struct Tuples;

fn tuples(schema: &mut Schema) {
    match schema {
        Schema::Array(array) if array.default == Some(serde_json::Value::Null) => {
            array.default = None;
            tuples(schema);
        }
        Schema::Object(object) if object.default == Some(serde_json::Value::Null) => {
            object.default = None;
            tuples(schema);
        }
        Schema::OneOf(one_of) if one_of.default == Some(serde_json::Value::Null) => {
            one_of.default = None;
            tuples(schema);
        }
        Schema::Array(array) => {
            if !array.prefix_items.is_empty() {
                array.items = ArrayItems::False;
                array.min_items = Some(array.prefix_items.len());
                array.max_items = Some(array.prefix_items.len());
            }
            array.prefix_items.iter_mut().for_each(tuples);
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                tuples_in(items);
            }
        }
        Schema::Object(object) => {
            object.properties.values_mut().for_each(tuples_in);
            if let Some(AdditionalProperties::RefOr(extra)) = object.additional_properties.as_deref_mut() {
                tuples_in(extra);
            }
        }
        Schema::OneOf(one_of) => one_of.items.iter_mut().for_each(tuples_in),
        Schema::AnyOf(any_of) => any_of.items.iter_mut().for_each(tuples_in),
        Schema::AllOf(all_of) => all_of.items.iter_mut().for_each(tuples_in),
        _ => {}
    }
}

fn tuples_in(schema: &mut RefOr<Schema>) {
    if let RefOr::T(schema) = schema {
        tuples(schema);
    }
}

impl Modify for Tuples {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        if let Some(components) = openapi.components.as_mut() {
            components.schemas.values_mut().for_each(tuples_in);
        }
    }
}

/// Drops `items: false` wherever `prefixItems` says what the items are (see [`Tuples`]).
fn drop_items_false(value: &mut serde_norway::Value) {
    match value {
        serde_norway::Value::Mapping(members) => {
            if members.contains_key("prefixItems") && members.get("items") == Some(&serde_norway::Value::Bool(false)) {
                members.shift_remove("items");
            }
            members.values_mut().for_each(drop_items_false);
        }
        serde_norway::Value::Sequence(items) => items.iter_mut().for_each(drop_items_false),
        _ => {}
    }
}

/// A signed move with any claim beyond those of `MoveClaims` is refused (`signing::peek_submitted`): say so.
struct ExactClaims;

impl Modify for ExactClaims {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let claims = openapi.components.as_mut().and_then(|c| c.schemas.get_mut("MoveClaims"));
        if let Some(RefOr::T(Schema::Object(claims))) = claims {
            claims.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
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
        routes::games::replay_at, routes::lobby::lobby, routes::lobby::leaderboard,
        routes::archive::archive, routes::archive::profile, routes::archive::set_profile,
        routes::mail::inbound, routes::mail::get_prefs, routes::mail::set_prefs,
        routes::mail::unsubscribe, routes::mail::unsubscribe_link,
        routes::mail::verify_email, routes::mail::verify_email_link, routes::mail::resend_verification,
        routes::mail::get_vacation, routes::mail::set_vacation,
        routes::mail::never_invite_page, routes::mail::never_invite,
        routes::mail_addresses::create, routes::mail_addresses::list, routes::mail_addresses::delete,
        routes::mail_addresses::confirm_page, routes::mail_addresses::confirm,
        routes::events::account_stream, routes::events::game_stream,
        routes::webhooks::create, routes::webhooks::list, routes::webhooks::delete, routes::webhooks::deliveries,
        routes::messages::post, routes::messages::list, routes::messages::report,
        routes::messages::get_settings, routes::messages::set_settings,
        routes::messages::mutes, routes::messages::mute, routes::messages::unmute,
        routes::messages::note, routes::messages::set_note,
        routes::follow::get, routes::follow::set,
    ),
    components(schemas(shared::api_types::MoveClaims, shared::Lang, shared::api_types::GameStatus, routes::events::StreamReady)),
    modifiers(&BearerAuth, &ProblemResponses, &NamedVariants, &Tuples, &ExactClaims, &EmailLocalPart),
    tags(
        (name = "accounts", description = "Register, log in, sessions, passwords, export or delete my data"),
        (name = "tokens", description = "Long-lived API tokens for scripts"),
        (name = "keys", description = "Ed25519 public keys that sign moves"),
        (name = "games", description = "Games, views, legal moves, signed moves, journals"),
        (name = "mail", description = "Moves by email, notification preferences, further addresses replies may come from"),
        (name = "events", description = "Live events: Server-Sent Events streams, resumable with Last-Event-ID"),
        (name = "webhooks", description = "Signed HTTP callbacks for every event of my games"),
        (name = "talk", description = "Table talk: messages between a game's players, mutes, reports, private notes"),
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

/// The document as YAML, exactly as `openapi.yaml` should read: [`finished`], with every string that a YAML 1.1
/// reader would take for a boolean quoted (see [`yaml_1_1_safe`]).
pub fn yaml() -> String {
    let document = finished();
    let yaml = yaml_1_1_safe(&serde_norway::to_string(&document).expect("the OpenAPI document serialises"));
    let read: serde_norway::Value = serde_norway::from_str(&yaml).expect("the quoted YAML reads");
    assert_eq!(read, document, "quoting for YAML 1.1 changes no value");
    yaml
}

/// The document as served at `/openapi.json`: the same as `openapi.yaml`, members in the same order.
pub fn json() -> String {
    serde_json::to_string(&finished()).expect("the OpenAPI document serialises")
}

/// The document with the touches utoipa's types cannot make, as data that keeps the members' order.
fn finished() -> serde_norway::Value {
    let mut document = serde_norway::to_value(document()).expect("the OpenAPI document serialises");
    drop_items_false(&mut document);
    document
}

/// The document as utoipa builds it (before [`finished`]'s last touches): its paths, for routing.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    crate::validate::document_name_patterns(&mut doc);
    doc
}

/// The plain scalars YAML 1.1 resolves to booleans (yaml.org/type/bool.html) that YAML 1.2, which serde_norway
/// writes, reads as strings, so it leaves them unquoted: PyYAML and other YAML 1.1 readers would turn the value
/// `off` of an enum into `false`. (`true`, `null`, `~` and the like are the same to both, and quoted as needed.)
const YAML_1_1_BOOLEANS: [&str; 16] =
    ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"];

/// Quotes every plain scalar (mapping key or value) of serde_norway's block-style YAML that YAML 1.1 would read as
/// a boolean. The text of block scalars (`|-` descriptions) is left as it is.
fn yaml_1_1_safe(yaml: &str) -> String {
    let quote = |scalar: &str| {
        if YAML_1_1_BOOLEANS.contains(&scalar) { format!("'{scalar}'") } else { scalar.to_string() }
    };
    let mut out = String::with_capacity(yaml.len() + 64);
    // Inside a block scalar: the lines indented deeper than this column are its text.
    let mut block_deeper_than: Option<usize> = None;
    for line in yaml.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if let Some(column) = block_deeper_than {
            if line.trim().is_empty() || indent > column {
                out.push_str(line);
                out.push('\n');
                continue;
            }
            block_deeper_than = None;
        }
        let mut rest = &line[indent..];
        let mut dashes = 0;
        while let Some(after) = rest.strip_prefix("- ") {
            rest = after;
            dashes += 1;
        }
        out.push_str(&line[..indent + 2 * dashes]);
        let (key, value) = split_mapping_entry(rest);
        if let Some(key) = key {
            out.push_str(&quote(key));
            out.push(':');
            if !value.is_empty() {
                out.push(' ');
            }
        }
        out.push_str(&quote(value));
        out.push('\n');
        if value.starts_with('|') || value.starts_with('>') {
            // A mapping's text is deeper than its key; a sequence item's, deeper than its dash.
            let node = if key.is_some() { indent + 2 * dashes } else { (indent + 2 * dashes).saturating_sub(2) };
            block_deeper_than = Some(node);
        }
    }
    out
}

/// `key: value`, `key:` or a lone `value` (the rest of a line after its indentation and dashes), the key quoted
/// or plain. A plain scalar never holds `: `, and a quoted one ends at its closing quote.
fn split_mapping_entry(rest: &str) -> (Option<&str>, &str) {
    let key_end = match rest.chars().next() {
        Some(quote @ ('\'' | '"')) => quoted_end(rest, quote),
        _ => rest.find(": ").or_else(|| rest.strip_suffix(':').map(str::len)),
    };
    match key_end {
        Some(end) if rest[end..].starts_with(": ") => (Some(&rest[..end]), &rest[end + 2..]),
        Some(end) if &rest[end..] == ":" => (Some(&rest[..end]), ""),
        _ => (None, rest),
    }
}

/// Where the quoted scalar that opens `text` ends (just after its closing quote).
fn quoted_end(text: &str, quote: char) -> Option<usize> {
    let mut chars = text.char_indices().skip(1).peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' if quote == '"' => {
                chars.next();
            }
            c if c == quote => {
                // '' is an escaped quote inside single quotes.
                if quote == '\'' && chars.peek().is_some_and(|(_, next)| *next == '\'') {
                    chars.next();
                } else {
                    return Some(at + 1);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_1_1_booleans_and_nulls_are_quoted_where_they_are_scalars_only() {
        let written = "a:\n  enum:\n  - off\n  - on\n  - offside\n  y:\n    type: number\n  'n': x\n  text: |-\n    no\n    - yes\n  k: 'off: on'\n- - no\n- |-\n  y\n- key: |-\n    on\n  other: off\n";
        let quoted = "a:\n  enum:\n  - 'off'\n  - 'on'\n  - offside\n  'y':\n    type: number\n  'n': x\n  text: |-\n    no\n    - yes\n  k: 'off: on'\n- - 'no'\n- |-\n  y\n- key: |-\n    on\n  other: 'off'\n";
        assert_eq!(yaml_1_1_safe(written), quoted);
    }

    #[test]
    fn tuples_have_no_items_schema_beside_their_prefix_items() {
        let json: serde_json::Value = serde_json::from_str(&json()).unwrap();
        let alloc = &json["components"]["schemas"]["ShidoubanActionAlloc"]["properties"]["alloc"]["items"];
        assert!(alloc["prefixItems"].is_array(), "{alloc}");
        assert_eq!(alloc.get("items"), None, "{alloc}");
        assert_eq!((alloc["minItems"].as_u64(), alloc["maxItems"].as_u64()), (Some(2), Some(2)));
    }
}
