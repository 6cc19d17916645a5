//! What the API does, as synchronous functions on a database connection (run them in `web::block`).

pub mod accounts;
pub mod games;
pub mod notify;
pub mod deadlines;
pub mod vacation;
pub mod digest;
pub mod transfer;
