# suriagehara: texts of the engines (generated from the former inline pairs).

suriagehara-notation-error = { $what }。{ suriagehara-orders-help }
suriagehara-orders-help = 命令の書式：`deploy standard` | `deploy TK1@0807* TK2@0907 ...` | `cup TK KM` / `cup all` / `cup none` | `sub tk` / `sub own` | `move TK1 1112` | `move TK1 0907-0908-1009` | `move done` | `;` か改行で区切った複数の移動（一括） | `attack 0613 TK1+TK2+TK3`（複数行で戦闘計画） | `retreat KM2 1108` | `replace TK TK3`
suriagehara-is-not-a-unit-code = `{ $s }`はユニットではありません（例 TK1）
suriagehara-is-not-a-hex-xxyy = `{ $s }`はヘクスではありません（例 0807）
suriagehara-is-not-a-formation-code = `{ $s }`はフォーメーションコードではありません（例 TK）
suriagehara-a-move-is-move-unit = 移動は `move ユニット ヘクス` か `move done`
suriagehara-an-attack-needs-a-lead = 攻撃には先導ユニットが必要です
suriagehara-an-attack-is-attack-hex = 攻撃は `attack ヘクス 先導+支援...`
suriagehara-empty-order = 命令が空です
suriagehara-deploy-needs-standard-or-placements = `deploy` には standard か配置が必要です
suriagehara-is-not-unit-hex = `{ $it }`は ユニット@ヘクス[*] ではありません
suriagehara-substitution-is-sub-tk-or = 代行は `sub tk` か `sub own`
suriagehara-a-retreat-is-retreat-unit = 後退は `retreat ユニット ヘクス`
suriagehara-a-re-placement-is-replace = 再配置は `replace 指揮官 ユニット`
suriagehara-resignation-is-not-an-answer = 投了は決定への回答ではありません。投了コマンドを使ってください
suriagehara-unknown-order = 不明な命令 `{ $other }`
suriagehara-no-order-given = 命令がありません
suriagehara-move-done-must-be-the = `move done` は最後の行に置きます
suriagehara-only-move-orders-or-attack = 一つの回答にまとめられるのは移動命令か攻撃命令だけです
suriagehara-suriagehara-turn = 摺上原の合戦 — 第{ $turn }ターン
suriagehara-red-ashina-blue-date-commander = 赤 = 葦名勢、青 = 伊達勢、* = 指揮官、破線 = 前進ライン、太い青線 = 沢
suriagehara-deploy-the-army-deploy-standard = { $side }を配置してください：`deploy standard` または全ユニットとヘクス
suriagehara-turn-choose-which-pool-chits = 第{ $turn }ターン：カップに入れるチットを選んでください
suriagehara-drawn-let-tomita-takazane-act = { $chit }のチット：富田隆実に代行させますか（`sub tk`／`sub own`）
suriagehara-movement-segment-move-orders-one = { $fcode } 移動セグメント：移動命令（一歩ずつ、一括、または `move done`）
suriagehara-combat-segment-the-whole-combat = { $fcode } 戦闘セグメント：戦闘計画の全体
suriagehara-retreat-one-hex-choose-a = 1ヘクス後退：ユニット（{ $units }）と後退先を選んでください（`retreat ユニット ヘクス`）
suriagehara-no-decision = -
suriagehara-suriagehara-no-kassen-the-battle = 摺上原の合戦
suriagehara-a-two-player-hex-wargame = 伊達政宗と葦名義広の摺上原の合戦（1589年）を再現する二人用ヘクス戦ゲーム。チット引きによる活性化、指揮範囲、砂嵐と風。P1が葦名勢、P2が伊達勢。オプションで最初の移動の解釈を選べる（ルールの「解釈」を参照）。
suriagehara-suriagehara-is-for-exactly-players = 摺上原の合戦はちょうど2人用です
suriagehara-deploy-standard-or-deploy-followed = `deploy standard`、または `deploy` に続けて自軍全ユニットを ユニット@ヘクス で列挙し、各フォーメーションで指揮官を乗せる一つのユニットのヘクスの後に `*` を付けます。配置ライン内（葦名：04〜15列・02〜07行、伊達：04〜15列・15〜20行）、水面不可、1ヘクス1ユニット
suriagehara-move-unit-hex-or-a = `move ユニット ヘクス`（経路 `move ユニット 0907-0908-1009` も可）で1ユニットを移動し、セグメントは続きます。複数の移動行（`;` か改行区切り、最後に `move done` 可）は一括命令として順に検証・実行され、最後の行が `move done` でなければセグメントは続きます。`move done` でセグメント終了
suriagehara-one-attack-hex-lead-supporter = 攻撃ごとに `attack ヘクス 先導+支援+...` を一行、解決順に。敵に隣接する全ユニットが参加すること（指揮範囲外のユニットは、隣接する敵ヘクスがすべて目標になっていれば不参加可）。各敵ヘクス・各ユニットは一度まで。共同攻撃は指揮下のユニットのみ
suriagehara-wins-by = { $side }の勝利（{ $reason }）
suriagehara-draw = 引き分け（{ $reason }）
suriagehara-row-is-rearward-of-row = 初回移動では{ $start }行目より後方の{ $to_y }行目へは移動できません（§6.6 e）
suriagehara-carries-its-commander-who-may = { $u }は指揮官を乗せており、初回移動では配置ライン（{ $line }行目）より後方へは移動できません（§6.6 e）
suriagehara-is-not-a-unit = { $pl_unit }は{ $side_name }のユニットではありません
suriagehara-is-placed-twice = { $pl_unit }が二度配置されています
suriagehara-is-water = { $pl_hex }は水面です
suriagehara-is-outside-the-deployment-zone = { $pl_hex }は{ $side_name }の配置ラインの外です（§3.6）
suriagehara-two-units-on-one-retainer = { $pl_hex }に二つのユニット（1ヘクス1ユニット）
suriagehara-is-not-placed = { $u }が配置されていません
suriagehara-formation-needs-exactly-one-unit = { $code_f }の指揮官を乗せるユニット（*）はちょうど一つ必要です（{ $carriers }個）
suriagehara-this-decision-expects = この決定には{ $expected_en }が必要です
suriagehara-is-not-in-your-pool = { $c }はあなたのプール（行動開始済みチット）にありません（§6.2）
suriagehara-is-named-twice = { $c }が二度指定されています
suriagehara-order-is-illegal-nothing-was = 命令{ $i_1 }（`{ $p }`）は不正です（何も移動していません）：{ $e }
suriagehara-combat-plan-rejected = 戦闘計画は不正です：{ $e }
suriagehara-retreat-is-not-a-legal = `retreat { $unit } { $to }`は現在合法な後退ではありません（§6.8）。合法：{ $legal }
suriagehara-not-a-nearest-retainer-of = { $code_f }の最寄りの郎党ユニットではありません（§6.9）。合法：{ $legal }
suriagehara-resigns-wins = { $side_name }が投了：{ $side_other_name }の勝利
suriagehara-your-deployment-is-recorded = 配置を受け付けました
suriagehara-has-deployed-hidden-until-both = { $side_name }が配置を提出しました（両軍が揃うまで非公開）
suriagehara-your-chit-selection-is-recorded = チットの選択を受け付けました
suriagehara-has-chosen-its-chits-hidden = { $side_name }がチットを選びました（両軍が揃うまで非公開）
suriagehara-movement-segment-ma = { $code_f } 移動セグメント（移動力: { $mas }）{ $first_en }
suriagehara-is-contacted-and-will-be = { $code_f }は敵に隣接されたため、この活性化の後に行動開始となります（§6.11）
suriagehara-combat-segment-no-unit-in = { $code_f } 戦闘セグメント：敵に隣接するユニットなし
suriagehara-combat-segment-units-that-must = { $code_f } 戦闘セグメント：戦闘義務のあるユニット { $names }
suriagehara-only-one-valid-plan = 有効な戦闘計画は一つだけ：{ $super_notation_print_plan }
suriagehara-eliminated-in-army-morale = { $u }（{ $hex }）除去：{ $side_name }の士気 { $before }→{ $before_1 }
suriagehara-the-supreme-commander-is-killed = 総大将{ $d_name }討ち死に：{ $d_side_other }の勝利
suriagehara-formation-is-destroyed-its-chit = { $code_f }隊は壊滅：活性化チットはゲームから除かれます
suriagehara-retreat = 後退 { $u } { $from }→{ $to }{ $occupant_o_format }
suriagehara-cannot-retreat = { $u }は後退できません
suriagehara-has-no-retainer-left-to = { $fdata_f_name }には再配置されるべき郎党ユニットが存在しません
suriagehara-is-released-its-chit-goes = { $code_f }が行動開始：活性化チットをカップへ
suriagehara-a-unit-is-in-contact = { $code_f }：敵に隣接するユニットがあるため戦闘のみ
suriagehara-wind-w-revealed-reverse-wind = 風マーカーW{ $turn }公開：逆風→このターン伊達勢の戦意+1
suriagehara-wind-w-revealed-at-the = 風マーカーW{ $turn }をターン更新時に公開：逆風（効果なし）
suriagehara-wind-w-revealed-calm-no = 風マーカーW{ $turn }公開：無風（効果なし）
suriagehara-t-turn-update-army-morale = 第{ $turn }ターン ターン更新：士気 葦名勢{ $a }／伊達勢{ $d }
suriagehara-army-morale-decides-the-game = 士気値により勝敗が決しました（§8.2）
suriagehara-end-of-turn-commanders-beyond = 第{ $turn }ターン終了：前進ラインを越えた指揮官 葦名勢{ $na }／伊達勢{ $nd }
suriagehara-wind-markers-placed-face-down = 風マーカーを第4〜6ターンの欄に裏向きで配置
suriagehara-t-begins-entering-chits = 第{ $turn }ターン開始：投入チット { $if_entered_is_empty }
suriagehara-both-deployments-are-in-and = 両軍の配置が揃い、公開されました
suriagehara-t-cup = 第{ $turn }ターン カップ（{ $cup }枚）：{ $cup2 }
suriagehara-chit-used-for-takazane-tk = { $code_chit }のチットで富田隆実が行動（移動又は戦闘、§6.12）
suriagehara-acts-itself = { $code_chit }が自ら行動
suriagehara-combat-plan = 戦闘計画：{ $super_notation_print_plan }
suriagehara-region-not-understood-give-two = 範囲`{ $region }`を解釈できません。角の2ヘクスを`0305-1012`のように指定してください
suriagehara-suriagehara-no-kassen = 摺上原の合戦

