//! Table talk end to end (issue 26), with the real server, the real CLI and the real SMTP sink: a
//! three-player shinobazu game whose players write by the API, the CLI, the web page and email replies
//! (top- and bottom-posted, UTF-8 and ISO-2022-JP). Every message reaches every allowed reader exactly once
//! and no other — by their event stream, their emails, their page and their webhook; a private message never
//! reaches the third seat by any of them; a mute holds; the rate limit holds; `tegami verify` is unaffected.

#[path = "../../api/tests/common/smtp.rs"]
#[allow(dead_code)]
mod smtp;

use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use e2e::{Player, Server};
use mail_parser::MessageParser;
use reqwest::blocking::Client;
use serde_json::{Value, json};

const PASSWORD: &str = "correct-horse-battery";

struct Email {
    kind: String,
    to: String,
    subject: String,
    message_id: String,
    text: String,
    html: String,
    reply_to: String,
}

fn parse(raw: &[u8]) -> Email {
    let m = MessageParser::default().parse(raw).expect("an email");
    let addr = |a: Option<&mail_parser::Address>| {
        a.and_then(|a| a.first()).and_then(|x| x.address()).unwrap_or_default().to_string()
    };
    Email {
        kind: m.header_raw("X-Tegami-Kind").unwrap_or_default().trim().to_string(),
        to: addr(m.to()),
        subject: m.subject().unwrap_or_default().to_string(),
        message_id: m.message_id().unwrap_or_default().to_string(),
        text: m.body_text(0).map(|b| b.replace('\r', "")).unwrap_or_default(),
        html: m.body_html(0).map(|b| b.into_owned()).unwrap_or_default(),
        reply_to: addr(m.reply_to()),
    }
}

fn emails(sink: &smtp::SmtpSink) -> Vec<Email> {
    sink.messages().iter().map(|m| parse(&m.data)).collect()
}

/// A player: at their terminal, and as the HTTP API and the web page know them (their session token).
struct Seat<'a> {
    cli: &'a Player,
    token: String,
    seat: u8,
}

fn api(
    client: &Client,
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let url = format!("{}/api/v1{path}", server.url);
    let mut req = match method {
        "POST" => client.post(url),
        "PUT" => client.put(url),
        _ => client.get(url),
    };
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().expect("request");
    let status = r.status().as_u16();
    (status, r.json().unwrap_or(Value::Null))
}

/// The `game` events an account's event stream carries, read in the background.
fn follow_stream(server: &Server, token: &str) -> Arc<Mutex<Vec<Value>>> {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let response = Client::builder()
        .timeout(None)
        .build()
        .unwrap()
        .get(format!("{}/api/v1/events", server.url))
        .bearer_auth(token)
        .header("Accept", "text/event-stream")
        .send()
        .expect("stream opens");
    assert_eq!(response.status().as_u16(), 200);
    let out = seen.clone();
    std::thread::spawn(move || {
        let (mut event, mut data) = (String::new(), String::new());
        for line in BufReader::new(response).lines() {
            let Ok(line) = line else { return };
            if line.is_empty() {
                if event == "game" {
                    out.lock().unwrap().push(serde_json::from_str::<Value>(&data).expect("event JSON"));
                }
                (event, data) = (String::new(), String::new());
            } else if let Some(v) = line.strip_prefix("event: ") {
                event = v.to_string();
            } else if let Some(v) = line.strip_prefix("data: ") {
                data.push_str(v);
            }
        }
    });
    seen
}

/// The game page as `token`'s browser sees it (None: a visitor not signed in), and its CSRF field and cookie.
fn page(client: &Client, server: &Server, game: &str, token: Option<&str>) -> (String, String, String) {
    let mut req = client.get(format!("{}/games/{game}", server.url)).header("Accept", "text/html");
    if let Some(t) = token {
        req = req.header("Cookie", format!("tegami_session={t}"));
    }
    let r = req.send().unwrap();
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|c| c.to_str().unwrap().split(';').next().unwrap().to_string())
        .find(|c| c.starts_with("tegami_csrf="))
        .unwrap_or_default();
    let body = r.text().unwrap();
    let csrf = body
        .find("name=\"csrf\" value=\"")
        .map(|at| body[at + 19..].split('"').next().unwrap().to_string())
        .unwrap_or_default();
    (body, csrf, cookie)
}

