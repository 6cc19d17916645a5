//! Table talk: messages between the players of a game, the creator's talk settings, mutes, reports to the
//! operator and each player's private note on a game.

use serde::{Deserialize, Serialize};

#[cfg(feature = "openapi")]
use utoipa::ToSchema;

/// The longest message, in characters (Unicode scalar values, as JSON Schema's `maxLength` counts).
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// The longest private note, in characters.
pub const MAX_NOTE_CHARS: usize = 10_000;
/// The longest reason given with a report, in characters.
pub const MAX_REPORT_REASON_CHARS: usize = 500;

/// `POST /api/v1/games/{id}/messages`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct PostMessageRequest {
    /// 1 to 2000 characters once the white space around them is trimmed; line breaks are kept, but no other
    /// control character and no invisible or formatting character (bidirectional marks and overrides,
    /// zero-width characters, …): the same characters names refuse.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 2000))]
    pub text: String,
    /// A seat to write to privately, where the game's creator allows private messages; absent: the whole
    /// table.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 255))]
    pub to: Option<u8>,
}

/// A message written at a game's table: player speech only, nothing the server adds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct TalkMessage {
    pub id: i64,
    pub game: i64,
    /// RFC 3339 time it was written.
    pub at: String,
    /// The author's seat.
    pub seat: u8,
    /// The author's name as the game shows it (a deleted account's pseudonym).
    pub author: String,
    /// The seat it was written to privately; absent for the whole table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<u8>,
    pub text: String,
}

/// `GET /api/v1/games/{id}/messages`: a page of messages, oldest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct MessageListing {
    pub game: i64,
    pub messages: Vec<TalkMessage>,
    /// Pass as `after` for the next page; absent on the last page.
    pub next: Option<i64>,
}

/// A game's talk settings, chosen by its creator (`PUT /api/v1/games/{id}/talk`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TalkSettings {
    /// Whether players may write privately to one seat (default false).
    #[serde(default)]
    pub private_messages: bool,
    /// Whether spectators read the table's messages (default true).
    #[serde(default = "yes")]
    pub spectators_read: bool,
}

fn yes() -> bool {
    true
}

impl Default for TalkSettings {
    fn default() -> Self {
        TalkSettings { private_messages: false, spectators_read: true }
    }
}

/// `POST /api/v1/games/{id}/messages/{message}/report`
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// Why, in at most 500 characters (may be empty).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 500))]
    pub reason: String,
}

/// A message reported to the operator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct MessageReport {
    pub id: i64,
    pub message: TalkMessage,
    /// The reporting account.
    pub reporter: i64,
    pub reason: String,
    pub at: String,
}

/// The seats I have muted in a game (`GET /api/v1/games/{id}/mutes`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Mutes {
    pub game: i64,
    pub seats: Vec<u8>,
}

/// My private note on a game (`GET`/`PUT /api/v1/games/{id}/note`): nobody else reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct Note {
    /// At most 10,000 characters; line breaks kept, no other control or invisible character. Empty: no note.
    #[cfg_attr(feature = "openapi", schema(max_length = 10000))]
    pub text: String,
    /// When it was last written; absent when there is no note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,
}

/// A game's messages and my note on it, in an account export.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
pub struct GameTalkExport {
    pub game: i64,
    /// Every message of the game I may read.
    pub messages: Vec<TalkMessage>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Note>,
}

/// `PUT /api/v1/games/{id}/note`
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(ToSchema))]
#[serde(deny_unknown_fields)]
pub struct SetNoteRequest {
    /// The whole note, replacing the last (at most 10,000 characters; empty removes it).
    #[cfg_attr(feature = "openapi", schema(max_length = 10000))]
    pub text: String,
}
