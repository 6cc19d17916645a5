//! The help of the command line in the language of the run. `args.rs` declares the commands and arguments
//! without a word of help; every text clap shows (a command's about, an argument's help, the examples after
//! them, the section headings, the words of clap's own `--help`, `--version` and `help`) is a message of
//! `catalog/locales/*/cli_help.ftl`, named after its place in the command tree:
//!
//! - `cli-help-<path>-about`, and where the catalogs have them `-long-about`, `-after` (after `-h` and
//!   `--help`) and `-after-long` (after `--help` only): a command's texts. `<path>` is `tegami` for the
//!   command itself, else the names of the subcommands down to it joined by `-` (`password-reset`).
//! - `cli-help-<path>-arg-<id>`, and where the catalogs have it `-long`: an argument's help, `<id>` its clap id
//!   with `-` for `_` (`cli-help-play-arg-print-signed`).
//! - `cli-help-global-<id>`: the options every command takes (`cli-help-global-lang`).
//! - `cli-help-heading-*`, `cli-help-flag-*`, `cli-help-help-about`: the words clap would write in English.
//!
//! Words clap writes without a way to replace them stay English: `[default: …]`, `[possible values: …]`,
//! `[OPTIONS]` in usage lines, and its error messages.

use clap::builder::styling::Style;
use clap::{Arg, ArgAction, Command};
use shared::engine::Lang;
use unicode_width::UnicodeWidthChar;

/// The path of the command itself in message ids.
const ROOT: &str = "tegami";

/// `command`, as `args.rs` declares it, with every help text in `lang`. It comes back built
/// ([`Command::build`]), since clap adds its `help` subcommand only then; what clap hands down to subcommands
/// when it builds (`term_width`) must be set before.
pub fn localize(command: Command, lang: Lang) -> Command {
    localize_with(command, &mut |id| catalog::has(id).then(|| catalog::text(lang, id)))
}

/// [`localize`] with the texts `text` gives for message ids (`None`: the catalogs have no such message).
fn localize_with(command: Command, text: &mut dyn FnMut(&str) -> Option<String>) -> Command {
    let mut texts = Texts(text);
    let mut command = declared(command, ROOT, &mut texts);
    command.build();
    built(command, &mut texts)
}

struct Texts<'a>(&'a mut dyn FnMut(&str) -> Option<String>);

impl Texts<'_> {
    /// A text a command or an argument may go without (examples, a long variant).
    fn optional(&mut self, id: &str) -> Option<String> {
        (self.0)(id).map(|text| breakable(&text))
    }

    /// A text every command or argument has. A missing one shows as its id (and fails the tests).
    fn required(&mut self, id: &str) -> String {
        self.optional(id).unwrap_or_else(|| id.to_owned())
    }

    /// A heading clap writes followed by a colon: short, never wrapped.
    fn heading(&mut self, name: &str) -> String {
        let id = format!("cli-help-heading-{name}");
        (self.0)(&id).unwrap_or(id)
    }
}

/// The texts of a command, of its arguments and of its subcommands, down the tree, before clap builds it.
fn declared(mut command: Command, path: &str, texts: &mut Texts) -> Command {
    let prefix = format!("cli-help-{path}");
    command = command.about(texts.required(&format!("{prefix}-about")));
    if let Some(text) = texts.optional(&format!("{prefix}-long-about")) {
        command = command.long_about(text);
    }
    if let Some(text) = texts.optional(&format!("{prefix}-after")) {
        command = command.after_help(text);
    }
    if let Some(text) = texts.optional(&format!("{prefix}-after-long")) {
        command = command.after_long_help(text);
    }
    let template = template(&texts.heading("usage"), command.get_styles().get_usage());
    command = command.help_template(template).subcommand_help_heading(texts.heading("commands"));

    // Every argument under a heading of ours: clap's own "Arguments" and "Options" cannot be translated.
    let arguments = texts.heading("arguments");
    let options = texts.heading("options");
    let mut position = 0;
    command = command.mut_args(|arg| {
        if arg.is_hide_set() || arg.is_global_set() {
            return arg;
        }
        let id = format!("{prefix}-arg-{}", arg.get_id().as_str().replace('_', "-"));
        let arg = described(arg, &id, texts);
        if arg.is_positional() {
            // Under a heading other than clap's, positionals are listed by display order, not by position.
            position += 1;
            arg.help_heading(arguments.clone()).display_order(position)
        } else {
            arg.help_heading(options.clone())
        }
    });

    // clap's `-h` and `-V` are declared here rather than added by clap, so that their words are ours and they
    // come before the global options (clap lists headings in the order of their first argument).
    let help = Arg::new("help").short('h').long("help").action(ArgAction::Help);
    command =
        command.disable_help_flag(true).arg(help.help(texts.required("cli-help-flag-help")).help_heading(&options));
    if command.get_version().is_some() {
        let version = Arg::new("version").short('V').long("version").action(ArgAction::Version);
        let version = version.help(texts.required("cli-help-flag-version")).help_heading(&options);
        command = command.disable_version_flag(true).arg(version);
    }
    let global_options = texts.heading("global-options");
    let globals: Vec<String> =
        command.get_arguments().filter(|arg| arg.is_global_set()).map(|arg| arg.get_id().to_string()).collect();
    for id in globals {
        // `mut_arg` moves the argument to the end: after `-h` and `-V`.
        let text_id = format!("cli-help-global-{}", id.replace('_', "-"));
        command = command.mut_arg(&id, |arg| described(arg, &text_id, texts).help_heading(&global_options));
    }

    let names: Vec<String> = command.get_subcommands().map(|sub| sub.get_name().to_owned()).collect();
    for name in names {
        let path = if path == ROOT { name.clone() } else { format!("{path}-{name}") };
        command = command.mut_subcommand(&name, |sub| declared(sub, &path, texts));
    }
    command
}

