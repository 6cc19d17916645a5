//! The command line, as clap types only. Behaviour lives in `commands/`.

use std::path::PathBuf;

use catalog::t;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use serde_json::Value;
use shared::api_types::SeatRequest;
use shared::bots::{Level, UnknownLevel};
use shared::engine::Lang;

const ABOUT: &str = "tegami: play board games by email and from the shell";

macro_rules! examples {
    () => {
        "\
Examples:
  tegami register --email alice@example.com --name Alice
  tegami types
  tegami rules <game>
  tegami new <game> --seat me --seat bot
  tegami games
  tegami show 12 --lang ja
  tegami moves 12
  tegami play 12 <move>
  tegami log 12 --json > journal.json && tegami verify --file journal.json

Exit codes: 0 ok, 1 local failure, 2 usage error, 3 refused by the server, 4 network or server failure, 5 verification failed, 6 not logged in, 7 game over and 8 timed out (`wait`), 9 nothing to verify (`verify`)."
    };
}

const EXAMPLES: &str =
    concat!(examples!(), "\n\nWith --json, commands print the server's JSON response instead of text (see --help).");

const EXAMPLES_AND_JSON: &str = concat!(
    examples!(),
    "\n",
    "
JSON output (--json): the server's response, pretty-printed with sorted keys; the types are those of the REST API (shared/src/api_types.rs, the server's openapi.yaml).
  register, login, whoami    Account
  token create               CreatedToken (the secret included)
  token list                 [ApiToken]
  token revoke               {\"revoked\": <id>}
  types [game]               [GameType], or one GameType
  rules <game>               GameRules {slug, lang, markdown} (no server)
  games                      [GameSummary]
  new, join, show            GameDetail
  moves                      [LegalMoves]
  play, resign               MoveAccepted (with --print-signed: the JWS)
  log                        JournalListing (what `verify --file` reads)
  watch                      one compact GameDetail per line, per change
  verify                     {game, slug, ok, checks, failures, result?}
  logout                     {\"logged_out\", \"signed_out\", \"tokens_revoked\"}
  sessions                   [SessionInfo]
  sessions revoke            {\"revoked\": \"<id>\"}
  password change            SessionsRevoked (other sessions signed out)
  password reset             {\"requested\": \"<email>\"} or {\"reset\": true}
  account export             AccountExport
  account delete             {\"deleted\": true}
  mail-address add           MailAddress
  mail-address list          [MailAddress]
  mail-address remove        {\"removed\": <id>}
Messages and errors go to stderr."
);

#[derive(Debug, Parser)]
#[command(
    name = "tegami",
    version,
    about = ABOUT,
    after_help = EXAMPLES,
    after_long_help = EXAMPLES_AND_JSON,
    max_term_width = 100
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// The options every command takes. Each has an environment variable too; they are read by
/// [`GlobalArgs::with_environment`] rather than by clap's `env`, which would print a variable's option in usage
/// lines as if it had been typed (`Usage: tegami join --server <URL> <GAME>`).
#[derive(Clone, Debug, Default, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// The tegami server [env: TEGAMI_SERVER] [default: `server` in config.toml, else the server of the last
    /// login, else http://127.0.0.1:8080]
    #[arg(long, global = true, value_name = "URL")]
    pub server: Option<String>,

    /// Directory of the session, the signing key and config.toml [env: TEGAMI_CONFIG_DIR] [default:
    /// $XDG_CONFIG_HOME/tegami or ~/.config/tegami]
    #[arg(long, global = true, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub config_dir: Option<PathBuf>,

    /// Language of messages, boards, prompts and events: `en` or `ja` [env: TEGAMI_LANG] [default: `lang` in
    /// config.toml, else en]
    #[arg(long, global = true, value_name = "LANG", value_parser = lang_parser())]
    pub lang: Option<Lang>,

    /// Width of the text in columns: boards, headers, the journal, help [env: TEGAMI_WIDTH] [default: $COLUMNS,
    /// else 80]
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(20..))]
    pub width: Option<u16>,

    /// Draw only part of a large board, in the game's terms (suriagehara: two corner hexes, `0305-1012`) [env:
    /// TEGAMI_REGION]
    #[arg(long, global = true, value_name = "REGION")]
    pub region: Option<String>,

    /// Print the server's JSON instead of text [env: TEGAMI_JSON, any of 1, true, yes, on (or 0, false, no,
    /// off)]
    #[arg(long, global = true)]
    pub json: bool,

    /// Use this API token instead of the session of `tegami login` [env: TEGAMI_TOKEN]
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
    /// Create an account, then log in
    #[command(after_help = "\
Examples:
  tegami register --email alice@example.com --name Alice
  printf 'correct horse\\n' |
    tegami register --email alice@example.com --name Alice --password-stdin")]
    Register(RegisterArgs),

    /// Log in, and register this machine's signing key with the server
    #[command(after_help = "\
The first login creates an Ed25519 key pair in the config directory (mode 0600) and registers its public key; every move you play is signed with it.

Examples:
  tegami login --email alice@example.com
  tegami --server https://tegami.example login --email alice@example.com
  printf 'correct horse\\n' |
    tegami login --email alice@example.com --password-stdin")]
    Login(LoginArgs),

    /// Sign out: the server ends the session of `tegami login`, and it is forgotten here (the signing key
    /// is kept)
    #[command(after_help = "\
With `--everywhere` every session of your account ends, on every machine. API tokens stay, unless `--tokens` revokes them too (or revoke one with `tegami token revoke`).

Examples:
  tegami logout
  tegami logout --everywhere
  tegami logout --everywhere --tokens")]
    Logout(LogoutArgs),

    /// List your signed-in sessions, or sign one out
    #[command(after_help = "Examples:\n  tegami sessions\n  tegami sessions revoke 3f2a…")]
    Sessions(SessionsArgs),

    /// Change your password, or reset a forgotten one by email
    #[command(subcommand)]
    Password(PasswordCommand),

    /// Export everything the server holds about you, or delete your account
    #[command(subcommand)]
    Account(AccountCommand),

    /// Show the account you are logged in as
    #[command(after_help = "Examples:\n  tegami whoami\n  tegami whoami --json")]
    Whoami,

    /// Show or set how often you get turn emails, and their language
    #[command(
        after_help = "Examples:\n  tegami notify\n  tegami notify daily-digest\n  tegami notify every-turn --mail-lang ja\n  tegami notify --turn-email always\n  tegami notify --talk-email table-and-private\n  tegami notify none"
    )]
    Notify(NotifyArgs),

    /// Show or set when you are away: your deadlines stand still until then
    #[command(
        after_help = "Examples:\n  tegami vacation\n  tegami vacation --until 2026-12-24\n  tegami vacation --until 2026-12-24T18:00:00Z\n  tegami vacation --back"
    )]
    Vacation(VacationArgs),

    /// Email a new link that proves your address (needed for invited seats where the server asks for it)
    #[command(after_help = "Examples:\n  tegami resend-verification")]
    ResendVerification,

    /// Manage further addresses you send email replies from (each proved by a link emailed to it)
    #[command(subcommand)]
    MailAddress(MailAddressCommand),

    /// Manage API tokens for scripts (use one with `--token` or TEGAMI_TOKEN)
    #[command(subcommand)]
    Token(TokenCommand),

    /// List the games this server offers
    #[command(after_help = "Examples:\n  tegami types\n  tegami types <game>\n  tegami types --lang ja")]
    Types(TypesArgs),

    /// Print the rules of a game (no server needed)
    #[command(after_help = "\
