//! Notation round trips and variants, rendering in both languages, resignation and other contract points.

use super::super::action::{Action, Stance, Target};
use super::super::game::Shinobazu;
use super::super::state::{Choice, State};
use super::super::{notation, rules, view};
use super::helpers::*;
use crate::dice::Rng;
use crate::engine::{Engine, Lang, Pending, RenderContext, ResultKind, RuleError, Space, Viewer};
use crate::text;

use Choice::{Fight as F, Pass as P};

/// States met along a few random games (every decision kind appears).
fn sample_states(games: u32) -> Vec<State> {
    let mut out = Vec::new();
    for g in 0..games {
        let n = 3 + (g % 3) as u8;
        let mut rng = Rng::from_seed(format!("sample {g}").as_bytes());
        let mut s = Shinobazu::setup(&Default::default(), n, &mut rng).unwrap();
        while let Some(p) = Shinobazu::pending(&s).first().cloned() {
            out.push(s.clone());
            let a = Shinobazu::random_action(&s, &p.id, &mut rng).unwrap();
            Shinobazu::apply(&mut s, &p.id, p.seat, &a, &mut rng).unwrap();
        }
        out.push(s);
    }
    out
}

#[test]
fn every_listed_option_round_trips_through_notation() {
    let mut kinds = std::collections::BTreeSet::new();
    for s in sample_states(30) {
        for p in Shinobazu::pending(&s) {
            kinds.insert(p.kind.clone());
            let v = view::view(&s, Viewer::Seat(p.seat));
            let Space::List { options } = Shinobazu::legal(&s, &p.id).unwrap().space else { panic!("listed") };
            assert!(!options.is_empty());
            for a in options {
                let text = Shinobazu::print_action(&a);
                assert_eq!(Shinobazu::parse_action(&v, &p, &text).unwrap(), a, "{text}");
                assert_eq!(Shinobazu::parse_action(&v, &p, &text.to_lowercase()).unwrap(), a, "{text}");
                let json = serde_json::to_value(&a).unwrap();
                assert_eq!(serde_json::from_value::<Action>(json).unwrap(), a);
                // Every listed option is accepted.
                let mut t = s.clone();
                Shinobazu::apply(&mut t, &p.id, p.seat, &a, &mut Rng::from_seed(b"x")).unwrap();
            }
        }
    }
    assert_eq!(kinds.len(), 4, "{kinds:?}");
}

fn pend(kind: &str) -> Pending {
    Pending::alone("d0", 0, kind)
}

#[test]
fn notation_variants_parse() {
    let s = deal(&["R5 K2 B1", "K4 B-3 R1", "B2 K5 R-3", "R2 B4 B5"], "K-3 K1 R4", 1);
    let v = view::view(&s, Viewer::Seat(0));
    let play = |t: &str| notation::parse_action(&v, &pend("play"), t);
    let me_f = Action::Play { card: c("R4"), target: Target::Me, stance: Some(Stance::Fight) };
    for t in ["R4@me/F", "r4@ME/f", "R4@self/fight", "play R4 self fight", "play r4 me f", "PLAY R4 fight"] {
        assert_eq!(play(t).unwrap(), me_f, "{t}");
    }
    assert_eq!(play("R4@me").unwrap(), Action::Play { card: c("R4"), target: Target::Me, stance: None });
    let push = Action::Play { card: c("B-3"), target: Target::Seat(3), stance: None };
    for t in ["B-3@P4", "bm3@p4", "push B-3 to P4", "push Bm3 P4", "B-3@4"] {
        assert_eq!(play(t).unwrap(), push, "{t}");
    }
    for bad in ["R3@me/F", "R4@P5", "R4@me/X", "R4", "fight", "push R4 to P9"] {
        let e = play(bad).unwrap_err();
        assert!(!e.0.en.is_empty() && !e.0.ja.is_empty(), "{bad}");
    }
    let e = play("hello").unwrap_err();
    assert!(e.0.en.contains("CARD@me/F"), "{}", e.0.en);
    let resp = |t: &str| notation::parse_action(&v, &pend("push_response"), t);
    assert_eq!(resp("f").unwrap(), Action::Fight);
    assert_eq!(resp("Pass").unwrap(), Action::Pass);
    assert!(resp("x").is_err());
    let ch = |t: &str| notation::parse_action(&v, &pend("challenge"), t);
    for t in ["C P3", "c p3", "CP3", "challenge P3", "C 3"] {
        assert_eq!(ch(t).unwrap(), Action::Challenge { passer: 2 }, "{t}");
    }
    for t in ["C-", "c -", "no-challenge", "no challenge"] {
        assert_eq!(ch(t).unwrap(), Action::NoChallenge, "{t}");
    }
    assert!(ch("C P7").is_err());
    let ans = |t: &str| notation::parse_action(&v, &pend("challenge_answer"), t);
    assert_eq!(ans("a").unwrap(), Action::Accept);
    assert_eq!(ans("DECLINE").unwrap(), Action::Decline);
    assert!(ans("P").is_err());
    assert_eq!(
        notation::print_action(&Action::Play { card: c("K-3"), target: Target::Seat(1), stance: Some(Stance::Pass) }),
        "K-3@P2/P"
    );
}

