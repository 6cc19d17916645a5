# uosao: texts of the engines (generated from the former inline pairs).

uosao-a-play-is-r-l = a play is R, L or D followed by a card id 1, 2, 2T or 3: R3 moves 3 toward the Right King, L2T moves 2 toward the Left King using your trap-backed card, D1 lays card 1 as a road, D2T (or DT) lays your trap
uosao-a-road-action-names-a = a road action names a gap: @+k is on the outer side of card +k (@+0 is just right of the town), @-k on the outer side of card -k (@-0 is just left of the town), e.g. @+1
uosao-notation-error = { $what }; { $help }
uosao-is-a-road-gap-but = `{ $text_trim }` is a road gap, but now you play a card
uosao-cannot-read-as-a-gap = cannot read `{ $text_trim }` as a gap
uosao-cannot-read-as-a-play = cannot read `{ $text_trim }` as a play
uosao-say-which-card-becomes-the = say which card becomes the road: D1, D2 or D3 (or DT for your trap)
uosao-uosao-right-king-left-king = UOSAO (Right King, Left King)
uosao-players-seasons-of-up-to = 3-5 players, 3 seasons of up to 5 rounds. Each round everyone in turn plays one card: a move toward the Right or Left King (equal moves cancel, the highest in each direction moves) or a road that lengthens the line (one road per player is a trap). Reach a king to score your distance from the rearmost soldier. An option chooses the soldiers' colours (see the rules).
uosao-insert-your-road-d-into = { $colour }: insert your road (D{ $card }) into a gap of the line: @+k is the outer side of card +k (@+0 just right of the town), @-k the outer side of card -k. Example: @+1
uosao-season-round-play-one-card = { $colour }: season { $season } round { $round }: play one card from your hand ({ $hand }). R<card> moves toward the Right King, L<card> toward the Left King, D<card> lays the card as a road (D2T = your trap). Example: { $example }
uosao-left-king = Left King
uosao-right-king = Right King
uosao-town = Town
uosao-common = common
uosao-trap = {" "}(trap)
uosao-player = Player
uosao-pt = pt
uosao-hand = Hand
uosao-move-cards-on-the-table = Move cards on the table
uosao-you = {" "}(you)
uosao-trap-road = trap road
uosao-road = road
uosao-choosing = choosing…
uosao-plays-this-round = Plays this round
uosao-your-turn = Your turn.
uosao-road-2 = { $owner } road
uosao-game-over-winner-with-pt = Game over. Winner: { $winners } with { $best } pt
uosao-waiting-for = Waiting for { $colour_name_lang } ({ $seat_name }).
uosao-uosao-season-round-start-player = UOSAO (Right King, Left King) — season { $season }/{ $SEASONS }, round { $round }/{ $MAX_ROUNDS }, start player { $sp }
uosao-is-for-to-players-not = 右王左王 is for 3 to 5 players, not { $seats }
uosao-colours-must-name-different-colours = Each seat needs a colour of its own: `colours` must name { $seats } different colours, one per seat, out of red (RED), yellow (YEL), green (GRN), blue (BLU) and purple (PUR)
uosao-final-rank-points = Final rank points: { $totals }
uosao-card-is-not-in-your = card { $card_code } is not in your hand; play one of your hand cards
uosao-there-is-no-gap-in = there is no gap { $gap_code } in the line; the gaps are { $gaps }
uosao-now-play-a-card-e = now play a card (e.g. R2, L3, D1), not a road gap
uosao-now-choose-the-gap-for = now choose the gap for your road (e.g. @+1), not a card
uosao-no-seat = no seat { $seat }
uosao-inserts-a-road-at-takes = { $seat } inserts a road at { $gap } -> { $line }; takes back: { $back }
uosao-determination-cancelled-moves-r-l = Determination: cancelled: { $cancelled }; moves: R: { $right }, L: { $left }
uosao-cannot-move-trapped = { $seat } cannot move (trapped)
uosao-moves = { $seat } moves { $card }: { $from_label } -> { $to_label }
uosao-reaches = { $seat } reaches { $king ->
    [left] the Left King
   *[right] the Right King
}!
uosao-is-caught-by-s-trap = { $victim } is caught by { $owner }'s trap: face down, cannot move next round; { $paid ->
    [0] pays nothing (1 pt or less)
   *[other] pays { $paid } pt to { $owner }
}
uosao-season-round-begins-start-player = Season { $season } round { $round } begins; start player { $seat }
uosao-season-ends-scores = Season { $season } ends: { $how }. Scores: { $list }
uosao-game-over-rank-points = Game over. Rank points: { $totals }
uosao-season-begins-start-player = Season { $season } begins; start player { $seat }
uosao-resigns-the-game-ends-and = { $seat } resigns; the game ends and { $seat } is ranked last
uosao-you-played = You played { $play }.
uosao-your-road-is-card = Your road is card { $card }.
uosao-text-3 = -
uosao-trapped-will-not-move = {" "}(trapped, will not move)
uosao-soldier = Soldier
uosao-table-move-cards = Table (move cards)
uosao-down = down
uosao-start-player = (* = start player)
uosao-waiting = <- waiting
uosao-determination = Determination:
uosao-choosing-a-gap = {" "}<- choosing a gap
uosao-road-actions-in-order = Road actions in order:
uosao-last-round = Last round:
uosao-waiting-for-2 = Waiting for
uosao-legend-r-y-g-b = Legend: R Y G B P = soldiers (lowercase = face down, trapped); LK/RK = Left/Right King; YEL = Yellow's road, YEL!trap = Yellow's trap; @+k/@-k = gaps where a road can be inserted.
uosao-your-hand = Your hand:
uosao-your-soldier-is-trapped-a = Your soldier is trapped: a move card you play now still counts for cancellation and may block a lower card, but your soldier will not move.
uosao-legal-plays = Legal plays:
uosao-gaps = gaps:
uosao-reply-e-g-k-outer = Reply e.g. @+1 (@+k = outer side of card +k, @-k = outer side of card -k).
uosao-text-4 = { $code_seat_lang }  { $shown }{ $own }
uosao-cancelled-moves-r-l = cancelled: { $cancelled }   moves: R: { $mover_det_right }   L: { $mover_det_left }
uosao-uosao-season-round-sp = === UOSAO ===  Season { $season }/{ $SEASONS }  Round { $round }/{ $MAX_ROUNDS }  SP: { $sp }
uosao-plays-this-round-order = Plays this round (order { $order }):
uosao-season = Season { $r_season }: { $how }; { $scores }
uosao-resigned-and-is-ranked-last = { $code_r_lang } resigned and is ranked last.
uosao-reply-with-one-play-e = Reply with one play, e.g. { $example }: R<card> moves toward the Right King, L<card> toward the Left King, D<card> lays the card as a road (D2T = your trap).
uosao-you-played-a-road-choose = You played a road ({ $played }). Choose where to insert it:

