//! The command line, as clap types only. Behaviour lives in `commands/`, help texts in the catalogs (`help`).

use std::path::PathBuf;

use catalog::t;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use serde_json::Value;
use shared::api_types::SeatRequest;
use shared::bots::{Level, UnknownLevel};
use shared::engine::Lang;

// Every text of its help is in the catalogs (`catalog/locales/*/cli_help.ftl`), applied by `help::localize`:
// doc comments on these types would become English help, so they are plain comments.
#[derive(Debug, Parser)]
#[command(name = "tegami", version, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

// The options every command takes. Each has an environment variable too; they are read by
// [`GlobalArgs::with_environment`] rather than by clap's `env`, which would print a variable's option in usage
// lines as if it had been typed (`Usage: tegami join --server <URL> <GAME>`).
#[derive(Clone, Debug, Default, Args)]
pub struct GlobalArgs {
    #[arg(long, global = true, value_name = "URL")]
    pub server: Option<String>,

    #[arg(long, global = true, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub config_dir: Option<PathBuf>,

    #[arg(long, global = true, value_name = "LANG", value_parser = lang_parser())]
    pub lang: Option<Lang>,

    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,

    #[arg(long, global = true, value_name = "REGION")]
    pub region: Option<String>,

    #[arg(long, global = true)]
    pub json: bool,

    #[arg(long, global = true, value_name = "TOKEN")]
    pub token: Option<String>,
}

impl GlobalArgs {
    /// Fills what the command line left out from the environment (`TEGAMI_*`; an empty variable counts as
    /// unset). A value that does not parse is a usage error naming the variable.
    pub fn with_environment(mut self) -> Result<GlobalArgs, String> {
        let lang = crate::i18n::lang();
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let bad = |name: &str, value: &str, allowed: &str| {
            t!(lang, "cli-env-bad", variable = name, value = value, allowed = allowed)
        };
        self.server = self.server.or_else(|| var("TEGAMI_SERVER"));
        self.config_dir = self.config_dir.or_else(|| var("TEGAMI_CONFIG_DIR").map(PathBuf::from));
        self.region = self.region.or_else(|| var("TEGAMI_REGION"));
        self.token = self.token.or_else(|| var("TEGAMI_TOKEN"));
        if self.lang.is_none()
            && let Some(value) = var("TEGAMI_LANG")
        {
            self.lang = Some(value.parse().map_err(|_| bad("TEGAMI_LANG", &value, &catalog::codes(lang)))?);
        }
        if self.width.is_none()
            && let Some(value) = var("TEGAMI_WIDTH")
        {
            let width = value.trim().parse::<u16>().ok().filter(|w| *w >= 20);
            self.width = Some(width.ok_or_else(|| bad("TEGAMI_WIDTH", &value, "20-65535"))?);
        }
        if !self.json
            && let Some(value) = var("TEGAMI_JSON")
        {
            self.json =
                truthy(&value).ok_or_else(|| bad("TEGAMI_JSON", &value, "1, true, yes, on, 0, false, no, off"))?;
        }
        Ok(self)
    }
}

