//! Setup, decisions and the procedure runner: everything that changes the state (spec §5–§6).

use crate::dice::Rng;
use crate::engine::{Event, Lang, Localized, Mode, Pending, RuleError, Seat, in_each_language};

use super::action::Action;
use super::data::{self, CARDS, Class, FIELD_H, FIELD_W, NCARDS, QUICKSTART, S, Slot, TOL, ZONE_DEPTH};
use super::geometry::{self, Face, Rect};
use super::state::*;

pub(crate) fn opp(seat: Seat) -> Seat {
    1 - seat
}

pub(crate) fn pe(ev: &mut Vec<Event>, text: Localized) {
    ev.push(Event::public(text));
}

pub(crate) fn seat_en(s: Seat) -> String {
    format!("P{}", s + 1)
}

/// How events name card `i` in `lang`: its id in English, its label in Japanese.
pub(crate) fn card_name(lang: Lang, i: usize) -> String {
    catalog::t!(lang, "senbat-card", card = CARDS[i].id)
}

/// Card `i` with its kind in `lang`.
pub(crate) fn label(lang: Lang, i: usize) -> String {
    catalog::t!(lang, "senbat-card-labelled", card = CARDS[i].id)
}

/// Cards `cards` as a list in `lang`.
fn labels(lang: Lang, cards: &[usize]) -> String {
    cards.iter().map(|&i| label(lang, i)).collect::<Vec<_>>().join(&separator(lang))
}

pub(crate) fn separator(lang: Lang) -> String {
    catalog::t!(lang, "engine-list-separator")
}

/// The name of army `army` (0 Oda, 1 Takeda) in `lang`.
pub(crate) fn army_name(lang: Lang, army: usize) -> String {
    if army == 0 { catalog::t!(lang, "senbat-army-oda") } else { catalog::t!(lang, "senbat-army-takeda") }
}

/// The name of action space `space` (MV, SH, CH, RD) in `lang`.
pub(crate) fn space_name(lang: Lang, space: usize) -> String {
    match space {
        data::MV => catalog::t!(lang, "senbat-space-mv"),
        data::SH => catalog::t!(lang, "senbat-space-sh"),
        data::CH => catalog::t!(lang, "senbat-space-ch"),
        _ => catalog::t!(lang, "senbat-space-rd"),
    }
}

/// Action `a` as the log tells it in `lang`.
fn action_text(lang: Lang, a: &Action) -> String {
    super::notation::describe(lang, a)
}

fn mm(v: f64) -> String {
    format!("{v:.1}")
}

pub(crate) fn zone(s: &State, seat: Seat) -> (f64, f64, f64, f64) {
    if Some(seat) == s.sente { (0.0, 0.0, FIELD_W, ZONE_DEPTH) } else { (0.0, FIELD_H - ZONE_DEPTH, FIELD_W, FIELD_H) }
}

// ------------------------------------------------------------------------------------------------
// Setup

pub(crate) fn setup(options: &Options, rng: &mut Rng) -> State {
    let oda = options.oda_seat.map(|s| s.min(1)).unwrap_or_else(|| if rng.coin() { 1 } else { 0 });
    let player = |army: u8| Player {
        army,
        board: [0; 4],
        stock: 0,
        morale: 0,
        general_kills: 0,
        troop_kills: 0,
        transfers_granted: 0,
        hq_lost: false,
        reset_used: false,
        organised: None,
        quick_org: false,
        token_commit: None,
        stock_policy: StockPolicy::Ask,
        kenkon_never: false,
    };
    let players = if oda == 0 { [player(0), player(1)] } else { [player(1), player(0)] };
    let cards = (0..NCARDS)
        .map(|i| Card {
            status: Status::InHand,
            damage: 0,
            core: if data::is_core(i) { Some(i as u8) } else { None },
            slot: Slot::C,
            public_core: data::is_core(i),
            x: 0.0,
            y: 0.0,
            h: 0,
        })
        .collect();
    let mut s = State {
        options: options.clone(),
        step: 0,
        phase: Phase::Organise,
        players,
        sente: None,
        cards,
        turn_no: 0,
        active: 0,
        deploy_next: 0,
        turn: Turn::default(),
        kenkon_used: false,
        tasks: Vec::new(),
        combat: None,
        transfer_queue: Vec::new(),
        ask: None,
        winner: None,
        draw: false,
        end_reason: None,
        forced_dice: Vec::new(),
    };
    if options.quickstart {
        for seat in 0..2u8 {
            s.players[seat as usize].organised = Some(quick_org(s.players[seat as usize].army));
            s.players[seat as usize].quick_org = true;
        }
        let mut ev = Vec::new();
        finish_organise(&mut s, rng, &mut ev);
        for seat in [s.sente.unwrap_or(0), opp(s.sente.unwrap_or(0))] {
            for _ in 0..4 {
                let a = quick_deploy_action(&s, seat).expect("quick-start deployment fits");
                do_deploy(&mut s, seat, &a, &mut ev).expect("quick-start deployment is legal");
            }
        }
        start_tokens(&mut s);
    } else {
        ask(&mut s, AskKind::Organise);
    }
    s
}

fn quick_org(army: u8) -> Vec<(u8, Vec<u8>)> {
    QUICKSTART[army as usize]
        .iter()
        .map(|q| {
            let core = data::card_index(q.core).unwrap() as u8;
            (core, q.slots.iter().map(|(_, c)| data::card_index(c).unwrap() as u8).collect())
        })
        .collect()
}

pub(crate) fn quick_deploy_action(s: &State, seat: Seat) -> Option<Action> {
    let army = s.players[seat as usize].army as usize;
    let north = Some(seat) != s.sente;
    for q in &QUICKSTART[army] {
        let core = data::card_index(q.core).unwrap();
        if s.cards[core].status != Status::InHand {
            continue;
        }
        let (x, y, h) = if north { (FIELD_W - q.x, FIELD_H - q.y, 180) } else { (q.x, q.y, 0) };
        return Some(Action::Deploy {
            core: q.core.to_string(),
            x,
            y,
            h,
            form: q.slots.iter().map(|(sl, c)| (*sl, c.to_string())).collect(),
        });
    }
    None
}

fn ask(s: &mut State, kind: AskKind) {
    s.step += 1;
    s.ask = Some(Ask { step: s.step, kind });
}

fn finish_organise(s: &mut State, rng: &mut Rng, ev: &mut Vec<Event>) {
    for seat in 0..2usize {
        let org = s.players[seat].organised.clone().unwrap_or_default();
        for (core, troops) in org {
            for t in troops {
                s.cards[t as usize].core = Some(core);
            }
        }
    }
    let sente = match s.options.first_seat {
        Some(f) => f.min(1),
        None => {
            if rng.coin() {
                1
            } else {
                0
            }
        }
    };
    s.sente = Some(sente);
    s.deploy_next = sente;
    s.phase = Phase::Deploy;
    let a = |seat: Seat| s.players[seat as usize].army as usize;
    pe(
        ev,
        in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-organisation-received-from-both-players",
                seat_sente = (seat_en(sente)).to_string(),
                army_en_a_sente = army_name(lang, a(sente)),
                seat_opp_sente = (seat_en(opp(sente))).to_string(),
                army_en_a_opp = army_name(lang, a(opp(sente)))
            )
        }),
    );
}

fn start_tokens(s: &mut State) {
    s.phase = Phase::Tokens;
    ask(s, AskKind::Tokens);
}

// ------------------------------------------------------------------------------------------------
// Pending

pub(crate) fn pending(s: &State) -> Vec<Pending> {
    let Some(a) = &s.ask else { return Vec::new() };
    if s.is_over() {
        return Vec::new();
    }
    let sealed = |group: &str, done: [bool; 2], kind: &str| -> Vec<Pending> {
        (0..2u8)
            .filter(|&seat| !done[seat as usize])
            .map(|seat| Pending {
                id: format!("d{}-{}", a.step, seat + 1),
                seat,
                kind: kind.to_string(),
                mode: Mode::Sealed { group: format!("{group}{}", a.step) },
                public: true,
            })
            .collect()
    };
    let id = format!("d{}", a.step);
    match &a.kind {
        AskKind::Organise => {
            sealed("organise", [s.players[0].organised.is_some(), s.players[1].organised.is_some()], "organise")
        }
        AskKind::Tokens => {
            sealed("tokens", [s.players[0].token_commit.is_some(), s.players[1].token_commit.is_some()], "tokens")
        }
        AskKind::Deploy { seat } => vec![Pending::alone(id, *seat, "deploy")],
        AskKind::Act { seat, first } => vec![Pending::alone(id, *seat, if *first { "act" } else { "continue" })],
        AskKind::Targets { seat, code, .. } => vec![Pending::alone(id, *seat, format!("targets_d{code}"))],
        AskKind::Stock { seat } => vec![Pending::alone(id, *seat, "stock")],
        AskKind::Kenkon { seat } => vec![Pending::alone(id, *seat, "kenkon")],
        AskKind::Senkyo { seat } => vec![Pending::alone(id, *seat, "senkyo")],
        AskKind::Heal { seat, .. } => vec![Pending::alone(id, *seat, "heal")],
    }
}

// ------------------------------------------------------------------------------------------------
// Apply

