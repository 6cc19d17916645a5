//! Text output: every table and listing the commands print, as pure functions of API types so that they
//! can be tested. No colour anywhere (so NO_COLOR holds trivially); every word comes from the message
//! catalogs in the chosen language, and prose lines are wrapped to the terminal's width.

use catalog::t;
use serde_json::Value;
use shared::api_types::{
    ArchivePage, GameDetail, GameStatus, GameSummary, GameType, JournalListing, LegalMoves, LobbyPage, PendingInfo,
    PlayerRating, Profile, SeatInfo, SeatKind, Standing,
};
use shared::engine::{Audience, Event, Lang, Localized, Outcome};
use shared::journal::{Actor, Entry, EntryBody};
use shared::registry;
use shared::text::{self, Align, Table};

use crate::sanitize::inline;

/// `--json` output: the server's JSON, pretty-printed with sorted keys (stable across runs).
pub fn json(value: &Value) -> String {
    let mut s = crate::sanitize::json(&serde_json::to_string_pretty(value).expect("a JSON value always serialises"))
        .into_owned();
    s.push('\n');
    s
}

/// `text` broken at word boundaries (and between CJK characters, which have no spaces) into lines of at most
/// `width` columns; lines after the first are indented by `indent` columns. A word longer than a line is cut
/// only when nothing else can hold it. Each line ends with a newline.
pub fn wrapped(text: &str, width: usize, indent: usize) -> String {
    let indent = indent.min(width / 2);
    let mut out = String::new();
    for paragraph in text.trim_end().split('\n') {
        let mut line = String::new();
        let mut line_width = 0;
        let mut pending_space = String::new();
        let mut starts = true;
        for token in tokens(paragraph) {
            if token.starts_with(' ') {
                pending_space = token.to_string();
                continue;
            }
            let needed = text::width(&pending_space) + text::width(token);
            let empty = if starts { 0 } else { indent };
            if line_width > empty && line_width + needed > width {
                out.push_str(line.trim_end());
                out.push('\n');
                line = " ".repeat(indent);
                line_width = indent;
                starts = false;
                pending_space.clear();
            }
            for c in pending_space.drain(..).chain(token.chars()) {
                let w = text::width(c.encode_utf8(&mut [0; 4]));
                let empty = if starts { 0 } else { indent };
                if line_width + w > width && line_width > empty {
                    out.push_str(line.trim_end());
                    out.push('\n');
                    line = " ".repeat(indent);
                    line_width = indent;
                    starts = false;
                }
                line.push(c);
                line_width += w;
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Words, runs of spaces, and single wide characters (each a break opportunity), in order.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut kind = None;
    for (i, c) in text.char_indices() {
        let wide = text::width(c.encode_utf8(&mut [0; 4])) > 1;
        let this = if c == ' ' {
            0
        } else if wide {
            2
        } else {
            1
        };
        if kind.is_some() && (kind != Some(this) || wide) && i > start {
            out.push(&text[start..i]);
            start = i;
        }
        kind = Some(this);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

pub fn status_word(status: GameStatus, lang: Lang) -> String {
    match status {
        GameStatus::Waiting => t!(lang, "cli-status-waiting"),
        GameStatus::Active => t!(lang, "cli-status-active"),
        GameStatus::Finished => t!(lang, "cli-status-finished"),
    }
}

/// "P<n>": a seat with nobody's name to show.
fn seat_number(seat: u8, lang: Lang) -> String {
    t!(lang, "cli-seat-number", number = (seat as u16 + 1).to_string())
}

/// How a seat is shown in listings.
pub fn seat_label(seat: &SeatInfo, lang: Lang) -> String {
    match seat.kind {
        SeatKind::Player | SeatKind::Bot if !seat.name.is_empty() => inline(&seat.name).into_owned(),
        SeatKind::Bot => t!(lang, "cli-seat-bot"),
        SeatKind::Player => seat_number(seat.seat, lang),
        SeatKind::Open => t!(lang, "cli-seat-open"),
        SeatKind::Invited => match &seat.invited_email {
            Some(email) => t!(lang, "cli-seat-invited-email", email = inline(email)),
            None => t!(lang, "cli-seat-invited"),
        },
    }
}

/// Display names by seat for a renderer; open and invited seats are left empty (the renderer says "P2").
pub fn seat_names(seats: &[SeatInfo]) -> Vec<String> {
    let mut names = vec![String::new(); seats.iter().map(|s| s.seat as usize + 1).max().unwrap_or(0)];
    for s in seats {
        if matches!(s.kind, SeatKind::Player | SeatKind::Bot) {
            names[s.seat as usize] = inline(&s.name).into_owned();
        }
    }
    names
}

/// The name of a seat in a sentence: its player's name, else "P<n>".
pub fn seat_name(seats: &[SeatInfo], seat: u8, lang: Lang) -> String {
    seats
        .iter()
        .find(|s| s.seat == seat)
        .filter(|s| !s.name.is_empty() && matches!(s.kind, SeatKind::Player | SeatKind::Bot))
        .map(|s| inline(&s.name).into_owned())
        .unwrap_or_else(|| seat_number(seat, lang))
}

/// `tegami games`.
pub fn games_table(games: &[GameSummary], lang: Lang) -> String {
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-games-head-status"),
        t!(lang, "cli-games-head-players"),
        t!(lang, "cli-games-head-turn"),
    ])
    .align(0, Align::Right);
    for g in games {
        let players: Vec<String> = g.seats.iter().map(|s| seat_label(s, lang)).collect();
        let turn = if g.my_turn { t!(lang, "cli-games-your-turn") } else { String::new() };
        let players = players.join(&t!(lang, "cli-list-separator"));
        table.row([g.id.to_string(), g.slug.clone(), status_word(g.status, lang), players, turn]);
    }
    table.render()
}

/// `tegami types`.
pub fn types_table(types: &[GameType], lang: Lang) -> String {
    let mut table = Table::new([
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-types-head-players"),
        t!(lang, "cli-types-head-name"),
    ]);
    for t in types {
        let players = if t.info.min_seats == t.info.max_seats {
            t.info.min_seats.to_string()
        } else {
            format!("{}-{}", t.info.min_seats, t.info.max_seats)
        };
        table.row([t.info.slug.clone(), players, t.info.name.get(lang).to_string()]);
    }
    format!("{}\n{}\n", table.render(), t!(lang, "cli-types-rules-hint"))
}

/// `tegami types <game>`.
pub fn type_detail(t: &GameType, lang: Lang, width: usize) -> String {
    let title = t!(
        lang,
        "cli-type-title",
        name = t.info.name.get(lang),
        slug = &t.info.slug,
        min = t.info.min_seats,
        max = t.info.max_seats
    );
    let mut out = wrapped(&title, width, 2);
    out.push('\n');
    for line in text::wrap(t.info.about.get(lang), width) {
        out.push_str(&line);
        out.push('\n');
    }
    let options = serde_json::to_string(&t.default_options).expect("JSON serialises");
    out.push('\n');
    out.push_str(&wrapped(&t!(lang, "cli-type-default-options", options = options), width, 2));
    let rules = if t.rules_url.is_empty() {
        t!(lang, "cli-type-rules", slug = &t.info.slug)
    } else {
        t!(lang, "cli-type-rules-url", slug = &t.info.slug, url = &t.rules_url)
    };
    out.push_str(&wrapped(&rules, width, 2));
    out
}

/// Who is being waited for, publicly: "alice (play), bob (play)".
pub fn waiting_for(pending: &[PendingInfo], seats: &[SeatInfo], lang: Lang) -> String {
    let parts: Vec<String> = pending
        .iter()
        .map(|p| {
            let who = match p.seat {
                Some(seat) => seat_name(seats, seat, lang),
                None => t!(lang, "cli-someone"),
            };
            let mut one = t!(lang, "cli-header-waiting-one", who = who, kind = &p.kind);
            if let Some(deadline) = &p.deadline {
                one.push(' ');
                one.push_str(&t!(lang, "cli-header-due", deadline = deadline_text(deadline)));
            }
            one
        })
        .collect();
    parts.join(&t!(lang, "cli-list-separator"))
}

/// A deadline as the server gives it (RFC 3339 UTC), to the minute: `2026-11-28 14:05 UTC`.
pub fn deadline_text(deadline: &str) -> String {
    match (deadline.get(..10), deadline.get(11..16)) {
        (Some(day), Some(time)) if deadline.as_bytes().get(10) == Some(&b'T') => format!("{day} {time} UTC"),
        _ => deadline.to_string(),
    }
}

/// The game's time limit and what a missed deadline does.
fn time_limit_line(detail: &GameDetail, lang: Lang) -> String {
    use shared::api_types::TimeoutPolicy;
    match detail.deadline_hours {
        None => t!(lang, "cli-header-no-time-limit"),
        Some(hours) => {
            let policy = match detail.timeout_policy {
                TimeoutPolicy::Forfeit => "forfeit",
                TimeoutPolicy::Skip => "skip",
            };
            t!(lang, "cli-header-time-limit", hours = hours, policy = policy)
        }
    }
}

/// The header of `tegami show`: id, name, status, seats, whose turn, and my prompts (`prompts` pairs
/// each of my pending decisions with its prompt when it could be fetched). Every line fits `width`.
pub fn game_header(
    detail: &GameDetail,
    prompts: &[(PendingInfo, Option<Localized>)],
    lang: Lang,
    width: usize,
) -> String {
    let s = &detail.summary;
    let title = t!(
        lang,
        "cli-header-title",
        id = s.id.to_string(),
        name = s.name.get(lang),
        slug = &s.slug,
        status = status_word(s.status, lang)
    );
    let mut out = wrapped(&title, width, 2);
    let mut table = Table::new(["", "", ""]).align(1, Align::Right);
    for seat in &s.seats {
        let label = seat_label(seat, lang);
        let label = if s.my_seat == Some(seat.seat) { t!(lang, "cli-header-you", name = label) } else { label };
        table.row([format!("  {}", t!(lang, "cli-header-seat")), seat.seat.to_string(), label]);
    }
    out.push_str(&table.render());
    if s.status != GameStatus::Finished {
        out.push_str(&wrapped(&time_limit_line(detail, lang), width, 2));
    }
    match s.status {
        GameStatus::Waiting => {
            let free: Vec<String> = s
                .seats
                .iter()
                .filter(|seat| matches!(seat.kind, SeatKind::Open | SeatKind::Invited))
                .map(|seat| seat.seat.to_string())
                .collect();
            let seats = free.join(&t!(lang, "cli-list-separator"));
            out.push_str(&wrapped(&t!(lang, "cli-header-waiting-for-seats", seats = seats), width, 2));
        }
        GameStatus::Active if !detail.pending.is_empty() => {
            let who = waiting_for(&detail.pending, &s.seats, lang);
            out.push_str(&wrapped(&t!(lang, "cli-header-waiting-for", who = who), width, 2));
        }
        GameStatus::Active | GameStatus::Finished => {}
    }
    for (p, prompt) in prompts {
        let prompt = match prompt {
            Some(prompt) => prompt.get(lang).to_string(),
            None => p.kind.clone(),
        };
        // Its deadline is on the "waiting for" line already.
        let line = t!(lang, "cli-header-your-turn", decision = &p.decision, prompt = prompt);
        out.push_str(&wrapped(&line, width, 2));
    }
    out
}

/// The result of a finished game: the summary, then ranks and scores.
pub fn outcome_text(outcome: &Outcome, seats: &[SeatInfo], lang: Lang, width: usize) -> String {
    let mut out = wrapped(&t!(lang, "cli-result", summary = outcome.summary.get(lang)), width, 2);
    let has_scores = outcome.scores.iter().any(Option::is_some);
    let mut head = vec![
        format!("  {}", t!(lang, "cli-result-head-rank")),
        t!(lang, "cli-result-head-seat"),
        t!(lang, "cli-result-head-player"),
    ];
    if has_scores {
        head.push(t!(lang, "cli-result-head-score"));
    }
    let mut table = Table::new(head).align(0, Align::Right).align(1, Align::Right).align(3, Align::Right);
    let mut order: Vec<usize> = (0..outcome.ranks.len()).collect();
    order.sort_by_key(|&i| (outcome.ranks[i], i));
    for i in order {
        let seat = i as u8;
        let mut name = seat_name(seats, seat, lang);
        if outcome.eliminated.contains(&seat) {
            name.push(' ');
            name.push_str(&t!(lang, "cli-result-out"));
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

/// Who won a finished game, in a line of its own (none when nobody did: a draw, or a game everyone loses).
pub fn winners_line(standings: &[Standing], lang: Lang) -> Option<String> {
    let winners: Vec<&str> = standings.iter().filter(|s| s.winner).map(|s| s.name.as_str()).collect();
    if winners.is_empty() {
        return (!standings.is_empty()).then(|| format!("{}\n", catalog::t!(lang, "result-no-winner")));
    }
    Some(format!("{}\n", catalog::t!(lang, "result-winners", count = winners.len(), names = winners.join(", "))))
}

/// `tegami lobby`: the games with an open seat, and how to take one.
pub fn lobby_table(page: &LobbyPage, lang: Lang) -> String {
    if page.games.is_empty() {
        return format!("{}\n", catalog::t!(lang, "lobby-empty"));
    }
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-lobby-head-seats"),
        t!(lang, "cli-lobby-head-open"),
        t!(lang, "cli-lobby-head-time"),
        t!(lang, "cli-lobby-head-rated"),
        t!(lang, "cli-lobby-head-lang"),
        t!(lang, "cli-lobby-head-creator"),
    ])
    .align(0, Align::Right);
    for g in &page.games {
        let open: Vec<String> = g.open_seats.iter().map(u8::to_string).collect();
        table.row([
            g.summary.id.to_string(),
            g.summary.slug.clone(),
            g.summary.seats.len().to_string(),
            open.join(","),
            g.deadline_hours.map_or_else(|| "-".to_string(), |hours| t!(lang, "cli-lobby-hours", hours = hours)),
            if g.rated { t!(lang, "cli-lobby-rated") } else { String::new() },
            catalog::code(g.lang).to_string(),
            inline(&g.creator).into_owned(),
        ]);
    }
    let mut text = table.render();
    text.push_str(&format!("\n{}\n", catalog::t!(lang, "lobby-join-hint")));
    if let Some(next) = page.next {
        text.push_str(&format!("{}\n", catalog::t!(lang, "list-next-page", after = next)));
    }
    text
}

/// A rating with its uncertainty, as `27.4 ± 3.1`.
pub fn rating_text(r: &PlayerRating) -> String {
    format!("{:.1} ± {:.1}", r.rating, r.uncertainty)
}

/// `tegami leaderboard` (`ranked`: numbered, best first) and a profile's ratings.
pub fn ratings_table(ratings: &[PlayerRating], lang: Lang, ranked: bool) -> String {
    if ratings.is_empty() {
        return format!("{}\n", catalog::t!(lang, "ratings-empty"));
    }
    let mut table = Table::new([
        "#".to_string(),
        t!(lang, "cli-result-head-player"),
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-ratings-head-rating"),
        t!(lang, "cli-ratings-head-games"),
        t!(lang, "cli-ratings-head-won"),
    ])
    .align(0, Align::Right);
    for (i, r) in ratings.iter().enumerate() {
        table.row([
            if ranked { (i + 1).to_string() } else { String::new() },
            inline(&r.name).into_owned(),
            r.slug.clone(),
            rating_text(r),
            r.games.to_string(),
            r.wins.to_string(),
        ]);
    }
    table.render()
}

/// `tegami archive`: finished games with who won.
pub fn archive_table(page: &ArchivePage, lang: Lang) -> String {
    if page.games.is_empty() {
        return format!("{}\n", catalog::t!(lang, "archive-empty"));
    }
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-archive-head-result"),
        t!(lang, "cli-games-head-players"),
    ])
    .align(0, Align::Right);
    for g in &page.games {
        let players: Vec<String> = g.standings.iter().map(|s| format!("{}. {}", s.rank, inline(&s.name))).collect();
        table.row([
            g.summary.id.to_string(),
            g.summary.slug.clone(),
            winners_line(&g.standings, lang).unwrap_or_default().trim_end().to_string(),
            players.join(", "),
        ]);
    }
    let mut text = table.render();
    text.push_str(&format!("\n{}\n", catalog::t!(lang, "archive-replay-hint")));
    if let Some(next) = page.next {
        text.push_str(&format!("{}\n", catalog::t!(lang, "list-next-page", after = next)));
    }
    text
}

/// `tegami profile`.
pub fn profile_text(p: &Profile, lang: Lang) -> String {
    let mut text = format!("{} (#{})\n", inline(&p.name), p.account_id);
    if !p.public {
        text.push_str(&format!("{}\n", catalog::t!(lang, "profile-is-private")));
    }
    let mut records = Table::new([
        t!(lang, "cli-games-head-game"),
        t!(lang, "cli-profile-head-played"),
        t!(lang, "cli-ratings-head-won"),
    ])
    .align(1, Align::Right)
    .align(2, Align::Right);
    for r in &p.records {
        records.row([r.slug.clone(), r.played.to_string(), r.won.to_string()]);
    }
    text.push('\n');
    text.push_str(&records.render());
    text.push('\n');
    text.push_str(&ratings_table(&p.ratings, lang, false));
    if !p.current.is_empty() {
        text.push('\n');
        text.push_str(&games_table(&p.current, lang));
    }
    text
}

/// Events, one per line (wrapped to `width`).
pub fn events_text(events: &[Localized], lang: Lang, width: usize) -> String {
    events.iter().map(|e| wrapped(e.get(lang), width, 2)).collect()
}

/// `tegami moves`.
pub fn moves_text(game: i64, moves: &[LegalMoves], lang: Lang, width: usize) -> String {
    let mut out = String::new();
    for m in moves {
        let c = &m.choices;
        out.push_str(&wrapped(&format!("[{}] {}", m.decision.decision, c.prompt.get(lang)), width, 2));
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
                out.push_str(&format!("  {}\n", t!(lang, "cli-moves-examples")));
                for o in &c.options {
                    out.push_str(&format!("    {}\n", o.notation));
                }
            }
        }
    }
    let game = game.to_string();
    if moves.len() > 1 {
        out.push_str(&wrapped(&t!(lang, "cli-moves-answer-decision", game = game), width, 2));
    } else if !moves.is_empty() {
        out.push_str(&wrapped(&t!(lang, "cli-moves-answer", game = game), width, 2));
    }
    out
}

