# senbat: texts of the engines (generated from the former inline pairs).

senbat-d-choose-one-adjacent-target = D{ $code }: 接触している各隊の攻撃対象を1つ選ぶ: targets A>B,...
senbat-one-pair-per-listed-card = 各隊に1組
senbat-organise-your-sonae-sealed-every = 備えを編成(非公開): 全小隊をいずれかの中核へ、各6まで
senbat-sonae-core-card-card-core = `sonae 中核: 隊 隊; 中核: ...` 各小隊をちょうど1回ずつ。または `sonae quickstart`。
senbat-deploy-one-sonae-in-your = 備えを1つ自陣地に配置
senbat-deploy-core-at-x-y = `deploy 中核 at X,Y hH form 位置=隊,...`: 中核の中心 X 0..750, Y { $y0 }..{ $y1 } mm(全カードが陣地内、重なり不可)、向きH 0..359(0=北)、編成した全小隊の位置(F FL FR L R B BL BR)。`deploy-reset`(1回)、その後`deploy-forfeit 中核`も可。
senbat-move-sonae-form-slot-card = { $space_note }。`move 備え [form 位置=隊,...] [rot -90..+90] fwd|back J`(J=1..移動力、後退は被害がある時)、`shoot 備え [rot ..] [fire 射手>目標,...]`、`charge 備え J`、`recover [隊]`、`defend`(ストック3未満)。同じ備えの2回目は2トークン、3回目は不可。
senbat-place-your-action-tokens-sealed = アクショントークン4つを配置(非公開): tokens MV=a SH=b CH=c RD=d
senbat-use-your-save-stock-a = セーブのストックを使うか(全成功に4+セーブ)? `policy stock never|min N` で以後も自動
senbat-kenkon-itteki-discard-a-token = 乾坤一擲: トークンを1つ捨てこの判定の全ダイス+1?
senbat-battle-situation-take-a-token = 戦況: 相手のマスからトークンを奪い自分のマスに置く
senbat-recover-succeeded-choose-the-card = 回復成功: 被害を1除くカードを選ぶ
senbat-senbat = 戦国カードバトル
senbat-two-armies-of-unit-cards = 織田軍と武田軍のユニットカードが750×680mmの戦場で戦う。備え(武将と最大6小隊の隊形)が移動・回転・射撃・突撃し、4つのアクショントークンをマンカラ式に回す。士気6、相手の2倍のトークン、敵本陣の壊滅で勝利。オプションで織田の席と先手、編成と配置を省く早い開始、ターン上限、説明書の例2の回し方を選べる（ルールを参照）。
senbat-senbat-is-for-exactly-players = 戦国カードバトルは2人専用
senbat-seat-option-out-of-range = `{ $option }` が { $seat } ですが、戦国カードバトルの席は 0 と 1 の二つです（席は 0 から数えます）
senbat-north-zone = 北の配置地帯
senbat-south-zone = 南の配置地帯
senbat-sente-south = 先手・南
senbat-gote-north = 後手・北
senbat-order-not-drawn = 手番未定
senbat-you = （あなた）
senbat-your-sealed-tokens = あなたの配置（非公開）:
senbat-you-2 = あなた
senbat-organisation-sealed = 備えの編成（非公開）
senbat-deployment = 配置
senbat-token-placement-sealed = トークン配置（非公開）
senbat-game-over = 終局
senbat-card-battle = 備え
senbat-north-is-up-each-card = 北が上。カードの太い辺が正面です。
senbat-tokens-morale-stock = トークン{ $tokens }・士気{ $morale }/6・ストック{ $stock }/3
senbat-kills-generals-troops = 戦果: 武将{ $general_kills }・小隊{ $troop_kills }
senbat-kenkon-itteki = 乾坤一擲: { $if_kenkon_used_used }
senbat-waiting-for = { $who }の決定待ち: { $super_render_kind_text }
senbat-the-turn-limit-is-reached = ターン上限: 士気、トークン数、戦果の順で判定。
senbat-it-is-a-draw = { $text }引き分け。
senbat-wins = { $seat_winner }の勝利: { $why }
senbat-the-enemy-hq-is-lost = 敵の本陣が壊滅
senbat-morale-reached = 士気が6に達した
senbat-action-tokens-vs-twice-the = アクショントークン{ $tokens_q }対{ $tokens_o }(相手の2倍)
senbat-for-both-players-the-non = 両者が同時に条件達成({ $a })、受け側の勝利
senbat-the-opponent-resigned = 相手の投了
senbat-the-four-token-counts-must = トークンの合計は4でなければならない
senbat-a-turn-needs-at-least = 手番では最低1回は実行が必要。`end`はその後
senbat-kenkon-needs-a-space-of = 乾坤一擲にはトークンのあるマスを選ぶ
senbat-take-from-a-space-of = 相手の行動盤のトークンがあるマスから取る
senbat-cannot-recover-choose-one-of = `{ $card }`は回復できない: 被害のある本陣以外の自軍カードを選ぶ
senbat-does-not-answer-this-decision = `{ $super_notation_print }`はこの決定への回答ではない
senbat-answer-stock-use-or-stock = `stock use` か `stock no` で答える
senbat-there-is-no-card = カード`{ $id }`は存在しない
senbat-is-not-your-card = `{ $id }`は自軍のカードではない
senbat-is-not-an-hq-or = `{ $core }`は本陣でも武将でもない
senbat-is-named-twice = `{ $core }`が2回指定されている
senbat-leads-at-most-troops = `{ $core }`の小隊は6つまで
senbat-is-a-core-generals-are = `{ $t }`は中核: 武将は他の備えに入れない
senbat-is-assigned-twice = `{ $t }`が2回割り当てられている
senbat-every-troop-must-join-a = 全小隊をいずれかの備えに入れる: `{ $cards_t_id }`が未割当
senbat-invalid-formation = 隊形が不正: { $e }
senbat-is-not-a-member-of = `{ $id }`はこの備えの隊ではない(または重複)
senbat-the-formation-must-place-every = 全ての隊を配置すること: { $missing }が未配置
senbat-deploy-quickstart-needs-the-quick = `deploy quickstart`にはクイックスタート編成が必要
senbat-nothing-left-to-deploy = 配置する備えがない
senbat-deploy-reset-may-be-used = `deploy-reset`は1ゲーム1回まで
senbat-deploy-forfeit-is-allowed-only = `deploy-forfeit`は`deploy-reset`の後のみ
senbat-forfeit-an-undeployed-general-s = 未配置の武将の備えのみ放棄できる(本陣は不可)
senbat-is-not-an-undeployed-core = `{ $core }`は未配置の自軍中核ではない
senbat-heading-must-be = 向きは0〜359
senbat-would-span-x-y-outside = { $cards_i_id }がx { $mm_mnx }..{ $mm_mxx }, y { $mm_mny }..{ $mm_mxy }となり自陣地(y { $y0 }..{ $y1 })の外
senbat-would-overlap = { $cards_i_id }が{ $def_id }と重なる
senbat-answer-with-deploy-deploy-quickstart = `deploy …`等で答える
senbat-send-an-execution-move-shoot = 実行を送る: move, shoot, charge, recover, defend (または end)
senbat-this-turn-uses-every-execution = この手番は{ $spaces_sp }: 同じアクションマスのみ実行できる
senbat-no-token-left-on-rd = 回復/防御マスにトークンが残っていない
senbat-the-save-stock-is-already = セーブのストックは既に3
senbat-the-hq-can-never-recover = 本陣は回復できない
senbat-is-not-a-damaged-card = { $id }は被害のある場のカードではない
senbat-is-not-one-of-your = `{ $name }`は場にある自軍の備えではない
senbat-sonae-has-already-acted-twice = { $name }の備えはこの手番で既に2回実行した
senbat-costs-token-s-double-action = { $name }の実行には{ $cost }トークン必要(ダブルアクション)だが{ $spaces_space }には{ $remaining }しか残っていない
senbat-sonae-moves-s-whole-short = { $name }の備えの移動は1〜{ $k }短辺(端数不可)
senbat-rotation-is-degrees = 回転は-90〜+90度
senbat-a-backward-move-needs-damage = 後退は備えに被害トークンがある時のみ
senbat-formation-change-at-would-overlap = 隊形変更: { $cards_i_id }を{ $sl_name }に置くと{ $lab_idx_j }と{ $mm_geometry_pen }mm重なる
senbat-is-not-in-sonae = { $sh }は{ $name }の備えの隊ではない
senbat-cannot-shoot = { $sh }は射撃できない
senbat-fires-once-per-execution = { $sh }の射撃は1回のみ
senbat-name-a-target-for = { $cards_a_id }の攻撃対象を指定する
senbat-may-target-only = { $cards_a_id }の対象は{ $names }のみ
senbat-there-is-no-card-2 = カード`{ $p }`は存在しない
senbat-your-organisation = あなたの備え編成: { $text }
senbat-your-tokens = あなたのトークン配置: { $tokens }
senbat-standing-policy-set = 方針を設定: { $txt }
senbat-organisation-received-from-both-players = 両者の備え編成を受け付けた。先手は{ $seat_sente }({ $army_en_a_sente })で南の陣地、後手は{ $seat_opp_sente }({ $army_en_a_opp })で北の陣地。
senbat-has-organised-their-sonae = { $seat_seat }が備えを編成した。
senbat-has-placed-their-action-tokens = { $seat_seat }がアクショントークンを配置した(非公開)。
senbat-tokens-revealed-p-p = トークン公開: P1 { $board_text_players_0 }、P2 { $board_text_players_1 }。
senbat-declines-kenkon-itteki = { $seat_seat }は乾坤一擲を見送った。
senbat-uses-kenkon-itteki-a-token = { $seat_seat }が乾坤一擲を使用: { $spaces_sp }のトークンを1つ除去し、この判定の全ダイス+1。
senbat-battle-situation-takes-a-token = 戦況: { $seat_seat }が{ $seat_victim }の{ $spaces_take }からトークンを奪い、自分の{ $spaces_put }に置いた。
senbat-resets-their-deployment-all-deployed = { $seat_seat }が配置をやり直す: 配置済みの備えを全て手元に戻した。
senbat-forfeits-sonae-leave-the-game = { $seat_seat }が{ $core }の備えを放棄: { $ids }は離散。
senbat-deploys-at-h = { $seat_seat }が{ $core_to_uppercase }の備えを({ $mm }, { $mm_y }) 向き{ $h }に配置 { $form_txt }
senbat-t-cost-used = {"["}手番{ $turn_no } { $seat_seat }] { $spaces_plan_space } コスト{ $plan_cost } (使用{ $turn_used }/{ $players_seat_board }): { $txt }
senbat-changes-formation = { $cards_core_id }の備えが隊形変更。
senbat-defends-save-stock = { $seat_seat }が防御: セーブのストック{ $players_seat_stock }。
senbat-ends-the-turn-token-s = { $seat_seat }の手番終了: { $spaces_sp }から{ $u }個を配り { $bt }。
senbat-the-save-stock = { $seat_seat }はセーブのストックを{ $if_use_it_uses }。
senbat-recovers-damage = { $cards_i_id }の被害を1回復({ $cards_i_damage }/{ $state_durability_i })。
senbat-rotation-requested-stops-at-contact = { $cards_id }の備えの回転{ $delta }°は{ $got }°で停止: { $hit }に接触 -> { $pose_text }
senbat-mm-requested-stops-after-mm = { $cards_xi_id }の備えが{ $verb_en }{ $mm_d }mmの予定、{ $t }mmで接触停止: { $hit } -> { $pose_text_xi }
senbat-mm = { $cards_xi_id }の備えが{ $verb_en }{ $mm_t }mm -> { $pose_text_xi }
senbat-shooting-orders = 射撃宣言: { $txt }
senbat-is-void-a-card-is = { $cards_si_id }→{ $cards_ti_id }の射撃は無効(対象がいない)。
senbat-recover-rolls-needs = 回復: { $seat_seat }のダイス{ $dice_text_die }(4+で成功)
senbat-recover-fails = 回復失敗。
senbat-recover-succeeds-but-no-card = 回復成功、だが被害のあるカードがない。
senbat-collision-takes-damage = 衝突: { $cards_c_id }に被害1({ $cards_c_damage }/{ $state_durability_c })。
senbat-no-roll-the-target-is = { $cards_id }→{ $cards_q_id }: 対象は既に壊滅、ダイスなし。
senbat-attacks-dice-vs = { $cards_id }が{ $cards_q_id }を攻撃: { $at_n }個 { $dice_text_at_dice } ({ $at }+)
senbat-success-es = 成功{ $succ }。
senbat-saves-vs = { $cards_q_id }のセーブ: { $dice_text_at_save_dice } ({ $at_sv }+)
senbat-is-removed-credited-to = { $lab_i }を除去({ $why_en })。{ $seat_1_owner }の戦果。
senbat-dispersed-no-credit = 離散(戦果なし): { $ids }
senbat-battle-situation-gains-a-token = 戦況: { $seat_q }が{ $seat_opp_q }からトークンを1つ得る({ $tokens_q }対{ $tokens_opp_q })。
senbat-target-face-dice = 攻撃対象: { $cards_id }→{ $cards_q_id } ({ $face }、{ $n }個)
senbat-vs = { $if_charge_charge }: { $a_list_a_cards } 対 { $e_i_cards }
senbat-no-counterattack-no-enemy-card = 反撃なし: 隣接する敵がいない。
senbat-compare-gives-way = 比較 { $seat_acting } { $ta } 対 { $seat_opp_acting } { $te } -> { $seat_if_defender_loses }が後退。
senbat-morale = { $seat_acting }の士気{ $mv }。
senbat-retreats-blocked-after-mm-by = { $cards_core_id }の備えが{ $en }後退: { $t }mmで{ $hit_i_cards }に接触 -> { $pose_text_core }
senbat-retreats-mm = { $cards_core_id }の備えが{ $en }63.0mm後退 -> { $pose_text_core }
senbat-resigns = { $seat_seat }が投了。
senbat-legend-a-d-sente-s = {" "}凡例: A-D 先手の備え, a-d 後手の備え; ^ > v < / \ 向き; IDはカード中心;{"\u000A"} '.' 中間地帯; 1マス = { $cw }x{ $rh } mm; 正確な値は下の一覧。{"\u000A"}
senbat-board = 行動盤
senbat-organisation-sealed-2 = 備え編成(非公開)
senbat-token-placement-sealed-2 = トークン配置(非公開)
senbat-turn = 手番{ $turn_no }
senbat-to-act = {" "}{ $name_active }({ $role_active })の手番
senbat-this-turn-space-token-s = この手番({ $name_active }): { $spaces_sp }、{ $turn_used }トークン使用
senbat-your-sealed-tokens-2 = あなたの配置(非公開): { $super_rules_board_text }{"\u000A"}
senbat-waiting-for-2 = { $name }の決定待ち: { $kind_text_kind_lang }
senbat-may-target = {"  "}{ $cards_a_id }の対象候補: { $names }
senbat-roster-cards-on-the-field = {" "}一覧(場のカード){"\u000A"}
senbat-removed = 除去: { $gone }
senbat-charge-combat = 突撃戦
senbat-melee = 白兵戦
senbat-your-cores-your-troops = 中核: { $cores }; 小隊: { $troops }
senbat-your-sonae-to-deploy = 未配置の備え: { $parts }
senbat-tokens-morale-stock-kills-g = { $name }({ $army }、{ $role }) トークン{ $tokens } 士気{ $morale }/6 ストック{ $stock }/3 戦果 武将{ $general_kills } 小隊{ $troop_kills }
senbat-of-damage-placed-p-p = { $kind }({ $cards_c_id }): { $if_pairs_is_empty }; 与えた被害 P1 { $c_tally_0 } 対 P2 { $c_tally_1 }

