use std::process::ExitCode;

use clap::Parser;
use tegami_api::mail::MailContext;
use tegami_api::service::{inbound_moves, transfer};
use tegami_api::settings::{Cli, Command, LogFormat, MailAction, Settings};
use tegami_api::startup::Application;
use tegami_api::{admin, backup, copy, db, openapi, outgoing_hold, served_settings};
use tracing_subscriber::EnvFilter;

/// The server's own allocations go to jemalloc; C libraries (SQLite, libpq, OpenSSL) keep the system's
/// malloc, which `malloc_tuning` tunes. Under glibc's malloc the threads of a move (HTTP worker, blocking
/// pool, writer) took turns on its few arenas' locks: a fifth of the writer's time went to malloc and free
/// (see the README's "Performance").
#[cfg(unix)]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

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
        Command::MailIn => mail_in(settings, served_settings::given(&cli.settings)),
        Command::Export { game, output } => export(&settings, game, output.as_deref()),
        Command::Import { file } => import(&settings, file.as_deref()),
        Command::Backup { file } => backup(&settings, &file),
        Command::Restore { file } => restore(&settings, &file),
        Command::Mail { action } => mail_hold(&settings, action),
        Command::Admin(args) => admin(&settings, &args),
        Command::Copy { from, to } => copy(&from, &to),
        Command::TalkReports => talk_reports(&settings),
        Command::Serve => {
            if cli.hold_mail
                && let Err(e) = hold_outgoing(&settings)
            {
                eprintln!("error: cannot hold outgoing mail: {e}");
                return ExitCode::FAILURE;
            }
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

/// Log lines go to stderr: plain text, coloured only on a terminal and without `NO_COLOR` (an MTA may mail `mail-in`'s output back
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
        LogFormat::Plain => builder.with_ansi(std::io::stderr().is_terminal() && !no_color()).init(),
    }
}

/// <https://no-color.org>: `NO_COLOR` set to anything but the empty string turns colours off.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

/// `tegami-server mail-in`: one raw message on stdin, as an MTA pipe delivers it.
fn mail_in(mut settings: Settings, configured: bool) -> ExitCode {
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
    match served_settings::recorded(&mut conn) {
        Ok(Some(served)) if !configured => served.apply_to(&mut settings),
        Ok(Some(served)) => {
            let differ = served.differences(&served_settings::MailIdentity::of(&settings));
            if !differ.is_empty() {
                tracing::warn!(
                    settings = differ.join(", "),
                    "mail-in's settings differ from the server's; give it the server's (`--config FILE`)"
                );
            }
        }
        Ok(None) if !configured => tracing::warn!(
            "no server has started on this database yet: mail-in answers with the default settings; give it the \
             server's (`--config FILE`)"
        ),
        Ok(None) => {}
        Err(e) => {
            eprintln!("error: cannot read the server's settings: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    }
    match inbound_moves::handle(&mut conn, &MailContext::new(&settings), &raw) {
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

/// `tegami-server talk-reports`.
fn talk_reports(settings: &Settings) -> ExitCode {
    let listed = db::open_migrated(&settings.database_url)
        .map_err(|e| e.to_string())
        .and_then(|mut conn| tegami_api::service::talk::reports(&mut conn).map_err(|e| e.to_string()));
    match listed {
        Ok(reports) => {
            for report in reports {
                println!("{}", serde_json::to_string(&report).unwrap_or_default());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EX_TEMPFAIL)
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

/// `tegami-server admin …`.
fn admin(settings: &Settings, args: &admin::AdminArgs) -> ExitCode {
    let mut conn = match db::open_migrated(&settings.database_url) {
        Ok(conn) => conn,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    match admin::run(&mut conn, &MailContext::new(settings), args) {
        Ok(report) => {
            print!("{report}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// `tegami-server copy --from URL --to URL`.
fn copy(from: &str, to: &str) -> ExitCode {
    match copy::copy(from, to) {
        Ok(done) => {
            println!("{}", serde_json::to_string(&done).unwrap_or_default());
            let rows: usize = done.tables.iter().map(|(_, n)| n).sum();
            eprintln!(
                "copied {rows} rows of {} tables from `{}` to `{}`; {} game(s) replayed and verified there",
                done.tables.len(),
                db::redact_password(from),
                db::redact_password(to),
                done.games_verified
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// `serve --hold-mail`: the hold is stored before the workers start, so that nothing leaves in between.
fn hold_outgoing(settings: &Settings) -> Result<(), String> {
    let mut conn = db::open_migrated(&settings.database_url).map_err(|e| e.to_string())?;
    let reason = format!("held by `serve --hold-mail` at {}", chrono::Utc::now().to_rfc3339());
    outgoing_hold::hold(&mut conn, &reason).map_err(|e| e.to_string())?;
    eprintln!("note: outgoing mail and webhook deliveries are held; `tegami-server mail release` sends them");
    Ok(())
}

/// `tegami-server backup FILE`.
fn backup(settings: &Settings, file: &std::path::Path) -> ExitCode {
    match backup::backup(&settings.database_url, file) {
        Ok(bytes) => {
            eprintln!("backup written to `{}` ({bytes} bytes)", file.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// `tegami-server restore FILE`.
fn restore(settings: &Settings, file: &std::path::Path) -> ExitCode {
    match backup::restore(&settings.database_url, file, chrono::Utc::now()) {
        Ok(done) => {
            if let Some(kept) = done.replaced {
                eprintln!("the database it replaced is kept as `{}`", kept.display());
            }
            eprintln!(
                "restored `{}`; outgoing mail and webhook deliveries are held: start the server, check it, then run \
                 `tegami-server mail release`",
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

/// `tegami-server mail hold|release|status`.
fn mail_hold(settings: &Settings, action: MailAction) -> ExitCode {
    let mut conn = match db::open_migrated(&settings.database_url) {
        Ok(conn) => conn,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let done = match action {
        MailAction::Hold => {
            let reason = format!("held by `tegami-server mail hold` at {}", chrono::Utc::now().to_rfc3339());
            outgoing_hold::hold(&mut conn, &reason)
                .map(|()| "outgoing mail and webhook deliveries are held".to_string())
        }
        MailAction::Release => outgoing_hold::release(&mut conn).map(|was| {
            if was { "released: queued mail and webhook deliveries go out" } else { "nothing was held" }.to_string()
        }),
        MailAction::Status => outgoing_hold::held(&mut conn)
            .map(|held| held.map(|reason| format!("held: {reason}")).unwrap_or_else(|| "sending".into())),
    };
    match done {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EX_TEMPFAIL)
        }
    }
}
