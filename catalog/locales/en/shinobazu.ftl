# shinobazu: texts of the engines (generated from the former inline pairs).

shinobazu-is-not-a-seat-seats = `{ $s }` is not a seat; seats are P1-P{ $n }
shinobazu-is-not-a-card-cards = `{ $s }` is not a card; cards are K, R or B followed by -3 (or m3), 1, 2, 4 or 5, e.g. R4, K-3
shinobazu-is-not-a-play = `{ $text }` is not a play: { shinobazu-play-help }
shinobazu-is-not-an-answer-to = `{ $t }` is not an answer to a pushed card: write F (fight) or P (pass)
shinobazu-is-not-a-challenge-write = `{ $t }` is not a challenge: write `C P3` (challenge P3) or `C-` (no duel)
shinobazu-is-not-an-answer-to-2 = `{ $t }` is not an answer to a challenge: write A (accept) or D (decline)
shinobazu-unknown-decision-kind = unknown decision kind `{ $other }`
shinobazu-text = { $c_code } ({ $c })
shinobazu-text-2 = ,{" "}
shinobazu-duel-accepts-s-challenge-to = { $stamp }duel { $passer } accepts { $challenger }'s challenge to a Shinobazu Duel
shinobazu-show-showdown-fighters-passed = { $stamp }show showdown. Fighters: { $seats_list_r_fighters }. Passed: { $seats_list_r_passers }.
shinobazu-everyone-passed-forced-showdown-of = {"  "}Everyone passed: forced showdown of all.
shinobazu-sole-fighter-leaves-no-score = {"  "}Sole fighter { $fighter } leaves (no score change) and discards { $left }.
shinobazu-the-lead-colour-becomes-from = {"  "}The lead colour becomes { $colour_name_r_lead } from { $nb }'s card.
shinobazu-technique-of-three-totals-every = {"  "}Technique of Three ({ $seats_list_by_lang } totals 3): every passer is pulled in.
shinobazu-lead-colour = {"  "}Lead colour { $colour_name_r_lead }
shinobazu-total = total
shinobazu-no-winner-the-strongest-strength = {"  "}No winner (the strongest strength is shared)
shinobazu-text-3 = { $l } ({ $before } -> { $after })
shinobazu-may-now-challenge-one-passer = {"  "}{ $r_losers_0 } may now challenge one passer ({ $seats_list_r_passers_left }) to a Shinobazu Duel.
shinobazu-fights = fights
shinobazu-passes = passes
shinobazu-pushed-undecided = pushed, undecided
shinobazu-face-down = face down
shinobazu-you = you
shinobazu-game-over = Game over.
shinobazu-you-2 = {" "}(you)
shinobazu-start-player = start player
shinobazu-done = done
shinobazu-resigned = resigned
shinobazu-pt = pt
shinobazu-in-front = In front
shinobazu-hand = Hand
shinobazu-carried-over = Carried over
shinobazu-no-lead-colour-yet = No lead colour yet
shinobazu-discard-pile = Discard pile
shinobazu-waiting-for-to-play-a = Waiting for { $name_seat } to play a card.
shinobazu-waiting-for-to-fight-or = Waiting for { $name_seat } to fight or pass the card { $name_pusher } pushed.
shinobazu-waiting-for-to-challenge-a = Waiting for { $name_seat } to challenge a passer to a duel, or not.
shinobazu-waiting-for-to-accept-or = Waiting for { $name_seat } to accept or decline { $name_challenger }'s challenge.
shinobazu-rank = rank { $rank }
shinobazu-pushed-by-p = pushed by P{ $current_placed_by_1 }
shinobazu-shinobazu-set-round-turn = Shinobazu 不忍 — set { $set_no }, round { $round_no }, turn { $turn }
shinobazu-lead-colour-2 = Lead colour: { $colour_name_c_lang }
shinobazu-face-down-cards-out-of = { $discard_face_down } face down · { $unused_count } cards out of play
shinobazu-shinobazu = Shinobazu
shinobazu-a-short-bluffing-trick-taking = A short bluffing trick-taking game with 15 ninja cards. Play a card face down to yourself and fight or pass, or push it onto another player, who must fight or pass without seeing it. The lowest total loses (+1 point), unless off-colour 2s and 4s reverse the order; the lowest score wins when someone reaches 5. Options choose the first start player, what a passer who declines a duel keeps, and where a sole fighter leads (see the rules).
shinobazu-shinobazu-is-for-players-not = Shinobazu is for 3-5 players, not { $n }
shinobazu-first-start-player-must-be = first_start_player must be a seat 0..{ $n_1 }, not { $sp }
shinobazu-play-a-card-lead-colour = { $stamp } { $seat }: play a card (lead colour { $lead }): CARD@me/F, CARD@me/P or CARD@Pn to push
shinobazu-pushed-a-card-onto-you = { $stamp } { $seat }: { $pusher } pushed a card onto you. You cannot see it. Lead colour { $lead }. Your carried cards: { $carried }. Scores: { $scores }. Reply F (fight) or P (pass)
shinobazu-you-are-the-single-loser = { $stamp } { $loser }: you are the single loser; challenge a passer ({ $seats_text_passers_left }) to a Shinobazu Duel with C Pn, or C- not to
shinobazu-challenges-you-to-a-shinobazu = { $stamp } { $passer }: { $loser } challenges you to a Shinobazu Duel: A accept, or D decline (+{ $n } points, { $kept ->
    [discard] your cards are discarded
   *[carry] your cards stay in front of you
})
shinobazu-wins-with-points-scores = { $winners_0 } wins with { $scores_winners_0 } points (scores: { $scores_text }).
shinobazu-share-the-victory-scores = { $seats_text_winners } share the victory (scores: { $scores_text }).
shinobazu-is-not-a-passer-you = { $passer } is not a passer you can challenge; choose one of { $seats_text_passers_left } or C-
shinobazu-that-answer-does-not-fit = that answer does not fit this decision: { $en }
shinobazu-you-do-not-hold-your = you do not hold { $card }; your hand is { $cards_text_hand }
shinobazu-you-must-follow-the-lead = you must follow the lead colour { $colour_lead }: play one of your { $lead } cards
shinobazu-you-already-have-a-card = you already have a card in front of you this round: push this one onto a player without one (CARD@Pn)
shinobazu-the-start-player-may-not = the start player may not pass on its own card (play CARD@me or CARD@me/F, or push it)
shinobazu-say-whether-you-fight-or = say whether you fight or pass: { $card }@me/F or { $card }@me/P
shinobazu-there-is-no-seat-p = there is no seat P{ $q_1 }; seats are P1-P{ $n }
shinobazu-to-play-to-yourself-write = to play to yourself write { $card }@me/F or { $card }@me/P
shinobazu-already-has-a-card-this = { $q } already has a card this round; push onto a player without one
shinobazu-a-pushed-card-takes-no = a pushed card takes no /F or /P: the receiver chooses; write { $card }@{ $q }
shinobazu-there-is-no-seat-p-2 = there is no seat P{ $seat_1 }
shinobazu-duel-challenges-to-a-shinobazu = { $stamp }duel { $loser } challenges { $passer } to a Shinobazu Duel
shinobazu-duel-does-not-challenge = { $stamp }duel { $loser } does not challenge
shinobazu-played-a-card-face-down = { $stamp } { $a } played a card face down to self and { $stance ->
    [fight] fights
   *[pass] passes
}{ $lead }
shinobazu-pushed-a-card-face-down = { $stamp } { $a } pushed a card face down onto { $q }{ $forced ->
    [yes] { " (forced)" }
   *[no] {""}
}{ $lead }
shinobazu-resp-on-the-pushed-card = { $stamp }resp { $q } { $stance ->
    [fight] fights
   *[pass] passes
} on the pushed card
shinobazu-duel-declines = { $stamp }duel { $passer } declines: +{ $k } ({ $before } -> { $change_after }); { $cards_en }
shinobazu-end = { $stamp }end { $lines }
shinobazu-game-over-2 = Game over. { $o_summary }
shinobazu-set-redeal-from-dealt-unused = Set { $set_no_1 }: redeal from { $first }; dealt { $counts }; { $unused } unused
shinobazu-begins-start-player = { $stamp } begins; start player { $sp }
shinobazu-resigns-the-game-ends = { $seat } resigns; the game ends. { $o_summary }
shinobazu-you-played-to-yourself = { $stamp } you played { $card } to yourself ({ $stance ->
    [fight] fights
   *[pass] passes
})
shinobazu-you-pushed-onto = { $stamp } you pushed { $card } onto { $q }{ $forced ->
    [yes] { " (forced)" }
   *[no] {""}
}
shinobazu-your-new-hand = Your new hand: { $h }
shinobazu-shinobazu-set-round-of-turn = {" "}SHINOBAZU   Set { $set_no } | Round { $round_no } of 3 | Turn { $turn }
shinobazu-none-yet = none yet
shinobazu-lead-colour-start-player = {" "}Lead colour: { $lead }   Start player: { $who_sp }
shinobazu-ends-at-round-end-when = {" "}Ends at round end when a score is >= 5. Lowest score wins.
shinobazu-reading-a-passer-who-declines = {" "}Reading: a passer who declines a duel keeps its cards for the next round.
shinobazu-reading-with-one-fighter-the = {" "}Reading: with one fighter, the card its left neighbour played sets the lead colour.
shinobazu-own = own
shinobazu-none = (none)
shinobazu-your-hand = {" "}Your hand   : { $h }
shinobazu-hand-2 = {" "}hand
shinobazu-yours = {" "}(yours: { $cards_text_discard_face_down_yours })
shinobazu-discards-face-down = {" "}Discards    : { $discards }   face down: { $discard_face_down }{ $yours }
shinobazu-face-down-discards = {" "}Face-down discards: { $cards_text_cards }
shinobazu-waiting-for = {" "}Waiting for : { $text }
shinobazu-declined-s-challenge = {" "}{ $seat_label_d_passer } declined { $seat_label_d_loser }'s challenge: +{ $d_cards } ({ $d_change_before } -> { $d_change_after }); { $carried ->
    [yes] the cards stayed in front of them
   *[no] the current card was discarded face down
}.
shinobazu-game-over-ranking = {" "}Game over. Ranking:
shinobazu-resigned-2 = {" "}(resigned)

