//! Results: every person's place in a finished game, recorded in the transaction that ends it (for profiles and
//! the archive, and to move ratings), and told as text in emails in the reader's language.

use diesel::prelude::*;
use shared::Lang;
use shared::api_types::Standing;

use crate::db::Conn;
use crate::db::schema::{game_results, results_to_record};
use crate::error::ApiResult;
use crate::service::game_record::Loaded;

/// Game `loaded` has just ended: records each seated person's place, then moves the ratings if it is rated.
pub(crate) fn game_ended(conn: &mut Conn, loaded: &Loaded) -> ApiResult<()> {
    record(conn, loaded, &crate::time::now())?;
    crate::service::ratings::game_ended(conn, loaded)
}

/// Records each seated person's place in finished game `loaded`, as of `at`.
fn record(conn: &mut Conn, loaded: &Loaded, at: &str) -> ApiResult<()> {
    for s in &loaded.standings() {
        let Some(account) =
            loaded.seats.get(usize::from(s.seat)).filter(|r| r.kind == "player").and_then(|r| r.account_id)
        else {
            continue;
        };
        diesel::insert_into(game_results::table)
            .values((
                game_results::game_id.eq(loaded.row.id),
                game_results::seat.eq(i32::from(s.seat)),
                game_results::account_id.eq(account),
                game_results::slug.eq(&loaded.row.slug),
                game_results::rank.eq(i32::from(s.rank)),
                game_results::won.eq(s.winner),
                game_results::finished_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Records the places in the games that finished before results were recorded (queued by the migration
/// `results_of_old_games`), each game in its own transaction; their ratings stay as they were, since no game
/// was rated then. Returns how many games were recorded.
pub fn record_old_results(conn: &mut Conn) -> ApiResult<usize> {
    let queued: Vec<i64> =
        results_to_record::table.select(results_to_record::game_id).order(results_to_record::game_id).load(conn)?;
    for &id in &queued {
        crate::db::write_transaction(conn, |conn| -> ApiResult<()> {
            let loaded = crate::service::game_record::load(conn, id)?;
            let recorded: i64 = game_results::table.filter(game_results::game_id.eq(id)).count().get_result(conn)?;
            if recorded == 0 && loaded.game.is_over() {
                // The time it ended is not kept apart: its last change is.
                record(conn, &loaded, &loaded.row.updated_at)?;
            }
            diesel::delete(results_to_record::table.find(id)).execute(conn)?;
            Ok(())
        })?;
    }
    if !queued.is_empty() {
        tracing::info!(games = queued.len(), "results of games finished before results were kept are recorded");
    }
    Ok(queued.len())
}

/// Who won, or that nobody did.
pub fn winners_text(standings: &[Standing], lang: Lang) -> String {
    let winners: Vec<&str> = standings.iter().filter(|s| s.winner).map(|s| s.name.as_str()).collect();
    if winners.is_empty() {
        catalog::t!(lang, "result-no-winner")
    } else {
        catalog::t!(lang, "result-winners", count = winners.len(), names = winners.join(", "))
    }
}

/// One line a seat, best first: rank, name, score where the game keeps one, and whether the seat was out.
pub fn standings_text(standings: &[Standing], lang: Lang) -> String {
    let mut lines = vec![winners_text(standings, lang)];
    for s in standings {
        let mut line = match s.score {
            Some(score) => catalog::t!(lang, "result-line-score", rank = s.rank, name = &s.name, score = score),
            None => catalog::t!(lang, "result-line", rank = s.rank, name = &s.name),
        };
        if s.out {
            line.push(' ');
            line.push_str(&catalog::t!(lang, "result-out"));
        }
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use shared::engine::{Localized, Outcome, ResultKind};

    use super::*;

    fn outcome(result: ResultKind, ranks: Vec<u8>, scores: Vec<Option<i64>>) -> Outcome {
        Outcome { result, ranks, scores, eliminated: vec![2], summary: Localized::default() }
    }

    #[test]
    fn the_winner_is_named_and_every_seat_ranked_best_first() {
        let names = vec!["alice".to_string(), "bob".to_string(), String::new()];
        let standings = shared::api_types::standings(
            &outcome(ResultKind::Win, vec![2, 1, 3], vec![Some(5), Some(9), Some(-1)]),
            &names,
        );
        assert_eq!(standings_text(&standings, Lang::En), "winner: bob\n1. bob: 9\n2. alice: 5\n3. P3: -1 (out)");
        assert_eq!(standings_text(&standings, Lang::Ja), "勝者: bob\n1位 bob: 9\n2位 alice: 5\n3位 P3: -1 （脱落）");
    }

    #[test]
    fn a_draw_has_no_winner() {
        let names = vec!["alice".to_string(), "bob".to_string(), "carol".to_string()];
        let standings = shared::api_types::standings(&outcome(ResultKind::Draw, vec![1, 1, 1], vec![None; 3]), &names);
        assert!(standings.iter().all(|s| !s.winner));
        assert!(standings_text(&standings, Lang::En).starts_with("no winner\n1. alice\n"));
    }
}