pub(crate) fn apply(
    s: &mut State,
    decision: &str,
    seat: Seat,
    action: &Action,
    rng: &mut Rng,
) -> Result<Vec<Event>, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    if !pending(s).iter().any(|p| p.id == decision && p.seat == seat) {
        return Err(RuleError::NotPending(decision.to_string()));
    }
    let kind = s.ask.as_ref().expect("pending implies ask").kind.clone();
    let mut ev = Vec::new();
    // A standing policy is never revealed (§7), so it must not change what the game does: it is only recorded,
    // and the decision it was sent with stays open. Sent with the D11/D12 it covers, the server's standing
    // answer (`secrecy::standing_answer`) then answers that decision at once, in a journal entry of its own.
    if action.is_policy() {
        policy_fits(&kind, action)?;
        set_policy(s, seat, action, &mut ev);
        return Ok(ev);
    }
    match (kind, action) {
        (AskKind::Organise, Action::Organise { .. } | Action::OrganiseQuick) => {
            let army = s.players[seat as usize].army;
            let org = match action {
                Action::OrganiseQuick => {
                    s.players[seat as usize].quick_org = true;
                    quick_org(army)
                }
                Action::Organise { sonae } => check_organise(s, seat, sonae)?,
                _ => unreachable!(),
            };
            let cards_organised: Vec<String> = org
                .iter()
                .map(|(c, t)| {
                    format!(
                        "{}: {}",
                        CARDS[*c as usize].id,
                        t.iter().map(|&i| CARDS[i as usize].id).collect::<Vec<_>>().join(" ")
                    )
                })
                .collect();
            s.players[seat as usize].organised = Some(org);
            let organisation = cards_organised.join("; ");
            ev.push(
                Event::private(seat, catalog::both!("senbat-your-organisation", text = &organisation))
                    .retold(catalog::both!("senbat-seat-organisation", seat = seat_en(seat), text = &organisation)),
            );
            pe(&mut ev, catalog::both!("senbat-has-organised-their-sonae", seat_seat = (seat_en(seat)).to_string()));
            if s.players.iter().all(|p| p.organised.is_some()) {
                finish_organise(s, rng, &mut ev);
                let next = s.deploy_next;
                ask(s, AskKind::Deploy { seat: next });
            }
        }
        (AskKind::Deploy { .. }, _) => {
            do_deploy(s, seat, action, &mut ev)?;
            if s.phase == Phase::Deploy {
                let next = s.deploy_next;
                ask(s, AskKind::Deploy { seat: next });
            } else {
                start_tokens(s);
            }
        }
        (AskKind::Tokens, Action::Tokens { counts }) => {
            if counts.iter().map(|&c| c as u32).sum::<u32>() != 4 {
                return Err(RuleError::Illegal(catalog::both!("senbat-the-four-token-counts-must")));
            }
            s.players[seat as usize].token_commit = Some(*counts);
            ev.push(
                Event::private(seat, catalog::both!("senbat-your-tokens", tokens = board_text(counts)))
                    .retold(catalog::both!("senbat-seat-tokens", seat = seat_en(seat), tokens = board_text(counts))),
            );
            pe(
                &mut ev,
                catalog::both!("senbat-has-placed-their-action-tokens", seat_seat = (seat_en(seat)).to_string()),
            );
            if s.players.iter().all(|p| p.token_commit.is_some()) {
                for p in 0..2 {
                    s.players[p].board = s.players[p].token_commit.unwrap();
                }
                pe(
                    &mut ev,
                    catalog::both!(
                        "senbat-tokens-revealed-p-p",
                        board_text_players_0 = (board_text(&s.players[0].board)).to_string(),
                        board_text_players_1 = (board_text(&s.players[1].board)).to_string()
                    ),
                );
                s.phase = Phase::Play;
                s.turn_no = 1;
                s.active = s.sente.unwrap_or(0);
                s.turn = Turn::default();
                let a = s.active;
                ask(s, AskKind::Act { seat: a, first: true });
            }
        }
        (AskKind::Act { first, .. }, Action::End) => {
            if first {
                return Err(RuleError::Illegal(catalog::both!("senbat-a-turn-needs-at-least")));
            }
            s.ask = None;
            end_turn(s, &mut ev);
        }
        (AskKind::Act { .. }, a) => {
            let plan = check_exec(s, seat, a)?;
            s.ask = None;
            start_exec(s, seat, a, plan, &mut ev);
            run(s, rng, &mut ev);
        }
        (AskKind::Targets { code, choices, .. }, Action::Targets { pairs }) => {
            let chosen = check_targets(&choices, pairs)?;
            s.ask = None;
            for (a, q) in chosen {
                add_pair(s, a, q, code >= 9, rng, &mut ev);
            }
            run(s, rng, &mut ev);
        }
        (AskKind::Stock { .. }, Action::Stock { use_it }) => {
            s.ask = None;
            if let Some(Task::Attack(at)) = s.tasks.last_mut() {
                at.stage = AttackStage::Save { stock: *use_it };
            }
            stock_event(&mut ev, seat, *use_it);
            run(s, rng, &mut ev);
        }
        (AskKind::Kenkon { .. }, Action::Kenkon { space }) => {
            match space {
                None => {
                    s.ask = None;
                    pe(
                        &mut ev,
                        catalog::both!("senbat-declines-kenkon-itteki", seat_seat = (seat_en(seat)).to_string()),
                    );
                }
                Some(sp) => {
                    if *sp > 3 || s.players[seat as usize].board[*sp] == 0 {
                        return Err(RuleError::Illegal(catalog::both!("senbat-kenkon-needs-a-space-of")));
                    }
                    s.ask = None;
                    s.kenkon_used = true;
                    remove_token(s, seat, *sp);
                    pe(
                        &mut ev,
                        in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "senbat-uses-kenkon-itteki-a-token",
                                seat_seat = (seat_en(seat)).to_string(),
                                spaces_sp = space_name(lang, *sp)
                            )
                        }),
                    );
                    if !victory_check(s, &mut ev) {
                        match s.tasks.last_mut() {
                            Some(Task::Attack(at)) if at.stage == AttackStage::AfterDice => {
                                at.dice.iter_mut().for_each(|d| *d += 1)
                            }
                            Some(Task::Attack(at)) => at.save_dice.iter_mut().for_each(|d| *d += 1),
                            Some(Task::Recover { die, .. }) => die.iter_mut().for_each(|d| *d += 1),
                            _ => {}
                        }
                    }
                }
            }
            run(s, rng, &mut ev);
        }
        (AskKind::Senkyo { .. }, Action::Senkyo { take, put }) => {
            let victim = opp(seat);
            if *take > 3 || *put > 3 || s.players[victim as usize].board[*take] == 0 {
                return Err(RuleError::Illegal(catalog::both!("senbat-take-from-a-space-of")));
            }
            s.ask = None;
            s.tasks.pop();
            if let Some(pos) = s.transfer_queue.iter().position(|&g| g == seat) {
                s.transfer_queue.remove(pos);
            }
            remove_token(s, victim, *take);
            s.players[seat as usize].board[*put] += 1;
            pe(
                &mut ev,
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "senbat-battle-situation-takes-a-token",
                        seat_seat = (seat_en(seat)).to_string(),
                        seat_victim = (seat_en(victim)).to_string(),
                        spaces_take = space_name(lang, *take),
                        spaces_put = space_name(lang, *put)
                    )
                }),
            );
            run(s, rng, &mut ev);
        }
        (AskKind::Heal { options, .. }, Action::Heal { card }) => {
            let i = data::card_index(card).filter(|i| options.contains(&(*i as u8))).ok_or_else(|| {
                RuleError::Illegal(catalog::both!("senbat-cannot-recover-choose-one-of", card = card.to_string()))
            })?;
            s.ask = None;
            heal(s, i, &mut ev);
            run(s, rng, &mut ev);
        }
        (_, a) => {
            return Err(RuleError::Illegal(catalog::both!(
                "senbat-does-not-answer-this-decision",
                super_notation_print = (super::notation::print(a)).to_string()
            )));
        }
    }
    Ok(ev)
}

/// Where a policy may be sent (§4.8): at the own turn's execution prompt, or as the answer to the D11/D12 it
/// covers, where it must decide that decision (`ask` would leave it unanswered).
fn policy_fits(kind: &AskKind, action: &Action) -> Result<(), RuleError> {
    match (kind, action) {
        (AskKind::Act { .. }, _)
        | (AskKind::Kenkon { .. }, Action::PolicyKenkon { never: true })
        | (AskKind::Stock { .. }, Action::PolicyStock { policy: StockPolicy::Never | StockPolicy::Min(_) }) => Ok(()),
        (AskKind::Stock { .. }, Action::PolicyStock { .. }) => {
            Err(RuleError::Illegal(catalog::both!("senbat-answer-stock-use-or-stock")))
        }
        (_, a) => Err(RuleError::Illegal(catalog::both!(
            "senbat-does-not-answer-this-decision",
            super_notation_print = (super::notation::print(a)).to_string()
        ))),
    }
}

/// Records a standing policy; only its owner is told, for good (§7).
fn set_policy(s: &mut State, seat: Seat, action: &Action, ev: &mut Vec<Event>) {
    let p = &mut s.players[seat as usize];
    match action {
        Action::PolicyStock { policy } => p.stock_policy = *policy,
        Action::PolicyKenkon { never } => p.kenkon_never = *never,
        _ => return,
    }
    let txt = super::notation::print(action);
    ev.push(Event::secret(seat, catalog::both!("senbat-standing-policy-set", txt = txt.to_string())));
}

pub(crate) fn board_text(b: &[u8; 4]) -> String {
    format!("MV{} SH{} CH{} RD{}", b[0], b[1], b[2], b[3])
}

fn parse_card(id: &str) -> Result<usize, RuleError> {
    data::card_index(id)
        .ok_or_else(|| RuleError::Illegal(catalog::both!("senbat-there-is-no-card", id = id.to_string())))
}

