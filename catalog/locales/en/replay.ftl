# Replay: a game just after any entry of its journal.
replay-past-the-end = game `{ $game }` has entries 0 to { $last }; `at` { $at } is past its last entry
replay-step = entry { $at } of { $last }
replay-keys = ← previous · → next · Home first · End last · q quit

# Results: who won a finished game, and every seat's place.
result-winners = { $count ->
    [one] winner: { $names }
   *[other] winners: { $names }
}
result-no-winner = no winner
result-heading = Result
result-standings-heading = Standings
result-rank = Rank
result-player = Player
result-score = Score
result-out = (out)
result-line = { $rank }. { $name }
result-line-score = { $rank }. { $name }: { $score }

# Ratings (Weng-Lin / OpenSkill), per game.
rating-bot-game-unrated = a game with a bot cannot be rated: a bot's result says nothing about a player's skill; leave `rated` out or set it to false
