//! Plain-text rendering (spec §11): status lines, both action boards, a rasterised top-down map of the
//! field drawn on `text::Canvas`, and the roster. The map itself is ASCII in both languages; Japanese
//! names only appear at the end of roster lines, so CJK width never breaks the alignment.

use crate::engine::{Lang, RenderContext, Seat, Viewer};
use crate::text::{self, Align, Canvas, Table};

use super::data::{self, CARDS, FIELD_H, FIELD_W, NCARDS, PER_ARMY, SPACES};
use super::geometry::Rect;
use super::state::{AskKind, Phase, Status};
use super::view::View;

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
    out.push_str(&catalog::t!(lang, "senbat-legend-a-d-sente-s", cw = cw.to_string(), rh = rh.to_string()));
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
        format!("{} {}", name, catalog::t!(lang, "senbat-board")),
        format!("{} +------+------+", text::pad_right(&catalog::t!(lang, "senbat-board-stock", stock = p.stock), 7)),
        format!("        | {:<4} | {:<4} |", cell(ring[0]), cell(ring[1])),
        "        +------+------+".to_string(),
        format!("        | {:<4} | {:<4} |", cell(ring[3]), cell(ring[2])),
        format!("{} +------+------+", text::pad_right(&catalog::t!(lang, "senbat-board-morale", morale = p.morale), 7)),
    ]
}

/// The name of decision kind `kind` (`targets_d11` … share one name).
pub(crate) fn kind_name(kind: &str) -> crate::engine::Localized {
    let kind = if kind.starts_with("targets_d") { "targets" } else { kind };
    crate::engine::decision_name_from_catalog("senbat", kind)
}

pub(super) fn kind_text(kind: &str, lang: Lang) -> String {
    kind_name(kind).get(lang).to_owned()
}