/// An argument's help, and its long help where the catalogs have one.
fn described(arg: Arg, id: &str, texts: &mut Texts) -> Arg {
    let arg = arg.help(texts.required(id));
    match texts.optional(&format!("{id}-long")) {
        Some(long) => arg.long_help(long),
        None => arg,
    }
}

/// The texts of what clap adds when it builds: its `help` subcommand (no command of ours has that name), and
/// the words of `-h` where `-h` and `--help` print different pages.
fn built(mut command: Command, texts: &mut Texts) -> Command {
    if has_long_help(&command) {
        let short = texts.required("cli-help-flag-help-more");
        let long = texts.required("cli-help-flag-help-summary");
        // `mut_args` keeps the arguments in place, as a built command needs them.
        command = command
            .mut_args(|arg| if arg.get_id() == "help" { arg.help(short.clone()).long_help(long.clone()) } else { arg });
    }
    let orders: Vec<(String, usize)> =
        command.get_subcommands().map(|sub| (sub.get_name().to_owned(), sub.get_display_order())).collect();
    for sub in command.get_subcommands_mut() {
        let taken = std::mem::take(sub);
        *sub = if taken.get_name() == "help" { help_subcommand(taken, &orders, texts) } else { built(taken, texts) };
    }
    command
}

/// clap's `help` subcommand. Built, it holds a copy of each command it can show the help of (for completion,
/// and listed by `tegami help help`), about included but not in the order of its command; and a copy of itself.
fn help_subcommand(help: Command, orders: &[(String, usize)], texts: &mut Texts) -> Command {
    let about = texts.required("cli-help-help-about");
    let template = template(&texts.heading("usage"), help.get_styles().get_usage());
    let mut help = help.about(about.clone()).help_template(template).subcommand_help_heading(texts.heading("commands"));
    for copy in help.get_subcommands_mut() {
        let taken = std::mem::take(copy);
        let order = orders.iter().find(|(name, _)| name == taken.get_name()).map(|(_, order)| *order);
        let taken = if taken.get_name() == "help" { taken.about(about.clone()) } else { taken };
        *copy = taken.display_order(order);
    }
    help
}

/// Whether `-h` and `--help` print different pages: clap's rule (its `Command::long_help_exists` is not public),
/// which also decides the words of its `-h`.
fn has_long_help(command: &Command) -> bool {
    let long = |arg: &Arg| {
        !arg.is_hide_set()
            && (arg.get_long_help().is_some()
                || arg.is_hide_long_help_set()
                || arg.is_hide_short_help_set()
                || (!arg.is_hide_possible_values_set()
                    && arg
                        .get_possible_values()
                        .iter()
                        .any(|value| !value.is_hide_set() && value.get_help().is_some())))
    };
    command.get_long_about().is_some()
        || command.get_before_long_help().is_some()
        || command.get_after_long_help().is_some()
        || command.get_arguments().any(long)
}

/// clap's layout of a help page, with the usage heading in the language of the run.
fn template(usage: &str, style: &Style) -> String {
    format!("{{before-help}}{{about-with-newline}}\n{style}{usage}:{style:#} {{usage}}\n\n{{all-args}}{{after-help}}")
}

/// An empty change of style (an SGR reset): see [`breakable`].
const BREAK: &str = "\u{1b}[m";

