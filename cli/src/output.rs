//! Text output: every table and listing the commands print, as pure functions of API types so that they
//! can be tested. No colour anywhere (so NO_COLOR holds trivially); user-visible chrome is English, game
//! texts come in the chosen language.

use serde_json::Value;
use shared::api_types::{
    GameDetail, GameStatus, GameSummary, GameType, JournalListing, LegalMoves, PendingInfo, SeatInfo, SeatKind,
};
use shared::engine::{Lang, Localized, Outcome};
use shared::journal::{Actor, Entry, EntryBody};
use shared::registry;
use shared::text::{self, Align, Table};

/// `--json` output: the server's JSON, pretty-printed with sorted keys (stable across runs).
pub fn json(value: &Value) -> String {
    let mut s = crate::sanitize::json(&serde_json::to_string_pretty(value).expect("a JSON value always serialises"))
        .into_owned();
    s.push('\n');
    s
}

pub fn status_word(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Waiting => "waiting",
        GameStatus::Active => "active",
        GameStatus::Finished => "finished",
    }
}

/// How a seat is shown in listings.
pub fn seat_label(seat: &SeatInfo) -> String {
    match seat.kind {
        SeatKind::Player | SeatKind::Bot if !seat.name.is_empty() => seat.name.clone(),
        SeatKind::Bot => "bot".into(),
        SeatKind::Player => format!("P{}", seat.seat as u16 + 1),
        SeatKind::Open => "(open)".into(),
        SeatKind::Invited => match &seat.invited_email {
            Some(email) => format!("(invited: {email})"),
            None => "(invited)".into(),
        },
    }
}

/// Display names by seat for a renderer; open and invited seats are left empty (the renderer says "P2").
pub fn seat_names(seats: &[SeatInfo]) -> Vec<String> {
    let mut names = vec![String::new(); seats.iter().map(|s| s.seat as usize + 1).max().unwrap_or(0)];
    for s in seats {
        if matches!(s.kind, SeatKind::Player | SeatKind::Bot) {
            names[s.seat as usize] = s.name.clone();
        }
    }
    names
}

/// The name of a seat in a sentence: its player's name, else "P<n>".
pub fn seat_name(seats: &[SeatInfo], seat: u8) -> String {
    seats
        .iter()
        .find(|s| s.seat == seat)
        .filter(|s| !s.name.is_empty() && matches!(s.kind, SeatKind::Player | SeatKind::Bot))
        .map(|s| s.name.clone())
        .unwrap_or_else(|| format!("P{}", seat as u16 + 1))
}

/// `tegami games`.
pub fn games_table(games: &[GameSummary]) -> String {
    let mut table = Table::new(["ID", "GAME", "STATUS", "PLAYERS", "TURN"]).align(0, Align::Right);
    for g in games {
        let players: Vec<String> = g.seats.iter().map(seat_label).collect();
        let turn = if g.my_turn { "YOUR TURN" } else { "" };
        table.row([g.id.to_string(), g.slug.clone(), status_word(g.status).into(), players.join(", "), turn.into()]);
    }
    table.render()
}

/// `tegami types`.
pub fn types_table(types: &[GameType], lang: Lang) -> String {
    let mut table = Table::new(["GAME", "PLAYERS", "NAME"]);
    for t in types {
        let players = if t.info.min_seats == t.info.max_seats {
            t.info.min_seats.to_string()
        } else {
            format!("{}-{}", t.info.min_seats, t.info.max_seats)
        };
        table.row([t.info.slug.clone(), players, t.info.name.get(lang).to_string()]);
    }
    let hint = match lang {
        Lang::En => "\nthe rules of a game: `tegami rules <game>`\n",
        Lang::Ja => "\nルールは `tegami rules <game>` で読めます\n",
    };
    table.render() + hint
}

/// `tegami types <game>`.
pub fn type_detail(t: &GameType, lang: Lang, width: usize) -> String {
    let mut out =
        format!("{} ({}), {}-{} players\n\n", t.info.name.get(lang), t.info.slug, t.info.min_seats, t.info.max_seats);
    for line in text::wrap(t.info.about.get(lang), width) {
        out.push_str(&line);
        out.push('\n');
    }
    let options = serde_json::to_string(&t.default_options).expect("JSON serialises");
    out.push_str(&format!("\ndefault options: {options}\n"));
    let slug = &t.info.slug;
    let url = &t.rules_url;
    out.push_str(&match (lang, url.is_empty()) {
        (Lang::En, true) => format!("rules: `tegami rules {slug}`\n"),
        (Lang::En, false) => format!("rules: `tegami rules {slug}`, or {url}\n"),
        (Lang::Ja, true) => format!("ルール: `tegami rules {slug} --lang ja`\n"),
        (Lang::Ja, false) => format!("ルール: `tegami rules {slug} --lang ja` または {url}?lang=ja\n"),
    });
    out
}

