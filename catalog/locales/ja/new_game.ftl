# The new-game form's options: one control per creation option of each game (`api/src/web/options_form.rs`
# builds them from the game's options schema). Per option: its name, `-about` (what it does), and for named
# values one message per value (`-unset` where the option may be left to the game).

new-game-options = オプション
new-game-options-standard = どのオプションも標準のゲームの設定から始まります。ルールの別の解釈で遊ぶときだけ変えてください。
new-game-option-needs-a-number = { $option }：数を入れてください。
new-game-option-not-a-number = { $option }：「{ $value }」は選べません。{ $allowed }を入れてください。
new-game-option-from-to = { $min }から{ $max }までの整数
new-game-option-at-least = { $min }以上の整数
new-game-option-at-most = { $max }以下の整数
new-game-option-any-whole-number = 整数
new-game-option-not-a-choice = { $option }：「{ $value }」は選択肢にありません。
new-game-option-every-seat-or-none = { $option }：埋まる席すべてに選ぶか、すべて標準のままにしてください。

## uosao

new-game-option-uosao-caught-card = 罠にかかったプレイヤーの移動札
new-game-option-uosao-caught-card-about = 罠にかかったプレイヤーの移動札が、相殺と妨げで他の札と同じく数えられるか（解釈6）。
new-game-option-uosao-caught-card-counts = 他の札と同じく数える（標準）
new-game-option-uosao-caught-card-ignored = 除外し、同じ方向の次の札が動く
new-game-option-uosao-colours = 席ごとの色
new-game-option-uosao-colours-about = 埋まる各席の兵士の色（すべて異なる色）。すべての席を標準のままにすると、席順に赤・黄・緑・青・紫になります。
new-game-option-uosao-colours-unset = 標準
new-game-option-uosao-colours-red = 赤
new-game-option-uosao-colours-yel = 黄
new-game-option-uosao-colours-grn = 緑
new-game-option-uosao-colours-blu = 青
new-game-option-uosao-colours-pur = 紫
new-game-option-uosao-king-scoring = 兵士が王に達したときの得点
new-game-option-uosao-king-scoring-about = 全員が最後尾の兵士からの距離を得点するか、王に達したプレイヤーだけが得点するか（解釈8）。
new-game-option-uosao-king-scoring-everyone = 全員（標準）
new-game-option-uosao-king-scoring-reacher-only = 王に達したプレイヤーだけ

## shinobazu

new-game-option-shinobazu-after-push = 出し終えたプレイヤーへの押し付けの後の手番
new-game-option-shinobazu-after-push-about = 手番は受け手から、または押し付けた人から時計回りに、まだ出していない次のプレイヤーへ進む（解釈6）。
new-game-option-shinobazu-after-push-after-receiver = 受け手の次から（標準）
new-game-option-shinobazu-after-push-after-pusher = 押し付けた人の次から
new-game-option-shinobazu-declined-cards = 勝負を断ったパスの人の札
new-game-option-shinobazu-declined-cards-about = 捨て札にするか、挑まれなかったパスと同じく本人の前に残すか（A21）。
new-game-option-shinobazu-declined-cards-discard = 捨て札にする（標準）
new-game-option-shinobazu-declined-cards-carry = 本人の前に残す
new-game-option-shinobazu-first-start-player = 最初のスタートプレイヤー
new-game-option-shinobazu-first-start-player-about = 0から数えます：0が席 1、1が席 2、以下同様。空欄なら無作為に決めます。
new-game-option-shinobazu-sole-fighter-lead = 一人だけが勝負するときのリード色
new-game-option-shinobazu-sole-fighter-lead-about = 左隣のどの札がリード色を決めるか（A14）。
new-game-option-shinobazu-sole-fighter-lead-in-front = 左隣の前にある札（標準）
new-game-option-shinobazu-sole-fighter-lead-played = 左隣がこのラウンドに出した札
new-game-option-shinobazu-sole-fighter-three = 合計が3の一人だけの勝負者
new-game-option-shinobazu-sole-fighter-three-about = 一人勝負のルールと三の術のどちらが先か（解釈2）。
new-game-option-shinobazu-sole-fighter-three-leaves = 一人だけの勝負者と同じく勝負から抜ける（標準）
new-game-option-shinobazu-sole-fighter-three-pulls-in = 三の術で全員を勝負に加える

