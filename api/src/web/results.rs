//! The result of a finished game on its page: who won, and every seat's rank and score.

use maud::{Markup, html};
use shared::Lang;
use shared::api_types::Standing;

/// The standings table (nothing before the game is over).
pub fn standings(lang: Lang, standings: &[Standing]) -> Markup {
    let scores = standings.iter().any(|s| s.score.is_some());
    html! {
        @if !standings.is_empty() {
            p.winners { strong { (crate::service::results::winners_text(standings, lang)) } }
            table.standings {
                thead { tr {
                    th { (catalog::t!(lang, "result-rank")) }
                    th { (catalog::t!(lang, "result-player")) }
                    @if scores { th { (catalog::t!(lang, "result-score")) } }
                } }
                tbody {
                    @for s in standings {
                        tr.winner[s.winner] {
                            td { (s.rank) }
                            td { (s.name) @if s.out { " " (catalog::t!(lang, "result-out")) } }
                            @if scores { td { @if let Some(score) = s.score { (score) } } }
                        }
                    }
                }
            }
        }
    }
}