pub(crate) fn render(v: &View, ctx: &RenderContext) -> String {
    let lang = ctx.lang;
    let width = ctx.width.max(40);
    let mut out = String::new();
    let name = |s: Seat| ctx.seat_name(s);
    let role = |s: Seat| match v.sente {
        Some(x) if x == s => catalog::t!(lang, "senbat-sente-south"),
        Some(_) => catalog::t!(lang, "senbat-gote-north"),
        None => catalog::t!(lang, "senbat-order-not-drawn"),
    };
    // Header.
    let phase = match v.phase {
        Phase::Organise => catalog::t!(lang, "senbat-organisation-sealed-2"),
        Phase::Deploy => catalog::t!(lang, "senbat-deployment"),
        Phase::Tokens => catalog::t!(lang, "senbat-token-placement-sealed-2"),
        Phase::Play => catalog::t!(lang, "senbat-turn", turn_no = v.turn_no.to_string()),
        Phase::Over => catalog::t!(lang, "senbat-game-over"),
    };
    let to_act = if v.phase == Phase::Play {
        catalog::t!(
            lang,
            "senbat-to-act",
            name_active = (name(v.active)).to_string(),
            role_active = (role(v.active)).to_string()
        )
    } else {
        String::new()
    };
    out.push_str(&text::truncate(&catalog::t!(lang, "senbat-render-title", phase = phase, to_act = to_act), width));
    out.push('\n');
    for s in [0u8, 1] {
        let p = &v.players[s as usize];
        let army = catalog::t!(lang, "senbat-army", army = data::ARMY_EN[p.army as usize]);
        let tokens = if p.board.is_some() { p.tokens.to_string() } else { "?".to_string() };
        let line = catalog::t!(
            lang,
            "senbat-tokens-morale-stock-kills-g",
            name = (name(s)).to_string(),
            army = army.to_string(),
            role = (role(s)).to_string(),
            tokens = tokens.to_string(),
            morale = p.morale.to_string(),
            stock = p.stock.to_string(),
            general_kills = p.general_kills.to_string(),
            troop_kills = p.troop_kills.to_string()
        );
        for l in text::wrap(&line, width) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out.push_str(&text::truncate(
        &catalog::t!(
            lang,
            "senbat-kenkon-itteki",
            if_kenkon_used_used =
                catalog::t!(lang, "senbat-kenkon-state", used = if v.kenkon_used { "yes" } else { "no" })
        ),
        width,
    ));
    out.push('\n');
    if v.phase == Phase::Play || v.phase == Phase::Over {
        if let Some(sp) = v.turn.space {
            out.push_str(&text::truncate(
                &catalog::t!(
                    lang,
                    "senbat-this-turn-space-token-s",
                    name_active = (name(v.active)).to_string(),
                    spaces_sp = catalog::t!(lang, "senbat-space-in-turn", space = SPACES[sp]),
                    turn_used = v.turn.used.to_string()
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
            out.push_str(&catalog::t!(
                lang,
                "senbat-your-sealed-tokens-2",
                super_rules_board_text = (super::rules::board_text(&mine)).to_string()
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
        let line = catalog::t!(
            lang,
            "senbat-waiting-for-2",
            name = (name(*s)).to_string(),
            kind_text_kind_lang = (kind_text(kind, lang)).to_string()
        );
        out.push_str(&text::truncate(&line, width));
        out.push('\n');
    }
    if let Some(AskKind::Act { first, .. }) = &v.my_ask {
        let end = if *first { String::new() } else { catalog::t!(lang, "senbat-hint-end") };
        let hint = [
            catalog::t!(lang, "senbat-hint-title"),
            catalog::t!(lang, "senbat-hint-move"),
            catalog::t!(lang, "senbat-hint-shoot-charge"),
            catalog::t!(lang, "senbat-hint-recover-defend", end = end),
        ];
        for l in hint {
            out.push_str(&text::truncate(&l, width));
            out.push('\n');
        }
    }
    if let Some(AskKind::Targets { choices, .. }) = &v.my_ask {
        for (a, opts) in choices {
            let names: Vec<&str> = opts.iter().map(|&o| CARDS[o as usize].id).collect();
            let line = catalog::t!(
                lang,
                "senbat-may-target",
                cards_a_id = (CARDS[*a as usize].id).to_string(),
                names = names.join(&catalog::t!(lang, "engine-list-separator"))
            );
            out.push_str(&text::truncate(&line, width));
            out.push('\n');
        }
    }
    out
}

fn roster(v: &View, lang: Lang, width: usize) -> String {
    let header: Vec<String> = vec![
        String::new(),
        catalog::t!(lang, "senbat-roster-slot"),
        catalog::t!(lang, "senbat-roster-card"),
        catalog::t!(lang, "senbat-roster-type"),
        catalog::t!(lang, "senbat-roster-damage"),
        "x".to_string(),
        "y".to_string(),
        catalog::t!(lang, "senbat-roster-heading"),
        catalog::t!(lang, "senbat-roster-name"),
    ];
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
        let nm = if data::is_core(i) {
            catalog::t!(lang, "senbat-card-name", card = CARDS[i].id)
        } else {
            data::type_name(lang, CARDS[i].utype)
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
        out.push_str(&catalog::t!(lang, "senbat-roster-cards-on-the-field"));
        for l in table.render().lines() {
            out.push_str(&text::truncate(&format!(" {l}"), width));
            out.push('\n');
        }
    }
    let gone: Vec<&str> = (0..NCARDS).filter(|&i| v.cards[i].status == Status::Removed).map(|i| CARDS[i].id).collect();
    if !gone.is_empty() {
        for l in text::wrap(&catalog::t!(lang, "senbat-removed", gone = (gone.join(" ")).to_string()), width) {
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
                let face = catalog::t!(lang, "senbat-face", face = p.face.code());
                format!("{}>{}({},{})", CARDS[p.p as usize].id, CARDS[p.q as usize].id, face, p.n)
            })
            .collect();
        let kind = if c.charge { catalog::t!(lang, "senbat-charge-combat") } else { catalog::t!(lang, "senbat-melee") };
        out.push(catalog::t!(
            lang,
            "senbat-of-damage-placed-p-p",
            kind = kind.to_string(),
            cards_c_id = (CARDS[c.x as usize].id).to_string(),
            if_pairs_is_empty =
                if pairs.is_empty() { catalog::t!(lang, "senbat-no-targets-yet") } else { pairs.join(" ") },
            c_tally_0 = (c.tally[0]).to_string(),
            c_tally_1 = (c.tally[1]).to_string()
        ));
    }
    let Viewer::Seat(me) = v.viewer else { return out };
    let army = v.players[me as usize].army;
    if v.phase == Phase::Organise {
        let troops: Vec<String> = data::troops_of(army)
            .map(|i| format!("{}({})", CARDS[i].id, data::type_def(CARDS[i].utype).abbr))
            .collect();
        let cores: Vec<&str> = data::cores_of(army).iter().map(|&c| CARDS[c].id).collect();
        out.push(catalog::t!(
            lang,
            "senbat-your-cores-your-troops",
            cores = (cores.join(" ")).to_string(),
            troops = (troops.join(" ")).to_string()
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
            out.push(catalog::t!(lang, "senbat-your-sonae-to-deploy", parts = (parts.join("; ")).to_string()));
        }
    }
    out
}