## shidouban

new-game-option-shidouban-end-count = 終了条件が数えるプレイヤー
new-game-option-shidouban-end-count-about = 隊士が盤上にいるプレイヤーだけか、まだゲームに残っているプレイヤー全員か（解釈15）。
new-game-option-shidouban-end-count-on-board = 盤上のプレイヤー（標準）
new-game-option-shidouban-end-count-in-game = ゲームに残っているプレイヤー
new-game-option-shidouban-injured-to = 重傷の人物の移動先
new-game-option-shidouban-injured-to-about = 人物より下の最も下の空きマスか、説明書の文字どおりに列の最も下の空きマスか（解釈1）。
new-game-option-shidouban-injured-to-below = 下方の最も下の空きマス（標準）
new-game-option-shidouban-injured-to-column = 列の最も下の空きマス

## senbat

new-game-option-senbat-both-win = 両者が同時に勝利条件を満たしたときの勝者
new-game-option-senbat-both-win-about = 手番でないプレイヤーか、手番のプレイヤーか（解釈17）。
new-game-option-senbat-both-win-non-acting = 手番でないプレイヤー（標準）
new-game-option-senbat-both-win-acting = 手番のプレイヤー
new-game-option-senbat-first-seat = 先手の席
new-game-option-senbat-first-seat-about = 0が席 1、1が席 2。先手は南に配置します。空欄なら無作為に決めます。
new-game-option-senbat-movement = 移動・突撃の距離
new-game-option-senbat-movement-about = 備えの移動力までの任意の単位数か、ちょうど移動力か（接触では止まる）（解釈5）。
new-game-option-senbat-movement-up-to = 移動力まで（標準）
new-game-option-senbat-movement-exact = ちょうど移動力
new-game-option-senbat-oda-seat = 織田の席
new-game-option-senbat-oda-seat-about = 0が席 1、1が席 2。もう一方の席が武田です。空欄なら無作為に決めます。
new-game-option-senbat-quickstart = 早い開始
new-game-option-senbat-quickstart-about = 両軍が自分で編成・配置せず、早い開始用の編成と配置を使う（§3.5）。
new-game-option-senbat-sowing = アクションボードの順
new-game-option-senbat-sowing-about = トークンを時計回りに回す順。説明書の二つの例が食い違う箇所です（A8）。
new-game-option-senbat-sowing-mv-sh-ch-rd = 移動・射撃・突撃・回復/防御（標準）
new-game-option-senbat-sowing-mv-ch-rd-sh = 移動・突撃・回復/防御・射撃
new-game-option-senbat-turn-limit = ターン上限
new-game-option-senbat-turn-limit-about = ハウスルール§8.5：このターンの後、士気・トークン・功績で勝敗を決める。空欄なら上限なし。

## suriagehara

new-game-option-suriagehara-first-move = 最初の移動の制限
new-game-option-suriagehara-first-move-about = 「自分の配置ラインより後方に移動する事は出来ません」をどう読むか（§6.6 e、A11）。
new-game-option-suriagehara-first-move-no-unit-rearward = どのユニットも開始した行より後方の行に入れない（標準）
new-game-option-suriagehara-first-move-commander-not-behind-line = 指揮官だけが配置ラインより後方へ行けない
new-game-option-suriagehara-supreme-commander = 総大将が除去されるとき
new-game-option-suriagehara-supreme-commander-about = ゲームが終わるのは総大将の討ち死にか、戦闘で乗馬ユニットを失った時点か（解釈16）。
new-game-option-suriagehara-supreme-commander-killed = 討ち死にで。死亡判定を生き延びた総大将は再配置（標準）
new-game-option-suriagehara-supreme-commander-carrier-lost = 乗せているユニットを失った時点で。死亡判定なし
new-game-option-suriagehara-turns = ターン数
new-game-option-suriagehara-turns-about = 6から12まで（風のマーカーは4〜6ターン）。説明書に定めはなく、標準のゲームは8ターン（解釈2）。