/// The bodies a webhook receiver got, each under its hook's number.
type Received = Arc<Mutex<Vec<(usize, Value)>>>;

/// A webhook receiver on loopback: answers 200 to every POST and keeps each body (a `GameEvent`) under the
/// hook number its path ends with (`/hook/N`).
fn webhook_receiver() -> (u16, Received) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let got = Arc::new(Mutex::new(Vec::new()));
    let out = got.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let out = out.clone();
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut writer = stream;
                loop {
                    let mut request = String::new();
                    if reader.read_line(&mut request).unwrap_or(0) == 0 {
                        return;
                    }
                    let mut length = 0;
                    loop {
                        let mut header = String::new();
                        if reader.read_line(&mut header).unwrap_or(0) == 0 {
                            return;
                        }
                        let header = header.trim_end();
                        if header.is_empty() {
                            break;
                        }
                        if let Some((name, value)) = header.split_once(':')
                            && name.eq_ignore_ascii_case("content-length")
                        {
                            length = value.trim().parse().unwrap_or(0);
                        }
                    }
                    let mut body = vec![0; length];
                    if reader.read_exact(&mut body).is_err() {
                        return;
                    }
                    let hook = request
                        .split_whitespace()
                        .nth(1)
                        .and_then(|p| p.rsplit('/').next())
                        .and_then(|n| n.parse().ok());
                    if let (Some(hook), Ok(event)) = (hook, serde_json::from_slice::<Value>(&body)) {
                        out.lock().unwrap().push((hook, event));
                    }
                    if writer.write_all(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n").is_err() {
                        return;
                    }
                }
            });
        }
    });
    (port, got)
}

fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The newest turn email to `to` not among `answered`.
fn turn_email(sink: &smtp::SmtpSink, to: &str, answered: &[String]) -> Email {
    let fresh = |all: &[smtp::Received]| {
        all.iter()
            .map(|m| parse(&m.data))
            .rfind(|m| m.kind == "turn" && m.to == to && !answered.contains(&m.message_id))
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Some(mail) = fresh(&sink.messages()) {
            return mail;
        }
        let seen: Vec<(String, String)> = emails(sink).into_iter().map(|m| (m.kind, m.to)).collect();
        assert!(Instant::now() < deadline, "no turn email to {to}; emails so far: {seen:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn legal_moves(mail: &Email) -> Vec<String> {
    let list = mail.text.split("Legal moves:\n").nth(1).expect("legal moves listed");
    list.lines().take_while(|l| l.starts_with("  ")).map(|l| l.trim().to_string()).collect()
}

/// A top-posted UTF-8 reply: the answer, then the quoted email.
fn top_posted(mail: &Email, body: &str) -> Vec<u8> {
    let quoted: String = mail.text.lines().take(8).map(|l| format!("> {l}\r\n")).collect();
    format!(
        "From: <{}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nIn-Reply-To: {}\r\nMessage-ID: <top.{}@client.test>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n\
         {}\r\n\r\nOn Fri, 27 Nov 2026 at 10:00, tegami <{1}> wrote:\r\n{quoted}",
        mail.to,
        mail.reply_to,
        mail.subject,
        mail.message_id,
        std::process::id(),
        body.replace('\n', "\r\n"),
    )
    .into_bytes()
}

/// A bottom-posted ISO-2022-JP reply, as a Japanese phone writes it: the quote, then the answer.
fn bottom_posted_jis(mail: &Email, body: &str) -> Vec<u8> {
    let quoted: String = mail.text.lines().take(4).map(|l| format!("> {l}\r\n")).collect();
    let text = format!(
        "2026/11/27 10:00、tegami <{}>のメール:\r\n{quoted}\r\n{}\r\n",
        mail.reply_to,
        body.replace('\n', "\r\n")
    );
    let (jis, _, _) = encoding_rs::ISO_2022_JP.encode(&text);
    let mut raw = format!(
        "From: <{}>\r\nTo: <{}>\r\nSubject: Re: {}\r\nMessage-ID: <jis.{}@client.test>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
        mail.to,
        mail.reply_to,
        mail.subject,
        std::process::id(),
    )
    .into_bytes();
    raw.extend_from_slice(&jis);
    raw
}

/// Whose turn it is (the seat index among `seats`).
fn asked(client: &Client, server: &Server, seats: &[Seat<'_>], game: &str) -> usize {
    seats
        .iter()
        .position(|s| api(client, server, "GET", &format!("/games/{game}"), Some(&s.token), None).1["my_turn"] == true)
        .expect("someone is asked")
}

/// Plays the first legal answer of the seat asked, from the shell.
fn play_one(seat: &Seat<'_>, game: &str) {
    let listing = seat.cli.run(&["moves", game, "--json"]).ok("moves --json").json();
    let decision = &listing[0];
    let pick = decision["choices"]["options"][0]["notation"].as_str().expect("notation").to_string();
    let id = decision["decision"]["decision"].as_str().unwrap().to_string();
    seat.cli.run(&["play", game, "--decision", &id, &pick]).ok("play");
}

e2e::on_both_backends! {
    fn every_message_reaches_every_allowed_reader_exactly_once_by_every_channel(db) {
        let sink = smtp::SmtpSink::start();
        let server = Server::start_with(db, &[
            ("TEGAMI_SMTP_URL", sink.url()),
            ("TEGAMI_WEBHOOK_ALLOW_PRIVATE", "true".into()),
        ]);
        let client = Client::new();
        let people: Vec<Player> = ["Alice", "Bob", "Carol"].iter().map(|n| Player::new(n, &server)).collect();
        for p in &people {
            p.run_with_stdin(&["register", "--email", &p.email, "--name", &p.name, "--password-stdin"], &format!("{PASSWORD}\n"))
                .ok("register");
        }
        let created = people[0].run(&["new", "shinobazu", "--seat", "me", "--seat", "open", "--seat", "open", "--json"]).ok("new").json();
        let game = created["id"].as_i64().unwrap().to_string();
        for p in &people[1..] {
            p.run(&["join", &game]).ok("join");
        }
        let seats: Vec<Seat<'_>> = people
            .iter()
            .map(|p| {
                let (status, session) = api(&client, &server, "POST", "/sessions", None, Some(json!({"email": p.email, "password": PASSWORD})));
                assert_eq!(status, 200);
                let token = session["token"].as_str().unwrap().to_string();
                let detail = api(&client, &server, "GET", &format!("/games/{game}"), Some(&token), None).1;
                Seat { cli: p, token, seat: detail["my_seat"].as_u64().unwrap() as u8 }
            })
            .collect();
        let (alice, bob, carol) = (&seats[0], &seats[1], &seats[2]);
        assert_eq!(api(&client, &server, "PUT", &format!("/games/{game}/talk"), Some(&alice.token), Some(json!({"private_messages": true}))).0, 200);
        // Emails of messages alone, as each chose from the shell: alice every one, bob those to him alone,
        // carol none (hers come with her turn emails).
        for (s, choice) in seats.iter().zip(["table-and-private", "private-only", "off"]) {
            let shown = s.cli.run(&["notify", "--talk-email", choice]).ok("notify --talk-email");
            assert!(shown.stdout.contains(choice), "{}", shown.stdout);
        }
        // bob mutes carol: nothing of hers reaches him.
        assert_eq!(api(&client, &server, "PUT", &format!("/games/{game}/mutes/{}", carol.seat), Some(&bob.token), None).0, 200);
        let streams: Vec<_> = seats.iter().map(|s| follow_stream(&server, &s.token)).collect();
        let (port, hooked) = webhook_receiver();
        for (i, s) in seats.iter().enumerate() {
            let (status, _) = api(&client, &server, "POST", "/webhooks", Some(&s.token),
                Some(json!({"url": format!("http://127.0.0.1:{port}/hook/{i}"), "secret": "a-webhook-secret-of-16+"})));
            assert_eq!(status, 201);
        }

        // (author, private to, text) of every message written.
        let mut written: Vec<(usize, Option<usize>, String)> = Vec::new();
        // By the API, to the table, with markup that stays text.
        let text = "api: hello table <b>bold</b>".to_string();
        assert_eq!(api(&client, &server, "POST", &format!("/games/{game}/messages"), Some(&alice.token), Some(json!({"text": text}))).0, 201);
        written.push((0, None, text));
        // From the shell, privately: bob, the third seat, must never read it.
        alice.cli.run(&["say", &game, "--to", &carol.seat.to_string(), "cli: for carol alone"]).ok("say --to");
        written.push((0, Some(2), "cli: for carol alone".into()));
        bob.cli.run(&["say", &game, "cli: bob to the table"]).ok("say");
        written.push((1, None, "cli: bob to the table".into()));
        // From carol's page, a plain form POST.
        let (_, csrf, cookie) = page(&client, &server, &game, Some(&carol.token));
        let posted = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
            .post(format!("{}/games/{game}/messages", server.url))
            .header("Cookie", format!("tegami_session={}; {cookie}", carol.token))
            .form(&[("csrf", csrf.as_str()), ("text", "web: carol from her page"), ("to", "")])
            .send().unwrap();
        assert_eq!(posted.status().as_u16(), 303);
        written.push((2, None, "web: carol from her page".into()));

        // By email replies to turn emails: top-posted UTF-8 with a move, then bottom-posted ISO-2022-JP.
        let mut answered = Vec::new();
        let first = asked(&client, &server, &seats, &game);
        let mail = turn_email(&sink, &seats[first].cli.email, &answered);
        answered.push(mail.message_id.clone());
        let mv = legal_moves(&mail)[0].clone();
        let out = server.mail_in(&top_posted(&mail, &format!("{mv}\n\nmail: top posted by seat {first}"))).ok("mail-in");
        assert!(out.stdout.contains("\"applied\""), "{}", out.stdout);
        written.push((first, None, format!("mail: top posted by seat {first}")));
        let second = asked(&client, &server, &seats, &game);
        let mail = turn_email(&sink, &seats[second].cli.email, &answered);
        answered.push(mail.message_id.clone());
        let mv = legal_moves(&mail)[0].clone();
        let to = (0..3).find(|i| *i != second).unwrap();
        let body = format!("{mv}\n\n@{} 内緒の話です、席{second}より", seats[to].seat);
        let out = server.mail_in(&bottom_posted_jis(&mail, &body)).ok("mail-in");
        assert!(out.stdout.contains("\"applied\""), "{}", out.stdout);
        written.push((second, Some(to), format!("内緒の話です、席{second}より")));

        // Who may read what: the author; else not a seat they muted, and the table or them alone.
        let reads = |reader: usize, (author, to, _): &(usize, Option<usize>, String)| {
            *author == reader || (!(reader == 1 && *author == 2) && to.is_none_or(|t| t == reader))
        };
        // Every player has a turn email written after the last message, so that every message had its
        // chance to reach every mailbox.
        let turns = |i: usize| emails(&sink).iter().filter(|m| m.kind == "turn" && m.to == seats[i].cli.email).count();
        let base: Vec<usize> = (0..3).map(turns).collect();
        for _ in 0..15 {
            if (0..3).all(|i| turns(i) > base[i]) {
                break;
            }
            let had: Vec<usize> = (0..3).map(turns).collect();
            play_one(&seats[asked(&client, &server, &seats, &game)], &game);
            let next = asked(&client, &server, &seats, &game);
            until("the next turn email", || turns(next) > had[next]);
        }
        assert!((0..3).all(|i| turns(i) > base[i]), "everyone had a turn email after the messages");
        // Emails of messages alone are sent as soon as they are due: give the last ones their time.
        std::thread::sleep(Duration::from_secs(1));

        let all = emails(&sink);
        for (reader, s) in seats.iter().enumerate() {
            let mine: Vec<&Email> = all.iter().filter(|m| m.to == s.cli.email).collect();
            let streamed = streams[reader].lock().unwrap().clone();
            let (page_body, _, _) = page(&client, &server, &game, Some(&s.token));
            for m in &written {
                let (author, _, text) = m;
                let allowed = reads(reader, m);
                // Emails carry the others' words, each once; streams and the page everyone's they may read.
                let in_mails = mine.iter().filter(|e| e.text.contains(text.as_str())).count();
                assert_eq!(in_mails, usize::from(allowed && *author != reader), "{text:?} in {}'s emails", s.cli.name);
                let in_stream = streamed.iter().filter(|e| e["message"]["text"] == text.as_str()).count();
                assert_eq!(in_stream, usize::from(allowed), "{text:?} in {}'s stream", s.cli.name);
                let escaped = text.replace('<', "&lt;").replace('>', "&gt;");
                assert_eq!(page_body.contains(&escaped), allowed, "{text:?} on {}'s page", s.cli.name);
            }
            for e in &mine {
                assert!(!e.html.contains("<b>bold</b>"), "a message is text in an email's HTML");
            }
        }
        assert!(all.iter().filter(|m| m.to == carol.cli.email).all(|m| m.kind != "talk"), "carol asked for none");
        assert!(all.iter().any(|m| m.to == alice.cli.email && m.kind == "talk"), "alice asked for every one");
        // A spectator's page: the table's messages only.
        let (spectator, _, _) = page(&client, &server, &game, None);
        for (_, to, text) in &written {
            let escaped = text.replace('<', "&lt;").replace('>', "&gt;");
            assert_eq!(spectator.contains(&escaped), to.is_none(), "{text:?} on a spectator's page");
        }
        // Webhooks carry exactly the messages each stream carried, once each.
        for (i, s) in seats.iter().enumerate() {
            let mut streamed: Vec<String> = streams[i].lock().unwrap().iter()
                .filter_map(|e| e["message"]["text"].as_str().map(str::to_string)).collect();
            streamed.sort();
            until(&format!("{}'s webhook", s.cli.name), || {
                let mut delivered: Vec<String> = hooked.lock().unwrap().iter()
                    .filter(|(hook, _)| *hook == i)
                    .filter_map(|(_, e)| e["message"]["text"].as_str().map(str::to_string)).collect();
                delivered.sort();
                delivered == streamed
            });
        }

        // The rate limit: at most 30 messages per player per game in 10 minutes, the 31st refused and not written.
        let path = format!("/games/{game}/messages");
        let mine_before = written.iter().filter(|(a, _, _)| *a == 0).count();
        for n in mine_before..30 {
            assert_eq!(api(&client, &server, "POST", &path, Some(&alice.token), Some(json!({"text": format!("flood {n}")}))).0, 201);
        }
        let (status, problem) = api(&client, &server, "POST", &path, Some(&alice.token), Some(json!({"text": "one too many"})));
        assert_eq!((status, problem["code"].as_str()), (429, Some("too_many_requests")));
        let listed = api(&client, &server, "GET", &format!("{path}?limit=500"), Some(&bob.token), None).1;
        assert!(listed["messages"].as_array().unwrap().iter().all(|m| m["text"] != "one too many"));

        // Messages are beside the journal: the game, ended by resignations (in shinobazu the first one may
        // already end it), verifies.
        for player in [&alice, &bob] {
            let detail = carol.cli.run(&["show", &game, "--json"]).ok("show --json").json();
            if detail["status"] != "finished" {
                player.cli.run(&["resign", &game, "--yes"]).ok("resign");
            }
        }
        let detail = carol.cli.run(&["show", &game, "--json"]).ok("show --json").json();
        assert_eq!(detail["status"], "finished", "two resignations end a three-player game");
        carol.cli.run(&["verify", &game]).ok("verify");
    }
}