/// A journal action in notation when this build knows the game, else as compact JSON.
fn action_text(slug: &str, action: &Value, lang: Lang) -> String {
    if action.is_null() {
        return t!(lang, "cli-log-hidden");
    }
    registry::game(slug)
        .and_then(|g| g.print_action(action).ok())
        .unwrap_or_else(|| serde_json::to_string(action).expect("JSON serialises"))
}

fn entry_line(listing: &JournalListing, e: &Entry, lang: Lang) -> (String, String) {
    let seats = &listing.seats;
    match &e.body {
        EntryBody::Create { slug, seats: n, format, .. } => (
            t!(lang, "cli-log-server"),
            t!(lang, "cli-log-created", slug = slug, seats = *n, format = format.number().to_string()),
        ),
        EntryBody::Move { seat, action, by, .. } => {
            let what = if e.redacted && action.is_null() {
                t!(lang, "cli-log-hidden")
            } else {
                action_text(&listing.slug, action, lang)
            };
            let what = match by {
                Actor::Server => t!(lang, "cli-log-by-server", action = what),
                Actor::Mail => t!(lang, "cli-log-by-email", action = what),
                Actor::Player | Actor::Bot => what,
            };
            (seat_name(seats, *seat, lang), what)
        }
        EntryBody::Resign { seat, .. } => (seat_name(seats, *seat, lang), t!(lang, "cli-log-resigned")),
        EntryBody::Timeout { seat, action, .. } => {
            let what = match action {
                Some(a) => t!(lang, "cli-log-timed-out", action = action_text(&listing.slug, a, lang)),
                None => t!(lang, "cli-log-timed-out-forfeited"),
            };
            (seat_name(seats, *seat, lang), what)
        }
        EntryBody::EndedByOperator { operator, ranks, reason, .. } => {
            let who = t!(lang, "cli-log-operator", operator = operator);
            match ranks {
                None => (who, t!(lang, "cli-log-ended-abandoned", reason = reason)),
                Some(ranks) => {
                    let places: Vec<String> = ranks.iter().map(u8::to_string).collect();
                    (who, t!(lang, "cli-log-ended-adjudicated", places = places.join(", "), reason = reason))
                }
            }
        }
        EntryBody::Reveal { .. } => (t!(lang, "cli-log-server"), t!(lang, "cli-log-revealed")),
        // While the game runs, or for good for an answer the rules never reveal (a declined 石田散薬).
        EntryBody::Withheld => ("?".into(), t!(lang, "cli-log-withheld")),
    }
}