/// A yes/no environment value, as shells and CI systems write them.
pub fn truthy(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" | "y" | "t" => Some(true),
        "0" | "false" | "no" | "off" | "n" | "f" => Some(false),
        _ => None,
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    Register(RegisterArgs),
    Login(LoginArgs),
    Logout(LogoutArgs),
    Sessions(SessionsArgs),
    #[command(subcommand)]
    Password(PasswordCommand),
    #[command(subcommand)]
    Account(AccountCommand),
    Whoami,
    Notify(NotifyArgs),
    Vacation(VacationArgs),
    ResendVerification,
    #[command(subcommand)]
    MailAddress(MailAddressCommand),
    #[command(subcommand)]
    Token(TokenCommand),
    Types(TypesArgs),
    Rules(RulesArgs),
    Games(GamesArgs),
    Lobby(LobbyArgs),
    Archive(ArchiveArgs),
    Leaderboard(LeaderboardArgs),
    Profile(ProfileArgs),
    New(NewArgs),
    Join(JoinArgs),
    Show(ShowArgs),
    Replay(ReplayArgs),
    Moves(GameArg),
    Play(PlayArgs),
    Log(GameArg),
    Say(SayArgs),
    Note(NoteArgs),
    Follow(FollowArgs),
    Resign(ResignArgs),
    Watch(WatchArgs),
    Wait(WaitArgs),
    Verify(VerifyArgs),
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
pub struct RegisterArgs {
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    #[arg(long, value_name = "NAME")]
    pub name: String,
    #[arg(long)]
    pub password_stdin: bool,
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    #[arg(long)]
    pub password_stdin: bool,
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    Create { name: String },
    List,
    Revoke { id: i64 },
}

#[derive(Debug, Subcommand)]
pub enum MailAddressCommand {
    Add {
        address: String,
    },
    List,
    Remove {
        #[arg(value_name = "ADDRESS|ID")]
        address: String,
    },
}

#[derive(Debug, Args)]
pub struct LogoutArgs {
    #[arg(long)]
    pub everywhere: bool,
    #[arg(long, requires = "everywhere")]
    pub tokens: bool,
}

#[derive(Debug, Args)]
pub struct SessionsArgs {
    #[command(subcommand)]
    pub command: Option<SessionsCommand>,
}

#[derive(Debug, Subcommand)]
pub enum SessionsCommand {
    Revoke { id: String },
}

#[derive(Debug, Subcommand)]
pub enum PasswordCommand {
    Change {
        #[arg(long)]
        password_stdin: bool,
    },
    Reset(ResetArgs),
}

#[derive(Debug, Args)]
pub struct ResetArgs {
    #[arg(long, value_name = "EMAIL", required_unless_present = "token", conflicts_with = "token")]
    pub email: Option<String>,
    #[arg(long, value_name = "TOKEN")]
    pub token: Option<String>,
    #[arg(long, requires = "token")]
    pub password_stdin: bool,
}

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    Delete {
        #[arg(long, short = 'y')]
        yes: bool,
        #[arg(long)]
        password_stdin: bool,
    },
    Export {
        #[arg(long, short, value_name = "FILE", value_hint = ValueHint::FilePath)]
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct TypesArgs {
    pub game: Option<String>,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(shared::registry::slugs()))]
    pub game: String,
    #[arg(long)]
    pub markdown: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatusFilter {
    Waiting,
    Active,
    Finished,
}

impl StatusFilter {
    pub fn as_str(self) -> &'static str {
        match self {
            StatusFilter::Waiting => "waiting",
            StatusFilter::Active => "active",
            StatusFilter::Finished => "finished",
        }
    }
}

