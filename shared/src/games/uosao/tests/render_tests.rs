//! Rendering: page width, both languages, CJK alignment, soldier symbols and the private part.

use super::super::data::{CardId, Face};
use super::super::state::{Gap, Item, ItemKind};
use super::super::{Uosao, view};
use super::helpers::*;
use crate::engine::{Engine, Lang, RenderContext, Viewer};
use crate::text;

fn ctx(lang: Lang, width: usize) -> RenderContext {
    let mut c = RenderContext::new(lang, width);
    c.seat_names = vec!["alice".into(), "ボブ".into(), "carol".into(), "dave".into(), "恵美".into()];
    c
}

#[test]
fn a_long_line_wraps_within_the_width_in_both_languages() {
    let mut s = game(5, RED);
    for i in 0..20u32 {
        let gap = Gap { plus: i % 2 == 0, k: (i % 3) as u8 };
        let at = s.insertion_index(gap).expect("gap");
        let card = if i == 3 { CardId::TwoT } else { CardId::One };
        s.line.insert(at, Item { uid: 500 + i, kind: ItemKind::Road { owner: (i % 5) as u8, card } });
    }
    put(&mut s, GRN, 3);
    for lang in [Lang::En, Lang::Ja] {
        for width in [80, 72, 50] {
            let out = Uosao::render(&view::view(&s, Viewer::Seat(RED)), &ctx(lang, width));
            for line in out.lines() {
                assert!(text::width(line) <= width, "{width}: {line}");
            }
            assert!(out.contains("@+10") || out.contains("@-10") || s.gaps().len() < 22);
            assert!(out.contains(if lang == Lang::En { "!trap" } else { "!罠" }), "{out}");
        }
    }
}

#[test]
fn soldiers_are_letters_lowercase_when_face_down_and_counted_when_crowded() {
    let mut s = game(5, RED);
    let out = Uosao::render(&view::view(&s, Viewer::Spectator), &ctx(Lang::En, 80));
    assert!(out.contains("| 5* |"), "{out}");
    put(&mut s, GRN, 6);
    stun(&mut s, GRN, 1);
    let out = Uosao::render(&view::view(&s, Viewer::Spectator), &ctx(Lang::En, 80));
    assert!(out.contains("| g |"), "{out}");
    assert!(out.contains("| 4* |"), "{out}");
    put(&mut s, BLU, 6);
    put(&mut s, PUR, 7);
    let out = Uosao::render(&view::view(&s, Viewer::Spectator), &ctx(Lang::En, 80));
    assert!(out.contains("|gB | P |") && out.contains("| RY |"), "{out}");
    assert!(out.contains("+1.1 down"), "{out}");
}

#[test]
fn japanese_table_columns_align_by_display_width() {
    let mut s = game(3, RED);
    s.pt = vec![12, 3, 0];
    plays(&mut s, &["D1"]);
    let out = Uosao::render(&view::view(&s, Viewer::Seat(YEL)), &ctx(Lang::Ja, 80));
    let lines: Vec<&str> = out.lines().collect();
    let header = lines.iter().position(|l| l.starts_with("プレイヤー")).expect("player table");
    let col = |l: &str, needle: &str| l.find(needle).map(|i| text::width(&l[..i]));
    let pt_col = col(lines[header], "階級pt").expect("pt header");
    for (row, pt) in lines[header + 1..header + 4].iter().zip(["12", "3", "0"]) {
        assert_eq!(col(row, pt), Some(pt_col), "row {row} misaligned in\n{out}");
    }
    // The board's grid is ASCII in both languages, so its lines are identical; only the labels under the
    // items are in the reader's language (issue 24), centred under the same items.
    let en = Uosao::render(&view::view(&s, Viewer::Seat(YEL)), &ctx(Lang::En, 80));
    let board = |o: &str| o.lines().skip(2).take(6).map(str::to_string).collect::<Vec<_>>();
    let (ja_board, en_board) = (board(&out), board(&en));
    for (i, (ja_line, en_line)) in ja_board.iter().zip(&en_board).enumerate() {
        if i == 4 {
            assert!(ja_line.contains("左王") && ja_line.contains("街") && ja_line.contains("右王"), "{ja_line}");
            assert!(en_line.contains("black") && en_line.contains("TOWN") && en_line.contains("white"), "{en_line}");
        } else {
            assert_eq!(ja_line, en_line);
        }
    }
    assert!(out.contains("赤：道") && out.contains("ボブ"), "{out}");
}

#[test]
fn the_player_to_act_is_told_what_to_answer() {
    let mut s = game(3, RED);
    stun(&mut s, RED, 1);
    let out = Uosao::render(&view::view(&s, Viewer::Seat(RED)), &ctx(Lang::En, 80));
    assert!(out.contains("Legal plays: R1 L1 D1 R2 L2 D2 R2T L2T D2T R3 L3 D3"), "{out}");
    assert!(out.contains("Your soldier is trapped"), "{out}");
    assert!(out.contains("Reply with one play, e.g. R3"), "{out}");
    let ja = Uosao::render(&view::view(&s, Viewer::Seat(RED)), &ctx(Lang::Ja, 80));
    assert!(ja.contains("出せるカード: R1 L1 D1"), "{ja}");
    let other = Uosao::render(&view::view(&s, Viewer::Seat(YEL)), &ctx(Lang::En, 80));
    assert!(other.contains("Waiting for RED") && !other.contains("Legal plays"), "{other}");
    let spectator = Uosao::render(&view::view(&s, Viewer::Spectator), &ctx(Lang::En, 80));
    assert!(!spectator.contains("Your hand"));
    plays(&mut s, &["D3", "L1", "L1"]);
    let out = Uosao::render(&view::view(&s, Viewer::Seat(RED)), &ctx(Lang::En, 80));
    assert!(out.contains("You played a road (D3)") && out.contains("gaps: @-2 @-1 @-0 @+0 @+1 @+2"), "{out}");
    let other = Uosao::render(&view::view(&s, Viewer::Seat(YEL)), &ctx(Lang::En, 80));
    assert!(!other.contains("D3") && other.contains("RED  D   (normal road)"), "{other}");
    let _ = Face::D;
}

/// The position of the spec's §11 example (after S13, season 2 round 2, SP YEL, in step 1), as a golden board.
#[test]
fn golden_board_of_the_spec_example() {
    let mut s = game(3, YEL);
    s.season = 2;
    s.round = 2;
    s.pt = vec![4, 7, 2];
    set_line(&mut s, "LK C C T C YEL! C RK");
    put_at(&mut s, RED, "+2.1");
    stun(&mut s, RED, 2);
    put_at(&mut s, GRN, "-1.1");
    let out = Uosao::render(&view::view(&s, Viewer::Spectator), &RenderContext::new(Lang::En, 80));
    let board: Vec<&str> = out.lines().skip(2).take(6).collect();
    let expected = [
        "    LK      -2        -1       T       +1        +2        +3       RK",
        "  +----+ +---+---+ +---+---+ +----+ +---+---+ +---+---+ +---+---+ +----+",
        "  | LK | |   |   | |   | G | | Y  | |   |   | | r |   | |   |   | | RK |",
        "  +----+ +---+---+ +---+---+ +----+ +---+---+ +---+---+ +---+---+ +----+",
        "  black   common    common    TOWN   common   YEL!trap   common   white",
        "       @-2       @-1       @-0    @+0       @+1       @+2       @+3",
    ];
    assert_eq!(board, expected, "\n{out}");
    assert!(out.contains("RED P1  4   +2.1 down"), "{out}");
}
