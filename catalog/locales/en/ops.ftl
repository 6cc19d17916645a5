# Operations: per-game mail options, look-alike names, the operator's admin commands.

ops-form-no-mail-pictures = Leave the board picture out of this game's emails (the board comes as text only)

## Look-alike names (Unicode TR39 confusable skeletons).
ops-name-looks-like-account = The display name “{ $name }” looks like the name of another player on this server (letters that read alike, such as l, I and 1, or Latin and Cyrillic a, count as the same). Choose a name nobody can mistake for another.
ops-name-looks-like-player = Your display name “{ $name }” looks like the name of a player already in this game, so the other players could not tell you apart. Ask the game's creator for another game, or play under an account with a distinct name.

## Suspended accounts.
ops-account-suspended = This account is suspended by the server's operator: it cannot sign in, play or use its tokens until the operator lifts the suspension. Its games go on, and their deadlines run as usual.

## A game ended by the operator (journal entry `ended_by_operator`).
ops-game-ended-abandoned = The server's operator { $operator } ended the game as abandoned: { $reason }. Nobody wins, and the game is not rated.
ops-game-ended-adjudicated = The server's operator { $operator } ended the game by adjudication: { $reason }. The places are the operator's.
