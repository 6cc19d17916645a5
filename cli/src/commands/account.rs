//! `tegami account export` and `tegami account delete`.

use catalog::t;
use std::path::Path;

use shared::api_types::DeleteAccountRequest;

use super::{Ctx, confirm, err, out, read_password};
use crate::args::AccountCommand;
use crate::error::{CliError, Result};
use crate::output;

pub fn exec(ctx: &Ctx, command: &AccountCommand) -> Result<()> {
    match command {
        AccountCommand::Export { output } => export(ctx, output.as_deref()),
        AccountCommand::Delete { yes, password_stdin } => delete(ctx, *yes, *password_stdin),
    }
}

fn export(ctx: &Ctx, file: Option<&Path>) -> Result<()> {
    let reply = ctx.authed()?.get("/me/export")?;
    let text = output::json(&reply.body);
    match file {
        None => out(&text),
        Some(path) => {
            let file = path.display().to_string();
            write_private(path, text.as_bytes()).map_err(|e| {
                CliError::local(t!(ctx.lang, "cli-file-unwritable", file = &file, error = e.to_string()))
            })?;
            err(&format!("{}\n", t!(ctx.lang, "cli-account-exported", file = &file)));
        }
    }
    Ok(())
}

/// Writes a file only its owner can read (it holds personal data).
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(bytes)
}

fn delete(ctx: &Ctx, yes: bool, from_stdin: bool) -> Result<()> {
    let client = ctx.authed()?;
    let question = format!("{} ", t!(ctx.lang, "cli-account-delete-confirm"));
    if !yes && !confirm(&question)? {
        return Err(CliError::local(t!(ctx.lang, "cli-account-delete-cancelled")));
    }
    let password = read_password(from_stdin, false)?;
    client.delete_json("/me", Some(&DeleteAccountRequest { password }))?;
    ctx.config.remove_session()?;
    if ctx.json {
        out(&output::json(&serde_json::json!({ "deleted": true })));
    } else {
        out(&format!("{}\n", t!(ctx.lang, "cli-account-deleted")));
    }
    Ok(())
}