/// Who is being waited for, publicly: "alice (play), bob (play)".
pub fn waiting_for(pending: &[PendingInfo], seats: &[SeatInfo]) -> String {
    let parts: Vec<String> = pending
        .iter()
        .map(|p| match p.seat {
            Some(seat) => format!("{} ({})", seat_name(seats, seat), p.kind),
            None => format!("someone ({})", p.kind),
        })
        .collect();
    parts.join(", ")
}

/// The header of `tegami show`: id, name, status, seats, whose turn, and my prompts (`prompts` pairs
/// each of my pending decisions with its prompt when it could be fetched).
/// The game's time limit and what a missed deadline does.
fn time_limit_line(detail: &GameDetail, lang: Lang) -> String {
    use shared::api_types::TimeoutPolicy;
    match (detail.deadline_hours, lang) {
        (None, Lang::Ja) => "時間制限なし\n".into(),
        (None, _) => "no time limit\n".into(),
        (Some(h), Lang::Ja) => {
            let missed = match detail.timeout_policy {
                TimeoutPolicy::Forfeit => "投了扱い",
                TimeoutPolicy::Skip => "サーバーが合法手を代打ちして手番を飛ばす",
            };
            format!("持ち時間: 1手 {h} 時間。期限切れは{missed}（ルールに既定の応答がある場合はそれ）\n")
        }
        (Some(h), _) => {
            let missed = match detail.timeout_policy {
                TimeoutPolicy::Forfeit => "forfeits",
                TimeoutPolicy::Skip => "is skipped (the server plays a random legal answer)",
            };
            format!("time limit: {h} h per decision; a missed one {missed}, unless the rules name a default\n")
        }
    }
}

pub fn game_header(detail: &GameDetail, prompts: &[(PendingInfo, Option<Localized>)], lang: Lang) -> String {
    let s = &detail.summary;
    let mut out = format!("game {}: {} ({}), {}\n", s.id, s.name.get(lang), s.slug, status_word(s.status));
    let mut table = Table::new(["", "", ""]).align(1, Align::Right);
    for seat in &s.seats {
        let you = if s.my_seat == Some(seat.seat) { "(you)" } else { "" };
        table.row([
            "  seat".to_string(),
            seat.seat.to_string(),
            format!("{} {you}", seat_label(seat)).trim_end().to_string(),
        ]);
    }
    out.push_str(&table.render());
    if s.status != GameStatus::Finished {
        out.push_str(&time_limit_line(detail, lang));
    }
    match s.status {
        GameStatus::Waiting => {
            let free: Vec<String> = s
                .seats
                .iter()
                .filter(|seat| matches!(seat.kind, SeatKind::Open | SeatKind::Invited))
                .map(|seat| seat.seat.to_string())
                .collect();
            out.push_str(&format!("waiting for players to take seat {}\n", free.join(", ")));
        }
        GameStatus::Active if !detail.pending.is_empty() => {
            out.push_str(&format!("waiting for: {}\n", waiting_for(&detail.pending, &s.seats)));
        }
        GameStatus::Active | GameStatus::Finished => {}
    }
    for (p, prompt) in prompts {
        match prompt {
            Some(prompt) => out.push_str(&format!("your turn [{}]: {}\n", p.decision, prompt.get(lang))),
            None => out.push_str(&format!("your turn [{}]: {}\n", p.decision, p.kind)),
        }
    }
    out
}

