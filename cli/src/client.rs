//! The one HTTP client, and the one function that turns any failed request into a readable error.

use std::time::Duration;

use catalog::t;
use reqwest::blocking::{RequestBuilder, Response};
use reqwest::{Method, StatusCode};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use shared::api_types::Problem;
use shared::engine::Lang;

use crate::error::{CliError, Refusal, Result};

pub struct Client {
    http: reqwest::blocking::Client,
    server: String,
    token: Option<String>,
    lang: Lang,
}

/// A successful JSON answer: its status and body.
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    pub fn decode<T: DeserializeOwned>(&self) -> Result<T> {
        decode(&self.body)
    }
}

/// Reads a response body as an API type; a mismatch is the server's fault (or a version skew).
pub fn decode<T: DeserializeOwned>(body: &Value) -> Result<T> {
    serde_json::from_value(body.clone())
        .map_err(|e| CliError::network(t!(crate::i18n::lang(), "cli-answer-unexpected", error = e.to_string())))
}

impl Client {
    /// `server` is the base URL without `/api/v1`; `token` goes into `Authorization: Bearer`.
    pub fn new(server: &str, token: Option<String>, lang: Lang) -> Result<Client> {
        let http = reqwest::blocking::Client::builder()
            .user_agent(concat!("tegami-cli/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(60))
            .build()
            .map_err(|e| CliError::local(t!(lang, "cli-http-setup", error = e.to_string())))?;
        Ok(Client { http, server: server.trim_end_matches('/').to_string(), token, lang })
    }

    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        let url = format!("{}/api/v1{}", self.server, path);
        let mut req = self.http.request(method, url).header(reqwest::header::ACCEPT_LANGUAGE, catalog::code(self.lang));
        if let Some(token) = &self.token {
            req = req.bearer_auth(token);
        }
        req
    }

    fn send(&self, req: RequestBuilder) -> Result<Response> {
        let response = req.send().map_err(|e| transport_error(&self.server, &e))?;
        if response.status().is_success() {
            return Ok(response);
        }
        let status = response.status();
        let body = response.text().unwrap_or_default();
        Err(error_from_response(status, &body, self.token.is_some(), self.lang))
    }

    fn json(&self, req: RequestBuilder) -> Result<Reply> {
        let response = self.send(req)?;
        let status = response.status().as_u16();
        let text = response.text().map_err(|e| transport_error(&self.server, &e))?;
        let body = if text.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).map_err(|e| not_json(&self.server, &text, &e.to_string(), self.lang))?
        };
        Ok(Reply { status, body })
    }

    pub fn get(&self, path: &str) -> Result<Reply> {
        self.json(self.request(Method::GET, path))
    }

    pub fn get_query(&self, path: &str, query: &[(&str, String)]) -> Result<Reply> {
        self.json(self.request(Method::GET, path).query(query))
    }

    /// A `text/plain` resource (the server-rendered board).
    pub fn get_text(&self, path: &str, query: &[(&str, String)]) -> Result<String> {
        let response = self.send(self.request(Method::GET, path).query(query))?;
        response.text().map_err(|e| transport_error(&self.server, &e))
    }

    pub fn post<B: Serialize + ?Sized>(&self, path: &str, body: &B) -> Result<Reply> {
        self.json(self.request(Method::POST, path).json(body))
    }

    pub fn put<B: Serialize + ?Sized>(&self, path: &str, body: &B) -> Result<Reply> {
        self.json(self.request(Method::PUT, path).json(body))
    }

    /// A POST without a body.
    pub fn post_empty(&self, path: &str) -> Result<Reply> {
        self.json(self.request(Method::POST, path).header(reqwest::header::CONTENT_LENGTH, "0"))
    }

    pub fn delete(&self, path: &str) -> Result<()> {
        self.send(self.request(Method::DELETE, path)).map(|_| ())
    }

    /// A DELETE whose answer has a body (`DELETE /sessions`), or that sends one (`DELETE /me`).
    pub fn delete_json<B: Serialize + ?Sized>(&self, path: &str, body: Option<&B>) -> Result<Reply> {
        let req = self.request(Method::DELETE, path);
        self.json(match body {
            Some(body) => req.json(body),
            None => req,
        })
    }

    /// Opens a Server-Sent Events stream (no overall timeout: it stays open), resuming after
    /// `last_event_id`. `Ok(None)`: the server has no such stream (404, an older server).
    pub fn open_stream(&self, path: &str, last_event_id: Option<i64>) -> Result<Option<Response>> {
        let http = reqwest::blocking::Client::builder()
            .user_agent(concat!("tegami-cli/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(Duration::from_secs(10))
            .timeout(None)
            .build()
            .map_err(|e| CliError::local(t!(self.lang, "cli-http-setup", error = e.to_string())))?;
        let mut req = http
            .get(format!("{}/api/v1{}", self.server, path))
            .header(reqwest::header::ACCEPT, "text/event-stream")
            .header(reqwest::header::ACCEPT_LANGUAGE, catalog::code(self.lang));
        if let Some(token) = &self.token {
            req = req.bearer_auth(token);
        }
        if let Some(id) = last_event_id {
            req = req.header("Last-Event-ID", id.to_string());
        }
        let response = req.send().map_err(|e| transport_error(&self.server, &e))?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            let body = response.text().unwrap_or_default();
            // An unknown game is a real 404; an older server has no route at all (`no_route`).
            let problem: Option<Problem> = serde_json::from_str(&body).ok();
            return match problem {
                Some(p) if p.code != "no_route" => {
                    Err(error_from_response(status, &body, self.token.is_some(), self.lang))
                }
                _ => Ok(None),
            };
        }
        if !status.is_success() {
            let body = response.text().unwrap_or_default();
            return Err(error_from_response(status, &body, self.token.is_some(), self.lang));
        }
        Ok(Some(response))
    }

    /// A copy for another thread (same server, credentials and language).
    pub fn try_clone(&self) -> Result<Client> {
        Client::new(&self.server, self.token.clone(), self.lang)
    }
}

