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