Prose is rewrapped to --width (default: the terminal's); tables and examples are kept as written. Each game's rules end with the readings tegami plays where the original rulebook can be read two ways.

Examples:
  tegami rules shidouban
  tegami rules shidouban --lang ja --width 72
  tegami rules senbat | less
  tegami rules uosao --markdown > uosao.md")]
    Rules(RulesArgs),

    /// List the games you play in
    #[command(after_help = "\
Examples:
  tegami games
  tegami games --status active
  tegami games --json")]
    Games(GamesArgs),

    /// List listed games with an open seat, to join (no login needed)
    #[command(after_help = "\
Examples:
  tegami lobby
  tegami lobby --game uosao --players 3
  tegami lobby --time-limit 24 --language ja --rated true
  tegami lobby --time-limit none")]
    Lobby(LobbyArgs),

    /// List finished games, newest first, with their results (no login needed)
    #[command(after_help = "\
Examples:
  tegami archive
  tegami archive --game uosao --player 7
  tegami archive --after 120")]
    Archive(ArchiveArgs),

    /// The best-rated players of a game, each rating with its uncertainty
    #[command(after_help = "Examples:\n  tegami leaderboard uosao\n  tegami leaderboard uosao --min-games 5")]
    Leaderboard(LeaderboardArgs),

    /// A player's page (games played and won, current games, ratings), or make yours public or private
    #[command(after_help = "Examples:\n  tegami profile\n  tegami profile 7\n  tegami profile --private")]
    Profile(ProfileArgs),

    /// Create a game
    #[command(after_help = "\
Seats are given in seat order (seat 0 first): `me`, `bot`, `open` (anyone may join) or `invite:<email>` (kept for that address). Options are the game's own (see `tegami types <game>`); `-o key=value` takes a JSON value or a plain string and may be repeated.

Examples:
  tegami new <game> --seat me --seat bot
  tegami new <game> --seat me --seat invite:bob@example.com --seat open
  tegami new <game> --seat me --seat bot --options '{\"key\": 3}'
  tegami new <game> --seat me --seat bot -o key=3")]
    New(NewArgs),

    /// Take a seat in a game
    #[command(after_help = "\
By default you take the seat kept for your address, else the first open seat.

Examples:
  tegami join 12
  tegami join 12 --seat 2")]
    Join(JoinArgs),

    /// Show a game: seats, whose turn, the board as you see it, the result
    #[command(
        after_help = "Examples:\n  tegami show 12\n  tegami show 12 --lang ja --width 100\n  tegami show 12 --json\n  tegami show 12 --at 7"
    )]
    Show(ShowArgs),

    /// Step through a game entry by entry, as you could see it then, or print the steps
    #[command(after_help = "\
