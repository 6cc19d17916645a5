//! Prints a few rendered positions (`cargo test uosao_show -- --nocapture --ignored`).

use super::super::{Options, Uosao};
use crate::dice::Rng;
use crate::engine::{Engine, Lang, RenderContext, Viewer};

#[test]
#[ignore]
fn uosao_show() {
    let mut rng = Rng::from_seed(b"show");
    let mut state = Uosao::setup(&Options::default(), 3, &mut rng).expect("setup");
    for step in 0..40 {
        let Some(p) = Uosao::pending(&state).first().cloned() else { break };
        if step == 11 || step == 39 {
            let v = Uosao::view(&state, Viewer::Seat(p.seat));
            let mut ctx = RenderContext::new(Lang::En, 80);
            ctx.seat_names = vec!["alice".into(), "bob".into(), "carol".into()];
            println!("{}", Uosao::render(&v, &ctx));
            ctx.lang = Lang::Ja;
            println!("{}", Uosao::render(&v, &ctx));
            println!("{:?}", Uosao::legal(&state, &p.id).map(|c| c.prompt));
        }
        let a = Uosao::random_action(&state, &p.id, &mut rng).expect("random");
        let ev = Uosao::apply(&mut state, &p.id, p.seat, &a, &mut rng).expect("apply");
        for e in ev {
            println!("  [{:?}] {} | {}", e.audience, e.text.en, e.text.ja);
        }
    }
}

#[test]
#[ignore]
fn uosao_show_five() {
    let mut rng = Rng::from_seed(b"show5");
    let mut state = Uosao::setup(&Options::default(), 5, &mut rng).expect("setup");
    let mut best = None;
    while let Some(p) = Uosao::pending(&state).first().cloned() {
        if state.line.len() > 14 && best.is_none() && matches!(state.phase, super::super::Phase::Road { .. }) {
            best = Some((state.clone(), p.seat));
        }
        let a = Uosao::random_action(&state, &p.id, &mut rng).expect("random");
        Uosao::apply(&mut state, &p.id, p.seat, &a, &mut rng).expect("apply");
    }
    if let Some((s, seat)) = best {
        let v = Uosao::view(&s, Viewer::Seat(seat));
        println!("{}", Uosao::render(&v, &RenderContext::new(Lang::En, 80)));
        println!("{}", Uosao::render(&v, &RenderContext::new(Lang::Ja, 80)));
    }
    println!("{}", Uosao::render(&Uosao::view(&state, Viewer::Seat(0)), &RenderContext::new(Lang::En, 80)));
}
