//! One module per command, each with one `exec`; the context they share; helpers for fetching and
//! rendering a game.

pub mod account;
pub mod archive;
pub mod completions;
pub mod follow;
pub mod games;
pub mod join;
pub mod lobby;
pub mod log;
pub mod login;
pub mod logout;
pub mod mail_address;
pub mod mail_prefs;
pub mod moves;
pub mod new;
pub mod password;
pub mod play;
pub mod register;
pub mod replay;
pub mod resign;
pub mod rules;
pub mod say;
pub mod sessions;
pub mod show;
pub mod token;
pub mod types;
pub mod verify;
pub mod wait;
pub mod watch;
pub mod whoami;

use std::io::Write;

use catalog::t;
use serde_json::Value;
use shared::api_types::{GameDetail, LegalMoves, PendingInfo};
use shared::engine::{Lang, Localized, RenderContext};
use shared::registry;

use crate::args::GlobalArgs;
use crate::client::Client;
use crate::config::{self, ConfigDir, Session};
use crate::error::{CliError, Result};
use crate::output;
use crate::sanitize;

pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";
const DEFAULT_WIDTH: usize = 80;

/// Everything the global flags decide.
pub struct Ctx {
    pub server: String,
    pub config: ConfigDir,
    pub lang: Lang,
    pub width: usize,
    /// Part of a large board to draw (see `--region`).
    pub region: Option<String>,
    pub json: bool,
    token: Option<String>,
    session: Option<Session>,
}

impl Ctx {
    pub fn from_args(global: &GlobalArgs) -> Result<Ctx> {
        let dir = match &global.config_dir {
            Some(dir) => dir.clone(),
            None => config::default_dir()?,
        };
        let config = ConfigDir::new(dir);
        let settings = config.settings()?;
        let session = config.session()?;
        let server = global
            .server
            .clone()
            .or(settings.server.clone())
            .or_else(|| session.as_ref().map(|s| s.server.clone()))
            .unwrap_or_else(|| DEFAULT_SERVER.to_string());
        let lang = match (global.lang, &settings.lang) {
            (Some(lang), _) => lang,
            (None, Some(lang)) => lang.parse().map_err(|_| {
                CliError::local(t!(
                    crate::i18n::lang(),
                    "cli-config-bad-lang",
                    file = config.path().join("config.toml").display().to_string(),
                    lang = lang,
                    known = catalog::codes(crate::i18n::lang())
                ))
            })?,
            (None, None) => catalog::LANGUAGES[0],
        };
        let width = global.width.map(usize::from).or_else(columns_from_env).unwrap_or(DEFAULT_WIDTH);
        Ok(Ctx {
            server: config::normalize_server(&server),
            config,
            lang,
            width,
            region: global.region.clone(),
            json: global.json,
            token: global.token.clone().filter(|t| !t.trim().is_empty()),
            session,
        })
    }

    /// The account of the session kept for this server, if any.
    pub fn account_id(&self) -> Option<i64> {
        self.session.as_ref().filter(|s| config::normalize_server(&s.server) == self.server).map(|s| s.account_id)
    }

    /// A client that sends no credentials.
    pub fn anonymous(&self) -> Result<Client> {
        Client::new(&self.server, None, self.lang)
    }

    /// A client with credentials when there are some (a spectator may still read a game).
    pub fn optional_auth(&self) -> Result<Client> {
        Client::new(&self.server, self.credentials().ok(), self.lang)
    }

    /// A client with credentials, or the reason there are none.
    pub fn authed(&self) -> Result<Client> {
        Client::new(&self.server, Some(self.credentials()?), self.lang)
    }

    fn credentials(&self) -> Result<String> {
        if let Some(token) = &self.token {
            return Ok(token.clone());
        }
        match &self.session {
            Some(s) if config::normalize_server(&s.server) == self.server => Ok(s.token.clone()),
            Some(s) => Err(CliError::not_logged_in(t!(
                self.lang,
                "cli-not-logged-in-here",
                server = &self.server,
                other = &s.server
            ))),
            None => Err(CliError::not_logged_in(t!(self.lang, "cli-not-logged-in"))),
        }
    }

    pub fn render_context(&self, detail: &GameDetail) -> RenderContext {
        RenderContext {
            lang: self.lang,
            width: self.width,
            seat_names: output::seat_names(&detail.summary.seats),
            region: self.region.clone(),
            narrow: false,
        }
    }
}

