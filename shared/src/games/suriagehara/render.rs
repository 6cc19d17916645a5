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
    match lang {
        Lang::En => vec![
            "Legend: .... flat  /^/^ slope  ^^^^ hill  ~~~~ water (lake, river)".into(),
            "        ~~~ line between rows 09 and 10 = stream (water hexsides)".into(),
            "        lower case = Ashina, UPPER case = Date, * = commander, 11= advance line".into(),
        ],
        Lang::Ja => vec![
            "凡例: .... 平坦地  /^/^ 斜面  ^^^^ 丘陵地  ~~~~ 水面（湖・川）".into(),
            "      09行と10行の間の~~~ = 沢（水面ヘクスサイド）".into(),
            "      小文字 = 葦名勢、大文字 = 伊達勢、* = 指揮官、11= 前進ライン".into(),
        ],
    }
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

fn side_name(side: Side, lang: Lang) -> &'static str {
    match lang {
        Lang::En => side.name_en(),
        Lang::Ja => side.name_ja(),
    }
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
    let en = lang == Lang::En;
    let act = view.activation.as_ref();
    let fname =
        |f: Fid| if en { fdata(f).code.to_string() } else { format!("{}（{}）", fdata(f).code, fdata(f).name_ja) };
    match view.stage {
        Stage::Deploy => if en { "Setup: deployment (sealed)" } else { "準備：配置（秘密・同時）" }.into(),
        Stage::ChitSelect => if en {
            "Action Start Phase: chit selection (sealed)"
        } else {
            "行動開始フェイズ：チット選択（秘密・同時）"
        }
        .into(),
        Stage::Substitution { chit } => {
            if en {
                format!("Action Phase: {} drawn, Takazane substitution?", fdata(chit).code)
            } else {
                format!("行動フェイズ：{}のチット、富田隆実の代行？", fdata(chit).chit_ja)
            }
        }
        Stage::Move | Stage::Plan | Stage::Retreat | Stage::Replace => {
            let Some(a) = act else { return String::new() };
            let kind = match (a.kind, en) {
                (Kind::Both, true) => "Move & Combat",
                (Kind::One, true) => "Move or Combat",
                (Kind::Both, false) => "移動&戦闘",
                (Kind::One, false) => "移動or戦闘",
            };
            let seg = match (&a.segment, en) {
                (Some(Segment::Move(_)), true) => "Movement Segment",
                (Some(Segment::Move(_)), false) => "移動セグメント",
                (_, true) => "Combat Segment",
                (_, false) => "戦闘セグメント",
            };
            let sub = if a.chit != a.formation {
                if en {
                    format!(" (on the {} chit)", fdata(a.chit).code)
                } else {
                    format!("（{}のチットで代行）", fdata(a.chit).code)
                }
            } else {
                String::new()
            };
            if en {
                format!("Action Phase: {} {kind}{sub}, {seg}", fname(a.formation))
            } else {
                format!("行動フェイズ：{} {kind}{sub}、{seg}", fname(a.formation))
            }
        }
        Stage::Draw | Stage::Resolve => if en { "Action Phase" } else { "行動フェイズ" }.into(),
        Stage::Over => if en { "Game over" } else { "ゲーム終了" }.into(),
    }
}

