# Emails and notifications: turn, reminders, results, invitations, replies, digests.

mail-this-decision-was-settled-after-this = This decision was settled after this email was written: a reply to it is refused as late.
mail-no-time-limit-the-game-waits = No time limit: the game waits for your answer.
mail-deadline = Deadline
mail-your-move = Your move
mail-your-view = Your view
mail-how-to-answer = How to answer
mail-result = Result
mail-your-place = Your place
mail-final-position = Final position
mail-since-your-last-move = Since your last move
mail-check-it = Check it
mail-there-is-no-time-limit = There is no time limit.
mail-players = Players
mail-about-the-game = About the game
mail-time-limit = Time limit
mail-how-it-goes = How it goes
mail-how-to-join = How to join
mail-not-interested = Not interested?
mail-what-happened-since = What happened since
mail-nothing-yet = - nothing yet
mail-still-asked-of-you = Still asked of you
mail-what-next = What next
mail-why = Why
mail-what-you-may-answer = What you may answer
mail-try-again = Try again
mail-legal-moves = Legal moves:
mail-greeting = Hello { $name },
mail-timeout-default-answer = the rules' default answer, `{ $answer }`, is played for you
mail-timeout-skip = your turn is skipped: the server plays a random legal move for you and the game goes on
mail-timeout-forfeit = you forfeit this game, as if you had resigned
mail-answer-by = Answer by { $time }. If you do not, { $consequence }.
mail-reminder-headline = Reminder: your move in { $game } is due soon.
mail-reminder-label = Reminder for { $game }: move { $number } is due soon
mail-how-to-answer-text =
    Reply to this email from your own address with your move alone on the first line, for example:

        { $example }

    Keep the reply address as it is: it answers this one decision, once. Replies from any other address change nothing. Instead of a bare move you may paste a signed move from `tegami play { $game } <move> --print-signed`.

    The game on the web: { $board }
mail-rules-link = The rules: { $url }
mail-stop-these-emails = Stop these emails: { $url }
mail-player-line-you = - seat { $seat }: { $name } (you)
mail-player-line = - seat { $seat }: { $name }
mail-time-limit-hours =
    Each decision must be answered within { $hours ->
        [one] { $hours } hour
       *[other] { $hours } hours
    }.
mail-how-it-goes-text =
    Each time a decision is asked of you, an email arrives in this thread; you answer by replying to it from this address. The game on the web: { $board }
    Stop these emails: { $unsubscribe }
mail-game-start-headline = { $title } has begun.
mail-game-start-label = { $title } has begun
mail-invitation-subject = An invitation to play { $game }
mail-stranger-invitation-intro =
    Hello,

    { $name } invites you to play { $game } (game { $number }) on tegami, seat { $seat }.
mail-stranger-how-to-join = Register at { $url } with this address ({ $email }) and open the link we email you, then take your seat with `tegami join { $number }` (or POST { $url }/api/v1/games/{ $number }/join). Once every seat is taken, your turns arrive by email and you answer by replying.
mail-stranger-opt-out =
    Ignore this email. To never get another tegami invitation at this address, open:
    { $url }
mail-player-invitation = { $name } invites you to play { $game } (game { $number }), seat { $seat }.
mail-player-how-to-join = Take your seat on the game's page, { $url }/games/{ $number } (sign in first), or with `tegami join { $number }`. Once every seat is taken, your turns arrive by email and you answer by replying.
mail-player-opt-out =
    Ignore this email. To never be invited again, open:
    { $url }
