//! `tegami completions <shell>`.

use clap::CommandFactory;

use crate::args::{Cli, CompletionsArgs};
use crate::error::Result;

pub fn exec(args: &CompletionsArgs) -> Result<()> {
    let mut command = Cli::command();
    clap_complete::generate(args.shell, &mut command, "tegami", &mut std::io::stdout());
    Ok(())
}
