//! The client's files, all in one directory (`--config-dir`, `TEGAMI_CONFIG_DIR`, default
//! `$XDG_CONFIG_HOME/tegami` or `~/.config/tegami`), so that several users on one machine simply use
//! several directories:
//!
//! - `config.toml` (optional, written by you): `server = "https://..."` and `lang = "ja"` defaults.
//! - `session.toml` (mode 0600, written by `tegami login`): the server, the session token, the account.
//! - `signing-key` (mode 0600, written by the first `tegami login`): the Ed25519 secret that signs moves.
//! - `device.toml` (mode 0600, written by `tegami login`, kept by `tegami logout`): the server's
//!   known-device token, which lets the right password in while the account is locked by failed sign-ins
//!   from elsewhere.

use catalog::t;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use shared::signing::KeyPair;

use crate::error::{CliError, Result};

const SETTINGS_FILE: &str = "config.toml";
const SESSION_FILE: &str = "session.toml";
const KEY_FILE: &str = "signing-key";
const DEVICE_FILE: &str = "device.toml";

/// User settings from `config.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub server: Option<String>,
    pub lang: Option<String>,
}

/// The known-device token a server gave this machine for one account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Device {
    pub server: String,
    pub email: String,
    pub token: String,
}

/// What `tegami login` remembers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub server: String,
    pub token: String,
    pub expires_at: String,
    pub account_id: i64,
    pub email: String,
    pub display_name: String,
}

#[derive(Clone, Debug)]
pub struct ConfigDir {
    path: PathBuf,
}

/// The default directory: `$XDG_CONFIG_HOME/tegami`, else `~/.config/tegami`.
pub fn default_dir() -> Result<PathBuf> {
    use etcetera::BaseStrategy as _;
    let strategy = etcetera::choose_base_strategy()
        .map_err(|e| CliError::local(t!(crate::i18n::lang(), "cli-config-no-home", error = e.to_string())))?;
    Ok(strategy.config_dir().join("tegami"))
}

impl ConfigDir {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        ConfigDir { path: path.into() }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    pub fn settings(&self) -> Result<Settings> {
        let path = self.file(SETTINGS_FILE);
        match read_optional(&path)? {
            None => Ok(Settings::default()),
            Some(text) => toml::from_str(&text).map_err(|e| {
                CliError::local(t!(
                    crate::i18n::lang(),
                    "cli-file-unreadable",
                    file = path.display().to_string(),
                    error = e.message()
                ))
            }),
        }
    }

    pub fn session(&self) -> Result<Option<Session>> {
        let path = self.file(SESSION_FILE);
        match read_optional(&path)? {
            None => Ok(None),
            Some(text) => toml::from_str(&text).map(Some).map_err(|e| {
                CliError::local(t!(
                    crate::i18n::lang(),
                    "cli-session-unreadable",
                    file = path.display().to_string(),
                    error = e.message()
                ))
            }),
        }
    }

    pub fn save_session(&self, session: &Session) -> Result<()> {
        let text = toml::to_string(session).map_err(|e| CliError::local(e.to_string()))?;
        self.write_private(SESSION_FILE, &text)
    }

    /// The known-device token for `email` on `server`, if this machine has one (an unreadable file is
    /// treated as none: the token only eases lock-outs).
    pub fn device(&self, server: &str, email: &str) -> Option<String> {
        let text = read_optional(&self.file(DEVICE_FILE)).ok()??;
        let device: Device = toml::from_str(&text).ok()?;
        (device.server == server && device.email.eq_ignore_ascii_case(email.trim())).then_some(device.token)
    }

    pub fn save_device(&self, device: &Device) -> Result<()> {
        let text = toml::to_string(device).map_err(|e| CliError::local(e.to_string()))?;
        self.write_private(DEVICE_FILE, &text)
    }