# Decision kinds by name (Engine::decision_name).
uosao-decision-play = play a card
uosao-decision-road = place your road

# Board labels and counts of the text and picture renders.
uosao-colour = { $code }
uosao-footer-left-king = black
uosao-footer-right-king = white
uosao-footer-town = TOWN
uosao-footer-common = common
uosao-footer-trap = !trap
uosao-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
uosao-king-reached-by = king reached by { $colour }
uosao-town-scoring = town scoring

# Plays, seats and lists inside the events.
uosao-public-move = { $dir }{ $value }
uosao-public-road = { $trap ->
    [yes] DT
   *[no] D
}
uosao-seat-plays = { $seat }: { $play }
uosao-colour-gains = { $colour } +{ $points }
uosao-colour-holds = { $colour } { $points }
uosao-list-separator = {", "}
uosao-name-separator = {" "}
uosao-nothing = nothing
uosao-nobody = -
uosao-mover = { $seat } { $value }{ $trapped ->
    [yes] { " (trapped, will not move)" }
   *[no] {""}
}
uosao-king-scoring = king scoring, { $seat } reached a king
uosao-town-scoring-after-round-5 = town scoring after round 5
# Private events retold in the third person, for readers of a finished game's journal.
uosao-seat-played = { $seat } played { $play }.
uosao-seat-road-is-card = { $seat }'s road is card { $card }.
# Touching the picture (shared/src/games/uosao/gestures.rs).
uosao-spot-gap = Put the road into gap { $gap }
uosao-spot-card = Card { $card } in your hand
spot-uosao-right = Toward the Right King (R)
spot-uosao-left = Toward the Left King (L)
spot-uosao-road = As a road (D)
# A played card as the table shows it: its face and value, a road by what it is.
uosao-played-face = { $face ->
    [D] { $trap ->
        [yes] DT  (trap road)
       *[no] D   (normal road)
    }
   *[other] { $face }{ $value }
}
# Between the seats of the playing order.
uosao-order-separator = ,{" "}