fn columns_from_env() -> Option<usize> {
    std::env::var("COLUMNS").ok()?.trim().parse::<usize>().ok().filter(|w| *w >= 20)
}

/// Writes to stdout, with control and bidi characters made visible (see `sanitize`); a closed pipe
/// (`tegami log 3 | head`) is not an error.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(sanitize::terminal(text).as_bytes()).and_then(|()| stdout.flush());
}

/// Writes a message to stderr, sanitised as [`out`].
pub fn err(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(sanitize::terminal(text).as_bytes()).and_then(|()| stderr.flush());
}

/// `--json` output of a server answer.
pub fn out_json(value: &Value) {
    out(&output::json(value));
}

pub fn no_game(id: i64) -> String {
    t!(crate::i18n::lang(), "cli-no-game", game = id.to_string())
}

/// `GET /games/{id}`: the raw JSON and the decoded detail.
pub fn fetch_game(client: &Client, id: i64) -> Result<(Value, GameDetail)> {
    let reply = client.get(&format!("/games/{id}")).map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    let detail = reply.decode()?;
    Ok((reply.body, detail))
}

/// `GET /games/{id}/moves`.
pub fn fetch_moves(client: &Client, id: i64) -> Result<(Value, Vec<LegalMoves>)> {
    let reply =
        client.get(&format!("/games/{id}/moves")).map_err(|e| e.on_not_found("unknown_game", || no_game(id)))?;
    let moves = reply.decode()?;
    Ok((reply.body, moves))
}

/// My pending decisions with their prompts (fetched only when there are some; a failure to fetch them
/// leaves the prompt out rather than failing the whole command).
pub fn my_prompts(client: &Client, detail: &GameDetail) -> Vec<(PendingInfo, Option<Localized>)> {
    if detail.my_pending.is_empty() {
        return Vec::new();
    }
    let moves = fetch_moves(client, detail.summary.id).map(|(_, m)| m).unwrap_or_default();
    detail
        .my_pending
        .iter()
        .map(|p| {
            let prompt = moves.iter().find(|m| m.decision.decision == p.decision).map(|m| m.choices.prompt.clone());
            (p.clone(), prompt)
        })
        .collect()
}

/// My pending decisions without their prompts (for a header right after creating or joining).
pub fn unprompted(detail: &GameDetail) -> Vec<(PendingInfo, Option<Localized>)> {
    detail.my_pending.iter().map(|p| (p.clone(), None)).collect()
}

