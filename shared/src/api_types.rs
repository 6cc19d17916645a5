//! Request and response types of the REST API (`/api/v1`), shared by the server and the CLI.
//!
//! The server derives its OpenAPI document from these types (utoipa's `ToSchema`, behind the server's own
//! feature), so a field added here shows up in `openapi.yaml` after regeneration.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{GameInfo, Lang, Localized, Mode, Outcome};
use crate::journal::Entry;
use crate::registry::ChoicesOut;

#[cfg(feature = "openapi")]
use utoipa::ToSchema;

mod talk;
pub use talk::*;

/// `POST /api/v1/accounts`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct RegisterRequest {
    /// An email address of at most 254 ASCII characters, as `local@domain.tld`: the local part (at most 64
    /// characters) is dot-separated runs of letters, digits and ``!#$%&'*+-/=?^_`{|}~``; the domain is two or
    /// more dot-separated labels of 1 to 63 letters, digits and inner hyphens (internationalised domains in
    /// their `xn--` form). No spaces around it. Stored in lower case.
    #[cfg_attr(
        feature = "openapi",
        schema(
            max_length = 254,
            pattern = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
            examples("ada@example.org")
        )
    )]
    pub email: String,
    /// 1 to 40 characters once the spaces around them are trimmed (Unicode white space), with no invisible,
    /// control or formatting character: none of Unicode's controls (Cc), format characters (Cf: bidirectional
    /// marks and overrides, zero-width spaces and joiners, tag characters, …), line and paragraph separators,
    /// private-use characters, or Default_Ignorable_Code_Point characters (Hangul fillers, variation
    /// selectors, …). The `pattern` (filled in from the server's Unicode tables) says exactly this.
    pub display_name: String,
    /// 8 to 1024 characters, no NUL.
    #[cfg_attr(feature = "openapi", schema(min_length = 8, max_length = 1024, pattern = r"^[^\x00]*$", format = Password))]
    pub password: String,
}

/// `POST /api/v1/sessions`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
    /// The `device` of an earlier login from this machine: while the account is locked by failed sign-ins
    /// from elsewhere, the right password from a known device still signs in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Account {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// A session: a short-lived JWT for the `Authorization: Bearer` header.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Session {
    pub token: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub expires_at: String,
    pub account: Account,
    /// This machine's known-device token: keep it and send it as `device` with later logins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
}

/// `GET /api/v1/sessions`: one signed-in session. It ends at `expires_at` unless used before then (each use
/// pushes `expires_at` forward), and at `ends_at` at the latest; signing out ends it at once.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SessionInfo {
    pub id: String,
    pub created_at: String,
    pub last_seen_at: String,
    pub expires_at: String,
    pub ends_at: String,
    /// The client address that signed in.
    pub client: Option<String>,
    pub user_agent: Option<String>,
    /// The session this request was made with.
    pub current: bool,
}

/// `DELETE /api/v1/sessions`: how many sessions were signed out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SessionsRevoked {
    pub revoked: u64,
    /// API tokens revoked with them (`DELETE /api/v1/sessions?tokens=true`; otherwise 0).
    #[serde(default)]
    pub tokens_revoked: u64,
}

/// `PUT /api/v1/me/password`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct ChangePasswordRequest {
    #[cfg_attr(feature = "openapi", schema(format = Password))]
    pub current_password: String,
    /// 8 to 1024 characters, no NUL.
    #[cfg_attr(feature = "openapi", schema(min_length = 8, max_length = 1024, pattern = r"^[^\x00]*$", format = Password))]
    pub new_password: String,
}

/// `POST /api/v1/password-reset`: email a reset token to this address (if it has an account).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PasswordResetRequest {
    /// An email address, as `RegisterRequest.email` states.
    #[cfg_attr(
        feature = "openapi",
        schema(
            max_length = 254,
            pattern = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
            examples("ada@example.org")
        )
    )]
    pub email: String,
}

