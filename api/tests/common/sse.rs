//! A Server-Sent Events client for tests: a thread reads the stream over a real HTTP connection and hands
//! over each event (comments and `retry:` lines are kept apart), so a test waits with a deadline.

use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use shared::api_types::GameEvent;

/// One event as it came over the wire.
#[derive(Clone, Debug, Default)]
pub struct Frame {
    pub id: Option<String>,
    pub event: Option<String>,
    pub data: String,
    /// Comment lines (heartbeats) read before this event.
    pub comments: usize,
    pub retry: Option<u64>,
}

impl Frame {
    pub fn game(&self) -> GameEvent {
        assert_eq!(self.event.as_deref(), Some("game"), "{self:?}");
        serde_json::from_str(&self.data).unwrap_or_else(|e| panic!("bad event data {}: {e}", self.data))
    }
}

pub struct Stream {
    pub status: u16,
    pub content_type: String,
    frames: mpsc::Receiver<Frame>,
}

impl Stream {
    /// Opens `url` with an optional bearer token and `Last-Event-ID`.
    pub fn open(url: &str, token: Option<&str>, last_event_id: Option<i64>) -> Stream {
        let client = reqwest::blocking::Client::builder().timeout(None).build().unwrap();
        let mut req = client.get(url).header("Accept", "text/event-stream");
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(id) = last_event_id {
            req = req.header("Last-Event-ID", id.to_string());
        }
        let response = req.send().expect("stream opens");
        let status = response.status().as_u16();
        let content_type =
            response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        let (tx, frames) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(response);
            let mut frame = Frame::default();
            let mut line = String::new();
            loop {
                line.clear();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let l = line.trim_end_matches(['\r', '\n']);
                if l.is_empty() {
                    if (frame.id.is_some() || frame.event.is_some() || !frame.data.is_empty())
                        && tx.send(std::mem::take(&mut frame)).is_err()
                    {
                        return;
                    }
                    continue;
                }
                if l.starts_with(':') {
                    frame.comments += 1;
                } else if let Some((field, value)) = l.split_once(':') {
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
                        "retry" => frame.retry = value.parse().ok(),
                        _ => {}
                    }
                }
            }
        });
        Stream { status, content_type, frames }
    }

    /// The next event, or None after `wait`.
    pub fn next_within(&self, wait: Duration) -> Option<Frame> {
        self.frames.recv_timeout(wait).ok()
    }

    /// The next event; fails the test after 20 s.
    pub fn next(&self) -> Frame {
        self.next_within(Duration::from_secs(20)).expect("an event within 20 s")
    }

    /// `game` events until one has id `last` (fails the test after 20 s).
    pub fn games_until(&self, last: i64) -> Vec<GameEvent> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = self.next_within(left).unwrap_or_else(|| panic!("no event {last} within 20 s; got {out:?}"));
            let event = frame.game();
            let id = event.id;
            out.push(event);
            if id >= last {
                return out;
            }
        }
    }
}