#[test]
fn wrong_answers_are_refused_without_change() {
    let mut s = deal(&["R5 K2 B1", "K4 B-3 R1", "B2 K5 R-3", "R2 B4 B5"], "K-3 K1 R4", 1);
    let before = s.clone();
    let id = rules::decision_id(&s);
    let mut rng = Rng::from_seed(b"w");
    assert!(matches!(rules::apply(&mut s.clone(), &id, 0, &Action::Fight, &mut rng), Err(RuleError::Illegal(_))));
    assert!(matches!(rules::apply(&mut s.clone(), "d99", 0, &Action::Fight, &mut rng), Err(RuleError::NotPending(_))));
    let e = refused(&mut s, 1, "K4@me/F");
    assert!(e.contains("do not hold K4"), "{e}");
    let e = refused(&mut s, 1, "R5@P1");
    assert!(e.contains("@me"), "{e}");
    let e = refused(&mut s, 1, "R5@P2/F");
    assert!(e.contains("receiver chooses"), "{e}");
    assert_eq!(s, before);
    ok(&mut s, 1, "R5@me");
    let e = refused(&mut s, 2, "R1@me");
    assert!(e.contains("fight or pass"), "{e}");
}

#[test]
fn decision_ids_never_repeat() {
    for s in sample_states(3).windows(2) {
        if let (Some(a), Some(b)) = (Shinobazu::pending(&s[0]).first(), Shinobazu::pending(&s[1]).first()) {
            assert_ne!(a.id, b.id);
        }
    }
}

#[test]
fn resigning_ends_the_game_with_the_resigner_last() {
    let mut s = deal(&["R5 K2 B1", "K4 B-3 R1", "B2 K5 R-3", "R2 B4 B5"], "K-3 K1 R4", 1);
    scores(&mut s, &[0, 3, 1, 1]);
    let ev = rules::resign(&mut s, 0).unwrap();
    assert!(ev[0].text.en.contains("P1 resigns"));
    assert!(is_over(&s));
    let o = rules::outcome(&s).unwrap();
    assert_eq!(o.ranks, vec![4, 3, 1, 1]);
    assert_eq!(o.result, ResultKind::SharedWin);
    assert_eq!(o.eliminated, vec![0]);
    assert_eq!(rules::resign(&mut s, 1), Err(RuleError::GameOver));
    // Everything is revealed once the game is over.
    let v = view::view(&s, Viewer::Seat(1));
    assert!(v.seats.iter().all(|sv| sv.hand.is_some()));
    assert_eq!(v.unused.as_ref().map(Vec::len), Some(3));
    assert_eq!(Shinobazu::timeout_action(&s, "d0"), None);
}

