//! What the API does, as synchronous functions on a database connection (run them in `web::block`).

pub mod accounts;
pub mod archive;
pub mod deadlines;
pub mod decision_names;
pub mod digest;
pub mod follow;
pub mod games;
pub mod inbound_moves;
pub mod kept_legal_moves;
pub mod lobby;
pub mod mail_addresses;
pub mod notify;
pub mod passwords;
pub mod personal_data;
pub mod profiles;
pub mod ratings;
pub mod replay;
pub mod resign_by_email;
pub mod results;
pub mod rules;
pub mod sessions;
pub mod sign_in;
pub mod talk;
pub mod transfer;
pub mod vacation;
