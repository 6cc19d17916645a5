# The new-game form's options: one control per creation option of each game (`api/src/web/options_form.rs`
# builds them from the game's options schema). Per option: its name, `-about` (what it does), and for named
# values one message per value (`-unset` where the option may be left to the game).

new-game-options = Options
new-game-options-standard = Each option starts at the standard game; change one only to play another reading of the rules.
new-game-option-needs-a-number = { $option }: give a number.
new-game-option-not-a-number = { $option }: “{ $value }” is not allowed; give { $allowed }.
new-game-option-from-to = a whole number from { $min } to { $max }
new-game-option-at-least = a whole number of { $min } or more
new-game-option-at-most = a whole number of at most { $max }
new-game-option-any-whole-number = a whole number
new-game-option-not-a-choice = { $option }: “{ $value }” is not one of the choices.
new-game-option-every-seat-or-none = { $option }: choose one for every seat taken, or leave them all at the standard.

## uosao

new-game-option-uosao-caught-card = A caught player's move card
new-game-option-uosao-caught-card-about = Whether the move card of a player caught in a trap still counts when moves cancel and block (reading 6).
new-game-option-uosao-caught-card-counts = Counts like any other card (standard)
new-game-option-uosao-caught-card-ignored = Is left out, so the next card in its direction moves
new-game-option-uosao-colours = Colours by seat
new-game-option-uosao-colours-about = The soldiers' colour of each seat taken, all different; leave every seat at the standard to take red, yellow, green, blue and purple in seat order.
new-game-option-uosao-colours-unset = Standard
new-game-option-uosao-colours-red = Red
new-game-option-uosao-colours-yel = Yellow
new-game-option-uosao-colours-grn = Green
new-game-option-uosao-colours-blu = Blue
new-game-option-uosao-colours-pur = Purple
new-game-option-uosao-king-scoring = Who scores when a soldier reaches a king
new-game-option-uosao-king-scoring-about = Everyone scores their distance from the rearmost soldier, or only the player who reached the king (reading 8).
new-game-option-uosao-king-scoring-everyone = Everyone (standard)
new-game-option-uosao-king-scoring-reacher-only = Only the player who reached the king

## shinobazu

new-game-option-shinobazu-after-push = Whose turn after a push onto a player who has played
new-game-option-shinobazu-after-push-about = The turn goes on clockwise from the receiver or from the pusher, to the next player who has not played (reading 6).
new-game-option-shinobazu-after-push-after-receiver = After the receiver (standard)
new-game-option-shinobazu-after-push-after-pusher = After the pusher
new-game-option-shinobazu-declined-cards = The cards of a passer who declines a duel
new-game-option-shinobazu-declined-cards-about = Whether they are discarded, or stay in front of the passer like an unchallenged pass (A21).
new-game-option-shinobazu-declined-cards-discard = Discarded (standard)
new-game-option-shinobazu-declined-cards-carry = Kept in front of the passer
new-game-option-shinobazu-first-start-player = First start player
new-game-option-shinobazu-first-start-player-about = Counted from 0: 0 is seat 1, 1 is seat 2, and so on. Leave it empty to draw the first start player at random.
new-game-option-shinobazu-sole-fighter-lead = The lead colour when one player fights alone
new-game-option-shinobazu-sole-fighter-lead-about = Which card of the left neighbour sets the lead colour (A14).
new-game-option-shinobazu-sole-fighter-lead-in-front = The card lying in front of the left neighbour (standard)
new-game-option-shinobazu-sole-fighter-lead-played = The card the left neighbour played this round
new-game-option-shinobazu-sole-fighter-three = A lone fighter whose total is 3
new-game-option-shinobazu-sole-fighter-three-about = Whether the lone-fighter rule or the Technique of Three comes first (reading 2).
new-game-option-shinobazu-sole-fighter-three-leaves = Leaves the showdown like any lone fighter (standard)
new-game-option-shinobazu-sole-fighter-three-pulls-in = Pulls everyone in by the Technique of Three

## shidouban

new-game-option-shidouban-end-count = Players the end conditions count
new-game-option-shidouban-end-count-about = Only players whose person stands on the board, or every player still in the game (readings 15).
new-game-option-shidouban-end-count-on-board = Players on the board (standard)
new-game-option-shidouban-end-count-in-game = Players still in the game
new-game-option-shidouban-injured-to = Where a seriously wounded person goes
new-game-option-shidouban-injured-to-about = The lowest empty square below the person, or the rulebook's words taken literally: the lowest empty square of the column (readings 1).
new-game-option-shidouban-injured-to-below = The lowest empty square below (standard)
new-game-option-shidouban-injured-to-column = The lowest empty square of the column

## senbat

new-game-option-senbat-both-win = Who wins when both players meet a victory condition at once
new-game-option-senbat-both-win-about = The player not taking the turn, or the player taking it (reading 17).
new-game-option-senbat-both-win-non-acting = The player not taking the turn (standard)
new-game-option-senbat-both-win-acting = The player taking the turn
new-game-option-senbat-first-seat = Seat moving first
new-game-option-senbat-first-seat-about = 0 is seat 1, 1 is seat 2; the first player deploys in the south. Leave it empty to draw at random.
new-game-option-senbat-movement = How far a Move or Charge goes
new-game-option-senbat-movement-about = Any whole number of units up to the sonae's movement, or exactly its movement, still stopped by contact (reading 5).
new-game-option-senbat-movement-up-to = Up to the sonae's movement (standard)
new-game-option-senbat-movement-exact = Exactly the sonae's movement
new-game-option-senbat-oda-seat = Seat playing Oda
new-game-option-senbat-oda-seat-about = 0 is seat 1, 1 is seat 2; the other seat plays Takeda. Leave it empty to draw at random.
new-game-option-senbat-quickstart = Quick start
new-game-option-senbat-quickstart-about = Both armies take the quick-start organisation and deployment instead of organising and deploying their own (§3.5).
new-game-option-senbat-sowing = Order of the action board
new-game-option-senbat-sowing-about = The clockwise order the tokens are sown round, where the rulebook's two sowing examples disagree (A8).
new-game-option-senbat-sowing-mv-sh-ch-rd = Move, Shoot, Charge, Recover or Defend (standard)
new-game-option-senbat-sowing-mv-ch-rd-sh = Move, Charge, Recover or Defend, Shoot
new-game-option-senbat-turn-limit = Turn limit
new-game-option-senbat-turn-limit-about = House rule §8.5: after this turn the game is decided on morale, tokens and credit. Leave it empty to play without a limit.

## suriagehara

new-game-option-suriagehara-first-move = The first move's restriction
new-game-option-suriagehara-first-move-about = Which reading of “may not move rearward of one's own deployment line” the game plays (§6.6 e, A11).
new-game-option-suriagehara-first-move-no-unit-rearward = No unit enters a row behind the one it started on (standard)
new-game-option-suriagehara-first-move-commander-not-behind-line = Only the commander may not go behind the deployment line
new-game-option-suriagehara-supreme-commander = When a supreme commander is removed
new-game-option-suriagehara-supreme-commander-about = What ends the game: his death, or already the loss of his carrier in combat (reading 16).
new-game-option-suriagehara-supreme-commander-killed = On his death; one who survives the death roll is placed again (standard)
new-game-option-suriagehara-supreme-commander-carrier-lost = On the loss of his carrier, with no death roll
new-game-option-suriagehara-turns = Number of turns
new-game-option-suriagehara-turns-about = From 6 to 12 (the wind markers lie on turns 4 to 6); the rulebook names none, the standard game plays 8 (reading 2).
