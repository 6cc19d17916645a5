//! openapi.yaml must be exactly what the code generates. To refresh it after changing routes or types:
//! `cargo run -p api --bin tegami-server -- openapi > openapi.yaml` (or run this test with UPDATE_OPENAPI=1).

use serde_json::Value;

#[test]
fn openapi_yaml_is_up_to_date() {
    let generated = tegami_api::openapi::yaml();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.yaml");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(path, &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "openapi.yaml is stale: run `cargo run -p api --bin tegami-server -- openapi > openapi.yaml`"
    );
    assert!(generated.starts_with("openapi: 3.1"));
    for route in ["/api/v1/games/{id}/moves", "/api/v1/accounts", "/healthz"] {
        assert!(generated.contains(route), "{route} documented");
    }
}

/// Each game's action and options schemas are named after it, so two games never share a schema name.
#[test]
fn every_game_names_its_schemas_after_itself() {
    for game in shared::registry::games() {
        let schemas = game.schemas();
        let mut prefix = game.slug().to_string();
        prefix[..1].make_ascii_uppercase();
        assert_eq!(schemas.action, format!("{prefix}Action"));
        assert_eq!(schemas.options, format!("{prefix}Options"));
        assert_eq!(schemas.options_in_effect, format!("{prefix}OptionsInEffect"));
        for (name, _) in &schemas.components {
            assert!(name.starts_with(&prefix), "{name} is not named after {}", game.slug());
        }
    }
}

fn served() -> Value {
    serde_json::from_str(&tegami_api::openapi::json()).unwrap()
}

/// The schema a `$ref` names.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.strip_prefix("#/components/schemas/").expect("a local schema");
            &document["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The variants a client reads a value of `name` with, in the order it tries them: the `anyOf` of one schema per
/// game, each game's `oneOf` spread out, as openapi-python-client flattens nested unions.
fn variants_in_order<'a>(document: &'a Value, name: &str) -> Vec<(String, &'a Value)> {
    let mut out = Vec::new();
    for game in document["components"]["schemas"][name]["anyOf"].as_array().expect("an anyOf") {
        let game_schema = resolve(document, game);
        let label = game["$ref"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
        match game_schema["oneOf"].as_array() {
            Some(variants) => out.extend(variants.iter().map(|v| {
                (v["$ref"].as_str().unwrap_or(&label).rsplit('/').next().unwrap().to_string(), resolve(document, v))
            })),
            None => out.push((label, game_schema)),
        }
    }
    out
}

/// The one value a property must take, if the schema says so (a one-value `enum` or a `const`).
fn constant<'a>(schema: &'a Value, property: &str) -> Option<&'a Value> {
    let property = &schema["properties"][property];
    match property["enum"].as_array() {
        Some(values) if values.len() == 1 => values.first(),
        _ => property.get("const"),
    }
}

/// Whether a generated client reading with `reader` (as openapi-python-client does: every required member
/// present, one-value enums matching, other members ignored) accepts a value of `owner`, which names only its own
/// members (`additionalProperties: false`).
fn accepts(reader: &Value, owner: &Value) -> bool {
    let (reader_enum, owner_enum) = (reader["enum"].as_array(), owner["enum"].as_array());
    if reader_enum.is_some() || owner_enum.is_some() {
        // Answers without parameters: bare strings.
        return reader_enum.is_some() && reader_enum == owner_enum;
    }
    let required = reader["required"].as_array().cloned().unwrap_or_default();
    required.iter().filter_map(Value::as_str).all(|member| {
        owner["properties"].get(member).is_some()
            && match (constant(reader, member), constant(owner, member)) {
                (Some(wanted), Some(given)) => wanted == given,
                _ => true,
            }
    })
}

/// openapi-python-client (and any client that tries the variants of a union in turn, keeping the first that
/// parses) reads an answer or a set of options as the first schema that accepts it. So no schema may accept a
/// value of a schema that comes after it, or the client would read it as the wrong game's.
#[test]
fn a_client_trying_the_variants_in_order_reads_every_value_as_its_own() {
    let document = served();
    for union in ["GameAction", "GameOptions"] {
        let variants = variants_in_order(&document, union);
        assert!(variants.len() >= registry_games(), "{union}: {variants:?}");
        for (at, (earlier, reader)) in variants.iter().enumerate() {
            for (later, owner) in &variants[at + 1..] {
                assert!(!accepts(reader, owner), "{union}: a client would read a `{later}` as a `{earlier}`");
            }
        }
        for (name, variant) in &variants {
            if variant["type"] == "object" {
                assert_eq!(variant["additionalProperties"], false, "{union}: `{name}` must refuse other members");
            }
        }
    }
}

