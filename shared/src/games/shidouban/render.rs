//! Plain-text board (§11): columns 6..1 from the left, rows 一..六 from the top, then the status panel,
//! the decisions awaited and a legend. Widths are measured with `text::width` (CJK counts double).

use super::data::{Dir, ROW_KANJI, TURN_LABELS, Tile};
use super::rules::letter;
use super::state::{End, Sq, Status};
use super::view::View;
use crate::engine::{Lang, RenderContext, Viewer};
use crate::text::{Align, Table, pad_right, truncate, width, wrap};

const CELL: usize = 7;

fn cell_lines(v: &View, s: Sq, ja: bool) -> (String, String) {
    let active = v.started && v.end.is_none() && Sq::from_k(v.k) == s;
    let mark = if active { ">" } else { " " };
    if let Some(p) = v.persons.iter().find(|p| p.sq == s) {
        let name = if ja { pad_right(p.person.data().short, 4) } else { format!("{} ", p.person.code()) };
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
        let name = if ja { pad_right(t.data().short, 4) } else { format!("{} ", t.code()) };
        return (pad_right(&format!("{mark}{name}{}", t.mark()), CELL), pad_right("", CELL));
    }
    (pad_right(mark, CELL), pad_right("", CELL))
}

pub fn board(v: &View, ja: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut head = String::from("   ");
    for c in (1..=6).rev() {
        head.push_str(&format!("    {c}   "));
    }
    out.push(head.trim_end().to_string());
    let sep = format!("   +{}", "-------+".repeat(6));
    out.push(sep.clone());
    for r in 1..=6u8 {
        let label = if ja { format!("{} ", ROW_KANJI[r as usize - 1]) } else { format!(" {r} ") };
        let mut l1 = format!("{label}|");
        let mut l2 = "   |".to_string();
        for c in (1..=6u8).rev() {
            let (a, b) = cell_lines(v, Sq::new(c, r), ja);
            l1.push_str(&a);
            l1.push('|');
            l2.push_str(&b);
            l2.push('|');
        }
        l1.push_str(&format!(" {}", if ja { r.to_string() } else { ROW_KANJI[r as usize - 1].to_string() }));
        out.push(l1);
        out.push(l2);
        out.push(sep.clone());
    }
    out
}

fn status_word(s: Status, ja: bool) -> &'static str {
    match (s, ja) {
        (Status::Active, false) => "active",
        (Status::Suspended, false) => "suspended",
        (Status::Eliminated, false) => "out",
        (Status::Active, true) => "在盤",
        (Status::Suspended, true) => "山札",
        (Status::Eliminated, true) => "脱落",
    }
}

