# shidouban: texts of the engines (generated from the former inline pairs).

shidouban-unknown-person-use-a-three = unknown person `{ $trim }`; use a three-letter code such as KON
shidouban-expected-items-like-tod-sai = expected items like `TOD=1,SAI=2`
shidouban-unknown-tile-use-a-code = unknown tile `{ $t }`; use a code such as AIZ
shidouban-use-use-none-use-aiz = use: `use none`, `use AIZ 52` or `use IIN OKI`
shidouban-kuchi-kuchi-u-kuchi-d = kuchi: `kuchi U`, `kuchi D`, `kuchi L` or `kuchi R`
shidouban-kakugo-kakugo = kakugo: `kakugo 44`
shidouban-dokatsu-squares-in-moving-order = dokatsu: squares in moving order, `dokatsu 45,44,62`
shidouban-alloc-alloc-tod-sai = alloc: `alloc TOD=1,SAI=2`
shidouban-order-order-c = order: `order C2`
shidouban-pref-pref-kuchi-auto-pass = pref: `pref kuchi auto-pass all|rank-and-file|off` or `pref reprieve ask|never [save MINE,OKI]`
shidouban-decision-with-detail = { $decision } { $detail }
shidouban-you-are-of = You are #{ $i } of { $order }.
shidouban-dice-against-each-takes-of = { $force } dice against { $names }: each takes { $q }, { $m } of them one more.
shidouban-targets-and-to-assign = Targets { $first } and { $second }; to assign: { $both }.
shidouban-acting-duty = ({ $person } acting, duty { $duty })
shidouban-choose-your-person = Choose your person
shidouban-use-an-event-tile-or = Use an event tile or `use none`
shidouban-interject-on-s-move-priority = Interject on { $person }'s move? Priority order { $order } (your answer applies only if everyone before you passes)
shidouban-resolve-choose-the-destination-square = Resolve: choose the destination square
shidouban-intimidation-give-the-moving-order = Intimidation: give the moving order of all affected squares, e.g. `dokatsu 45,44,62`
shidouban-aburanokoji-assign-each-doubly-eligible = Aburanokoji: assign each doubly-eligible person to a side
shidouban-allocate-the-enemy-dice-as = Allocate the enemy dice (as even as possible)
shidouban-several-combats-are-pending-choose = Several combats are pending: choose the next
shidouban-removal-of-play-ish = Removal of { $batch }: play ISH?
shidouban-resolving-a-removal = Resolving a removal...
shidouban-shidouban-the-bushido-board = Shidouban (The Bushido Board)
shidouban-kyoto-each-player-is-one = Kyoto 1863-1868: each player is one Shinsengumi member on a 6x6 board of attitudes. Twelve turns sweep the board square by square; persons pass bushido checks, move by their arrows or by a paid interjection, and fight hostile event tiles. Last player standing, or the best Martial+Eloquence with comrades after turn 12, wins. An option plays the rulebook's literal reading of where a wounded person goes (see the rules).
shidouban-shidouban-is-for-players = Shidouban is for 2-4 players
shidouban-list-every-affected-square-once = List every affected square once, in the order the persons are pushed down: `dokatsu 45,44,62`
shidouban-final-scoring-wins = Final scoring: { $w } wins
shidouban-is-the-last-player-with = { $rules_letter_w } is the last player with a person on the board
shidouban-the-shinsengumi-is-disbanded-all = The Shinsengumi is disbanded: all players lose
shidouban-you-are-already-out-of = you are already out of the game
shidouban-resigns = { $rules_letter_seat } resigns
shidouban-acted = acted{" "}
shidouban-fianc-e = fiancée{" "}
shidouban-no-resolve = no resolve{" "}
shidouban-kinn-column = ← kinnō (column 6)
shidouban-sabaku-column = sabaku (column 1) →
shidouban-you = {" "}(you)
shidouban-on-duty = {" "}· on duty
shidouban-pt = pt
shidouban-holds-w-b-tiles = holds w{ $pl_w } b{ $pl_b } · { $pl_tiles ->
    [one] { $pl_tiles } tile
   *[other] { $pl_tiles } tiles
} · { $status_word_pl_status }
shidouban-none = none
shidouban-your-tiles = Your tiles: { $if_names_is_empty }
shidouban-you-2 = You
shidouban-waiting-for = Waiting for { $who }
shidouban-shidouban-turn-duty = Shidouban 士道盤 — turn { $turn }/12 { $label_en }, duty { $letter_duty }
shidouban-bag-white-black-person-pile = bag: { $bag_w } white, { $bag_b } black · person pile { $person_pile } · event pile { $event_pile }
shidouban-answer-the-reprieve-first-reprieve = answer the reprieve first (`reprieve <person>` or `reprieve none`); set preferences with a later decision
shidouban-is-not-an-unchosen-person = { $code } is not an unchosen person on the board
shidouban-is-not-a-legal-placement = `{ $super_notation_print }` is not a legal placement (hand tile, placement rules §6.13)
shidouban-kuchi-not-a-legal-direction = kuchi { $d_code }: not a legal direction or you hold no stone of its colour
shidouban-is-not-a-candidate-square = { $q_ascii } is not a candidate square
shidouban-dokatsu-list-every-affected-square = dokatsu: list every affected square exactly once
shidouban-side-assign-each-doubly-eligible = side: assign each doubly-eligible person to one of the two targets
shidouban-c-is-not-a-pending = C{ $id } is not a pending combat
shidouban-is-not-being-removed = { $q_code } is not being removed
shidouban-this-command-does-not-answer = this command does not answer the pending decision
shidouban-does-not-take-part-on = { $code } does not take part on this side
shidouban-each-participant-takes-or-dice = { $code }={ $k }: each participant takes { $q } or { $q_1 } dice (as even as possible)
shidouban-exactly-participant-s-must-take = exactly { $m } participant(s) must take { $q_1 } dice
shidouban-preference-saved = Preference saved: { $text }
shidouban-your-allocation-is-sealed-until = Your allocation is sealed until the other side's is in
shidouban-you-decline-to-use-ish = You decline to use ISH
shidouban-your-interjection-answer-is-recorded = Your interjection answer is recorded (sealed)
shidouban-draws-stone-s-w-b = { $letter_seat } draws { $w_b } stone(s): w{ $w } b{ $b } -> hand w{ $hw } b{ $hb } (bag w{ $bag_w } b{ $bag_b })
shidouban-turn-begins = Turn { $turn } begins: { $en }
shidouban-receives-event-tile-s = { $letter_seat } receives { $got } event tile(s)
shidouban-no-player-s-person-is = No player's person is left on the board: the Shinsengumi is disbanded, all players lose
shidouban-only-s-person-is-left = Only { $letter_on_0 }'s person is left on the board: { $letter_on_02 } wins
shidouban-turn-is-over-final-scores = Turn 12 is over. Final scores: { $txt }
shidouban-eej-walks-d = EEJ walks (d6: { $rolls }): { $start_ascii } -> { $ascii }
shidouban-replenishment-placed-on-dice = Replenishment: { $pname } placed on { $both } (dice { $r })
shidouban-c-lapses = C{ $c_id } ({ $c_tile_code }) lapses
shidouban-is-injured-and-stays-on = { $pname } is injured and stays on { $ascii }
shidouban-is-discarded = { $c_tile_code } is discarded
shidouban-is-removed-from = { $pname_q } is removed from { $ascii_unwrap_or_default }
shidouban-is-eliminated-hand-stones-w = { $letter_o } is eliminated; hand stones w{ $w } b{ $b } to the bag; tiles discarded: { $if_codes_is_empty }
shidouban-deserts-and-goes-back-into = { $pname } deserts and goes back into the person pile
shidouban-is-pushed-down = { $pname_q } is pushed down { $ascii } -> { $d_ascii }
shidouban-assassination-of-d-vs = Assassination of { $pname_t }: d6={ $d } vs { $buto } -> { $if_ok_success }
shidouban-the-assassination-target-is-the = The assassination target is the assassin itself: nothing happens
shidouban-resolve-no-combat-square-in = Resolve: no combat square in this half, nothing happens
shidouban-resolve = Resolve: { $ascii } -> { $cands_0_ascii }
shidouban-coughing-blood-d = Coughing blood: d6={ $d }
shidouban-intimidation-nobody-in-the-other = Intimidation: nobody in the other half
shidouban-defection = Defection: { $ascii } -> { $dest_ascii }
shidouban-defection-blocked-desertion-instead = Defection blocked: desertion instead
shidouban-carelessness-d = Carelessness: d6={ $d }
shidouban-panic = Panic: { $ascii } -> { $dest_ascii }
shidouban-panic-blocked-desertion-instead = Panic blocked: desertion instead
shidouban-moves-down = { $pname } moves down { $ascii } -> { $d_ascii }
shidouban-desertion-d = Desertion: d6={ $d }
shidouban-moves = { $pname } moves { $d_code } { $both } -> { $to_both }
shidouban-t-k-acts = T{ $turn }.k{ $k } { $both }: { $pname } acts
shidouban-duty-marker-to-hand-w = Duty marker to { $letter }; hand w{ $w } b{ $b } back to the bag
shidouban-bushido-check-d-success = Bushido check { $pname }: d6={ $d } <= { $v } success
shidouban-fuk-is-discarded-after-the = FUK is discarded after the check
shidouban-cannot-move = { $pname } cannot move
shidouban-uses-no-event-tile = { $letter } uses no event tile
shidouban-resolve-duty-chooses = Resolve: duty { $letter_duty } chooses { $from_ascii } -> { $q_ascii }
shidouban-intimidation-order = Intimidation order ({ $letter_duty }): { $super_notation_print }
shidouban-sides = Sides ({ $letter_duty }): { $super_notation_print }
shidouban-allocation = Allocation { $txt }
shidouban-chooses-combat-c-first = { $letter_duty } chooses combat C{ $id } first
shidouban-ish-played-by-on-the = ISH played by { $letter } on { $pname_q }: the removal is cancelled
shidouban-interjection = Interjection: { $pass_txt }{ $if_pass_txt_is_empty }{ $letter } { $d_code }({ $col })
shidouban-interjection-natural-movement = Interjection: { $pass_txt }; natural movement
shidouban-your-preferences = Your preferences
shidouban-discard = discard: { $all }
shidouban-text-3 = { $d_code }->{ $to } ({ $if_white_white })
shidouban-moving-arrows-legal-natural = Moving: { $code } arrows { $arrows } | legal { $legal } | natural { $nat_code }
shidouban-pending-combats = pending combats
shidouban-options = options:
shidouban-waiting-for-2 = Waiting for: { $waiting }
shidouban-legend-kon-a-player-a = Legend: KON A = player A's person (no letter = rank-and-file); w/b = white/black stones; ~ acted; I fiancee, F lacking resolve; > active square. Tiles: v triggers below, ^ above, + four sides, 2 two sides, | its column. Right = towards column 1 (sabaku). * = duty.
shidouban-commands-help = commands: pick KON | use none | use AIZ 52 | use IIN OKI | pass | kuchi L | kakugo 44 | dokatsu 45,44,62 | side MAT=ITO | alloc TOD=1,SAI=2 | order C2 | reprieve OKI | reprieve none

