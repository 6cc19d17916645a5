use std::process::ExitCode;

use clap::Parser;
use tegami_api::settings::{Cli, Command, Settings};
use tegami_api::startup::Application;
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
        Command::Migrate => match db::connect(&settings.database_url) {
            Ok(_) => {
                eprintln!("database `{}` is up to date", settings.database_url);
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Command::Serve => {
            let app = match Application::build(settings.clone()) {
                Ok(app) => app,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::FAILURE;
                }
            };
            tracing::info!(bind = %settings.bind, port = app.port(), database = %settings.database_url, "tegami-server listening");
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