# Decision kinds by name (Engine::decision_name).
senbat-decision-organise = 備えの編成
senbat-decision-deploy = 備えの配置
senbat-decision-tokens = トークン配置
senbat-decision-act = 手番の最初の実行
senbat-decision-continue = 次の実行か終了
senbat-decision-stock = D11 ストック使用?
senbat-decision-kenkon = D12 乾坤一擲?
senbat-decision-senkyo = D13 戦況トークンの配置
senbat-decision-heal = D14 回復するカード
senbat-decision-targets = 攻撃対象の選択

# 行動ボードのマス、軍、面、実行のヒント、一覧の列。
senbat-space = { $space ->
    [MV] 移動
    [SH] 射撃
    [CH] 突撃
   *[RD] 回復/防御
}
senbat-army = { $army ->
    [Oda] 織田軍
   *[Takeda] 武田軍
}
senbat-face = { $face ->
    [front] 前面
    [right] 右側面
    [back] 背面
   *[left] 左側面
}
senbat-space-note-this-turn = この手番は{ $space ->
    [MV] 移動
    [SH] 射撃
    [CH] 突撃
   *[RD] 回復/防御
}（残り{ $left }トークン）
senbat-space-note-any = トークンのあるいずれかのマス
senbat-prompt-first-execution = 手番: 実行を1つ送る
senbat-prompt-another-execution = 同じマスで次の実行、または `end`
senbat-hint-title = 選択肢:
senbat-hint-move = {"  "}move 備え [form 位置=隊,...] [rot -90..+90] fwd|back J
senbat-hint-shoot-charge = {"  "}shoot 備え [rot ..] [fire 射手>目標,...]   charge 備え J
senbat-hint-recover-defend = {"  "}recover [隊] | defend{ $end }
senbat-hint-end = {" | "}end
senbat-roster-slot = 位置
senbat-roster-card = 隊
senbat-roster-type = 種
senbat-roster-damage = 被害
senbat-roster-heading = 向き
senbat-roster-name = 名前
senbat-cannot-shoot-not-an-enemy = { $sh }は{ $tg }を射撃できない: 戦場にいる敵の隊ではない
senbat-cannot-shoot-out-of-field-of-fire = { $sh }は{ $tg }を射撃できない: 射界・射程外か射線が遮蔽されている
senbat-rotates = { $cards_id }の備えが{ $if_got_0 }{ $got_abs }°回転 -> { $pose_text }
senbat-saved-takes-damage = セーブ{ $saved }。{ $card }に被害{ $placed }({ $cards_q_damage }/{ $state_durability_q })。
senbat-face-tie-for-drawn = { $cards_id }→{ $cards_q_id }の面が同面積（{ $names }）: 抽選で{ $f }。