# Decision kinds by name (Engine::decision_name).
shidouban-decision-pick = choose your person
shidouban-decision-event = use an event tile
shidouban-decision-kuchi = interject
shidouban-decision-kakugo = choose the resolve destination
shidouban-decision-dokatsu = order the intimidation
shidouban-decision-side = assign sides (Aburanokoji)
shidouban-decision-alloc = allocate the enemy dice
shidouban-decision-order = choose the next combat
shidouban-decision-removal = use ISH or not
shidouban-you-receive-tile = You receive tile { $code } { $tile }
shidouban-is-injured-and = { $pname } is injured and { $how } { $ascii } -> { $d_ascii }
shidouban-is-discarded-with = { $t_code } is discarded with { $q_code }
shidouban-bushido-check-d-fail = Bushido check { $pname }: d6={ $d } > { $v } FAIL -> { $f }
shidouban-chooses = { $letter } chooses { $code } { $romaji }
shidouban-places-on = { $letter } places { $t_code } ({ $t }) on { $q_both }
shidouban-places-on-2 = { $letter } places { $t_code } ({ $t }) on { $pname }

# The text render's header, table columns and states.
shidouban-header-turn = T{ $turn }/12 { $label } | active { $square } (k={ $k }) | duty: { $duty }
shidouban-header-piles = bag w{ $white } b{ $black } | person pile { $persons } | event pile { $events }
shidouban-table-column = { $column ->
    [seat] Pl
    [name] Name
    [person] Person
    [martial] Mar
    [eloquence] Elo
    [respect] Res
    [bushido] Bsh
    [failure] Fail
    [hand] Hand
    [tiles] Tiles
    [status] Status
   *[now] Now
}
shidouban-status-active = active
shidouban-status-suspended = suspended
shidouban-status-out = out
shidouban-status-on-the-board = on the board
shidouban-status-in-the-pile = in the pile