# Decision kinds by name (Engine::decision_name).
suriagehara-decision-deploy = 配置
suriagehara-decision-cup = チット選択
suriagehara-decision-substitution = 富田隆実の代行
suriagehara-decision-move = 移動命令
suriagehara-decision-combat-plan = 戦闘計画
suriagehara-decision-retreat = 後退
suriagehara-decision-replace = 指揮官の再配置
suriagehara-is-not-a-unit-of = { $o_unit }は活性化中のフォーメーション{ $code_f }のユニットではありません（§6.6）
suriagehara-is-not-on-the-map = { $o_unit }はマップ上にいません
suriagehara-began-the-segment-in-contact = { $o_unit }は移動開始時に敵に隣接しているため移動できません（§6.6）
suriagehara-has-already-moved-in-this = { $o_unit }はこのセグメントで既に移動しました（A10）
suriagehara-the-path-must-lead-from = 経路は{ $start }から{ $o_to }へ続く必要があります
suriagehara-and-are-not-adjacent = { $a }と{ $b }は隣接していません
suriagehara-is-in-contact-with-an = { $a }は敵に隣接しているため、そこで移動を終了しなければなりません（§6.6 d）
suriagehara-is-water-a = { $b }は水面です（§6.6 a）
suriagehara-is-a-water-hexside-a = { $a }|{ $b }は水面ヘクスサイドです（§6.6 a）
suriagehara-holds-the-friendly-unit-no = { $b }には味方{ $other }がいます：進入・通過不可（§6.6 b）
suriagehara-holds-the-enemy-unit-b = { $b }には敵{ $other }がいます（§6.6 b）
suriagehara-the-path-costs-more-than = 経路の消費{ $cost }が{ $o_unit }の移動力{ $ma }を超えます（§6.6 c）
suriagehara-is-already-on = { $o_unit }は既に{ $to }にいます
suriagehara-is-water-a-2 = { $to }は水面です（§6.6 a）
suriagehara-holds-the-friendly-unit-b = { $to }には味方{ $other }がいます（§6.6 b）
suriagehara-holds-the-enemy-unit-b-2 = { $to }には敵{ $other }がいます（§6.6 b）
suriagehara-costs-at-least-more-than = { $to }へは最低{ $c }移動力が必要で、{ $o_unit }の移動力{ $ma }を超えます（§6.6 c）
suriagehara-no-legal-path-leads-to = { $o_unit }が{ $to }へ至る合法な経路がありません（§6.6）
suriagehara-attack-holds-no-enemy-unit = 攻撃{ $n }（`{ $printed }`）：{ $a_target }に敵ユニットがいません（P1）
suriagehara-attack-is-not-a-unit = 攻撃{ $n }（`{ $printed }`）：{ $u }は活性化中の{ $code_f }のユニットではありません（P1）
suriagehara-attack-is-not-in-contact = 攻撃{ $n }（`{ $printed }`）：{ $u }は{ $a_target }に隣接していません（P1）
suriagehara-attack-already-takes-part-in = 攻撃{ $n }（`{ $printed }`）：{ $u }は既に別の攻撃に参加しています（P3）
suriagehara-attack-is-already-a-target = 攻撃{ $n }（`{ $printed }`）：{ $a_target }は既にこの計画の攻撃目標です（P2, A15）
suriagehara-attack-is-out-of-command = 攻撃{ $n }（`{ $printed }`）：{ $u }は指揮範囲外のため共同攻撃に参加できません（P4, A16）
suriagehara-is-in-contact-with-an-2 = { $u }は敵に隣接しているため、いずれかの攻撃に参加しなければなりません（P5）