# Refusals of commands that do not parse.
senbat-notation-error = { $problem }。{ $help }
senbat-notation-help = 記法: `sonae quickstart` | `sonae OG1: OP1 OP2; OG2: OC1` | `deploy OG1 at 290,110 h0 form FL=OP1,FR=OP2` | `deploy quickstart` | `deploy-reset` | `deploy-forfeit OG3` | `tokens MV=1 SH=1 CH=1 RD=1` | `move OG1 [form FL=OP1,...] [rot -30] fwd 1` | `move OG1 back 1` | `shoot OG3 [rot +5] [fire OM1>TG3,OM2>TP3]` | `charge OG2 2` | `recover [OP1]` | `defend` | `end` | `targets OP1>TP1,...` | `stock use|no` | `kenkon no|use RD` | `senkyo take CH put MV` | `heal OP1` | `policy stock ask|never|min N` | `policy kenkon ask|never`
senbat-notation-empty = コマンドが空です
senbat-notation-unknown-command = `{ $word }` というコマンドはありません
senbat-notation-unknown-card = `{ $word }` というカードはありません
senbat-notation-unknown-space = `{ $word }` というマスはありません（`MV`・`SH`・`CH`・`RD`）
senbat-notation-unknown-slot = `{ $word }` という位置はありません（`F FL FR L R B BL BR`）
senbat-notation-not-a-number = `{ $text }` は{ $quantity }として正しくありません
senbat-notation-shape = `{ $text }` は `{ $shape }` の形で書いてください
senbat-notation-rotation-out-of-range = 回転は `-90`〜`+90` です
senbat-notation-expected = `{ $expected }` が必要です
senbat-notation-expected-direction = `fwd J` か `back J` が必要です（`{ $found }` とあります）
senbat-notation-unexpected = 余分な `{ $word }` があります
senbat-notation-missing-card = `{ $command }` にはカードが必要です
senbat-quantity-rotation = 回転
senbat-quantity-x = X座標
senbat-quantity-y = Y座標
senbat-quantity-heading = 向き
senbat-quantity-count = 数
senbat-quantity-distance = 距離