pub fn render(v: &View, ctx: &RenderContext) -> String {
    let ja = ctx.lang == Lang::Ja;
    let mut lines: Vec<String> = Vec::new();
    let (lja, len) = TURN_LABELS[v.turn.clamp(1, 12) as usize - 1];
    let sq = Sq::from_k(v.k);
    if ja {
        lines.push(format!("歳月 {}/12 {lja} | 手番マス {} (k={}) | 当番: {}", v.turn, sq.ja(), v.k, letter(v.duty)));
        lines.push(format!("袋 白{} 黒{} | 人物の山 {} | 事件の山 {}", v.bag_w, v.bag_b, v.person_pile, v.event_pile));
    } else {
        lines.push(format!("T{}/12 {len} | active {} (k={}) | duty: {}", v.turn, sq.both(), v.k, letter(v.duty)));
        lines.push(format!(
            "bag w{} b{} | person pile {} | event pile {}",
            v.bag_w, v.bag_b, v.person_pile, v.event_pile
        ));
    }
    lines.push(String::new());
    lines.extend(board(v, ja));
    lines.push(String::new());
    // Status panel.
    let header: Vec<&str> = if ja {
        vec!["席", "名前", "人物", "武", "論", "尊", "士", "失敗", "手元", "事件", "状態", "得点"]
    } else {
        vec!["Pl", "Name", "Person", "Mar", "Elo", "Res", "Bsh", "Fail", "Hand", "Tiles", "Status", "Now"]
    };
    let mut t = Table::new(header).gap(1);
    for i in [3, 4, 5, 6, 9, 11] {
        t = t.align(i, Align::Right);
    }
    for (i, pl) in v.players.iter().enumerate() {
        let seat = i as u8;
        let pv = pl.person.and_then(|p| v.persons.iter().find(|x| x.person == p));
        let person = pl
            .person
            .map(|p| {
                if ja {
                    p.data().name.to_string()
                } else {
                    format!("{} {}", p.code(), p.data().romaji.split(' ').next().unwrap_or(""))
                }
            })
            .unwrap_or_else(|| "-".into());
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
                if ja { x.failure.ja().to_string() } else { x.failure.en().to_string() },
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
            status_word(pl.status, ja).to_string(),
            pl.score_now.map(|s| s.to_string()).unwrap_or_else(|| "-".into()),
        ]);
    }
    lines.extend(t.render().lines().map(|s| s.to_string()));
    // Own hand (every hand once the game is over).
    if let (Viewer::Seat(me), None) = (v.viewer, &v.end) {
        if let Some(h) = v.players.get(me as usize).and_then(|p| p.hand.clone()) {
            let names: Vec<String> = h
                .iter()
                .map(|t| {
                    if ja {
                        format!("{}({})", t.data().name, t.code())
                    } else {
                        format!("{} ({})", t.code(), t.data().en)
                    }
                })
                .collect();
            let txt = if ja {
                format!("あなたの事件コマ: {}", if names.is_empty() { "なし".into() } else { names.join("、") })
            } else {
                format!("Your tiles: {}", if names.is_empty() { "none".into() } else { names.join(", ") })
            };
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
                    &format!("{}: {kuchi}; {rep}", if ja { "あなたの設定" } else { "Your preferences" }),
                    ctx.width,
                ));
            }
        }
    } else if v.end.is_some() || v.viewer == Viewer::Server {
        for (i, pl) in v.players.iter().enumerate() {
            if let Some(h) = &pl.hand
                && !h.is_empty()
            {
                let codes: Vec<&str> = h.iter().map(|t| if ja { t.data().name } else { t.code() }).collect();
                lines.extend(wrap(&format!("{}: {}", letter(i as u8), codes.join(" ")), ctx.width));
            }
        }
    }
    if !v.discard_persons.is_empty() || !v.discard_tiles.is_empty() {
        let ps: Vec<&str> = v.discard_persons.iter().map(|p| if ja { p.data().short } else { p.code() }).collect();
        let ts: Vec<&str> = v.discard_tiles.iter().map(|t| if ja { t.data().short } else { t.code() }).collect();
        let all: Vec<&str> = ps.into_iter().chain(ts).collect();
        let txt = if ja { format!("捨て札: {}", all.join(" ")) } else { format!("discard: {}", all.join(" ")) };
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
                if ja {
                    format!("{}→{}({})", d.ja(), to, if white { "白" } else { "黒" })
                } else {
                    format!("{}->{} ({})", d.code(), to, if white { "white" } else { "black" })
                }
            })
            .collect();
        let txt = if ja {
            format!(
                "移動: {} 矢印 {} | 可能 {} | 自然移動 {}",
                p.data().name,
                arrows.join(" "),
                legal.join(" "),
                nat.ja()
            )
        } else {
            format!(
                "Moving: {} arrows {} | legal {} | natural {}",
                p.code(),
                arrows.join(" "),
                legal.join(", "),
                nat.code()
            )
        };
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
            &format!("{}: {}", if ja { "保留中の戦闘" } else { "pending combats" }, cs.join(", ")),
            ctx.width,
        ));
    }
    if let Some(e) = &v.end {
        let txt = match e {
            End::AllLose => Some((
                "Game over: no player's person is left; the Shinsengumi is disbanded and all players lose.".to_string(),
                "終了: 盤上にプレイヤー人物なし。新選組は解散、全員の負け。".to_string(),
            )),
            End::Sole(s) => Some((
                format!(
                    "Game over: only {}'s person remains; {} ({}) wins.",
                    letter(*s),
                    letter(*s),
                    ctx.seat_name(*s)
                ),
                format!("終了: {}の人物のみ残存。{}（{}）の勝ち。", letter(*s), letter(*s), ctx.seat_name(*s)),
            )),
            End::Scored(_) => Some((
                "Game over after turn 12: final scores in column Now.".into(),
                "終了（第12ターン後）: 得点は「得点」欄。".into(),
            )),
        };
        if let Some((en, j)) = txt {
            lines.extend(wrap(if ja { &j } else { &en }, ctx.width));
        }
    } else {
        // Own decisions in full (with every legal command); the others as one "waiting for" line.
        let mut waiting: Vec<String> = Vec::new();
        for a in &v.asks {
            if a.options.is_empty() {
                waiting.push(format!("{} ({}, {})", letter(a.seat), ctx.seat_name(a.seat), a.kind));
                continue;
            }
            let head = format!("[{}] {} ({}): {}", a.kind, letter(a.seat), ctx.seat_name(a.seat), a.text.get(ctx.lang));
            lines.extend(wrap(&head, ctx.width));
            let opts = format!("  {} {}", if ja { "選択肢:" } else { "options:" }, a.options.join(" | "));
            lines.extend(
                wrap(&opts, ctx.width).into_iter().map(|l| if l.starts_with("  ") { l } else { format!("  {l}") }),
            );
        }
        if !waiting.is_empty() {
            let txt = if ja {
                format!("回答待ち: {}", waiting.join("、"))
            } else {
                format!("Waiting for: {}", waiting.join(", "))
            };
            lines.extend(wrap(&txt, ctx.width));
        }
        if let Some(s) = &v.status {
            lines.push(s.get(ctx.lang).to_string());
        }
    }
    let legend = if ja {
        "凡例: 近藤A=プレイヤーAの人物（記号なし=平隊士）、w白石 b黒石、~=行動済、I=許嫁 F=不覚悟、>=手番マス。事件: v=下辺 ^=上辺 +=四辺 2=二辺 |=列。右=1列側（佐幕）、左=6列側（勤皇）。*=当番"
    } else {
        "Legend: KON A = player A's person (no letter = rank-and-file); w/b = white/black stones; ~ acted; I fiancee, F lacking resolve; > active square. Tiles: v triggers below, ^ above, + four sides, 2 two sides, | its column. Right = towards column 1 (sabaku). * = duty."
    };
    lines.extend(wrap(legend, ctx.width));
    let w = ctx.width.max(40);
    lines.into_iter().map(|l| if width(&l) > w { truncate(&l, w) } else { l }).collect::<Vec<_>>().join("\n") + "\n"
}