/// The result of a finished game: the summary, then ranks and scores.
pub fn outcome_text(outcome: &Outcome, seats: &[SeatInfo], lang: Lang) -> String {
    let mut out = format!("result: {}\n", outcome.summary.get(lang));
    let has_scores = outcome.scores.iter().any(Option::is_some);
    let mut table = Table::new(if has_scores {
        vec!["  RANK", "SEAT", "PLAYER", "SCORE"]
    } else {
        vec!["  RANK", "SEAT", "PLAYER"]
    })
    .align(0, Align::Right)
    .align(1, Align::Right)
    .align(3, Align::Right);
    let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks[i], i));
    for i in order {
        let seat = i as u8;
        let mut name = seat_name(seats, seat);
        if outcome.eliminated.contains(&seat) {
            name.push_str(" (out)");
        }
        let mut row = vec![outcome.ranks[i].to_string(), seat.to_string(), name];
        if has_scores {
            row.push(outcome.scores.get(i).copied().flatten().map(|s| s.to_string()).unwrap_or_default());
        }
        table.row(row);
    }
    out.push_str(&table.render());
    out
}

/// Events, one per line.
pub fn events_text(events: &[Localized], lang: Lang) -> String {
    events.iter().map(|e| format!("{}\n", e.get(lang))).collect()
}

/// `tegami moves`.
pub fn moves_text(game: i64, moves: &[LegalMoves], lang: Lang, width: usize) -> String {
    let mut out = String::new();
    for m in moves {
        let c = &m.choices;
        out.push_str(&format!("[{}] {}\n", m.decision.decision, c.prompt.get(lang)));
        if c.complete {
            for o in &c.options {
                out.push_str(&format!("  {}\n", o.notation));
            }
        } else {
            if let Some(help) = &c.help {
                for line in text::wrap(help.get(lang), width.saturating_sub(2).max(20)) {
                    out.push_str(&format!("  {line}\n"));
                }
            }
            if !c.options.is_empty() {
                out.push_str("  examples:\n");
                for o in &c.options {
                    out.push_str(&format!("    {}\n", o.notation));
                }
            }
        }
    }
    if moves.len() > 1 {
        out.push_str(&format!("answer with `tegami play {game} --decision <id> <move>`\n"));
    } else if !moves.is_empty() {
        out.push_str(&format!("answer with `tegami play {game} <move>`\n"));
    }
    out
}

/// A journal action in notation when this build knows the game, else as compact JSON.
fn action_text(slug: &str, action: &Value) -> String {
    if action.is_null() {
        return "(hidden)".into();
    }
    registry::game(slug)
        .and_then(|g| g.print_action(action).ok())
        .unwrap_or_else(|| serde_json::to_string(action).expect("JSON serialises"))
}

fn entry_line(listing: &JournalListing, e: &Entry) -> (String, String) {
    let seats = &listing.seats;
    match &e.body {
        EntryBody::Create { slug, seats: n, .. } => ("server".into(), format!("created {slug} for {n} seats")),
        EntryBody::Move { seat, action, by, .. } => {
            let what =
                if e.redacted && action.is_null() { "(hidden)".into() } else { action_text(&listing.slug, action) };
            let what = match by {
                Actor::Server => format!("{what} (by the server)"),
                Actor::Mail => format!("{what} (by email)"),
                Actor::Player | Actor::Bot => what,
            };
            (seat_name(seats, *seat), what)
        }
        EntryBody::Resign { seat, .. } => (seat_name(seats, *seat), "resigned".into()),
        EntryBody::Timeout { seat, action, .. } => {
            let what = match action {
                Some(a) => format!("timed out: {}", action_text(&listing.slug, a)),
                None => "timed out and forfeited".into(),
            };
            (seat_name(seats, *seat), what)
        }
        EntryBody::Reveal { .. } => ("server".into(), "revealed the seed".into()),
        // While the game runs, or for good for an answer the rules never reveal (a declined 石田散薬).
        EntryBody::Withheld => ("?".into(), "answered (who answered is kept secret)".into()),
    }
}

/// `tegami log`: one line per entry (seq, time, who, what), then its events indented.
pub fn journal_text(listing: &JournalListing, lang: Lang) -> String {
    journal_entries_text(listing, &listing.entries, lang)
}