fn own_card(s: &State, seat: Seat, id: &str) -> Result<usize, RuleError> {
    let i = parse_card(id)?;
    if s.owner(i) != seat {
        return Err(RuleError::Illegal(catalog::both!("senbat-is-not-your-card", id = id.to_string())));
    }
    Ok(i)
}

fn check_organise(s: &State, seat: Seat, sonae: &[(String, Vec<String>)]) -> Result<Vec<(u8, Vec<u8>)>, RuleError> {
    let army = s.players[seat as usize].army;
    let mut out: Vec<(u8, Vec<u8>)> = Vec::new();
    let mut seen = Vec::new();
    for (core, troops) in sonae {
        let c = own_card(s, seat, core)?;
        if !data::is_core(c) {
            return Err(RuleError::Illegal(catalog::both!("senbat-is-not-an-hq-or", core = core.to_string())));
        }
        if out.iter().any(|(k, _)| *k as usize == c) {
            return Err(RuleError::Illegal(catalog::both!("senbat-is-named-twice", core = core.to_string())));
        }
        if troops.len() > 6 {
            return Err(RuleError::Illegal(catalog::both!("senbat-leads-at-most-troops", core = core.to_string())));
        }
        let mut list = Vec::new();
        for t in troops {
            let i = own_card(s, seat, t)?;
            if data::is_core(i) {
                return Err(RuleError::Illegal(catalog::both!("senbat-is-a-core-generals-are", t = t.to_string())));
            }
            if seen.contains(&i) {
                return Err(RuleError::Illegal(catalog::both!("senbat-is-assigned-twice", t = t.to_string())));
            }
            seen.push(i);
            list.push(i as u8);
        }
        out.push((c as u8, list));
    }
    for t in data::troops_of(army) {
        if !seen.contains(&t) {
            return Err(RuleError::Illegal(catalog::both!(
                "senbat-every-troop-must-join-a",
                cards_t_id = (CARDS[t].id).to_string()
            )));
        }
    }
    out.sort_by_key(|(c, _)| *c);
    Ok(out)
}

// ------------------------------------------------------------------------------------------------
// Deployment

fn undeployed(s: &State, seat: Seat) -> Vec<usize> {
    data::cores_of(s.players[seat as usize].army).into_iter().filter(|&c| s.cards[c].status == Status::InHand).collect()
}

/// Validates a formation of exactly `expected` troops; returns (card, slot) pairs.
fn check_form(form: &[(Slot, String)], expected: &[usize]) -> Result<Vec<(usize, Slot)>, RuleError> {
    let slots: Vec<Slot> = form.iter().map(|f| f.0).collect();
    data::formation_ok(&slots)
        .map_err(|e| RuleError::Illegal(catalog::both!("senbat-invalid-formation", e = e.to_string())))?;
    let mut out = Vec::new();
    for (sl, id) in form {
        let i = parse_card(id)?;
        if !expected.contains(&i) || out.iter().any(|(c, _)| *c == i) {
            return Err(RuleError::Illegal(catalog::both!("senbat-is-not-a-member-of", id = id.to_string())));
        }
        out.push((i, *sl));
    }
    if out.len() != expected.len() {
        let missing: Vec<&str> =
            expected.iter().filter(|e| !out.iter().any(|(c, _)| c == *e)).map(|&e| CARDS[e].id).collect();
        return Err(RuleError::Illegal(catalog::both!(
            "senbat-the-formation-must-place-every",
            missing = (missing.join(", ")).to_string()
        )));
    }
    Ok(out)
}

fn do_deploy(s: &mut State, seat: Seat, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let mine = undeployed(s, seat);
    match action {
        Action::DeployQuick => {
            if !s.players[seat as usize].quick_org {
                return Err(RuleError::Illegal(catalog::both!("senbat-deploy-quickstart-needs-the-quick")));
            }
            let a = quick_deploy_action(s, seat)
                .ok_or_else(|| RuleError::Illegal(catalog::both!("senbat-nothing-left-to-deploy")))?;
            return do_deploy(s, seat, &a, ev);
        }
        Action::DeployReset => {
            if s.players[seat as usize].reset_used {
                return Err(RuleError::Illegal(catalog::both!("senbat-deploy-reset-may-be-used")));
            }
            s.players[seat as usize].reset_used = true;
            for c in data::cores_of(s.players[seat as usize].army) {
                if s.cards[c].status == Status::OnField {
                    for m in s.members(c) {
                        s.cards[m].status = Status::InHand;
                    }
                }
            }
            pe(
                ev,
                catalog::both!("senbat-resets-their-deployment-all-deployed", seat_seat = (seat_en(seat)).to_string()),
            );
            return Ok(());
        }
        Action::DeployForfeit { core } => {
            let c = own_card(s, seat, core)?;
            if !s.players[seat as usize].reset_used {
                return Err(RuleError::Illegal(catalog::both!("senbat-deploy-forfeit-is-allowed-only")));
            }
            if CARDS[c].utype == data::UType::Honjin || !mine.contains(&c) {
                return Err(RuleError::Illegal(catalog::both!("senbat-forfeit-an-undeployed-general-s")));
            }
            let members = s.organised_members(c);
            for m in &members {
                s.cards[*m].status = Status::Removed;
                s.cards[*m].public_core = true;
            }
            let ids: Vec<&str> = members.iter().map(|&m| CARDS[m].id).collect();
            pe(
                ev,
                catalog::both!(
                    "senbat-forfeits-sonae-leave-the-game",
                    seat_seat = (seat_en(seat)).to_string(),
                    core = core.to_string(),
                    ids = (ids.join(" ")).to_string()
                ),
            );
        }
        Action::Deploy { core, x, y, h, form } => {
            let c = own_card(s, seat, core)?;
            if !mine.contains(&c) {
                return Err(RuleError::Illegal(catalog::both!(
                    "senbat-is-not-an-undeployed-core",
                    core = core.to_string()
                )));
            }
            if !(0..360).contains(h) {
                return Err(RuleError::Illegal(catalog::both!("senbat-heading-must-be")));
            }
            let troops: Vec<usize> =
                s.organised_members(c).into_iter().filter(|&m| m != c && s.cards[m].status == Status::InHand).collect();
            let placed = check_form(form, &troops)?;
            let (x0, y0, x1, y1) = zone(s, seat);
            let mut rects = vec![(c, Rect::new((*x, *y), *h))];
            for (i, sl) in &placed {
                let (a, b) = sl.offset();
                rects.push((*i, Rect::new(geometry::local_to_world((*x, *y), *h, a, b), *h)));
            }
            for (i, r) in &rects {
                if !geometry::inside(r, x0, y0, x1, y1) {
                    let xs: Vec<f64> = r.corners().iter().map(|p| p.0).collect();
                    let ys: Vec<f64> = r.corners().iter().map(|p| p.1).collect();
                    let (mnx, mxx) = (
                        xs.iter().cloned().fold(f64::INFINITY, f64::min),
                        xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
                    );
                    let (mny, mxy) = (
                        ys.iter().cloned().fold(f64::INFINITY, f64::min),
                        ys.iter().cloned().fold(f64::NEG_INFINITY, f64::max),
                    );
                    return Err(RuleError::Illegal(catalog::both!(
                        "senbat-would-span-x-y-outside",
                        cards_i_id = (CARDS[*i].id).to_string(),
                        mm_mnx = (mm(mnx)).to_string(),
                        mm_mxx = (mm(mxx)).to_string(),
                        mm_mny = (mm(mny)).to_string(),
                        mm_mxy = (mm(mxy)).to_string(),
                        y0 = y0.to_string(),
                        y1 = y1.to_string()
                    )));
                }
                for (o, def) in CARDS.iter().enumerate() {
                    if s.on_field(o) && geometry::overlaps(r, &s.rect(o)) {
                        return Err(RuleError::Illegal(catalog::both!(
                            "senbat-would-overlap",
                            cards_i_id = (CARDS[*i].id).to_string(),
                            def_id = def.id.to_string()
                        )));
                    }
                }
            }
            s.cards[c].x = *x;
            s.cards[c].y = *y;
            s.cards[c].h = *h;
            s.cards[c].status = Status::OnField;
            s.cards[c].slot = Slot::C;
            for (i, sl) in &placed {
                s.cards[*i].slot = *sl;
                s.cards[*i].status = Status::OnField;
                s.cards[*i].public_core = true;
            }
            let form_txt: Vec<String> =
                placed.iter().map(|(i, sl)| format!("{}={}", sl.name(), CARDS[*i].id)).collect();
            pe(
                ev,
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "senbat-deploys-at-h",
                        seat_seat = (seat_en(seat)).to_string(),
                        core_to_uppercase = card_name(lang, c),
                        mm = (mm(*x)).to_string(),
                        mm_y = (mm(*y)).to_string(),
                        h = h.to_string(),
                        form_txt = (form_txt.join(",")).to_string()
                    )
                }),
            );
        }
        _ => {
            return Err(RuleError::Illegal(catalog::both!("senbat-answer-with-deploy-deploy-quickstart")));
        }
    }
    // Alternate while the other player still has sonae to deploy.
    let other = opp(seat);
    if !matches!(action, Action::DeployReset) {
        if !undeployed(s, other).is_empty() {
            s.deploy_next = other;
        } else if !undeployed(s, seat).is_empty() {
            s.deploy_next = seat;
        } else {
            s.phase = Phase::Tokens;
        }
    }
    Ok(())
}

/// Whether a deployment would be accepted (used by examples and bots on a copy of the state).
pub(crate) fn apply_deploy_check(s: &mut State, seat: Seat, a: &Action, ev: &mut Vec<Event>) -> bool {
    do_deploy(s, seat, a, ev).is_ok()
}

