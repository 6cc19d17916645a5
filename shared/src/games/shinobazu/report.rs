//! The public showdown / duel report (spec §11), shared by the events and the rendered table.
//! Everything in a [`Report`] was revealed to all players, so the text may go to everyone.

use super::data::{Colour, cards_text};
use super::state::{Report, ShowdownKind, seat_label};
use crate::engine::{Lang, Seat};

fn p(seat: Seat) -> String {
    seat_label(seat)
}

pub fn seats_list(seats: &[Seat], lang: Lang) -> String {
    if seats.is_empty() {
        return "-".into();
    }
    let sep = if lang == Lang::Ja { "、" } else { ", " };
    seats.iter().map(|s| p(*s)).collect::<Vec<_>>().join(sep)
}

pub fn colour_name(c: Colour, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} ({})", c.code(), c.en()),
        Lang::Ja => format!("{}（{}）", c.code(), c.ja()),
    }
}

/// The report in one language, one fact per line, seats as `P1`...
pub fn report_lines(r: &Report, n: u8, lang: Lang) -> Vec<String> {
    let ja = lang == Lang::Ja;
    let mut out = Vec::new();
    let stamp = format!("S{}R{}", r.set_no, r.round_no);
    match &r.kind {
        ShowdownKind::Duel { challenger, passer } => out.push(if ja {
            format!("{stamp}duel {}は{}の不忍勝負を受けました", p(*passer), p(*challenger))
        } else {
            format!("{stamp}duel {} accepts {}'s challenge to a Shinobazu Duel", p(*passer), p(*challenger))
        }),
        _ => out.push(if ja {
            format!(
                "{stamp}show 決戦。勝負：{}。パス：{}。",
                seats_list(&r.fighters, lang),
                seats_list(&r.passers, lang)
            )
        } else {
            format!(
                "{stamp}show showdown. Fighters: {}. Passed: {}.",
                seats_list(&r.fighters, lang),
                seats_list(&r.passers, lang)
            )
        }),
    }
    match &r.kind {
        ShowdownKind::AllPassed => out.push(if ja {
            "  全員パス：全員で強制的に決戦。".into()
        } else {
            "  Everyone passed: forced showdown of all.".into()
        }),
        ShowdownKind::SoleFighter { fighter } => {
            let left = r.left.as_ref().map(|l| cards_text(&l.cards)).unwrap_or_default();
            let nb = (fighter + 1) % n;
            out.push(if ja {
                format!("  勝負は{}のみ：決戦を抜け（点数の増減なし）、{left} を捨て札に。", p(*fighter))
            } else {
                format!("  Sole fighter {} leaves (no score change) and discards {left}.", p(*fighter))
            });
            out.push(if ja {
                format!("  {}の勝負札から主導色は {}。", p(nb), colour_name(r.lead, lang))
            } else {
                format!("  The lead colour becomes {} from {}'s card.", colour_name(r.lead, lang), p(nb))
            });
        }
        ShowdownKind::San { by } => out.push(if ja {
            format!("  参の術（{}の合計が3）：パスしたプレイヤーも全員決戦に参加。", seats_list(by, lang))
        } else {
            format!("  Technique of Three ({} totals 3): every passer is pulled in.", seats_list(by, lang))
        }),
        ShowdownKind::Normal | ShowdownKind::Duel { .. } => {}
    }
    out.push(if ja {
        format!("  主導色 {}", colour_name(r.lead, lang))
    } else {
        format!("  Lead colour {}", colour_name(r.lead, lang))
    });
    for st in &r.stacks {
        let word = if ja { "合計" } else { "total" };
        out.push(format!("  {:<3} {:<12} {word} {:>2}", p(st.seat), cards_text(&st.cards), st.total));
    }
    let k = r.reversal_cards.len();
    let cards = cards_text(&r.reversal_cards);
    out.push(match (ja, r.reversed) {
        (false, true) => format!("  Off-colour Reversal cards: {cards} -> {k} (odd): LOWER totals are stronger"),
        (false, false) => format!("  Off-colour Reversal cards: {cards} -> {k} (even): higher totals are stronger"),
        (true, true) => format!("  異色順逆の術：{cards} → {k}枚（奇数）：小さい合計が強い"),
        (true, false) => format!("  異色順逆の術：{cards} → {k}枚（偶数）：大きい合計が強い"),
    });
    match r.winner {
        Some(w) => {
            let c = r.changes.iter().find(|c| c.seat == w);
            let (before, after) = c.map(|c| (c.before, c.after)).unwrap_or_default();
            let floor = before == after;
            out.push(match (ja, floor) {
                (false, false) => format!("  Winner {} ({before} -> {after})", p(w)),
                (false, true) => format!("  Winner {} ({before} -> {after}, cannot go below 0)", p(w)),
                (true, false) => format!("  勝ち忍 {}（{before} → {after}）", p(w)),
                (true, true) => format!("  勝ち忍 {}（{before} → {after}、0未満にはならない）", p(w)),
            });
        }
        None => out.push(if ja {
            "  勝ち忍なし（最も強い者が複数）".into()
        } else {
            "  No winner (the strongest strength is shared)".into()
        }),
    }
    let losers: Vec<String> = r
        .losers
        .iter()
        .map(|l| {
            let (before, after) =
                r.changes.iter().find(|c| c.seat == *l).map(|c| (c.before, c.after)).unwrap_or_default();
            if ja { format!("{}（{before} → {after}）", p(*l)) } else { format!("{} ({before} -> {after})", p(*l)) }
        })
        .collect();
    let mutual = r.losers.len() > 1;
    out.push(match (ja, mutual) {
        (false, false) => format!("  Loser  {}", losers.join(", ")),
        (false, true) => format!("  Losers {} (mutual kill)", losers.join(", ")),
        (true, false) => format!("  負け忍 {}", losers.join("、")),
        (true, true) => format!("  負け忍 {}（相討ち）", losers.join("、")),
    });
    if r.losers.len() == 1 && !r.passers_left.is_empty() && !matches!(r.kind, ShowdownKind::Duel { .. }) {
        out.push(if ja {
            format!(
                "  {}はパスしたプレイヤー（{}）の1人に不忍勝負を挑めます。",
                p(r.losers[0]),
                seats_list(&r.passers_left, lang)
            )
        } else {
            format!(
                "  {} may now challenge one passer ({}) to a Shinobazu Duel.",
                p(r.losers[0]),
                seats_list(&r.passers_left, lang)
            )
        });
    }
    out
}