fn waiting_text(view: &View, ctx: &RenderContext) -> String {
    let en = ctx.lang == Lang::En;
    if view.waiting.is_empty() {
        return "-".into();
    }
    view.waiting
        .iter()
        .map(|w| {
            let what = match (w.kind.as_str(), en) {
                ("deploy", true) => "deployment",
                ("deploy", false) => "配置",
                ("cup", true) => "chit selection",
                ("cup", false) => "チット選択",
                ("substitution", true) => "Takazane substitution",
                ("substitution", false) => "富田隆実の代行",
                ("move", true) => "move orders",
                ("move", false) => "移動命令",
                ("combat_plan", true) => "combat plan",
                ("combat_plan", false) => "戦闘計画",
                ("retreat", true) => "retreat",
                ("retreat", false) => "後退",
                ("replace", true) => "commander re-placement",
                ("replace", false) => "指揮官の再配置",
                (other, _) => other,
            };
            format!("{} ({}): {what}", side_name(w.side, ctx.lang), ctx.seat_name(w.side.seat()))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

pub(crate) fn status_lines(view: &View, ctx: &RenderContext) -> Vec<String> {
    let en = ctx.lang == Lang::En;
    let lab = |e: &str, j: &str| pad_right(if en { e } else { j }, 13);
    let mut out = Vec::new();
    let hour = 7 + view.turn as u32;
    out.push(format!("{}{}/8 ({hour:02}:00)   {}", lab("Turn", "ターン"), view.turn, stage_text(view, ctx.lang)));
    out.push(format!(
        "{}{} {} {}   {} {} {}",
        lab("Army Morale", "士気"),
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
                if en {
                    "sandstorm (Ashina, turns 1-3); wind markers come at turn 4".to_string()
                } else {
                    "砂嵐（葦名勢、第1〜3ターン）。風マーカーは第4ターンに配置".to_string()
                }
            } else {
                "-".to_string()
            }
        }
        Some(w) => (0..3)
            .map(|i| {
                let t = i + 4;
                let m = match (w[i], en) {
                    (None, _) => "??",
                    (Some(Wind::Calm), true) => "calm",
                    (Some(Wind::Calm), false) => "無風",
                    (Some(Wind::Reverse), true) => "REVERSE",
                    (Some(Wind::Reverse), false) => "逆風",
                };
                format!("T{t} {m}")
            })
            .collect::<Vec<_>>()
            .join("   "),
    };
    out.push(format!("{}{wind}", lab("Wind", "風")));
    if view.first_move == FirstMove::CommanderNotBehindLine {
        out.push(format!(
            "{}{}",
            lab("Reading", "解釈"),
            if en {
                "first move: only the commander, not behind the deployment line"
            } else {
                "最初の移動：指揮官だけが配置ラインより後方へ移動不可"
            }
        ));
    }
    if view.reverse_wind {
        out.push(format!(
            "{}{}",
            lab("", ""),
            if en {
                "reverse wind active: Date Resolve +1 this turn"
            } else {
                "逆風：このターン伊達勢の戦意+1"
            }
        ));
    }
    let cup = fids().filter(|f| view.formations[*f as usize].chit == Chit::Cup).count();
    out.push(format!(
        "{}{}",
        pad_right(&format!("{} ({cup})", if en { "Cup" } else { "カップ" }), 13),
        by_side(view, |f| view.formations[f as usize].chit == Chit::Cup)
    ));
    out.push(format!("{}{}", lab("Used", "使用済"), by_side(view, |f| view.formations[f as usize].chit == Chit::Used)));
    out.push(format!("{}{}", lab("Pool", "プール"), by_side(view, |f| view.formations[f as usize].chit == Chit::Pool)));
    out.push(format!(
        "{}{}",
        lab("Unreleased", "未行動開始"),
        by_side(view, |f| view.formations[f as usize].status == Status::Unreleased)
    ));
    out.push(format!(
        "{}{}",
        lab("Leaderless", "指揮官なし"),
        by_side(view, |f| {
            view.formations[f as usize].commander == Commander::Killed
                && view.formations[f as usize].status != Status::Destroyed
        })
    ));
    out.push(format!(
        "{}{}",
        lab("Destroyed", "壊滅"),
        by_side(view, |f| view.formations[f as usize].status == Status::Destroyed)
    ));
    if !view.retreat_choices.is_empty() {
        let c: Vec<String> = view.retreat_choices.iter().map(|(u, h)| format!("{u}:{h}")).collect();
        out.push(format!("{}{}", lab("Retreats", "後退先"), c.join("  ")));
    }
    for m in &view.moves {
        let d: Vec<String> = m.destinations.iter().map(|h| h.to_string()).collect();
        out.push(format!("{}{} (MA {}): {}", lab("Can move", "移動可能"), m.unit, m.ma, d.join(" ")));
    }
    for o in &view.obliged {
        let t: Vec<String> = o.targets.iter().map(|h| h.to_string()).collect();
        let ic = match (o.in_command, en) {
            (true, true) => "in command",
            (false, true) => "out of command",
            (true, false) => "指揮下",
            (false, false) => "指揮範囲外",
        };
        out.push(format!(
            "{}{} ({} {}, {ic}) -> {}",
            lab("Must fight", "戦闘義務"),
            o.unit,
            if en { "CS" } else { "戦闘力" },
            o.cs,
            t.join(" ")
        ));
    }
    if !view.replace_choices.is_empty() {
        let c: Vec<String> = view.replace_choices.iter().map(|u| u.to_string()).collect();
        out.push(format!("{}{}", lab("Re-place on", "再配置先"), c.join("  ")));
    }
    if let Some(r) = &view.result {
        let text = match r {
            GameResult::Winner { side, .. } => {
                if en {
                    format!("{} wins", side.name_en())
                } else {
                    format!("{}の勝利", side.name_ja())
                }
            }
            GameResult::Draw { .. } => if en { "draw" } else { "引き分け" }.to_string(),
        };
        out.push(format!("{}{text}", lab("Result", "結果")));
    } else {
        out.push(format!("{}{}", lab("Waiting for", "回答待ち"), waiting_text(view, ctx)));
    }
    if let (Stage::Deploy, Some(super::state::Sealed::Deploy { .. })) = (view.stage, &view.own_sealed) {
        out.push(if en {
            "Your deployment is submitted (shown on the map only to you).".into()
        } else {
            "あなたの配置は提出済みです（マップ上の表示はあなたにだけ見えます）。".into()
        });
    }
    if let Some(super::state::Sealed::Cup { chits }) = &view.own_sealed {
        out.push(format!("{}{}", lab("Your cup", "あなたの選択"), codes(chits)));
    }
    out
}

pub(crate) fn roster_lines(view: &View, ctx: &RenderContext) -> Vec<String> {
    let en = ctx.lang == Lang::En;
    let mut out = Vec::new();
    let name_w = if en { 20 } else { 12 };
    let head = if en {
        format!(
            "{} {} {} {} {} {} {}",
            pad_right("Code", 4),
            pad_right("Commander", name_w),
            "R ",
            "Chit ",
            "In",
            "Units",
            "Commander at / status"
        )
    } else {
        format!(
            "{} {} {} {} {} {} {}",
            pad_right("記号", 4),
            pad_right("指揮官", name_w),
            "戦意",
            "種別  ",
            "投入",
            "郎党 ",
            "指揮官位置・状態"
        )
    };
    out.push(head);
    for (i, d) in FORMATIONS.iter().enumerate() {
        let f = i as Fid;
        let fv = &view.formations[i];
        let alive = view.units.keys().filter(|u| u.f == f).count();
        let name = if en { d.name_en } else { d.name_ja };
        let kind = match (d.action, en) {
            (ChitAction::MoveAndCombat, true) => "M&C  ",
            (ChitAction::MoveOrCombat, true) => "MoC  ",
            (ChitAction::MoveAndCombat, false) => "移&戦",
            (ChitAction::MoveOrCombat, false) => "移or戦",
        };
        let kind = pad_right(kind, if en { 5 } else { 6 });
        let at = match fv.commander {
            Commander::Alive { carrier } => {
                let u = super::action::UnitId::new(f, carrier);
                match view.units.get(&u) {
                    Some(h) => {
                        let c = if d.side == Side::Ashina { u.to_string().to_ascii_lowercase() } else { u.to_string() };
                        if en { format!("on {c} {h}") } else { format!("{c} {h}") }
                    }
                    None => "-".to_string(),
                }
            }
            Commander::SetAside { .. } => if en { "set aside" } else { "再配置待ち" }.to_string(),
            Commander::Killed => if en { "killed" } else { "討ち死に" }.to_string(),
        };
        let status = match (fv.status, en) {
            (Status::Unreleased, true) => "unreleased",
            (Status::Unreleased, false) => "未行動開始",
            (Status::Released, true) => "released",
            (Status::Released, false) => "行動開始",
            (Status::Destroyed, true) => "destroyed",
            (Status::Destroyed, false) => "壊滅",
        };
        let sup = if d.supreme { if en { " SUPREME" } else { " 総大将" } } else { "" };
        let moved = if fv.has_moved || fv.status != Status::Released {
            ""
        } else if en {
            " not moved"
        } else {
            " 未移動"
        };
        out.push(format!(
            "{} {} {} {} {} {} {}",
            pad_right(d.code, 4),
            pad_right(name, name_w),
            pad_right(&d.resolve.to_string(), if en { 2 } else { 4 }),
            kind,
            pad_right(&d.entry_turn.to_string(), if en { 2 } else { 4 }),
            pad_right(&format!("{alive}/{}", d.retainers), 5),
            at + ", " + status + moved + sup
        ));
    }
    out
}

pub fn render(view: &View, ctx: &RenderContext) -> String {
    if let Some(region) = &ctx.region {
        return match parse_region(region) {
            Some((from, to)) => render_region(view, ctx, from, to),
            None => {
                let note = match ctx.lang {
                    Lang::En => format!("region `{region}` not understood: give two corner hexes, e.g. `0305-1012`"),
                    Lang::Ja => {
                        format!("範囲`{region}`を解釈できません。角の2ヘクスを`0305-1012`のように指定してください")
                    }
                };
                format!("{note}\n{}", render(view, &RenderContext { region: None, ..ctx.clone() }))
            }
        };
    }
    let w = ctx.width.max(40);
    let mut lines = Vec::new();
    let title = if ctx.lang == Lang::En { "Suriagehara no Kassen" } else { "摺上原の合戦" };
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
