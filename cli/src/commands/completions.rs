//! `tegami completions <shell>`: the script that has the shell ask `tegami` itself for completions, so that
//! game ids come from the server (see `complete`), besides subcommands, flags, files and languages.

use super::out;
use crate::args::CompletionsArgs;
use crate::error::{CliError, Result};

pub fn exec(args: &CompletionsArgs) -> Result<()> {
    let name = args.shell.to_string();
    let shells = clap_complete::env::Shells::builtins();
    let shell = shells.completer(&name).ok_or_else(|| CliError::usage(name.clone()))?;
    // Into a buffer first: writing straight to a closed pipe (`tegami completions bash | head`) would fail.
    let mut script = Vec::new();
    shell.write_registration("COMPLETE", "tegami", "tegami", "tegami", &mut script)?;
    out(&String::from_utf8_lossy(&script));
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shell_clap_knows_has_a_script() {
        let shells = clap_complete::env::Shells::builtins();
        for shell in [clap_complete::Shell::Bash, clap_complete::Shell::Zsh, clap_complete::Shell::Fish] {
            let completer = shells.completer(&shell.to_string()).expect("a dynamic completer");
            let mut script = Vec::new();
            completer.write_registration("COMPLETE", "tegami", "tegami", "tegami", &mut script).unwrap();
            let script = String::from_utf8(script).unwrap();
            assert!(script.contains("COMPLETE") && script.contains("tegami"), "{shell}: {script}");
        }
    }
}