mail-turn-headline = Your move in { $game }{ $round }.
mail-turn-confirms = Your move `{ $played }` was accepted, and the next decision is yours too.
mail-turn-label-prompt = Your turn in { $game }: move { $number } — { $prompt }
mail-turn-label = Your turn in { $game }: move { $number }
mail-season-round = , season { $season } round { $round }
mail-round = , round { $round }
mail-legal-moves-sample = { $count } legal moves, for example:
mail-legal-moves-more = … and { $count } more: the game's page lists every one, { $page }
mail-place = You finished in place { $rank }.
mail-check-the-journal = The whole journal, with the seed, is at { $url }/api/v1/games/{ $number }/journal (`tegami verify { $number }` replays it).
mail-game-over-headline = { $game } is over.
mail-game-over-label = { $game } is over
mail-accepted-headline = Your move `{ $played }` in { $game } was accepted.
mail-accepted-label = Your move `{ $played }` in { $game } was accepted
mail-waiting-game-over = The game is over: the result email follows. The game on the web: { $board }
mail-waiting-for = Now waiting for: { $names }. The next decision that is yours comes in its own email. The game on the web: { $board }
mail-refused-headline = A move sent by email for { $game } was not applied.
mail-refused-reply-used = This email was already answered: each tegami email carries one move, once.
mail-refused-stale-decision = The decision this email asked about is no longer pending: it was answered, or its time ran out.
mail-refused-no-move = The reply has no move: put your move alone on the first line.
mail-refused-not-a-player = You do not play in this game.
mail-refused-wrong-seat = This signed move is for another seat than yours.
mail-refused-wrong-player = This decision is another player's.
mail-refused-game-over = This game is over.
mail-refused-game-not-started = This game has not begun: it waits for every seat to be taken.
mail-refused-duplicate = This signed move was already applied.
mail-refusal-unreadable = The move in the reply is not in a form this game reads.
mail-refusal-not-applied = The move in the reply could not be applied.
mail-verify-subject = confirm your address
mail-verify-intro =
    Hello { $name },

    Please confirm that this address is yours.
mail-verify-confirm = Confirm
mail-verify-text = Open the link above (or POST to it). Until then you cannot take a seat a game has reserved for this address. If you did not register at tegami, ignore this email.
mail-webhook-disabled-subject = webhook { $number } disabled
mail-webhook-disabled = Your webhook { $number } at { $url } failed too often and is now disabled: { $reason }.
mail-webhook-what-next = Nothing more is sent to it. `GET { $base }/api/v1/webhooks/{ $number }/deliveries` lists the attempts and what they got back. Once the receiver works again, register it anew with `POST { $base }/api/v1/webhooks` (and delete the old one).
mail-digest-intro =
    Your daily tegami digest: { $count ->
        [one] { $count } turn email
       *[other] { $count } turn emails
    } since the last one, attached below.
mail-digest-how = Open an attached email and reply to it to play that move (each carries its own reply address). A turn answered since it was written is refused as late.
mail-digest-subject =
    your daily digest — { $count ->
        [one] { $count } turn
       *[other] { $count } turns
    }
mail-board-as-text = As text
mail-reset-subject = reset your password
mail-reset-intro = Someone (we hope you) asked to reset the password of this tegami account.
mail-reset-command = Reset
mail-reset-or = Or
mail-reset-text = The token works once, for { $minutes } minutes. Setting a new password signs out every session and revokes every API token of the account (scripts must get a new one with `tegami token create`). If you did not ask for this, ignore this email: your password stays as it is.
mail-unsubscribed = You will get no more game emails from tegami (turns, reminders, results, digests). Your games go on: a decision you leave unanswered still runs out of time. To get them again, open { $page }
mail-reply-address-title = Confirm a reply address
mail-reply-address-confirm = Confirm, and email replies from { $address } will move for the tegami player { $name }.
mail-reply-address-button = Confirm
mail-reply-address-proved = { $address } is proved: email replies from it now move for you.
mail-reply-address-subject = confirm a reply address
mail-reply-address-intro =
    Hello,

    The tegami player { $name } asked that email replies from this address ({ $address }) move for them in their games.
mail-reply-address-text = Open the link above and press the button. The link works once, for { $hours } hours. If you did not ask for this, ignore this email: nothing changes.

# Resigning by email: `resign` as the answer asks to confirm; a second reply or the link's page resigns.
resign-mail-headline = You answered "resign" in { $game }. Nothing has changed yet: confirm it to resign.
resign-mail-how-heading = To resign
resign-mail-how = Reply to this email with resign alone on the first line, or open this page and press its button: { $link }
resign-mail-keep-heading = To keep playing
resign-mail-keep = Do nothing: the game goes on, and your turn emails keep coming.
resign-mail-not-confirmed = This email asks you to confirm resigning: answer resign alone on the first line to resign. Nothing was changed.
resign-page-title = Resign
resign-page-explain = Pressing the button resigns game { $game } for you: it ends for you as last place and cannot be undone.
resign-page-button = Resign game { $game }
resign-page-done = You resigned game { $game }.
resign-page-unknown = This link is not known, or was used already. Nothing was changed.