#[test]
fn spectators_and_players_see_only_what_they_may() {
    let mut s = deal(&["R5 K2 B1", "K4 B-3 R1", "B2 K5 R-3", "R2 B4 B5"], "K-3 K1 R4", 1);
    ok(&mut s, 1, "K2@P3");
    let sp = view::view(&s, Viewer::Spectator);
    assert!(sp.seats.iter().all(|x| x.hand.is_none()));
    assert_eq!(sp.seats[2].current.as_ref().unwrap().card, None);
    assert_eq!(view::view(&s, Viewer::Seat(2)).seats[2].current.as_ref().unwrap().card, None);
    assert_eq!(view::view(&s, Viewer::Seat(0)).seats[2].current.as_ref().unwrap().card, Some(c("K2")));
    assert_eq!(view::view(&s, Viewer::Server).seats[2].current.as_ref().unwrap().card, Some(c("K2")));
    // The receiver's prompt does not name the card.
    let prompt = rules::legal(&s, &rules::decision_id(&s)).unwrap().prompt;
    assert!(!mentions(&prompt.en, "K2") && !mentions(&prompt.ja, "K2"));
}

fn ctx(lang: Lang, names: &[&str]) -> RenderContext {
    let mut c = RenderContext::new(lang, 80);
    c.seat_names = names.iter().map(|s| s.to_string()).collect();
    c
}

#[test]
fn render_fits_80_columns_in_both_languages() {
    let names = ["あいこ", "Ben", "千恵子さん", "Daiki Yamamoto-Smith", "忍"];
    for (i, s) in sample_states(6).iter().enumerate().step_by(3) {
        let mut viewers: Vec<Viewer> = (0..s.n).map(Viewer::Seat).collect();
        viewers.push(Viewer::Spectator);
        for viewer in viewers {
            let v = view::view(s, viewer);
            for lang in [Lang::En, Lang::Ja] {
                let out = Shinobazu::render(&v, &ctx(lang, &names[..s.n as usize]));
                for l in out.lines() {
                    assert!(text::width(l) <= 80, "state {i} {lang:?}: line too wide ({}): {l}", text::width(l));
                    assert!(!l.contains('\u{1b}'));
                }
            }
        }
    }
}

#[test]
fn render_shows_the_table_as_in_the_spec_example() {
    // S1R3 right after P1 pushed B1 onto P4 (spec §11).
    let mut s = table(4, 2, 3, "K");
    scores(&mut s, &[0, 1, 0, 0]);
    own(&mut s, 2, "K5", F);
    put(&mut s, 1, "R2", 3, F);
    put(&mut s, 4, "B1", 1, Choice::Undecided);
    s.hands = vec![vec![], vec![], vec![], cards("K-3")];
    s.phase = super::super::state::Phase::PushResponse { seat: 3, pusher: 0 };
    let names = ["Aiko", "Ben", "Chie", "Daiki"];
    let p1 = Shinobazu::render(&view::view(&s, Viewer::Seat(0)), &ctx(Lang::En, &names));
    assert!(p1.contains("Lead colour: K (black)"), "{p1}");
    let row = |out: &str, who: &str| out.lines().find(|l| l.contains(who)).unwrap().to_string();
    assert!(row(&p1, "Aiko (you)").contains("??"));
    assert!(row(&p1, "Daiki").contains("(B1)"));
    assert!(row(&p1, "P2 *").contains("Ben"));
    assert!(p1.contains("Waiting for : P4 Daiki - answer FIGHT or PASS to the card pushed by P1"), "{p1}");
    let p3 = Shinobazu::render(&view::view(&s, Viewer::Seat(2)), &ctx(Lang::En, &names));
    assert!(row(&p3, "Aiko").contains("(R2)"));
    assert!(row(&p3, "Daiki").contains("??"));
    let p4 = Shinobazu::render(&view::view(&s, Viewer::Seat(3)), &ctx(Lang::En, &names));
    assert!(row(&p4, "Daiki (you)").contains("??"));
    assert!(p4.contains("Your hand   : K-3"));
    assert!(!mentions(&p4, "B1") && !mentions(&p4, "R2"));
    let ja = Shinobazu::render(&view::view(&s, Viewer::Seat(3)), &ctx(Lang::Ja, &["あいこ", "ベン", "千恵", "大樹"]));
    assert!(ja.contains("主導色: K（黒）"), "{ja}");
    assert!(ja.contains("あなたの手札: K-3"));
}