/// The board as I see it: rendered here when this build knows the game, else by the server.
pub fn board(ctx: &Ctx, client: &Client, detail: &GameDetail) -> Result<String> {
    let rendered =
        registry::game(&detail.summary.slug).map(|g| g.render(&detail.view.value(), &ctx.render_context(detail)));
    let mut text = match rendered {
        Some(Ok(text)) => text,
        // Unknown here, or the view does not fit this build's engine: ask the server to draw it.
        _ => {
            let mut query =
                vec![("lang", catalog::code(ctx.lang).to_string()), ("width", ctx.width.clamp(40, 200).to_string())];
            query.extend(ctx.region.clone().map(|r| ("region", r)));
            client.get_text(&format!("/games/{}/board", detail.summary.id), &query)?
        }
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// Header, board and (when over) outcome: what `show` and `watch` print.
pub fn game_text(ctx: &Ctx, client: &Client, detail: &GameDetail) -> Result<String> {
    let prompts = my_prompts(client, detail);
    let mut text = output::game_header(detail, &prompts, ctx.lang, ctx.width);
    text.push('\n');
    text.push_str(&board(ctx, client, detail)?);
    if let Some(outcome) = &detail.outcome {
        text.push('\n');
        text.push_str(&output::outcome_text(outcome, &detail.summary.seats, ctx.lang, ctx.width));
        text.extend(output::winners_line(&detail.standings, ctx.lang));
    }
    Ok(text)
}

/// Asks on stderr and reads one line of stdin; only `y` or `yes` (or はい) confirms.
pub fn confirm(question: &str) -> Result<bool> {
    use std::io::BufRead;
    err(question);
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line)?;
    Ok(matches!(line.trim().to_ascii_lowercase().as_str(), "y" | "yes" | "はい"))
}

/// Reads a password: the first line of stdin (with `--password-stdin`, or when stdin is not a terminal, as
/// in a script or a pipe), or twice (when `confirm`) from the terminal without echo.
pub fn read_password(from_stdin: bool, confirm: bool) -> Result<String> {
    use std::io::IsTerminal;
    let lang = crate::i18n::lang();
    let password = if from_stdin || !std::io::stdin().is_terminal() {
        let mut line = String::new();
        std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| CliError::local(t!(lang, "cli-stdin-unreadable", error = e.to_string())))?;
        line.trim_end_matches(['\n', '\r']).to_string()
    } else {
        let ask = |prompt: String| {
            rpassword::prompt_password(prompt)
                .map_err(|e| CliError::local(t!(lang, "cli-password-unreadable", error = e.to_string())))
        };
        let first = ask(format!("{} ", t!(lang, "cli-password-prompt")))?;
        if confirm && !first.is_empty() && ask(format!("{} ", t!(lang, "cli-password-again")))? != first {
            return Err(CliError::usage(t!(lang, "cli-passwords-differ")));
        }
        first
    };
    if password.is_empty() {
        return Err(CliError::usage(t!(lang, "cli-password-empty")));
    }
    Ok(password)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn global(dir: &std::path::Path) -> GlobalArgs {
        GlobalArgs {
            server: None,
            config_dir: Some(dir.to_path_buf()),
            lang: None,
            width: Some(100),
            region: None,
            json: false,
            token: None,
        }
    }

    fn session(server: &str) -> Session {
        Session {
            server: server.into(),
            token: "session-token".into(),
            expires_at: "2026-12-01T00:00:00Z".into(),
            account_id: 1,
            email: "a@example.com".into(),
            display_name: "a".into(),
        }
    }

    #[test]
    fn defaults_without_any_config() {
        let tmp = tempfile::tempdir().unwrap();
        let ctx = Ctx::from_args(&global(tmp.path())).unwrap();
        assert_eq!(ctx.server, DEFAULT_SERVER);
        assert_eq!(ctx.lang, Lang::En);
        assert_eq!(ctx.width, 100);
        let err = ctx.credentials().unwrap_err();
        assert_eq!(err.exit_code(), 6);
        assert_eq!(err.to_string(), "not logged in; run `tegami login --email <email>`");
    }

    #[test]
    fn the_flag_beats_config_toml_which_beats_the_last_login() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = ConfigDir::new(tmp.path());
        dir.save_session(&session("http://login.example/")).unwrap();
        let ctx = Ctx::from_args(&global(tmp.path())).unwrap();
        assert_eq!(ctx.server, "http://login.example");
        assert_eq!(ctx.credentials().unwrap(), "session-token");

        std::fs::write(tmp.path().join("config.toml"), "server = \"http://config.example\"\nlang = \"ja\"\n").unwrap();
        let ctx = Ctx::from_args(&global(tmp.path())).unwrap();
        assert_eq!(ctx.server, "http://config.example");
        assert_eq!(ctx.lang, Lang::Ja);
        // The session belongs to another server: its token is not sent here.
        let err = ctx.credentials().unwrap_err();
        assert_eq!(err.exit_code(), 6);
        // In the language config.toml chose.
        assert!(err.to_string().starts_with("`http://config.example` にはログインしていません"), "{err}");

        let mut args = global(tmp.path());
        args.server = Some("http://login.example".into());
        args.lang = Some(Lang::En);
        let ctx = Ctx::from_args(&args).unwrap();
        assert_eq!(ctx.server, "http://login.example");
        assert_eq!(ctx.lang, Lang::En);
        assert_eq!(ctx.credentials().unwrap(), "session-token");
    }

    #[test]
    fn an_api_token_beats_the_session() {
        let tmp = tempfile::tempdir().unwrap();
        ConfigDir::new(tmp.path()).save_session(&session(DEFAULT_SERVER)).unwrap();
        let mut args = global(tmp.path());
        args.token = Some("tgm_abc".into());
        assert_eq!(Ctx::from_args(&args).unwrap().credentials().unwrap(), "tgm_abc");
        args.token = Some("  ".into());
        assert_eq!(Ctx::from_args(&args).unwrap().credentials().unwrap(), "session-token");
    }

    #[test]
    fn a_bad_language_in_config_toml_is_reported() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("config.toml"), "lang = \"fr\"\n").unwrap();
        let err = Ctx::from_args(&global(tmp.path())).err().unwrap();
        assert!(err.to_string().contains("unknown language `fr`"), "{err}");
    }
}
