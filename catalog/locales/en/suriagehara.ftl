# suriagehara: texts of the engines (generated from the former inline pairs).

suriagehara-notation-error = { $what }; { suriagehara-orders-help }
suriagehara-orders-help = orders look like: `deploy standard` | `deploy TK1@0807* TK2@0907 ...` | `cup TK KM` / `cup all` / `cup none` | `sub tk` / `sub own` | `move TK1 1112` | `move TK1 0907-0908-1009` | `move done` | several moves separated by `;` or new lines (a batch) | `attack 0613 TK1+TK2+TK3` (several lines = a plan) | `retreat KM2 1108` | `replace TK TK3`
suriagehara-is-not-a-unit-code = `{ $s }` is not a unit (code + serial, e.g. TK1)
suriagehara-is-not-a-hex-xxyy = `{ $s }` is not a hex (xxyy, e.g. 0807)
suriagehara-is-not-a-formation-code = `{ $s }` is not a formation code (e.g. TK)
suriagehara-a-move-is-move-unit = a move is `move UNIT HEX`, `move UNIT PATH` or `move done`
suriagehara-an-attack-needs-a-lead = an attack needs a lead unit
suriagehara-an-attack-is-attack-hex = an attack is `attack HEX LEAD+SUPPORTER...`
suriagehara-empty-order = empty order
suriagehara-deploy-needs-standard-or-placements = `deploy` needs `standard` or placements
suriagehara-is-not-unit-hex = `{ $it }` is not UNIT@HEX[*]
suriagehara-substitution-is-sub-tk-or = substitution is `sub tk` or `sub own`
suriagehara-a-retreat-is-retreat-unit = a retreat is `retreat UNIT HEX`
suriagehara-a-re-placement-is-replace = a re-placement is `replace CODE UNIT`
suriagehara-resignation-is-not-an-answer = resignation is not an answer to a decision: use the resign command
suriagehara-unknown-order = unknown order `{ $other }`
suriagehara-no-order-given = no order given
suriagehara-move-done-must-be-the = `move done` must be the last line
suriagehara-only-move-orders-or-attack = only move orders or attack orders may be combined in one answer
suriagehara-suriagehara-turn = Suriagehara 摺上原の合戦 — turn { $turn }/8
suriagehara-red-ashina-blue-date-commander = red = Ashina, blue = Date, * = commander; dashed = advance line; thick blue = stream
suriagehara-deploy-the-army-deploy-standard = Deploy the { $side } army: `deploy standard` or every unit with its hex
suriagehara-turn-choose-which-pool-chits = Turn { $turn }: choose which pool chits go into the cup
suriagehara-drawn-let-tomita-takazane-act = { $chit } drawn: let Tomita Takazane act instead (`sub tk`) or not (`sub own`)?
suriagehara-movement-segment-move-orders-one = { $fcode } Movement Segment: move orders (one step, a batch, or `move done`)
suriagehara-combat-segment-the-whole-combat = { $fcode } Combat Segment: the whole combat plan
suriagehara-retreat-one-hex-choose-a = Retreat one hex: choose a unit ({ $units }) and its hex (`retreat UNIT HEX`)
suriagehara-no-decision = -
suriagehara-suriagehara-no-kassen-the-battle = Suriagehara no Kassen (The Battle of Suriagehara)
suriagehara-a-two-player-hex-wargame = A two-player hex wargame of the battle of 1589 between Date Masamune and Ashina Yoshihiro: chit-pull activation, command range, sandstorm and wind. Seat 1 plays Ashina, seat 2 Date. An option chooses how a formation's first move is read (see the rules' Readings).
suriagehara-suriagehara-is-for-exactly-players = Suriagehara is for exactly 2 players
suriagehara-deploy-standard-or-deploy-followed = `deploy standard`, or `deploy` followed by every own unit as UNIT@HEX, with `*` after the hex of the one unit per formation that carries its commander; hexes in the own zone (Ashina: columns 04-15, rows 02-07; Date: columns 04-15, rows 15-20), no water, one unit per hex
suriagehara-move-unit-hex-or-a = `move UNIT HEX` (or a path `move UNIT 0907-0908-1009`) moves one unit and the segment goes on; several move lines (separated by `;` or new lines, optionally ending with `move done`) are a batch checked in order against the evolving position; the segment then goes on, unless the batch ends with `move done`; `move done` ends the segment
suriagehara-one-attack-hex-lead-supporter = one `attack HEX LEAD+SUPPORTER+...` line per attack, in resolution order: every unit in contact must take part (an out-of-command unit may stay out if all its enemy hexes are targeted), each enemy hex at most once, each unit at most once, combined attacks only by in-command units
suriagehara-wins-by = { $side } wins by { $reason }
suriagehara-draw = draw ({ $reason })
suriagehara-row-is-rearward-of-row = row { $to_y } is rearward of row { $start } on the formation's first move (§6.6 e)
suriagehara-carries-its-commander-who-may = { $u } carries its commander, who may not go behind the deployment line (row { $line }) on the formation's first move (§6.6 e)
suriagehara-is-not-a-unit = { $pl_unit } is not a { $side_name } unit
suriagehara-is-placed-twice = { $pl_unit } is placed twice
suriagehara-is-water = { $pl_hex } is water
suriagehara-is-outside-the-deployment-zone = { $pl_hex } is outside the { $side_name } deployment zone (§3.6)
suriagehara-two-units-on-one-retainer = two units on { $pl_hex } (one retainer per hex)
suriagehara-is-not-placed = { $u } is not placed
suriagehara-formation-needs-exactly-one-unit = formation { $code_f } needs exactly one unit marked `*` for its commander, not { $carriers }
suriagehara-this-decision-expects = this decision expects { $expected_en }
suriagehara-is-not-in-your-pool = { $c } is not in your pool of released chits (§6.2 step 5)
suriagehara-is-named-twice = { $c } is named twice
suriagehara-order-is-illegal-nothing-was = order { $i_1 } (`{ $p }`) is illegal, nothing was moved: { $e }
suriagehara-combat-plan-rejected = combat plan rejected: { $e }
suriagehara-retreat-is-not-a-legal = `retreat { $unit } { $to }` is not a legal retreat now (§6.8); legal: { $legal }
suriagehara-not-a-nearest-retainer-of = not a nearest retainer of { $code_f } (§6.9 step 3); legal: { $legal }
suriagehara-resigns-wins = { $side_name } resigns; { $side_other_name } wins
suriagehara-your-deployment-is-recorded = your deployment is recorded
suriagehara-has-deployed-hidden-until-both = { $side_name } has deployed (hidden until both are in)
suriagehara-your-chit-selection-is-recorded = your chit selection is recorded
suriagehara-has-chosen-its-chits-hidden = { $side_name } has chosen its chits (hidden until both are in)
suriagehara-movement-segment-ma = { $code_f } Movement Segment (MA: { $mas }){ $first_en }
suriagehara-is-contacted-and-will-be = { $code_f } is contacted and will be released after this activation (§6.11)
suriagehara-combat-segment-no-unit-in = { $code_f } Combat Segment: no unit in contact
suriagehara-combat-segment-units-that-must = { $code_f } Combat Segment: units that must fight: { $names }
suriagehara-only-one-valid-plan = only one valid plan: { $super_notation_print_plan }
suriagehara-eliminated-in-army-morale = { $u } eliminated in { $hex }; { $side_name } Army Morale { $before } -> { $before_1 }
suriagehara-the-supreme-commander-is-killed = the supreme commander { $d_name } is killed: { $d_side_other } wins
suriagehara-formation-is-destroyed-its-chit = formation { $code_f } is destroyed; its chit is removed from the game
suriagehara-retreat = retreat { $u } { $from }>{ $to }{ $occupant_o_format }
suriagehara-cannot-retreat = { $u } cannot retreat
suriagehara-has-no-retainer-left-to = { $fdata_f_name } has no retainer left to join
suriagehara-is-released-its-chit-goes = { $code_f } is released; its chit goes into the cup
suriagehara-a-unit-is-in-contact = { $code_f }: a unit is in contact, so Combat Segment only
suriagehara-wind-w-revealed-reverse-wind = wind W{ $turn } revealed: reverse wind -> Date Resolve +1 this turn
suriagehara-wind-w-revealed-at-the = wind W{ $turn } revealed at the turn update: reverse wind, no effect
suriagehara-wind-w-revealed-calm-no = wind W{ $turn } revealed: calm, no effect
suriagehara-t-turn-update-army-morale = T{ $turn } turn update: Army Morale Ashina { $a } / Date { $d }
suriagehara-army-morale-decides-the-game = Army Morale decides the game (§8.2)
suriagehara-end-of-turn-commanders-beyond = end of turn { $turn }: commanders beyond the advance line Ashina { $na } / Date { $nd }
suriagehara-wind-markers-placed-face-down = wind markers placed face down on turns 4, 5, 6
suriagehara-t-begins-entering-chits = T{ $turn } begins; entering chits: { $if_entered_is_empty }
suriagehara-both-deployments-are-in-and = both deployments are in and revealed
suriagehara-t-cup = T{ $turn } cup ({ $cup }): { $cup2 }
suriagehara-chit-used-for-takazane-tk = { $code_chit } chit used for Takazane: TK performs one segment (§6.12)
suriagehara-acts-itself = { $code_chit } acts itself
suriagehara-combat-plan = combat plan: { $super_notation_print_plan }
suriagehara-region-not-understood-give-two = region `{ $region }` not understood: give two corner hexes, e.g. `0305-1012`
suriagehara-suriagehara-no-kassen = Suriagehara no Kassen