#[test]
fn render_columns_align_with_cjk_names() {
    let mut s = table(4, 2, 2, "K");
    carry(&mut s, 3, "K2");
    own(&mut s, 2, "K5", F);
    put(&mut s, 1, "R2", 3, F);
    put(&mut s, 4, "B1", 1, P);
    own(&mut s, 3, "R1", F);
    for (lang, by) in [(Lang::En, ["own", "<P"]), (Lang::Ja, ["自", "<P"])] {
        let out = Shinobazu::render(&view::view(&s, Viewer::Seat(1)), &ctx(lang, &["あいこ", "Ben", "千恵子", "Dai"]));
        let cols: Vec<usize> = out
            .lines()
            .filter(|l| l.starts_with(" P"))
            .filter_map(|l| by.iter().filter_map(|b| l.find(b)).min().map(|i| text::width(&l[..i])))
            .collect();
        assert_eq!(cols.len(), 4, "{out}");
        assert!(cols.windows(2).all(|w| w[0] == w[1]), "{lang:?} columns {cols:?}\n{out}");
    }
}

#[test]
fn render_shows_reports_and_the_final_ranking() {
    let mut s = table(4, 1, 2, "K");
    s.set_no = 2;
    scores(&mut s, &[4, 1, 3, 2]);
    own(&mut s, 1, "K-3", F);
    carry(&mut s, 2, "K1");
    own(&mut s, 2, "K2", F);
    own(&mut s, 3, "K5", P);
    own(&mut s, 4, "B5", P);
    showdown(&mut s);
    let en = Shinobazu::render(&view::view(&s, Viewer::Spectator), &RenderContext::new(Lang::En, 80));
    assert!(en.contains("Technique of Three"), "{en}");
    assert!(en.contains("Game over. Ranking:"));
    assert!(en.contains("1.  P2"), "{en}");
    let ja = Shinobazu::render(&view::view(&s, Viewer::Spectator), &RenderContext::new(Lang::Ja, 80));
    assert!(ja.contains("参の術"));
    assert!(ja.contains("ゲーム終了"));
    for l in en.lines().chain(ja.lines()) {
        assert!(text::width(l) <= 80, "{l}");
    }
    // A narrow context still fits.
    for w in [30, 50] {
        let narrow = Shinobazu::render(&view::view(&s, Viewer::Spectator), &RenderContext::new(Lang::Ja, w));
        assert!(narrow.lines().all(|l| text::width(l) <= w), "{narrow}");
    }
}

#[test]
fn info_and_options() {
    let i = Shinobazu::info();
    assert_eq!((i.slug.as_str(), i.min_seats, i.max_seats), ("shinobazu", 3, 5));
    assert!(Shinobazu::setup(&Default::default(), 2, &mut Rng::from_seed(b"i")).is_err());
    let o: super::super::state::Options = serde_json::from_str(r#"{"first_start_player": 2}"#).unwrap();
    assert_eq!(Shinobazu::setup(&o, 4, &mut Rng::from_seed(b"i")).unwrap().sp, 2);
    let bad: super::super::state::Options = serde_json::from_str(r#"{"first_start_player": 4}"#).unwrap();
    assert!(Shinobazu::setup(&bad, 4, &mut Rng::from_seed(b"i")).is_err());
}

#[test]
fn golden_deal_for_a_fixed_seed() {
    // If this changes, recorded games no longer replay: the deal must stay a function of the seed.
    let s = Shinobazu::setup(&Default::default(), 4, &mut Rng::from_seed(b"golden")).unwrap();
    let hands: Vec<String> = s.hands.iter().map(|h| super::super::data::cards_text(h)).collect();
    assert_eq!(hands, vec!["R2 R4 B5", "K4 B-3 B2", "K-3 K1 B4", "R-3 R5 B1"]);
    assert_eq!(super::super::data::cards_text(&s.unused), "K5 K2 R1");
    assert_eq!(s.sp, 2);
}
