# The tegami command-line client: every message it prints to a player (its help is in cli_help.ftl).

## Game states and seats
cli-status-waiting = waiting
cli-status-active = active
cli-status-finished = finished
cli-seat-bot = bot
cli-seat-open = (open)
cli-seat-invited = (invited)
cli-seat-invited-email = (invited: { $email })
cli-seat-number = P{ $number }
cli-someone = someone
cli-list-separator = {", "}

## Listings
cli-games-head-id = ID
cli-games-head-game = GAME
cli-games-head-status = STATUS
cli-games-head-players = PLAYERS
cli-games-head-turn = TURN
cli-games-your-turn = YOUR TURN
cli-types-head-players = PLAYERS
cli-types-head-name = NAME
cli-types-rules-hint = the rules of a game: `tegami rules <game>`
cli-type-title = { $name } ({ $slug }), { $min }-{ $max } players
cli-type-default-options = default options: { $options }
cli-type-rules = rules: `tegami rules { $slug }`
cli-type-rules-url = rules: `tegami rules { $slug }`, or { $url }

## The header of a game
cli-header-title = game { $id }: { $name } ({ $slug }), { $status }
cli-header-seat = seat
cli-header-you = { $name } (you)
cli-header-no-time-limit = no time limit
cli-header-time-limit = time limit: { $hours } h per decision; a missed one { $policy ->
    [forfeit] forfeits
   *[skip] is skipped (the server plays a random legal answer)
}, unless the rules name a default
cli-header-waiting-for-seats = waiting for players to take seat { $seats }
cli-header-waiting-for = waiting for: { $who }
cli-header-waiting-one = { $who } ({ $kind })
cli-header-your-turn = your turn [{ $decision }]: { $prompt }
cli-header-due = due by { $deadline }

## Results and moves
cli-result = result: { $summary }
cli-result-head-rank = RANK
cli-result-head-seat = SEAT
cli-result-head-player = PLAYER
cli-result-head-score = SCORE
cli-result-out = (out)
cli-moves-examples = examples:
cli-moves-answer = answer with `tegami play { $game } <move>`
cli-moves-answer-decision = answer with `tegami play { $game } --decision <id> <move>`

## The journal
cli-log-hidden = (hidden)
cli-log-server = server
cli-log-created = created { $slug } for { $seats } seats (journal format { $format })
cli-log-by-server = { $action } (by the server)
cli-log-by-email = { $action } (by email)
cli-log-resigned = resigned
cli-log-timed-out = timed out: { $action }
cli-log-timed-out-forfeited = timed out and forfeited
cli-log-revealed = revealed the seed
cli-log-operator = operator { $operator }
cli-log-ended-abandoned = ended the game as abandoned: { $reason }
cli-log-ended-adjudicated = ended the game by adjudication (places by seat: { $places }): { $reason }
cli-log-withheld = answered (who answered is kept secret)
cli-log-told-to = told to { $who }: { $event }

## Settings, login and passwords
cli-config-bad-lang = in `{ $file }`: unknown language `{ $lang }`; use one of { $known }
cli-not-logged-in = not logged in; run `tegami login --email <email>`
cli-not-logged-in-here = not logged in to `{ $server }` (only to `{ $other }`); run `tegami login` or pass `--server { $other }`
cli-no-game = no game `{ $game }`; run `tegami games` to list yours
cli-stdin-unreadable = cannot read stdin: { $error }
cli-password-unreadable = cannot read a password from the terminal ({ $error }); use `--password-stdin`
cli-password-prompt = password:
cli-password-again = password again:
cli-passwords-differ = the passwords differ; try again
cli-password-empty = the password is empty