/// An event as the reader may take it: engines word a private event to the seat it was for ("You played
/// …") and retell it in the third person for everyone else ("RED played …"), who read it once the game is
/// over; an event that has no such retelling says whom it was told to.
fn event_text(event: &Event, listing: &JournalListing, me: Option<u8>, lang: Lang) -> String {
    let text = event.text_for(me);
    let told_to = match &event.audience {
        Audience::Only(seats) | Audience::OnlyForever(seats)
            if event.retold.is_none() && me.is_none_or(|me| !seats.contains(&me)) =>
        {
            seats
        }
        _ => return text.get(lang).to_string(),
    };
    let who: Vec<String> = told_to.iter().map(|&seat| seat_name(&listing.seats, seat, lang)).collect();
    t!(lang, "cli-log-told-to", who = who.join(&t!(lang, "cli-list-separator")), event = text.get(lang))
}

/// `tegami log`: one line per entry (seq, time, who, what), then its events indented; `me` is the reader's
/// seat (events told to other seats say to whom). Every line fits `width`.
pub fn journal_text(listing: &JournalListing, me: Option<u8>, lang: Lang, width: usize) -> String {
    journal_entries_text(listing, &listing.entries, me, lang, width)
}

/// Some entries of a journal, formatted as in `tegami log` (`watch` prints the new ones).
pub fn journal_entries_text(
    listing: &JournalListing,
    entries: &[Entry],
    me: Option<u8>,
    lang: Lang,
    width: usize,
) -> String {
    let lines: Vec<(String, String)> = entries.iter().map(|e| entry_line(listing, e, lang)).collect();
    let who_width = lines.iter().map(|(who, _)| text::width(who)).max().unwrap_or(0);
    let seq_width = entries.iter().map(|e| e.seq.to_string().len()).max().unwrap_or(1);
    let mut out = String::new();
    for (e, (who, what)) in entries.iter().zip(&lines) {
        let head = format!("{:>seq_width$}  {}  {}  ", e.seq, e.at, text::pad_right(who, who_width));
        let line = format!("{head}{what}");
        out.push_str(&wrapped(line.trim_end(), width, text::width(&head)));
        for ev in &e.events {
            let indent = seq_width + 4;
            let event = format!("{:indent$}{}", "", event_text(ev, listing, me, lang));
            out.push_str(&wrapped(&event, width, indent));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::api_types::{ArchivedGame, LobbyGame};
    use shared::engine::{Event, Mode, ResultKind};

    /// A text as the server sends it, in both languages (a game's name, a prompt, an event).
    fn server_text(en: &str, ja: &str) -> Localized {
        Localized::default().with(Lang::En, en).with(Lang::Ja, ja)
    }

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
            name: server_text("Some Game", "ある遊び"),
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
        PendingInfo { decision: decision.into(), seat, kind: "play".into(), mode: Mode::Alone, deadline: None }
    }

    #[test]
    fn the_games_table_marks_my_turn() {
        let out =
            games_table(&[summary(7, true, GameStatus::Active), summary(12, false, GameStatus::Waiting)], Lang::En);
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
    fn the_lobby_leaderboard_archive_and_profile_tables_are_headed_in_the_readers_language() {
        let lobby = LobbyPage {
            games: vec![LobbyGame {
                summary: summary(7, false, GameStatus::Waiting),
                creator: "alice".into(),
                lang: Lang::Ja,
                deadline_hours: Some(48),
                rated: true,
                open_seats: vec![2],
            }],
            next: None,
        };
        let rating = PlayerRating {
            account_id: 1,
            name: "alice".into(),
            slug: "somegame".into(),
            rating: 27.4,
            uncertainty: 3.1,
            games: 4,
            wins: 3,
        };
        let standing = |seat: u8, name: &str, rank: u8| Standing {
            seat,
            name: name.into(),
            rank,
            score: None,
            winner: rank == 1,
            out: false,
        };
        let archive = ArchivePage {
            games: vec![ArchivedGame {
                summary: summary(9, false, GameStatus::Finished),
                standings: vec![standing(0, "alice", 1), standing(1, "bot", 2)],
                rated: false,
            }],
            next: None,
        };
        let tables = |lang| {
            [
                lobby_table(&lobby, lang),
                ratings_table(std::slice::from_ref(&rating), lang, true),
                archive_table(&archive, lang),
            ]
        };
        for table in tables(Lang::Ja) {
            let head = table.lines().next().unwrap();
            let english: Vec<&str> = head
                .split_whitespace()
                .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_alphabetic()))
                .collect();
            assert!(english.is_empty(), "English column heads {english:?} in {table}");
        }
        let [lobby_ja, _, _] = tables(Lang::Ja);
        assert!(lobby_ja.contains("48時間"), "{lobby_ja}");
        let [lobby_en, ratings_en, archive_en] = tables(Lang::En);
        assert!(lobby_en.starts_with("ID  GAME"), "{lobby_en}");
        assert!(lobby_en.contains("48h") && lobby_en.contains("rated"), "{lobby_en}");
        assert!(ratings_en.starts_with("#  PLAYER"), "{ratings_en}");
        let archive_head: Vec<&str> = archive_en.lines().next().unwrap_or_default().split_whitespace().collect();
        assert_eq!(archive_head, ["ID", "GAME", "RESULT", "PLAYERS"], "{archive_en}");
    }

    #[test]
    fn the_header_names_seats_and_turns() {
        let detail = GameDetail {
            summary: summary(7, true, GameStatus::Active),
            options: Value::Null,
            pending: vec![pending("d1", Some(0)), pending("d2", None)],
            my_pending: vec![pending("d1", Some(0))],
            view: (&Value::Null).into(),
            outcome: None,
            head_hash: "ab".into(),
            seed_commitment: "cd".into(),
            journal_format: Default::default(),
            deadline_hours: Some(48),
            timeout_policy: shared::api_types::TimeoutPolicy::Skip,
            standings: Vec::new(),
        };
        let prompts = vec![(pending("d1", Some(0)), Some(server_text("Play a card", "札を出す")))];
        assert_eq!(
            game_header(&detail, &prompts, Lang::Ja, 200),
            "\
対局 7: ある遊び（somegame）、対局中
  席  0  alice（あなた）
  席  1  bot
  席  2  （空席）
  席  3  （招待中: bob@example.com）
持ち時間: 1手 48 時間。期限切れはサーバーが合法手を代打ちして手番を飛ばす（ルールに既定の応答がある場合はそれ）
待っている相手: alice（play）、誰か（play）
あなたの番 [d1]: 札を出す
"
        );
        // At 40 columns every line fits, broken between words (and between CJK characters), never inside one.
        let narrow = game_header(&detail, &prompts, Lang::Ja, 40);
        assert!(narrow.lines().all(|l| text::width(l) <= 40), "{narrow}");
        let wide = game_header(&detail, &prompts, Lang::Ja, 200);
        assert_eq!(narrow.replace("\n  ", ""), wide.replace("\n  ", ""), "nothing lost");
        let english = game_header(&detail, &prompts, Lang::En, 40);
        assert!(english.lines().all(|l| text::width(l) <= 40), "{english}");
        let wide = game_header(&detail, &prompts, Lang::En, 200);
        assert_eq!(english.replace("\n  ", " "), wide.replace("\n  ", " "), "nothing lost");
        assert!(english.contains("  seat  0  alice (you)\n"), "{english}");
    }

    #[test]
    fn a_waiting_game_names_its_free_seats() {
        let detail = GameDetail {
            summary: summary(8, false, GameStatus::Waiting),
            options: Value::Null,
            pending: vec![pending("d0", Some(2))],
            my_pending: vec![],
            view: (&Value::Null).into(),
            outcome: None,
            head_hash: "ab".into(),
            seed_commitment: "cd".into(),
            journal_format: Default::default(),
            deadline_hours: None,
            timeout_policy: Default::default(),
            standings: Vec::new(),
        };
        let header = game_header(&detail, &[(pending("d0", Some(0)), None)], Lang::En, 80);
        assert!(header.ends_with("waiting for players to take seat 2, 3\nyour turn [d0]: play\n"), "{header}");
    }

    #[test]
    fn the_outcome_lists_ranks_best_first() {
        let outcome = Outcome {
            result: ResultKind::Win,
            ranks: vec![2, 1],
            scores: vec![Some(5), Some(12)],
            eliminated: vec![],
            summary: server_text("bot wins with 12", "botの勝ち"),
        };
        assert_eq!(
            outcome_text(&outcome, &seats(), Lang::En, 80),
            "\
result: bot wins with 12
  RANK  SEAT  PLAYER  SCORE
     1     1  bot        12
     2     0  alice       5
"
        );
        let no_scores = Outcome { scores: vec![None, None], eliminated: vec![0], ..outcome };
        assert!(outcome_text(&no_scores, &seats(), Lang::En, 80).contains("alice (out)"));
        assert!(!outcome_text(&no_scores, &seats(), Lang::En, 80).contains("SCORE"));
    }

    #[test]
    fn seat_names_leave_open_seats_to_the_renderer() {
        assert_eq!(seat_names(&seats()), vec!["alice", "bot", "", ""]);
        assert_eq!(seat_name(&seats(), 2, Lang::En), "P3");
        assert_eq!(seat_name(&seats(), 9, Lang::En), "P10");
    }

    #[test]
    fn the_journal_shows_who_did_what() {
        let listing = JournalListing {
            game: 7,
            slug: "unknown-here".into(),
            format: shared::journal::JournalFormat::V1,
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
                        format: shared::journal::JournalFormat::V1,
                    },
                    nonce: String::new(),
                    prev_hash: String::new(),
                    content: None,
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
                    content: None,
                    hash: String::new(),
                    events: vec![Event::public(server_text("bot plays", "botが出す"))],
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
                    content: None,
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
            journal_text(&listing, Some(0), Lang::En, 100),
            "\
0  2026-01-01T00:00:00Z  server  created unknown-here for 2 seats (journal format 1)
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
                prompt: server_text("Play a card", "札"),
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
                prompt: server_text("Aim", "狙う"),
                complete: false,
                options: vec![ChoiceOption { notation: "a 10".into(), action: Value::Null }],
                help: Some(server_text("angle 0-359", "角度")),
            },
        };
        assert_eq!(
            moves_text(7, &[listed, described], Lang::En, 80),
            "[d1] Play a card\n  R\n  L\n[d2] Aim\n  angle 0-359\n  examples:\n    a 10\n\
             answer with `tegami play 7 --decision <id> <move>`\n"
        );
    }

    #[test]
    fn wrapping_breaks_between_words_and_cjk_characters_and_indents_what_follows() {
        assert_eq!(wrapped("the quick brown fox jumps", 10, 2), "the quick\n  brown\n  fox\n  jumps\n");
        // A word longer than a line is cut only because nothing else can hold it.
        assert_eq!(wrapped("a abcdefghijklmno", 10, 0), "a\nabcdefghij\nklmno\n");
        // Two columns per CJK character, and any two of them are a place to break.
        assert_eq!(wrapped("あいうえおかきくけこ", 10, 2), "あいうえお\n  かきくけ\n  こ\n");
        assert_eq!(wrapped("short", 80, 4), "short\n");
        assert_eq!(wrapped("    indented event text", 14, 4), "    indented\n    event text\n");
    }

    #[test]
    fn private_events_of_others_read_in_the_third_person() {
        let listing = JournalListing {
            game: 7,
            slug: "unknown-here".into(),
            format: shared::journal::JournalFormat::V1,
            seed_commitment: "c".into(),
            seed: Some("00".into()),
            entries: vec![],
            keys: vec![],
            seats: seats(),
            next: None,
        };
        let yours = Event::private(0, server_text("You played R2.", "右2を出しました。"))
            .retold(server_text("RED played R2.", "赤は右2を出しました。"));
        let theirs = Event::private(1, server_text("You played L3.", "左3を出しました。"))
            .retold(server_text("YEL played L3.", "黄は左3を出しました。"));
        let untold = Event::private(1, server_text("You drew a card.", "札を引きました。"));
        let public = Event::public(server_text("A round ends.", "ラウンド終了。"));
        assert_eq!(event_text(&yours, &listing, Some(0), Lang::En), "You played R2.");
        assert_eq!(event_text(&theirs, &listing, Some(0), Lang::En), "YEL played L3.");
        assert_eq!(event_text(&theirs, &listing, Some(0), Lang::Ja), "黄は左3を出しました。");
        assert_eq!(event_text(&yours, &listing, None, Lang::En), "RED played R2.");
        assert_eq!(event_text(&untold, &listing, Some(0), Lang::En), "told to bot: You drew a card.");
        assert_eq!(event_text(&untold, &listing, Some(0), Lang::Ja), "botへの通知: 札を引きました。");
        assert_eq!(event_text(&public, &listing, None, Lang::En), "A round ends.");
    }

    #[test]
    fn deadlines_read_to_the_minute() {
        assert_eq!(deadline_text("2026-11-28T14:05:09.123Z"), "2026-11-28 14:05 UTC");
        assert_eq!(deadline_text("soon"), "soon");
        let mut p = pending("d1", Some(0));
        p.deadline = Some("2026-11-28T14:05:00Z".into());
        assert_eq!(waiting_for(&[p], &seats(), Lang::En), "alice (play) due by 2026-11-28 14:05 UTC");
    }

    #[test]
    fn json_output_is_sorted_and_ends_with_a_newline() {
        let v: Value = serde_json::from_str(r#"{"b":1,"a":[true]}"#).unwrap();
        assert_eq!(json(&v), "{\n  \"a\": [\n    true\n  ],\n  \"b\": 1\n}\n");
    }
}