# The map legend and the sides.
suriagehara-legend-terrain = 凡例: .... 平坦地  /^/^ 斜面  ^^^^ 丘陵地  ~~~~ 水面（湖・川）
suriagehara-legend-stream = {"      "}09行と10行の間の~~~ = 沢（水面ヘクスサイド）
suriagehara-legend-units = {"      "}小文字 = 葦名勢、大文字 = 伊達勢、* = 指揮官、11= 前進ライン
suriagehara-side = { $side ->
    [Ashina] 葦名勢
   *[Date] 伊達勢
}
suriagehara-re-place-on-a-nearest-retainer = { $leader }（{ $code }）を最寄りの郎党ユニットのいずれかに再配置してください
suriagehara-move = 移動 { $o_unit }{ $carrier } { $from }→{ $to } [{ $cost }/{ $ma }]{ $if_contact_contact }
suriagehara-death-check-for-die-killed = { $fdata_u_f }（{ $code_u_f }）の討ち死にチェック：出目{ $d }→{ $if_killed_killed }（{ $need_en }で討ち死に）
suriagehara-is-killed-is-leaderless-army = { $d_name }（{ $code }）討ち死に：{ $d_side_name }の士気 { $before }→{ $before_1 }
suriagehara-is-re-placed-on-in = { $fdata_f_name }（{ $code_f }）を{ $u }（{ $units_u }）に再配置
suriagehara-attack-d-vs-d-diff = { $atk_target }へ攻撃：{ $names } { $lead_cs }+{ $atk_support }={ $strength } 出目{ $a } ={ $ta } 対 { $vname } { $ds } 出目{ $d } ={ $td } 差{ $diff } { $verdict_en }
suriagehara-advances = { $lead }{ $if_is_carrier_lead } 前進 { $from }→{ $res_attack_target }
suriagehara-t-draw = 第{ $turn }ターン { $side_name } { $code_f }（{ $fdata_f_name }）のチットを引く（{ $if_kind_of_f }）
suriagehara-turn = ターン
suriagehara-army-morale = 士気
suriagehara-wind = 風
suriagehara-reading = 解釈
suriagehara-used = 使用済
suriagehara-pool = プール
suriagehara-unreleased = 未行動開始
suriagehara-leaderless = 指揮官なし
suriagehara-destroyed = 壊滅
suriagehara-retreats = 後退先
suriagehara-can-move = 移動可能
suriagehara-must-fight = 戦闘義務
suriagehara-re-place-on = 再配置先
suriagehara-result = 結果
suriagehara-waiting-for = 回答待ち
suriagehara-your-cup = あなたの選択
suriagehara-setup-deployment-sealed = 準備：配置（秘密・同時）
suriagehara-action-start-phase-chit-selection = 行動開始フェイズ：チット選択（秘密・同時）
suriagehara-action-phase-drawn-takazane-substitution = 行動フェイズ：{ $fdata_chit_code }のチット、富田隆実の代行？
suriagehara-on-the-chit = （{ $fdata_a_chit }のチットで代行）
suriagehara-action-phase = 行動フェイズ：{ $fname_a_formation } { $kind }{ $sub }、{ $seg }
suriagehara-action-phase-2 = 行動フェイズ
suriagehara-game-over = ゲーム終了
suriagehara-sandstorm-ashina-turns-wind-markers = 砂嵐（葦名勢、第1〜3ターン）。風マーカーは第4ターンに配置
suriagehara-first-move-only-the-commander = 最初の移動：指揮官だけが配置ラインより後方へ移動不可
suriagehara-reverse-wind-active-date-resolve = 逆風：このターン伊達勢の戦意+1
suriagehara-cup = カップ
suriagehara-cs = 戦闘力
suriagehara-wins = { $side_name }の勝利
suriagehara-draw-2 = 引き分け
suriagehara-your-deployment-is-submitted-shown = あなたの配置は提出済みです（マップ上の表示はあなたにだけ見えます）。
suriagehara-on = { $c } { $h }
suriagehara-set-aside = 再配置待ち
suriagehara-killed = 討ち死に
suriagehara-supreme = {" "}総大将
suriagehara-not-moved = {" "}未移動

