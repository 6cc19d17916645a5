# The game page as it follows its game (api/src/web/live.rs, assets/web/live.js).
live-your-turn = Your turn
live-changed = The game has changed.
live-next-game = Your turn in { $game } #{ $id }
live-board-label = The board
live-choose-answer = Choose an answer…
