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
    let sep = catalog::t!(lang, "shinobazu-text-2");
    seats.iter().map(|s| p(*s)).collect::<Vec<_>>().join(&sep)
}

pub fn colour_name(c: Colour, lang: Lang) -> String {
    catalog::t!(
        lang,
        "shinobazu-text",
        c_code = (c.code()).to_string(),
        c = catalog::t!(lang, "shinobazu-colour", code = c.code().to_string())
    )
}

/// The report in one language, one fact per line, seats as `P1`...
pub fn report_lines(r: &Report, n: u8, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let stamp = format!("S{}R{}", r.set_no, r.round_no);
    match &r.kind {
        ShowdownKind::Duel { challenger, passer } => out.push(catalog::t!(
            lang,
            "shinobazu-duel-accepts-s-challenge-to",
            stamp = stamp.to_string(),
            passer = (p(*passer)).to_string(),
            challenger = (p(*challenger)).to_string()
        )),
        _ => out.push(catalog::t!(
            lang,
            "shinobazu-show-showdown-fighters-passed",
            stamp = stamp.to_string(),
            seats_list_r_fighters = (seats_list(&r.fighters, lang)).to_string(),
            seats_list_r_passers = (seats_list(&r.passers, lang)).to_string()
        )),
    }
    match &r.kind {
        ShowdownKind::AllPassed => out.push(catalog::t!(lang, "shinobazu-everyone-passed-forced-showdown-of")),
        ShowdownKind::SoleFighter { fighter } => {
            let left = r.left.as_ref().map(|l| cards_text(&l.cards)).unwrap_or_default();
            let nb = (fighter + 1) % n;
            out.push(catalog::t!(
                lang,
                "shinobazu-sole-fighter-leaves-no-score",
                fighter = (p(*fighter)).to_string(),
                left = left.to_string()
            ));
            out.push(catalog::t!(
                lang,
                "shinobazu-the-lead-colour-becomes-from",
                colour_name_r_lead = (colour_name(r.lead, lang)).to_string(),
                nb = (p(nb)).to_string()
            ));
        }
        ShowdownKind::San { by } => out.push(catalog::t!(
            lang,
            "shinobazu-technique-of-three-totals-every",
            seats_list_by_lang = (seats_list(by, lang)).to_string()
        )),
        ShowdownKind::Normal | ShowdownKind::Duel { .. } => {}
    }
    out.push(catalog::t!(lang, "shinobazu-lead-colour", colour_name_r_lead = (colour_name(r.lead, lang)).to_string()));
    for st in &r.stacks {
        let word = catalog::t!(lang, "shinobazu-total");
        out.push(format!("  {:<3} {:<12} {word} {:>2}", p(st.seat), cards_text(&st.cards), st.total));
    }
    let k = r.reversal_cards.len();
    let cards = cards_text(&r.reversal_cards);
    out.push(if r.reversed {
        catalog::t!(lang, "shinobazu-report-reversal-odd", cards = cards.as_str(), count = k)
    } else {
        catalog::t!(lang, "shinobazu-report-reversal-even", cards = cards.as_str(), count = k)
    });
    match r.winner {
        Some(w) => {
            let c = r.changes.iter().find(|c| c.seat == w);
            let (before, after) = c.map(|c| (c.before, c.after)).unwrap_or_default();
            let floor = before == after;
            out.push(if floor {
                catalog::t!(lang, "shinobazu-report-winner-at-zero", winner = p(w), before = before, after = after)
            } else {
                catalog::t!(lang, "shinobazu-report-winner", winner = p(w), before = before, after = after)
            });
        }
        None => out.push(catalog::t!(lang, "shinobazu-no-winner-the-strongest-strength")),
    }
    let losers: Vec<String> = r
        .losers
        .iter()
        .map(|l| {
            let (before, after) =
                r.changes.iter().find(|c| c.seat == *l).map(|c| (c.before, c.after)).unwrap_or_default();
            catalog::t!(
                lang,
                "shinobazu-text-3",
                l = (p(*l)).to_string(),
                before = before.to_string(),
                after = after.to_string()
            )
        })
        .collect();
    let mutual = r.losers.len() > 1;
    let losers = losers.join(&catalog::t!(lang, "engine-list-separator"));
    out.push(if mutual {
        catalog::t!(lang, "shinobazu-report-losers-mutual", losers = losers)
    } else {
        catalog::t!(lang, "shinobazu-report-loser", losers = losers)
    });
    if r.losers.len() == 1 && !r.passers_left.is_empty() && !matches!(r.kind, ShowdownKind::Duel { .. }) {
        out.push(catalog::t!(
            lang,
            "shinobazu-may-now-challenge-one-passer",
            r_losers_0 = (p(r.losers[0])).to_string(),
            seats_list_r_passers_left = (seats_list(&r.passers_left, lang)).to_string()
        ));
    }
    out
}
