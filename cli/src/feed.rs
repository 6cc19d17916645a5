//! Following a server's event stream (`GET /api/v1/events` or `/games/{id}/events`): a thread reads it and
//! hands over each event, reconnecting with `Last-Event-ID` when the connection drops, so nothing is missed;
//! the command waits on it with a deadline.

use catalog::t;
use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use shared::api_types::GameEvent;

use crate::client::Client;
use crate::error::{CliError, Result};

/// How long to wait before reconnecting after the stream dropped.
const RECONNECT: Duration = Duration::from_secs(2);

enum Item {
    Game(Box<GameEvent>),
    Failed(CliError),
}

pub struct Feed {
    items: mpsc::Receiver<Item>,
}

/// What waiting on the feed came to.
pub enum Next {
    Event(Box<GameEvent>),
    TimedOut,
}

impl Feed {
    /// Opens the stream at `path` (reading up to its `ready` event, so that whatever happens after this
    /// returns is on the feed). `Ok(None)`: the server has no event streams (an older server); poll instead.
    pub fn open(client: &Client, path: &str) -> Result<Option<Feed>> {
        let Some(response) = client.open_stream(path, None)? else { return Ok(None) };
        let mut reader = BufReader::new(response);
        let last_id = loop {
            match read_frame(&mut reader) {
                Some(frame) if frame.event.as_deref() == Some("ready") => {
                    break frame.id.as_deref().and_then(|id| id.parse().ok());
                }
                Some(_) => {}
                None => return Err(CliError::network(t!(crate::i18n::lang(), "cli-feed-closed"))),
            }
        };
        let (tx, items) = mpsc::channel();
        let client = client.try_clone()?;
        let path = path.to_string();
        std::thread::spawn(move || follow(client, path, reader, last_id, tx));
        Ok(Some(Feed { items }))
    }

    /// The next event, waiting until `deadline` at most (None: for ever).
    pub fn next(&self, deadline: Option<Instant>) -> Result<Next> {
        let item = match deadline {
            Some(d) => match self.items.recv_timeout(d.saturating_duration_since(Instant::now())) {
                Ok(item) => item,
                Err(mpsc::RecvTimeoutError::Timeout) => return Ok(Next::TimedOut),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(CliError::network(t!(crate::i18n::lang(), "cli-feed-stopped")));
                }
            },
            None => self.items.recv().map_err(|_| CliError::network(t!(crate::i18n::lang(), "cli-feed-stopped")))?,
        };
        match item {
            Item::Game(event) => Ok(Next::Event(event)),
            Item::Failed(e) => Err(e),
        }
    }
}

fn follow(
    client: Client,
    path: String,
    mut reader: BufReader<reqwest::blocking::Response>,
    mut last_id: Option<i64>,
    tx: mpsc::Sender<Item>,
) {
    loop {
        while let Some(frame) = read_frame(&mut reader) {
            if let Some(id) = frame.id.as_deref().and_then(|id| id.parse().ok()) {
                last_id = Some(id);
            }
            if frame.event.as_deref() != Some("game") {
                continue;
            }
            let item = match serde_json::from_str::<GameEvent>(&frame.data) {
                Ok(event) => Item::Game(Box::new(event)),
                Err(e) => Item::Failed(CliError::network(t!(
                    crate::i18n::lang(),
                    "cli-feed-unreadable",
                    error = e.to_string()
                ))),
            };
            if tx.send(item).is_err() {
                return;
            }
        }
        // Dropped (a restart, a proxy's timeout): resume where it stopped.
        loop {
            std::thread::sleep(RECONNECT);
            match client.open_stream(&path, last_id) {
                Ok(Some(response)) => {
                    reader = BufReader::new(response);
                    break;
                }
                Ok(None) => {
                    let gone = t!(crate::i18n::lang(), "cli-feed-gone");
                    let _ = tx.send(Item::Failed(CliError::network(gone)));
                    return;
                }
                Err(CliError::Network(_)) => continue,
                Err(e) => {
                    let _ = tx.send(Item::Failed(e));
                    return;
                }
            }
        }
    }
}

#[derive(Default)]
struct Frame {
    id: Option<String>,
    event: Option<String>,
    data: String,
}

/// Reads one event (skipping comments and blank keep-alives); None when the stream ends.
fn read_frame(reader: &mut impl BufRead) -> Option<Frame> {
    let mut frame = Frame::default();
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return None,
            Ok(_) => {}
        }
        let l = line.trim_end_matches(['\r', '\n']);
        if l.is_empty() {
            if frame.id.is_some() || frame.event.is_some() || !frame.data.is_empty() {
                return Some(frame);
            }
            continue;
        }
        let Some((field, value)) = l.split_once(':') else { continue };
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "id" => frame.id = Some(value.to_string()),
            "event" => frame.event = Some(value.to_string()),
            "data" => {
                if !frame.data.is_empty() {
                    frame.data.push('\n');
                }
                frame.data.push_str(value);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_read_across_comments_and_multi_line_data() {
        let wire = "retry: 3000\n\n: keepalive\n\nid: 7\nevent: game\ndata: {\"a\":\ndata: 1}\n\nid: 8\nevent: ready\ndata: {}\n\n";
        let mut reader = BufReader::new(wire.as_bytes());
        let first = read_frame(&mut reader).unwrap();
        assert_eq!(
            (first.id.as_deref(), first.event.as_deref(), first.data.as_str()),
            (Some("7"), Some("game"), "{\"a\":\n1}")
        );
        assert_eq!(read_frame(&mut reader).unwrap().event.as_deref(), Some("ready"));
        assert!(read_frame(&mut reader).is_none());
    }
}
