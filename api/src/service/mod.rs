//! What the API does, as synchronous functions on a database connection (run them in `web::block`).

pub mod accounts;
pub mod deadlines;
pub mod digest;
pub mod games;
pub mod inbound_moves;
pub mod mail_addresses;
pub mod notify;
pub mod passwords;
pub mod personal_data;
pub mod rules;
pub mod sessions;
pub mod transfer;
pub mod vacation;