In a terminal, ← and → step back and forth, Home and End jump to the ends, q quits.

With --print (or when not in a terminal) every step from --from to --to is printed.

Examples:
  tegami replay 12
  tegami replay 12 --from 40
  tegami replay 12 --print --from 3 --to 5
  tegami replay 12 --print --json")]
    Replay(ReplayArgs),

    /// List your pending decisions and their legal answers
    #[command(after_help = "Examples:\n  tegami moves 12\n  tegami moves 12 --json")]
    Moves(GameArg),

    /// Sign and send a move
    #[command(after_help = "\
The move is typed in the game's notation (see `tegami moves <game>`); all remaining arguments are joined with spaces. With `--print-signed` the signed move is printed instead of sent, to paste into an email reply.

Examples:
  tegami play 12 <move>
  tegami play 12 --decision d7 <move>
  tegami play 12 <move> --show
  tegami play 12 <move> --print-signed
  tegami play 12 --raw '{\"json\": \"form\"}'")]
    Play(PlayArgs),

    /// Show the journal of a game as you may read it
    #[command(after_help = "\
Examples:
  tegami log 12
  tegami log 12 --json > journal.json  # read by `tegami verify --file`")]
    Log(GameArg),

    /// Write at a game's table, or privately to one seat where the game allows it
    #[command(after_help = "\
All remaining arguments are joined with spaces. `show`, `watch` and `log` print the messages you may read.

Examples:
  tegami say 12 good luck, everyone
  tegami say 12 --to 2 shall we trade?")]
    Say(SayArgs),

    /// Show, replace or clear your private note on a game (nobody else reads it)
    #[command(
        after_help = "Examples:\n  tegami note 12\n  tegami note 12 bob bluffs with low tiles\n  tegami note 12 --clear"
    )]
    Note(NoteArgs),

    /// Show or choose how you are told of a game's moves between your turns
    #[command(after_help = "\
