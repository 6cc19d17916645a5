//! `tegami completions <shell>`.

use clap::CommandFactory;

use super::out;
use crate::args::{Cli, CompletionsArgs};
use crate::error::Result;

pub fn exec(args: &CompletionsArgs) -> Result<()> {
    let mut command = Cli::command();
    // Into a buffer first: clap_complete panics on a closed pipe (`tegami completions bash | head`).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "tegami", &mut script);
    out(&String::from_utf8_lossy(&script));
    Ok(())
}
