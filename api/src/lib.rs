//! tegami-server: the REST API, its database and its workers.

pub mod auth;
pub mod body_limit;
pub mod db;
pub mod error;
pub mod events;
pub mod mail;
pub mod malloc;
pub mod openapi;
pub mod routes;
pub mod security_headers;
pub mod service;
pub mod settings;
pub mod startup;
pub mod state;
pub mod throttle;
pub mod time;
pub mod validate;
pub mod web;
pub mod webhooks;
