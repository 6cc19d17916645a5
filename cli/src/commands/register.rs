//! `tegami register`: create an account, then log in.

use catalog::t;
use shared::api_types::{Account, RegisterRequest};

use super::{Ctx, login, out, out_json, read_password};
use crate::args::RegisterArgs;
use crate::error::Result;

pub fn exec(ctx: &Ctx, args: &RegisterArgs) -> Result<()> {
    let password = read_password(args.password_stdin, true)?;
    let request =
        RegisterRequest { email: args.email.clone(), display_name: args.name.clone(), password: password.clone() };
    let reply = ctx
        .anonymous()?
        .post("/accounts", &request)
        .map_err(|e| e.with_help(t!(ctx.lang, "cli-register-help", email = &args.email)))?;
    let account: Account = reply.decode()?;
    let note = format!(
        "{}\n",
        t!(
            ctx.lang,
            "cli-registered",
            email = crate::sanitize::inline(&account.email),
            name = crate::sanitize::inline(&account.display_name)
        )
    );
    if ctx.json {
        super::err(&note)
    } else {
        out(&note)
    }
    login::log_in(ctx, &args.email, &password)?;
    if ctx.json {
        out_json(&reply.body);
    }
    Ok(())
}