# Decision kinds by name (Engine::decision_name).
suriagehara-decision-deploy = deployment
suriagehara-decision-cup = chit selection
suriagehara-decision-substitution = Takazane substitution
suriagehara-decision-move = move orders
suriagehara-decision-combat-plan = combat plan
suriagehara-decision-retreat = retreat
suriagehara-decision-replace = commander re-placement
suriagehara-is-not-a-unit-of = { $o_unit } is not a unit of the active formation { $code_f } (§6.6 step 2)
suriagehara-is-not-on-the-map = { $o_unit } is not on the map
suriagehara-began-the-segment-in-contact = { $o_unit } began the segment in contact with an enemy and cannot move (§6.6 step 1)
suriagehara-has-already-moved-in-this = { $o_unit } has already moved in this segment (A10)
suriagehara-the-path-must-lead-from = the path must lead from { $start } to { $o_to }
suriagehara-and-are-not-adjacent = { $a } and { $b } are not adjacent
suriagehara-is-in-contact-with-an = { $a } is in contact with an enemy: the move must end there (§6.6 d)
suriagehara-is-water-a = { $b } is water (§6.6 a)
suriagehara-is-a-water-hexside-a = { $a }|{ $b } is a water hexside (§6.6 a)
suriagehara-holds-the-friendly-unit-no = { $b } holds the friendly unit { $other }: no entry or passage (§6.6 b)
suriagehara-holds-the-enemy-unit-b = { $b } holds the enemy unit { $other } (§6.6 b)
suriagehara-the-path-costs-more-than = the path costs { $cost }, more than { $o_unit }'s MA { $ma } (§6.6 c)
suriagehara-is-already-on = { $o_unit } is already on { $to }
suriagehara-is-water-a-2 = { $to } is water (§6.6 a)
suriagehara-holds-the-friendly-unit-b = { $to } holds the friendly unit { $other } (§6.6 b)
suriagehara-holds-the-enemy-unit-b-2 = { $to } holds the enemy unit { $other } (§6.6 b)
suriagehara-costs-at-least-more-than = { $to } costs at least { $c }, more than { $o_unit }'s MA { $ma } (§6.6 c)
suriagehara-no-legal-path-leads-to = no legal path leads { $o_unit } to { $to } (water, units or enemy contact in the way, §6.6)
suriagehara-attack-holds-no-enemy-unit = attack { $n } (`{ $printed }`): { $a_target } holds no enemy unit (P1)
suriagehara-attack-is-not-a-unit = attack { $n } (`{ $printed }`): { $u } is not a unit of the active formation { $code_f } (P1)
suriagehara-attack-is-not-in-contact = attack { $n } (`{ $printed }`): { $u } is not in contact with { $a_target } (P1)
suriagehara-attack-already-takes-part-in = attack { $n } (`{ $printed }`): { $u } already takes part in another attack (P3)
suriagehara-attack-is-already-a-target = attack { $n } (`{ $printed }`): { $a_target } is already a target of this plan (P2, A15)
suriagehara-attack-is-out-of-command = attack { $n } (`{ $printed }`): { $u } is out of command and may only attack alone (P4, A16)
suriagehara-is-in-contact-with-an-2 = { $u } is in contact with an enemy and must take part in an attack (P5)

