# The help of the tegami command line (`tegami --help`, `tegami <command> -h`), applied by cli/src/help.rs.
# Ids follow the command tree: cli-help-<path>-about, -long-about, -after (after -h and --help), -after-long
# (after --help only), cli-help-<path>-arg-<argument> and -long, where <path> is `tegami` for the command itself
# and the subcommands' names joined by `-` otherwise; cli-help-global-<option> for the options every command
# takes. Command names, options, value names, variables, file names and example command lines stay as typed.

## The words clap writes around the texts
cli-help-heading-usage = Usage
cli-help-heading-commands = Commands
cli-help-heading-arguments = Arguments
cli-help-heading-options = Options
cli-help-heading-global-options = Global options
cli-help-flag-help = Print help
cli-help-flag-help-more = Print help (see more with '--help')
cli-help-flag-help-summary = Print help (see a summary with '-h')
cli-help-flag-version = Print version
cli-help-help-about = Print this message or the help of the given subcommand(s)

## tegami
cli-help-tegami-about = tegami: play board games by email and from the shell
-cli-help-tegami-examples =
    Examples:
      tegami register --email alice@example.com --name Alice
      tegami types
      tegami rules <game>
      tegami new <game> --seat me --seat bot
      tegami games
      tegami show 12 --lang ja
      tegami moves 12
      tegami play 12 <move>
      tegami log 12 --json > journal.json && tegami verify --file journal.json

    Exit codes: 0 ok, 1 local failure, 2 usage error, 3 refused by the server, 4 network or server failure, 5 verification failed, 6 not logged in, 7 game over and 8 timed out (`wait`), 9 nothing to verify (`verify`).
cli-help-tegami-after =
    { -cli-help-tegami-examples }

    With --json, commands print the server's JSON response instead of text (see --help).
cli-help-tegami-after-long =
    { -cli-help-tegami-examples }

    JSON output (--json): the server's response, pretty-printed with sorted keys; the types are those of the REST API (shared/src/api_types.rs, the server's openapi.yaml).
      register, login, whoami    Account
      token create               CreatedToken (the secret included)
      token list                 [ApiToken]
      token revoke               {"{"}"revoked": <id>{"}"}
      types [game]               [GameType], or one GameType
      rules <game>               GameRules {"{"}slug, lang, markdown{"}"} (no server)
      games                      [GameSummary]
      new, join, show            GameDetail
      moves                      [LegalMoves]
      play, resign               MoveAccepted (with --print-signed: the JWS)
      log                        JournalListing (what `verify --file` reads)
      watch                      one compact GameDetail per line, per change
      verify                     {"{"}game, slug, ok, checks, failures, result?{"}"}
      logout                     {"{"}"logged_out", "signed_out", "tokens_revoked"{"}"}
      sessions                   [SessionInfo]
      sessions revoke            {"{"}"revoked": "<id>"{"}"}
      password change            SessionsRevoked (other sessions signed out)
      password reset             {"{"}"requested": "<email>"{"}"} or {"{"}"reset": true{"}"}
      account export             AccountExport
      account delete             {"{"}"deleted": true{"}"}
      mail-address add           MailAddress
      mail-address list          [MailAddress]
      mail-address remove        {"{"}"removed": <id>{"}"}
    Messages and errors go to stderr.