/// `POST /api/v1/password-reset/confirm`: the emailed token and the new password.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PasswordResetConfirm {
    /// The token from the email: 48 hexadecimal digits.
    #[cfg_attr(feature = "openapi", schema(pattern = "^[0-9a-f]{48}$"))]
    pub token: String,
    /// 8 to 1024 characters, no NUL.
    #[cfg_attr(feature = "openapi", schema(min_length = 8, max_length = 1024, pattern = r"^[^\x00]*$", format = Password))]
    pub new_password: String,
}

/// `DELETE /api/v1/me`: the password, to confirm.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct DeleteAccountRequest {
    pub password: String,
}

/// `GET /api/v1/me/export`: everything the server holds about me (no secrets: tokens and sessions are
/// listed, not their values; the password only as "set").
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct AccountExport {
    pub exported_at: String,
    pub account: Account,
    pub email_verified: bool,
    /// Notification preference, language, vacation.
    pub notifications: Value,
    pub sessions: Vec<SessionInfo>,
    pub api_tokens: Vec<ApiToken>,
    pub signing_keys: Vec<SigningKey>,
    /// Every game I have a seat in, as I see it.
    pub games: Vec<GameSummary>,
    /// The further addresses my email replies may come from, proved or pending.
    #[serde(default)]
    pub mail_addresses: Vec<MailAddress>,
    /// Per game I play in: the messages I may read and my private note.
    #[serde(default)]
    pub talk: Vec<GameTalkExport>,
    /// My rating in each game I have played rated games of.
    #[serde(default)]
    pub ratings: Vec<PlayerRating>,
}

/// `POST /api/v1/me/mail-addresses`: another address I send email replies from.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct AddMailAddressRequest {
    /// An email address, by the same rule as `RegisterRequest.email`. Stored in lower case.
    #[cfg_attr(
        feature = "openapi",
        schema(
            max_length = 254,
            pattern = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
            examples("ada@work.example.org")
        )
    )]
    pub address: String,
}

/// Whether a reply from an added address moves for me yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum MailAddressStatus {
    /// The emailed link has not been followed yet: replies from it are refused.
    Pending,
    /// The link was followed: replies from it move for me as replies from my account address do.
    Proved,
}

/// A further address of mine that email replies may come from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct MailAddress {
    pub id: i64,
    pub address: String,
    pub status: MailAddressStatus,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub added_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub proved_at: Option<String>,
}

/// `POST /api/v1/tokens`: a long-lived API token for scripts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreateTokenRequest {
    /// 1 to 60 characters once the spaces around them are trimmed, with no invisible, control or formatting
    /// character (as `RegisterRequest.display_name`).
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub last_used_at: Option<String>,
}

/// The token's secret is shown once, at creation.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreatedToken {
    #[serde(flatten)]
    pub token: ApiToken,
    pub secret: String,
}

/// `POST /api/v1/keys`: register an Ed25519 public key for signing moves.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct RegisterKeyRequest {
    /// The 32-byte public key, base64url without padding.
    #[cfg_attr(feature = "openapi", schema(pattern = "^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$"))]
    pub public_key: String,
    /// As `CreateTokenRequest.name`.
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SigningKey {
    /// The key's id, sent as the JWS `kid` of every move it signs: the first 16 bytes of the SHA-256 of
    /// the 32 raw public-key bytes (see docs/protocol.md).
    #[cfg_attr(feature = "openapi", schema(pattern = "^[0-9a-f]{32}$"))]
    pub kid: String,
    /// The 32-byte public key, base64url without padding.
    pub public_key: String,
    pub name: Option<String>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub revoked_at: Option<String>,
}