fn registry_games() -> usize {
    shared::registry::games().len()
}

/// The check above is only as good as `accepts`: it does catch the reading the issue reported.
#[test]
fn the_order_check_sees_a_one_member_answer_read_for_a_tagged_one() {
    let document = served();
    let schemas = &document["components"]["schemas"];
    assert!(accepts(&schemas["ShidoubanActionOrder"], &schemas["SuriageharaActionMove"]));
    assert!(!accepts(&schemas["SuriageharaActionMove"], &schemas["ShidoubanActionOrder"]));
    assert!(!accepts(&schemas["SenbatActionMove"], &schemas["SuriageharaActionMove"]));
    let order: Vec<String> = variants_in_order(&document, "GameAction").into_iter().map(|(name, _)| name).collect();
    let position = |name: &str| order.iter().position(|n| n == name).unwrap();
    assert!(position("SuriageharaActionMove") < position("ShidoubanActionOrder"));
}

/// Every option set the server reports names every member of its game, so only its own game's schema reads it.
#[test]
fn the_options_in_effect_require_every_member() {
    let document = served();
    for (name, options) in variants_in_order(&document, "GameOptions") {
        assert!(name.ends_with("OptionsInEffect"), "{name}");
        let mut members: Vec<&String> = options["properties"].as_object().unwrap().keys().collect();
        let mut required: Vec<&str> =
            options["required"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        members.sort();
        required.sort();
        assert_eq!(members, required, "{name}");
        assert!(!members.is_empty(), "{name}: a game without options would match any other game's");
    }
    for game in shared::registry::games() {
        let defaults = game.default_options();
        let filled = game.options_in_effect(&serde_json::Value::Null).unwrap();
        assert_eq!(filled, defaults, "{}", game.slug());
        assert_eq!(game.options_in_effect(&serde_json::json!({})).unwrap(), defaults, "{}", game.slug());
        assert!(game.options_in_effect(&serde_json::json!({"nope": 1})).is_err(), "{}", game.slug());
    }
}

/// The small faults of issue #22: the document says what the server does.
#[test]
fn the_document_says_what_the_server_does() {
    let document = served();
    let schemas = &document["components"]["schemas"];
    for body in ["EntryBodyMove", "EntryBodyResign"] {
        let required = schemas[body]["required"].as_array().unwrap();
        assert!(required.contains(&Value::from("signature")), "{body}: the signature is always written");
    }
    assert_eq!(schemas["MoveClaims"]["additionalProperties"], false, "extra claims are refused");
    let square = &schemas["ShidoubanSquare"]["properties"];
    for axis in ["c", "r"] {
        assert_eq!((square[axis]["minimum"].as_u64(), square[axis]["maximum"].as_u64()), (Some(1), Some(6)), "{axis}");
    }
    let health = &document["paths"]["/healthz"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    assert_eq!(resolve(&document, health)["properties"]["status"]["$ref"], "#/components/schemas/HealthStatus");
    assert_eq!(schemas["HealthStatus"]["enum"], serde_json::json!(["ok"]));
    let reset = &document["paths"]["/api/v1/password-reset/confirm"]["post"]["responses"];
    assert!(reset["404"]["description"].as_str().unwrap().contains("bad_reset_token"), "{reset}");
    assert!(!reset["422"]["description"].as_str().unwrap().contains("bad_reset_token"), "{reset}");
    assert!(!schemas["CreateSenbatGame"]["properties"]["seats"]["description"].as_str().unwrap().contains("2 to 2"));

    // No Rust spelled where a client reads: paths (`Engine::…`), intra-doc links, variant names for wire values.
    let text = tegami_api::openapi::json();
    for rust in ["::", "[`", "`TwoT`", "`MINE`"] {
        let descriptions: Vec<&str> =
            text.match_indices(rust).map(|(at, _)| &text[at.saturating_sub(60)..at + 20]).collect();
        let found: Vec<&&str> = descriptions.iter().filter(|d| !d.contains("://")).collect();
        assert!(found.is_empty(), "{rust} in the document: {found:?}");
    }
}
