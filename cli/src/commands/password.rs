//! `tegami password change` and `tegami password reset --email … | --token …`.

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
        err("current password, then the new one twice\n");
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
    out(&format!("password changed; {} other session(s) signed out\n", revoked.revoked));
    Ok(())
}

fn reset(ctx: &Ctx, args: &ResetArgs) -> Result<()> {
    let client = ctx.anonymous()?;
    if let Some(email) = &args.email {
        client.post("/password-reset", &PasswordResetRequest { email: email.clone() })?;
        if ctx.json {
            out_json(&serde_json::json!({ "requested": email }));
        } else {
            out(&format!(
                "if `{email}` has an account, a reset token is on its way; then run `tegami password reset --token <token>`\n"
            ));
        }
        return Ok(());
    }
    let token = args.token.clone().ok_or_else(|| CliError::usage("give `--email <email>` or `--token <token>`"))?;
    let new = read_password(args.password_stdin, !args.password_stdin)?;
    client
        .post("/password-reset/confirm", &PasswordResetConfirm { token, new_password: new })
        .map_err(|e| e.with_help("ask for a new token with `tegami password reset --email <email>`"))?;
    if ctx.json {
        out_json(&serde_json::json!({ "reset": true }));
    } else {
        out("password set; every session was signed out: log in with `tegami login --email <email>`\n");
    }
    Ok(())
}