off: only when a decision is yours (the default); email: an email for every move; digest: every move in \
your daily digest.

Examples:
  tegami follow 12
  tegami follow 12 email
  tegami follow 12 off")]
    Follow(FollowArgs),

    /// Leave a game (counts as last place)
    #[command(after_help = "Examples:\n  tegami resign 12\n  tegami resign 12 --yes")]
    Resign(ResignArgs),

    /// Follow a game: print the board and what happened whenever it changes
    #[command(after_help = "\
Follows the server's event stream; against an older server it polls every `--interval` seconds. Exits 0 when the game is finished, or with `--until-my-turn` as soon as a decision is yours.

Examples:
  tegami watch 12
  tegami watch 12 --interval 30 --until-my-turn && tegami moves 12")]
    Watch(WatchArgs),

    /// Block until a decision is yours (in GAME, or in any of your games), then show that game
    #[command(after_help = "\
Follows the server's event stream (polls an older server). Exit codes: 0 a decision is yours (the game is printed, as `tegami show` or with `--json` as JSON), 7 the game is over (without GAME: none of yours is still running), 8 `--timeout` passed.

Examples:
  tegami wait 12 && tegami moves 12
  tegami wait --timeout 3600 --json
  while tegami wait 12; do tegami play 12 <move>; done")]
    Wait(WaitArgs),

    /// Check a finished game: hash chain, seed, dice (by replay) and every signature
    #[command(after_help = "\
Exits 5 when anything does not check out (tampering), 9 when there is nothing to verify: the game is not finished yet, or the file is not a journal.

Examples:
  tegami verify 12
  tegami log 12 --json > journal.json && tegami verify --file journal.json")]
    Verify(VerifyArgs),

    /// Print a shell completion script
    #[command(after_help = "\
Examples:
  tegami completions bash > ~/.local/share/bash-completion/completions/tegami
  tegami completions zsh > ~/.zfunc/_tegami
  tegami completions fish > ~/.config/fish/completions/tegami.fish")]
    Completions(CompletionsArgs),
}

#[derive(Debug, Args)]
pub struct RegisterArgs {
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    /// Your display name, as other players see it
    #[arg(long, value_name = "NAME")]
    pub name: String,
    /// Read the password from the first line of stdin instead of prompting
    #[arg(long)]
    pub password_stdin: bool,
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    #[arg(long, value_name = "EMAIL")]
    pub email: String,
    /// Read the password from the first line of stdin instead of prompting
    #[arg(long)]
    pub password_stdin: bool,
}

#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Create a token; its secret is printed once, on stdout
    #[command(after_help = "Examples:\n  tegami token create ci\n  export TEGAMI_TOKEN=$(tegami token create ci)")]
    Create {
        /// A name to recognise it by
        name: String,
    },
    /// List your tokens
    #[command(after_help = "Examples:\n  tegami token list")]
    List,
    /// Revoke a token
    #[command(after_help = "Examples:\n  tegami token revoke 3")]
    Revoke {
        /// The token's id, as `tegami token list` shows it
        id: i64,
    },
}

#[derive(Debug, Subcommand)]
pub enum MailAddressCommand {
    /// Add an address you send email replies from; a link that proves it is emailed there
    #[command(after_help = "\
Until the link is opened (within 48 hours), replies from the address are refused and you are told at your account's address. Adding a pending address again sends a new link. At most 5 added addresses.

Examples:
  tegami mail-address add alice@work.example.com")]
    Add {
        /// The address, as your mail program sends from it
        address: String,
    },
    /// List your added addresses, proved or pending
    #[command(after_help = "Examples:\n  tegami mail-address list\n  tegami mail-address list --json")]
    List,
    /// Remove an added address: replies from it stop moving for you at once
    #[command(
        after_help = "Examples:\n  tegami mail-address remove alice@work.example.com\n  tegami mail-address remove 3"
    )]
    Remove {
        /// The address, or its id as `tegami mail-address list` shows it
        #[arg(value_name = "ADDRESS|ID")]
        address: String,
    },
}