#[derive(Debug, Args)]
pub struct GamesArgs {
    #[arg(long, value_enum)]
    pub status: Option<StatusFilter>,
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct LobbyArgs {
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    #[arg(long, value_name = "HOURS")]
    pub time_limit: Option<String>,
    #[arg(long, value_name = "LANG", value_parser = lang_parser())]
    pub language: Option<Lang>,
    #[arg(long, value_name = "BOOL")]
    pub rated: Option<bool>,
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ArchiveArgs {
    #[arg(long, value_name = "ID")]
    pub player: Option<i64>,
    #[arg(long)]
    pub game: Option<String>,
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct LeaderboardArgs {
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(shared::registry::slugs()))]
    pub game: String,
    #[arg(long, value_name = "N")]
    pub min_games: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ProfileArgs {
    pub player: Option<i64>,
    #[arg(long, conflicts_with_all = ["private", "player"])]
    pub public: bool,
    #[arg(long, conflicts_with = "player")]
    pub private: bool,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    pub game: String,
    #[arg(long = "seat", value_name = "SEAT", value_parser = parse_seat, required = true)]
    pub seats: Vec<SeatRequest>,
    #[arg(long, value_name = "JSON", value_parser = parse_options)]
    pub options: Option<Value>,
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub option: Vec<(String, Value)>,
    #[arg(long, value_name = "HOURS|none", value_parser = parse_deadline)]
    pub deadline: Option<Deadline>,
    #[arg(long, value_name = "POLICY", value_parser = parse_timeout_policy)]
    pub on_timeout: Option<shared::api_types::TimeoutPolicy>,
    #[arg(long)]
    pub unrated: bool,
    #[arg(long)]
    pub unlisted: bool,
    #[arg(long)]
    pub no_mail_pictures: bool,
}

fn parse_timeout_policy(s: &str) -> Result<shared::api_types::TimeoutPolicy, String> {
    match s {
        "forfeit" => Ok(shared::api_types::TimeoutPolicy::Forfeit),
        "skip" => Ok(shared::api_types::TimeoutPolicy::Skip),
        _ => Err(t!(crate::i18n::lang(), "cli-arg-timeout-policy", value = s)),
    }
}

/// A per-decision time limit in hours; `None` is no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline(pub Option<u32>);

/// `none` (no limit) or a whole number of hours from 1 to 8760.
fn parse_deadline(s: &str) -> Result<Deadline, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Deadline(None));
    }
    match s.parse::<u32>() {
        Ok(h) if (1..=8760).contains(&h) => Ok(Deadline(Some(h))),
        _ => Err(t!(crate::i18n::lang(), "cli-arg-deadline", value = s)),
    }
}

#[derive(Debug, Args)]
pub struct NotifyArgs {
    #[arg(value_name = "HOW", value_parser = ["every-turn", "daily-digest", "none"])]
    pub how: Option<String>,
    #[arg(long, value_name = "LANG", value_parser = lang_code_parser())]
    pub mail_lang: Option<String>,
    #[arg(long, value_name = "WHEN", value_parser = ["unless-seen", "always"])]
    pub turn_email: Option<String>,
    #[arg(long, value_name = "WHICH", value_parser = ["off", "private-only", "table-and-private"])]
    pub talk_email: Option<String>,
}

#[derive(Debug, Args)]
pub struct VacationArgs {
    #[arg(long, value_name = "WHEN", value_parser = parse_until, conflicts_with = "back")]
    pub until: Option<String>,
    #[arg(long)]
    pub back: bool,
}

/// A day (`2026-12-24`, midnight UTC) or an RFC 3339 time, as the RFC 3339 time the server stores.
fn parse_until(s: &str) -> Result<String, String> {
    let s = s.trim();
    let is_day =
        s.len() == 10 && s.char_indices().all(|(i, c)| if i == 4 || i == 7 { c == '-' } else { c.is_ascii_digit() });
    if is_day {
        return Ok(format!("{s}T00:00:00Z"));
    }
    let looks_like_time = s.len() >= 20 && s.as_bytes()[10] == b'T' && (s.ends_with('Z') || s.contains('+'));
    if looks_like_time {
        return Ok(s.to_string());
    }
    Err(t!(crate::i18n::lang(), "cli-arg-until", value = s))
}

#[derive(Debug, Args)]
pub struct JoinArgs {
    pub game: i64,
    #[arg(long, value_name = "N")]
    pub seat: Option<u8>,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    pub game: i64,
    #[arg(long, value_name = "SEQ")]
    pub at: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    pub game: i64,
    #[arg(long, value_name = "SEQ")]
    pub from: Option<u64>,
    #[arg(long, value_name = "SEQ")]
    pub to: Option<u64>,
    #[arg(long)]
    pub print: bool,
}

#[derive(Debug, Args)]
pub struct GameArg {
    pub game: i64,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    pub game: i64,
    #[arg(required = true, num_args = 1.., value_name = "MOVE")]
    pub words: Vec<String>,
    #[arg(long, value_name = "ID")]
    pub decision: Option<String>,
    #[arg(long)]
    pub print_signed: bool,
    #[arg(long)]
    pub show: bool,
    #[arg(long)]
    pub raw: bool,
}

