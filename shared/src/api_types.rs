//! Request and response types of the REST API (`/api/v1`), shared by the server and the CLI.
//!
//! The server derives its OpenAPI document from these types (utoipa's `ToSchema`, behind the server's own
//! feature), so a field added here shows up in `openapi.yaml` after regeneration.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{GameInfo, Localized, Mode, Outcome};
use crate::journal::Entry;
use crate::registry::ChoicesOut;

#[cfg(feature = "openapi")]
use utoipa::ToSchema;

/// `POST /api/v1/accounts`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct RegisterRequest {
    pub email: String,
    pub display_name: String,
    pub password: String,
}

/// `POST /api/v1/sessions`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Account {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    pub created_at: String,
}

/// A session: a short-lived JWT for the `Authorization: Bearer` header.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Session {
    pub token: String,
    pub expires_at: String,
    pub account: Account,
}

/// `POST /api/v1/tokens`: a long-lived API token for scripts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreateTokenRequest {
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    pub created_at: String,
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
    pub public_key: String,
    #[serde(default)]
    pub name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct SigningKey {
    /// Key id used as the JWS `kid`: see `signing::key_id`.
    pub kid: String,
    pub public_key: String,
    pub name: Option<String>,
    pub created_at: String,
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
    Invite { email: String },
    /// Anyone may take it.
    Open,
    /// The built-in player: a uniformly random legal answer as soon as it is asked.
    Bot,
}

/// `POST /api/v1/games`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct CreateGameRequest {
    pub slug: String,
    /// Game options as the game defines them; null or absent for the standard game.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Value,
    /// One entry per seat, in seat order (seat 0 first).
    pub seats: Vec<SeatRequest>,
    /// Time limit of each decision, in hours; absent: 72 (3 days); null: no limit.
    #[serde(default = "default_deadline_hours")]
    pub deadline_hours: Option<u32>,
    /// What a missed deadline does where the rules name no default answer (absent: forfeit).
    #[serde(default)]
    pub timeout_policy: TimeoutPolicy,
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

/// Three days.
pub fn default_deadline_hours() -> Option<u32> {
    Some(72)
}

/// `POST /api/v1/games/{id}/join`
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct JoinRequest {
    /// Which seat to take; by default the seat invited for my address, else the first open seat.
    #[serde(default)]
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
    pub created_at: String,
    pub updated_at: String,
}

/// `GET /api/v1/games/{id}`: the game as I may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameDetail {
    #[serde(flatten)]
    pub summary: GameSummary,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub options: Value,
    /// Decisions awaited, as the public (or I) may know them.
    pub pending: Vec<PendingInfo>,
    /// My own pending decisions, with what is asked.
    pub my_pending: Vec<PendingInfo>,
    /// The game's view for me (a seat, or a spectator): feed it to the game's renderer.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub view: Value,
    pub outcome: Option<Outcome>,
    /// Hash of the latest journal entry.
    pub head_hash: String,
    pub seed_commitment: String,
    /// Time limit of each decision in hours; null: none.
    #[serde(default)]
    pub deadline_hours: Option<u32>,
    #[serde(default)]
    pub timeout_policy: TimeoutPolicy,
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
    /// A compact JWS (EdDSA) over [`crate::api_types::MoveClaims`], signed with a registered key.
    #[serde(rename = "move")]
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
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
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

/// `GET /api/v1/games/{id}/journal`: the journal as I may read it. Once the game is over it is complete:
/// the seed and every signed move are revealed and the public keys are listed, so `tegami verify` can
/// replay it offline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct JournalListing {
    pub game: i64,
    pub slug: String,
    pub seed_commitment: String,
    /// Hex seed, once revealed.
    pub seed: Option<String>,
    pub entries: Vec<Entry>,
    /// Keys that signed moves in this game: kid -> public key (base64url).
    pub keys: Vec<PublicKeyInfo>,
    /// Account of each seat's player (for matching signatures to seats).
    pub seats: Vec<SeatInfo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct PublicKeyInfo {
    pub kid: String,
    pub account_id: i64,
    pub public_key: String,
}

/// `GET /api/v1/game-types`
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameType {
    #[serde(flatten)]
    pub info: GameInfo,
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub default_options: Value,
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
    /// The Japanese text of `detail`, when the game gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail_ja: Option<String>,
}