/// How a seat is filled at creation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatRequest {
    /// The creator sits here.
    Me,
    /// Reserved for whoever registers with this address.
    Invite {
        #[cfg_attr(
            feature = "openapi",
            schema(
                max_length = 254,
                pattern = r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
                examples("ada@example.org")
            )
        )]
        email: String,
    },
    /// Anyone may take it.
    Open,
    /// A built-in player. `random` (the default) answers with a uniformly random legal answer as soon as it is
    /// asked; `easy`, `normal` and `hard` search (longer at each level) and answer from the server's bot
    /// worker a moment later. In `tegami new`, `--seat bot`, `--seat bot:easy`, `bot:normal`, `bot:hard`.
    Bot {
        #[serde(default)]
        level: crate::bots::Level,
    },
}

/// `POST /api/v1/games`. Its schema is one variant per game (see `crate::schema`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreateGameRequest {
    pub slug: String,
    /// Game options as the game defines them; null or absent for the standard game.
    #[serde(default)]
    pub options: Value,
    /// One entry per seat, in seat order (seat 0 first).
    pub seats: Vec<SeatRequest>,
    /// Time limit of each decision, in hours; absent: 72 (3 days); null: no limit.
    #[serde(default = "default_deadline_hours", deserialize_with = "whole_number")]
    pub deadline_hours: Option<u32>,
    /// What a missed deadline does where the rules name no default answer (absent: forfeit).
    #[serde(default)]
    pub timeout_policy: TimeoutPolicy,
    /// Whether the result moves the players' ratings; absent: rated when every seat is a person (no bot). A game
    /// with a bot cannot be rated.
    #[serde(default)]
    pub rated: Option<bool>,
    /// Whether open seats are shown in the public lobby (absent: true); false keeps the game to invitations and
    /// its link.
    #[serde(default = "listed_by_default")]
    pub listed: bool,
    /// Whether the game's emails show the board as a picture beside the text board (absent: true). False
    /// keeps every email light: the board comes as text only.
    #[serde(default = "default_true")]
    pub mail_pictures: bool,
}

fn default_true() -> bool {
    true
}

pub fn listed_by_default() -> bool {
    true
}

/// What happens when a player lets a decision's deadline pass and the rules give no default answer for it
/// (where they do, such as a pass or a decline, that answer is always played, whatever the policy).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum TimeoutPolicy {
    /// The player forfeits: the game treats it as their resignation.
    #[default]
    Forfeit,
    /// The player's turn is skipped: the server answers for them with a random legal answer (as a bot
    /// would), journaled as a timeout, and the player stays in the game.
    Skip,
}

impl TimeoutPolicy {
    pub fn as_str(self) -> &'static str {
        match self {
            TimeoutPolicy::Forfeit => "forfeit",
            TimeoutPolicy::Skip => "skip",
        }
    }

    /// Unknown stored values read as the default.
    pub fn parse(s: &str) -> TimeoutPolicy {
        match s {
            "skip" => TimeoutPolicy::Skip,
            _ => TimeoutPolicy::Forfeit,
        }
    }
}

/// The longest time limit a game may set on a decision: a year.
pub const MAX_DEADLINE_HOURS: u32 = 24 * 366;

/// An optional count that JSON may write `72` or `72.0` (JSON has one number type; a schema's `integer` accepts
/// both). A fraction or a value out of range is refused.
fn whole_number<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    let Some(n) = Option::<serde_json::Number>::deserialize(deserializer)? else { return Ok(None) };
    let whole = n.as_u64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && *f >= 0.0).map(|f| f as u64));
    whole
        .and_then(|w| u32::try_from(w).ok())
        .map(Some)
        .ok_or_else(|| serde::de::Error::custom(format!("`{n}` is not a whole number of hours")))
}

/// Three days.
pub fn default_deadline_hours() -> Option<u32> {
    Some(72)
}

/// `POST /api/v1/games/{id}/join`
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// Which seat to take (0 first); by default the seat invited for my address, else the first open seat.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(maximum = 255))]
    pub seat: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    Player,
    Bot,
    Open,
    Invited,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SeatInfo {
    pub seat: u8,
    pub kind: SeatKind,
    /// The player's display name, "bot", or empty for an open seat.
    pub name: String,
    pub account_id: Option<i64>,
    /// The invited address; shown only to the game's creator and the invitee.
    pub invited_email: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Seats are still open or invited; no move can be made yet.
    Waiting,
    Active,
    Finished,
}