/// A rotation on a copy of the state (bots use it to aim after turning).
pub(crate) fn sim_rotate(s: &mut State, core: usize, delta: i32) {
    do_rotate(s, core, delta);
}

// ------------------------------------------------------------------------------------------------
// Geometry on the state

pub(crate) fn enemies_adjacent(s: &State, card: usize) -> Vec<usize> {
    let me = s.owner(card);
    let r = s.rect(card);
    let mut v: Vec<usize> =
        (0..NCARDS).filter(|&o| s.on_field(o) && s.owner(o) != me && geometry::dist(&r, &s.rect(o)) <= TOL).collect();
    v.sort_by_key(|&i| s.canon(i));
    v
}

fn sonae_in_contact(s: &State, core: usize) -> bool {
    s.on_field(core) && s.members(core).iter().any(|&m| !enemies_adjacent(s, m).is_empty())
}

fn others(s: &State, core: usize) -> (Vec<usize>, Vec<Rect>) {
    let idx: Vec<usize> = (0..NCARDS).filter(|&o| s.on_field(o) && s.cards[o].core != Some(core as u8)).collect();
    let rects = idx.iter().map(|&o| s.rect(o)).collect();
    (idx, rects)
}

/// Performs G6 on the state; returns (achieved, contacted cards).
fn do_rotate(s: &mut State, core: usize, delta: i32) -> (i32, Vec<usize>) {
    let members: Vec<(f64, f64)> = s.members(core).iter().map(|&m| s.cards[m].slot.offset()).collect();
    let (idx, rects) = others(s, core);
    let k = &s.cards[core];
    let rot = geometry::rotate((k.x, k.y), k.h, &members, &rects, delta);
    s.cards[core].h = (s.cards[core].h + rot.achieved).rem_euclid(360);
    (rot.achieved, rot.contacted.iter().map(|&j| idx[j]).collect())
}

/// Performs G5 on the state; returns (distance, blocked, contacted cards).
fn do_straight(s: &mut State, core: usize, u: (f64, f64), d: f64) -> (f64, bool, Vec<usize>) {
    let moving: Vec<Rect> = s.members(core).iter().map(|&m| s.rect(m)).collect();
    let (idx, rects) = others(s, core);
    let m = geometry::straight(&moving, &rects, u, d);
    s.cards[core].x += m.t * u.0;
    s.cards[core].y += m.t * u.1;
    (m.t, m.blocked, m.contacted.iter().map(|&j| idx[j]).collect())
}

/// Legal shooting targets of `shooter` in the current geometry (G7).
pub(crate) fn shoot_targets(s: &State, shooter: usize) -> Vec<usize> {
    let Some((_, range)) = data::type_def(CARDS[shooter].utype).shoot else { return Vec::new() };
    let me = s.owner(shooter);
    let ignore = data::type_def(CARDS[shooter].utype).ignore_cover;
    let sr = s.rect(shooter);
    let idx: Vec<usize> = (0..NCARDS).filter(|&o| o != shooter && s.on_field(o)).collect();
    let rects: Vec<Rect> = idx.iter().map(|&o| s.rect(o)).collect();
    let mut out: Vec<usize> = idx
        .iter()
        .enumerate()
        .filter(|&(j, &o)| s.owner(o) != me && geometry::visible_rays(&sr, &rects, j, range, ignore) > 0)
        .map(|(_, &o)| o)
        .collect();
    out.sort_by_key(|&i| s.canon(i));
    out
}

fn pose_text(s: &State, core: usize) -> String {
    let k = &s.cards[core];
    format!("({}, {}) h{}", mm(k.x), mm(k.y), k.h)
}

// ------------------------------------------------------------------------------------------------
// Executions

pub(crate) struct Plan {
    pub cost: u8,
    pub space: usize,
    pub core: Option<usize>,
}

fn exec_space(a: &Action) -> Option<usize> {
    Some(match a {
        Action::Move { .. } => data::MV,
        Action::Shoot { .. } => data::SH,
        Action::Charge { .. } => data::CH,
        Action::Recover { .. } | Action::Defend => data::RD,
        _ => return None,
    })
}

/// Validates one execution (§6.3–6.8) against a simulation; nothing changes.
pub(crate) fn check_exec(s: &State, seat: Seat, a: &Action) -> Result<Plan, RuleError> {
    let space =
        exec_space(a).ok_or_else(|| RuleError::Illegal(catalog::both!("senbat-send-an-execution-move-shoot")))?;
    if let Some(sp) = s.turn.space
        && sp != space
    {
        return Err(RuleError::Illegal(in_each_language(|lang| {
            catalog::t!(lang, "senbat-this-turn-uses-every-execution", spaces_sp = space_name(lang, sp))
        })));
    }
    let p = &s.players[seat as usize];
    let remaining = p.board[space].saturating_sub(if s.turn.space == Some(space) { s.turn.used } else { 0 });
    if space == data::RD {
        if remaining < 1 {
            return Err(RuleError::Illegal(catalog::both!("senbat-no-token-left-on-rd")));
        }
        match a {
            Action::Defend if p.stock >= data::SAVE_STOCK_MAX => {
                return Err(RuleError::Illegal(catalog::both!("senbat-the-save-stock-is-already")));
            }
            Action::Recover { card: Some(id) } => {
                let i = own_card(s, seat, id)?;
                if CARDS[i].utype == data::UType::Honjin {
                    return Err(RuleError::Illegal(catalog::both!("senbat-the-hq-can-never-recover")));
                }
                if !s.on_field(i) || s.cards[i].damage == 0 {
                    return Err(RuleError::Illegal(catalog::both!(
                        "senbat-is-not-a-damaged-card",
                        id = id.to_string()
                    )));
                }
            }
            _ => {}
        }
        return Ok(Plan { cost: 1, space, core: None });
    }
    let name = match a {
        Action::Move { sonae, .. } | Action::Shoot { sonae, .. } | Action::Charge { sonae, .. } => sonae,
        _ => unreachable!(),
    };
    let core = own_card(s, seat, name)?;
    if !data::is_core(core) || !s.on_field(core) {
        return Err(RuleError::Illegal(catalog::both!("senbat-is-not-one-of-your", name = name.to_string())));
    }
    let acts = s.acts_of(core);
    if acts >= 2 {
        return Err(RuleError::Illegal(catalog::both!(
            "senbat-sonae-has-already-acted-twice",
            name = name.to_string()
        )));
    }
    let cost = acts + 1;
    if remaining < cost {
        return Err(RuleError::Illegal(in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-costs-token-s-double-action",
                name = name.to_string(),
                cost = cost.to_string(),
                remaining = remaining.to_string(),
                spaces_space = space_name(lang, space)
            )
        })));
    }
    let k = s.movement(core);
    let exact = s.options.movement == Movement::Exact;
    let check_j = |j: u8| {
        if exact && j != k {
            Err(RuleError::Illegal(catalog::both!("options-senbat-movement-exact", sonae = name.as_str(), units = k)))
        } else if j < 1 || j > k {
            Err(RuleError::Illegal(catalog::both!(
                "senbat-sonae-moves-s-whole-short",
                name = name.to_string(),
                k = k.to_string()
            )))
        } else {
            Ok(())
        }
    };
    let check_rot = |r: i32| {
        if r.abs() > 90 { Err(RuleError::Illegal(catalog::both!("senbat-rotation-is-degrees"))) } else { Ok(()) }
    };
    match a {
        Action::Move { form, rot, back, j, .. } => {
            check_j(*j)?;
            check_rot(*rot)?;
            if *back && !s.members(core).iter().any(|&m| s.cards[m].damage > 0) {
                return Err(RuleError::Illegal(catalog::both!("senbat-a-backward-move-needs-damage")));
            }
            if let Some(form) = form {
                let troops: Vec<usize> = s.members(core).into_iter().filter(|&m| m != core).collect();
                let placed = check_form(form, &troops)?;
                let (idx, rects) = others(s, core);
                let k = &s.cards[core];
                for (i, sl) in &placed {
                    let (a, b) = sl.offset();
                    let r = Rect::new(geometry::local_to_world((k.x, k.y), k.h, a, b), k.h);
                    for (j, o) in rects.iter().enumerate() {
                        if geometry::overlaps(&r, o) {
                            return Err(RuleError::Illegal(in_each_language(|lang| {
                                catalog::t!(
                                    lang,
                                    "senbat-formation-change-at-would-overlap",
                                    cards_i_id = (CARDS[*i].id).to_string(),
                                    sl_name = sl.label(lang),
                                    lab_idx_j = label(lang, idx[j]),
                                    mm_geometry_pen = (mm(geometry::pen(&r, o))).to_string()
                                )
                            })));
                        }
                    }
                }
            }
        }
        Action::Shoot { rot, fire, .. } => {
            check_rot(*rot)?;
            let mut sim = s.clone();
            if *rot != 0 {
                do_rotate(&mut sim, core, *rot);
            }
            let melee = *rot != 0 && sonae_in_contact(&sim, core);
            let mut used = Vec::new();
            for (sh, tg) in fire {
                let si = own_card(s, seat, sh)?;
                let ti = parse_card(tg)?;
                if sim.cards[si].core != Some(core as u8) || !sim.on_field(si) {
                    return Err(RuleError::Illegal(catalog::both!(
                        "senbat-is-not-in-sonae",
                        sh = sh.to_string(),
                        name = name.to_string()
                    )));
                }
                if data::type_def(CARDS[si].utype).shoot.is_none() {
                    return Err(RuleError::Illegal(catalog::both!("senbat-cannot-shoot", sh = sh.to_string())));
                }
                if used.contains(&si) {
                    return Err(RuleError::Illegal(catalog::both!(
                        "senbat-fires-once-per-execution",
                        sh = sh.to_string()
                    )));
                }
                used.push(si);
                if !melee && !shoot_targets(&sim, si).contains(&ti) {
                    return Err(RuleError::Illegal(if !sim.on_field(ti) || sim.owner(ti) == seat {
                        catalog::both!("senbat-cannot-shoot-not-an-enemy", sh = sh.as_str(), tg = tg.as_str())
                    } else {
                        catalog::both!("senbat-cannot-shoot-out-of-field-of-fire", sh = sh.as_str(), tg = tg.as_str())
                    }));
                }
            }
        }
        Action::Charge { j, .. } => check_j(*j)?,
        _ => unreachable!(),
    }
    Ok(Plan { cost, space, core: Some(core) })
}