    /// Forgets the session; true if there was one.
    pub fn remove_session(&self) -> Result<bool> {
        match fs::remove_file(self.file(SESSION_FILE)) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(CliError::local(t!(
                crate::i18n::lang(),
                "cli-file-unremovable",
                file = self.file(SESSION_FILE).display().to_string(),
                error = e.to_string()
            ))),
        }
    }

    pub fn key(&self) -> Result<Option<KeyPair>> {
        let path = self.file(KEY_FILE);
        match read_optional(&path)? {
            None => Ok(None),
            Some(text) => KeyPair::from_secret(text.trim()).map(Some).map_err(|e| {
                CliError::local(t!(
                    crate::i18n::lang(),
                    "cli-key-unreadable",
                    file = path.display().to_string(),
                    error = e.to_string()
                ))
            }),
        }
    }

    pub fn key_path(&self) -> PathBuf {
        self.file(KEY_FILE)
    }

    /// Writes the signing key, never replacing an existing one (a lost key cannot sign for old games).
    pub fn save_new_key(&self, key: &KeyPair) -> Result<()> {
        if self.file(KEY_FILE).exists() {
            let file = self.file(KEY_FILE).display().to_string();
            return Err(CliError::local(t!(crate::i18n::lang(), "cli-key-exists", file = file)));
        }
        self.write_private(KEY_FILE, &format!("{}\n", key.to_secret()))
    }

    /// Writes a file readable only by its owner: to a temporary file created with mode 0600, then renamed
    /// over the target so a crash never leaves half a file.
    fn write_private(&self, name: &str, content: &str) -> Result<()> {
        create_private_dir(&self.path)?;
        let target = self.file(name);
        let tmp = self.file(&format!(".{name}.tmp"));
        let fail = |e: std::io::Error| {
            let file = target.display().to_string();
            CliError::local(t!(crate::i18n::lang(), "cli-file-unwritable", file = file, error = e.to_string()))
        };
        let _ = fs::remove_file(&tmp);
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut file = options.open(&tmp).map_err(fail)?;
        file.write_all(content.as_bytes()).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        drop(file);
        fs::rename(&tmp, &target).map_err(fail)
    }
}

fn read_optional(path: &Path) -> Result<Option<String>> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(CliError::local(t!(
            crate::i18n::lang(),
            "cli-file-unreadable",
            file = path.display().to_string(),
            error = e.to_string()
        ))),
    }
}

fn create_private_dir(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder.create(path).map_err(|e| {
        let file = path.display().to_string();
        CliError::local(t!(crate::i18n::lang(), "cli-dir-uncreatable", file = file, error = e.to_string()))
    })
}

/// A server URL as the client compares and stores it: no trailing slash.
pub fn normalize_server(url: &str) -> String {
    url.trim().trim_end_matches('/').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            server: "http://127.0.0.1:8080".into(),
            token: "jwt.token.here".into(),
            expires_at: "2026-12-01T00:00:00Z".into(),
            account_id: 7,
            email: "alice@example.com".into(),
            display_name: "アリス".into(),
        }
    }

    #[test]
    fn a_missing_dir_reads_as_empty() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::new(tmp.path().join("nope"));
        assert_eq!(dir.settings().unwrap(), Settings::default());
        assert_eq!(dir.session().unwrap(), None);
        assert!(dir.key().unwrap().is_none());
        assert!(!dir.remove_session().unwrap());
    }

    #[test]
    fn the_session_round_trips_and_is_private() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::new(tmp.path().join("tegami"));
        dir.save_session(&session()).unwrap();
        assert_eq!(dir.session().unwrap(), Some(session()));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join(SESSION_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
            let dir_mode = fs::metadata(dir.path()).unwrap().permissions().mode();
            assert_eq!(dir_mode & 0o777, 0o700);
        }
        assert!(dir.remove_session().unwrap());
        assert_eq!(dir.session().unwrap(), None);
    }

    #[test]
    fn the_key_is_written_once_with_mode_0600() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::new(tmp.path());
        let key = KeyPair::generate().unwrap();
        dir.save_new_key(&key).unwrap();
        assert_eq!(dir.key().unwrap().unwrap().public_key(), key.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.key_path()).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let other = KeyPair::generate().unwrap();
        assert!(dir.save_new_key(&other).is_err());
        assert_eq!(dir.key().unwrap().unwrap().public_key(), key.public_key());
    }

    #[test]
    fn settings_are_read_and_typos_reported() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::new(tmp.path());
        fs::write(tmp.path().join(SETTINGS_FILE), "server = \"https://tegami.example/\"\nlang = \"ja\"\n").unwrap();
        let s = dir.settings().unwrap();
        assert_eq!(s.server.as_deref(), Some("https://tegami.example/"));
        assert_eq!(s.lang.as_deref(), Some("ja"));
        fs::write(tmp.path().join(SETTINGS_FILE), "sever = \"x\"\n").unwrap();
        let err = dir.settings().unwrap_err();
        assert!(err.to_string().contains("sever"), "{err}");
    }

    #[test]
    fn a_broken_key_file_is_reported() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join(KEY_FILE), "not a key").unwrap();
        let err = ConfigDir::new(tmp.path()).key().unwrap_err();
        assert!(err.to_string().contains("signing key"), "{err}");
    }

    #[test]
    fn servers_compare_without_trailing_slash() {
        assert_eq!(normalize_server("http://x:1/ "), "http://x:1");
    }
}
