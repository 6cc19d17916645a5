//! The table as plain text (spec §11): header, seat table with scores and stacks, own hand, discards,
//! whose decision it is, the last showdown report, a legend. ASCII glyphs; every pad by display width.

use super::data::cards_text;
use super::report::{colour_name, report_lines, seats_list};
use super::state::{Choice, DeclinedCards, SoleFighterLead, seat_label};
use super::view::{View, Waiting};
use crate::engine::{RenderContext, Seat};
use crate::text::{self, Align, Table};

fn fit(lines: Vec<String>, w: usize) -> String {
    let mut out = String::new();
    for l in lines {
        if text::width(&l) <= w {
            out.push_str(l.trim_end());
            out.push('\n');
        } else {
            // Keep the leading indentation of wrapped report lines.
            let indent = l.len() - l.trim_start().len();
            for (i, part) in text::wrap(l.trim_start(), w.saturating_sub(indent + 2).max(10)).into_iter().enumerate() {
                let pad = if i == 0 { indent } else { indent + 2 };
                out.push_str(&text::truncate(&format!("{}{part}", " ".repeat(pad)), w));
                out.push('\n');
            }
        }
    }
    out
}

fn who(ctx: &RenderContext, q: Seat) -> String {
    let name = ctx.seat_name(q);
    let label = seat_label(q);
    if name == label { label } else { format!("{label} {name}") }
}

