use std::process::ExitCode;

use clap::Parser;
use tegami_api::mail::MailContext;
use tegami_api::service::{inbound_moves, transfer};
use tegami_api::settings::{Cli, Command, LogFormat, Settings};
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
    init_logging(&settings);
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
        Command::Export { game, output } => export(&settings, game, output.as_deref()),
        Command::Import { file } => import(&settings, file.as_deref()),
        Command::Serve => {
            if settings.malloc_tuning {
                let tuning = tegami_api::malloc::tune();
                tracing::debug!(arenas = ?tuning.arenas, mmap_threshold = ?tuning.mmap_threshold, "malloc tuned");
            }
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

/// Log lines go to stderr: plain text, coloured only on a terminal (an MTA may mail `mail-in`'s output back
/// to the sender, and log files should not hold escape codes), or JSON lines.
fn init_logging(settings: &Settings) {
    use std::io::IsTerminal;
    let mut filter = EnvFilter::try_new(&settings.log).unwrap_or_else(|_| EnvFilter::new("info"));
    // The board pictures' text layout warns at each character it takes from a fallback font, which is how
    // Japanese is drawn when the first font asked lacks it: routine, not the operator's concern.
    if !settings.log.contains("usvg") {
        filter = filter.add_directive("usvg=error".parse().expect("a valid directive"));
    }
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match settings.log_format {
        LogFormat::Json => builder.json().init(),
        LogFormat::Plain => builder.with_ansi(std::io::stderr().is_terminal()).init(),
    }
}

/// `tegami-server mail-in`: one raw message on stdin, as an MTA pipe delivers it.
fn mail_in(settings: &Settings) -> ExitCode {
    use std::io::Read;
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
    match inbound_moves::handle(&mut conn, &MailContext::new(settings), &raw) {
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

const EX_DATAERR: u8 = 65;
const EX_TEMPFAIL: u8 = 75;

/// `tegami-server export GAME`.
fn export(settings: &Settings, game: i64, output: Option<&std::path::Path>) -> ExitCode {
    let exported = db::open_migrated(&settings.database_url)
        .map_err(|e| e.to_string())
        .and_then(|mut conn| transfer::export(&mut conn, game).map_err(|e| e.to_string()));
    let json = match exported.and_then(|x| serde_json::to_string_pretty(&x).map_err(|e| e.to_string())) {
        Ok(json) => json + "\n",
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let written = match output {
        Some(path) => std::fs::write(path, json).map_err(|e| format!("cannot write `{}`: {e}", path.display())),
        None => {
            use std::io::Write;
            std::io::stdout().write_all(json.as_bytes()).map_err(|e| e.to_string())
        }
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `tegami-server import [FILE]`.
fn import(settings: &Settings, file: Option<&std::path::Path>) -> ExitCode {
    use std::io::Read;
    let mut text = String::new();
    let read = match file {
        Some(path) => std::fs::read_to_string(path).map(|t| text = t),
        None => std::io::stdin().read_to_string(&mut text).map(|_| ()),
    };
    if let Err(e) = read {
        eprintln!("error: cannot read the export: {e}");
        return ExitCode::from(EX_DATAERR);
    }
    let export: transfer::GameExport = match serde_json::from_str(&text) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("error: not a tegami game export: {e}");
            return ExitCode::from(EX_DATAERR);
        }
    };
    let mut conn = match db::open_migrated(&settings.database_url) {
        Ok(conn) => conn,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    match transfer::import(&mut conn, &MailContext::new(settings), &export) {
        Ok(done) => {
            println!("{}", serde_json::to_string(&done).unwrap_or_default());
            for email in &done.invited_again {
                eprintln!("note: `{email}` has no account here; their seat is an invitation to that address again");
            }
            ExitCode::SUCCESS
        }
        Err(e) if e.status.is_client_error() => {
            eprintln!("error: {}", e.detail);
            ExitCode::from(EX_DATAERR)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}
