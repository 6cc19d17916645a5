//! Plain-text rendering (§11): the ASCII hex map, a status panel and the roster, in English or Japanese.
//!
//! The map is pure ASCII (4-character cells at a pitch of 5, odd rows indented 2 columns less than even
//! rows), 96 columns wide in full. When `ctx.width` is narrower the map is printed as a west half and an
//! east half, one below the other. [`render_region`] prints any rectangle of hexes.

use crate::engine::{Lang, RenderContext};
use crate::text::{pad_right, truncate, width};

use super::data::{ADVANCE_LINE_ROW, ChitAction, FORMATIONS, Fid, Side, Terrain, fdata, fids, terrain};
use super::hex::{HEIGHT, Hex, WATER_HEXSIDES, WIDTH};
use super::state::{Chit, Commander, FirstMove, GameResult, Kind, Segment, Stage, Status, Wind};
use super::view::View;

const FULL_MAP_WIDTH: usize = 97;

fn cell(view: &View, h: Hex) -> String {
    if let Some(u) = view.unit_at(h) {
        let code = fdata(u.f).code;
        let code = if fdata(u.f).side == Side::Ashina { code.to_ascii_lowercase() } else { code.to_string() };
        return format!("{code}{}{}", u.n, if view.is_carrier(u) { "*" } else { " " });
    }
    match terrain(h) {
        Terrain::Flat => "....",
        Terrain::Hill => "^^^^",
        Terrain::Slope => "/^/^",
        Terrain::Water => "~~~~",
    }
    .to_string()
}

fn col_of(x: u8, y: u8, x0: u8) -> usize {
    5 + (x - x0) as usize * 5 + if y.is_multiple_of(2) { 2 } else { 0 }
}

/// The map rectangle spanned by hexes `from` and `to` (either corner order), as ASCII lines.
pub(crate) fn region_lines(view: &View, from: Hex, to: Hex) -> Vec<String> {
    let (x0, x1) = (from.x.min(to.x), from.x.max(to.x));
    let (y0, y1) = (from.y.min(to.y), from.y.max(to.y));
    let mut lines = Vec::new();
    let mut head = " ".repeat(5);
    for x in x0..=x1 {
        head.push_str(&format!("{x:02}   "));
    }
    lines.push(head.trim_end().to_string());
    for y in y0..=y1 {
        let marker = if y == ADVANCE_LINE_ROW { '=' } else { ' ' };
        let mut line = format!("{y:02}{marker}  ");
        if y % 2 == 0 {
            line.push_str("  ");
        }
        let cells: Vec<String> = (x0..=x1).map(|x| cell(view, Hex { x, y })).collect();
        line.push_str(&cells.join(" "));
        if y == ADVANCE_LINE_ROW {
            line.push_str(" =");
        }
        lines.push(line.trim_end().to_string());
        // The stream: a `~` line under the row-09 hexes of the water hexsides.
        if y == 9 && y1 >= 10 {
            let xs: Vec<u8> = WATER_HEXSIDES.iter().map(|(a, _)| a.x).filter(|x| (x0..=x1).contains(x)).collect();
            if let (Some(a), Some(b)) = (xs.iter().min(), xs.iter().max()) {
                let start = col_of(*a, 9, x0).saturating_sub(1);
                let end = col_of(*b, 9, x0) + 5;
                lines.push(format!("{}{}", " ".repeat(start), "~".repeat(end - start)));
            }
        }
    }
    lines
}

fn legend(lang: Lang) -> Vec<String> {
    vec![
        catalog::t!(lang, "suriagehara-legend-terrain"),
        catalog::t!(lang, "suriagehara-legend-stream"),
        catalog::t!(lang, "suriagehara-legend-units"),
    ]
}

