//! Plain-text rendering (spec §11): status lines, both action boards, a rasterised top-down map of the
//! field drawn on `text::Canvas`, and the roster. The map itself is ASCII in both languages; Japanese
//! names only appear at the end of roster lines, so CJK width never breaks the alignment.

use crate::engine::{Lang, RenderContext, Seat, Viewer};
use crate::text::{self, Align, Canvas, Table};

use super::data::{self, CARDS, FIELD_H, FIELD_W, NCARDS, PER_ARMY, SPACES};
use super::geometry::Rect;
use super::state::{AskKind, Phase, Status};
use super::view::View;

fn t(lang: Lang, en: &str, ja: &str) -> String {
    match lang {
        Lang::En => en.to_string(),
        Lang::Ja => ja.to_string(),
    }
}

fn owner(v: &View, card: usize) -> Seat {
    let army = CARDS[card].army;
    if v.players[0].army == army { 0 } else { 1 }
}

fn letter(v: &View, core: usize) -> char {
    let seat = owner(v, core);
    let idx = (core % PER_ARMY) as u8;
    if Some(seat) == v.sente || (v.sente.is_none() && seat == 0) { (b'A' + idx) as char } else { (b'a' + idx) as char }
}

/// Arrow for a heading (§11.1).
pub fn arrow(h: i32) -> char {
    let h = h.rem_euclid(360) as f64;
    let k = (((h + 22.5) / 45.0).floor() as i32).rem_euclid(8);
    ['^', '/', '>', '\\', 'v', '/', '<', '\\'][k as usize]
}

/// Map raster parameters: (mm per column, mm per row).
fn scale(width: usize) -> (f64, f64) {
    if width >= 82 { (10.0, 20.0) } else { (15.0, 30.0) }
}

/// Cards on the field in drawing priority order: sente's first, then canonical order.
fn drawn(v: &View) -> Vec<(usize, Rect, usize)> {
    let mut list: Vec<(usize, Rect, usize)> = Vec::new();
    for i in 0..NCARDS {
        let c = &v.cards[i];
        if let Some((x, y, h)) = c.pose {
            let core = c.core.as_deref().and_then(data::card_index).unwrap_or(i);
            list.push((i, Rect::new((x, y), h), core));
        }
    }
    list.sort_by_key(|(i, _, core)| {
        let first = Some(owner(v, *i)) == v.sente;
        (!first, core % PER_ARMY, v.cards[*i].slot)
    });
    list
}

/// The map grid alone: (lines of cells, column count). Also used by tests (S45).
pub fn raster(v: &View, width: usize) -> Vec<Vec<char>> {
    let (cw, rh) = scale(width);
    let cols = (FIELD_W / cw).ceil() as usize;
    let rows = (FIELD_H / rh).ceil() as usize;
    let mut grid = vec![vec![' '; cols]; rows];
    let mut who = vec![vec![usize::MAX; cols]; rows];
    let cards = drawn(v);
    for (j, row) in grid.iter_mut().enumerate() {
        let sy = FIELD_H - rh * j as f64 - rh / 2.0;
        for (i, cell) in row.iter_mut().enumerate() {
            let sx = cw * i as f64 + cw / 2.0;
            if sy > data::ZONE_DEPTH && sy < FIELD_H - data::ZONE_DEPTH {
                *cell = '.';
            }
            if let Some((k, _, core)) = cards.iter().find(|(_, r, _)| r.contains((sx, sy))) {
                *cell = letter(v, *core);
                who[j][i] = *k;
            }
        }
    }
    let cell_of = |p: (f64, f64)| -> Option<(usize, usize)> {
        if p.0 < 0.0 || p.1 < 0.0 || p.0 >= FIELD_W || p.1 > FIELD_H {
            return None;
        }
        let i = (p.0 / cw).floor() as usize;
        let j = ((FIELD_H - p.1) / rh).floor() as usize;
        (i < cols && j < rows).then_some((i, j))
    };
    for (k, r, _) in &cards {
        let tip = (r.c.0 + 22.0 * r.f.0, r.c.1 + 22.0 * r.f.1);
        if let Some((i, j)) = cell_of(tip)
            && who[j][i] == *k
        {
            grid[j][i] = arrow(r.h);
        }
    }
    for (k, r, _) in &cards {
        if let Some((ic, jc)) = cell_of(r.c) {
            let id: Vec<char> = CARDS[*k].id.chars().collect();
            for (n, ch) in id.iter().enumerate() {
                let i = ic as i64 - 1 + n as i64;
                if i >= 0 && (i as usize) < cols && who[jc][i as usize] == *k {
                    grid[jc][i as usize] = *ch;
                }
            }
        }
    }
    grid
}

