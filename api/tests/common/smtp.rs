//! A small SMTP server on loopback for the tests: it speaks enough SMTP (EHLO/HELO, MAIL, RCPT, DATA, RSET,
//! NOOP, QUIT) for lettre's real SMTP transport and keeps every message it accepts; it refuses the
//! recipient `bounce@…` for good (550). It can be stopped and
//! started again on the same port (an outage), keeping what it received. A slow sink keeps a message (it
//! has it) and only then waits before answering `250`, as a relay that is slow to acknowledge does.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    pub data: Vec<u8>,
}

pub type Store = Arc<Mutex<Vec<Received>>>;

pub struct SmtpSink {
    pub port: u16,
    pub store: Store,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// A port that was free a moment ago (for a sink that starts later).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl SmtpSink {
    pub fn start() -> SmtpSink {
        Self::start_on(0, Store::default())
    }

    /// A sink that waits `delay` between taking a message and answering `250`.
    pub fn start_slow(delay: Duration) -> SmtpSink {
        Self::start_with(0, Store::default(), delay)
    }

    pub fn start_on(port: u16, store: Store) -> SmtpSink {
        Self::start_with(port, store, Duration::ZERO)
    }

    fn start_with(port: u16, store: Store, delay: Duration) -> SmtpSink {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("sink binds");
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let (stop2, store2) = (stop.clone(), store.clone());
        let thread = std::thread::spawn(move || {
            while !stop2.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let store = store2.clone();
                        std::thread::spawn(move || {
                            let _ = session(stream, &store, delay);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        SmtpSink { port, store, stop, thread: Some(thread) }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Stops listening: new connections are refused.
    pub fn stop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
    }

    pub fn messages(&self) -> Vec<Received> {
        self.store.lock().unwrap().clone()
    }

    /// Waits until `pred` holds for the messages received so far.
    pub fn wait_until(&self, what: &str, pred: impl Fn(&[Received]) -> bool) -> Vec<Received> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let messages = self.messages();
            if pred(&messages) {
                return messages;
            }
            assert!(Instant::now() < deadline, "timed out waiting for {what}; {} messages so far", messages.len());
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

fn session(stream: TcpStream, store: &Store, delay: Duration) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut out = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    out.write_all(b"220 sink.test ESMTP test sink\r\n")?;
    let (mut from, mut to) = (String::new(), Vec::new());
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let command = line.trim_end().to_string();
        let upper = command.to_ascii_uppercase();
        if upper.starts_with("EHLO") {
            out.write_all(b"250-sink.test\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n")?;
        } else if upper.starts_with("HELO") {
            out.write_all(b"250 sink.test\r\n")?;
        } else if upper.starts_with("MAIL FROM:") {
            from = angle(&command[10..]);
            to.clear();
            out.write_all(b"250 OK\r\n")?;
        } else if upper.starts_with("RCPT TO:") {
            let rcpt = angle(&command[8..]);
            if rcpt.starts_with("bounce@") {
                // A mailbox that does not exist: a permanent refusal.
                out.write_all(b"550 5.1.1 no such user\r\n")?;
            } else {
                to.push(rcpt);
                out.write_all(b"250 OK\r\n")?;
            }
        } else if upper == "DATA" {
            out.write_all(b"354 end with <CRLF>.<CRLF>\r\n")?;
            let mut data = Vec::new();
            let mut l = Vec::new();
            loop {
                l.clear();
                if reader.read_until(b'\n', &mut l)? == 0 {
                    return Ok(());
                }
                if l == b".\r\n" || l == b".\n" {
                    break;
                }
                let unstuffed = if l.starts_with(b"..") { &l[1..] } else { &l[..] };
                data.extend_from_slice(unstuffed);
            }
            store.lock().unwrap().push(Received { from: from.clone(), to: to.clone(), data });
            std::thread::sleep(delay);
            out.write_all(b"250 OK queued\r\n")?;
        } else if upper == "RSET" {
            from.clear();
            to.clear();
            out.write_all(b"250 OK\r\n")?;
        } else if upper == "NOOP" {
            out.write_all(b"250 OK\r\n")?;
        } else if upper == "QUIT" {
            out.write_all(b"221 bye\r\n")?;
            return Ok(());
        } else {
            out.write_all(b"502 not implemented\r\n")?;
        }
    }
}

fn angle(s: &str) -> String {
    let s = s.trim();
    let end = s.find('>').map(|i| i + 1).unwrap_or(s.len());
    s[..end].trim_matches(['<', '>']).to_string()
}
