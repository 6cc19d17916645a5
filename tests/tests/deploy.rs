//! The packaging in `deploy/`: the systemd unit passes `systemd-analyze verify` (run against a copy whose
//! `ExecStart` names the binary this build made, since verify insists that the binary exists), and the
//! unit and the container image keep the properties docs/operating.md promises.

use std::path::PathBuf;
use std::process::Command;

fn deploy(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../deploy").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_systemd_unit_verifies() {
    let unit = deploy("tegami.service");
    let Ok(found) = Command::new("systemd-analyze").arg("--version").output() else {
        assert!(
            std::env::var("TEGAMI_TEST_SYSTEMD").as_deref() != Ok("require"),
            "systemd-analyze is missing and TEGAMI_TEST_SYSTEMD=require"
        );
        eprintln!(
            "\n*** SKIPPED: systemd-analyze is not installed (Debian: systemd); deploy/tegami.service not verified ***\n"
        );
        return;
    };
    assert!(found.status.success());
    let binary = e2e::binary("tegami-server");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("tegami.service");
    let unit = unit.replace("/usr/local/bin/tegami-server", binary.to_str().unwrap());
    std::fs::write(&copy, &unit).unwrap();
    let out = Command::new("systemd-analyze").args(["verify", "--man=no"]).arg(&copy).output().expect("runs");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    // Only lines about this unit count: verify also reports on the host's own units it loads.
    let about_ours: Vec<&str> = said.lines().filter(|l| l.contains("tegami.service")).collect();
    assert!(out.status.success() && about_ours.is_empty(), "systemd-analyze verify:\n{said}");
}

#[test]
fn the_unit_is_hardened_and_the_image_runs_unprivileged() {
    let unit = deploy("tegami.service");
    for line in [
        "User=tegami",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/tegami",
        "CapabilityBoundingSet=",
        "KillSignal=SIGTERM",
    ] {
        assert!(unit.lines().any(|l| l == line), "deploy/tegami.service lacks `{line}`");
    }
    let image = deploy("Containerfile");
    assert_eq!(image.matches("\nFROM ").count() + usize::from(image.starts_with("FROM ")), 2, "two stages");
    for needed in [
        "USER tegami",
        "VOLUME [\"/var/lib/tegami\"]",
        "HEALTHCHECK",
        "/healthz",
        "fonts-noto-cjk",
        "fonts-dejavu-core",
    ] {
        assert!(image.contains(needed), "deploy/Containerfile lacks `{needed}`");
    }
    for proxy in [deploy("nginx.conf"), deploy("Caddyfile")] {
        assert!(proxy.contains("/api/v1/events") || proxy.contains("api/v1/(games/[0-9]+/)?events"), "{proxy}");
    }
    assert!(deploy("nginx.conf").contains("proxy_buffering off;"));
    assert!(deploy("Caddyfile").contains("flush_interval -1"));
}