# The map legend and the sides.
suriagehara-legend-terrain = Legend: .... flat  /^/^ slope  ^^^^ hill  ~~~~ water (lake, river)
suriagehara-legend-stream = {"        "}~~~ line between rows 09 and 10 = stream (water hexsides)
suriagehara-legend-units = {"        "}lower case = Ashina, UPPER case = Date, * = commander, 11= advance line
suriagehara-side = { $side }
suriagehara-re-place-on-a-nearest-retainer = Re-place { $leader } ({ $code }) on one of his nearest retainers
suriagehara-move = move { $o_unit }{ $carrier } { $from }>{ $to } [{ $cost }/{ $ma }]{ $if_contact_contact }
suriagehara-death-check-for-die-killed = death check for { $fdata_u_f } ({ $code_u_f }): die { $d } -> { $if_killed_killed } (killed on { $need_en })
suriagehara-is-killed-is-leaderless-army = { $d_name } ({ $code }) is killed; { $code } is leaderless; { $d_side_name } Army Morale { $before } -> { $before_1 }
suriagehara-is-re-placed-on-in = { $fdata_f_name } ({ $code_f }) is re-placed on { $u } in { $units_u }
suriagehara-attack-d-vs-d-diff = attack { $atk_target }: { $names } { $lead_cs }+{ $atk_support }={ $strength } d{ $a } ={ $ta }  vs { $vname } { $ds } d{ $d } ={ $td }  diff { $diff } => { $verdict_en }
suriagehara-advances = { $lead }{ $if_is_carrier_lead } advances { $from }>{ $res_attack_target }
suriagehara-t-draw = T{ $turn } { $side_name } draw { $code_f } ({ $fdata_f_name }, { $if_kind_of_f })
suriagehara-turn = Turn
suriagehara-army-morale = Army Morale
suriagehara-wind = Wind
suriagehara-reading = Reading
suriagehara-used = Used
suriagehara-pool = Pool
suriagehara-unreleased = Unreleased
suriagehara-leaderless = Leaderless
suriagehara-destroyed = Destroyed
suriagehara-retreats = Retreats
suriagehara-can-move = Can move
suriagehara-must-fight = Must fight
suriagehara-re-place-on = Re-place on
suriagehara-result = Result
suriagehara-waiting-for = Waiting for
suriagehara-your-cup = Your cup
suriagehara-setup-deployment-sealed = Setup: deployment (sealed)
suriagehara-action-start-phase-chit-selection = Action Start Phase: chit selection (sealed)
suriagehara-action-phase-drawn-takazane-substitution = Action Phase: { $fdata_chit_code } drawn, Takazane substitution?
suriagehara-on-the-chit = {" "}(on the { $fdata_a_chit } chit)
suriagehara-action-phase = Action Phase: { $fname_a_formation } { $kind }{ $sub }, { $seg }
suriagehara-action-phase-2 = Action Phase
suriagehara-game-over = Game over
suriagehara-sandstorm-ashina-turns-wind-markers = sandstorm (Ashina, turns 1-3); wind markers come at turn 4
suriagehara-first-move-only-the-commander = first move: only the commander, not behind the deployment line
suriagehara-reverse-wind-active-date-resolve = reverse wind active: Date Resolve +1 this turn
suriagehara-cup = Cup
suriagehara-cs = CS
suriagehara-wins = { $side_name } wins
suriagehara-draw-2 = draw
suriagehara-your-deployment-is-submitted-shown = Your deployment is submitted (shown on the map only to you).
suriagehara-on = on { $c } { $h }
suriagehara-set-aside = set aside
suriagehara-killed = killed
suriagehara-supreme = {" "}SUPREME
suriagehara-not-moved = {" "}not moved