fn start_exec(s: &mut State, seat: Seat, a: &Action, plan: Plan, ev: &mut Vec<Event>) {
    s.turn.space = Some(plan.space);
    s.turn.used += plan.cost;
    if let Some(c) = plan.core {
        if let Some(e) = s.turn.acts.iter_mut().find(|e| e.0 as usize == c) {
            e.1 += 1;
        } else {
            s.turn.acts.push((c as u8, 1));
        }
    }
    pe(
        ev,
        in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-t-cost-used",
                turn_no = s.turn_no.to_string(),
                seat_seat = (seat_en(seat)).to_string(),
                spaces_plan_space = space_name(lang, plan.space),
                plan_cost = plan.cost.to_string(),
                turn_used = s.turn.used.to_string(),
                players_seat_board = (s.players[seat as usize].board[plan.space]).to_string(),
                txt = action_text(lang, a)
            )
        }),
    );
    s.tasks.push(Task::EndExec);
    match a {
        Action::Move { form, rot, back, j, .. } => {
            let core = plan.core.unwrap();
            let d = *j as f64 * S;
            s.tasks.push(Task::Advance { x: core as u8, back: *back, d, charge: false });
            if *rot != 0 {
                s.tasks.push(Task::AfterRotate { x: core as u8 });
                s.tasks.push(Task::Removal);
                s.tasks.push(Task::Rotate { x: core as u8, delta: *rot });
            }
            if let Some(form) = form {
                for (sl, id) in form {
                    let i = data::card_index(id).unwrap();
                    s.cards[i].slot = *sl;
                }
                pe(
                    ev,
                    in_each_language(|lang| {
                        catalog::t!(lang, "senbat-changes-formation", cards_core_id = card_name(lang, core))
                    }),
                );
                s.tasks.push(Task::Removal);
            }
        }
        Action::Shoot { rot, fire, .. } => {
            let core = plan.core.unwrap();
            let orders = fire
                .iter()
                .map(|(a, b)| (data::card_index(a).unwrap() as u8, data::card_index(b).unwrap() as u8))
                .collect();
            s.tasks.push(Task::Fire { x: core as u8, orders });
            if *rot != 0 {
                s.tasks.push(Task::AfterRotate { x: core as u8 });
                s.tasks.push(Task::Removal);
                s.tasks.push(Task::Rotate { x: core as u8, delta: *rot });
            }
        }
        Action::Charge { j, .. } => {
            let core = plan.core.unwrap();
            s.tasks.push(Task::Advance { x: core as u8, back: false, d: *j as f64 * S, charge: true });
        }
        Action::Recover { card } => {
            s.tasks.push(Task::Recover {
                card: card.as_deref().and_then(data::card_index).map(|i| i as u8),
                die: Vec::new(),
                rolled: false,
            });
        }
        Action::Defend => {
            s.players[seat as usize].stock += 1;
            pe(
                ev,
                catalog::both!(
                    "senbat-defends-save-stock",
                    seat_seat = (seat_en(seat)).to_string(),
                    players_seat_stock = (s.players[seat as usize].stock).to_string()
                ),
            );
        }
        _ => {}
    }
}

/// Whether another execution on the turn's space is possible (§6.2 AFTER).
pub(crate) fn can_continue(s: &State) -> bool {
    let Some(sp) = s.turn.space else { return true };
    let p = &s.players[s.active as usize];
    let remaining = p.board[sp].saturating_sub(s.turn.used);
    if sp == data::RD {
        return remaining >= 1;
    }
    data::cores_of(p.army).iter().any(|&c| {
        s.on_field(c) && {
            let a = s.acts_of(c);
            (a == 0 && remaining >= 1) || (a == 1 && remaining >= 2)
        }
    })
}

fn end_turn(s: &mut State, ev: &mut Vec<Event>) {
    let seat = s.active;
    if let Some(sp) = s.turn.space {
        let u = s.turn.used;
        let sowing = s.options.sowing;
        let b = &mut s.players[seat as usize].board;
        b[sp] -= u;
        for i in 1..=u as usize {
            b[sowing.after(sp, i)] += 1;
        }
        let bt = board_text(b);
        pe(
            ev,
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-ends-the-turn-token-s",
                    seat_seat = (seat_en(seat)).to_string(),
                    u = u.to_string(),
                    spaces_sp = space_name(lang, sp),
                    bt = bt.to_string()
                )
            }),
        );
    }
    if let Some(limit) = s.options.turn_limit
        && s.turn_no >= limit
    {
        turn_limit_end(s, ev);
        return;
    }
    s.turn_no += 1;
    s.active = opp(seat);
    s.turn = Turn::default();
    let a = s.active;
    ask(s, AskKind::Act { seat: a, first: true });
}

fn turn_limit_end(s: &mut State, ev: &mut Vec<Event>) {
    let key = |q: usize| {
        let p = &s.players[q];
        (p.morale as u32, s.tokens(q as u8), 3 * p.general_kills + p.troop_kills)
    };
    let (a, b) = (key(0), key(1));
    let text = catalog::both!("senbat-the-turn-limit-is-reached");
    if a == b {
        s.draw = true;
        s.phase = Phase::Over;
        s.ask = None;
        s.tasks.clear();
        s.end_reason = Some(in_each_language(|lang| catalog::t!(lang, "senbat-it-is-a-draw", text = text.get(lang))));
        pe(ev, s.end_reason.clone().unwrap());
    } else {
        let w = if a > b { 0 } else { 1 };
        end_game(s, w, text, ev);
    }
}

fn end_game(s: &mut State, winner: Seat, why: Localized, ev: &mut Vec<Event>) {
    s.winner = Some(winner);
    s.phase = Phase::Over;
    s.ask = None;
    s.tasks.clear();
    s.combat = None;
    let text = in_each_language(|lang| {
        catalog::t!(lang, "senbat-wins", seat_winner = (seat_en(winner)).to_string(), why = why.get(lang))
    });
    pe(ev, text.clone());
    s.end_reason = Some(text);
}

/// VICTORY_CHECK (§6.15); true when the game is over.
pub(crate) fn victory_check(s: &mut State, ev: &mut Vec<Event>) -> bool {
    if s.is_over() {
        return true;
    }
    let w = |q: usize| -> Option<Localized> {
        let o = 1 - q;
        if s.players[o].hq_lost {
            Some(catalog::both!("senbat-the-enemy-hq-is-lost"))
        } else if s.players[q].morale >= data::MORALE_TO_WIN {
            Some(catalog::both!("senbat-morale-reached"))
        } else if s.tokens(q as u8) >= 2 * s.tokens(o as u8) {
            Some(catalog::both!(
                "senbat-action-tokens-vs-twice-the",
                tokens_q = (s.tokens(q as u8)).to_string(),
                tokens_o = (s.tokens(o as u8)).to_string()
            ))
        } else {
            None
        }
    };
    let (w0, w1) = (w(0), w(1));
    match (w0, w1) {
        (Some(a), None) => end_game(s, 0, a, ev),
        (None, Some(b)) => end_game(s, 1, b, ev),
        (Some(_), Some(_)) if s.options.both_win == BothWin::Acting => {
            let acting = s.active;
            end_game(s, acting, catalog::both!("options-senbat-both-win-acting"), ev)
        }
        (Some(a), Some(_)) => {
            let non_acting = opp(s.active);
            end_game(
                s,
                non_acting,
                in_each_language(|lang| catalog::t!(lang, "senbat-for-both-players-the-non", a = a.get(lang))),
                ev,
            )
        }
        (None, None) => return false,
    }
    true
}

/// Token removal rule (§6.3).
fn remove_token(s: &mut State, q: Seat, sp: usize) {
    let board = &mut s.players[q as usize].board;
    if board[sp] == 0 {
        return;
    }
    if s.active == q && s.turn.space == Some(sp) && board[sp] <= s.turn.used {
        s.turn.used -= 1;
    }
    board[sp] -= 1;
}

fn roll(s: &mut State, rng: &mut Rng, n: u32) -> Vec<u8> {
    (0..n).map(|_| if s.forced_dice.is_empty() { rng.d6() } else { s.forced_dice.remove(0) }).collect()
}

fn dice_text(d: &[u8]) -> String {
    format!("[{}]", d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","))
}

/// Poses D12. Always, even under `policy kenkon never`: the server answers for the policy, in an entry of its
/// own, so that no replay needs the secret policy (§7).
fn offer_kenkon(s: &mut State, seat: Seat) {
    ask(s, AskKind::Kenkon { seat });
}