/// Whether a body is a web page (a proxy's error page, another web server) rather than an API answer.
fn looks_like_html(body: &str) -> bool {
    let start = body.trim_start().get(..15).unwrap_or(body.trim_start()).to_ascii_lowercase();
    start.starts_with("<!doctype")
        || start.starts_with("<html")
        || start.starts_with("<?xml")
        || start.starts_with("<head")
}

/// A success answer that is not JSON: one line that says so, never the page itself.
fn not_json(server: &str, body: &str, error: &str, lang: Lang) -> CliError {
    if looks_like_html(body) {
        CliError::network(t!(lang, "cli-answer-html", server = server))
    } else {
        CliError::network(t!(lang, "cli-answer-not-json", server = server, error = error))
    }
}

fn transport_error(server: &str, e: &reqwest::Error) -> CliError {
    let lang = crate::i18n::lang();
    let what = if e.is_timeout() {
        t!(lang, "cli-net-timed-out")
    } else if e.is_connect() {
        t!(lang, "cli-net-connect-failed")
    } else if e.is_builder() {
        return CliError::usage(t!(lang, "cli-bad-server-url", server = server));
    } else {
        t!(lang, "cli-net-failed")
    };
    // The innermost cause says the useful part ("Connection refused").
    let mut cause: &dyn std::error::Error = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    CliError::network(t!(lang, "cli-unreachable", server = server, what = what, cause = cause.to_string()))
}

/// Turns a failed response into an error: the server's `Problem` when it sent one (its `detail`, in
/// Japanese when asked and available, and the `allowed` answers), else the status and the start of the body.
pub fn error_from_response(status: StatusCode, body: &str, sent_token: bool, lang: Lang) -> CliError {
    let problem: Option<Problem> = serde_json::from_str(body).ok();
    if problem.is_none() && looks_like_html(body) {
        // A proxy's or another web server's page: tegami answers every error with a problem document.
        let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
        return CliError::network(t!(
            lang,
            "cli-answer-html-page",
            status = status.as_u16().to_string(),
            reason = reason
        ));
    }
    let detail = match &problem {
        Some(p) => {
            let told = p.details.as_ref().map(|details| details.get(lang)).filter(|text| !text.is_empty());
            let text = match told {
                Some(text) => text.to_owned(),
                None if !p.detail.is_empty() => p.detail.clone(),
                None => p.title.clone(),
            };
            lowercase_first(&text)
        }
        None => {
            let reason = status.canonical_reason().unwrap_or("error").to_lowercase();
            let snippet: String = body.trim().lines().next().unwrap_or_default().chars().take(200).collect();
            if snippet.is_empty() { reason } else { format!("{reason}: {snippet}") }
        }
    };
    let code = status.as_u16().to_string();
    if status.is_server_error() {
        return CliError::network(t!(lang, "cli-server-failed", status = code, detail = detail));
    }
    // A move whose signature does not verify is a refused move, not a missing login.
    let bad_signature = problem.as_ref().is_some_and(|p| p.code == "bad_signature");
    if status == StatusCode::UNAUTHORIZED && !bad_signature {
        return CliError::not_logged_in(if sent_token {
            t!(lang, "cli-credentials-refused", detail = detail)
        } else {
            t!(lang, "cli-not-logged-in-server", detail = detail)
        });
    }
    if !status.is_client_error() {
        return CliError::network(t!(lang, "cli-server-unexpected", status = code, detail = detail));
    }
    let problem_code = problem.as_ref().map(|p| p.code.clone()).filter(|c| !c.is_empty());
    // The server names its API; a player at the terminal needs the command instead.
    let (message, help) = match problem_code.as_deref() {
        Some("email_unverified") => (t!(lang, "cli-email-unverified"), Some(t!(lang, "cli-email-unverified-help"))),
        _ => (detail, None),
    };
    CliError::Refused(Refusal {
        status: Some(status.as_u16()),
        code: problem_code,
        message,
        allowed: problem.and_then(|p| p.allowed).unwrap_or_default(),
        help,
    })
}