/// A cropped map: every hex in the rectangle from `from` to `to`, with the legend, fitted to `ctx.width`.
pub fn render_region(view: &View, ctx: &RenderContext, from: Hex, to: Hex) -> String {
    let mut lines = region_lines(view, from, to);
    lines.extend(legend(ctx.lang).into_iter().flat_map(|l| crate::text::wrap(&l, ctx.width)));
    fit(lines, ctx.width)
}

/// `0305-1012` (or with a space, a comma or `..` between): two corner hexes of a region.
pub fn parse_region(text: &str) -> Option<(Hex, Hex)> {
    let cleaned = text.replace("..", "-").replace([',', ' '], "-");
    let mut parts = cleaned.split('-').filter(|p| !p.is_empty());
    let (a, b) = (parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    Some((Hex::parse(a)?, Hex::parse(b)?))
}

/// Wraps `line` to `w` columns, continuation lines indented by `indent`.
fn hang(line: &str, w: usize, indent: usize) -> Vec<String> {
    let first = crate::text::wrap(line, w);
    if first.len() <= 1 || w <= indent + 10 {
        return first;
    }
    let head = first[0].clone();
    let rest = line[head.len()..].trim_start();
    let mut out = vec![head];
    for l in crate::text::wrap(rest, w - indent) {
        out.push(format!("{}{l}", " ".repeat(indent)));
    }
    out
}

fn fit(lines: Vec<String>, w: usize) -> String {
    let mut out = String::new();
    for l in lines {
        out.push_str(&truncate(&l, w));
        out.push('\n');
    }
    out
}

fn map_lines(view: &View, w: usize) -> Vec<String> {
    let corner = |x, y| Hex { x, y };
    if w >= FULL_MAP_WIDTH {
        return region_lines(view, corner(1, 1), corner(WIDTH, HEIGHT));
    }
    let mut lines = region_lines(view, corner(1, 1), corner(10, HEIGHT));
    lines.push(String::new());
    lines.extend(region_lines(view, corner(9, 1), corner(WIDTH, HEIGHT)));
    lines
}

fn side_name(side: Side, lang: Lang) -> String {
    side.name(lang)
}

fn codes(fs: &[Fid]) -> String {
    if fs.is_empty() { "-".into() } else { fs.iter().map(|f| fdata(*f).code).collect::<Vec<_>>().join(" ") }
}

fn by_side(view: &View, pick: impl Fn(Fid) -> bool) -> String {
    let a: Vec<Fid> = fids().filter(|f| fdata(*f).side == Side::Ashina && pick(*f)).collect();
    let d: Vec<Fid> = fids().filter(|f| fdata(*f).side == Side::Date && pick(*f)).collect();
    let _ = view;
    format!("{} | {}", codes(&a), codes(&d))
}

fn morale_bar(m: i32) -> String {
    let v = m.clamp(0, 10) as usize;
    format!("{:>2} [{}{}]", m.max(0), "#".repeat(v), ".".repeat(10 - v))
}

fn stage_text(view: &View, lang: Lang) -> String {
    let act = view.activation.as_ref();
    let fname = |f: Fid| catalog::t!(lang, "suriagehara-formation-listed", formation = fdata(f).code);
    match view.stage {
        Stage::Deploy => catalog::t!(lang, "suriagehara-setup-deployment-sealed"),
        Stage::ChitSelect => catalog::t!(lang, "suriagehara-action-start-phase-chit-selection"),
        Stage::Substitution { chit } => {
            catalog::t!(
                lang,
                "suriagehara-action-phase-drawn-takazane-substitution",
                fdata_chit_code = super::rules::chit_name(lang, chit)
            )
        }
        Stage::Move | Stage::Plan | Stage::Retreat | Stage::Replace => {
            let Some(a) = act else { return String::new() };
            let kind = match a.kind {
                Kind::Both => catalog::t!(lang, "suriagehara-move-and-combat"),
                Kind::One => catalog::t!(lang, "suriagehara-move-or-combat"),
            };
            let seg = match &a.segment {
                Some(Segment::Move(_)) => catalog::t!(lang, "suriagehara-movement-segment"),
                _ => catalog::t!(lang, "suriagehara-combat-segment"),
            };
            let sub = if a.chit != a.formation {
                catalog::t!(lang, "suriagehara-on-the-chit", fdata_a_chit = (fdata(a.chit).code).to_string())
            } else {
                String::new()
            };
            catalog::t!(
                lang,
                "suriagehara-action-phase",
                fname_a_formation = (fname(a.formation)).to_string(),
                kind = kind.to_string(),
                sub = sub.to_string(),
                seg = seg.to_string()
            )
        }
        Stage::Draw | Stage::Resolve => catalog::t!(lang, "suriagehara-action-phase-2"),
        Stage::Over => catalog::t!(lang, "suriagehara-game-over"),
    }
}

fn waiting_text(view: &View, ctx: &RenderContext) -> String {
    if view.waiting.is_empty() {
        return "-".into();
    }
    view.waiting
        .iter()
        .map(|w| {
            let what = crate::engine::decision_name_from_catalog("suriagehara", &w.kind).get(ctx.lang).to_owned();
            format!("{} ({}): {what}", side_name(w.side, ctx.lang), ctx.seat_name(w.side.seat()))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

pub(crate) fn status_lines(view: &View, ctx: &RenderContext) -> Vec<String> {
    let lab = |text: &str| pad_right(text, 13);
    let mut out = Vec::new();
    let hour = 7 + view.turn as u32;
    out.push(format!(
        "{}{}/{} ({hour:02}:00)   {}",
        lab(&catalog::t!(ctx.lang, "suriagehara-turn")),
        view.turn,
        view.turns,
        stage_text(view, ctx.lang)
    ));
    out.push(format!(
        "{}{} {} {}   {} {} {}",
        lab(&catalog::t!(ctx.lang, "suriagehara-army-morale")),
        side_name(Side::Ashina, ctx.lang),
        ctx.seat_name(0),
        morale_bar(view.morale[0]),
        side_name(Side::Date, ctx.lang),
        ctx.seat_name(1),
        morale_bar(view.morale[1]),
    ));
    let wind = match &view.wind {
        None => {
            if view.turn <= 3 {
                catalog::t!(ctx.lang, "suriagehara-sandstorm-ashina-turns-wind-markers")
            } else {
                "-".to_string()
            }
        }
        Some(w) => (0..3)
            .map(|i| {
                let t = i + 4;
                let m = match w[i] {
                    None => "??".to_string(),
                    Some(Wind::Calm) => catalog::t!(ctx.lang, "suriagehara-wind-calm"),
                    Some(Wind::Reverse) => catalog::t!(ctx.lang, "suriagehara-wind-reverse"),
                };
                format!("T{t} {m}")
            })
            .collect::<Vec<_>>()
            .join("   "),
    };
    out.push(format!("{}{wind}", lab(&catalog::t!(ctx.lang, "suriagehara-wind"))));
    if view.first_move == FirstMove::CommanderNotBehindLine {
        out.push(format!(
            "{}{}",
            lab(&catalog::t!(ctx.lang, "suriagehara-reading")),
            catalog::t!(ctx.lang, "suriagehara-first-move-only-the-commander")
        ));
    }
    if view.reverse_wind {
        out.push(format!("{}{}", lab(""), catalog::t!(ctx.lang, "suriagehara-reverse-wind-active-date-resolve")));
    }
    let cup = fids().filter(|f| view.formations[*f as usize].chit == Chit::Cup).count();
    out.push(format!(
        "{}{}",
        pad_right(&format!("{} ({cup})", catalog::t!(ctx.lang, "suriagehara-cup")), 13),
        by_side(view, |f| view.formations[f as usize].chit == Chit::Cup)
    ));
    out.push(format!(
        "{}{}",
        lab(&catalog::t!(ctx.lang, "suriagehara-used")),
        by_side(view, |f| view.formations[f as usize].chit == Chit::Used)
    ));
    out.push(format!(
        "{}{}",
        lab(&catalog::t!(ctx.lang, "suriagehara-pool")),
        by_side(view, |f| view.formations[f as usize].chit == Chit::Pool)
    ));
    out.push(format!(
        "{}{}",
        lab(&catalog::t!(ctx.lang, "suriagehara-unreleased")),
        by_side(view, |f| view.formations[f as usize].status == Status::Unreleased)
    ));
    out.push(format!(
        "{}{}",
        lab(&catalog::t!(ctx.lang, "suriagehara-leaderless")),
        by_side(view, |f| {
            view.formations[f as usize].commander == Commander::Killed
                && view.formations[f as usize].status != Status::Destroyed
        })
    ));
    out.push(format!(
        "{}{}",
        lab(&catalog::t!(ctx.lang, "suriagehara-destroyed")),
        by_side(view, |f| view.formations[f as usize].status == Status::Destroyed)
    ));
    if !view.retreat_choices.is_empty() {
        let c: Vec<String> = view.retreat_choices.iter().map(|(u, h)| format!("{u}:{h}")).collect();
        out.push(format!("{}{}", lab(&catalog::t!(ctx.lang, "suriagehara-retreats")), c.join("  ")));
    }
    for m in &view.moves {
        let d: Vec<String> = m.destinations.iter().map(|h| h.to_string()).collect();
        out.push(format!(
            "{}{} (MA {}): {}",
            lab(&catalog::t!(ctx.lang, "suriagehara-can-move")),
            m.unit,
            m.ma,
            d.join(" ")
        ));
    }
    for o in &view.obliged {
        let t: Vec<String> = o.targets.iter().map(|h| h.to_string()).collect();
        let ic = if o.in_command {
            catalog::t!(ctx.lang, "suriagehara-in-command")
        } else {
            catalog::t!(ctx.lang, "suriagehara-out-of-command")
        };
        out.push(format!(
            "{}{} ({} {}, {ic}) -> {}",
            lab(&catalog::t!(ctx.lang, "suriagehara-must-fight")),
            o.unit,
            catalog::t!(ctx.lang, "suriagehara-cs"),
            o.cs,
            t.join(" ")
        ));
    }
    if !view.replace_choices.is_empty() {
        let c: Vec<String> = view.replace_choices.iter().map(|u| u.to_string()).collect();
        out.push(format!("{}{}", lab(&catalog::t!(ctx.lang, "suriagehara-re-place-on")), c.join("  ")));
    }
    if let Some(r) = &view.result {
        let text = match r {
            GameResult::Winner { side, .. } => {
                catalog::t!(ctx.lang, "suriagehara-wins", side_name = side.name(ctx.lang))
            }
            GameResult::Draw { .. } => catalog::t!(ctx.lang, "suriagehara-draw-2").to_string(),
        };
        out.push(format!("{}{text}", lab(&catalog::t!(ctx.lang, "suriagehara-result"))));
    } else {
        out.push(format!("{}{}", lab(&catalog::t!(ctx.lang, "suriagehara-waiting-for")), waiting_text(view, ctx)));
    }
    if let (Stage::Deploy, Some(super::state::Sealed::Deploy { .. })) = (view.stage, &view.own_sealed) {
        out.push(catalog::t!(ctx.lang, "suriagehara-your-deployment-is-submitted-shown"));
    }
    if let Some(super::state::Sealed::Cup { chits }) = &view.own_sealed {
        out.push(format!("{}{}", lab(&catalog::t!(ctx.lang, "suriagehara-your-cup")), codes(chits)));
    }
    out
}

pub(crate) fn roster_lines(view: &View, ctx: &RenderContext) -> Vec<String> {
    // Columns of a script whose characters take two terminal columns are laid out wider.
    let narrow = !catalog::wide_script(ctx.lang);
    let mut out = Vec::new();
    let name_w = if narrow { 20 } else { 12 };
    let head = format!(
        "{} {} {} {} {} {} {}",
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-code"), 4),
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-commander"), name_w),
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-resolve"), if narrow { 2 } else { 4 }),
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-chit"), if narrow { 5 } else { 6 }),
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-entry"), if narrow { 2 } else { 4 }),
        pad_right(&catalog::t!(ctx.lang, "suriagehara-roster-units"), 5),
        catalog::t!(ctx.lang, "suriagehara-roster-commander-at")
    );
    out.push(head);
    for (i, d) in FORMATIONS.iter().enumerate() {
        let f = i as Fid;
        let fv = &view.formations[i];
        let alive = view.units.keys().filter(|u| u.f == f).count();
        let name = &super::rules::leader_name(ctx.lang, f);
        let kind = match d.action {
            ChitAction::MoveAndCombat => catalog::t!(ctx.lang, "suriagehara-roster-move-and-combat"),
            ChitAction::MoveOrCombat => catalog::t!(ctx.lang, "suriagehara-roster-move-or-combat"),
        };
        let kind = pad_right(&kind, if narrow { 5 } else { 6 });
        let at = match fv.commander {
            Commander::Alive { carrier } => {
                let u = super::action::UnitId::new(f, carrier);
                match view.units.get(&u) {
                    Some(h) => {
                        let c = if d.side == Side::Ashina { u.to_string().to_ascii_lowercase() } else { u.to_string() };
                        catalog::t!(ctx.lang, "suriagehara-on", c = c.to_string(), h = h.to_string())
                    }
                    None => "-".to_string(),
                }
            }
            Commander::SetAside { .. } => catalog::t!(ctx.lang, "suriagehara-set-aside").to_string(),
            Commander::Killed => catalog::t!(ctx.lang, "suriagehara-killed").to_string(),
        };
        let status = match fv.status {
            Status::Unreleased => catalog::t!(ctx.lang, "suriagehara-status-unreleased"),
            Status::Released => catalog::t!(ctx.lang, "suriagehara-status-released"),
            Status::Destroyed => catalog::t!(ctx.lang, "suriagehara-status-destroyed"),
        };
        let sup = if d.supreme { catalog::t!(ctx.lang, "suriagehara-supreme") } else { String::new() };
        let moved = if fv.has_moved || fv.status != Status::Released {
            String::new()
        } else {
            catalog::t!(ctx.lang, "suriagehara-not-moved")
        };
        out.push(format!(
            "{} {} {} {} {} {} {}",
            pad_right(d.code, 4),
            pad_right(name, name_w),
            pad_right(&d.resolve.to_string(), if narrow { 2 } else { 4 }),
            kind,
            pad_right(&d.entry_turn.to_string(), if narrow { 2 } else { 4 }),
            pad_right(&format!("{alive}/{}", d.retainers), 5),
            at + ", " + &status + &moved + &sup
        ));
    }
    out
}

pub fn render(view: &View, ctx: &RenderContext) -> String {
    if let Some(region) = &ctx.region {
        return match parse_region(region) {
            Some((from, to)) => render_region(view, ctx, from, to),
            None => {
                let note =
                    catalog::t!(ctx.lang, "suriagehara-region-not-understood-give-two", region = region.to_string());
                format!("{note}\n{}", render(view, &RenderContext { region: None, ..ctx.clone() }))
            }
        };
    }
    let w = ctx.width.max(40);
    let mut lines = Vec::new();
    let title = catalog::t!(ctx.lang, "suriagehara-suriagehara-no-kassen");
    lines.push(title.to_string());
    lines.extend(status_lines(view, ctx).into_iter().flat_map(|l| hang(&l, w, 13)));
    lines.push(String::new());
    lines.extend(map_lines(view, w));
    lines.extend(legend(ctx.lang).into_iter().flat_map(|l| crate::text::wrap(&l, w)));
    lines.push(String::new());
    lines.extend(roster_lines(view, ctx));
    let _ = width;
    fit(lines, w)
}
