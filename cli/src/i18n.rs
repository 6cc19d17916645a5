//! The language every message of this run is printed in.
//!
//! Errors are made deep inside commands and even by clap's value parsers, before the global flags are
//! resolved; threading a language through every one of them would put it into every signature. So the
//! language is decided once per process: first from the command line, the environment and `config.toml` (early
//! enough for help and clap's errors), then from the full settings when the context is built.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};

use shared::engine::Lang;

use crate::config::{self, ConfigDir};

/// An index into `catalog::LANGUAGES`.
static LANG: AtomicU8 = AtomicU8::new(0);

/// The language of this run's messages.
pub fn lang() -> Lang {
    catalog::LANGUAGES.get(usize::from(LANG.load(Ordering::Relaxed))).copied().unwrap_or_default()
}

pub fn set(lang: Lang) {
    let index = catalog::LANGUAGES.iter().position(|known| *known == lang).unwrap_or(0);
    LANG.store(u8::try_from(index).unwrap_or(0), Ordering::Relaxed);
}

/// The language asked for by `--lang X`, `--lang=X` or `TEGAMI_LANG`, read before clap parses the command
/// line (so that its errors, too, follow it). Anything unreadable is left for clap to report.
pub fn from_command_line(args: &[OsString], env: Option<OsString>) -> Option<Lang> {
    flag_value(args, "--lang", env).and_then(|v| v.parse().ok())
}

/// The language of `lang` in `config.toml`, in the directory `--config-dir` or `TEGAMI_CONFIG_DIR` names (else the
/// default one), read before clap parses. A file or language that does not read is left for the settings
/// (`Ctx::from_args`) to report.
pub fn from_config_file(args: &[OsString], env: Option<OsString>) -> Option<Lang> {
    let dir = match flag_value(args, "--config-dir", env).filter(|dir| !dir.trim().is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => config::default_dir().ok()?,
    };
    ConfigDir::new(dir).settings().ok()?.lang?.parse().ok()
}

/// The width asked for by `--width N` or `TEGAMI_WIDTH`, read before clap parses (its help is wrapped to it).
pub fn width_from_command_line(args: &[OsString], env: Option<OsString>) -> Option<usize> {
    flag_value(args, "--width", env).and_then(|v| v.trim().parse().ok()).filter(|w| *w >= 20)
}

/// The last value of `flag` (`--flag X` or `--flag=X`) before `--`, else the environment's.
fn flag_value(args: &[OsString], flag: &str, env: Option<OsString>) -> Option<String> {
    let mut found = env.and_then(|v| v.into_string().ok());
    let mut words = args.iter().skip(1).map(|a| a.to_string_lossy());
    while let Some(word) = words.next() {
        if word == "--" {
            break;
        }
        if word == flag {
            if let Some(value) = words.next() {
                found = Some(value.into_owned());
            }
        } else if let Some(value) = word.strip_prefix(flag).and_then(|rest| rest.strip_prefix('=')) {
            found = Some(value.to_string());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_flag_beats_the_environment() {
        assert_eq!(from_command_line(&args(&["tegami", "show", "3"]), None), None);
        assert_eq!(from_command_line(&args(&["tegami", "show", "3"]), Some("ja".into())), Some(Lang::Ja));
        assert_eq!(from_command_line(&args(&["tegami", "--lang", "en", "show"]), Some("ja".into())), Some(Lang::En));
        assert_eq!(from_command_line(&args(&["tegami", "show", "--lang=ja"]), None), Some(Lang::Ja));
        assert_eq!(from_command_line(&args(&["tegami", "play", "3", "--", "--lang=ja"]), None), None);
        assert_eq!(width_from_command_line(&args(&["tegami", "--width", "72", "help"]), Some("90".into())), Some(72));
        assert_eq!(width_from_command_line(&args(&["tegami", "help"]), Some("90".into())), Some(90));
    }

    #[test]
    fn the_config_file_is_read_in_the_directory_asked_for() {
        let japanese = tempfile::tempdir().unwrap();
        std::fs::write(japanese.path().join("config.toml"), "lang = \"ja\"\n").unwrap();
        let empty = tempfile::tempdir().unwrap();
        let (japanese, empty) = (japanese.path().to_str().unwrap(), empty.path().to_str().unwrap());
        assert_eq!(from_config_file(&args(&["tegami", "help"]), Some(japanese.into())), Some(Lang::Ja));
        assert_eq!(from_config_file(&args(&["tegami", "--config-dir", japanese]), Some(empty.into())), Some(Lang::Ja));
        assert_eq!(from_config_file(&args(&["tegami", &format!("--config-dir={empty}")]), Some(japanese.into())), None);
    }
}