#[derive(Debug, Args)]
pub struct LogoutArgs {
    /// End every session of your account, not only this one
    #[arg(long)]
    pub everywhere: bool,
    /// With `--everywhere`: revoke every API token of the account too (scripts using one stop working, and
    /// webhooks set up with one stop)
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
    /// Sign one session out: its token stops working at once
    #[command(after_help = "Examples:\n  tegami sessions revoke 3f2a…")]
    Revoke {
        /// The session's id, as `tegami sessions` shows it
        id: String,
    },
}

#[derive(Debug, Subcommand)]
pub enum PasswordCommand {
    /// Change your password (asks for the current one); your other sessions are signed out
    #[command(after_help = "\
With `--password-stdin` the first line of stdin is the current password and the second the new one.

Examples:
  tegami password change
  printf 'old password\\nnew password\\n' |
    tegami password change --password-stdin")]
    Change {
        /// Read both passwords from stdin instead of prompting
        #[arg(long)]
        password_stdin: bool,
    },
    /// Reset a forgotten password: `--email` mails you a token, `--token` sets the new password with it
    #[command(after_help = "\
The token works once, for a limited time (an hour by default); setting the new password signs out every session.

Examples:
  tegami password reset --email alice@example.com
  tegami password reset --token 7d0c…
  printf 'new password\\n' |
    tegami password reset --token 7d0c… --password-stdin")]
    Reset(ResetArgs),
}

#[derive(Debug, Args)]
pub struct ResetArgs {
    /// Email a reset token to this address
    #[arg(long, value_name = "EMAIL", required_unless_present = "token", conflicts_with = "token")]
    pub email: Option<String>,
    /// Set a new password with the emailed token
    #[arg(long, value_name = "TOKEN")]
    pub token: Option<String>,
    /// With `--token`: read the new password from the first line of stdin instead of prompting
    #[arg(long, requires = "token")]
    pub password_stdin: bool,
}

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Delete your account: running games count as resigned, your name in past games becomes
    /// "deleted player N", every session and token stops working
    #[command(after_help = "\
Asks for confirmation (skip it with `--yes`) and for your password.

Examples:
  tegami account delete
  printf 'my password\\n' | tegami account delete --yes --password-stdin")]
    Delete {
        /// Do not ask for confirmation
        #[arg(long, short = 'y')]
        yes: bool,
        /// Read the password from the first line of stdin instead of prompting
        #[arg(long)]
        password_stdin: bool,
    },
    /// Write everything the server holds about you as JSON (no secrets)
    #[command(
        after_help = "Examples:\n  tegami account export > my-tegami.json\n  tegami account export -o my-tegami.json"
    )]
    Export {
        /// Write here instead of stdout (created with mode 0600)
        #[arg(long, short, value_name = "FILE", value_hint = ValueHint::FilePath)]
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
pub struct TypesArgs {
    /// Show one game in detail: what it is and its default options
    pub game: Option<String>,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The game, by slug
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(shared::registry::slugs()))]
    pub game: String,
    /// Print the Markdown source as it is, without rewrapping
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
    /// Only games in this state
    #[arg(long, value_enum)]
    pub status: Option<StatusFilter>,
    /// Only games of this type (a slug, see `tegami types`)
    #[arg(long)]
    pub game: Option<String>,
    /// Games older than this id (the last id of the previous page)
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    /// Games per page, 1 to 50
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct LobbyArgs {
    /// Only games of this type (a slug, see `tegami types`)
    #[arg(long)]
    pub game: Option<String>,
    /// Only games for this many players
    #[arg(long, value_name = "N")]
    pub players: Option<u8>,
    /// Only games with this time limit per decision, in hours, or `none`
    #[arg(long, value_name = "HOURS")]
    pub time_limit: Option<String>,
    /// Only games whose creator reads this language
    #[arg(long, value_name = "LANG", value_parser = lang_parser())]
    pub language: Option<Lang>,
    /// Only rated (true) or unrated (false) games
    #[arg(long, value_name = "BOOL")]
    pub rated: Option<bool>,
    /// Games older than this id (the previous page's last)
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    /// Games per page, 1 to 50
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ArchiveArgs {
    /// Only games this player (an account id) played
    #[arg(long, value_name = "ID")]
    pub player: Option<i64>,
    /// Only games of this type (a slug, see `tegami types`)
    #[arg(long)]
    pub game: Option<String>,
    /// Games older than this id (the previous page's last)
    #[arg(long, value_name = "ID")]
    pub after: Option<i64>,
    /// Games per page, 1 to 50
    #[arg(long, value_name = "N")]
    pub limit: Option<u32>,
}

#[derive(Debug, Args)]
pub struct LeaderboardArgs {
    /// The game, by slug
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(shared::registry::slugs()))]
    pub game: String,
    /// Only players with at least this many rated games
    #[arg(long, value_name = "N")]
    pub min_games: Option<u32>,
}

