use std::process::ExitCode;

use clap::Parser;
use tegami_api::settings::{Cli, Command, Settings};
use tegami_api::startup::Application;
use tegami_api::mail::MailContext;
use tegami_api::mail::inbound;
use tegami_api::{db, openapi};
use tracing_subscriber::EnvFilter;

#[actix_web::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let settings = match Settings::resolve(&cli.settings) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_new(&settings.log).unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .init();
    match cli.command.unwrap_or(Command::Serve) {
        Command::Openapi => {
            print!("{}", openapi::yaml());
            ExitCode::SUCCESS
        }
        Command::Migrate => match db::open(&settings.database_url).and_then(|mut conn| db::migrate(&mut conn)) {
            Ok(ran) => {
                eprintln!(
                    "database `{}` is up to date ({ran} migration(s) applied)",
                    db::redact_password(&settings.database_url)
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::MailIn => mail_in(&settings),
        Command::Serve => {
            let app = match Application::build(settings.clone()) {
                Ok(app) => app,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            tracing::info!(bind = %settings.bind, port = app.port(), database = %db::redact_password(&settings.database_url), "tegami-server listening");
            match app.run().await {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// `tegami-server mail-in`: one raw message on stdin, as an MTA pipe delivers it.
fn mail_in(settings: &Settings) -> ExitCode {
    use std::io::Read;
    const EX_TEMPFAIL: u8 = 75;
    let mut raw = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut raw) {
        eprintln!("error: cannot read the message on stdin: {e}");
        return ExitCode::from(EX_TEMPFAIL);
    }
    let mut conn = match db::open_migrated(&settings.database_url) {
        Ok(conn) => conn,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    match inbound::handle(&mut conn, &MailContext::new(settings), &raw) {
        Ok(outcome) => {
            println!("{}", serde_json::to_string(&outcome).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