# Segments, winds, command, the roster's columns and states.
suriagehara-move-and-combat = Move & Combat
suriagehara-move-or-combat = Move or Combat
suriagehara-movement-segment = Movement Segment
suriagehara-combat-segment = Combat Segment
suriagehara-wind-calm = calm
suriagehara-wind-reverse = REVERSE
suriagehara-in-command = in command
suriagehara-out-of-command = out of command
suriagehara-roster-code = Code
suriagehara-roster-commander = Commander
suriagehara-roster-resolve = R
suriagehara-roster-chit = Chit
suriagehara-roster-entry = In
suriagehara-roster-units = Units
suriagehara-roster-commander-at = Commander at / status
suriagehara-roster-move-and-combat = M&C
suriagehara-roster-move-or-combat = MoC
suriagehara-status-unreleased = unreleased
suriagehara-status-released = released
suriagehara-status-destroyed = destroyed

suriagehara-side-name = { $side ->
    [ashina] Ashina
   *[date] Date
}
# Private events retold in the third person, for readers of a finished game's journal.
suriagehara-side-deployment-is-recorded = { $side ->
    [ashina] Ashina's
   *[date] Date's
} deployment is recorded
suriagehara-side-chit-selection-is-recorded = { $side ->
    [ashina] Ashina's
   *[date] Date's
} chit selection is recorded