#[derive(Debug, Args)]
pub struct ProfileArgs {
    /// The player's account id (default: you)
    pub player: Option<i64>,
    /// Let others see your profile, find your games by you and see you on leaderboards
    #[arg(long, conflicts_with_all = ["private", "player"])]
    pub public: bool,
    /// Keep your profile to yourself
    #[arg(long, conflicts_with = "player")]
    pub private: bool,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game, by slug (see `tegami types`)
    pub game: String,
    /// A seat, in seat order: `me`, `bot` (random answers), `bot:easy`, `bot:normal`, `bot:hard` (bots that
    /// search), `open` or `invite:<email>`
    #[arg(long = "seat", value_name = "SEAT", value_parser = parse_seat, required = true)]
    pub seats: Vec<SeatRequest>,
    /// The game's options as a JSON object
    #[arg(long, value_name = "JSON", value_parser = parse_options)]
    pub options: Option<Value>,
    /// One option, `key=value` (value as JSON, else as a string); applied over `--options`
    #[arg(short = 'o', long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub option: Vec<(String, Value)>,
    /// Time limit of each decision in hours, or `none` for no limit [default: 72]
    #[arg(long, value_name = "HOURS|none", value_parser = parse_deadline)]
    pub deadline: Option<Deadline>,
    /// What a missed deadline does where the rules give no default answer: `forfeit` (the player resigns)
    /// or `skip` (the server plays a random legal answer for them) [default: forfeit]
    #[arg(long, value_name = "POLICY", value_parser = parse_timeout_policy)]
    pub on_timeout: Option<shared::api_types::TimeoutPolicy>,
    /// Leave the players' ratings alone whatever the result (a game with a bot is never rated)
    #[arg(long)]
    pub unrated: bool,
    /// Keep the game out of the public lobby: its seats are taken by invitation or by its link
    #[arg(long)]
    pub unlisted: bool,
    /// Leave the board picture out of this game's emails (they show the board as text only, and stay light)
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
    /// every-turn, daily-digest or none; without it, shows the current setting
    #[arg(value_name = "HOW", value_parser = ["every-turn", "daily-digest", "none"])]
    pub how: Option<String>,
    /// The language of your emails, by its code
    #[arg(long, value_name = "LANG", value_parser = lang_code_parser())]
    pub mail_lang: Option<String>,
    /// unless-seen: a turn email waits a moment and is not sent if you answered meanwhile or have the game
    /// open on a page; always: every turn email at once
    #[arg(long, value_name = "WHEN", value_parser = ["unless-seen", "always"])]
    pub turn_email: Option<String>,
    /// Which messages at a table email you on their own: off, private-only or table-and-private (every
    /// turn email carries the messages since your last email anyway)
    #[arg(long, value_name = "WHICH", value_parser = ["off", "private-only", "table-and-private"])]
    pub talk_email: Option<String>,
}