/// Successes of the roll the pending D11 is about.
pub(crate) fn stock_successes(s: &State) -> u32 {
    match s.tasks.last() {
        Some(Task::Attack(at)) => at.dice.iter().filter(|&&d| d >= at.v).count() as u32,
        _ => 0,
    }
}

fn stock_event(ev: &mut Vec<Event>, seat: Seat, use_it: bool) {
    pe(
        ev,
        in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-the-save-stock",
                seat_seat = (seat_en(seat)).to_string(),
                if_use_it_uses = if use_it {
                    catalog::t!(lang, "senbat-stock-uses")
                } else {
                    catalog::t!(lang, "senbat-stock-does-not-use")
                }
            )
        }),
    );
}

/// KENKON_OFFER condition (§6.15).
pub(crate) fn kenkon_offered(s: &State, q: Seat, dice: &[u8], v: u8) -> bool {
    !s.kenkon_used && s.players[q as usize].board.iter().any(|&b| b > 0) && dice.iter().any(|&d| d + 1 == v)
}

fn heal(s: &mut State, i: usize, ev: &mut Vec<Event>) {
    s.cards[i].damage = s.cards[i].damage.saturating_sub(1);
    pe(
        ev,
        in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-recovers-damage",
                cards_i_id = card_name(lang, i),
                cards_i_damage = (s.cards[i].damage).to_string(),
                state_durability_i = (State::durability(i)).to_string()
            )
        }),
    );
}

// ------------------------------------------------------------------------------------------------
// The procedure runner

pub(crate) fn run(s: &mut State, rng: &mut Rng, ev: &mut Vec<Event>) {
    loop {
        if s.is_over() {
            s.tasks.clear();
            s.ask = None;
            return;
        }
        if s.ask.is_some() {
            return;
        }
        let Some(task) = s.tasks.pop() else { return };
        match task {
            Task::EndExec => {
                s.combat = None;
                if can_continue(s) {
                    let a = s.active;
                    ask(s, AskKind::Act { seat: a, first: false });
                } else {
                    end_turn(s, ev);
                }
            }
            Task::Rotate { x, delta } => {
                let x = x as usize;
                if !s.on_field(x) {
                    continue;
                }
                let (got, hit) = do_rotate(s, x, delta);
                if hit.is_empty() {
                    pe(
                        ev,
                        in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "senbat-rotates",
                                cards_id = card_name(lang, x),
                                if_got_0 = if got > 0 {
                                    catalog::t!(lang, "senbat-turned-right")
                                } else {
                                    catalog::t!(lang, "senbat-turned-left")
                                },
                                got_abs = (got.abs()).to_string(),
                                pose_text = (pose_text(s, x)).to_string()
                            )
                        }),
                    );
                } else {
                    pe(
                        ev,
                        in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "senbat-rotation-requested-stops-at-contact",
                                cards_id = card_name(lang, x),
                                delta = format!("{:+}", delta),
                                got = format!("{:+}", got),
                                hit = labels(lang, &hit),
                                pose_text = pose_text(s, x)
                            )
                        }),
                    );
                }
            }
            Task::AfterRotate { x } => {
                if sonae_in_contact(s, x as usize) {
                    while !matches!(s.tasks.last(), Some(Task::EndExec) | None) {
                        s.tasks.pop();
                    }
                    s.tasks.push(Task::Melee { x, stage: CombatStage::Start });
                }
            }
            Task::Advance { x, back, d, charge } => {
                let xi = x as usize;
                if !s.on_field(xi) {
                    continue;
                }
                let h = s.cards[xi].h;
                let f = geometry::fwd(h);
                let u = if back { (-f.0, -f.1) } else { f };
                let (t, blocked, hit) = do_straight(s, xi, u, d);
                let verb = |lang| {
                    if back { catalog::t!(lang, "senbat-moves-back") } else { catalog::t!(lang, "senbat-advances") }
                };
                if blocked {
                    pe(
                        ev,
                        in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "senbat-mm-requested-stops-after-mm",
                                cards_xi_id = card_name(lang, xi),
                                verb_en = verb(lang),
                                mm_d = mm(d),
                                t = format!("{:.3}", t),
                                hit = labels(lang, &hit),
                                pose_text_xi = pose_text(s, xi)
                            )
                        }),
                    );
                    collide(s, &hit, Some(s.owner(xi)), ev);
                } else {
                    pe(
                        ev,
                        in_each_language(|lang| {
                            catalog::t!(
                                lang,
                                "senbat-mm",
                                cards_xi_id = card_name(lang, xi),
                                verb_en = verb(lang),
                                mm_t = (mm(t)).to_string(),
                                pose_text_xi = (pose_text(s, xi)).to_string()
                            )
                        }),
                    );
                }
                s.tasks.push(Task::ContactCheck { x, charge });
                s.tasks.push(Task::Removal);
            }
            Task::ContactCheck { x, charge } => {
                if sonae_in_contact(s, x as usize) {
                    s.tasks.push(if charge {
                        Task::Charge { x, stage: CombatStage::Start }
                    } else {
                        Task::Melee { x, stage: CombatStage::Start }
                    });
                }
            }
            Task::Fire { orders, .. } => {
                if !orders.is_empty() {
                    let txt: Vec<String> = orders
                        .iter()
                        .map(|(a, b)| format!("{}>{}", CARDS[*a as usize].id, CARDS[*b as usize].id))
                        .collect();
                    pe(
                        ev,
                        in_each_language(|lang| {
                            catalog::t!(lang, "senbat-shooting-orders", txt = txt.join(&separator(lang)))
                        }),
                    );
                }
                for (a, b) in orders.iter().rev() {
                    s.tasks.push(Task::Removal);
                    s.tasks.push(Task::Shot { s: *a, t: *b });
                }
            }
            Task::Shot { s: sh, t } => {
                let (si, ti) = (sh as usize, t as usize);
                if !s.on_field(si) || !s.on_field(ti) {
                    pe(
                        ev,
                        catalog::both!(
                            "senbat-is-void-a-card-is",
                            cards_si_id = (CARDS[si].id).to_string(),
                            cards_ti_id = (CARDS[ti].id).to_string()
                        ),
                    );
                    continue;
                }
                let v = data::type_def(CARDS[si].utype).shoot.map_or(6, |x| x.0);
                let n = s.cap(si) as u32;
                s.tasks.push(Task::Attack(Attack {
                    p: sh,
                    q: t,
                    n,
                    v,
                    stage: AttackStage::Start,
                    dice: Vec::new(),
                    sv: 0,
                    save_dice: Vec::new(),
                }));
            }
            Task::Attack(at) => attack_step(s, rng, ev, at),
            Task::Recover { card, mut die, rolled } => {
                let seat = s.active;
                if !rolled {
                    die = roll(s, rng, 1);
                    pe(
                        ev,
                        catalog::both!(
                            "senbat-recover-rolls-needs",
                            seat_seat = (seat_en(seat)).to_string(),
                            dice_text_die = (dice_text(&die)).to_string()
                        ),
                    );
                    let offer = kenkon_offered(s, seat, &die, 4);
                    s.tasks.push(Task::Recover { card, die, rolled: true });
                    if offer {
                        offer_kenkon(s, seat);
                    }
                    continue;
                }
                if die[0] < 4 {
                    pe(ev, catalog::both!("senbat-recover-fails"));
                    continue;
                }
                if let Some(c) = card {
                    heal(s, c as usize, ev);
                    continue;
                }
                let options: Vec<u8> = (0..NCARDS)
                    .filter(|&i| {
                        s.on_field(i)
                            && s.owner(i) == seat
                            && CARDS[i].utype != data::UType::Honjin
                            && s.cards[i].damage > 0
                    })
                    .map(|i| i as u8)
                    .collect();
                match options.len() {
                    0 => pe(ev, catalog::both!("senbat-recover-succeeds-but-no-card")),
                    1 => heal(s, options[0] as usize, ev),
                    _ => ask(s, AskKind::Heal { seat, options }),
                }
            }
            Task::Removal => removal(s, ev),
            Task::Senkyo { gainer } => {
                s.tasks.push(Task::Senkyo { gainer });
                ask(s, AskKind::Senkyo { seat: gainer });
            }
            Task::Melee { x, stage } => combat_step(s, rng, ev, x as usize, stage, false),
            Task::Charge { x, stage } => combat_step(s, rng, ev, x as usize, stage, true),
            Task::Resolve => resolve(s, ev),
            Task::Retreat { core, faces } => retreat(s, ev, core as usize, &faces),
        }
    }
}

/// Collision damage (§6.9): `movers_owner` Some(p) = voluntary (only p's cards), None = forced (all).
fn collide(s: &mut State, hit: &[usize], movers_owner: Option<Seat>, ev: &mut Vec<Event>) {
    for &c in hit {
        if movers_owner.is_some_and(|p| s.owner(c) != p) {
            continue;
        }
        if s.cards[c].damage < State::durability(c) {
            s.cards[c].damage += 1;
        }
        pe(
            ev,
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-collision-takes-damage",
                    cards_c_id = card_name(lang, c),
                    cards_c_damage = (s.cards[c].damage).to_string(),
                    state_durability_c = (State::durability(c)).to_string()
                )
            }),
        );
    }
}