# The text board's last line when the game is over.
shidouban-render-end-all-lose = Game over: no player's person is left; the Shinsengumi is disbanded and all players lose.
shidouban-render-end-sole = Game over: only { $seat }'s person remains; { $seat } ({ $name }) wins.
shidouban-render-end-scored = Game over after turn 12: final scores in column Now.

# Private events retold in the third person, for readers of a finished game's journal.
shidouban-seat-receives-tile = { $seat } receives tile { $code } { $tile }
shidouban-seat-allocation-is-sealed-until = { $seat }'s allocation is sealed until the other side's is in
# Touching the picture (shared/src/games/shidouban/gestures.rs).
spot-shidouban-use-none = Use no tile
spot-shidouban-pass = Pass
spot-shidouban-up = Interject: up (U)
spot-shidouban-down = Interject: down (D)
spot-shidouban-left = Interject: left (L)
spot-shidouban-right = Interject: right (R)
spot-shidouban-reprieve-none = Give no reprieve

# The turn labels (§3.3).
shidouban-turn-label = { $turn ->
    [1] Bunkyu 3, spring-summer
    [2] Bunkyu 3, autumn-winter
    [3] Genji 1, spring-summer
    [4] Genji 1, autumn-winter
    [5] Keio 1, spring-summer
    [6] Keio 1, autumn-winter
    [7] Keio 2, spring-summer
    [8] Keio 2, autumn-winter
    [9] Keio 3, spring-summer
    [10] Keio 3, autumn-winter
    [11] Keio 4, spring-summer
   *[12] Meiji 1, autumn-winter
}
shidouban-failure-name = { $failure ->
    [ansatsu] assassination
    [kakugo] resolve
    [kakketsu] coughing blood
    [shuran] drunken rage
    [seppuku] seppuku
    [dasso] desertion
    [dokatsu] intimidation
    [toshi] fighting spirit
    [fudo] immovable
    [fungai] indignation
    [hensetsu] defection
    [yudan] carelessness
   *[robai] panic
}
shidouban-combat-kind-name = { $kind ->
    [kiriai] sword fight
    [juhogeki] gunfire
   *[naguriai] brawl
}
# A combat's report.
shidouban-combat-report = Combat C{ $id }: { $tile }@{ $square } ({ $kind }, { $force }) vs { $targets }
shidouban-combat-force-dice = Dx{ $force }
shidouban-combat-force-sides = sides of { $a } and { $b }
shidouban-combat-target-separator = {" / "}
shidouban-combat-side = {"  "}side of { $target } (allocated by { $responsible }): { $parts }
shidouban-combat-member = { $person } [{ $rolls }] { $outcome }
shidouban-combat-member-separator = ;{" "}
shidouban-combat-no-dice = no dice
shidouban-combat-no-damage = no damage
shidouban-combat-injured = injured
shidouban-combat-killed = killed
# Pieces of other events.
shidouban-injured-falls-back = falls back
shidouban-injured-is-carried-up = is carried up
shidouban-no-tiles = -
shidouban-check-success = success
shidouban-check-fails = fails
shidouban-column-separator = {" | "}
shidouban-stone-white = W
shidouban-stone-black = B
# The board picture's panel.
shidouban-panel-person = { $name } mar { $buto } elo { $ronpa } res { $sonkei } bsh { $shido } { $failure }
shidouban-picture-end-all-lose = Game over: no player's person is left; everyone loses.
shidouban-picture-end-sole = Game over: { $letter } ({ $name }) wins.
shidouban-picture-end-scored = Game over after turn 12: final scores above.