fn map(v: &View, width: usize, lang: Lang) -> String {
    let (cw, rh) = scale(width);
    let grid = raster(v, width);
    let cols = grid[0].len();
    let mut canvas = Canvas::new(cols + 7, grid.len() + 3);
    // Ruler: a label every 10 columns.
    canvas.text(1, 0, "mm");
    for k in 0..cols.div_ceil(10) {
        canvas.text(6 + 10 * k, 0, &format!("{}", (10.0 * cw * k as f64) as i64));
    }
    canvas.text(5, 1, &format!("+{}+", "-".repeat(cols)));
    for (j, row) in grid.iter().enumerate() {
        let sy = FIELD_H - rh * j as f64 - rh / 2.0;
        canvas.text(0, j + 2, &format!("{:>4} |", sy as i64));
        for (i, ch) in row.iter().enumerate() {
            canvas.put(6 + i, j + 2, *ch);
        }
        canvas.put(6 + cols, j + 2, '|');
    }
    canvas.text(5, grid.len() + 2, &format!("+{}+", "-".repeat(cols)));
    let mut out = canvas.render();
    out.push_str(&t(
        lang,
        &format!(" Legend: A-D sente's sonae, a-d gote's; ^ > v < / \\ facing; ID at card centre;\n '.' no-man's land; one cell = {}x{} mm; exact data in the roster.\n", cw, rh),
        &format!(" 凡例: A-D 先手の備え, a-d 後手の備え; ^ > v < / \\ 向き; IDはカード中心;\n '.' 中間地帯; 1マス = {}x{} mm; 正確な値は下の一覧。\n", cw, rh),
    ));
    out
}

fn board_lines(v: &View, seat: Seat, name: &str, lang: Lang) -> Vec<String> {
    let p = &v.players[seat as usize];
    let b = p.board;
    let cell = |i: usize| match b {
        Some(b) => format!("{} {}", SPACES[i], b[i]),
        None => format!("{} ?", SPACES[i]),
    };
    // Drawn clockwise from the top left, so that sowing goes round the square.
    let ring = v.sowing.ring();
    vec![
        format!("{} {}", name, t(lang, "board", "行動盤")),
        format!("stock {} +------+------+", p.stock),
        format!("        | {:<4} | {:<4} |", cell(ring[0]), cell(ring[1])),
        "        +------+------+".to_string(),
        format!("        | {:<4} | {:<4} |", cell(ring[3]), cell(ring[2])),
        format!("morale{} +------+------+", p.morale),
    ]
}

pub(super) fn kind_text(kind: &str, lang: Lang) -> String {
    let (en, ja) = match kind {
        "organise" => ("organise sonae", "備えの編成"),
        "deploy" => ("deploy a sonae", "備えの配置"),
        "tokens" => ("place tokens", "トークン配置"),
        "act" => ("first execution of the turn", "手番の最初の実行"),
        "continue" => ("another execution or end", "次の実行か終了"),
        "stock" => ("D11 use save stock?", "D11 ストック使用?"),
        "kenkon" => ("D12 kenkon itteki?", "D12 乾坤一擲?"),
        "senkyo" => ("D13 place a battle-situation token", "D13 戦況トークンの配置"),
        "heal" => ("D14 choose the card to recover", "D14 回復するカード"),
        k if k.starts_with("targets_d") => ("choose combat targets", "攻撃対象の選択"),
        k => (k, k),
    };
    t(lang, en, ja)
}