# Decision kinds by name (Engine::decision_name).
shinobazu-decision-play = play a card
shinobazu-decision-push-response = fight or pass a pushed card
shinobazu-decision-challenge = challenge a passer or not
shinobazu-decision-challenge-answer = accept or decline a challenge
shinobazu-play-help = write CARD@me/F (play to yourself and fight), CARD@me/P (pass), or CARD@Pn (push onto Pn), e.g. R4@me/F, K2@me/P, B-3@P4; long forms `play R4 self fight`, `push B-3 to P4`; cards are K/R/B followed by -3 (or m3), 1, 2, 4, 5
shinobazu-colour = { $code ->
    [K] black
    [R] red
   *[B] blue
}
shinobazu-pts = {"  "}{ $ranks_i }.  { $seat_label_q } { $seats_i_score } pts{ $resigned }  { $seat_name_q }

# The text render's report, table, waiting line and legend.
shinobazu-report-reversal-odd = {"  "}Off-colour Reversal cards: { $cards } -> { $count } (odd): LOWER totals are stronger
shinobazu-report-reversal-even = {"  "}Off-colour Reversal cards: { $cards } -> { $count } (even): higher totals are stronger
shinobazu-report-winner = {"  "}Winner { $winner } ({ $before } -> { $after })
shinobazu-report-winner-at-zero = {"  "}Winner { $winner } ({ $before } -> { $after }, cannot go below 0)
shinobazu-report-loser = {"  "}Loser  { $losers }
shinobazu-report-losers-mutual = {"  "}Losers { $losers } (mutual kill)
shinobazu-table-column = { $column ->
    [seat] Seat
    [player] Player
    [points] Pts
    [hand] Hand
    [carried] Carried
    [current] Current
    [by] By
   *[choice] F/P
}
shinobazu-unused-cards = {" "}Unused      : { $cards }
shinobazu-unused-face-down = {" "}Unused      : { $count } cards face down
shinobazu-waiting-play = { $who } - play a card
shinobazu-waiting-push-response = { $who } - answer FIGHT or PASS to the card pushed by { $pusher }
shinobazu-waiting-challenge = { $who } - challenge a passer ({ $passers }) to a Shinobazu Duel, or not
shinobazu-waiting-challenge-answer = { $who } - accept or decline { $challenger }'s challenge
shinobazu-legend =
    Legend: * start player   ?? hidden   (xx) hidden, known to you
    {"        "}F fight   P pass   ? not answered yet   . no card yet
    {"        "}own played by the player   <Pn pushed by Pn