## Talking to the server
cli-answer-unexpected = the server's answer is not what this tegami expects ({ $error }); are client and server the same version?
cli-http-setup = cannot set up the HTTP client: { $error }
cli-answer-html = `{ $server }` answered with a web page, not the tegami API; is it a tegami server? (set it with `--server` or TEGAMI_SERVER)
cli-answer-not-json = `{ $server }` answered with something that is not JSON ({ $error }); is it a tegami server?
cli-answer-html-page = the server answered { $status } ({ $reason }) with a web page, not a tegami answer; is it a tegami server? (set it with `--server` or TEGAMI_SERVER)
cli-net-timed-out = timed out
cli-net-connect-failed = connection failed
cli-net-failed = request failed
cli-bad-server-url = `{ $server }` is not a usable server URL; use e.g. `http://127.0.0.1:8080`
cli-unreachable = cannot reach `{ $server }`: { $what } ({ $cause }); is the server running? (set it with `--server` or TEGAMI_SERVER)
cli-server-failed = the server failed ({ $status }): { $detail }
cli-server-unexpected = unexpected answer from the server ({ $status }): { $detail }
cli-credentials-refused = your session or token was refused ({ $detail }); run `tegami login`
cli-not-logged-in-server = you are not logged in ({ $detail }); run `tegami login`
cli-email-unverified = this seat is kept for your address, which is not proved yet: open the link emailed to you at registration
cli-email-unverified-help = run `tegami resend-verification` for a new link, open it, then try again

## Errors
cli-error = error: { $message }
cli-error-allowed = allowed now:
cli-error-help = help: { $help }

## Verifying a game
cli-verify-what = give a game or `--file <journal.json>`
cli-verify-unfinished = game `{ $game }` is not finished: there is nothing to verify until its seed is revealed
cli-verify-failed = game `{ $game }` failed verification ({ $count ->
    [one] { $count } problem
   *[other] { $count } problems
})
cli-file-unreadable = cannot read `{ $file }`: { $error }
cli-verify-not-a-journal = `{ $file }` is not a journal ({ $error }); save one with `tegami log <game> --json > { $file }`
cli-verify-title = game { $game } ({ $slug }, journal format { $format })
cli-verify-ok = ok
cli-verify-failed-mark = FAILED
cli-verified = verified
cli-not-verified = NOT verified

## Games: listing, creating, joining, moving
cli-games-none = { $status ->
    [waiting] no waiting games
    [active] no active games
    [finished] no finished games
   *[any] no games
}; start one with `tegami new <game> --seat me --seat bot` (see `tegami types`)
cli-join-help = run `tegami show { $game }` to see its seats
cli-joined = joined game `{ $game }`
cli-joined-seat = joined game `{ $game }` at seat { $seat }
cli-new-help = run `tegami types` to list the games, `tegami types { $game }` for its options
cli-created = created game `{ $game }`
cli-created-see = see it with `tegami show { $game }`
cli-options-not-object = `--options` must be a JSON object to combine with `-o`
cli-moves-none = no decision is yours in game `{ $game }` now; run `tegami watch { $game } --until-my-turn` to wait for one
cli-watch-not-yours = no seat in game `{ $game }` is yours, and none is left to take: nothing will ever be asked of you there
cli-watch-not-yours-help = follow it without `--until-my-turn`, or run `tegami games` to list yours
cli-watch-no-seat-yet = you have no seat in game `{ $game }` yet; take one with `tegami join { $game }` (waiting)
cli-play-raw-not-json = `{ $text }` is not JSON ({ $error }); drop `--raw` to type notation
cli-play-no-key = no signing key in `{ $dir }`; run `tegami login` to create and register one
cli-play-help-key = if your signing key is not registered, run `tegami login`
cli-play-help-pending = run `tegami show { $game }` to see what is pending now
cli-play-help-moves = run `tegami moves { $game }` to list the legal moves
cli-play-help-notation = run `tegami moves { $game }` for the prompt and the notation
cli-play-duplicate = this move was already accepted (entry { $entry })
cli-play-not-a-player = you do not play in game `{ $game }`
cli-play-not-a-player-help = take a seat with `tegami join { $game }`
cli-play-not-started = game `{ $game }` has not started: seats are still open
cli-play-not-started-help = run `tegami show { $game }` to see who is missing
cli-play-over = game `{ $game }` is over
cli-play-over-help = run `tegami show { $game }` for the result
cli-play-not-your-decision = decision `{ $decision }` is not yours to answer in game `{ $game }` now
cli-play-yours-now = yours now: { $decisions }
cli-play-not-your-turn = it is not your turn in game `{ $game }`
cli-play-not-your-turn-help = run `tegami watch { $game } --until-my-turn` to wait for it
cli-play-several = you have { $count } decisions pending in game `{ $game }`; choose one with `--decision <id>`: { $decisions }
cli-play-unknown-game = this tegami was built without the game `{ $slug }`; type the move's JSON form with `--raw`
cli-play-view-mismatch = the server's view of the game does not fit this tegami ({ $error }); are client and server the same version?
cli-play-game-over = game `{ $game }` is over; run `tegami show { $game }` for the result
cli-play-again = your turn again: run `tegami moves { $game }`