fn attack_step(s: &mut State, rng: &mut Rng, ev: &mut Vec<Event>, mut at: Attack) {
    let (p, q) = (at.p as usize, at.q as usize);
    let (po, qo) = (s.owner(p), s.owner(q));
    match at.stage {
        AttackStage::Start => {
            if !s.on_field(q) || s.cap(q) == 0 {
                pe(
                    ev,
                    catalog::both!(
                        "senbat-no-roll-the-target-is",
                        cards_id = (CARDS[p].id).to_string(),
                        cards_q_id = (CARDS[q].id).to_string()
                    ),
                );
                return;
            }
            at.dice = roll(s, rng, at.n);
            pe(
                ev,
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "senbat-attacks-dice-vs",
                        cards_id = card_name(lang, p),
                        cards_q_id = card_name(lang, q),
                        at_n = at.n.to_string(),
                        dice_text_at_dice = (dice_text(&at.dice)).to_string(),
                        at = at.v.to_string()
                    )
                }),
            );
            at.stage = AttackStage::AfterDice;
            let offer = kenkon_offered(s, po, &at.dice, at.v);
            s.tasks.push(Task::Attack(at));
            if offer {
                offer_kenkon(s, po);
            }
        }
        AttackStage::AfterDice => {
            let succ = at.dice.iter().filter(|&&d| d >= at.v).count() as u32;
            pe(ev, catalog::both!("senbat-success-es", succ = succ.to_string()));
            if succ == 0 {
                return;
            }
            if s.players[qo as usize].stock >= 1 {
                // Asked even under a standing policy, which the server answers (§7; see `offer_kenkon`).
                at.stage = AttackStage::StockAsked;
                s.tasks.push(Task::Attack(at));
                ask(s, AskKind::Stock { seat: qo });
            } else {
                at.stage = AttackStage::Save { stock: false };
                s.tasks.push(Task::Attack(at));
            }
        }
        AttackStage::StockAsked => {
            // Only reached if the stock answer was skipped; treat as declined.
            at.stage = AttackStage::Save { stock: false };
            s.tasks.push(Task::Attack(at));
        }
        AttackStage::Save { stock } => {
            let succ = at.dice.iter().filter(|&&d| d >= at.v).count() as u32;
            if stock {
                s.players[qo as usize].stock -= 1;
                at.sv = 4;
            } else {
                at.sv = data::type_def(CARDS[q].utype).save.unwrap_or(0);
            }
            at.stage = AttackStage::AfterSave;
            if at.sv > 0 {
                at.save_dice = roll(s, rng, succ);
                pe(
                    ev,
                    in_each_language(|lang| {
                        catalog::t!(
                            lang,
                            "senbat-saves-vs",
                            cards_q_id = card_name(lang, q),
                            dice_text_at_save_dice = (dice_text(&at.save_dice)).to_string(),
                            at_sv = at.sv.to_string()
                        )
                    }),
                );
                let offer = kenkon_offered(s, qo, &at.save_dice, at.sv);
                s.tasks.push(Task::Attack(at));
                if offer {
                    offer_kenkon(s, qo);
                }
            } else {
                s.tasks.push(Task::Attack(at));
            }
        }
        AttackStage::AfterSave => {
            let succ = at.dice.iter().filter(|&&d| d >= at.v).count() as u32;
            let saved = if at.sv > 0 { at.save_dice.iter().filter(|&&d| d >= at.sv).count() as u32 } else { 0 };
            let hits = succ.saturating_sub(saved);
            let placed = hits.min(s.cap(q) as u32);
            s.cards[q].damage += placed as u8;
            if let Some(c) = s.combat.as_mut() {
                c.tally[po as usize] += placed;
            }
            pe(
                ev,
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "senbat-saved-takes-damage",
                        card = card_name(lang, q),
                        saved = saved.to_string(),
                        placed = placed.to_string(),
                        cards_q_damage = (s.cards[q].damage).to_string(),
                        state_durability_q = (State::durability(q)).to_string()
                    )
                }),
            );
        }
    }
}

/// REMOVAL_BATCH (§6.14).
fn removal(s: &mut State, ev: &mut Vec<Event>) {
    let mut d: Vec<usize> = Vec::new();
    let mut left: Vec<usize> = Vec::new();
    for i in 0..NCARDS {
        if !s.on_field(i) {
            continue;
        }
        let off = geometry::left_field(&s.rect(i));
        if off {
            left.push(i);
        }
        if off || s.cards[i].damage >= State::durability(i) {
            d.push(i);
        }
    }
    if d.is_empty() {
        return;
    }
    for &g in &left.clone() {
        if CARDS[g].utype == data::UType::Busho {
            for m in s.members(g) {
                if !d.contains(&m) {
                    d.push(m);
                }
            }
        }
    }
    d.sort_by_key(|&i| s.canon(i));
    let mut generals = Vec::new();
    for &i in &d {
        let owner = s.owner(i) as usize;
        let (left_field, destroyed) = (left.contains(&i), s.cards[i].damage >= State::durability(i));
        let why = move |lang| {
            if left_field {
                catalog::t!(lang, "senbat-removed-left-the-field")
            } else if destroyed {
                catalog::t!(lang, "senbat-removed-destroyed")
            } else {
                catalog::t!(lang, "senbat-removed-with-its-general")
            }
        };
        s.cards[i].status = Status::Removed;
        match data::type_def(CARDS[i].utype).class {
            Class::Honjin => s.players[owner].hq_lost = true,
            Class::Busho => {
                s.players[1 - owner].general_kills += 1;
                generals.push(i);
            }
            Class::Troop => s.players[1 - owner].troop_kills += 1,
        }
        pe(
            ev,
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-is-removed-credited-to",
                    lab_i = label(lang, i),
                    why_en = why(lang),
                    seat_1_owner = (seat_en(1 - owner as u8)).to_string()
                )
            }),
        );
    }
    for g in generals {
        let rest = s.members(g);
        if !rest.is_empty() {
            for &m in &rest {
                s.cards[m].status = Status::Removed;
            }
            let ids: Vec<&str> = rest.iter().map(|&m| CARDS[m].id).collect();
            pe(ev, catalog::both!("senbat-dispersed-no-credit", ids = (ids.join(" ")).to_string()));
        }
    }
    if s.players.iter().any(|p| p.hq_lost) && victory_check(s, ev) {
        return;
    }
    let acting = s.active;
    let mut new = Vec::new();
    for q in [acting, opp(acting)] {
        let p = &s.players[q as usize];
        let due = p.general_kills + p.troop_kills / 3;
        while s.players[q as usize].transfers_granted < due && s.tokens(opp(q)) > 0 {
            s.players[q as usize].transfers_granted += 1;
            s.transfer_queue.push(q);
            new.push(q);
            pe(
                ev,
                catalog::both!(
                    "senbat-battle-situation-gains-a-token",
                    seat_q = (seat_en(q)).to_string(),
                    seat_opp_q = (seat_en(opp(q))).to_string(),
                    tokens_q = (s.tokens(q)).to_string(),
                    tokens_opp_q = (s.tokens(opp(q))).to_string()
                ),
            );
        }
    }
    if victory_check(s, ev) {
        return;
    }
    for q in new.into_iter().rev() {
        s.tasks.push(Task::Senkyo { gainer: q });
    }
}

/// Adds a declared pair to the combat, computing its face and dice count now.
fn add_pair(s: &mut State, p: usize, q: usize, charge: bool, rng: &mut Rng, ev: &mut Vec<Event>) {
    let cands = geometry::face_candidates(&s.rect(p), &s.rect(q));
    let face = if cands.len() == 1 {
        cands[0]
    } else {
        let f = cands[rng.index(cands.len())];
        pe(
            ev,
            in_each_language(|lang| {
                let names: Vec<String> = cands.iter().map(|c| c.name(lang)).collect();
                catalog::t!(
                    lang,
                    "senbat-face-tie-for-drawn",
                    cards_id = CARDS[p].id,
                    cards_q_id = CARDS[q].id,
                    names = names.join("/"),
                    f = f.name(lang)
                )
            }),
        );
        f
    };
    let td = data::type_def(CARDS[p].utype);
    let plus = if charge { td.charge_plus1 || CARDS[p].extra_charge } else { CARDS[p].extra_melee };
    let n = s.cap(p) as u32 + face.bonus() + plus as u32;
    pe(
        ev,
        in_each_language(|lang| {
            catalog::t!(
                lang,
                "senbat-target-face-dice",
                cards_id = card_name(lang, p),
                cards_q_id = card_name(lang, q),
                face = face.name(lang),
                n = n.to_string()
            )
        }),
    );
    if let Some(c) = s.combat.as_mut() {
        c.pairs.push(Pair { p: p as u8, q: q as u8, face, n });
    }
}

/// Declares targets for `cards` (engaged cards of one side, each with its options): forced ones
/// automatically; returns the choices left for the player.
fn declare(
    s: &mut State,
    rng: &mut Rng,
    ev: &mut Vec<Event>,
    list: Vec<(usize, Vec<usize>)>,
    charge: bool,
) -> Vec<(u8, Vec<u8>)> {
    let mut choices = Vec::new();
    for (a, opts) in list {
        if opts.len() == 1 {
            add_pair(s, a, opts[0], charge, rng, ev);
        } else if opts.len() > 1 {
            choices.push((a as u8, opts.iter().map(|&o| o as u8).collect()));
        }
    }
    choices
}