# セグメント、風、指揮、一覧の列と状態。
suriagehara-move-and-combat = 移動&戦闘
suriagehara-move-or-combat = 移動か戦闘
suriagehara-movement-segment = 移動セグメント
suriagehara-combat-segment = 戦闘セグメント
suriagehara-wind-calm = 無風
suriagehara-wind-reverse = 逆風
suriagehara-in-command = 指揮下
suriagehara-out-of-command = 指揮範囲外
suriagehara-roster-code = 記号
suriagehara-roster-commander = 指揮官
suriagehara-roster-resolve = 戦意
suriagehara-roster-chit = 種別
suriagehara-roster-entry = 投入
suriagehara-roster-units = 郎党
suriagehara-roster-commander-at = 指揮官位置・状態
suriagehara-roster-move-and-combat = 移&戦
suriagehara-roster-move-or-combat = 移か戦
suriagehara-status-unreleased = 未行動開始
suriagehara-status-released = 行動開始
suriagehara-status-destroyed = 壊滅

suriagehara-side-name = { $side ->
    [ashina] 葦名勢
   *[date] 伊達勢
}
# Private events retold in the third person, for readers of a finished game's journal.
suriagehara-side-deployment-is-recorded = { $side ->
    [ashina] 葦名勢
   *[date] 伊達勢
}の配置を受け付けました
suriagehara-side-chit-selection-is-recorded = { $side ->
    [ashina] 葦名勢
   *[date] 伊達勢
}のチットの選択を受け付けました