#[derive(Debug, Args)]
pub struct SayArgs {
    pub game: i64,
    #[arg(required = true, num_args = 1.., value_name = "TEXT")]
    pub words: Vec<String>,
    #[arg(long, value_name = "SEAT")]
    pub to: Option<u8>,
}

#[derive(Debug, Args)]
pub struct NoteArgs {
    pub game: i64,
    #[arg(value_name = "TEXT", conflicts_with = "clear")]
    pub words: Vec<String>,
    #[arg(long)]
    pub clear: bool,
}

#[derive(Debug, Args)]
pub struct FollowArgs {
    pub game: i64,
    #[arg(value_name = "HOW", value_parser = ["off", "email", "digest"])]
    pub how: Option<String>,
}

#[derive(Debug, Args)]
pub struct ResignArgs {
    pub game: i64,
    #[arg(long, short = 'y')]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    pub game: i64,
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub interval: u64,
    #[arg(long)]
    pub until_my_turn: bool,
}

#[derive(Debug, Args)]
pub struct WaitArgs {
    pub game: Option<i64>,
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    pub game: Option<i64>,
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,
    #[arg(long, value_name = "HEX", value_parser = parse_head_hash)]
    pub head_hash: Option<String>,
}

fn parse_head_hash(s: &str) -> Result<String, String> {
    let hash = s.trim();
    if hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(hash.to_ascii_lowercase())
    } else {
        Err(t!(crate::i18n::lang(), "cli-arg-head-hash"))
    }
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// A language's code (or another of its names, from its catalog), listed so that shells complete them.
fn lang_parser() -> impl TypedValueParser<Value = Lang> {
    PossibleValuesParser::new(catalog::LANGUAGES.iter().map(|&lang| {
        let names = catalog::names(lang);
        PossibleValue::new(names[0].as_str()).aliases(names[1..].iter().map(String::as_str))
    }))
    .map(|code| code.parse::<Lang>().unwrap_or_default())
}

/// The language codes, for options sent to the server as they are.
fn lang_code_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(catalog::LANGUAGES.iter().map(|&lang| catalog::code(lang)))
}

/// `me`, `bot` (or `bot:easy`, `bot:normal`, `bot:hard`), `open` or `invite:<email>`.
pub fn parse_seat(s: &str) -> Result<SeatRequest, String> {
    let s = s.trim();
    match s.to_ascii_lowercase().as_str() {
        "me" => return Ok(SeatRequest::Me),
        "bot" => return Ok(SeatRequest::Bot { level: Level::Random }),
        "open" => return Ok(SeatRequest::Open),
        _ => {}
    }
    if let Some((kind, level)) = s.split_once(':')
        && kind.eq_ignore_ascii_case("bot")
    {
        let level: Level = level
            .trim()
            .to_ascii_lowercase()
            .parse()
            .map_err(|e: UnknownLevel| format!("{e}: `bot` (random), `bot:easy`, `bot:normal` or `bot:hard`"))?;
        return Ok(SeatRequest::Bot { level });
    }
    if let Some((kind, email)) = s.split_once(':')
        && kind.eq_ignore_ascii_case("invite")
    {
        let email = email.trim();
        if email.contains('@') && !email.starts_with('@') && !email.ends_with('@') {
            return Ok(SeatRequest::Invite { email: email.to_string() });
        }
        return Err(t!(crate::i18n::lang(), "cli-arg-seat-email", email = email));
    }
    Err(t!(crate::i18n::lang(), "cli-arg-seat", value = s))
}

fn parse_options(s: &str) -> Result<Value, String> {
    let value: Value =
        serde_json::from_str(s).map_err(|e| t!(crate::i18n::lang(), "cli-arg-not-json", error = e.to_string()))?;
    if !value.is_object() && !value.is_null() {
        return Err(t!(crate::i18n::lang(), "cli-arg-options-object"));
    }
    Ok(value)
}