/// A decision awaited, as a viewer may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PendingInfo {
    pub decision: String,
    /// Absent where the rules hide who is being waited for.
    pub seat: Option<u8>,
    pub kind: String,
    pub mode: Mode,
    /// When the decision is due (RFC 3339 UTC), in a game with a time limit; absent without one (and where
    /// the answer does not come from a `GET` of the game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<String>,
}

/// One line of `GET /api/v1/games`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameSummary {
    pub id: i64,
    pub slug: String,
    pub name: Localized,
    pub status: GameStatus,
    pub seats: Vec<SeatInfo>,
    /// My seat, if I play in this game.
    pub my_seat: Option<u8>,
    /// True when at least one pending decision is mine.
    pub my_turn: bool,
    /// Number of journal entries so far.
    pub entries: u64,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub updated_at: String,
}

/// A game's view (what `DynGame::view` gives) as JSON text, passed on as it was written: the server writes
/// one into every move's answer, and taking it apart into a [`Value`] only to write it out again was a tenth
/// of a move's work. [`ViewJson::value`] reads it; two are equal when their JSON values are.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ViewJson(Box<serde_json::value::RawValue>);

impl ViewJson {
    /// The view as a JSON value, for a renderer or a parser.
    pub fn value(&self) -> Value {
        serde_json::from_str(self.0.get()).expect("a view is JSON")
    }

    /// The view's JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }
}

impl From<Box<serde_json::value::RawValue>> for ViewJson {
    fn from(text: Box<serde_json::value::RawValue>) -> ViewJson {
        ViewJson(text)
    }
}

impl From<&Value> for ViewJson {
    fn from(value: &Value) -> ViewJson {
        ViewJson(serde_json::value::to_raw_value(value).expect("a JSON value writes"))
    }
}

impl PartialEq for ViewJson {
    fn eq(&self, other: &ViewJson) -> bool {
        self.text() == other.text() || self.value() == other.value()
    }
}

/// `GET /api/v1/games/{id}`: the game as I may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameDetail {
    #[serde(flatten)]
    pub summary: GameSummary,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameOptions))]
    pub options: Value,
    /// Decisions awaited, as the public (or I) may know them.
    pub pending: Vec<PendingInfo>,
    /// My own pending decisions, with what is asked.
    pub my_pending: Vec<PendingInfo>,
    /// The game's view for me (a seat, or a spectator): feed it to the game's renderer.
    #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameView))]
    pub view: ViewJson,
    pub outcome: Option<Outcome>,
    /// Hash of the latest journal entry.
    pub head_hash: String,
    pub seed_commitment: String,
    /// How the game's journal is hashed: 1 or 2 (see `JournalListing.format`).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = u8, minimum = 1, maximum = 2))]
    pub journal_format: crate::journal::JournalFormat,
    /// Time limit of each decision in hours; null: none.
    #[serde(default)]
    pub deadline_hours: Option<u32>,
    #[serde(default)]
    pub timeout_policy: TimeoutPolicy,
    /// Once the game is over: every seat by rank (best first), who won, and the scores where the game keeps them.
    #[serde(default)]
    pub standings: Vec<Standing>,
}

/// A player's Weng-Lin (OpenSkill) rating in one game: the estimate and its uncertainty (one standard deviation;
/// it shrinks as the player plays rated games).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PlayerRating {
    pub account_id: i64,
    pub name: String,
    pub slug: String,
    pub rating: f64,
    pub uncertainty: f64,
    /// Rated games played and won (ranked first, alone or shared) in this game.
    pub games: u32,
    pub wins: u32,
}