pub fn render(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let w = ctx.width.max(20);
    let rule_w = w.min(78);
    let heavy = "=".repeat(rule_w);
    let light = "-".repeat(rule_w);
    let me = v.me();
    let mut lines: Vec<String> = Vec::new();

    lines.push(heavy.clone());
    lines.push(catalog::t!(
        ctx.lang,
        "shinobazu-shinobazu-set-round-of-turn",
        set_no = v.set_no.to_string(),
        round_no = v.round_no.to_string(),
        turn = v.turn.to_string()
    ));
    let lead = match v.lead {
        Some(c) => colour_name(c, lang),
        None => (catalog::t!(ctx.lang, "shinobazu-none-yet")).to_string(),
    };
    lines.push(catalog::t!(
        ctx.lang,
        "shinobazu-lead-colour-start-player",
        lead = lead.to_string(),
        who_sp = (who(ctx, v.sp)).to_string()
    ));
    lines.push(catalog::t!(ctx.lang, "shinobazu-ends-at-round-end-when"));
    if v.declined_cards == DeclinedCards::Carry {
        lines.push(catalog::t!(ctx.lang, "shinobazu-reading-a-passer-who-declines"));
    }
    if v.sole_fighter_lead == SoleFighterLead::Played {
        lines.push(catalog::t!(ctx.lang, "shinobazu-reading-with-one-fighter-the"));
    }
    lines.push(heavy.clone());

    let header: Vec<String> = ["seat", "player", "points", "hand", "carried", "current", "by", "choice"]
        .iter()
        .map(|column| catalog::t!(ctx.lang, "shinobazu-table-column", column = *column))
        .collect();
    let mut table = Table::new(header).align(2, Align::Right).align(3, Align::Right);
    for (i, sv) in v.seats.iter().enumerate() {
        let q = i as Seat;
        let seat = if q == v.sp { format!("{} *", seat_label(q)) } else { seat_label(q) };
        let mut name = text::truncate(&ctx.seat_name(q), 16);
        if Some(q) == me {
            name.push_str(&catalog::t!(ctx.lang, "shinobazu-you-2"));
        }
        let (current, by, fp) = match &sv.current {
            None => ("--".to_string(), String::new(), ".".to_string()),
            Some(c) => {
                let glyph = match (c.card, c.face_up) {
                    (Some(card), true) => card.id(),
                    (Some(card), false) => format!("({card})"),
                    (None, _) => "??".to_string(),
                };
                let by = if c.placed_by == q {
                    (catalog::t!(ctx.lang, "shinobazu-own")).to_string()
                } else {
                    format!("<{}", seat_label(c.placed_by))
                };
                let fp = match c.choice {
                    Choice::Fight => "F",
                    Choice::Pass => "P",
                    Choice::Undecided => "?",
                };
                (glyph, by, fp.to_string())
            }
        };
        let carried = if sv.carried.is_empty() { "-".to_string() } else { cards_text(&sv.carried) };
        table.row([seat, name, sv.score.to_string(), sv.hand_size.to_string(), carried, current, by, fp]);
    }
    for l in table.render().lines() {
        lines.push(format!(" {l}"));
    }
    lines.push(light.clone());

    if let Some(m) = me {
        let hand = v.seats[m as usize].hand.clone().unwrap_or_default();
        let h = if hand.is_empty() { (catalog::t!(ctx.lang, "shinobazu-none")).to_string() } else { cards_text(&hand) };
        lines.push(catalog::t!(ctx.lang, "shinobazu-your-hand", h = h.to_string()));
    }
    if v.game_over {
        for (i, sv) in v.seats.iter().enumerate() {
            if Some(i as Seat) != me
                && let Some(h) = &sv.hand
            {
                let label = catalog::t!(ctx.lang, "shinobazu-hand-2");
                lines.push(format!(" {}{label}: {}", seat_label(i as Seat), cards_text(h)));
            }
        }
    }
    let discards = if v.discard_face_up.is_empty() { "-".to_string() } else { cards_text(&v.discard_face_up) };
    let yours = if v.discard_face_down_yours.is_empty() || v.discard_face_down_cards.is_some() {
        String::new()
    } else {
        catalog::t!(
            ctx.lang,
            "shinobazu-yours",
            cards_text_discard_face_down_yours = (cards_text(&v.discard_face_down_yours)).to_string()
        )
    };
    lines.push(catalog::t!(
        ctx.lang,
        "shinobazu-discards-face-down",
        discards = discards.to_string(),
        discard_face_down = v.discard_face_down.to_string(),
        yours = yours.to_string()
    ));
    if let Some(cards) = v.discard_face_down_cards.as_ref().filter(|c| !c.is_empty()) {
        lines.push(catalog::t!(
            ctx.lang,
            "shinobazu-face-down-discards",
            cards_text_cards = (cards_text(cards)).to_string()
        ));
    }
    lines.push(match &v.unused {
        Some(u) if !u.is_empty() => catalog::t!(ctx.lang, "shinobazu-unused-cards", cards = cards_text(u)),
        _ => catalog::t!(ctx.lang, "shinobazu-unused-face-down", count = v.unused_count),
    });
    if let Some(wt) = &v.waiting {
        let text = match wt {
            Waiting::Play { seat } => catalog::t!(ctx.lang, "shinobazu-waiting-play", who = who(ctx, *seat)),
            Waiting::PushResponse { seat, pusher } => catalog::t!(
                ctx.lang,
                "shinobazu-waiting-push-response",
                who = who(ctx, *seat),
                pusher = seat_label(*pusher)
            ),
            Waiting::ChallengeChoice { seat } => catalog::t!(
                ctx.lang,
                "shinobazu-waiting-challenge",
                who = who(ctx, *seat),
                passers = seats_list(&v.passers_left, lang)
            ),
            Waiting::ChallengeAnswer { seat, challenger } => catalog::t!(
                ctx.lang,
                "shinobazu-waiting-challenge-answer",
                who = who(ctx, *seat),
                challenger = seat_label(*challenger)
            ),
        };
        lines.push(catalog::t!(ctx.lang, "shinobazu-waiting-for", text = text.to_string()));
    }
    if !v.reports.is_empty() || v.decline.is_some() {
        lines.push(light.clone());
        for r in &v.reports {
            for l in report_lines(r, v.n, lang) {
                lines.push(format!(" {l}"));
            }
        }
        if let Some(d) = &v.decline {
            let carried = v.declined_cards == DeclinedCards::Carry;
            lines.push(catalog::t!(
                ctx.lang,
                "shinobazu-declined-s-challenge",
                seat_label_d_passer = (seat_label(d.passer)).to_string(),
                seat_label_d_loser = (seat_label(d.loser)).to_string(),
                d_cards = d.cards.to_string(),
                d_change_before = d.change.before.to_string(),
                d_change_after = d.change.after.to_string(),
                carried = if carried { "yes" } else { "no" }
            ));
        }
    }
    if v.game_over {
        lines.push(light.clone());
        lines.push(catalog::t!(ctx.lang, "shinobazu-game-over-ranking"));
        if let Some(ranks) = &v.ranks {
            let mut order: Vec<usize> = (0..v.seats.len()).collect();
            order.sort_by_key(|i| (ranks[*i], *i));
            for i in order {
                let q = i as Seat;
                let resigned =
                    if v.resigned == Some(q) { catalog::t!(ctx.lang, "shinobazu-resigned-2") } else { String::new() };
                lines.push(catalog::t!(
                    ctx.lang,
                    "shinobazu-pts",
                    ranks_i = (ranks[i]).to_string(),
                    seat_label_q = format!("{:<3}", seat_label(q)),
                    seats_i_score = (v.seats[i].score).to_string(),
                    resigned = resigned.to_string(),
                    seat_name_q = (ctx.seat_name(q)).to_string()
                ));
            }
        }
    }
    lines.push(light);
    lines.extend(catalog::t!(ctx.lang, "shinobazu-legend").lines().map(|line| format!(" {line}")));
    lines.push(heavy);
    lines.push(format!(" {}", catalog::t!(ctx.lang, "shinobazu-footer-title")));
    fit(lines, w)
}