# The text board: its title line and the labels beside the action board.
senbat-render-title = 戦国カードバトル  { $phase }{ $to_act }
senbat-board-stock = ストック{ $stock }
senbat-board-morale = 士気{ $morale }

# Private events retold in the third person, for readers of a finished game's journal.
senbat-seat-organisation = { $seat }の備え編成: { $text }
senbat-seat-tokens = { $seat }のトークン配置: { $tokens }
senbat-picture-facing = 向き
senbat-picture-turn = 回転
senbat-picture-distance = 距離
spot-senbat-organise-quick = クイック編成
spot-senbat-deploy-quick = クイック配置
spot-senbat-deploy-reset = 配置をやり直す
spot-senbat-defend = 防御（セーブストック）
spot-senbat-recover = 回復するカードなし
spot-senbat-end = 手番を終える
spot-senbat-stock-use = セーブストックを使う
spot-senbat-stock-keep = セーブストックを使わない
spot-senbat-kenkon-decline = 見送る

# Words and names the events put together.
senbat-stock-uses = 使う
senbat-stock-does-not-use = 使わない
senbat-turned-right = 右
senbat-turned-left = 左
senbat-combat-charge-title = 突撃戦
senbat-combat-melee-title = 白兵戦
senbat-moves-back = 後退
senbat-advances = 前進
senbat-removed-left-the-field = 戦線離脱
senbat-removed-destroyed = 壊滅
senbat-removed-with-its-general = 武将と共に離脱
senbat-retreat-toward-front = 前方へ
senbat-retreat-toward-left = 左へ
senbat-retreat-toward-right = 右へ
senbat-retreat-backward = 後方へ
senbat-army-oda = 織田軍
senbat-army-takeda = 武田軍
senbat-space-mv = 移動
senbat-space-sh = 射撃
senbat-space-ch = 突撃
senbat-space-rd = 回復/防御
senbat-face-front = 前面
senbat-face-right = 右側面
senbat-face-back = 背面
senbat-face-left = 左側面
senbat-type-hq = 本陣
senbat-type-general = 武将
senbat-type-pikes = 長槍隊
senbat-type-archers = 弓隊
senbat-type-muskets = 鉄砲隊
senbat-type-cavalry = 騎馬隊