/// A game with an open seat, as the public lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct LobbyGame {
    #[serde(flatten)]
    pub summary: GameSummary,
    /// Who created it (and is waiting for players).
    pub creator: String,
    /// The creator's language (`en` or `ja`).
    pub lang: Lang,
    /// Time limit of each decision in hours; null: none.
    pub deadline_hours: Option<u32>,
    pub rated: bool,
    /// Seats anyone may take (`POST /api/v1/games/{id}/join`).
    pub open_seats: Vec<u8>,
}

/// A page of a list, newest first: pass `next` as `after` for the following page (absent on the last).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct LobbyPage {
    pub games: Vec<LobbyGame>,
    pub next: Option<i64>,
}

/// A finished game in the archive: who played, the result; its replay is `GET /api/v1/games/{id}/replay` and its
/// journal (exportable, verifiable) `GET /api/v1/games/{id}/journal`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct ArchivedGame {
    #[serde(flatten)]
    pub summary: GameSummary,
    pub standings: Vec<Standing>,
    pub rated: bool,
}

/// A page of the archive, newest first: pass `next` as `after` for the following page (absent on the last).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct ArchivePage {
    pub games: Vec<ArchivedGame>,
    pub next: Option<i64>,
}

/// Games played and won of one type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameRecord {
    pub slug: String,
    pub played: u32,
    /// Ranked first, alone or shared, in a game that had winners.
    pub won: u32,
}

/// `GET /api/v1/players/{id}`: a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Profile {
    pub account_id: i64,
    pub name: String,
    /// Whether others may see this page (`PUT /api/v1/me/profile`).
    pub public: bool,
    /// Finished games by type.
    pub records: Vec<GameRecord>,
    /// Rated games by type, each rating with its uncertainty.
    pub ratings: Vec<PlayerRating>,
    /// Listed games now waiting or in play, newest first (at most 50).
    pub current: Vec<GameSummary>,
}

/// `PUT /api/v1/me/profile`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ProfileSettings {
    /// Whether others may see my profile, find my games in the archive by my name and see me on leaderboards.
    pub public: bool,
}

/// One seat's place in a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Standing {
    pub seat: u8,
    /// The player's display name ("P1", "P2", ... for a seat without one).
    pub name: String,
    /// 1 is best; equal ranks share a place.
    pub rank: u8,
    /// The final score, where the game keeps one.
    pub score: Option<i64>,
    /// Ranked first (alone or shared) in a game that has winners (not a draw nor one that everyone loses).
    pub winner: bool,
    /// Eliminated or resigned.
    pub out: bool,
}

/// Every seat of a finished game by rank, best first (seat order within a rank), named by `names` (by seat).
pub fn standings(outcome: &Outcome, names: &[String]) -> Vec<Standing> {
    use crate::engine::ResultKind;
    let has_winners = matches!(outcome.result, ResultKind::Win | ResultKind::SharedWin);
    let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks[i], i));
    order
        .into_iter()
        .map(|i| {
            let seat = i as u8;
            let name = names.get(i).filter(|n| !n.is_empty()).cloned().unwrap_or_else(|| format!("P{}", i + 1));
            Standing {
                seat,
                name,
                rank: outcome.ranks[i],
                score: outcome.scores.get(i).copied().flatten(),
                winner: has_winners && outcome.ranks[i] == 1,
                out: outcome.eliminated.contains(&seat),
            }
        })
        .collect()
}

/// `GET /api/v1/games/{id}/replay?at=SEQ`: the game as I may see it just after journal entry `at` (never a
/// secret I could not see at that point, even one revealed later).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameAt {
    /// The entry this is the game just after.
    pub at: u64,
    /// The game's last entry now: `at` may be 0 to `last`.
    pub last: u64,
    /// What entry `at` told me, as I could read it then.
    pub events: Vec<Localized>,
    /// The game at that point: its view, its pending decisions and, if it was over, its outcome.
    pub game: GameDetail,
}