#[derive(Debug, Args)]
pub struct VacationArgs {
    /// Away until this day (YYYY-MM-DD, midnight UTC) or time (RFC 3339)
    #[arg(long, value_name = "WHEN", value_parser = parse_until, conflicts_with = "back")]
    pub until: Option<String>,
    /// I am back: deadlines run again
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
    /// The game's id
    pub game: i64,
    /// The seat to take, numbered as `tegami show` lists them (0 is the first seat)
    #[arg(long, value_name = "N")]
    pub seat: Option<u8>,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The game's id (see `tegami games`)
    pub game: i64,
    /// Show the game just after this journal entry (0 to the last; see `tegami log`), as you could see it then
    #[arg(long, value_name = "SEQ")]
    pub at: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The game's id (see `tegami games`)
    pub game: i64,
    /// The first entry to show (default 0)
    #[arg(long, value_name = "SEQ")]
    pub from: Option<u64>,
    /// The last entry to print with --print (default: the game's last)
    #[arg(long, value_name = "SEQ")]
    pub to: Option<u64>,
    /// Print every step instead of stepping with the keys
    #[arg(long)]
    pub print: bool,
}

#[derive(Debug, Args)]
pub struct GameArg {
    /// The game's id (see `tegami games`)
    pub game: i64,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game's id
    pub game: i64,
    /// The move in the game's notation (the remaining arguments, joined with spaces)
    #[arg(required = true, num_args = 1.., value_name = "MOVE")]
    pub words: Vec<String>,
    /// Which of your pending decisions this answers (needed when you have several)
    #[arg(long, value_name = "ID")]
    pub decision: Option<String>,
    /// Print the signed move instead of sending it
    #[arg(long)]
    pub print_signed: bool,
    /// Print the board after the move
    #[arg(long)]
    pub show: bool,
    /// The move is the action's JSON form, not notation
    #[arg(long)]
    pub raw: bool,
}

#[derive(Debug, Args)]
pub struct SayArgs {
    /// The game's id
    pub game: i64,
    /// The message (the remaining arguments, joined with spaces)
    #[arg(required = true, num_args = 1.., value_name = "TEXT")]
    pub words: Vec<String>,
    /// Write privately to this seat (where the game's creator allows private messages)
    #[arg(long, value_name = "SEAT")]
    pub to: Option<u8>,
}

#[derive(Debug, Args)]
pub struct NoteArgs {
    /// The game's id
    pub game: i64,
    /// The new note (the remaining arguments, joined with spaces); without it the note is shown
    #[arg(value_name = "TEXT", conflicts_with = "clear")]
    pub words: Vec<String>,
    /// Remove the note
    #[arg(long)]
    pub clear: bool,
}

#[derive(Debug, Args)]
pub struct FollowArgs {
    /// The game's id
    pub game: i64,
    /// off, email or digest; without it, shows the current choice
    #[arg(value_name = "HOW", value_parser = ["off", "email", "digest"])]
    pub how: Option<String>,
}

#[derive(Debug, Args)]
pub struct ResignArgs {
    /// The game's id
    pub game: i64,
    /// Do not ask for confirmation
    #[arg(long, short = 'y')]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The game's id
    pub game: i64,
    /// Seconds between polls, when the server has no event stream
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub interval: u64,
    /// Exit as soon as a decision is yours
    #[arg(long)]
    pub until_my_turn: bool,
}

#[derive(Debug, Args)]
pub struct WaitArgs {
    /// The game's id; without it, any of your games
    pub game: Option<i64>,
    /// Give up after this many seconds (exit 8)
    #[arg(long, value_name = "SECS", value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: Option<u64>,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The game's id (its journal is fetched)
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    pub game: Option<i64>,
    /// A saved journal (`tegami log <game> --json > FILE`) instead of fetching one
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub file: Option<PathBuf>,
    /// A `head_hash` you noted earlier (`tegami show <game> --json`): the journal must hold that entry, so that
    /// nothing up to it was dropped, changed or rewritten since it was shown to you
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
