//! Request and response types of the REST API, shared by the server and the CLI.