/// `GET /api/v1/games/{id}/moves`: my pending decisions and their legal answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct LegalMoves {
    pub decision: PendingInfo,
    pub choices: ChoicesOut,
}

/// `POST /api/v1/games/{id}/moves`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SubmitMoveRequest {
    /// A compact JWS (EdDSA, with the key's `kid` in its header) over `MoveClaims`, signed with a registered key:
    /// see docs/protocol.md for the header, the claims and where each comes from.
    #[serde(rename = "move")]
    #[cfg_attr(feature = "openapi", schema(pattern = r"^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$"))]
    pub signed_move: String,
}

/// The claims of a signed move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct MoveClaims {
    pub game: i64,
    pub seat: u8,
    /// The pending decision this answers.
    pub decision: String,
    /// The action in the game's JSON form.
    #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameAction))]
    pub action: Value,
    /// Seconds since the epoch when signed.
    pub iat: i64,
}

/// The result of an accepted move (or of a resignation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct MoveAccepted {
    pub seq: u64,
    pub hash: String,
    /// What happened, as I may know it (including the moves of bots that answered right after).
    pub events: Vec<Localized>,
    /// True when this exact signed move had already been accepted (an idempotent retry).
    pub duplicate: bool,
    pub game: GameDetail,
}

/// `GET /api/v1/games/{id}/journal`: the journal as I may read it, a page at a time (`after`, `limit`; `next`
/// names the following page). Once the game is over it is complete: the seed and every signed move are
/// revealed and the public keys are listed, so `tegami verify` can replay it offline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct JournalListing {
    pub game: i64,
    pub slug: String,
    /// How the journal is hashed: 1 (games created before format 2) or 2; `docs/protocol.md` describes both.
    /// Entry 0 says it too (`format` of a `create`, absent in format 1).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = u8, minimum = 1, maximum = 2))]
    pub format: crate::journal::JournalFormat,
    pub seed_commitment: String,
    /// Hex seed, once revealed.
    pub seed: Option<String>,
    pub entries: Vec<Entry>,
    /// Keys that signed the moves listed: kid -> public key (base64url).
    pub keys: Vec<PublicKeyInfo>,
    /// Account of each seat's player (for matching signatures to seats).
    pub seats: Vec<SeatInfo>,
    /// More entries follow: ask again with `after` set to this seq. Absent on the last page (and in a
    /// journal put together from all its pages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PublicKeyInfo {
    pub kid: String,
    /// The account the key belongs to; null for a key an import kept for a seat whose player has no account
    /// on this server (then `seat` says which seat it signs for).
    pub account_id: Option<i64>,
    pub public_key: String,
    /// For a key without an account: the seat it signed for in the game it was imported with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
}

/// `GET /api/v1/game-types`
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameType {
    #[serde(flatten)]
    pub info: GameInfo,
    #[cfg_attr(feature = "openapi", schema(value_type = crate::schema::GameOptions))]
    pub default_options: Value,
    /// Where the players' rules of the game are (`…/game-types/{slug}/rules`; add `?lang=ja` for Japanese).
    /// Empty from a server too old to serve them.
    #[serde(default)]
    pub rules_url: String,
}

/// `GET /api/v1/game-types/{slug}/rules` with `Accept: application/json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameRules {
    pub slug: String,
    /// `en` or `ja`.
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "ja"))]
    pub lang: Lang,
    /// The rules document, in Markdown (the same text as the `text/markdown` answer).
    pub markdown: String,
}

/// `GET /healthz`: the server answers, and so does its database.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Health {
    pub status: HealthStatus,
    /// The server's version (`tegami-server --version`).
    #[cfg_attr(feature = "openapi", schema(example = "0.1.0"))]
    pub version: String,
}

/// Always `ok` in a 200 answer (a database that does not answer is a 503 problem instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
}

