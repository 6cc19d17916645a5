# Following a game between one's turns: told of every move by email or in the daily digest.

follow-not-a-player = You do not play in game { $game }; only its players follow it by email.
follow-mail-headline = A move in { $game }.
follow-mail-label = { $game }: move { $number }
follow-mail-stop-heading = Following this game
follow-mail-stop = You asked to be told of every move of this game. To stop, choose "only when it is my turn" on the game page: { $page }
follow-web-legend = Tell me of the moves of this game
follow-web-off = only when it is my turn
follow-web-email = every move, by an email each
follow-web-digest = every move, in my daily digest
follow-web-save = Keep
follow-cli-off = game { $game }: told only when a decision is yours
follow-cli-email = game { $game }: told of every move by email
follow-cli-digest = game { $game }: told of every move in your daily digest
follow-web-bad-choice = Choose one of: only when it is my turn (off), every move by email (email), every move in my daily digest (digest).