## Waiting, game types, rules, resigning
cli-wait-timed-out-game = nothing asked of you in game { $game } within { $secs } s; run `tegami wait { $game }` again
cli-wait-timed-out = nothing asked of you within { $secs } s; run `tegami wait` again
cli-wait-game-over = game { $game } is over; `tegami show { $game }` shows the result
cli-wait-not-a-player = you do not play in game { $game }; nothing will be asked of you
cli-wait-not-a-player-help = run `tegami games` to list yours
cli-wait-none-running = none of your games is still running; start one with `tegami new`
cli-types-none = this server offers no games
cli-types-unknown-none = no game type `{ $slug }`; this server offers no games
cli-types-unknown = no game type `{ $slug }`; this server offers: { $known }
cli-rules-none = no rules built in for `{ $slug }`; see `tegami types`
cli-resign-confirm = resign from game `{ $game }`? this cannot be undone [y/N]
cli-resign-cancelled = not resigned; pass `--yes` to resign without being asked
cli-resign-help = run `tegami show { $game }`
cli-resigned = you resigned from game `{ $game }`

## Accounts
cli-register-help = if the account exists, log in with `tegami login --email { $email }`
cli-registered = registered `{ $email }` as { $name }
cli-login-wrong = wrong email or password for `{ $email }`
cli-login-wrong-help = create an account with `tegami register --email { $email } --name <name>`
cli-logged-in = logged in to `{ $server }` as { $name } <{ $email }>
cli-key-created = created signing key `{ $key }` in `{ $path }`
cli-key-not-registered = the signing key in `{ $path }` could not be registered; each account needs its own `--config-dir`
cli-key-registered = registered signing key `{ $key }`
cli-logout-kept = the session is still stored here; retry, or delete it with `--config-dir`
cli-logout-everywhere = signed out { $count ->
    [one] { $count } session
   *[other] { $count } sessions
} on `{ $server }`, this one included
cli-logout-tokens = revoked { $count ->
    [one] { $count } API token
   *[other] { $count } API tokens
}
cli-logged-out = logged out of `{ $server }`
cli-logout-not-logged-in = not logged in
cli-notify-settings = turn emails: { $how }
    email language: { $lang }
    when a turn email goes out: { $turn }
    messages that email on their own: { $talk }
cli-vacation-away = away until { $until }: your deadlines stand still until then
cli-vacation-back = not away: your deadlines run
cli-verification-sent = a new verification link is on its way; open it to prove your address
cli-file-unwritable = cannot write `{ $file }`: { $error }
cli-account-exported = wrote your data to `{ $file }`
cli-account-delete-confirm = delete your account? running games count as resigned and this cannot be undone [y/N]
cli-account-delete-cancelled = not deleted; pass `--yes` to delete without being asked
cli-account-deleted = account deleted; you were signed out everywhere
cli-password-change-prompt = current password, then the new one twice
cli-password-changed = password changed; { $count ->
    [one] { $count } other session
   *[other] { $count } other sessions
} signed out
cli-password-reset-sent = if `{ $email }` has an account, a reset token is on its way; then run `tegami password reset --token <token>`
cli-password-reset-what = give `--email <email>` or `--token <token>`
cli-password-reset-help = ask for a new token with `tegami password reset --email <email>`
cli-password-reset-done = password set; every session was signed out: log in with `tegami login --email <email>`
cli-whoami = { $name } <{ $email }> (account { $account }) on `{ $server }`
cli-whoami-key = signing key `{ $key }`