/// The body of every error response (`application/problem+json`, RFC 9457).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Problem {
    /// A URI naming the problem kind, e.g. `https://tegami.dev/problems/illegal-move`.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    /// What was wrong, in words, and what to do.
    pub detail: String,
    /// Stable machine-readable code, e.g. `illegal_move`.
    pub code: String,
    /// For a refused move: the legal answers now (notation), where they can be listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    /// `detail` in every language, where the problem has it in each (an engine's refusal always does).
    /// `Accept-Language` chooses the language of `detail` itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Localized>,
    /// Deprecated: `details.ja`, kept for clients written before `details`; it will be removed with the next
    /// version of the API.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(deprecated))]
    pub detail_ja: Option<String>,
}

impl Problem {
    /// What the deprecated `detail_ja` carries: the Japanese of `details`, where the catalogs have Japanese.
    pub fn japanese_of(details: &Localized) -> Option<String> {
        let japanese = catalog::language("ja").ok()?;
        Some(details.get(japanese).to_owned())
    }
}

/// One committed change of a game, as a reader may see it: the `data` of a `game` event on
/// `GET /api/v1/events` and `GET /api/v1/games/{id}/events`, and the body of a webhook delivery. Its `id`
/// is the stream's event id (`Last-Event-ID` resumes after it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameEvent {
    /// The event's id: server-wide, increasing in commit order, without gaps.
    pub id: i64,
    pub game: i64,
    pub slug: String,
    /// The journal seq of the game's head after the change.
    pub seq: u64,
    /// RFC 3339 time of the change.
    pub at: String,
    pub status: GameStatus,
    /// The journal entries the change appended (none for a seat taken while the game still waits), redacted
    /// exactly as `GET /api/v1/games/{id}/journal` redacts them for this reader.
    pub entries: Vec<Entry>,
    /// The decisions asked after the change, as this reader may know them.
    pub pending: Vec<PendingInfo>,
    /// Those asked of the reader's seat.
    pub my_pending: Vec<PendingInfo>,
    /// The reader's seat, if the reader plays in the game.
    pub my_seat: Option<u8>,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
    /// A message written at the table (the event then has no entries); only readers it is meant for get it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<TalkMessage>,
}

/// `POST /api/v1/webhooks`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreateWebhookRequest {
    /// An absolute `http://` or `https://` URL (the scheme in lower case, no spaces around it) without a user
    /// name or password, whose host resolves to public addresses only.
    #[cfg_attr(feature = "openapi", schema(pattern = "^https?://", max_length = 2048))]
    pub url: String,
    /// The key of the HMAC-SHA256 signature (16 to 256 characters); generated when absent, and shown once.
    #[cfg_attr(feature = "openapi", schema(min_length = 16, max_length = 256))]
    pub secret: Option<String>,
}

/// A registered webhook.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Webhook {
    pub id: i64,
    pub url: String,
    /// The API token it was set up with: revoking that token stops it.
    pub token_id: Option<i64>,
    pub created_at: String,
    /// Failed attempts in a row (any success resets it).
    pub consecutive_failures: u32,
    /// When it was disabled, and why; a disabled webhook is sent nothing.
    pub disabled_at: Option<String>,
    pub disabled_reason: Option<String>,
}

/// The answer to `POST /api/v1/webhooks`: the webhook and its signing secret (shown this once).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreatedWebhook {
    #[serde(flatten)]
    pub webhook: Webhook,
    pub secret: String,
}

/// One event sent (or being sent) to a webhook, with every attempt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct WebhookDelivery {
    pub id: i64,
    pub event_id: i64,
    pub created_at: String,
    /// pending (waiting for its next attempt), delivered or abandoned (out of attempts, or the webhook was
    /// disabled).
    pub state: String,
    pub next_attempt_at: Option<String>,
    pub attempts: Vec<WebhookAttempt>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct WebhookAttempt {
    pub at: String,
    /// The HTTP status answered; absent when none was (connection refused, timeout, refused target).
    pub status: Option<u16>,
    pub error: Option<String>,
    pub duration_ms: u64,
}