# Why a game ended.
suriagehara-reason-supreme-killed = the enemy supreme commander was killed
suriagehara-reason-resigned = resignation
suriagehara-reason-morale = Army Morale (Ashina { $ashina }, Date { $date })
suriagehara-reason-advance-line = commanders beyond the advance line: Ashina { $ashina }, Date { $date }
suriagehara-picture-your-pool = Your pool: touch the chits to put in the cup
spot-suriagehara-standard = Standard deployment
spot-suriagehara-cup = Put these in the cup
spot-suriagehara-sub-tk = Tomita Takazane acts
spot-suriagehara-sub-own = The drawn formation acts
spot-suriagehara-done = Move done
spot-suriagehara-attack = The plan is complete

# Pieces of the events' texts.
suriagehara-first-move-no-rearward-rows = ; first move: no rearward rows
suriagehara-first-move-commander-not-behind = ; first move: the commander may not go behind the deployment line
suriagehara-death-check-needs-6 = 6
suriagehara-death-check-needs-5-6 = 5-6
suriagehara-leader-killed = killed
suriagehara-leader-survives = survives
suriagehara-contact-stop = {" "}(contact, stop)
suriagehara-verdict-draw = draw, no effect
suriagehara-verdict-defender-retreats = defender retreats
suriagehara-verdict-defender-eliminated = defender eliminated
suriagehara-verdict-attacker-retreats = attacker retreats
suriagehara-verdict-lead-eliminated = lead eliminated, supporters retreat
suriagehara-retreat-displaces = {" "}(displaces { $unit }: chain retreat)
suriagehara-chit-move-and-combat = Move & Combat
suriagehara-chit-move-or-combat = Move or Combat
suriagehara-none-entered = -
# What a decision expects, when it gets another kind of answer.
suriagehara-expects-a-deployment = a deployment (`deploy ...`)
suriagehara-expects-a-chit-selection = a chit selection (`cup ...`)
suriagehara-expects-a-substitution = `sub own` or `sub tk`
suriagehara-expects-move-orders = move orders (`move ...`)
suriagehara-expects-a-combat-plan = a combat plan (`attack ...`)
suriagehara-expects-a-retreat = a retreat (`retreat UNIT HEX`)
suriagehara-expects-a-re-placement = a re-placement (`replace CODE UNIT`)

