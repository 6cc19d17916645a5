//! Server settings: each one a flag, an environment variable and a key of the optional config file
//! (TOML, `--config` / TEGAMI_CONFIG). Precedence: flag, then environment, then file, then default.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use serde::Deserialize;

#[derive(Debug, Parser)]
#[command(name = "tegami-server", version, about = "The tegami play-by-email board-game server")]
pub struct Cli {
    #[command(flatten)]
    pub settings: SettingsArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the server (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Print the OpenAPI document (YAML) and exit.
    Openapi,
}

#[derive(Debug, Args, Default)]
pub struct SettingsArgs {
    /// Config file (TOML) with any of the settings below as keys (bind, database_url, public_url, jwt_secret, log).
    #[arg(long, env = "TEGAMI_CONFIG", global = true)]
    pub config: Option<PathBuf>,
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "TEGAMI_BIND", global = true)]
    pub bind: Option<String>,
    /// sqlite://PATH [default: sqlite://tegami.db].
    #[arg(long, env = "TEGAMI_DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// The URL players reach this server at (used in emails and links) [default: http://<bind>].
    #[arg(long, env = "TEGAMI_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,
    /// Secret for session tokens; generated and stored in the database on first start when absent.
    #[arg(long, env = "TEGAMI_JWT_SECRET", global = true, hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Log filter, e.g. `info` or `tegami_api=debug` [default: info].
    #[arg(long, env = "TEGAMI_LOG", global = true)]
    pub log: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSettings {
    bind: Option<String>,
    database_url: Option<String>,
    public_url: Option<String>,
    jwt_secret: Option<String>,
    log: Option<String>,
}

/// The resolved settings.
#[derive(Clone, Debug)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub public_url: String,
    pub jwt_secret: Option<String>,
    pub log: String,
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error("cannot read config file `{path}`: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("config file `{path}` is not valid: {source}")]
    Parse { path: String, source: toml::de::Error },
}

impl Settings {
    pub fn resolve(args: &SettingsArgs) -> Result<Settings, SettingsError> {
        let file = match &args.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|source| SettingsError::Read { path: path.display().to_string(), source })?;
                toml::from_str(&text).map_err(|source| SettingsError::Parse { path: path.display().to_string(), source })?
            }
            None => FileSettings::default(),
        };
        let bind = args.bind.clone().or(file.bind).unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = args.public_url.clone().or(file.public_url).unwrap_or_else(|| format!("http://{bind}"));
        Ok(Settings {
            database_url: args.database_url.clone().or(file.database_url).unwrap_or_else(|| "sqlite://tegami.db".into()),
            public_url: public_url.trim_end_matches('/').to_string(),
            jwt_secret: args.jwt_secret.clone().or(file.jwt_secret),
            log: args.log.clone().or(file.log).unwrap_or_else(|| "info".into()),
            bind,
        })
    }

    /// Settings for tests: a fresh database file, port 0.
    pub fn for_tests(database_path: &std::path::Path) -> Settings {
        Settings {
            bind: "127.0.0.1:0".into(),
            database_url: format!("sqlite://{}", database_path.display()),
            public_url: "http://127.0.0.1".into(),
            jwt_secret: None,
            log: "warn".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_need_no_configuration() {
        let s = Settings::resolve(&SettingsArgs::default()).unwrap();
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.database_url, "sqlite://tegami.db");
        assert_eq!(s.public_url, "http://127.0.0.1:8080");
    }

    #[test]
    fn flags_beat_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "bind = \"0.0.0.0:9000\"\ndatabase_url = \"sqlite://x.db\"\n").unwrap();
        let args = SettingsArgs { config: Some(path), bind: Some("127.0.0.1:1".into()), ..Default::default() };
        let s = Settings::resolve(&args).unwrap();
        assert_eq!(s.bind, "127.0.0.1:1");
        assert_eq!(s.database_url, "sqlite://x.db");
    }

    #[test]
    fn unknown_keys_in_the_file_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tegami.toml");
        std::fs::write(&path, "bnd = \"x\"\n").unwrap();
        let err = Settings::resolve(&SettingsArgs { config: Some(path), ..Default::default() }).unwrap_err();
        assert!(err.to_string().contains("not valid"), "{err}");
    }
}
