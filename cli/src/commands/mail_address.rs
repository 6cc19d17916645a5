//! `tegami mail-address add|list|remove`: further addresses your email replies may come from.

use catalog::t;
use shared::api_types::{AddMailAddressRequest, MailAddress, MailAddressStatus};
use shared::engine::Lang;
use shared::text::{Align, Table};

use super::{Ctx, out, out_json};
use crate::args::MailAddressCommand;
use crate::client::Client;
use crate::error::{CliError, Result};

pub fn exec(ctx: &Ctx, command: &MailAddressCommand) -> Result<()> {
    let client = ctx.authed()?;
    match command {
        MailAddressCommand::Add { address } => {
            let reply = client.post("/me/mail-addresses", &AddMailAddressRequest { address: address.clone() })?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let added: MailAddress = reply.decode()?;
            out(&format!("{}\n", t!(ctx.lang, "cli-address-added", address = &added.address)));
        }
        MailAddressCommand::List => {
            let reply = client.get("/me/mail-addresses")?;
            if ctx.json {
                out_json(&reply.body);
                return Ok(());
            }
            let addresses: Vec<MailAddress> = reply.decode()?;
            if addresses.is_empty() {
                out(&format!("{}\n", t!(ctx.lang, "cli-address-none")));
                return Ok(());
            }
            out(&addresses_table(&addresses, ctx.lang));
        }
        MailAddressCommand::Remove { address } => {
            let id = resolve(&client, address)?;
            client.delete(&format!("/me/mail-addresses/{id}")).map_err(|e| {
                e.on_not_found("unknown_mail_address", || t!(ctx.lang, "cli-address-unknown", address = address))
            })?;
            if ctx.json {
                out_json(&serde_json::json!({ "removed": id }));
            } else {
                out(&format!("{}\n", t!(ctx.lang, "cli-address-removed", address = address)));
            }
        }
    }
    Ok(())
}

/// The id of an added address given as its id or as the address itself.
fn resolve(client: &Client, given: &str) -> Result<i64> {
    if let Ok(id) = given.trim().parse::<i64>() {
        return Ok(id);
    }
    let addresses: Vec<MailAddress> = client.get("/me/mail-addresses")?.decode()?;
    addresses
        .iter()
        .find(|a| a.address.eq_ignore_ascii_case(given.trim()))
        .map(|a| a.id)
        .ok_or_else(|| CliError::refused(t!(crate::i18n::lang(), "cli-address-unknown", address = given)))
}

pub fn addresses_table(addresses: &[MailAddress], lang: Lang) -> String {
    let mut table = Table::new([
        t!(lang, "cli-games-head-id"),
        t!(lang, "cli-address-head-address"),
        t!(lang, "cli-games-head-status"),
        t!(lang, "cli-address-head-added"),
    ])
    .align(0, Align::Right);
    for a in addresses {
        let status = match a.status {
            MailAddressStatus::Proved => t!(lang, "cli-address-proved"),
            MailAddressStatus::Pending => t!(lang, "cli-address-pending"),
        };
        table.row([a.id.to_string(), a.address.clone(), status, a.added_at.clone()]);
    }
    table.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_list_as_a_table() {
        let addresses = vec![
            MailAddress {
                id: 2,
                address: "alice@work.example".into(),
                status: MailAddressStatus::Proved,
                added_at: "2026-01-01T00:00:00Z".into(),
                proved_at: Some("2026-01-01T00:05:00Z".into()),
            },
            MailAddress {
                id: 11,
                address: "a@phone.example".into(),
                status: MailAddressStatus::Pending,
                added_at: "2026-01-02T00:00:00Z".into(),
                proved_at: None,
            },
        ];
        assert_eq!(
            addresses_table(&addresses, Lang::En),
            "\
ID  ADDRESS             STATUS                           ADDED
 2  alice@work.example  proved                           2026-01-01T00:00:00Z
11  a@phone.example     pending (open the emailed link)  2026-01-02T00:00:00Z
"
        );
    }
}