# The formations, their chits, commanders and units as readers of each language see them; English names a
# formation by its code and a unit by its id.
suriagehara-formation = { $formation }
suriagehara-chit = { $formation }
suriagehara-leader = { $formation ->
    [YO] Ashina Yoshihiro
    [TK] Tomita Takazane
    [UZ] Tomita Ujizane
    [KM] Kanagami Moriharu
    [KY] Hirata Kiyonori
    [UN] Hirata Ujinori
    [MG] Matsumoto Genbee
    [SE] Sase Tsunemasa
    [MA] Date Masamune
    [SG] Date Shigezane
    [IN] Inawashiro Morikuni
    [KT] Katakura Kagetsuna
    [SR] Shiroishi Munezane
    [HR] Harada Munetoki
    [YS] Yashiro Kageyori
    [OU] Ōuchi Sadatsuna
    [KH] Katahira Chikatsuna
   *[other] { $formation }
}
# A chit drawn, after its code: its commander in English.
suriagehara-leader-or-code = { $formation ->
    [YO] Ashina Yoshihiro
    [TK] Tomita Takazane
    [UZ] Tomita Ujizane
    [KM] Kanagami Moriharu
    [KY] Hirata Kiyonori
    [UN] Hirata Ujinori
    [MG] Matsumoto Genbee
    [SE] Sase Tsunemasa
    [MA] Date Masamune
    [SG] Date Shigezane
    [IN] Inawashiro Morikuni
    [KT] Katakura Kagetsuna
    [SR] Shiroishi Munezane
    [HR] Harada Munetoki
    [YS] Yashiro Kageyori
    [OU] Ōuchi Sadatsuna
    [KH] Katahira Chikatsuna
   *[other] { $formation }
}
suriagehara-formation-listed = { $formation }
suriagehara-leader-title = { $formation ->
    [YO] 葦名義広 Ashina Yoshihiro
    [TK] 富田隆実 Tomita Takazane
    [UZ] 富田氏実 Tomita Ujizane
    [KM] 金上盛備 Kanagami Moriharu
    [KY] 平田舜範 Hirata Kiyonori
    [UN] 平田氏範 Hirata Ujinori
    [MG] 松本源兵衛 Matsumoto Genbee
    [SE] 佐瀬常昌 Sase Tsunemasa
    [MA] 伊達政宗 Date Masamune
    [SG] 伊達成実 Date Shigezane
    [IN] 猪苗代盛国 Inawashiro Morikuni
    [KT] 片倉景綱 Katakura Kagetsuna
    [SR] 白石宗実 Shiroishi Munezane
    [HR] 原田宗時 Harada Munetoki
    [YS] 屋代景頼 Yashiro Kageyori
    [OU] 大内定綱 Ōuchi Sadatsuna
    [KH] 片平親綱 Katahira Chikatsuna
   *[other] { $formation }
}
suriagehara-unit = { $formation }{ $serial }
# How a combat report marks the unit that carries its commander (Japanese names the retainer instead).
suriagehara-carrier-mark-in-report = *