shinobazu-footer-title = SHINOBAZU

# A start player's first card sets the lead colour; said after what the card did.
shinobazu-lead-colour-set = ; lead colour { $colour }
# Private events retold in the third person, for readers of a finished game's journal.
shinobazu-seat-played-to-self = { $stamp } { $seat } played { $card } to self ({ $stance ->
    [fight] fights
   *[pass] passes
})
shinobazu-seat-pushed-onto = { $stamp } { $seat } pushed { $card } onto { $q }{ $forced ->
    [yes] { " (forced)" }
   *[no] {""}
}
shinobazu-seat-new-hand = New hand of { $seat }: { $h }
shinobazu-lead-none-yet = none yet
# Touching the picture (shared/src/games/shinobazu/gestures.rs).
shinobazu-spot-card = Card { $card } in your hand
spot-shinobazu-fight = Fight (F)
spot-shinobazu-pass = Pass (P)
spot-shinobazu-no-challenge = No challenge (C-)
spot-shinobazu-accept = Accept (A)
spot-shinobazu-decline = Decline (D)

# What each decision expects, when the answer given does not fit.
shinobazu-expected-a-play = play a card: CARD@me/F, CARD@me/P or CARD@Pn
shinobazu-expected-a-push-response = answer the pushed card with F or P
shinobazu-expected-a-challenge-choice = challenge with C Pn, or C- not to
shinobazu-expected-a-challenge-answer = answer the challenge with A or D
# Where a declined duel's cards go.
shinobazu-declined-cards-discarded = the current card is discarded face down, unrevealed
shinobazu-declined-cards-carried = the cards stay in front of them like an unchallenged pass
# The lines of a round's end.
shinobazu-end-card-carried = { $seat }'s { $card } is exposed and carried
shinobazu-end-cards-back-to-hand = { $seat } takes { $cards } back into hand
shinobazu-end-next-start-player = next start player { $seat }
shinobazu-end-line-separator = ;{" "}