/// Some entries of a journal, formatted as in `tegami log` (`watch` prints the new ones).
pub fn journal_entries_text(listing: &JournalListing, entries: &[Entry], lang: Lang) -> String {
    let lines: Vec<(String, String)> = entries.iter().map(|e| entry_line(listing, e)).collect();
    let who_width = lines.iter().map(|(who, _)| text::width(who)).max().unwrap_or(0);
    let seq_width = entries.iter().map(|e| e.seq.to_string().len()).max().unwrap_or(1);
    let mut out = String::new();
    for (e, (who, what)) in entries.iter().zip(&lines) {
        let line = format!("{:>seq_width$}  {}  {}  {}", e.seq, e.at, text::pad_right(who, who_width), what);
        out.push_str(line.trim_end());
        out.push('\n');
        for ev in &e.events {
            out.push_str(&format!("{:seq_width$}    {}\n", "", ev.text.get(lang)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::engine::{Event, Mode, ResultKind};

    pub fn seats() -> Vec<SeatInfo> {
        vec![
            SeatInfo {
                seat: 0,
                kind: SeatKind::Player,
                name: "alice".into(),
                account_id: Some(1),
                invited_email: None,
            },
            SeatInfo { seat: 1, kind: SeatKind::Bot, name: "bot".into(), account_id: None, invited_email: None },
            SeatInfo { seat: 2, kind: SeatKind::Open, name: String::new(), account_id: None, invited_email: None },
            SeatInfo {
                seat: 3,
                kind: SeatKind::Invited,
                name: String::new(),
                account_id: None,
                invited_email: Some("bob@example.com".into()),
            },
        ]
    }

    fn summary(id: i64, my_turn: bool, status: GameStatus) -> GameSummary {
        GameSummary {
            id,
            slug: "somegame".into(),
            name: Localized::new("Some Game", "ある遊び"),
            status,
            seats: seats(),
            my_seat: Some(0),
            my_turn,
            entries: 3,
            created_at: "2026-01-01T00:00:00Z".into(),
            updated_at: "2026-01-01T00:00:00Z".into(),
        }
    }

    fn pending(decision: &str, seat: Option<u8>) -> PendingInfo {
        PendingInfo { decision: decision.into(), seat, kind: "play".into(), mode: Mode::Alone }
    }

    #[test]
    fn the_games_table_marks_my_turn() {
        let out = games_table(&[summary(7, true, GameStatus::Active), summary(12, false, GameStatus::Waiting)]);
        assert_eq!(
            out,
            "\
ID  GAME      STATUS   PLAYERS                                         TURN
 7  somegame  active   alice, bot, (open), (invited: bob@example.com)  YOUR TURN
12  somegame  waiting  alice, bot, (open), (invited: bob@example.com)
"
        );
    }

    #[test]
    fn the_header_names_seats_and_turns() {
        let detail = GameDetail {
            summary: summary(7, true, GameStatus::Active),
            options: Value::Null,
            pending: vec![pending("d1", Some(0)), pending("d2", None)],
            my_pending: vec![pending("d1", Some(0))],
            view: Value::Null,
            outcome: None,
            head_hash: "ab".into(),
            seed_commitment: "cd".into(),
            deadline_hours: Some(48),
            timeout_policy: shared::api_types::TimeoutPolicy::Skip,
        };
        let prompts = vec![(pending("d1", Some(0)), Some(Localized::new("Play a card", "札を出す")))];
        assert_eq!(
            game_header(&detail, &prompts, Lang::Ja),
            "\
game 7: ある遊び (somegame), active
  seat  0  alice (you)
  seat  1  bot
  seat  2  (open)
  seat  3  (invited: bob@example.com)
持ち時間: 1手 48 時間。期限切れはサーバーが合法手を代打ちして手番を飛ばす（ルールに既定の応答がある場合はそれ）
waiting for: alice (play), someone (play)
your turn [d1]: 札を出す
"
        );
    }

    #[test]
    fn a_waiting_game_names_its_free_seats() {
        let detail = GameDetail {
            summary: summary(8, false, GameStatus::Waiting),
            options: Value::Null,
            pending: vec![pending("d0", Some(2))],
            my_pending: vec![],
            view: Value::Null,
            outcome: None,
            head_hash: "ab".into(),
            seed_commitment: "cd".into(),
            deadline_hours: None,
            timeout_policy: Default::default(),
        };
        let header = game_header(&detail, &[(pending("d0", Some(0)), None)], Lang::En);
        assert!(header.ends_with("waiting for players to take seat 2, 3\nyour turn [d0]: play\n"), "{header}");
    }

    #[test]
    fn the_outcome_lists_ranks_best_first() {
        let outcome = Outcome {
            result: ResultKind::Win,
            ranks: vec![2, 1],
            scores: vec![Some(5), Some(12)],
            eliminated: vec![],
            summary: Localized::new("bot wins with 12", "botの勝ち"),
        };
        assert_eq!(
            outcome_text(&outcome, &seats(), Lang::En),
            "\
result: bot wins with 12
  RANK  SEAT  PLAYER  SCORE
     1     1  bot        12
     2     0  alice       5
"
        );
        let no_scores = Outcome { scores: vec![None, None], eliminated: vec![0], ..outcome };
        assert!(outcome_text(&no_scores, &seats(), Lang::En).contains("alice (out)"));
        assert!(!outcome_text(&no_scores, &seats(), Lang::En).contains("SCORE"));
    }

    #[test]
    fn seat_names_leave_open_seats_to_the_renderer() {
        assert_eq!(seat_names(&seats()), vec!["alice", "bot", "", ""]);
        assert_eq!(seat_name(&seats(), 2), "P3");
        assert_eq!(seat_name(&seats(), 9), "P10");
    }

    #[test]
    fn the_journal_shows_who_did_what() {
        let listing = JournalListing {
            game: 7,
            slug: "unknown-here".into(),
            seed_commitment: "c".into(),
            seed: None,
            entries: vec![
                Entry {
                    seq: 0,
                    at: "2026-01-01T00:00:00Z".into(),
                    body: EntryBody::Create {
                        slug: "unknown-here".into(),
                        options: Value::Null,
                        seats: 2,
                        seed_commitment: "c".into(),
                    },
                    nonce: String::new(),
                    prev_hash: String::new(),
                    hash: String::new(),
                    events: vec![],
                    redacted: false,
                    hidden_seat: false,
                },
                Entry {
                    seq: 1,
                    at: "2026-01-01T00:01:00Z".into(),
                    body: EntryBody::Move {
                        seat: 1,
                        decision: "d1".into(),
                        action: Value::Null,
                        by: Actor::Bot,
                        signature: None,
                    },
                    nonce: String::new(),
                    prev_hash: String::new(),
                    hash: String::new(),
                    events: vec![Event::public("bot plays", "botが出す")],
                    redacted: true,
                    hidden_seat: false,
                },
                Entry {
                    seq: 2,
                    at: "2026-01-01T00:02:00Z".into(),
                    body: EntryBody::Move {
                        seat: 0,
                        decision: "d2".into(),
                        action: serde_json::json!({"card": 3}),
                        by: Actor::Player,
                        signature: Some("x.y.z".into()),
                    },
                    nonce: String::new(),
                    prev_hash: String::new(),
                    hash: String::new(),
                    events: vec![],
                    redacted: false,
                    hidden_seat: false,
                },
            ],
            keys: vec![],
            seats: seats(),
            next: None,
        };
        assert_eq!(
            journal_text(&listing, Lang::En),
            "\
0  2026-01-01T00:00:00Z  server  created unknown-here for 2 seats
1  2026-01-01T00:01:00Z  bot     (hidden)
     bot plays
2  2026-01-01T00:02:00Z  alice   {\"card\":3}
"
        );
    }

    #[test]
    fn moves_list_options_or_help() {
        use shared::registry::{ChoiceOption, ChoicesOut};
        let listed = LegalMoves {
            decision: pending("d1", Some(0)),
            choices: ChoicesOut {
                prompt: Localized::new("Play a card", "札"),
                complete: true,
                options: vec![
                    ChoiceOption { notation: "R".into(), action: Value::Null },
                    ChoiceOption { notation: "L".into(), action: Value::Null },
                ],
                help: None,
            },
        };
        assert_eq!(
            moves_text(7, std::slice::from_ref(&listed), Lang::En, 80),
            "[d1] Play a card\n  R\n  L\nanswer with `tegami play 7 <move>`\n"
        );
        let described = LegalMoves {
            decision: pending("d2", Some(0)),
            choices: ChoicesOut {
                prompt: Localized::new("Aim", "狙う"),
                complete: false,
                options: vec![ChoiceOption { notation: "a 10".into(), action: Value::Null }],
                help: Some(Localized::new("angle 0-359", "角度")),
            },
        };
        assert_eq!(
            moves_text(7, &[listed, described], Lang::En, 80),
            "[d1] Play a card\n  R\n  L\n[d2] Aim\n  angle 0-359\n  examples:\n    a 10\n\
             answer with `tegami play 7 --decision <id> <move>`\n"
        );
    }

    #[test]
    fn json_output_is_sorted_and_ends_with_a_newline() {
        let v: Value = serde_json::from_str(r#"{"b":1,"a":[true]}"#).unwrap();
        assert_eq!(json(&v), "{\n  \"a\": [\n    true\n  ],\n  \"b\": 1\n}\n");
    }
}
