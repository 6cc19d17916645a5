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