# Why a game ended.
suriagehara-reason-supreme-killed = 敵総大将の討ち死に
suriagehara-reason-resigned = 投了
suriagehara-reason-morale = 士気（葦名{ $ashina }・伊達{ $date }）
suriagehara-reason-advance-line = 前進ラインを越えた指揮官：葦名{ $ashina }・伊達{ $date }
suriagehara-picture-your-pool = 自軍のプール：カップに入れるチットに触れてください
spot-suriagehara-standard = 標準配置
spot-suriagehara-cup = これをカップに入れる
spot-suriagehara-sub-tk = 富田隆実が行動する
spot-suriagehara-sub-own = 引いた部隊が行動する
spot-suriagehara-done = 移動終了
spot-suriagehara-attack = 攻撃計画を確定

# Pieces of the events' texts.
suriagehara-first-move-no-rearward-rows = ／初回移動：後方へは移動不可
suriagehara-first-move-commander-not-behind = ／初回移動：指揮官は配置ラインより後方へ移動不可
suriagehara-death-check-needs-6 = 6
suriagehara-death-check-needs-5-6 = 5・6
suriagehara-leader-killed = 討ち死に
suriagehara-leader-survives = 生存
suriagehara-contact-stop = （敵に隣接・停止）
suriagehara-verdict-draw = 引き分け・効果なし
suriagehara-verdict-defender-retreats = 防御側後退
suriagehara-verdict-defender-eliminated = 防御側除去
suriagehara-verdict-attacker-retreats = 攻撃側後退
suriagehara-verdict-lead-eliminated = 先導ユニット除去・他は後退
suriagehara-retreat-displaces = （{ $unit }を押し出す：連鎖後退）
suriagehara-chit-move-and-combat = 移動&戦闘
suriagehara-chit-move-or-combat = 移動or戦闘
suriagehara-none-entered = なし
# What a decision expects, when it gets another kind of answer.
suriagehara-expects-a-deployment = 配置（deploy ...）
suriagehara-expects-a-chit-selection = チット選択（cup ...）
suriagehara-expects-a-substitution = `sub own` か `sub tk`
suriagehara-expects-move-orders = 移動命令（move ...）
suriagehara-expects-a-combat-plan = 戦闘計画（attack ...）
suriagehara-expects-a-retreat = 後退（retreat ユニット ヘクス）
suriagehara-expects-a-re-placement = 再配置（replace 指揮官 ユニット）