fn combat_step(s: &mut State, rng: &mut Rng, ev: &mut Vec<Event>, x: usize, stage: CombatStage, charge: bool) {
    let acting = s.active;
    let task = |stage| if charge { Task::Charge { x: x as u8, stage } } else { Task::Melee { x: x as u8, stage } };
    match stage {
        CombatStage::Start => {
            let members = s.members(x);
            let a_list: Vec<(usize, Vec<usize>)> =
                members.iter().map(|&a| (a, enemies_adjacent(s, a))).filter(|(_, o)| !o.is_empty()).collect();
            let mut e: Vec<usize> = a_list.iter().flat_map(|(_, o)| o.iter().cloned()).collect();
            e.sort_by_key(|&i| s.canon(i));
            e.dedup();
            pe(
                ev,
                in_each_language(|lang| {
                    catalog::t!(
                        lang,
                        "senbat-vs",
                        if_charge_charge = if charge {
                            catalog::t!(lang, "senbat-combat-charge-title")
                        } else {
                            catalog::t!(lang, "senbat-combat-melee-title")
                        },
                        a_list_a_cards =
                            (a_list.iter().map(|(a, _)| CARDS[*a].id).collect::<Vec<_>>().join(" ")).to_string(),
                        e_i_cards = (e.iter().map(|&i| CARDS[i].id).collect::<Vec<_>>().join(" ")).to_string()
                    )
                }),
            );
            s.combat = Some(Combat {
                x: x as u8,
                charge,
                e: e.iter().map(|&i| i as u8).collect(),
                pairs: Vec::new(),
                tally: [0, 0],
            });
            let choices = declare(s, rng, ev, a_list, charge);
            s.tasks.push(task(CombatStage::ActingDeclared));
            if !choices.is_empty() {
                ask(s, AskKind::Targets { seat: acting, code: if charge { 9 } else { 7 }, choices });
            }
        }
        CombatStage::ActingDeclared if !charge => {
            let e: Vec<usize> =
                s.combat.as_ref().map(|c| c.e.iter().map(|&i| i as usize).collect()).unwrap_or_default();
            let members = s.members(x);
            let list: Vec<(usize, Vec<usize>)> = e
                .iter()
                .map(|&q| {
                    let r = s.rect(q);
                    (q, members.iter().cloned().filter(|&m| geometry::dist(&r, &s.rect(m)) <= TOL).collect())
                })
                .collect();
            let choices = declare(s, rng, ev, list, false);
            s.tasks.push(task(CombatStage::Rolled));
            if !choices.is_empty() {
                ask(s, AskKind::Targets { seat: opp(acting), code: 8, choices });
            }
        }
        CombatStage::Rolled | CombatStage::ActingDeclared | CombatStage::CounterDeclared => {
            let counter_only = charge && stage == CombatStage::CounterDeclared;
            let acting_only = charge && stage == CombatStage::ActingDeclared;
            let mut pairs = s.combat.as_ref().map(|c| c.pairs.clone()).unwrap_or_default();
            pairs.retain(|p| {
                let mine = s.owner(p.p as usize) == acting;
                if acting_only {
                    mine
                } else if counter_only {
                    !mine
                } else {
                    true
                }
            });
            pairs.sort_by_key(|p| (s.owner(p.p as usize) != acting, s.canon(p.p as usize)));
            s.tasks.push(if acting_only { task(CombatStage::Counter) } else { Task::Resolve });
            s.tasks.push(Task::Removal);
            for p in pairs.iter().rev() {
                let v = data::type_def(CARDS[p.p as usize].utype).attack;
                s.tasks.push(Task::Attack(Attack {
                    p: p.p,
                    q: p.q,
                    n: p.n,
                    v,
                    stage: AttackStage::Start,
                    dice: Vec::new(),
                    sv: 0,
                    save_dice: Vec::new(),
                }));
            }
        }
        CombatStage::Counter => {
            let e: Vec<usize> =
                s.combat.as_ref().map(|c| c.e.iter().map(|&i| i as usize).collect()).unwrap_or_default();
            let members = s.members(x);
            let list: Vec<(usize, Vec<usize>)> = e
                .iter()
                .filter(|&&q| s.on_field(q))
                .map(|&q| {
                    let r = s.rect(q);
                    (q, members.iter().cloned().filter(|&m| geometry::dist(&r, &s.rect(m)) <= TOL).collect::<Vec<_>>())
                })
                .filter(|(_, o)| !o.is_empty())
                .collect();
            if list.is_empty() {
                pe(ev, catalog::both!("senbat-no-counterattack-no-enemy-card"));
            }
            let choices = declare(s, rng, ev, list, true);
            s.tasks.push(task(CombatStage::CounterDeclared));
            if !choices.is_empty() {
                ask(s, AskKind::Targets { seat: opp(acting), code: 10, choices });
            }
        }
    }
}

/// RESOLVE (§6.13).
fn resolve(s: &mut State, ev: &mut Vec<Event>) {
    let Some(c) = s.combat.take() else { return };
    let acting = s.active;
    let (ta, te) = (c.tally[acting as usize], c.tally[opp(acting) as usize]);
    let defender_loses = ta > te;
    pe(
        ev,
        catalog::both!(
            "senbat-compare-gives-way",
            seat_acting = (seat_en(acting)).to_string(),
            ta = ta.to_string(),
            seat_opp_acting = (seat_en(opp(acting))).to_string(),
            te = te.to_string(),
            seat_if_defender_loses = (seat_en(if defender_loses { opp(acting) } else { acting })).to_string()
        ),
    );
    if defender_loses {
        let m = &mut s.players[acting as usize].morale;
        *m = (*m + 1).min(data::MORALE_TO_WIN);
        let mv = *m;
        pe(ev, catalog::both!("senbat-morale", seat_acting = (seat_en(acting)).to_string(), mv = mv.to_string()));
        if victory_check(s, ev) {
            return;
        }
    }
    let mut retreaters: Vec<usize> = Vec::new();
    if !defender_loses {
        if s.on_field(c.x as usize) {
            retreaters.push(c.x as usize);
        }
    } else {
        for &e in &c.e {
            if let Some(core) = s.cards[e as usize].core
                && s.on_field(core as usize)
                && !retreaters.contains(&(core as usize))
            {
                retreaters.push(core as usize);
            }
        }
        retreaters.sort_by_key(|&i| s.canon(i));
    }
    for &y in retreaters.iter().rev() {
        let faces: Vec<Face> =
            c.pairs.iter().filter(|p| s.cards[p.q as usize].core == Some(y as u8)).map(|p| p.face).collect();
        s.tasks.push(Task::Retreat { core: y as u8, faces });
    }
}

fn retreat(s: &mut State, ev: &mut Vec<Event>, core: usize, faces: &[Face]) {
    if !s.on_field(core) {
        return;
    }
    let h = s.cards[core].h;
    let (f, r) = (geometry::fwd(h), geometry::right(h));
    let has = |x: Face| faces.contains(&x);
    let (u, away_from) = if has(Face::Back) {
        (f, Face::Back)
    } else if has(Face::Right) && !has(Face::Left) {
        ((-r.0, -r.1), Face::Right)
    } else if has(Face::Left) && !has(Face::Right) {
        (r, Face::Left)
    } else {
        ((-f.0, -f.1), Face::Front)
    };
    let toward = |lang| match away_from {
        Face::Back => catalog::t!(lang, "senbat-retreat-toward-front"),
        Face::Right => catalog::t!(lang, "senbat-retreat-toward-left"),
        Face::Left => catalog::t!(lang, "senbat-retreat-toward-right"),
        Face::Front => catalog::t!(lang, "senbat-retreat-backward"),
    };
    let (t, blocked, hit) = do_straight(s, core, u, S);
    if blocked {
        pe(
            ev,
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-retreats-blocked-after-mm-by",
                    cards_core_id = card_name(lang, core),
                    en = toward(lang),
                    t = format!("{:.3}", t),
                    hit_i_cards = hit.iter().map(|&i| card_name(lang, i)).collect::<Vec<_>>().join(&separator(lang)),
                    pose_text_core = pose_text(s, core)
                )
            }),
        );
        collide(s, &hit, None, ev);
    } else {
        pe(
            ev,
            in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-retreats-mm",
                    cards_core_id = card_name(lang, core),
                    en = toward(lang),
                    pose_text_core = pose_text(s, core)
                )
            }),
        );
    }
    s.tasks.push(Task::Removal);
}

fn check_targets(choices: &[(u8, Vec<u8>)], pairs: &[(String, String)]) -> Result<Vec<(usize, usize)>, RuleError> {
    let mut out = Vec::new();
    for (a, opts) in choices {
        let a = *a as usize;
        let found = pairs.iter().find(|(p, _)| data::card_index(p) == Some(a));
        let Some((_, q)) = found else {
            return Err(RuleError::Illegal(catalog::both!(
                "senbat-name-a-target-for",
                cards_a_id = (CARDS[a].id).to_string()
            )));
        };
        let qi = data::card_index(q).filter(|qi| opts.contains(&(*qi as u8))).ok_or_else(|| {
            let names: Vec<&str> = opts.iter().map(|&o| CARDS[o as usize].id).collect();
            RuleError::Illegal(in_each_language(|lang| {
                catalog::t!(
                    lang,
                    "senbat-may-target-only",
                    cards_a_id = (CARDS[a].id).to_string(),
                    names = names.join(&separator(lang))
                )
            }))
        })?;
        out.push((a, qi));
    }
    for (p, _) in pairs {
        if !data::card_index(p).is_some_and(|i| choices.iter().any(|(a, _)| *a as usize == i)) {
            // Forced pairs may be repeated; anything else is an error only if it names no engaged card.
            if data::card_index(p).is_none() {
                return Err(RuleError::Illegal(catalog::both!("senbat-there-is-no-card-2", p = p.to_string())));
            }
        }
    }
    Ok(out)
}

pub(crate) fn resign(s: &mut State, seat: Seat) -> Result<Vec<Event>, RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    let mut ev = Vec::new();
    pe(&mut ev, catalog::both!("senbat-resigns", seat_seat = (seat_en(seat)).to_string()));
    end_game(s, opp(seat), catalog::both!("senbat-the-opponent-resigned"), &mut ev);
    Ok(ev)
}