/// `key=value`; the value is read as JSON when it parses (`3`, `true`, `[1,2]`, `"x"`), else as a string.
pub fn parse_option(s: &str) -> Result<(String, Value), String> {
    let (key, value) = s.split_once('=').ok_or_else(|| t!(crate::i18n::lang(), "cli-arg-option", value = s))?;
    let key = key.trim();
    if key.is_empty() {
        return Err(t!(crate::i18n::lang(), "cli-arg-option-key", value = s));
    }
    let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_string()));
    Ok((key.to_string(), value))
}

#[cfg(test)]
mod tests {
    #[test]
    fn yes_and_no_as_the_environment_writes_them() {
        for yes in ["1", "true", "TRUE", "yes", "on", " y "] {
            assert_eq!(super::truthy(yes), Some(true), "{yes}");
        }
        for no in ["0", "false", "No", "off"] {
            assert_eq!(super::truthy(no), Some(false), "{no}");
        }
        assert_eq!(super::truthy("maybe"), None);
    }

    #[test]
    fn vacation_days_become_times() {
        assert_eq!(super::parse_until("2026-12-24").unwrap(), "2026-12-24T00:00:00Z");
        assert_eq!(super::parse_until("2026-12-24T18:00:00Z").unwrap(), "2026-12-24T18:00:00Z");
        assert!(super::parse_until("next week").unwrap_err().contains("`next week`"));
    }

    #[test]
    fn deadlines_are_hours_or_none() {
        assert_eq!(super::parse_deadline("none"), Ok(super::Deadline(None)));
        assert_eq!(super::parse_deadline("24"), Ok(super::Deadline(Some(24))));
        assert!(super::parse_deadline("0").is_err());
        assert!(super::parse_deadline("soon").unwrap_err().contains("`soon`"));
    }