/// `text` with the places marked where a line may break between two characters of a wide script. clap wraps
/// help only at spaces, which Japanese does not write between words: a paragraph of it would run past the
/// width. A change of style splits the text into two of clap's styled runs, and clap may wrap before a run as
/// before a word; an empty one takes no column, changes nothing in prose (which has no style), and is dropped
/// with the styles wherever clap prints without them (pipes, `NO_COLOR`) and in completions' descriptions.
fn breakable(text: &str) -> String {
    let mut marked = String::with_capacity(text.len());
    let mut previous = None;
    for c in text.chars() {
        if previous.is_some_and(|before| may_break_between(before, c)) {
            marked.push_str(BREAK);
        }
        marked.push(c);
        previous = Some(c);
    }
    marked
}

/// Characters that do not start a line in Japanese (kinsoku): closing punctuation, small kana, the long vowel
/// mark, and their ASCII likes.
const NO_LINE_START: &str =
    "、。，．・：；？！ー）」』】〕〉》｝］…‥々ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ),.:;!?]}";
/// Characters that do not end a line: opening brackets.
const NO_LINE_END: &str = "（「『【〔〈《｛［([{";

fn may_break_between(before: char, after: char) -> bool {
    let wide = |c: char| c.width() == Some(2);
    (wide(before) || wide(after))
        && !before.is_whitespace()
        && !after.is_whitespace()
        && !NO_LINE_END.contains(before)
        && !NO_LINE_START.contains(after)
        // A number stays with its counter: `48時間`, `5件`.
        && !(before.is_ascii_digit() && wide(after))
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use clap::CommandFactory;

    use super::*;
    use crate::args::Cli;

    /// The command line as `args.rs` declares it, in `lang`, and the ids of the messages asked for.
    fn localized(lang: Lang) -> (Command, BTreeSet<String>) {
        let mut asked = BTreeSet::new();
        let command = localize_with(Cli::command(), &mut |id| {
            asked.insert(id.to_owned());
            catalog::has(id).then(|| catalog::text(lang, id))
        });
        (command, asked)
    }

    /// Every command of the tree with its path (`tegami`, `password reset`), but the copies clap keeps under its
    /// `help` subcommand.
    fn commands(command: &Command) -> Vec<(String, &Command)> {
        fn walk<'a>(command: &'a Command, path: String, out: &mut Vec<(String, &'a Command)>) {
            if command.get_name() != "help" {
                for sub in command.get_subcommands() {
                    walk(sub, format!("{path} {}", sub.get_name()), out);
                }
            }
            out.push((path, command));
        }
        let mut out = Vec::new();
        walk(command, ROOT.to_owned(), &mut out);
        out
    }

    /// Every help text of the tree by its place (`play about`, `play --decision`), as a reader sees it.
    fn texts(command: &Command) -> BTreeMap<String, String> {
        let mut texts = BTreeMap::new();
        for (path, command) in commands(command) {
            let slots = [
                ("about", command.get_about()),
                ("long about", command.get_long_about()),
                ("after", command.get_after_help()),
                ("after long", command.get_after_long_help()),
            ];
            for (slot, text) in slots {
                if let Some(text) = text {
                    texts.insert(format!("{path} {slot}"), text.to_string());
                }
            }
            for arg in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
                if let Some(text) = arg.get_help() {
                    texts.insert(format!("{path} {}", arg.get_id()), text.to_string());
                }
                if let Some(text) = arg.get_long_help() {
                    texts.insert(format!("{path} {} long", arg.get_id()), text.to_string());
                }
            }
            if let Some(heading) = command.get_subcommand_help_heading() {
                texts.insert(format!("{path} commands heading"), heading.to_string());
            }
        }
        texts
    }

    #[test]
    fn the_declarations_hold_no_help_text() {
        for (path, command) in commands(&Cli::command()) {
            let texts = [command.get_about(), command.get_long_about(), command.get_after_help()];
            assert!(texts.iter().all(Option::is_none), "`{path}` has a text in code: {texts:?}");
            assert!(command.get_after_long_help().is_none() && command.get_before_help().is_none(), "`{path}`");
            for arg in command.get_arguments() {
                let id = arg.get_id();
                assert!(arg.get_help().is_none() && arg.get_long_help().is_none(), "`{path} {id}` has help in code");
                assert!(arg.get_help_heading().is_none(), "`{path} {id}` has a heading in code");
            }
        }
    }

    #[test]
    fn every_command_and_argument_has_help_in_every_language() {
        for &lang in catalog::LANGUAGES {
            let (command, _) = localized(lang);
            let texts = texts(&command);
            let missing: Vec<&String> = texts
                .iter()
                .filter(|(_, text)| text.trim().is_empty() || text.contains("cli-help-"))
                .map(|(p, _)| p)
                .collect();
            assert!(missing.is_empty(), "help texts missing in {}: {missing:#?}", catalog::code(lang));
            for (path, command) in commands(&command) {
                assert!(texts.contains_key(&format!("{path} about")), "`{path}` has no about");
                for arg in command.get_arguments().filter(|arg| !arg.is_hide_set()) {
                    let place = format!("{path} {}", arg.get_id());
                    assert!(texts.contains_key(&place), "`{place}` has no help");
                    assert!(arg.get_help_heading().is_some(), "`{place}` is under clap's English heading");
                }
            }
        }
    }

    #[test]
    fn every_help_message_of_the_catalogs_is_used() {
        let (_, asked) = localized(catalog::LANGUAGES[0]);
        let source_language = catalog::code(catalog::LANGUAGES[0]);
        let defined: BTreeSet<&str> = catalog::FILES
            .iter()
            .filter(|(code, name, _)| *code == source_language && *name == "cli_help.ftl")
            .flat_map(|(_, _, source)| source.lines())
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id))
            .collect();
        assert!(defined.len() > 100, "{defined:?}");
        let unused: Vec<&&str> = defined.iter().filter(|id| !asked.contains(**id)).collect();
        assert!(unused.is_empty(), "help messages no command or argument uses: {unused:#?}");
        let elsewhere: Vec<&String> =
            asked.iter().filter(|id| catalog::has(id) && !defined.contains(id.as_str())).collect();
        assert!(elsewhere.is_empty(), "help messages outside cli_help.ftl: {elsewhere:?}");
    }

    #[test]
    fn every_other_language_translates_every_text() {
        let source = texts(&localized(catalog::LANGUAGES[0]).0);
        for &lang in &catalog::LANGUAGES[1..] {
            let translated = texts(&localized(lang).0);
            assert_eq!(translated.keys().collect::<Vec<_>>(), source.keys().collect::<Vec<_>>());
            let same: Vec<&String> =
                source.iter().filter(|(place, text)| translated[*place] == **text).map(|(p, _)| p).collect();
            assert!(same.is_empty(), "left as in {}: {same:#?}", catalog::code(catalog::LANGUAGES[0]));
        }
    }

    #[test]
    fn the_help_flag_says_whether_help_has_more() {
        let (command, _) = localized(catalog::LANGUAGES[0]);
        let plain = catalog::text(catalog::LANGUAGES[0], "cli-help-flag-help");
        let more = catalog::text(catalog::LANGUAGES[0], "cli-help-flag-help-more");
        let page = |path: &str, flag: &str| {
            let words = path.split(' ').chain([flag]);
            command.clone().try_get_matches_from(words).map(|_| ()).unwrap_err().render().to_string()
        };
        let mut seen = [false, false];
        for (path, sub) in commands(&command).into_iter().filter(|(_, sub)| sub.get_name() != "help") {
            let differ = page(&path, "-h") != page(&path, "--help");
            let flag = sub.get_arguments().find(|arg| arg.get_id() == "help").expect("a help flag");
            let expected = if differ { &more } else { &plain };
            assert_eq!(&flag.get_help().unwrap().to_string(), expected, "`{path} -h`");
            seen[usize::from(differ)] = true;
        }
        assert_eq!(seen, [true, true], "commands with one help page and with two");
    }

    #[test]
    fn lines_may_break_between_japanese_characters_but_not_before_closing_punctuation() {
        // `|` marks where a line may break.
        for (text, marked) in [
            ("Sign and send a move (no server)", "Sign and send a move (no server)"),
            ("手を送る。", "手|を|送|る。"),
            ("（詳しく）ボード", "（詳|し|く）|ボー|ド"),
            ("48時間、APIトークン", "48時|間、|API|トー|ク|ン"),
            ("`--json` を付ける", "`--json` を|付|け|る"),
        ] {
            assert_eq!(breakable(text), marked.replace('|', BREAK), "{text}");
        }
    }

    #[test]
    fn clap_wraps_japanese_where_it_is_marked() {
        let text = "テキストの代わりにサーバーの応答を出力する。対局が終わると終了する。";
        let page = |about: String| {
            let mut command = Command::new("t").about(about).term_width(24).help_template("{about}");
            command.render_help().to_string()
        };
        let wrapped = page(breakable(text));
        assert!(wrapped.lines().count() > 2, "{wrapped}");
        for line in wrapped.lines() {
            let width: usize = line.chars().filter_map(UnicodeWidthChar::width).sum();
            assert!(width <= 24, "{width} columns: {line}");
        }
        assert_eq!(wrapped.replace('\n', ""), text, "the marks leave no trace");
        assert_eq!(page(text.to_owned()).lines().count(), 1, "unmarked, clap does not wrap it at all");
    }
}