/// Cargo style: messages start lower-case (unless the first word is an acronym or a name in capitals).
fn lowercase_first(text: &str) -> String {
    let text = text.trim().trim_end_matches('.');
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(status: u16, detail: &str, allowed: Option<Vec<&str>>) -> String {
        serde_json::to_string(&Problem {
            kind: "https://tegami.dev/problems/x".into(),
            title: "Title".into(),
            status,
            detail: detail.into(),
            code: "some_code".into(),
            allowed: allowed.map(|a| a.into_iter().map(String::from).collect()),
            details: Some(shared::Localized::in_each_language(|lang| {
                if lang == Lang::Ja { "日本語の説明".into() } else { detail.into() }
            })),
            detail_ja: None,
        })
        .unwrap()
    }

    #[test]
    fn a_problem_becomes_a_refusal_with_its_allowed_answers() {
        let body = problem(422, "That card is not in your hand.", Some(vec!["R", "L"]));
        let err = error_from_response(StatusCode::UNPROCESSABLE_ENTITY, &body, true, Lang::En);
        assert_eq!(err.exit_code(), 3);
        let CliError::Refused(r) = &err else { panic!("{err:?}") };
        assert_eq!(r.message, "that card is not in your hand");
        assert_eq!(r.allowed, vec!["R", "L"]);
        assert_eq!(r.code.as_deref(), Some("some_code"));
        assert_eq!(r.status, Some(422));
        let ja = error_from_response(StatusCode::UNPROCESSABLE_ENTITY, &body, true, Lang::Ja);
        assert_eq!(ja.to_string(), "日本語の説明");
    }

    #[test]
    fn statuses_map_to_exit_codes() {
        let body = problem(0, "x", None);
        let code = |s: u16, token: bool| {
            error_from_response(StatusCode::from_u16(s).unwrap(), &body, token, Lang::En).exit_code()
        };
        assert_eq!(code(400, true), 3);
        assert_eq!(code(403, true), 3);
        assert_eq!(code(404, true), 3);
        assert_eq!(code(409, true), 3);
        assert_eq!(code(422, true), 3);
        assert_eq!(code(401, false), 6);
        assert_eq!(code(401, true), 6);
        assert_eq!(code(500, true), 4);
        assert_eq!(code(503, false), 4);
        let bad_signature = serde_json::to_string(&Problem {
            code: "bad_signature".into(),
            ..serde_json::from_str::<Problem>(&body).unwrap()
        })
        .unwrap();
        assert_eq!(error_from_response(StatusCode::UNAUTHORIZED, &bad_signature, true, Lang::En).exit_code(), 3);
    }

    #[test]
    fn a_body_that_is_not_a_problem_is_quoted() {
        let err = error_from_response(StatusCode::BAD_GATEWAY, "upstream down\nretry later", false, Lang::En);
        assert_eq!(err.to_string(), "the server failed (502): bad gateway: upstream down");
        let page = "<!DOCTYPE html>\n<html><body><h1>502 Bad Gateway</h1>\n<p>nginx</p></body></html>";
        let err = error_from_response(StatusCode::BAD_GATEWAY, page, false, Lang::En);
        assert_eq!(
            err.to_string(),
            "the server answered 502 (bad gateway) with a web page, not a tegami answer; is it a tegami server? \
             (set it with `--server` or TEGAMI_SERVER)"
        );
        let err = error_from_response(StatusCode::NOT_FOUND, page, true, Lang::En);
        assert_eq!(err.exit_code(), 4, "not a refusal by tegami");
        assert!(!err.report().contains('<'), "{}", err.report());
        let err = error_from_response(StatusCode::NOT_FOUND, "", false, Lang::En);
        assert_eq!(err.to_string(), "not found");
        let err = error_from_response(StatusCode::UNAUTHORIZED, "", false, Lang::En);
        assert_eq!(err.to_string(), "you are not logged in (unauthorized); run `tegami login`");
    }

    #[test]
    fn messages_start_lower_case_except_acronyms() {
        assert_eq!(lowercase_first("Seat taken."), "seat taken");
        assert_eq!(lowercase_first("JSON body invalid"), "JSON body invalid");
        assert_eq!(lowercase_first("盤面"), "盤面");
    }

    #[test]
    fn connection_refused_is_a_network_error() {
        // Port 9 (discard) on localhost is closed on any sane test machine; bind-and-drop to be sure.
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let client = Client::new(&format!("http://127.0.0.1:{port}/"), None, Lang::En).unwrap();
        let err = client.get("/me").err().unwrap();
        assert_eq!(err.exit_code(), 4, "{err}");
        assert!(err.to_string().starts_with(&format!("cannot reach `http://127.0.0.1:{port}`")), "{err}");
    }

    /// Serves one canned HTTP response on a free port; returns the base URL and the raw request received.
    fn one_shot(status: &str, content_type: &str, body: &str) -> (String, std::thread::JoinHandle<String>) {
        use std::io::{Read, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let response = format!(
            "HTTP/1.1 {status}\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let handle = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            let mut request = Vec::new();
            let mut buf = [0u8; 4096];
            // Read the head, then as much body as content-length says.
            loop {
                let n = stream.read(&mut buf).unwrap();
                request.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&request).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let length = text
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().parse::<usize>().unwrap())
                        })
                        .unwrap_or(0);
                    if request.len() >= end + 4 + length {
                        break;
                    }
                }
                if n == 0 {
                    break;
                }
            }
            stream.write_all(response.as_bytes()).unwrap();
            String::from_utf8_lossy(&request).to_string()
        });
        (url, handle)
    }

    #[test]
    fn requests_carry_the_token_and_json_and_answers_decode() {
        let (url, server) = one_shot("201 Created", "application/json", r#"{"id": 4, "name": "ci"}"#);
        let client = Client::new(&url, Some("sekrit".into()), Lang::Ja).unwrap();
        let reply = client.post("/tokens", &serde_json::json!({"name": "ci"})).unwrap();
        assert_eq!(reply.status, 201);
        assert_eq!(reply.body["id"], 4);
        let request = server.join().unwrap();
        assert!(request.starts_with("POST /api/v1/tokens HTTP/1.1\r\n"), "{request}");
        let lower = request.to_ascii_lowercase();
        assert!(lower.contains("authorization: bearer sekrit\r\n"), "{request}");
        assert!(lower.contains("accept-language: ja\r\n"), "{request}");
        assert!(request.ends_with(r#"{"name":"ci"}"#), "{request}");
    }

    #[test]
    fn a_problem_response_becomes_a_refusal_end_to_end() {
        let body = problem(409, "Decision d3 is no longer pending.", None);
        let (url, server) = one_shot("409 Conflict", "application/problem+json", &body);
        let client = Client::new(&url, Some("t".into()), Lang::En).unwrap();
        let err = client.post("/games/1/moves", &serde_json::json!({"move": "a.b.c"})).err().unwrap();
        server.join().unwrap();
        assert_eq!(err.exit_code(), 3);
        assert_eq!(err.to_string(), "decision d3 is no longer pending");
    }

    #[test]
    fn a_server_failure_is_exit_4_and_an_empty_204_is_fine() {
        let (url, server) =
            one_shot("500 Internal Server Error", "application/problem+json", &problem(500, "boom", None));
        let err = Client::new(&url, None, Lang::En).unwrap().get("/me").err().unwrap();
        server.join().unwrap();
        assert_eq!(err.exit_code(), 4);
        let (url, server) = one_shot("204 No Content", "text/plain", "");
        Client::new(&url, Some("t".into()), Lang::En).unwrap().delete("/tokens/3").unwrap();
        assert!(server.join().unwrap().starts_with("DELETE /api/v1/tokens/3 "));
    }

    #[test]
    fn a_web_page_instead_of_the_api_is_one_clear_line() {
        let page = "<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>It works!</body></html>";
        let (url, server) = one_shot("200 OK", "text/html", page);
        let err = Client::new(&url, None, Lang::En).unwrap().get("/game-types").err().unwrap();
        server.join().unwrap();
        assert_eq!(err.exit_code(), 4);
        let report = err.report();
        assert_eq!(report.lines().count(), 1, "{report}");
        assert!(report.contains(&format!("`{url}` answered with a web page")) && !report.contains('<'), "{report}");
    }
}
