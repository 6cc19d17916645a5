# Touching the board on the game page (api/src/web/touch.rs, assets/web/touch.js).
touch-board-in-words = The board in words
touch-help = Touch the board, or press its buttons: what you can touch next is outlined. Tab reaches the board; the arrow keys move between what can be touched, Enter touches, Escape starts again. Then sign and play below.
touch-your-answer = Your answer:
touch-touched = Touched so far:
touch-undo = Undo last touch
touch-clear = Clear
touch-help-rotate = Placing or turning by keyboard: R turns to the next legal facing (a position focused is taken first), the arrow keys then move the position keeping the facing, and Enter confirms, taking you on to sign and play.