pub(crate) fn render(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let width = ctx.width.max(40);
    let mut out = String::new();
    let name = |s: Seat| ctx.seat_name(s);
    let role = |s: Seat| match v.sente {
        Some(x) if x == s => t(lang, "sente, south", "先手・南"),
        Some(_) => t(lang, "gote, north", "後手・北"),
        None => t(lang, "order not drawn", "手番未定"),
    };
    // Header.
    let phase = match v.phase {
        Phase::Organise => t(lang, "organisation (sealed)", "備え編成(非公開)"),
        Phase::Deploy => t(lang, "deployment", "配置"),
        Phase::Tokens => t(lang, "token placement (sealed)", "トークン配置(非公開)"),
        Phase::Play => t(lang, &format!("turn {}", v.turn_no), &format!("手番{}", v.turn_no)),
        Phase::Over => t(lang, "game over", "終局"),
    };
    let to_act = if v.phase == Phase::Play {
        t(
            lang,
            &format!("  -- {} ({}) to act", name(v.active), role(v.active)),
            &format!(" {}({})の手番", name(v.active), role(v.active)),
        )
    } else {
        String::new()
    };
    out.push_str(&text::truncate(&format!("SENBAT  {phase}{to_act}"), width));
    out.push('\n');
    for s in [0u8, 1] {
        let p = &v.players[s as usize];
        let army = match lang {
            Lang::En => data::ARMY_EN[p.army as usize],
            Lang::Ja => data::ARMY_JA[p.army as usize],
        };
        let tokens = if p.board.is_some() { p.tokens.to_string() } else { "?".to_string() };
        let line = match lang {
            Lang::En => format!(
                "{} ({}, {})  tokens {}  morale {}/6  stock {}/3  kills G{} T{}",
                name(s),
                army,
                role(s),
                tokens,
                p.morale,
                p.stock,
                p.general_kills,
                p.troop_kills
            ),
            Lang::Ja => format!(
                "{}({}、{}) トークン{} 士気{}/6 ストック{}/3 戦果 武将{} 小隊{}",
                name(s),
                army,
                role(s),
                tokens,
                p.morale,
                p.stock,
                p.general_kills,
                p.troop_kills
            ),
        };
        for l in text::wrap(&line, width) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push_str(&text::truncate(
        &t(
            lang,
            &format!("kenkon itteki: {}", if v.kenkon_used { "used" } else { "unused" }),
            &format!("乾坤一擲: {}", if v.kenkon_used { "使用済み" } else { "未使用" }),
        ),
        width,
    ));
    out.push('\n');
    if v.phase == Phase::Play || v.phase == Phase::Over {
        if let Some(sp) = v.turn.space {
            out.push_str(&text::truncate(
                &t(
                    lang,
                    &format!(
                        "This turn ({}): space {}, {} token(s) committed",
                        name(v.active),
                        SPACES[sp],
                        v.turn.used
                    ),
                    &format!("この手番({}): {}、{}トークン使用", name(v.active), data::SPACES_JA[sp], v.turn.used),
                ),
                width,
            ));
            out.push('\n');
        }
        out.push('\n');
        let a = board_lines(v, 0, &name(0), lang);
        let b = board_lines(v, 1, &name(1), lang);
        for (x, y) in a.iter().zip(b.iter()) {
            let line = format!(" {}  {}", text::pad_right(x, 32), y);
            out.push_str(&text::truncate(line.trim_end(), width));
            out.push('\n');
        }
    }
    if let Some(mine) = v.my_tokens
        && v.phase == Phase::Tokens
    {
        {
            out.push_str(&t(
                lang,
                &format!("Your sealed tokens: {}\n", super::rules::board_text(&mine)),
                &format!("あなたの配置(非公開): {}\n", super::rules::board_text(&mine)),
            ));
        }
    }
    // Map.
    if v.cards.iter().any(|c| c.pose.is_some()) {
        out.push('\n');
        for l in map(v, width, lang).lines() {
            out.push_str(&text::truncate(l, width));
            out.push('\n');
        }
    }
    // Roster.
    out.push('\n');
    out.push_str(&roster(v, lang, width));
    for l in extra_lines(v, lang) {
        for w in text::wrap(&l, width) {
            out.push_str(&w);
            out.push('\n');
        }
    }
    // Waiting.
    if let Some(reason) = &v.end_reason {
        out.push_str(&text::truncate(reason.get(lang), width));
        out.push('\n');
    }
    for (s, kind) in &v.waiting {
        let line = t(
            lang,
            &format!("Waiting for {}: {}", name(*s), kind_text(kind, lang)),
            &format!("{}の決定待ち: {}", name(*s), kind_text(kind, lang)),
        );
        out.push_str(&text::truncate(&line, width));
        out.push('\n');
    }
    if let Some(AskKind::Act { first, .. }) = &v.my_ask {
        let hint = match lang {
            Lang::En => vec![
                "Your options:".to_string(),
                "  move SONAE [form SLOT=CARD,...] [rot -90..+90] fwd|back J".to_string(),
                "  shoot SONAE [rot ..] [fire SHOOTER>TARGET,...]   charge SONAE J".to_string(),
                format!("  recover [CARD] | defend{}", if *first { "" } else { " | end" }),
            ],
            Lang::Ja => vec![
                "選択肢:".to_string(),
                "  move 備え [form 位置=隊,...] [rot -90..+90] fwd|back J".to_string(),
                "  shoot 備え [rot ..] [fire 射手>目標,...]   charge 備え J".to_string(),
                format!("  recover [隊] | defend{}", if *first { "" } else { " | end" }),
            ],
        };
        for l in hint {
            out.push_str(&text::truncate(&l, width));
            out.push('\n');
        }
    }
    if let Some(AskKind::Targets { choices, .. }) = &v.my_ask {
        for (a, opts) in choices {
            let names: Vec<&str> = opts.iter().map(|&o| CARDS[o as usize].id).collect();
            let line = t(
                lang,
                &format!("  {} may target: {}", CARDS[*a as usize].id, names.join(", ")),
                &format!("  {}の対象候補: {}", CARDS[*a as usize].id, names.join("、")),
            );
            out.push_str(&text::truncate(&line, width));
            out.push('\n');
        }
    }
    out
}

fn roster(v: &View, lang: Lang, width: usize) -> String {
    let header: Vec<String> = match lang {
        Lang::En => ["", "slot", "card", "type", "dmg", "x", "y", "h", "name"].iter().map(|s| s.to_string()).collect(),
        Lang::Ja => ["", "位置", "隊", "種", "被害", "x", "y", "向き", "名前"].iter().map(|s| s.to_string()).collect(),
    };
    let mut table = Table::new(header).align(5, Align::Right).align(6, Align::Right).align(7, Align::Right).gap(1);
    let mut rows = 0;
    let mut order: Vec<usize> = (0..NCARDS).collect();
    order.sort_by_key(|&i| {
        let core = v.cards[i].core.as_deref().and_then(data::card_index).unwrap_or(i);
        (Some(owner(v, i)) != v.sente, core % PER_ARMY, v.cards[i].slot, i)
    });
    for i in order {
        let c = &v.cards[i];
        if c.status != Status::OnField {
            continue;
        }
        let core = c.core.as_deref().and_then(data::card_index).unwrap_or(i);
        let td = data::type_def(CARDS[i].utype);
        let (x, y, h) = c.pose.unwrap();
        let nm = match lang {
            Lang::En => {
                if data::is_core(i) {
                    CARDS[i].romaji.to_string()
                } else {
                    td.name_en.to_string()
                }
            }
            Lang::Ja => {
                if data::is_core(i) {
                    CARDS[i].name_ja.to_string()
                } else {
                    td.name_ja.to_string()
                }
            }
        };
        let lead = if data::is_core(i) { format!("{} {}", letter(v, core), CARDS[core].id) } else { String::new() };
        table.row([
            lead,
            c.slot.name().to_string(),
            c.id.clone(),
            td.abbr.to_string(),
            format!("{}/{}", c.damage, c.durability),
            format!("{x:.1}"),
            format!("{y:.1}"),
            format!("{h}"),
            nm,
        ]);
        rows += 1;
    }
    let mut out = String::new();
    if rows > 0 {
        out.push_str(&t(lang, " ROSTER (cards on the field)\n", " 一覧(場のカード)\n"));
        for l in table.render().lines() {
            out.push_str(&text::truncate(&format!(" {l}"), width));
            out.push('\n');
        }
    }
    let gone: Vec<&str> = (0..NCARDS).filter(|&i| v.cards[i].status == Status::Removed).map(|i| CARDS[i].id).collect();
    if !gone.is_empty() {
        for l in
            text::wrap(&t(lang, &format!("Removed: {}", gone.join(" ")), &format!("除去: {}", gone.join(" "))), width)
        {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// Combat in progress, and the viewer's own undeployed sonae or army list during setup.
fn extra_lines(v: &View, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = &v.combat {
        let pairs: Vec<String> = c
            .pairs
            .iter()
            .map(|p| {
                let face = match lang {
                    Lang::En => p.face.en(),
                    Lang::Ja => p.face.ja(),
                };
                format!("{}>{}({},{})", CARDS[p.p as usize].id, CARDS[p.q as usize].id, face, p.n)
            })
            .collect();
        let kind = if c.charge { t(lang, "Charge combat", "突撃戦") } else { t(lang, "Melee", "白兵戦") };
        out.push(match lang {
            Lang::En => format!(
                "{kind} of {}: {}; damage placed P1 {} : P2 {}",
                CARDS[c.x as usize].id,
                if pairs.is_empty() { "targets not yet declared".to_string() } else { pairs.join(" ") },
                c.tally[0],
                c.tally[1]
            ),
            Lang::Ja => format!(
                "{kind}({}): {}; 与えた被害 P1 {} 対 P2 {}",
                CARDS[c.x as usize].id,
                if pairs.is_empty() { "対象未宣言".to_string() } else { pairs.join(" ") },
                c.tally[0],
                c.tally[1]
            ),
        });
    }
    let Viewer::Seat(me) = v.viewer else { return out };
    let army = v.players[me as usize].army;
    if v.phase == Phase::Organise {
        let troops: Vec<String> = data::troops_of(army)
            .map(|i| format!("{}({})", CARDS[i].id, data::type_def(CARDS[i].utype).abbr))
            .collect();
        let cores: Vec<&str> = data::cores_of(army).iter().map(|&c| CARDS[c].id).collect();
        out.push(t(
            lang,
            &format!("Your cores: {}; your troops: {}", cores.join(" "), troops.join(" ")),
            &format!("中核: {}; 小隊: {}", cores.join(" "), troops.join(" ")),
        ));
    }
    if v.phase == Phase::Deploy {
        let mut parts = Vec::new();
        for c in data::cores_of(army) {
            if v.cards[c].status != Status::InHand {
                continue;
            }
            let troops: Vec<&str> = (0..NCARDS)
                .filter(|&i| {
                    i != c && v.cards[i].status == Status::InHand && v.cards[i].core.as_deref() == Some(CARDS[c].id)
                })
                .map(|i| CARDS[i].id)
                .collect();
            parts.push(format!("{}: {}", CARDS[c].id, troops.join(" ")));
        }
        if !parts.is_empty() {
            out.push(t(
                lang,
                &format!("Your sonae to deploy: {}", parts.join("; ")),
                &format!("未配置の備え: {}", parts.join("; ")),
            ));
        }
    }
    out
}