## The options every command takes
cli-help-global-server = The tegami server [env: TEGAMI_SERVER] [default: `server` in config.toml, else the server of the last login, else http://127.0.0.1:8080]
cli-help-global-config-dir = Directory of the session, the signing key and config.toml [env: TEGAMI_CONFIG_DIR] [default: $XDG_CONFIG_HOME/tegami or ~/.config/tegami]
cli-help-global-lang = Language of messages, boards, prompts, events and help: `en` or `ja` [env: TEGAMI_LANG] [default: `lang` in config.toml, else en]
cli-help-global-width = Width of the text in columns: boards, headers, the journal, help [env: TEGAMI_WIDTH] [default: $COLUMNS, else 80]
cli-help-global-region = Draw only part of a large board, in the game's terms (suriagehara: two corner hexes, `0305-1012`) [env: TEGAMI_REGION]
cli-help-global-json = Print the server's JSON instead of text [env: TEGAMI_JSON, any of 1, true, yes, on (or 0, false, no, off)]
cli-help-global-token = Use this API token instead of the session of `tegami login` [env: TEGAMI_TOKEN]

## Accounts
cli-help-register-about = Create an account, then log in
cli-help-register-after =
    Examples:
      tegami register --email alice@example.com --name Alice
      printf 'correct horse\n' |
        tegami register --email alice@example.com --name Alice --password-stdin
cli-help-register-arg-email = Your email address: you log in with it, and turn emails go to it
cli-help-register-arg-name = Your display name, as other players see it
cli-help-register-arg-password-stdin = Read the password from the first line of stdin instead of prompting

cli-help-login-about = Log in, and register this machine's signing key with the server
cli-help-login-after =
    The first login creates an Ed25519 key pair in the config directory (mode 0600) and registers its public key; every move you play is signed with it.

    Examples:
      tegami login --email alice@example.com
      tegami --server https://tegami.example login --email alice@example.com
      printf 'correct horse\n' |
        tegami login --email alice@example.com --password-stdin
cli-help-login-arg-email = Your account's email address
cli-help-login-arg-password-stdin = Read the password from the first line of stdin instead of prompting

cli-help-logout-about = Sign out: the server ends the session of `tegami login`, and it is forgotten here (the signing key is kept)
cli-help-logout-after =
    With `--everywhere` every session of your account ends, on every machine. API tokens stay, unless `--tokens` revokes them too (or revoke one with `tegami token revoke`).

    Examples:
      tegami logout
      tegami logout --everywhere
      tegami logout --everywhere --tokens
cli-help-logout-arg-everywhere = End every session of your account, not only this one
cli-help-logout-arg-tokens = With `--everywhere`: revoke every API token of the account too (scripts using one stop working, and webhooks set up with one stop)

cli-help-sessions-about = List your signed-in sessions, or sign one out
cli-help-sessions-after =
    Examples:
      tegami sessions
      tegami sessions revoke 3f2a…
cli-help-sessions-revoke-about = Sign one session out: its token stops working at once
cli-help-sessions-revoke-after =
    Examples:
      tegami sessions revoke 3f2a…
cli-help-sessions-revoke-arg-id = The session's id, as `tegami sessions` shows it

cli-help-password-about = Change your password, or reset a forgotten one by email
cli-help-password-change-about = Change your password (asks for the current one); your other sessions are signed out
cli-help-password-change-after =
    With `--password-stdin` the first line of stdin is the current password and the second the new one.

    Examples:
      tegami password change
      printf 'old password\nnew password\n' |
        tegami password change --password-stdin
cli-help-password-change-arg-password-stdin = Read both passwords from stdin instead of prompting
cli-help-password-reset-about = Reset a forgotten password: `--email` mails you a token, `--token` sets the new password with it
cli-help-password-reset-after =
    The token works once, for a limited time (an hour by default); setting the new password signs out every session.

    Examples:
      tegami password reset --email alice@example.com
      tegami password reset --token 7d0c…
      printf 'new password\n' |
        tegami password reset --token 7d0c… --password-stdin
cli-help-password-reset-arg-email = Email a reset token to this address
cli-help-password-reset-arg-token = Set a new password with the emailed token
cli-help-password-reset-arg-password-stdin = With `--token`: read the new password from the first line of stdin instead of prompting

cli-help-account-about = Export everything the server holds about you, or delete your account
cli-help-account-delete-about = Delete your account: running games count as resigned, your name in past games becomes "deleted player N", every session and token stops working
cli-help-account-delete-after =
    Asks for confirmation (skip it with `--yes`) and for your password.

    Examples:
      tegami account delete
      printf 'my password\n' | tegami account delete --yes --password-stdin
cli-help-account-delete-arg-yes = Do not ask for confirmation
cli-help-account-delete-arg-password-stdin = Read the password from the first line of stdin instead of prompting
cli-help-account-export-about = Write everything the server holds about you as JSON (no secrets)
cli-help-account-export-after =
    Examples:
      tegami account export > my-tegami.json
      tegami account export -o my-tegami.json
cli-help-account-export-arg-output = Write here instead of stdout (created with mode 0600)

cli-help-whoami-about = Show the account you are logged in as
cli-help-whoami-after =
    Examples:
      tegami whoami
      tegami whoami --json

## Email
cli-help-notify-about = Show or set how often you get turn emails, and their language
cli-help-notify-after =
    Examples:
      tegami notify
      tegami notify daily-digest
      tegami notify every-turn --mail-lang ja
      tegami notify --turn-email always
      tegami notify --talk-email table-and-private
      tegami notify none
cli-help-notify-arg-how = every-turn, daily-digest or none; without it, shows the current setting
cli-help-notify-arg-mail-lang = The language of your emails, by its code
cli-help-notify-arg-turn-email = unless-seen: a turn email waits a moment and is not sent if you answered meanwhile or have the game open on a page; always: every turn email at once
cli-help-notify-arg-talk-email = Which messages at a table email you on their own: off, private-only or table-and-private (every turn email carries the messages since your last email anyway)

cli-help-vacation-about = Show or set when you are away: your deadlines stand still until then
cli-help-vacation-after =
    Examples:
      tegami vacation
      tegami vacation --until 2026-12-24
      tegami vacation --until 2026-12-24T18:00:00Z
      tegami vacation --back
cli-help-vacation-arg-until = Away until this day (YYYY-MM-DD, midnight UTC) or time (RFC 3339)
cli-help-vacation-arg-back = I am back: deadlines run again

cli-help-resend-verification-about = Email a new link that proves your address (needed for invited seats where the server asks for it)
cli-help-resend-verification-after =
    Examples:
      tegami resend-verification

cli-help-mail-address-about = Manage further addresses you send email replies from (each proved by a link emailed to it)
cli-help-mail-address-add-about = Add an address you send email replies from; a link that proves it is emailed there
cli-help-mail-address-add-after =
    Until the link is opened (within 48 hours), replies from the address are refused and you are told at your account's address. Adding a pending address again sends a new link. At most 5 added addresses.

    Examples:
      tegami mail-address add alice@work.example.com
cli-help-mail-address-add-arg-address = The address, as your mail program sends from it
cli-help-mail-address-list-about = List your added addresses, proved or pending
cli-help-mail-address-list-after =
    Examples:
      tegami mail-address list
      tegami mail-address list --json
cli-help-mail-address-remove-about = Remove an added address: replies from it stop moving for you at once
cli-help-mail-address-remove-after =
    Examples:
      tegami mail-address remove alice@work.example.com
      tegami mail-address remove 3
cli-help-mail-address-remove-arg-address = The address, or its id as `tegami mail-address list` shows it

## API tokens
cli-help-token-about = Manage API tokens for scripts (use one with `--token` or TEGAMI_TOKEN)
cli-help-token-create-about = Create a token; its secret is printed once, on stdout
cli-help-token-create-after =
    Examples:
      tegami token create ci
      export TEGAMI_TOKEN=$(tegami token create ci)
cli-help-token-create-arg-name = A name to recognise it by
cli-help-token-list-about = List your tokens
cli-help-token-list-after =
    Examples:
      tegami token list
cli-help-token-revoke-about = Revoke a token
cli-help-token-revoke-after =
    Examples:
      tegami token revoke 3
cli-help-token-revoke-arg-id = The token's id, as `tegami token list` shows it

## Games on offer, their rules, lists of games
cli-help-types-about = List the games this server offers
cli-help-types-after =
    Examples:
      tegami types
      tegami types <game>
      tegami types --lang ja
cli-help-types-arg-game = Show one game in detail: what it is and its default options

cli-help-rules-about = Print the rules of a game (no server needed)
cli-help-rules-after =
    Prose is rewrapped to --width (default: the terminal's); tables and examples are kept as written. Each game's rules end with the readings tegami plays where the original rulebook can be read two ways.

    Examples:
      tegami rules shidouban
      tegami rules shidouban --lang ja --width 72
      tegami rules senbat | less
      tegami rules uosao --markdown > uosao.md
cli-help-rules-arg-game = The game, by slug
cli-help-rules-arg-markdown = Print the Markdown source as it is, without rewrapping

cli-help-games-about = List the games you play in
cli-help-games-after =
    Examples:
      tegami games
      tegami games --status active
      tegami games --json
cli-help-games-arg-status = Only games in this state
cli-help-games-arg-game = Only games of this type (a slug, see `tegami types`)
cli-help-games-arg-after = Games older than this id (the last id of the previous page)
cli-help-games-arg-limit = Games per page, 1 to 50

cli-help-lobby-about = List listed games with an open seat, to join (no login needed)
cli-help-lobby-after =
    Examples:
      tegami lobby
      tegami lobby --game uosao --players 3
      tegami lobby --time-limit 24 --language ja --rated true
      tegami lobby --time-limit none
cli-help-lobby-arg-game = Only games of this type (a slug, see `tegami types`)
cli-help-lobby-arg-players = Only games for this many players
cli-help-lobby-arg-time-limit = Only games with this time limit per decision, in hours, or `none`
cli-help-lobby-arg-language = Only games whose creator reads this language
cli-help-lobby-arg-rated = Only rated (true) or unrated (false) games
cli-help-lobby-arg-after = Games older than this id (the previous page's last)
cli-help-lobby-arg-limit = Games per page, 1 to 50

cli-help-archive-about = List finished games, newest first, with their results (no login needed)
cli-help-archive-after =
    Examples:
      tegami archive
      tegami archive --game uosao --player 7
      tegami archive --after 120
cli-help-archive-arg-player = Only games this player (an account id) played
cli-help-archive-arg-game = Only games of this type (a slug, see `tegami types`)
cli-help-archive-arg-after = Games older than this id (the previous page's last)
cli-help-archive-arg-limit = Games per page, 1 to 50

cli-help-leaderboard-about = The best-rated players of a game, each rating with its uncertainty
cli-help-leaderboard-after =
    Examples:
      tegami leaderboard uosao
      tegami leaderboard uosao --min-games 5
cli-help-leaderboard-arg-game = The game, by slug
cli-help-leaderboard-arg-min-games = Only players with at least this many rated games

cli-help-profile-about = A player's page (games played and won, current games, ratings), or make yours public or private
cli-help-profile-after =
    Examples:
      tegami profile
      tegami profile 7
      tegami profile --private
cli-help-profile-arg-player = The player's account id (default: you)
cli-help-profile-arg-public = Let others see your profile, find your games by you and see you on leaderboards
cli-help-profile-arg-private = Keep your profile to yourself

## Playing
cli-help-new-about = Create a game
cli-help-new-after =
    Seats are given in seat order (seat 0 first): `me`, `bot`, `open` (anyone may join) or `invite:<email>` (kept for that address). Options are the game's own (see `tegami types <game>`); `-o key=value` takes a JSON value or a plain string and may be repeated.

    Examples:
      tegami new <game> --seat me --seat bot
      tegami new <game> --seat me --seat invite:bob@example.com --seat open
      tegami new <game> --seat me --seat bot --options '{"{"}"key": 3{"}"}'
      tegami new <game> --seat me --seat bot -o key=3
cli-help-new-arg-game = The game, by slug (see `tegami types`)
cli-help-new-arg-seats = A seat, in seat order: `me`, `bot` (random answers), `bot:easy`, `bot:normal`, `bot:hard` (bots that search), `open` or `invite:<email>`
cli-help-new-arg-options = The game's options as a JSON object
cli-help-new-arg-option = One option, `key=value` (value as JSON, else as a string); applied over `--options`
cli-help-new-arg-deadline = Time limit of each decision in hours, or `none` for no limit [default: 72]
cli-help-new-arg-on-timeout = What a missed deadline does where the rules give no default answer: `forfeit` (the player resigns) or `skip` (the server plays a random legal answer for them) [default: forfeit]
cli-help-new-arg-unrated = Leave the players' ratings alone whatever the result (a game with a bot is never rated)
cli-help-new-arg-unlisted = Keep the game out of the public lobby: its seats are taken by invitation or by its link
cli-help-new-arg-no-mail-pictures = Leave the board picture out of this game's emails (they show the board as text only, and stay light)

cli-help-join-about = Take a seat in a game
cli-help-join-after =
    By default you take the seat kept for your address, else the first open seat.

    Examples:
      tegami join 12
      tegami join 12 --seat 2
cli-help-join-arg-game = The game's id
cli-help-join-arg-seat = The seat to take, numbered as `tegami show` lists them (0 is the first seat)

cli-help-show-about = Show a game: seats, whose turn, the board as you see it, the result
cli-help-show-after =
    Examples:
      tegami show 12
      tegami show 12 --lang ja --width 100
      tegami show 12 --json
      tegami show 12 --at 7
cli-help-show-arg-game = The game's id (see `tegami games`)
cli-help-show-arg-at = Show the game just after this journal entry (0 to the last; see `tegami log`), as you could see it then

cli-help-replay-about = Step through a game entry by entry, as you could see it then, or print the steps
cli-help-replay-after =
    In a terminal, ← and → step back and forth, Home and End jump to the ends, q quits.

    With --print (or when not in a terminal) every step from --from to --to is printed.

    Examples:
      tegami replay 12
      tegami replay 12 --from 40
      tegami replay 12 --print --from 3 --to 5
      tegami replay 12 --print --json
cli-help-replay-arg-game = The game's id (see `tegami games`)
cli-help-replay-arg-from = The first entry to show (default 0)
cli-help-replay-arg-to = The last entry to print with --print (default: the game's last)
cli-help-replay-arg-print = Print every step instead of stepping with the keys

cli-help-moves-about = List your pending decisions and their legal answers
cli-help-moves-after =
    Examples:
      tegami moves 12
      tegami moves 12 --json
cli-help-moves-arg-game = The game's id (see `tegami games`)

cli-help-play-about = Sign and send a move
cli-help-play-after =
    The move is typed in the game's notation (see `tegami moves <game>`); all remaining arguments are joined with spaces. With `--print-signed` the signed move is printed instead of sent, to paste into an email reply.

    Examples:
      tegami play 12 <move>
      tegami play 12 --decision d7 <move>
      tegami play 12 <move> --show
      tegami play 12 <move> --print-signed
      tegami play 12 --raw '{"{"}"json": "form"{"}"}'
cli-help-play-arg-game = The game's id
cli-help-play-arg-words = The move in the game's notation (the remaining arguments, joined with spaces)
cli-help-play-arg-decision = Which of your pending decisions this answers (needed when you have several)
cli-help-play-arg-print-signed = Print the signed move instead of sending it
cli-help-play-arg-show = Print the board after the move
cli-help-play-arg-raw = The move is the action's JSON form, not notation

cli-help-log-about = Show the journal of a game as you may read it
cli-help-log-after =
    Examples:
      tegami log 12
      tegami log 12 --json > journal.json  # read by `tegami verify --file`
cli-help-log-arg-game = The game's id (see `tegami games`)

cli-help-say-about = Write at a game's table, or privately to one seat where the game allows it
cli-help-say-after =
    All remaining arguments are joined with spaces. `show`, `watch` and `log` print the messages you may read.

    Examples:
      tegami say 12 good luck, everyone
      tegami say 12 --to 2 shall we trade?
cli-help-say-arg-game = The game's id
cli-help-say-arg-words = The message (the remaining arguments, joined with spaces)
cli-help-say-arg-to = Write privately to this seat (where the game's creator allows private messages)

cli-help-note-about = Show, replace or clear your private note on a game (nobody else reads it)
cli-help-note-after =
    Examples:
      tegami note 12
      tegami note 12 bob bluffs with low tiles
      tegami note 12 --clear
cli-help-note-arg-game = The game's id
cli-help-note-arg-words = The new note (the remaining arguments, joined with spaces); without it the note is shown
cli-help-note-arg-clear = Remove the note

cli-help-follow-about = Show or choose how you are told of a game's moves between your turns
cli-help-follow-after =
    off: only when a decision is yours (the default); email: an email for every move; digest: every move in your daily digest.

    Examples:
      tegami follow 12
      tegami follow 12 email
      tegami follow 12 off
cli-help-follow-arg-game = The game's id
cli-help-follow-arg-how = off, email or digest; without it, shows the current choice

cli-help-resign-about = Leave a game (counts as last place)
cli-help-resign-after =
    Examples:
      tegami resign 12
      tegami resign 12 --yes
cli-help-resign-arg-game = The game's id
cli-help-resign-arg-yes = Do not ask for confirmation

cli-help-watch-about = Follow a game: print the board and what happened whenever it changes
cli-help-watch-after =
    Follows the server's event stream; against an older server it polls every `--interval` seconds. Exits 0 when the game is finished, or with `--until-my-turn` as soon as a decision is yours.

    Examples:
      tegami watch 12
      tegami watch 12 --interval 30 --until-my-turn && tegami moves 12
cli-help-watch-arg-game = The game's id
cli-help-watch-arg-interval = Seconds between polls, when the server has no event stream
cli-help-watch-arg-until-my-turn = Exit as soon as a decision is yours

cli-help-wait-about = Block until a decision is yours (in GAME, or in any of your games), then show that game
cli-help-wait-after =
    Follows the server's event stream (polls an older server). Exit codes: 0 a decision is yours (the game is printed, as `tegami show` or with `--json` as JSON), 7 the game is over (without GAME: none of yours is still running), 8 `--timeout` passed.

    Examples:
      tegami wait 12 && tegami moves 12
      tegami wait --timeout 3600 --json
      while tegami wait 12; do tegami play 12 <move>; done
cli-help-wait-arg-game = The game's id; without it, any of your games
cli-help-wait-arg-timeout = Give up after this many seconds (exit 8)

cli-help-verify-about = Check a finished game: hash chain, seed, dice (by replay) and every signature
cli-help-verify-after =
    Exits 5 when anything does not check out (tampering), 9 when there is nothing to verify: the game is not finished yet, or the file is not a journal.

    Examples:
      tegami verify 12
      tegami log 12 --json > journal.json && tegami verify --file journal.json
cli-help-verify-arg-game = The game's id (its journal is fetched)
cli-help-verify-arg-file = A saved journal (`tegami log <game> --json > FILE`) instead of fetching one
cli-help-verify-arg-head-hash = A `head_hash` you noted earlier (`tegami show <game> --json`): the journal must hold that entry, so that nothing up to it was dropped, changed or rewritten since it was shown to you

cli-help-completions-about = Print a shell completion script
cli-help-completions-after =
    Examples:
      tegami completions bash > ~/.local/share/bash-completion/completions/tegami
      tegami completions zsh > ~/.zfunc/_tegami
      tegami completions fish > ~/.config/fish/completions/tegami.fish
cli-help-completions-arg-shell = The shell to complete in