# 編成・チット・指揮官・ユニットの各言語での呼び方。
suriagehara-formation = { $formation ->
    [YO] 葦名義広
    [TK] 富田隆実
    [UZ] 富田氏実
    [KM] 金上盛備
    [KY] 平田舜範
    [UN] 平田氏範
    [MG] 松本源兵衛
    [SE] 佐瀬常昌
    [MA] 伊達政宗
    [SG] 伊達成実
    [IN] 猪苗代盛国
    [KT] 片倉景綱
    [SR] 白石宗実
    [HR] 原田宗時
    [YS] 屋代景頼
    [OU] 大内定綱
    [KH] 片平親綱
   *[other] { $formation }
}
suriagehara-chit = { $formation ->
    [YO] 義広
    [TK] 隆実隊
    [UZ] 氏実隊
    [KM] 盛備隊
    [KY] 舜範隊
    [UN] 氏範隊
    [MG] 源兵衛隊
    [SE] 常昌隊
    [MA] 政宗
    [SG] 成実隊
    [IN] 盛国隊
    [KT] 景綱隊
    [SR] 宗実隊
    [HR] 宗時隊
    [YS] 景頼隊
    [OU] 定綱隊
    [KH] 親綱隊
   *[other] { $formation }
}
suriagehara-leader = { $formation ->
    [YO] 葦名義広
    [TK] 富田隆実
    [UZ] 富田氏実
    [KM] 金上盛備
    [KY] 平田舜範
    [UN] 平田氏範
    [MG] 松本源兵衛
    [SE] 佐瀬常昌
    [MA] 伊達政宗
    [SG] 伊達成実
    [IN] 猪苗代盛国
    [KT] 片倉景綱
    [SR] 白石宗実
    [HR] 原田宗時
    [YS] 屋代景頼
    [OU] 大内定綱
    [KH] 片平親綱
   *[other] { $formation }
}
# 引かれたチットの記号の後：日本語では記号。
suriagehara-leader-or-code = { $formation }
suriagehara-formation-listed = { $formation ->
    [YO] YO（葦名義広）
    [TK] TK（富田隆実）
    [UZ] UZ（富田氏実）
    [KM] KM（金上盛備）
    [KY] KY（平田舜範）
    [UN] UN（平田氏範）
    [MG] MG（松本源兵衛）
    [SE] SE（佐瀬常昌）
    [MA] MA（伊達政宗）
    [SG] SG（伊達成実）
    [IN] IN（猪苗代盛国）
    [KT] KT（片倉景綱）
    [SR] SR（白石宗実）
    [HR] HR（原田宗時）
    [YS] YS（屋代景頼）
    [OU] OU（大内定綱）
    [KH] KH（片平親綱）
   *[other] { $formation }
}
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
suriagehara-unit = { $formation ->
    [YO] 義広本隊
    [TK] 将監隆実隊
    [UZ] 富田氏実隊
    [KM] 金上盛備隊
    [KY] 平田舜範隊
    [UN] 平田氏範隊
    [MG] 松本源兵衛隊
    [SE] 佐瀬常昌隊
    [MA] 政宗本隊
    [SG] 成実隊
    [IN] 猪苗代盛国隊
    [KT] 片倉景綱隊
    [SR] 白石宗実隊
    [HR] 原田宗時隊
    [YS] 屋代景頼隊
    [OU] 大内定綱隊
    [KH] 片平親綱隊
   *[other] { $formation }
}{ $serial ->
    [1] ①
    [2] ②
    [3] ③
    [4] ④
    [5] ⑤
   *[other] ?
}
# 戦闘報告で指揮官を乗せたユニットに付ける印（日本語では郎党名で分かるので無し）。
suriagehara-carrier-mark-in-report = {""}
