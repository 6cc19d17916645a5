//! Shell completion: the command line with completers for the values only the server knows (your games), run
//! by the shell through `COMPLETE=<shell> tegami …` (clap_complete's dynamic engine; `tegami completions
//! <shell>` prints the script that sets this up). Files, directories and languages complete from the
//! arguments' own hints and possible values.

use std::ffi::OsStr;

use clap::CommandFactory;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use shared::api_types::GameSummary;

use crate::args::{Cli, GlobalArgs};
use crate::commands::Ctx;
use crate::{help, output};

/// Subcommands whose `game` is the id of a game on the server.
const GAME_ID_COMMANDS: &[&str] =
    &["show", "moves", "log", "join", "play", "resign", "watch", "wait", "verify", "follow"];
/// Subcommands whose `game` is a kind of game (a slug).
const GAME_TYPE_COMMANDS: &[&str] = &["new", "types"];

/// The command line, with its completers and its help in the language of the run (see `help`).
pub fn command() -> clap::Command {
    wrapped_to(None)
}

/// [`command`] with its help wrapped to `width` columns when given.
pub fn wrapped_to(width: Option<usize>) -> clap::Command {
    let mut command = Cli::command();
    for (names, completer) in [(GAME_ID_COMMANDS, game_ids as Completer), (GAME_TYPE_COMMANDS, game_types)] {
        for name in names {
            // `mut_args` changes the arguments in place: `mut_arg` would move `game` after the other
            // positionals (`tegami play 1 R2` would read `R2` as the game).
            command = command.mut_subcommand(name, |sub| {
                sub.mut_args(
                    |arg| if arg.get_id() == "game" { arg.add(ArgValueCompleter::new(completer)) } else { arg },
                )
            });
        }
    }
    if let Some(width) = width {
        command = command.term_width(width).max_term_width(width);
    }
    // Last: building the command (which localizing does) hands the width down to the subcommands.
    help::localize(command, crate::i18n::lang())
}

type Completer = fn(&OsStr) -> Vec<CompletionCandidate>;

/// The ids of your games on the server (as the environment sets it up: TEGAMI_SERVER, TEGAMI_CONFIG_DIR,
/// TEGAMI_TOKEN, the last login), each with its name, state and players as the shell's description.
fn game_ids(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    // Completion must never fail loudly: without a server or a login there is simply nothing to offer.
    let Ok(global) = GlobalArgs::default().with_environment() else { return Vec::new() };
    let Ok(ctx) = Ctx::from_args(&global) else { return Vec::new() };
    let Ok(client) = ctx.authed() else { return Vec::new() };
    let Ok(games) = client.get("/games").and_then(|reply| reply.decode::<Vec<GameSummary>>()) else {
        return Vec::new();
    };
    games
        .iter()
        .filter(|g| g.id.to_string().starts_with(current.as_ref()))
        .map(|g| {
            let players: Vec<String> = g.seats.iter().map(|s| output::seat_label(s, ctx.lang)).collect();
            let about = format!(
                "{} ({}), {}: {}",
                g.name.get(ctx.lang),
                g.slug,
                output::status_word(g.status, ctx.lang),
                players.join(", ")
            );
            CompletionCandidate::new(g.id.to_string()).help(Some(about.into()))
        })
        .collect()
}

/// The kinds of game this build knows, with their names.
fn game_types(current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    let lang = crate::i18n::lang();
    shared::registry::slugs()
        .iter()
        .filter(|slug| slug.starts_with(current.as_ref()))
        .map(|slug| {
            let name = shared::registry::game(slug).map(|g| g.info().name.get(lang).to_string());
            CompletionCandidate::new(*slug).help(name.map(Into::into))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_completed_subcommand_has_a_game_argument() {
        // `mut_subcommand`/`mut_arg` panic on a name that does not exist: building the command is the test.
        let command = command();
        command.clone().debug_assert();
        for name in GAME_ID_COMMANDS.iter().chain(GAME_TYPE_COMMANDS) {
            let sub = command.find_subcommand(name).unwrap_or_else(|| panic!("no `{name}`"));
            assert!(sub.get_arguments().any(|a| a.get_id() == "game"), "`{name}` has no game");
        }
    }

    #[test]
    fn the_completers_keep_the_order_of_positionals() {
        let matches = command().try_get_matches_from(["tegami", "play", "1", "R2"]).unwrap();
        let (_, play) = matches.subcommand().unwrap();
        assert_eq!(play.get_one::<i64>("game"), Some(&1));
        assert_eq!(play.get_many::<String>("words").unwrap().collect::<Vec<_>>(), ["R2"]);
    }

    #[test]
    fn game_types_complete_from_what_this_build_knows() {
        let offered: Vec<String> =
            game_types(OsStr::new("s")).iter().map(|c| c.get_value().to_string_lossy().into_owned()).collect();
        assert!(offered.iter().all(|slug| slug.starts_with('s')), "{offered:?}");
        assert!(offered.contains(&"shidouban".to_string()), "{offered:?}");
    }
}
