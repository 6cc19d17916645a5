//! Plain-text board (§11): columns 6..1 from the left, rows 一..六 from the top, then the status panel,
//! the decisions awaited and a legend. Widths are measured with `text::width` (CJK counts double).

use super::data::{Dir, Person, Tile};
use super::rules::letter;
use super::state::{End, Sq, Status};
use super::view::View;
use crate::engine::{Lang, RenderContext, Viewer};
use crate::text::{Align, Table, pad_right, truncate, width, wrap};

const CELL: usize = 7;

/// A person in the tables: code and family name in English, full name in Japanese.
fn person_with_name(lang: Lang, p: Person) -> String {
    catalog::t!(lang, "shidouban-person-in-table", person = p.code())
}

/// A piece's short name in a board cell, in a column as wide as two CJK characters.
fn cell_name(short: &str) -> String {
    pad_right(short, 4)
}

fn cell_lines(v: &View, s: Sq, lang: Lang) -> (String, String) {
    let active = v.started && v.end.is_none() && Sq::from_k(v.k) == s;
    let mark = if active { ">" } else { " " };
    if let Some(p) = v.persons.iter().find(|p| p.sq == s) {
        let name = cell_name(&catalog::t!(lang, "shidouban-person-short", person = p.person.code()));
        let own = p.owner.map(|o| letter(o).to_string()).unwrap_or_default();
        let l1 = format!("{mark}{name}{own}");
        let stones = format!(
            "{}{}",
            if p.w > 0 { format!("w{}", p.w) } else { String::new() },
            if p.b > 0 { format!("b{}", p.b) } else { String::new() }
        );
        let mut flags = String::new();
        if p.acted {
            flags.push('~');
        }
        for t in &p.overlays {
            flags.push(if *t == Tile::IIN { 'I' } else { 'F' });
        }
        let l2 = if stones.is_empty() {
            format!(" {flags}")
        } else if width(&stones) + 2 + flags.len() <= CELL && !flags.is_empty() {
            format!(" {stones} {flags}")
        } else {
            format!(" {stones}{flags}")
        };
        return (pad_right(&l1, CELL), pad_right(&l2, CELL));
    }
    if let Some((t, _)) = v.tiles.iter().find(|(_, q)| *q == s) {
        let name = cell_name(&catalog::t!(lang, "shidouban-tile-short", tile = t.code()));
        return (pad_right(&format!("{mark}{name}{}", t.mark()), CELL), pad_right("", CELL));
    }
    (pad_right(mark, CELL), pad_right("", CELL))
}

pub fn board(v: &View, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let mut head = String::from("   ");
    for c in (1..=6).rev() {
        head.push_str(&format!("    {c}   "));
    }
    out.push(head.trim_end().to_string());
    let sep = format!("   +{}", "-------+".repeat(6));
    out.push(sep.clone());
    for r in 1..=6u8 {
        // A one-column row name (a digit) stands in the middle of the three columns, a two-column one (a kanji) at
        // their left.
        let row = catalog::t!(lang, "shidouban-row", row = r);
        let label = pad_right(&format!("{}{row}", " ".repeat(2usize.saturating_sub(width(&row)))), 3);
        let mut l1 = format!("{label}|");
        let mut l2 = "   |".to_string();
        for c in (1..=6u8).rev() {
            let (a, b) = cell_lines(v, Sq::new(c, r), lang);
            l1.push_str(&a);
            l1.push('|');
            l2.push_str(&b);
            l2.push('|');
        }
        // Each row is named on the right in the other script than on the left.
        l1.push_str(&format!(" {}", catalog::t!(lang, "shidouban-row-other-script", row = r)));
        out.push(l1);
        out.push(l2);
        out.push(sep.clone());
    }
    out
}

fn status_word(s: Status, lang: Lang) -> String {
    match s {
        Status::Active => catalog::t!(lang, "shidouban-status-active"),
        Status::Suspended => catalog::t!(lang, "shidouban-status-suspended"),
        Status::Eliminated => catalog::t!(lang, "shidouban-status-out"),
    }
}

/// Every person on the board in reading order, with the values and arrows the rules let everyone know:
/// a player picks and pushes persons by them.
fn persons_table(v: &View, ctx: &RenderContext, header: &[String]) -> Vec<String> {
    let mut persons: Vec<&super::view::PersonView> = v.persons.iter().collect();
    if persons.is_empty() {
        return Vec::new();
    }
    persons.sort_by_key(|p| (p.sq.r, std::cmp::Reverse(p.sq.c)));
    let square = catalog::t!(ctx.lang, "options-shidouban-persons-square");
    let arrows = catalog::t!(ctx.lang, "options-shidouban-persons-arrows");
    let columns =
        vec![square.as_str(), &header[2], &header[3], &header[4], &header[5], &header[6], &header[7], arrows.as_str()];
    let mut t = Table::new(columns).gap(1);
    for i in 2..=5 {
        t = t.align(i, Align::Right);
    }
    for p in persons {
        let own = p.owner.map(|o| format!(" {}", letter(o))).unwrap_or_default();
        let name = format!("{}{own}", person_with_name(ctx.lang, p.person));
        let shido = if p.person.data().shido.is_none() && p.overlays.is_empty() {
            format!("*{}", p.shido)
        } else {
            p.shido.to_string()
        };
        let arrows: Vec<String> =
            p.arrows.iter().map(|a| format!("{}{}{}", a.dir.code(), a.prio, if a.white { "w" } else { "b" })).collect();
        t.row([
            p.sq.label(ctx.lang),
            name,
            p.buto.to_string(),
            p.ronpa.to_string(),
            p.sonkei.to_string(),
            shido,
            p.failure.name(ctx.lang),
            arrows.join(" "),
        ]);
    }
    let mut out = vec![String::new()];
    out.extend(wrap(&catalog::t!(ctx.lang, "options-shidouban-persons-title"), ctx.width));
    out.extend(t.render().lines().map(|s| s.to_string()));
    out
}

