//! openapi.yaml must be exactly what the code generates. To refresh it after changing routes or types:
//! `cargo run -p api --bin tegami-server -- openapi > openapi.yaml` (or run this test with UPDATE_OPENAPI=1).

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
        for (name, _) in &schemas.components {
            assert!(name.starts_with(&prefix), "{name} is not named after {}", game.slug());
        }
    }
}
