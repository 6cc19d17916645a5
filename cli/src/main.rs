//! `tegami`: the command-line client of a tegami server. See `tegami --help`.

mod args;
mod client;
mod commands;
mod complete;
mod config;
mod error;
mod feed;
mod help;
mod i18n;
mod output;
mod sanitize;

use std::process::ExitCode;

use clap::FromArgMatches;

use crate::args::{Cli, Command};
use crate::commands::Ctx;
use crate::error::Result;

fn main() -> ExitCode {
    // Before parsing: help, completions' descriptions and the errors of the value parsers, too, are in the
    // language asked for (on the command line, in the environment, else in config.toml).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let lang = i18n::from_command_line(&args, std::env::var_os("TEGAMI_LANG"))
        .or_else(|| i18n::from_config_file(&args, std::env::var_os("TEGAMI_CONFIG_DIR")));
    if let Some(lang) = lang {
        i18n::set(lang);
    }
    // Called by the shell's completion script (`COMPLETE=bash tegami -- …`): completes, prints, exits.
    clap_complete::CompleteEnv::with_factory(complete::command).complete();
    // Help is wrapped to `--width` when given (else to the terminal, or COLUMNS), so that paragraphs are not
    // ragged in a narrower window than clap guesses.
    let command = complete::wrapped_to(i18n::width_from_command_line(&args, std::env::var_os("TEGAMI_WIDTH")));
    // clap prints its own usage errors and exits 2 (and 0 for --help / --version).
    let cli = Cli::from_arg_matches(&command.get_matches_from(args)).unwrap_or_else(|e| e.exit());
    match run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            commands::err(&e.report());
            ExitCode::from(e.exit_code())
        }
    }
}

fn run(cli: &Cli) -> Result<()> {
    if let Command::Completions(args) = &cli.command {
        return commands::completions::exec(args);
    }
    let global = cli.global.clone().with_environment().map_err(error::CliError::usage)?;
    let ctx = Ctx::from_args(&global)?;
    i18n::set(ctx.lang);
    match &cli.command {
        Command::Register(args) => commands::register::exec(&ctx, args),
        Command::Login(args) => commands::login::exec(&ctx, args),
        Command::Logout(args) => commands::logout::exec(&ctx, args),
        Command::Sessions(args) => commands::sessions::exec(&ctx, args),
        Command::Password(command) => commands::password::exec(&ctx, command),
        Command::Account(command) => commands::account::exec(&ctx, command),
        Command::Whoami => commands::whoami::exec(&ctx),
        Command::Notify(args) => commands::mail_prefs::notify(&ctx, args),
        Command::Vacation(args) => commands::mail_prefs::vacation(&ctx, args),
        Command::ResendVerification => commands::mail_prefs::resend_verification(&ctx),
        Command::MailAddress(command) => commands::mail_address::exec(&ctx, command),
        Command::Token(command) => commands::token::exec(&ctx, command),
        Command::Types(args) => commands::types::exec(&ctx, args),
        Command::Rules(args) => commands::rules::exec(&ctx, args),
        Command::Games(args) => commands::games::exec(&ctx, args),
        Command::Lobby(args) => commands::lobby::exec(&ctx, args),
        Command::Archive(args) => commands::archive::exec(&ctx, args),
        Command::Leaderboard(args) => commands::lobby::leaderboard(&ctx, args),
        Command::Profile(args) => commands::archive::profile(&ctx, args),
        Command::New(args) => commands::new::exec(&ctx, args),
        Command::Join(args) => commands::join::exec(&ctx, args),
        Command::Show(args) => commands::show::exec(&ctx, args),
        Command::Replay(args) => commands::replay::exec(&ctx, args),
        Command::Moves(args) => commands::moves::exec(&ctx, args),
        Command::Play(args) => commands::play::exec(&ctx, args),
        Command::Log(args) => commands::log::exec(&ctx, args),
        Command::Resign(args) => commands::resign::exec(&ctx, args),
        Command::Say(args) => commands::say::exec(&ctx, args),
        Command::Note(args) => commands::say::note(&ctx, args),
        Command::Follow(args) => commands::follow::exec(&ctx, args),
        Command::Watch(args) => commands::watch::exec(&ctx, args),
        Command::Wait(args) => commands::wait::exec(&ctx, args),
        Command::Verify(args) => commands::verify::exec(&ctx, args),
        Command::Completions(args) => commands::completions::exec(args),
    }
}