# 札・配置・行動の各言語での呼び方。
senbat-card = { $card ->
    [OH] 織田信長(OH)
    [OG1] 柴田勝家(OG1)
    [OG2] 前田利家(OG2)
    [OG3] 羽柴秀吉(OG3)
    [OP1] 長槍隊OP1
    [OP2] 長槍隊OP2
    [OP3] 長槍隊OP3
    [OP4] 長槍隊OP4
    [OM1] 鉄砲隊OM1
    [OM2] 鉄砲隊OM2
    [OM3] 鉄砲隊OM3
    [OA1] 弓隊OA1
    [OC1] 騎馬隊OC1
    [OC2] 騎馬隊OC2
    [TH] 武田勝頼(TH)
    [TG1] 山県昌景(TG1)
    [TG2] 馬場信春(TG2)
    [TG3] 内藤昌秀(TG3)
    [TP1] 長槍隊TP1
    [TP2] 長槍隊TP2
    [TP3] 長槍隊TP3
    [TM1] 鉄砲隊TM1
    [TA1] 弓隊TA1
    [TA2] 弓隊TA2
    [TA3] 弓隊TA3
    [TC1] 騎馬隊TC1
    [TC2] 騎馬隊TC2
    [TC3] 騎馬隊TC3
   *[other] { $card }
}
senbat-card-labelled = { $card ->
    [OH] 織田信長(OH)
    [OG1] 柴田勝家(OG1)
    [OG2] 前田利家(OG2)
    [OG3] 羽柴秀吉(OG3)
    [OP1] 長槍隊OP1
    [OP2] 長槍隊OP2
    [OP3] 長槍隊OP3
    [OP4] 長槍隊OP4
    [OM1] 鉄砲隊OM1
    [OM2] 鉄砲隊OM2
    [OM3] 鉄砲隊OM3
    [OA1] 弓隊OA1
    [OC1] 騎馬隊OC1
    [OC2] 騎馬隊OC2
    [TH] 武田勝頼(TH)
    [TG1] 山県昌景(TG1)
    [TG2] 馬場信春(TG2)
    [TG3] 内藤昌秀(TG3)
    [TP1] 長槍隊TP1
    [TP2] 長槍隊TP2
    [TP3] 長槍隊TP3
    [TM1] 鉄砲隊TM1
    [TA1] 弓隊TA1
    [TA2] 弓隊TA2
    [TA3] 弓隊TA3
    [TC1] 騎馬隊TC1
    [TC2] 騎馬隊TC2
    [TC3] 騎馬隊TC3
   *[other] { $card }
}
# 武将・大将の名。
senbat-card-name = { $card ->
    [OH] 織田信長
    [OG1] 柴田勝家
    [OG2] 前田利家
    [OG3] 羽柴秀吉
    [OP1] 長槍隊
    [OP2] 長槍隊
    [OP3] 長槍隊
    [OP4] 長槍隊
    [OM1] 鉄砲隊
    [OM2] 鉄砲隊
    [OM3] 鉄砲隊
    [OA1] 弓隊
    [OC1] 騎馬隊
    [OC2] 騎馬隊
    [TH] 武田勝頼
    [TG1] 山県昌景
    [TG2] 馬場信春
    [TG3] 内藤昌秀
    [TP1] 長槍隊
    [TP2] 長槍隊
    [TP3] 長槍隊
    [TM1] 鉄砲隊
    [TA1] 弓隊
    [TA2] 弓隊
    [TA3] 弓隊
    [TC1] 騎馬隊
    [TC2] 騎馬隊
    [TC3] 騎馬隊
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
senbat-slot = { $slot ->
    [C] 中核
    [F] 前
    [FL] 前左
    [FR] 前右
    [L] 左
    [R] 右
    [B] 後
    [BL] 後左
    [BR] 後右
   *[other] { $slot }
}
# ログに載る実行済みの行動：英語は記法、日本語は説明。
senbat-action-move = 移動 { senbat-sonae }:
senbat-action-shoot = 射撃 { senbat-sonae }:
senbat-action-charge = 突撃 { senbat-sonae }:
senbat-action-parts-separator = {" / "}
senbat-action-form = 隊形 { $slots }
senbat-action-form-slot = { senbat-slot }={ $card }
senbat-action-form-separator = {" "}
senbat-action-rotation = { $turn ->
    [right] 右{ $degrees }°
   *[left] 左{ $degrees }°
}
senbat-action-advance = { $back ->
    [yes] 後退
   *[no] 前進
}{ $sides }短辺
senbat-action-charge-advance = 前進{ $sides }短辺
senbat-action-fire = { $pairs }
senbat-action-fire-pair = 射撃 { $from }→{ $to }
senbat-action-fire-separator = {" / "}
senbat-action-recover = { $card ->
    [none] 回復
   *[other] 回復 { $card }
}
senbat-action-defend = 防御
senbat-turn-number = 手番{ $turn }
senbat-kenkon-state = { $used ->
    [yes] 使用済み
   *[no] 未使用
}
senbat-no-targets-yet = 対象未宣言
# 備え（中核の札の名に「備え」）。
senbat-sonae = { $card ->
    [OH] 織田信長備え
    [OG1] 柴田勝家備え
    [OG2] 前田利家備え
    [OG3] 羽柴秀吉備え
    [TH] 武田勝頼備え
    [TG1] 山県昌景備え
    [TG2] 馬場信春備え
    [TG3] 内藤昌秀備え
   *[other] { $card }
}
# この手番の行動マス。
senbat-space-in-turn = { $space ->
    [MV] 移動
    [SH] 射撃
    [CH] 突撃
    [RD] 回復/防御
   *[other] { $space }
}