    use super::*;
    use clap::CommandFactory;
    use serde_json::json;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("tegami").chain(args.iter().copied()))
    }

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn seats_parse() {
        assert_eq!(parse_seat("me"), Ok(SeatRequest::Me));
        assert_eq!(parse_seat("BOT"), Ok(SeatRequest::Bot { level: Level::Random }));
        assert_eq!(parse_seat("bot:hard"), Ok(SeatRequest::Bot { level: Level::Hard }));
        assert_eq!(parse_seat("Bot:Easy"), Ok(SeatRequest::Bot { level: Level::Easy }));
        assert!(parse_seat("bot:expert").unwrap_err().contains("bot:normal"));
        assert_eq!(parse_seat(" open "), Ok(SeatRequest::Open));
        assert_eq!(parse_seat("invite:bob@example.com"), Ok(SeatRequest::Invite { email: "bob@example.com".into() }));
        assert_eq!(parse_seat("Invite: bob@example.com"), Ok(SeatRequest::Invite { email: "bob@example.com".into() }));
        assert!(parse_seat("invite:bob").unwrap_err().contains("`bob` is not an email"));
        assert!(parse_seat("robot").unwrap_err().contains("unknown seat `robot`"));
    }

    #[test]
    fn options_parse() {
        assert_eq!(parse_option("rounds=3"), Ok(("rounds".into(), json!(3))));
        assert_eq!(parse_option("variant=short"), Ok(("variant".into(), json!("short"))));
        assert_eq!(parse_option("x=[1,2]"), Ok(("x".into(), json!([1, 2]))));
        assert_eq!(parse_option("s=a=b"), Ok(("s".into(), json!("a=b"))));
        assert!(parse_option("novalue").is_err());
        assert!(parse_option("=3").is_err());
        assert!(parse_options("[1]").is_err());
        assert_eq!(parse_options("{\"a\":1}"), Ok(json!({"a": 1})));
    }

    #[test]
    fn new_takes_seats_in_order_and_options() {
        let cli = parse(&["new", "somegame", "--seat", "me", "--seat", "invite:b@x.org", "--seat", "bot", "-o", "k=1"])
            .unwrap();
        let Command::New(args) = cli.command else { panic!("not new") };
        assert_eq!(args.game, "somegame");
        assert_eq!(
            args.seats,
            vec![
                SeatRequest::Me,
                SeatRequest::Invite { email: "b@x.org".into() },
                SeatRequest::Bot { level: Level::Random }
            ]
        );
        assert_eq!(args.option, vec![("k".to_string(), json!(1))]);
        let err = parse(&["new", "somegame"]).unwrap_err();
        assert_eq!(err.kind(), clap::error::ErrorKind::MissingRequiredArgument);
        let err = parse(&["new", "somegame", "--seat", "nobody"]).unwrap_err();
        assert_eq!(err.kind(), clap::error::ErrorKind::ValueValidation);
    }

    #[test]
    fn play_joins_words_and_keeps_flags_apart() {
        let cli = parse(&["play", "12", "R", "3", "--decision", "d4", "--print-signed"]).unwrap();
        let Command::Play(args) = cli.command else { panic!("not play") };
        assert_eq!(args.game, 12);
        assert_eq!(args.words, vec!["R", "3"]);
        assert_eq!(args.decision.as_deref(), Some("d4"));
        assert!(args.print_signed);
        assert!(parse(&["play", "12"]).is_err());
        assert!(parse(&["play", "twelve", "R"]).is_err());
    }

    #[test]
    fn global_flags_go_anywhere() {
        let cli = parse(&["show", "3", "--lang", "ja", "--width", "100", "--json", "--server", "http://h:1"]).unwrap();
        assert_eq!(cli.global.lang, Some(Lang::Ja));
        assert_eq!(cli.global.width, Some(100));
        assert!(cli.global.json);
        assert_eq!(cli.global.server.as_deref(), Some("http://h:1"));
        assert!(parse(&["--lang", "fr", "show", "3"]).is_err());
        assert!(parse(&["show", "3", "--width", "5"]).is_err());
    }

    #[test]
    fn rules_takes_a_hosted_game() {
        let cli = parse(&["rules", "shidouban", "--lang", "ja", "--width", "72", "--markdown"]).unwrap();
        let Command::Rules(args) = cli.command else { panic!("not rules") };
        assert_eq!(args.game, "shidouban");
        assert!(args.markdown);
        assert_eq!((cli.global.lang, cli.global.width), (Some(Lang::Ja), Some(72)));
        let err = parse(&["rules", "chess"]).unwrap_err().to_string();
        assert!(err.contains("uosao") && err.contains("suriagehara"), "{err}");
        assert!(parse(&["rules"]).is_err());
    }

    #[test]
    fn verify_takes_a_game_or_a_file() {
        assert!(parse(&["verify", "3"]).is_ok());
        assert!(parse(&["verify", "--file", "j.json"]).is_ok());
        assert!(parse(&["verify"]).is_err());
        assert!(parse(&["verify", "3", "--file", "j.json"]).is_err());
    }

    #[test]
    fn token_and_completions_parse() {
        assert!(matches!(
            parse(&["token", "revoke", "4"]).unwrap().command,
            Command::Token(TokenCommand::Revoke { id: 4 })
        ));
        assert!(parse(&["completions", "bash"]).is_ok());
        assert!(parse(&["completions", "tcsh"]).is_err());
        let cli = parse(&["games", "--status", "finished"]).unwrap();
        let Command::Games(args) = cli.command else { panic!("not games") };
        assert_eq!(args.status, Some(StatusFilter::Finished));
    }

    #[test]
    fn mail_address_subcommands_parse() {
        assert!(matches!(
            parse(&["mail-address", "add", "a@work.example"]).unwrap().command,
            Command::MailAddress(MailAddressCommand::Add { address }) if address == "a@work.example"
        ));
        assert!(matches!(
            parse(&["mail-address", "remove", "3", "--json"]).unwrap().command,
            Command::MailAddress(MailAddressCommand::Remove { address }) if address == "3"
        ));
        assert!(parse(&["mail-address", "list"]).is_ok());
        assert!(parse(&["mail-address", "add"]).is_err());
    }
}
