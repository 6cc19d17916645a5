//! `tegami login`: a session, and this machine's signing key registered with the server.

use catalog::t;
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
    let request = LoginRequest {
        email: email.to_string(),
        password: password.to_string(),
        device: ctx.config.device(&ctx.server, email),
    };
    let session: Session = anonymous
        .post("/sessions", &request)
        .map_err(|e| match e {
            // A 401 here is a wrong password, not a missing login.
            CliError::NotLoggedIn(_) => CliError::refused(t!(ctx.lang, "cli-login-wrong", email = email))
                .with_help(t!(ctx.lang, "cli-login-wrong-help", email = email)),
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
    if let Some(token) = &session.device {
        ctx.config.save_device(&config::Device {
            server: ctx.server.clone(),
            email: session.account.email.clone(),
            token: token.clone(),
        })?;
    }
    let note = |s: String| if ctx.json { super::err(&s) } else { out(&s) };
    note(format!(
        "{}\n",
        t!(
            ctx.lang,
            "cli-logged-in",
            server = &ctx.server,
            name = crate::sanitize::inline(&session.account.display_name),
            email = crate::sanitize::inline(&session.account.email)
        )
    ));

    let key = match ctx.config.key()? {
        Some(key) => key,
        None => {
            let key = KeyPair::generate().map_err(|e| CliError::local(e.to_string()))?;
            ctx.config.save_new_key(&key)?;
            let path = ctx.config.key_path().display().to_string();
            note(format!("{}\n", t!(ctx.lang, "cli-key-created", key = key.kid(), path = path)));
            key
        }
    };
    let authed = Client::new(&ctx.server, Some(session.token.clone()), ctx.lang)?;
    let request = RegisterKeyRequest { public_key: key.public_key(), name: Some("tegami cli".into()) };
    let reply = authed.post("/keys", &request).map_err(|e| {
        e.with_help(t!(ctx.lang, "cli-key-not-registered", path = ctx.config.key_path().display().to_string()))
    })?;
    let registered: SigningKey = reply.decode()?;
    if reply.status == 201 {
        note(format!("{}\n", t!(ctx.lang, "cli-key-registered", key = &registered.kid)));
    }
    Ok(session.account)
}
