//! The table as plain text (spec §11): header, seat table with scores and stacks, own hand, discards,
//! whose decision it is, the last showdown report, a legend. ASCII glyphs; every pad by display width.

use super::data::cards_text;
use super::report::{colour_name, report_lines, seats_list};
use super::state::{Choice, DeclinedCards, SoleFighterLead, seat_label};
use super::view::{View, Waiting};
use crate::engine::{Lang, RenderContext, Seat};
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
    let ja = ctx.lang == Lang::Ja;
    let lang = ctx.lang;
    let w = ctx.width.max(20);
    let rule_w = w.min(78);
    let heavy = "=".repeat(rule_w);
    let light = "-".repeat(rule_w);
    let me = v.me();
    let mut lines: Vec<String> = Vec::new();

    lines.push(heavy.clone());
    lines.push(if ja {
        format!(" 不忍  第{}セット | ラウンド {}/3 | 手番 {}", v.set_no, v.round_no, v.turn)
    } else {
        format!(" SHINOBAZU   Set {} | Round {} of 3 | Turn {}", v.set_no, v.round_no, v.turn)
    });
    let lead = match v.lead {
        Some(c) => colour_name(c, lang),
        None => (if ja { "未定" } else { "none yet" }).to_string(),
    };
    lines.push(if ja {
        format!(" 主導色: {lead}   スタートプレイヤー: {}", who(ctx, v.sp))
    } else {
        format!(" Lead colour: {lead}   Start player: {}", who(ctx, v.sp))
    });
    lines.push(if ja {
        " ラウンド終了時に誰かが5点以上ならゲーム終了。得点の最も少ない人の勝ち。".to_string()
    } else {
        " Ends at round end when a score is >= 5. Lowest score wins.".to_string()
    });
    if v.declined_cards == DeclinedCards::Carry {
        lines.push(if ja {
            " 解釈: 不忍勝負をパスした人の勝負札は手元に残り、次のラウンドに持ち越し。".to_string()
        } else {
            " Reading: a passer who declines a duel keeps its cards for the next round.".to_string()
        });
    }
    if v.sole_fighter_lead == SoleFighterLead::Played {
        lines.push(if ja {
            " 解釈: 勝負が1人のとき、その左隣が出した札（どこに置いたかを問わず）の色が主導色。".to_string()
        } else {
            " Reading: with one fighter, the card its left neighbour played sets the lead colour.".to_string()
        });
    }
    lines.push(heavy.clone());

    let header: Vec<&str> = if ja {
        vec!["席", "プレイヤー", "点", "手札", "持越", "勝負札", "出し手", "選択"]
    } else {
        vec!["Seat", "Player", "Pts", "Hand", "Carried", "Current", "By", "F/P"]
    };
    let mut table = Table::new(header).align(2, Align::Right).align(3, Align::Right);
    for (i, sv) in v.seats.iter().enumerate() {
        let q = i as Seat;
        let seat = if q == v.sp { format!("{} *", seat_label(q)) } else { seat_label(q) };
        let mut name = text::truncate(&ctx.seat_name(q), 16);
        if Some(q) == me {
            name.push_str(if ja { "（あなた）" } else { " (you)" });
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
                    (if ja { "自" } else { "own" }).to_string()
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
        let h =
            if hand.is_empty() { (if ja { "（なし）" } else { "(none)" }).to_string() } else { cards_text(&hand) };
        lines.push(if ja { format!(" あなたの手札: {h}") } else { format!(" Your hand   : {h}") });
    }
    if v.game_over {
        for (i, sv) in v.seats.iter().enumerate() {
            if Some(i as Seat) != me
                && let Some(h) = &sv.hand
            {
                let label = if ja { "の手札" } else { " hand" };
                lines.push(format!(" {}{label}: {}", seat_label(i as Seat), cards_text(h)));
            }
        }
    }
    let discards = if v.discard_face_up.is_empty() { "-".to_string() } else { cards_text(&v.discard_face_up) };
    let yours = if v.discard_face_down_yours.is_empty() || v.discard_face_down_cards.is_some() {
        String::new()
    } else if ja {
        format!("（あなたが出した札：{}）", cards_text(&v.discard_face_down_yours))
    } else {
        format!(" (yours: {})", cards_text(&v.discard_face_down_yours))
    };
    lines.push(if ja {
        format!(" 捨て札      : {discards}   裏向き: {}枚{yours}", v.discard_face_down)
    } else {
        format!(" Discards    : {discards}   face down: {}{yours}", v.discard_face_down)
    });
    if let Some(cards) = v.discard_face_down_cards.as_ref().filter(|c| !c.is_empty()) {
        lines.push(if ja {
            format!(" 裏向きの捨て札: {}", cards_text(cards))
        } else {
            format!(" Face-down discards: {}", cards_text(cards))
        });
    }
    lines.push(match (&v.unused, ja) {
        (Some(u), false) if !u.is_empty() => format!(" Unused      : {}", cards_text(u)),
        (Some(u), true) if !u.is_empty() => format!(" 未使用      : {}", cards_text(u)),
        (_, false) => format!(" Unused      : {} cards face down", v.unused_count),
        (_, true) => format!(" 未使用      : 裏向き{}枚", v.unused_count),
    });
    if let Some(wt) = &v.waiting {
        let text = match (wt, ja) {
            (Waiting::Play { seat }, false) => format!("{} - play a card", who(ctx, *seat)),
            (Waiting::Play { seat }, true) => format!("{}：札を出す", who(ctx, *seat)),
            (Waiting::PushResponse { seat, pusher }, false) => {
                format!("{} - answer FIGHT or PASS to the card pushed by {}", who(ctx, *seat), seat_label(*pusher))
            }
            (Waiting::PushResponse { seat, pusher }, true) => {
                format!("{}：{}が押し付けた札に勝負かパスか", who(ctx, *seat), seat_label(*pusher))
            }
            (Waiting::ChallengeChoice { seat }, false) => format!(
                "{} - challenge a passer ({}) to a Shinobazu Duel, or not",
                who(ctx, *seat),
                seats_list(&v.passers_left, lang)
            ),
            (Waiting::ChallengeChoice { seat }, true) => format!(
                "{}：パスしたプレイヤー（{}）に不忍勝負を挑むかどうか",
                who(ctx, *seat),
                seats_list(&v.passers_left, lang)
            ),
            (Waiting::ChallengeAnswer { seat, challenger }, false) => {
                format!("{} - accept or decline {}'s challenge", who(ctx, *seat), seat_label(*challenger))
            }
            (Waiting::ChallengeAnswer { seat, challenger }, true) => {
                format!("{}：{}の不忍勝負を受けるかパスするか", who(ctx, *seat), seat_label(*challenger))
            }
        };
        lines.push(if ja { format!(" 待機中      : {text}") } else { format!(" Waiting for : {text}") });
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
            lines.push(if ja {
                format!(
                    " {}は{}の不忍勝負をパス：{}点加算（{} → {}）。{}",
                    seat_label(d.passer),
                    seat_label(d.loser),
                    d.cards,
                    d.change.before,
                    d.change.after,
                    if carried {
                        "勝負札は手元に残りました。"
                    } else {
                        "勝負札は裏向きのまま捨て札に。"
                    }
                )
            } else {
                format!(
                    " {} declined {}'s challenge: +{} ({} -> {}); {}.",
                    seat_label(d.passer),
                    seat_label(d.loser),
                    d.cards,
                    d.change.before,
                    d.change.after,
                    if carried {
                        "the cards stayed in front of them"
                    } else {
                        "the current card was discarded face down"
                    }
                )
            });
        }
    }
    if v.game_over {
        lines.push(light.clone());
        lines.push(if ja { " ゲーム終了。順位:".to_string() } else { " Game over. Ranking:".to_string() });
        if let Some(ranks) = &v.ranks {
            let mut order: Vec<usize> = (0..v.seats.len()).collect();
            order.sort_by_key(|i| (ranks[*i], *i));
            for i in order {
                let q = i as Seat;
                let resigned = if v.resigned == Some(q) { if ja { "（投了）" } else { " (resigned)" } } else { "" };
                lines.push(if ja {
                    format!("  {}位  {:<3} {}点{resigned}", ranks[i], seat_label(q), v.seats[i].score)
                } else {
                    format!(
                        "  {}.  {:<3} {} pts{resigned}  {}",
                        ranks[i],
                        seat_label(q),
                        v.seats[i].score,
                        ctx.seat_name(q)
                    )
                });
            }
        }
    }
    lines.push(light);
    if ja {
        lines.push(" 凡例: * スタートプレイヤー  ?? 裏向き（不明）  (xx) 裏向き（あなたが出した札）".into());
        lines.push("       F 勝負  P パス  ? 未回答  . 札なし  自 自分で出した札  <Pn Pnが押し付けた札".into());
    } else {
        lines.push(" Legend: * start player   ?? hidden   (xx) hidden, known to you".into());
        lines.push("         F fight   P pass   ? not answered yet   . no card yet".into());
        lines.push("         own played by the player   <Pn pushed by Pn".into());
    }
    lines.push(heavy);
    lines.push(" 不忍 (Shinobazu)".into());
    fit(lines, w)
}
