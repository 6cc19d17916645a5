# senbat: texts of the engines (generated from the former inline pairs).

senbat-d-choose-one-adjacent-target = D{ $code }: choose one adjacent target for each engaged card: targets A>B,...
senbat-one-pair-per-listed-card = one pair per listed card
senbat-organise-your-sonae-sealed-every = Organise your sonae (sealed): every troop to one core, at most 6 each
senbat-sonae-core-card-card-core = `sonae CORE: CARD CARD; CORE: ...` naming each of your troops exactly once (cores not named lead none), or `sonae quickstart`.
senbat-deploy-one-sonae-in-your = Deploy one sonae in your zone
senbat-deploy-core-at-x-y = `deploy CORE at X,Y hH form SLOT=CARD,...`: core centre X 0..750, Y { $y0 }..{ $y1 } mm (every card inside the zone, no overlap), heading H 0..359 (0 = north), a slot (F FL FR L R B BL BR; F excludes FL/FR, B excludes BL/BR) for every organised troop. Also `deploy-reset` (once), then `deploy-forfeit CORE`.
senbat-move-sonae-form-slot-card = { $space_note }. `move SONAE [form SLOT=CARD,...] [rot -90..+90] fwd|back J` (J = 1..MV of the sonae; back needs damage), `shoot SONAE [rot ..] [fire SHOOTER>TARGET,...]`, `charge SONAE J`, `recover [CARD]`, `defend` (stock < 3). A sonae's 2nd execution in a turn costs 2 tokens; no 3rd.
senbat-place-your-action-tokens-sealed = Place your 4 action tokens (sealed): tokens MV=a SH=b CH=c RD=d
senbat-use-your-save-stock-a = Use your save stock (a 4+ save for every success)? `policy stock never|min N` also answers future ones
senbat-kenkon-itteki-discard-a-token = Kenkon itteki: discard a token for +1 on every die of this roll?
senbat-battle-situation-take-a-token = Battle situation: take a token from the opponent's space and put it on yours
senbat-recover-succeeded-choose-the-card = Recover succeeded: choose the card that loses 1 damage
senbat-senbat = Senbat
senbat-two-armies-of-unit-cards = Two armies of unit cards (Oda and Takeda) fight on a 750 x 680 mm field. Sonae (a general and up to six troops in formation) move, turn, shoot and charge, driven by a mancala board of four action tokens. Win by morale 6, by holding twice the opponent's tokens, or by taking the enemy HQ. Options choose who plays Oda and who moves first, a quick start without organisation and deployment, a turn limit, and the rulebook's second sowing order (see the rules).
senbat-senbat-is-for-exactly-players = senbat is for exactly 2 players
senbat-seat-option-out-of-range = `{ $option }` is { $seat }, but senbat's two seats are 0 and 1 (seats are counted from 0)
senbat-north-zone = north zone
senbat-south-zone = south zone
senbat-sente-south = sente, south
senbat-gote-north = gote, north
senbat-order-not-drawn = order not drawn
senbat-you = {" "}(you)
senbat-your-sealed-tokens = Your sealed tokens:
senbat-you-2 = you
senbat-organisation-sealed = organisation (sealed)
senbat-deployment = deployment
senbat-token-placement-sealed = token placement (sealed)
senbat-game-over = game over
senbat-card-battle = (備え card battle)
senbat-north-is-up-each-card = North is up; each card's thick edge is its front.
senbat-tokens-morale-stock = tokens { $tokens } · morale { $morale }/6 · stock { $stock }/3
senbat-kills-generals-troops = kills: generals { $general_kills }, troops { $troop_kills }
senbat-kenkon-itteki = kenkon itteki: { $if_kenkon_used_used }
senbat-waiting-for = Waiting for { $who }: { $super_render_kind_text }
senbat-the-turn-limit-is-reached = The turn limit is reached: decided on morale, then tokens, then credit.
senbat-it-is-a-draw = { $text } It is a draw.
senbat-wins = { $seat_winner } wins: { $why }
senbat-the-enemy-hq-is-lost = the enemy HQ is lost
senbat-morale-reached = morale reached 6
senbat-action-tokens-vs-twice-the = action tokens { $tokens_q } vs { $tokens_o } (twice the opponent's)
senbat-for-both-players-the-non = { $a } for both players; the non-acting player wins
senbat-the-opponent-resigned = the opponent resigned
senbat-the-four-token-counts-must = the four token counts must add up to 4
senbat-a-turn-needs-at-least = a turn needs at least one execution; `end` comes after it
senbat-kenkon-needs-a-space-of = kenkon needs a space of your board holding a token
senbat-take-from-a-space-of = take from a space of the opponent's board that holds a token
senbat-cannot-recover-choose-one-of = `{ $card }` cannot recover: choose one of your damaged non-HQ cards
senbat-does-not-answer-this-decision = `{ $super_notation_print }` does not answer this decision
senbat-answer-stock-use-or-stock = answer `stock use` or `stock no`
senbat-there-is-no-card = there is no card `{ $id }`
senbat-is-not-your-card = `{ $id }` is not your card
senbat-is-not-an-hq-or = `{ $core }` is not an HQ or general
senbat-is-named-twice = `{ $core }` is named twice
senbat-leads-at-most-troops = `{ $core }` leads at most 6 troops
senbat-is-a-core-generals-are = `{ $t }` is a core: generals are never attached
senbat-is-assigned-twice = `{ $t }` is assigned twice
senbat-every-troop-must-join-a = every troop must join a sonae: `{ $cards_t_id }` is missing
senbat-invalid-formation = invalid formation: { $e }
senbat-is-not-a-member-of = `{ $id }` is not a member of this sonae (or is named twice)
senbat-the-formation-must-place-every = the formation must place every member: missing { $missing }
senbat-deploy-quickstart-needs-the-quick = `deploy quickstart` needs the quick-start organisation
senbat-nothing-left-to-deploy = nothing left to deploy
senbat-deploy-reset-may-be-used = `deploy-reset` may be used once per game
senbat-deploy-forfeit-is-allowed-only = `deploy-forfeit` is allowed only after `deploy-reset`
senbat-forfeit-an-undeployed-general-s = forfeit an undeployed general's sonae (never the HQ)
senbat-is-not-an-undeployed-core = `{ $core }` is not an undeployed core of yours
senbat-heading-must-be = heading must be 0..359
senbat-would-span-x-y-outside = { $cards_i_id } would span x { $mm_mnx }..{ $mm_mxx }, y { $mm_mny }..{ $mm_mxy }: outside your zone y { $y0 }..{ $y1 }
senbat-would-overlap = { $cards_i_id } would overlap { $def_id }
senbat-answer-with-deploy-deploy-quickstart = answer with `deploy …`, `deploy quickstart`, `deploy-reset` or `deploy-forfeit CORE`
senbat-send-an-execution-move-shoot = send an execution: move, shoot, charge, recover, defend (or end)
senbat-this-turn-uses-every-execution = this turn uses { $spaces_sp }: every execution must be on that space
senbat-no-token-left-on-rd = no token left on RD
senbat-the-save-stock-is-already = the save stock is already 3
senbat-the-hq-can-never-recover = the HQ can never recover
senbat-is-not-a-damaged-card = { $id } is not a damaged card on the field
senbat-is-not-one-of-your = `{ $name }` is not one of your sonae on the field
senbat-sonae-has-already-acted-twice = sonae { $name } has already acted twice this turn
senbat-costs-token-s-double-action = { $name } costs { $cost } token(s) (double action) but only { $remaining } remain on { $spaces_space }
senbat-sonae-moves-s-whole-short = sonae { $name } moves 1..{ $k } S (whole short sides only)
senbat-rotation-is-degrees = rotation is -90..+90 degrees
senbat-a-backward-move-needs-damage = a backward move needs damage on the sonae
senbat-formation-change-at-would-overlap = formation change: { $cards_i_id } at { $sl_name } would overlap { $lab_idx_j } by { $mm_geometry_pen } mm
senbat-is-not-in-sonae = { $sh } is not in sonae { $name }
senbat-cannot-shoot = { $sh } cannot shoot
senbat-fires-once-per-execution = { $sh } fires once per execution
senbat-name-a-target-for = name a target for { $cards_a_id }
senbat-may-target-only = { $cards_a_id } may target only { $names }
senbat-there-is-no-card-2 = there is no card `{ $p }`
senbat-your-organisation = Your organisation: { $text }
senbat-your-tokens = Your tokens: { $tokens }
senbat-standing-policy-set = Standing policy set: { $txt }
senbat-organisation-received-from-both-players = Organisation received from both players. { $seat_sente } ({ $army_en_a_sente }) is sente: south zone, deploys and moves first; { $seat_opp_sente } ({ $army_en_a_opp }) is gote, north.
senbat-has-organised-their-sonae = { $seat_seat } has organised their sonae.
senbat-has-placed-their-action-tokens = { $seat_seat } has placed their action tokens (sealed).
senbat-tokens-revealed-p-p = Tokens revealed: P1 { $board_text_players_0 }, P2 { $board_text_players_1 }.
senbat-declines-kenkon-itteki = { $seat_seat } declines kenkon itteki.
senbat-uses-kenkon-itteki-a-token = { $seat_seat } uses KENKON ITTEKI: a token of { $spaces_sp } is discarded; every die of the roll +1.
senbat-battle-situation-takes-a-token = Battle situation: { $seat_seat } takes a token from { $seat_victim }'s { $spaces_take } and puts it on own { $spaces_put }.
senbat-resets-their-deployment-all-deployed = { $seat_seat } resets their deployment: all deployed sonae return to hand.
senbat-forfeits-sonae-leave-the-game = { $seat_seat } forfeits sonae { $core }: { $ids } leave the game (dispersed).
senbat-deploys-at-h = { $seat_seat } deploys { $core_to_uppercase } at ({ $mm }, { $mm_y }) h{ $h } { $form_txt }
senbat-t-cost-used = T{ $turn_no } { $seat_seat } { $spaces_plan_space } cost { $plan_cost } (used { $turn_used }/{ $players_seat_board }): { $txt }
senbat-changes-formation = { $cards_core_id } changes formation.
senbat-defends-save-stock = { $seat_seat } defends: save stock { $players_seat_stock }.
senbat-ends-the-turn-token-s = { $seat_seat } ends the turn: { $u } token(s) sown from { $spaces_sp } -> { $bt }.
senbat-the-save-stock = { $seat_seat } { $if_use_it_uses } the save stock.
senbat-recovers-damage = { $cards_i_id } recovers 1 damage ({ $cards_i_damage }/{ $state_durability_i }).
senbat-rotation-requested-stops-at-contact = { $cards_id } rotation { $delta }° requested, stops at { $got }°: contact with { $hit } -> { $pose_text }
senbat-mm-requested-stops-after-mm = { $cards_xi_id } { $verb_en } { $mm_d } mm requested; stops after { $t } mm: contact with { $hit } -> { $pose_text_xi }
senbat-mm = { $cards_xi_id } { $verb_en } { $mm_t } mm -> { $pose_text_xi }
senbat-shooting-orders = Shooting orders: { $txt }
senbat-is-void-a-card-is = { $cards_si_id }>{ $cards_ti_id } is void: a card is gone.
senbat-recover-rolls-needs = Recover: { $seat_seat } rolls { $dice_text_die } (needs 4+)
senbat-recover-fails = Recover fails.
senbat-recover-succeeds-but-no-card = Recover succeeds, but no card is damaged.
senbat-collision-takes-damage = Collision: { $cards_c_id } takes 1 damage ({ $cards_c_damage }/{ $state_durability_c }).
senbat-no-roll-the-target-is = { $cards_id }>{ $cards_q_id }: no roll, the target is already destroyed.
senbat-attacks-dice-vs = { $cards_id } attacks { $cards_q_id }: { $at_n } dice { $dice_text_at_dice } vs { $at }+
senbat-success-es = { $succ } success(es).
senbat-saves-vs = { $cards_q_id } saves: { $dice_text_at_save_dice } vs { $at_sv }+
senbat-is-removed-credited-to = { $lab_i } is removed ({ $why_en }); credited to { $seat_1_owner }.
senbat-dispersed-no-credit = Dispersed (no credit): { $ids }
senbat-battle-situation-gains-a-token = Battle situation: { $seat_q } gains a token from { $seat_opp_q } (counts { $tokens_q } : { $tokens_opp_q }).
senbat-target-face-dice = Target: { $cards_id } > { $cards_q_id } ({ $face } face, { $n } dice)
senbat-vs = { $if_charge_charge }: { $a_list_a_cards } vs { $e_i_cards }
senbat-no-counterattack-no-enemy-card = No counterattack: no enemy card is adjacent.
senbat-compare-gives-way = Compare { $seat_acting } { $ta } : { $seat_opp_acting } { $te } -> { $seat_if_defender_loses } gives way.
senbat-morale = { $seat_acting } morale { $mv }.
senbat-retreats-blocked-after-mm-by = { $cards_core_id } retreats { $en }: blocked after { $t } mm by { $hit_i_cards } -> { $pose_text_core }
senbat-retreats-mm = { $cards_core_id } retreats { $en } 63.0 mm -> { $pose_text_core }
senbat-resigns = { $seat_seat } resigns.
senbat-legend-a-d-sente-s = {" "}Legend: A-D sente's sonae, a-d gote's; ^ > v < / \ facing; ID at card centre;{"\u000A"} '.' no-man's land; one cell = { $cw }x{ $rh } mm; exact data in the roster.{"\u000A"}
senbat-board = board
senbat-organisation-sealed-2 = organisation (sealed)
senbat-token-placement-sealed-2 = token placement (sealed)
senbat-turn = turn { $turn_no }
senbat-to-act = {"  "}-- { $name_active } ({ $role_active }) to act
senbat-this-turn-space-token-s = This turn ({ $name_active }): space { $spaces_sp }, { $turn_used } token(s) committed
senbat-your-sealed-tokens-2 = Your sealed tokens: { $super_rules_board_text }{"\u000A"}
senbat-waiting-for-2 = Waiting for { $name }: { $kind_text_kind_lang }
senbat-may-target = {"  "}{ $cards_a_id } may target: { $names }
senbat-roster-cards-on-the-field = {" "}ROSTER (cards on the field){"\u000A"}
senbat-removed = Removed: { $gone }
senbat-charge-combat = Charge combat
senbat-melee = Melee
senbat-your-cores-your-troops = Your cores: { $cores }; your troops: { $troops }
senbat-your-sonae-to-deploy = Your sonae to deploy: { $parts }
senbat-tokens-morale-stock-kills-g = { $name } ({ $army }, { $role })  tokens { $tokens }  morale { $morale }/6  stock { $stock }/3  kills G{ $general_kills } T{ $troop_kills }
senbat-of-damage-placed-p-p = { $kind } of { $cards_c_id }: { $if_pairs_is_empty }; damage placed P1 { $c_tally_0 } : P2 { $c_tally_1 }

# Decision kinds by name (Engine::decision_name).
senbat-decision-organise = organise sonae
senbat-decision-deploy = deploy a sonae
senbat-decision-tokens = place tokens
senbat-decision-act = first execution of the turn
senbat-decision-continue = another execution or end
senbat-decision-stock = D11 use save stock?
senbat-decision-kenkon = D12 kenkon itteki?
senbat-decision-senkyo = D13 place a battle-situation token
senbat-decision-heal = D14 choose the card to recover
senbat-decision-targets = choose combat targets

# Action-board spaces, armies, faces, the execution hint and the roster's columns.
senbat-space = { $space }
senbat-army = { $army }
senbat-face = { $face }
senbat-space-note-this-turn = this turn uses { $space } ({ $left ->
    [one] { $left } token
   *[other] { $left } tokens
} left)
senbat-space-note-any = any space holding a token
senbat-prompt-first-execution = Your turn: send one execution
senbat-prompt-another-execution = Send another execution on the same space, or `end`
senbat-hint-title = Your options:
senbat-hint-move = {"  "}move SONAE [form SLOT=CARD,...] [rot -90..+90] fwd|back J
senbat-hint-shoot-charge = {"  "}shoot SONAE [rot ..] [fire SHOOTER>TARGET,...]   charge SONAE J
senbat-hint-recover-defend = {"  "}recover [CARD] | defend{ $end }
senbat-hint-end = {" | "}end
senbat-roster-slot = slot
senbat-roster-card = card
senbat-roster-type = type
senbat-roster-damage = dmg
senbat-roster-heading = h
senbat-roster-name = name
senbat-cannot-shoot-not-an-enemy = { $sh } cannot shoot { $tg }: not an enemy card on the field
senbat-cannot-shoot-out-of-field-of-fire = { $sh } cannot shoot { $tg }: outside its field of fire and range, or the line of fire is blocked
senbat-rotates = { $cards_id } rotates { $if_got_0 }{ $got_abs }° -> { $pose_text }
senbat-saved-takes-damage = { $card } saved { $saved }; { $card } takes { $placed } damage ({ $cards_q_damage }/{ $state_durability_q }).
senbat-face-tie-for-drawn = Face tie for { $cards_id }>{ $cards_q_id } ({ $names }): drawn { $f }.

# Refusals of commands that do not parse.
senbat-notation-error = { $problem }; { $help }
senbat-notation-help = notation: `sonae quickstart` | `sonae OG1: OP1 OP2; OG2: OC1` | `deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2` | `deploy quickstart` | `deploy-reset` | `deploy-forfeit OG3` | `tokens MV=1 SH=1 CH=1 RD=1` | `move OG1 [form FL=OP1,...] [rot -30] fwd 1` | `move OG1 back 1` | `shoot OG3 [rot +5] [fire OM1>TG3,OM2>TP3]` | `charge OG2 2` | `recover [OP1]` | `defend` | `end` | `targets OP1>TP1,...` | `stock use|no` | `kenkon no|use RD` | `senkyo take CH put MV` | `heal OP1` | `policy stock ask|never|min N` | `policy kenkon ask|never`
senbat-notation-empty = the command is empty
senbat-notation-unknown-command = unknown command `{ $word }`
senbat-notation-unknown-card = unknown card `{ $word }`
senbat-notation-unknown-space = unknown space `{ $word }` (`MV`, `SH`, `CH` or `RD`)
senbat-notation-unknown-slot = unknown slot `{ $word }` (`F FL FR L R B BL BR`)
senbat-notation-not-a-number = `{ $text }` is not a valid { $quantity }
senbat-notation-shape = `{ $text }` should look like `{ $shape }`
senbat-notation-rotation-out-of-range = a rotation is `-90`..`+90`
senbat-notation-expected = expected `{ $expected }`
senbat-notation-expected-direction = expected `fwd J` or `back J`, found `{ $found }`
senbat-notation-unexpected = unexpected `{ $word }`
senbat-notation-missing-card = `{ $command }` needs a card
senbat-quantity-rotation = rotation
senbat-quantity-x = x
senbat-quantity-y = y
senbat-quantity-heading = heading
senbat-quantity-count = count
senbat-quantity-distance = distance

# The text board: its title line and the labels beside the action board.
senbat-render-title = SENBAT  { $phase }{ $to_act }
senbat-board-stock = stock { $stock }
senbat-board-morale = morale{ $morale }

# Private events retold in the third person, for readers of a finished game's journal.
senbat-seat-organisation = Organisation of { $seat }: { $text }
senbat-seat-tokens = Tokens of { $seat }: { $tokens }
senbat-picture-facing = Facing
senbat-picture-turn = Turn
senbat-picture-distance = Distance
spot-senbat-organise-quick = Quick organisation
spot-senbat-deploy-quick = Quick deployment
spot-senbat-deploy-reset = Take the deployment back
spot-senbat-defend = Defend (save stock)
spot-senbat-recover = Recover no card
spot-senbat-end = End the turn
spot-senbat-stock-use = Use the save stock
spot-senbat-stock-keep = Keep the save stock
spot-senbat-kenkon-decline = Decline

# Words and names the events put together.
senbat-stock-uses = uses
senbat-stock-does-not-use = does not use
senbat-turned-right = +
senbat-turned-left = -
senbat-combat-charge-title = CHARGE COMBAT
senbat-combat-melee-title = MELEE
senbat-moves-back = moves back
senbat-advances = advances
senbat-removed-left-the-field = left the field
senbat-removed-destroyed = destroyed
senbat-removed-with-its-general = leaves with its general
senbat-retreat-toward-front = toward its front
senbat-retreat-toward-left = toward its left
senbat-retreat-toward-right = toward its right
senbat-retreat-backward = backward
senbat-army-oda = Oda
senbat-army-takeda = Takeda
senbat-space-mv = MV
senbat-space-sh = SH
senbat-space-ch = CH
senbat-space-rd = RD
senbat-face-front = front
senbat-face-right = right
senbat-face-back = back
senbat-face-left = left
senbat-type-hq = HQ
senbat-type-general = general
senbat-type-pikes = pikes
senbat-type-archers = archers
senbat-type-muskets = muskets
senbat-type-cavalry = cavalry

# The cards, slots and actions as readers of each language see them; English names a card by its id.
senbat-card = { $card }
senbat-card-labelled = { $card ->
    [OH] { $card } (HQ)
    [OG1] { $card } (general)
    [OG2] { $card } (general)
    [OG3] { $card } (general)
    [OP1] { $card } (pikes)
    [OP2] { $card } (pikes)
    [OP3] { $card } (pikes)
    [OP4] { $card } (pikes)
    [OM1] { $card } (muskets)
    [OM2] { $card } (muskets)
    [OM3] { $card } (muskets)
    [OA1] { $card } (archers)
    [OC1] { $card } (cavalry)
    [OC2] { $card } (cavalry)
    [TH] { $card } (HQ)
    [TG1] { $card } (general)
    [TG2] { $card } (general)
    [TG3] { $card } (general)
    [TP1] { $card } (pikes)
    [TP2] { $card } (pikes)
    [TP3] { $card } (pikes)
    [TM1] { $card } (muskets)
    [TA1] { $card } (archers)
    [TA2] { $card } (archers)
    [TA3] { $card } (archers)
    [TC1] { $card } (cavalry)
    [TC2] { $card } (cavalry)
    [TC3] { $card } (cavalry)
   *[other] { $card }
}
# A general's or commander's own name.
senbat-card-name = { $card ->
    [OH] Oda Nobunaga
    [OG1] Shibata Katsuie
    [OG2] Maeda Toshiie
    [OG3] Hashiba Hideyoshi
    [OP1] nagayari-tai
    [OP2] nagayari-tai
    [OP3] nagayari-tai
    [OP4] nagayari-tai
    [OM1] teppo-tai
    [OM2] teppo-tai
    [OM3] teppo-tai
    [OA1] yumi-tai
    [OC1] kiba-tai
    [OC2] kiba-tai
    [TH] Takeda Katsuyori
    [TG1] Yamagata Masakage
    [TG2] Baba Nobuharu
    [TG3] Naito Masahide
    [TP1] nagayari-tai
    [TP2] nagayari-tai
    [TP3] nagayari-tai
    [TM1] teppo-tai
    [TA1] yumi-tai
    [TA2] yumi-tai
    [TA3] yumi-tai
    [TC1] kiba-tai
    [TC2] kiba-tai
    [TC3] kiba-tai
   *[other] { $card }
}
senbat-card-title = { $card ->
    [OH] { $card } Oda Nobunaga
    [OG1] { $card } Shibata Katsuie
    [OG2] { $card } Maeda Toshiie
    [OG3] { $card } Hashiba Hideyoshi
    [OP1] { $card } nagayari-tai
    [OP2] { $card } nagayari-tai
    [OP3] { $card } nagayari-tai
    [OP4] { $card } nagayari-tai
    [OM1] { $card } teppo-tai
    [OM2] { $card } teppo-tai
    [OM3] { $card } teppo-tai
    [OA1] { $card } yumi-tai
    [OC1] { $card } kiba-tai
    [OC2] { $card } kiba-tai
    [TH] { $card } Takeda Katsuyori
    [TG1] { $card } Yamagata Masakage
    [TG2] { $card } Baba Nobuharu
    [TG3] { $card } Naito Masahide
    [TP1] { $card } nagayari-tai
    [TP2] { $card } nagayari-tai
    [TP3] { $card } nagayari-tai
    [TM1] { $card } teppo-tai
    [TA1] { $card } yumi-tai
    [TA2] { $card } yumi-tai
    [TA3] { $card } yumi-tai
    [TC1] { $card } kiba-tai
    [TC2] { $card } kiba-tai
    [TC3] { $card } kiba-tai
   *[other] { $card }
}
senbat-slot = { $slot }
# An executed action in the log: English writes its notation, Japanese describes it.
senbat-action-move = move { $card }
senbat-action-shoot = shoot { $card }
senbat-action-charge = charge { $card }
senbat-action-parts-separator = {" "}
senbat-action-form = form { $slots }
senbat-action-form-slot = { $slot }={ $card }
senbat-action-form-separator = ,
senbat-action-rotation = rot { $turn ->
    [right] +{ $degrees }
   *[left] -{ $degrees }
}
senbat-action-advance = { $back ->
    [yes] back
   *[no] fwd
} { $sides }
senbat-action-charge-advance = { $sides }
senbat-action-fire = fire { $pairs }
senbat-action-fire-pair = { $from }>{ $to }
senbat-action-fire-separator = ,
senbat-action-recover = { $card ->
    [none] recover
   *[other] recover { $card }
}
senbat-action-defend = defend
senbat-turn-number = turn { $turn }
senbat-kenkon-state = { $used ->
    [yes] used
   *[no] unused
}
senbat-no-targets-yet = targets not yet declared
# A sonae, by its core card.
senbat-sonae = { $card }
# The action space of this turn, by its code.
senbat-space-in-turn = { $space }