## Sessions, tokens, addresses
cli-sessions-none = no sessions (API tokens are listed by `tegami token list`)
cli-sessions-unknown = you have no session `{ $id }`; run `tegami sessions` to list them
cli-sessions-revoked = signed out session `{ $id }`
cli-sessions-head-signed-in = SIGNED IN
cli-sessions-head-last-used = LAST USED
cli-sessions-head-ends = ENDS UNLESS USED
cli-sessions-head-from = FROM
cli-sessions-head-client = CLIENT
cli-sessions-this-one = { $id } (this one)
cli-token-created = created token `{ $name }` (id { $id }); it is shown only once: use it with `--token` or TEGAMI_TOKEN
cli-token-none = no tokens; create one with `tegami token create <name>`
cli-token-unknown = no token `{ $id }`; run `tegami token list` to list yours
cli-token-revoked = revoked token `{ $id }`
cli-token-head-created = CREATED
cli-token-never = never
cli-address-added = a link to prove `{ $address }` was emailed to it: open it (within 48 hours) and replies from that address move for you
cli-address-none = no added addresses; replies move for you only from your account's address (add another with `tegami mail-address add <address>`)
cli-address-unknown = no added address `{ $address }`; run `tegami mail-address list` to list yours
cli-address-removed = removed `{ $address }`: replies from it no longer move for you
cli-address-head-address = ADDRESS
cli-address-head-added = ADDED
cli-address-proved = proved
cli-address-pending = pending (open the emailed link)

## Files and the event stream
cli-config-no-home = cannot find a home directory ({ $error }); pass `--config-dir`
cli-session-unreadable = cannot read `{ $file }`: { $error }; delete it and run `tegami login`
cli-file-unremovable = cannot remove `{ $file }`: { $error }
cli-key-unreadable = cannot read the signing key `{ $file }`: { $error }
cli-key-exists = `{ $file }` exists already; not replacing it
cli-dir-uncreatable = cannot create `{ $file }`: { $error }
cli-feed-closed = the event stream closed before it started; try again
cli-feed-stopped = the event stream stopped; try again
cli-feed-unreadable = the server sent an event this tegami cannot read ({ $error }); are client and server the same version?
cli-feed-gone = the server no longer offers event streams

