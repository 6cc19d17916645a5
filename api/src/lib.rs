//! tegami-server: the REST API, its database and its workers.

pub mod auth;
pub mod db;
pub mod error;
pub mod mail;
pub mod openapi;
pub mod routes;
pub mod service;
pub mod settings;
pub mod startup;
pub mod time;
