//! `tegami login`: a session, and this machine's signing key registered with the server.

use shared::api_types::{Account, LoginRequest, RegisterKeyRequest, Session, SigningKey};
use shared::signing::KeyPair;

use super::{Ctx, out, out_json, read_password};
use crate::args::LoginArgs;
use crate::client::Client;
use crate::config;
use crate::error::{CliError, Result};

pub fn exec(ctx: &Ctx, args: &LoginArgs) -> Result<()> {
    let password = read_password(args.password_stdin, false)?;
    let account = log_in(ctx, &args.email, &password)?;
    if ctx.json {
        out_json(&serde_json::to_value(&account).expect("JSON serialises"));
    }
    Ok(())
}

/// Logs in, stores the session, and makes sure the local signing key exists and is registered.
pub fn log_in(ctx: &Ctx, email: &str, password: &str) -> Result<Account> {
    let anonymous = ctx.anonymous()?;
    let request = LoginRequest { email: email.to_string(), password: password.to_string() };
    let session: Session = anonymous
        .post("/sessions", &request)
        .map_err(|e| match e {
            // A 401 here is a wrong password, not a missing login.
            CliError::NotLoggedIn(_) => CliError::refused(format!("wrong email or password for `{email}`"))
                .with_help(format!("create an account with `tegami register --email {email} --name <name>`")),
            other => other,
        })?
        .decode()?;
    ctx.config.save_session(&config::Session {
        server: ctx.server.clone(),
        token: session.token.clone(),
        expires_at: session.expires_at.clone(),
        account_id: session.account.id,
        email: session.account.email.clone(),
        display_name: session.account.display_name.clone(),
    })?;
    let note = |s: String| if ctx.json { super::err(&s) } else { out(&s) };
    note(format!("logged in to `{}` as {} <{}>\n", ctx.server, session.account.display_name, session.account.email));

    let key = match ctx.config.key()? {
        Some(key) => key,
        None => {
            let key = KeyPair::generate().map_err(|e| CliError::local(e.to_string()))?;
            ctx.config.save_new_key(&key)?;
            note(format!("created signing key `{}` in `{}`\n", key.kid(), ctx.config.key_path().display()));
            key
        }
    };
    let authed = Client::new(&ctx.server, Some(session.token.clone()), ctx.lang)?;
    let request = RegisterKeyRequest { public_key: key.public_key(), name: Some("tegami cli".into()) };
    let reply = authed.post("/keys", &request).map_err(|e| {
        e.with_help(format!(
            "the signing key in `{}` could not be registered; each account needs its own `--config-dir`",
            ctx.config.key_path().display()
        ))
    })?;
    let registered: SigningKey = reply.decode()?;
    if reply.status == 201 {
        note(format!("registered signing key `{}`\n", registered.kid));
    }
    Ok(session.account)
}