# The persons, the tiles, the directions and the rows as readers of each language see them; in English a
# person or tile is named by its code.
shidouban-person = { $person }
shidouban-person-short = { $person }
shidouban-person-name = { $person ->
    [KON] Kondo Isami
    [HIJ] Hijikata Toshizo
    [OKI] Okita Soji
    [NAG] Nagakura Shinpachi
    [SAI] Saito Hajime
    [HAR] Harada Sanosuke
    [TOD] Todo Heisuke
    [INO] Inoue Genzaburo
    [YMN] Yamanami Keisuke
    [SER] Serizawa Kamo
    [NII] Niimi Nishiki
    [HIR] Hirayama Goro
    [ITO] Ito Kashitaro
    [TAK] Takeda Kanryusai
    [TAN] Tani Sanjuro
    [YMZ] Yamazaki Susumu
    [SHI] Shimada Kai
    [YOS] Yoshimura Kanichiro
    [KAW] Kawai Kisaburo
    [MAT] Matsubara Chuji
    [OGA] Ogata Shuntaro
    [OIS] Oishi Kuwajiro
    [SOM] Soma Kazue
    [NOM] Nomura Risaburo
   *[other] { $person }
}
shidouban-person-in-table = { $person ->
    [KON] { $person } Kondo
    [HIJ] { $person } Hijikata
    [OKI] { $person } Okita
    [NAG] { $person } Nagakura
    [SAI] { $person } Saito
    [HAR] { $person } Harada
    [TOD] { $person } Todo
    [INO] { $person } Inoue
    [YMN] { $person } Yamanami
    [SER] { $person } Serizawa
    [NII] { $person } Niimi
    [HIR] { $person } Hirayama
    [ITO] { $person } Ito
    [TAK] { $person } Takeda
    [TAN] { $person } Tani
    [YMZ] { $person } Yamazaki
    [SHI] { $person } Shimada
    [YOS] { $person } Yoshimura
    [KAW] { $person } Kawai
    [MAT] { $person } Matsubara
    [OGA] { $person } Ogata
    [OIS] { $person } Oishi
    [SOM] { $person } Soma
    [NOM] { $person } Nomura
   *[other] { $person }
}
shidouban-person-title = { $person ->
    [KON] 近藤勇 Kondo Isami
    [HIJ] 土方歳三 Hijikata Toshizo
    [OKI] 沖田総司 Okita Soji
    [NAG] 永倉新八 Nagakura Shinpachi
    [SAI] 斎藤一 Saito Hajime
    [HAR] 原田左之助 Harada Sanosuke
    [TOD] 藤堂平助 Todo Heisuke
    [INO] 井上源三郎 Inoue Genzaburo
    [YMN] 山南敬助 Yamanami Keisuke
    [SER] 芹沢鴨 Serizawa Kamo
    [NII] 新見錦 Niimi Nishiki
    [HIR] 平山五郎 Hirayama Goro
    [ITO] 伊東甲子太郎 Ito Kashitaro
    [TAK] 武田観柳斎 Takeda Kanryusai
    [TAN] 谷三十郎 Tani Sanjuro
    [YMZ] 山崎烝 Yamazaki Susumu
    [SHI] 島田魁 Shimada Kai
    [YOS] 吉村貫一郎 Yoshimura Kanichiro
    [KAW] 河合耆三郎 Kawai Kisaburo
    [MAT] 松原忠司 Matsubara Chuji
    [OGA] 尾形俊太郎 Ogata Shuntaro
    [OIS] 大石鍬次郎 Oishi Kuwajiro
    [SOM] 相馬主計 Soma Kazue
    [NOM] 野村利三郎 Nomura Risaburo
   *[other] { $person }
}
shidouban-tile = { $tile }
shidouban-tile-short = { $tile }
shidouban-tile-name = { $tile ->
    [AIZ] Aizu Kyoto Protector
    [ABU] Aburanokoji ambush
    [IIN] Beautiful fiancee
    [IKE] Ikedaya ronin
    [ISH] Ishida powder
    [EEJ] Eejanaika crowd
    [SUM] Osaka sumo
    [KAI] Kaientai swordsmen
    [SHO] Kyoto Shoshidai
    [KIN] Forbidden Gate
    [FUK] Lacking resolve
    [SOG] Sniper
    [CHO] Choshu elders' army
    [YUK] Pleasure quarter
    [MIM] Kyoto Mimawarigumi
    [SAT] Satsuma rifles
   *[other] { $tile }
}
shidouban-tile-labelled = { $tile ->
    [AIZ] { $tile } (Aizu Kyoto Protector)
    [ABU] { $tile } (Aburanokoji ambush)
    [IIN] { $tile } (Beautiful fiancee)
    [IKE] { $tile } (Ikedaya ronin)
    [ISH] { $tile } (Ishida powder)
    [EEJ] { $tile } (Eejanaika crowd)
    [SUM] { $tile } (Osaka sumo)
    [KAI] { $tile } (Kaientai swordsmen)
    [SHO] { $tile } (Kyoto Shoshidai)
    [KIN] { $tile } (Forbidden Gate)
    [FUK] { $tile } (Lacking resolve)
    [SOG] { $tile } (Sniper)
    [CHO] { $tile } (Choshu elders' army)
    [YUK] { $tile } (Pleasure quarter)
    [MIM] { $tile } (Kyoto Mimawarigumi)
    [SAT] { $tile } (Satsuma rifles)
   *[other] { $tile }
}
shidouban-tile-in-hand = { $tile } ({ $name })
shidouban-dir = { $dir }
# A row by its number in English and by its kanji in Japanese; the board names it in the other script too.
shidouban-row = { $row }
shidouban-row-other-script = { $row ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $row }
}
shidouban-square = { $column }{ $row }
shidouban-square-with-both = { $column }{ $row }/{ $column }{ $row ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $row }
}
shidouban-colour = { $white ->
    [yes] white
   *[no] black
}
# The legal steps of the moving person, one after the other.
shidouban-legal-separator = ,{" "}
