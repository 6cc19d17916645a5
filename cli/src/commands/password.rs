//! `tegami password change` and `tegami password reset --email … | --token …`.

use catalog::t;
use shared::api_types::{ChangePasswordRequest, PasswordResetConfirm, PasswordResetRequest, SessionsRevoked};

use super::{Ctx, err, out, out_json, read_password};
use crate::args::{PasswordCommand, ResetArgs};
use crate::error::{CliError, Result};

pub fn exec(ctx: &Ctx, command: &PasswordCommand) -> Result<()> {
    match command {
        PasswordCommand::Change { password_stdin } => change(ctx, *password_stdin),
        PasswordCommand::Reset(args) => reset(ctx, args),
    }
}

fn change(ctx: &Ctx, from_stdin: bool) -> Result<()> {
    let client = ctx.authed()?;
    if !from_stdin {
        err(&format!("{}\n", t!(ctx.lang, "cli-password-change-prompt")));
    }
    let current = read_password(from_stdin, false)?;
    let new = read_password(from_stdin, !from_stdin)?;
    let request = ChangePasswordRequest { current_password: current, new_password: new };
    let reply = client.put("/me/password", &request)?;
    if ctx.json {
        out_json(&reply.body);
        return Ok(());
    }
    let revoked: SessionsRevoked = reply.decode()?;
    out(&format!("{}\n", t!(ctx.lang, "cli-password-changed", count = revoked.revoked)));
    Ok(())
}

fn reset(ctx: &Ctx, args: &ResetArgs) -> Result<()> {
    let client = ctx.anonymous()?;
    if let Some(email) = &args.email {
        client.post("/password-reset", &PasswordResetRequest { email: email.clone() })?;
        if ctx.json {
            out_json(&serde_json::json!({ "requested": email }));
        } else {
            out(&format!("{}\n", t!(ctx.lang, "cli-password-reset-sent", email = email)));
        }
        return Ok(());
    }
    let token = args.token.clone().ok_or_else(|| CliError::usage(t!(ctx.lang, "cli-password-reset-what")))?;
    let new = read_password(args.password_stdin, !args.password_stdin)?;
    client
        .post("/password-reset/confirm", &PasswordResetConfirm { token, new_password: new })
        .map_err(|e| e.with_help(t!(ctx.lang, "cli-password-reset-help")))?;
    if ctx.json {
        out_json(&serde_json::json!({ "reset": true }));
    } else {
        out(&format!("{}\n", t!(ctx.lang, "cli-password-reset-done")));
    }
    Ok(())
}
