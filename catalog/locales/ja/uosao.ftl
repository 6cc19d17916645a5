# uosao: texts of the engines (generated from the former inline pairs).

uosao-a-play-is-r-l = カードは R・L・D にカード番号 1, 2, 2T, 3 を続けて書きます。R3 = 右王へ3マス移動、L2T = 罠付きの2で左王へ2マス移動、D1 = カード1を道として出す、D2T（または DT）= 罠を出す
uosao-a-road-action-names-a = 道の挿入位置は @+k（カード+kの外側。@+0 は街のすぐ右）か @-k（カード-kの外側。@-0 は街のすぐ左）で書きます。例: @+1
uosao-notation-error = { $what }。{ $help }
uosao-is-a-road-gap-but = 「{ $text_trim }」は挿入位置です。今はカードを出す番です
uosao-cannot-read-as-a-gap = 「{ $text_trim }」を挿入位置として読めません
uosao-cannot-read-as-a-play = 「{ $text_trim }」をカードの出し方として読めません
uosao-say-which-card-becomes-the = 道にするカードを指定してください: D1, D2, D3（罠は DT）
uosao-uosao-right-king-left-king = 右王左王
uosao-players-seasons-of-up-to = 3〜5人、3シーズン（各最大5ラウンド）。各ラウンド順番にカードを1枚出す：右王か左王への移動（同じ数・同じ向きは無効、各方向で最大の数だけが動く）か、国を伸ばす道（各自1枚は罠）。王に到達すると一番遠い兵士からの距離で得点。オプションで兵士の色を選べる（ルールを参照）。
uosao-insert-your-road-d-into = { $colour }：道（D{ $card }）を挿入する位置を選んでください。@+k = カード+kの外側（@+0 は街のすぐ右）、@-k = カード-kの外側。例: @+1
uosao-season-round-play-one-card = { $colour }：シーズン{ $season } ラウンド{ $round }。手札（{ $hand }）から1枚出してください。R<番号> = 右王へ移動、L<番号> = 左王へ移動、D<番号> = 道として出す（D2T = 罠）。例: { $example }
uosao-left-king = 左王
uosao-right-king = 右王
uosao-town = 街
uosao-common = 共通道
uosao-trap = （罠）
uosao-player = プレイヤー
uosao-pt = 階級pt
uosao-hand = 手札
uosao-move-cards-on-the-table = 場の移動カード
uosao-you = （あなた）
uosao-trap-road = 罠
uosao-road = 道
uosao-choosing = 選択中…
uosao-plays-this-round = このラウンドの出札
uosao-your-turn = あなたの番です。
uosao-road-2 = { $owner }の道
uosao-game-over-winner-with-pt = ゲーム終了。勝者: { $winners }（{ $best }pt）
uosao-waiting-for = { $colour_name_lang }（{ $seat_name }）の番です。
uosao-uosao-season-round-start-player = 右王左王 — シーズン { $season }/{ $SEASONS }・ラウンド { $round }/{ $MAX_ROUNDS }・スタートプレイヤー { $sp }
uosao-is-for-to-players-not = 右王左王は3〜5人用です（{ $seats }人では遊べません）
uosao-colours-must-name-different-colours = 席ごとに別の色が必要です。`colours` には赤 (RED)・黄 (YEL)・緑 (GRN)・青 (BLU)・紫 (PUR) から、席の数だけ異なる{ $seats }色を指定してください
uosao-final-rank-points = 最終階級pt: { $totals }
uosao-card-is-not-in-your = カード{ $card_code }は手札にありません。手札のカードを出してください
uosao-there-is-no-gap-in = { $gap_code } という挿入位置はありません。挿入位置: { $gaps }
uosao-now-play-a-card-e = 今はカードを出す番です（例: R2, L3, D1）。挿入位置ではありません
uosao-now-choose-the-gap-for = 今は道を挿入する位置を選ぶ番です（例: @+1）
uosao-no-seat = 席{ $seat }はありません
uosao-inserts-a-road-at-takes = { $seat }が{ $gap }に道を挿入 -> { $line }。回収: { $back }
uosao-determination-cancelled-moves-r-l = アクション確定: 無効: { $cancelled }／右: { $right }／左: { $left }
uosao-cannot-move-trapped = { $seat }は罠にかかっているため移動できません
uosao-moves = { $seat }が{ $card }移動: { $from_label } → { $to_label }
uosao-reaches = { $seat }が{ $king ->
    [left] 左王
   *[right] 右王
}に到達！
uosao-is-caught-by-s-trap = { $victim }が{ $owner }の罠にかかった：裏向き、次のラウンドは移動不可。{ $paid ->
    [0] 支払いなし（1pt以下）
   *[other] { $owner }に{ $paid }pt支払い
}
uosao-season-round-begins-start-player = シーズン{ $season } ラウンド{ $round }開始。スタートプレイヤー: { $seat }
uosao-season-ends-scores = シーズン{ $season }終了：{ $how }。得点: { $list }
uosao-game-over-rank-points = ゲーム終了。階級pt: { $totals }
uosao-season-begins-start-player = シーズン{ $season }開始。スタートプレイヤー: { $seat }
uosao-resigns-the-game-ends-and = { $seat }が投了しました。ゲーム終了、{ $seat }は最下位です
uosao-you-played = あなたは { $play } を出しました。
uosao-your-road-is-card = あなたの道はカード{ $card }です。
uosao-text-3 = なし
uosao-trapped-will-not-move = （罠で移動不可）
uosao-soldier = 兵士
uosao-table-move-cards = 場（移動カード）
uosao-down = 裏
uosao-start-player = （* = スタートプレイヤー）
uosao-waiting = ← 選択中
uosao-determination = アクション確定:
uosao-choosing-a-gap = {" "}← 挿入位置を選択中
uosao-road-actions-in-order = 道アクション（順番）:
uosao-last-round = 前ラウンド:
uosao-waiting-for-2 = 手番:
uosao-legend-r-y-g-b = 凡例: R Y G B P = 兵士（小文字 = 裏向き・罠）、LK = 左王（黒）、RK = 右王（白）、T = 街、黄 = 黄の道、黄!罠 = 黄の罠、@+k/@-k = 道の挿入位置。色: RED 赤 / YEL 黄 / GRN 緑 / BLU 青 / PUR 紫
uosao-your-hand = あなたの手札:
uosao-your-soldier-is-trapped-a = あなたの兵士は罠にかかっています。今出す移動カードは無効判定に数えられ、低いカードを止めることもできますが、兵士は移動しません。
uosao-legal-plays = 出せるカード:
uosao-gaps = 挿入位置:
uosao-reply-e-g-k-outer = 例: @+1 と返信してください（@+k = カード+kの外側、@-k = カード-kの外側）。
uosao-text-4 = { $code_seat_lang }：{ $shown }{ $own }
uosao-cancelled-moves-r-l = 無効: { $cancelled }　移動: 右: { $mover_det_right }　左: { $mover_det_left }
uosao-uosao-season-round-sp = === 右王左王 ===  シーズン { $season }/{ $SEASONS }  ラウンド { $round }/{ $MAX_ROUNDS }  SP: { $sp }
uosao-plays-this-round-order = このラウンドの出札（手番順 { $order }）:
uosao-season = シーズン{ $r_season }：{ $how }　{ $scores }
uosao-resigned-and-is-ranked-last = { $code_r_lang }は投了したため最下位です。
uosao-reply-with-one-play-e = カードを1枚出してください（例: { $example }）。R<番号> = 右王へ移動、L<番号> = 左王へ移動、D<番号> = 道として出す（D2T = 罠）。
uosao-you-played-a-road-choose = あなたは道（{ $played }）を出しました。挿入する位置を選んでください:

# Decision kinds by name (Engine::decision_name).
uosao-decision-play = カードを出す
uosao-decision-road = 道を挿入する

# 文字盤と絵の盤面ラベルと枚数。
uosao-colour = { $code ->
    [RED] 赤
    [YEL] 黄
    [GRN] 緑
    [BLU] 青
   *[PUR] 紫
}
uosao-footer-left-king = 左王
uosao-footer-right-king = 右王
uosao-footer-town = 街
uosao-footer-common = 共通
uosao-footer-trap = !罠
uosao-cards = { $count }枚
uosao-king-reached-by = { $colour }が王に到達
uosao-town-scoring = 街からの距離

# Plays, seats and lists inside the events.
uosao-public-move = { $dir ->
    [R] 右
   *[L] 左
}{ $value }
uosao-public-road = { $trap ->
    [yes] 罠
   *[no] 道
}
uosao-seat-plays = { $seat }：{ $play }
uosao-colour-gains = { $colour }+{ $points }
uosao-colour-holds = { $colour }{ $points }
uosao-list-separator = 、
uosao-name-separator = ・
uosao-nothing = なし
uosao-nobody = なし
uosao-mover = { $seat }{ $value }{ $trapped ->
    [yes] （罠で移動不可）
   *[no] {""}
}
uosao-king-scoring = 王到達（{ $seat }）による得点
uosao-town-scoring-after-round-5 = 5ラウンド終了、街からの距離で得点
# Private events retold in the third person, for readers of a finished game's journal.
uosao-seat-played = { $seat }は { $play } を出しました。
uosao-seat-road-is-card = { $seat }の道はカード{ $card }です。
# 盤に触れて答える（shared/src/games/uosao/gestures.rs）。
uosao-spot-gap = 道を隙間 { $gap } に入れる
uosao-spot-card = 手札の { $card }
spot-uosao-right = 右王へ（R）
spot-uosao-left = 左王へ（L）
spot-uosao-road = 道として（D）
# 場に出た札の表示：向きと数字、道はその種類。
uosao-played-face = { $face ->
    [D] { $trap ->
        [yes] 罠
       *[no] 道
    }
    [R] 右{ $value }
    [L] 左{ $value }
   *[other] { $face }{ $value }
}
# 手番順の区切り。
uosao-order-separator = ・
