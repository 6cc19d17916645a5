//! `tegami`: the command-line client of a tegami server. See `tegami --help`.

mod args;
mod client;
mod commands;
mod config;
mod error;
mod feed;
mod output;
mod sanitize;

use std::process::ExitCode;

use clap::Parser;

use crate::args::{Cli, Command};
use crate::commands::Ctx;
use crate::error::Result;

fn main() -> ExitCode {
    // clap prints its own usage errors and exits 2 (and 0 for --help / --version).
    let cli = Cli::parse();
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
    let ctx = Ctx::from_args(&cli.global)?;
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
        Command::New(args) => commands::new::exec(&ctx, args),
        Command::Join(args) => commands::join::exec(&ctx, args),
        Command::Show(args) => commands::show::exec(&ctx, args),
        Command::Moves(args) => commands::moves::exec(&ctx, args),
        Command::Play(args) => commands::play::exec(&ctx, args),
        Command::Log(args) => commands::log::exec(&ctx, args),
        Command::Resign(args) => commands::resign::exec(&ctx, args),
        Command::Watch(args) => commands::watch::exec(&ctx, args),
        Command::Wait(args) => commands::wait::exec(&ctx, args),
        Command::Verify(args) => commands::verify::exec(&ctx, args),
        Command::Completions(args) => commands::completions::exec(args),
    }
}