pub fn render(v: &View, ctx: &RenderContext) -> String {
    let mut lines: Vec<String> = Vec::new();
    let sq = Sq::from_k(v.k);
    let square = sq.label_with_both(ctx.lang);
    lines.push(catalog::t!(
        ctx.lang,
        "shidouban-header-turn",
        turn = v.turn,
        label = super::rules::turn_label(ctx.lang, v.turn),
        square = square,
        k = v.k,
        duty = letter(v.duty).to_string()
    ));
    lines.push(catalog::t!(
        ctx.lang,
        "shidouban-header-piles",
        white = v.bag_w,
        black = v.bag_b,
        persons = v.person_pile,
        events = v.event_pile
    ));
    lines.push(String::new());
    lines.extend(board(v, ctx.lang));
    lines.push(String::new());
    // Status panel.
    let header: Vec<String> = [
        "seat",
        "name",
        "person",
        "martial",
        "eloquence",
        "respect",
        "bushido",
        "failure",
        "hand",
        "tiles",
        "status",
        "now",
    ]
    .iter()
    .map(|column| catalog::t!(ctx.lang, "shidouban-table-column", column = *column))
    .collect();
    let mut t = Table::new(header.clone()).gap(1);
    for i in [3, 4, 5, 6, 9, 11] {
        t = t.align(i, Align::Right);
    }
    for (i, pl) in v.players.iter().enumerate() {
        let seat = i as u8;
        let pv = pl.person.and_then(|p| v.persons.iter().find(|x| x.person == p));
        let person = pl.person.map(|p| person_with_name(ctx.lang, p)).unwrap_or_else(|| "-".into());
        let (m, e, r, b, f) = match pv {
            Some(x) => (
                x.buto.to_string(),
                x.ronpa.to_string(),
                x.sonkei.to_string(),
                if x.person.data().shido.is_none() && x.overlays.is_empty() {
                    format!("*{}", x.shido)
                } else {
                    x.shido.to_string()
                },
                x.failure.name(ctx.lang),
            ),
            None => Default::default(),
        };
        let duty = if pl.duty { "*" } else { "" };
        t.row([
            format!("{}{duty}", letter(seat)),
            truncate(&ctx.seat_name(seat), 10),
            person,
            m,
            e,
            r,
            b,
            f,
            format!("w{} b{}", pl.w, pl.b),
            pl.tiles.to_string(),
            status_word(pl.status, ctx.lang),
            pl.score_now.map(|s| s.to_string()).unwrap_or_else(|| "-".into()),
        ]);
    }
    lines.extend(t.render().lines().map(|s| s.to_string()));
    lines.extend(persons_table(v, ctx, &header));
    // Own hand (every hand once the game is over).
    if let (Viewer::Seat(me), None) = (v.viewer, &v.end) {
        if let Some(h) = v.players.get(me as usize).and_then(|p| p.hand.clone()) {
            let names: Vec<String> = h
                .iter()
                .map(|t| {
                    catalog::t!(
                        ctx.lang,
                        "shidouban-tile-in-hand",
                        tile = t.code(),
                        name = catalog::t!(ctx.lang, "shidouban-tile-name", tile = t.code())
                    )
                })
                .collect();
            let txt = catalog::t!(
                ctx.lang,
                "shidouban-your-tiles",
                if_names_is_empty = if names.is_empty() {
                    catalog::t!(ctx.lang, "shidouban-none")
                } else {
                    names.join(&catalog::t!(ctx.lang, "engine-list-separator"))
                }
            );
            lines.extend(wrap(&txt, ctx.width));
        }
        if let Some(pr) = v.players.get(me as usize).and_then(|p| p.prefs.clone())
            && pr != Default::default()
        {
            {
                let kuchi = super::notation::print(&super::notation::Action::PrefKuchi(pr.kuchi));
                let rep = super::notation::print(&super::notation::Action::PrefReprieve {
                    never: pr.reprieve_never,
                    save: pr.save.clone(),
                });
                lines.extend(wrap(
                    &format!("{}: {kuchi}; {rep}", catalog::t!(ctx.lang, "shidouban-your-preferences")),
                    ctx.width,
                ));
            }
        }
    } else if v.end.is_some() || v.viewer == Viewer::Server {
        for (i, pl) in v.players.iter().enumerate() {
            if let Some(h) = &pl.hand
                && !h.is_empty()
            {
                let codes: Vec<String> = h.iter().map(|t| super::rules::code_or_name(ctx.lang, *t)).collect();
                lines.extend(wrap(&format!("{}: {}", letter(i as u8), codes.join(" ")), ctx.width));
            }
        }
    }
    if !v.discard_persons.is_empty() || !v.discard_tiles.is_empty() {
        let ps = v.discard_persons.iter().map(|p| catalog::t!(ctx.lang, "shidouban-person-short", person = p.code()));
        let ts = v.discard_tiles.iter().map(|t| catalog::t!(ctx.lang, "shidouban-tile-short", tile = t.code()));
        let all: Vec<String> = ps.chain(ts).collect();
        let txt = catalog::t!(ctx.lang, "shidouban-discard", all = (all.join(" ")).to_string());
        lines.extend(wrap(&txt, ctx.width));
    }
    if let Some((p, dirs, nat)) = &v.moving {
        let arrows: Vec<String> = Dir::ALL
            .iter()
            .map(|d| {
                let a = p.arrow(*d);
                format!("{}:{}{}", d.code(), a.prio, if a.white { "W" } else { "B" })
            })
            .collect();
        let from = v.persons.iter().find(|x| x.person == *p).map(|x| x.sq);
        let legal: Vec<String> = dirs
            .iter()
            .map(|d| {
                let to = from.and_then(|f| f.step(*d)).map(|t| t.ascii()).unwrap_or_default();
                let white = p.arrow(*d).white;
                catalog::t!(
                    ctx.lang,
                    "shidouban-text-3",
                    d_code = d.name(ctx.lang),
                    to = to.to_string(),
                    if_white_white =
                        catalog::t!(ctx.lang, "shidouban-colour", white = if white { "yes" } else { "no" })
                )
            })
            .collect();
        let txt = catalog::t!(
            ctx.lang,
            "shidouban-moving-arrows-legal-natural",
            code = super::rules::code_or_name(ctx.lang, *p),
            arrows = (arrows.join(" ")).to_string(),
            legal = legal.join(&catalog::t!(ctx.lang, "shidouban-legal-separator")),
            nat_code = nat.name(ctx.lang)
        );
        lines.extend(wrap(&txt, ctx.width));
    }
    if !v.combats.is_empty() {
        let cs: Vec<String> = v
            .combats
            .iter()
            .map(|c| {
                format!(
                    "C{} {} vs {}",
                    c.id,
                    c.tile.code(),
                    c.targets.iter().map(|t| t.code()).collect::<Vec<_>>().join("/")
                )
            })
            .collect();
        lines.extend(wrap(
            &format!("{}: {}", catalog::t!(ctx.lang, "shidouban-pending-combats"), cs.join(", ")),
            ctx.width,
        ));
    }
    if let Some(e) = &v.end {
        let txt = match e {
            End::AllLose => catalog::t!(ctx.lang, "shidouban-render-end-all-lose"),
            End::Sole(s) => {
                catalog::t!(ctx.lang, "shidouban-render-end-sole", seat = letter(*s), name = ctx.seat_name(*s))
            }
            End::Scored(_) => catalog::t!(ctx.lang, "shidouban-render-end-scored"),
        };
        lines.extend(wrap(&txt, ctx.width));
    } else {
        // Own decisions in full (with every legal command); the others as one "waiting for" line.
        let mut waiting: Vec<String> = Vec::new();
        for a in &v.asks {
            if a.options.is_empty() {
                let kind = crate::engine::decision_name_from_catalog("shidouban", &a.kind);
                waiting.push(format!("{} ({}, {})", letter(a.seat), ctx.seat_name(a.seat), kind.get(ctx.lang)));
                continue;
            }
            let kind = crate::engine::decision_name_from_catalog("shidouban", &a.kind);
            let head = format!(
                "[{}] {} ({}): {}",
                kind.get(ctx.lang),
                letter(a.seat),
                ctx.seat_name(a.seat),
                a.text.get(ctx.lang)
            );
            lines.extend(wrap(&head, ctx.width));
            let opts = format!("  {} {}", catalog::t!(ctx.lang, "shidouban-options"), a.options.join(" | "));
            lines.extend(
                wrap(&opts, ctx.width).into_iter().map(|l| if l.starts_with("  ") { l } else { format!("  {l}") }),
            );
        }
        if !waiting.is_empty() {
            let txt = catalog::t!(
                ctx.lang,
                "shidouban-waiting-for-2",
                waiting = waiting.join(&catalog::t!(ctx.lang, "engine-list-separator"))
            );
            lines.extend(wrap(&txt, ctx.width));
        }
        if let Some(s) = &v.status {
            lines.push(s.get(ctx.lang).to_string());
        }
    }
    let legend = catalog::t!(ctx.lang, "shidouban-legend-kon-a-player-a");
    lines.extend(wrap(&legend, ctx.width));
    let w = ctx.width.max(40);
    lines.into_iter().map(|l| if width(&l) > w { truncate(&l, w) } else { l }).collect::<Vec<_>>().join("\n") + "\n"
}
