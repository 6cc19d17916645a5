//! The operator's `tegami-server admin …` commands, as the command line reads them (kept apart from what
//! they do, so that the settings can name them without depending on the database code).

use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Args)]
pub struct AdminArgs {
    /// Who is acting, for the log and for the journal of a game ended by the operator [default: $USER, else
    /// `operator`].
    #[arg(long, value_name = "NAME")]
    pub operator: Option<String>,
    #[command(subcommand)]
    pub command: AdminCommand,
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Accounts: list, show, suspend, unsuspend, delete.
    Accounts {
        #[command(subcommand)]
        action: AccountsAction,
    },
    /// Games: list them (the stuck ones too), or end a stuck one with a stated result.
    Games {
        #[command(subcommand)]
        action: GamesAction,
    },
    /// The mail queue: list what is unsent, send again now, or drop.
    Mail {
        #[command(subcommand)]
        action: MailQueueAction,
    },
    /// An account's sign-in sessions: list or revoke.
    Sessions {
        #[command(subcommand)]
        action: SessionsAction,
    },
}

#[derive(Debug, Subcommand)]
pub enum AccountsAction {
    /// One line per account: id, address, name, state (active, suspended, deleted), created.
    List,
    /// One account: its state, sessions, tokens, keys and games.
    Show { account: String },
    /// Shut an account out: it cannot sign in, use its sessions or tokens, or move; its games and their
    /// deadlines run on. Its sessions are signed out.
    Suspend {
        account: String,
        /// Why (kept with the account, and logged).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Lift a suspension.
    Unsuspend { account: String },
    /// Close an account as its owner can: running seats forfeit, credentials are revoked (its keys stay,
    /// revoked, so that past moves verify), the name and address become a pseudonym.
    Delete { account: String },
}

#[derive(Debug, Subcommand)]
pub enum MailQueueAction {
    /// One line per unsent email: id, kind, recipient (or account), game, attempts, next attempt (`never`
    /// once given up), last error.
    Queue,
    /// Make unsent emails due now, with their attempts counted from zero (given-up ones included).
    Retry {
        /// Outbox ids; none with `--all`.
        ids: Vec<i64>,
        /// Every unsent email.
        #[arg(long, conflicts_with = "ids")]
        all: bool,
    },
    /// Close unsent emails without sending them (kept, marked dropped, until pruned with the sent ones).
    Drop {
        #[arg(required = true)]
        ids: Vec<i64>,
    },
}

#[derive(Debug, Subcommand)]
pub enum SessionsAction {
    /// The account's live sessions: id, created, last seen, client, user agent.
    List { account: String },
    /// Sign out every session of the account (and, with `--tokens`, revoke its API tokens).
    Revoke {
        account: String,
        #[arg(long)]
        tokens: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum GamesAction {
    /// One line per game, by id: id, game, status, players, entries, last change, next deadline, stuck. A page
    /// at a time: the last line says where the next page starts.
    List {
        /// Only games in this state.
        #[arg(long, value_enum)]
        status: Option<GameState>,
        /// Only games of this type (its slug, e.g. `uosao`).
        #[arg(long, value_name = "SLUG")]
        game: Option<String>,
        /// Only stuck games: being played, and either without a deadline and unchanged for `--stuck-days`, or
        /// with a deadline that long past (the deadline sweep should have acted).
        #[arg(long)]
        stuck: bool,
        /// How many days make a game stuck.
        #[arg(long, value_name = "DAYS", default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=3650))]
        stuck_days: u32,
        /// Games with ids above this one (where the previous page stopped).
        #[arg(long, value_name = "ID", default_value_t = 0)]
        after: i64,
        /// At most this many games.
        #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=1000))]
        limit: u32,
        /// JSON instead of lines: `{"games": [...], "next_after": ID or null}`.
        #[arg(long)]
        json: bool,
    },
    /// End a game that cannot end by its rules: an `ended_by_operator` journal entry naming the operator, the
    /// result and the reason (which `tegami verify` reports), then the seed's reveal, results, ratings and the
    /// game-over emails as after any end.
    End {
        /// The game's id.
        game: i64,
        /// Abandoned: nobody wins and the game is not rated. Adjudicated: the places given by `--ranks`.
        #[arg(long, value_enum)]
        result: EndResult,
        /// Adjudicated: each seat's place, in seat order, separated by commas (1 best, equal places shared:
        /// `1,1,3`).
        #[arg(long, value_delimiter = ',', value_name = "PLACES")]
        ranks: Vec<u8>,
        /// Why the game ends (told to the players, and kept in the journal).
        #[arg(long)]
        reason: String,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameState {
    Waiting,
    Active,
    Finished,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EndResult {
    Abandoned,
    Adjudicated,
}
