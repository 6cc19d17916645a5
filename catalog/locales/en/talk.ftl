# Table talk: messages between the players of a game, mutes, reports and private notes.

talk-not-a-player = You do not play in game { $game }; only its players write at its table and keep notes on it.
talk-too-many = Too many messages in this game: at most { $limit } per { $window } seconds. Write again later.
talk-private-off = This game's creator does not allow private messages; leave out `to` to write to the whole table.
talk-bad-recipient = Seat { $seat } is not another player of this game; write privately to one of these seats: { $allowed }.
talk-bad-limit = The limit { $limit } is out of range; use 1 to { $max }.
talk-closed-to-spectators = This game's creator keeps its table talk to its players.
talk-not-the-creator = Only the game's creator chooses how its players talk.
talk-bad-mute-seat = Seat { $seat } is not another seat of this game; you can mute these seats: { $allowed }.
talk-unknown-message = Game { $game } has no message { $message } that you may read.
talk-message-refused-character = The message contains the character { $character }, which is a control, invisible or formatting character; use visible characters and line breaks only.
talk-note-refused-character = The note contains the character { $character }, which is a control, invisible or formatting character; use visible characters and line breaks only.
talk-reason-refused-character = The reason contains the character { $character }, which is a control, invisible or formatting character; use visible characters and line breaks only.
talk-message-length = A message has 1 to { $max } characters; this one has { $chars }.
talk-note-length = A note has at most { $max } characters; this one has { $chars }.
talk-reason-length = A reason has at most { $max } characters; this one has { $chars }.

# The CLI.
talk-cli-sent = Message written at game { $game }'s table.
talk-cli-sent-private = Private message written to seat { $to } of game { $game }.
talk-cli-no-note = You keep no note on game { $game }.
talk-cli-heading = Messages:
talk-cli-line = { $at } { $author } (seat { $seat }):
talk-cli-private-line = { $at } { $author } (seat { $seat }) to seat { $to }, privately:

# The game page.
talk-web-heading = Table talk
talk-web-none = No messages yet.
talk-web-private-to = privately to seat { $seat }
talk-web-write = Write to the table
talk-web-to = To
talk-web-to-table = everyone at the table
talk-web-seat = seat { $seat }
talk-web-send = Send
talk-web-note = Your private note (only you read it)
talk-web-keep-note = Keep the note

# Emails: the messages since the player's last email, in turn emails and digests, or in an email of their own.
talk-mail-heading = Table talk since your last email
talk-mail-line = { $author } (seat { $seat }), { $at }:
talk-mail-line-to-you = { $author } (seat { $seat }) to you alone, { $at }:
talk-mail-headline = { $count ->
        [one] A message
       *[other] { $count } messages
    } at the table of { $game }.
talk-mail-label = { $game }: { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }
talk-mail-how-to-answer = How to answer
talk-mail-answer = Write on the game page ({ $page }), or in your next turn email after the move line.
