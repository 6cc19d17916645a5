# The game page's replay: a game stepped through one journal entry at a time.
web-replay-title = Replay of { $game } #{ $number }
web-replay-steps = Replay steps
web-replay-first = First
web-replay-previous = Previous
web-replay-next = Next
web-replay-last = Last
web-replay-step = Entry { $at } of { $last }
web-replay-keys = With the keyboard: ← previous entry, → next entry.
web-replay-entry-time = Entry written:
web-replay-what-happened = What this entry told you
web-replay-link = Replay the game step by step
web-replay-this-entry = replay from here

# An event told to one seat alone, shown to someone else once the game is over.
web-event-told-to = to { $names }: { $text }

# The signing script's words, carried by the move form.
web-sign-signing = Signing…
web-sign-cannot-sign = Cannot sign:
web-sign-choose-first = choose an answer first
web-sign-key-refused = this browser's key could not be registered
web-sign-signed-out = You are no longer signed in here (signed out in another tab, or the session ended). Sign in again, then play:

# A move refused because the game moved on, told on the game page reached again.
web-refused-stale-decision = That answer was not played: the decision it answered is already settled (another answer came first, or its time ran out). Here is the game as it is now.
web-refused-game-over = That answer was not played: the game is over.
web-refused-game-not-started = That answer was not played: the game is still waiting for players.
web-refused-wrong-player = That answer was not played: the decision is another player's.

# The new game's rating and listing.
web-new-game-rating = Rating
web-new-game-rated-when-people = Rated when every seat is a person (a game with a bot is never rated)
web-new-game-unrated = Not rated
web-new-game-unlisted = Unlisted: open seats are not shown in the lobby; only the invited and people with the game's link can join
web-new-game-bad-rating = Choose whether the game is rated: rated when every seat is a person, or not rated.
web-players-exactly = { $count ->
    [one] 1 player
   *[other] { $count } players
}

# The error page (the visitor's language is not known there: every language is shown).
web-error-bad-request = This request could not be read ({ $status })
web-error-sign-in-first = Sign in first ({ $status })
web-error-forbidden = Not allowed ({ $status })
web-error-not-found = Page not found ({ $status })
web-error-conflict = Not possible now ({ $status })
web-error-refused = Refused ({ $status })
web-error-too-many = Too many requests: wait a little ({ $status })
web-error-other = Something went wrong ({ $status })
web-error-lobby-link = Lobby
web-error-archive-link = Archive
web-error-no-page = There is no page at this address.
web-error-no-page-at = There is no page at { $path }.