## The command line's values
cli-arg-timeout-policy = `{ $value }` is not a timeout policy; use `forfeit` or `skip`
cli-arg-deadline = `{ $value }` is not a deadline; give hours from 1 to 8760, or `none`
cli-arg-until = `{ $value }` is not a day or time; write `2026-12-24` or `2026-12-24T18:00:00Z`
cli-arg-head-hash = a head hash is 64 hexadecimal characters (`head_hash` of `tegami show <game> --json`)
cli-arg-seat-email = `{ $email }` is not an email address; use `invite:name@example.com`
cli-arg-seat = unknown seat `{ $value }`; use `me`, `bot`, `bot:easy`, `bot:normal`, `bot:hard`, `open` or `invite:<email>`
cli-arg-not-json = not JSON: { $error }
cli-arg-options-object = options must be a JSON object, e.g. '{"{"}"key": 3{"}"}'
cli-arg-option = `{ $value }` is not `key=value`
cli-arg-option-key = `{ $value }` has no key; use `key=value`
cli-env-bad = { $variable } is `{ $value }`; use one of: { $allowed }
cli-verify-head = the journal holds the head you noted (entry { $entry })
cli-verify-no-head = the journal does not hold the head { $head } you noted
cli-verify-empty = the journal is empty
cli-verify-other-slug = entry 0 creates `{ $slug }`, the listing says `{ $listed }`
cli-verify-other-commitment = entry 0 commits to another seed than the listing says
cli-verify-no-create = entry 0 does not create the game
cli-verify-other-format = entry 0 creates a game in journal format { $format }, the listing says format { $listed }
cli-verify-sequence = entry { $entry }: out of sequence (expected { $expected })
cli-verify-broken-chain = entry { $entry }: does not follow the previous entry (broken hash chain)
cli-verify-entry = entry { $entry }: { $problem }
cli-verify-chain = hash chain of { $count } entries
cli-verify-chain-v1-withheld = hash chain of { $count } entries ({ $withheld ->
    [one] { $withheld } answer never revealed, taken on its salted hash
   *[other] { $withheld } answers never revealed, taken on their salted hash
})
cli-verify-chain-v2-withheld = hash chain of { $count } entries, every link recomputed ({ $withheld ->
    [one] { $withheld } answer never revealed, linked by its published content commitment
   *[other] { $withheld } answers never revealed, linked by their published content commitments
})
cli-verify-hash-mismatch = its hash does not match its content
cli-verify-no-content = no content commitment (`content`), which every entry of format 2 publishes
cli-verify-hash-v2-mismatch = its hash does not match its time, previous hash and content commitment
cli-verify-content-mismatch = its content commitment does not match its body and nonce
cli-verify-no-seed = the seed is not revealed: the game is not finished
cli-verify-bad-seed = the revealed seed is not 32 bytes of hex
cli-verify-seed = the seed matches the commitment published at creation
cli-verify-seed-mismatch = the revealed seed does not match the commitment published at creation
cli-verify-unlisted-key = signed with key `{ $key }`, which the journal does not list
cli-verify-key-id = key `{ $key }` is not the key id of its public key
cli-verify-seat-without-account = seat { $seat } has no player account, yet a signed move
cli-verify-other-account = signed by account { $signer } but seat { $seat } belongs to account { $account }
cli-verify-kept-key-other-seat = signed with a key kept for seat { $kept } but seat { $seat } belongs to account { $account }
cli-verify-unsigned = entry { $entry }: a player's move without a signature
cli-verify-differs-game = game { $signed } instead of { $applied }
cli-verify-differs-seat = seat { $signed } instead of { $applied }
cli-verify-differs-decision = decision `{ $signed }` instead of `{ $applied }`
cli-verify-differs-action = another action than the one applied
cli-verify-differs = entry { $entry }: the signed move names { $differs }
cli-verify-resignation = entry { $entry }: the signed resignation is for another game or seat
cli-verify-signed = { $count ->
    [one] { $count } signed move
   *[other] { $count } signed moves
} by { $players ->
    [one] { $players } player
   *[other] { $players } players
}
cli-verify-by-mail = { $count ->
    [one] { $count } move
   *[other] { $count } moves
} by email reply, attested by the server (not signed by the player)
cli-verify-unknown-game = this tegami was built without the game `{ $slug }`, so it cannot replay the dice and moves
cli-verify-replay = replay: { $problem }
cli-verify-replay-not-over = replay: the game is not over at the end of the journal
cli-verify-replay-no-reveal = replay: the journal does not end with the revealed seed
cli-verify-replay-events = entry { $entry }: the replay tells other events than the journal
cli-verify-replayed = replay: every move, die and shuffle reproduced, same events

# Column heads of the lobby, the leaderboard, the archive and a profile.
cli-lobby-head-seats = SEATS
cli-lobby-head-open = OPEN
cli-lobby-head-time = TIME
cli-lobby-head-rated = RATED
cli-lobby-head-lang = LANG
cli-lobby-head-creator = CREATOR
cli-lobby-rated = rated
cli-lobby-hours = { $hours }h
cli-ratings-head-rating = RATING
cli-ratings-head-games = GAMES
cli-ratings-head-won = WON
cli-archive-head-result = RESULT
cli-profile-head-played = PLAYED
cli-verify-ended-abandoned = entry { $entry }: ended by the operator { $operator }: abandoned — { $reason }
cli-verify-ended-adjudicated = entry { $entry }: ended by the operator { $operator }: adjudicated, places by seat { $places } — { $reason }
