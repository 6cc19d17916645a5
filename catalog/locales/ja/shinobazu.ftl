# shinobazu: texts of the engines (generated from the former inline pairs).

shinobazu-is-not-a-seat-seats = `{ $s }` は席ではありません（P1〜P{ $n }）
shinobazu-is-not-a-card-cards = `{ $s }` は札ではありません。K・R・B に -3（m3）、1、2、4、5 を続けます（例：R4、K-3）
shinobazu-is-not-a-play = `{ $text }` は札の出し方として読めません。{ shinobazu-play-help }
shinobazu-is-not-an-answer-to = `{ $t }` は押し付けられた札への答えではありません。F（勝負）か P（パス）
shinobazu-is-not-a-challenge-write = `{ $t }` は読めません。`C P3`（P3に挑む）か `C-`（挑まない）
shinobazu-is-not-an-answer-to-2 = `{ $t }` は挑戦への答えではありません。A（受ける）か D（パス）
shinobazu-unknown-decision-kind = 不明な決定 `{ $other }`
shinobazu-text = { $c_code }（{ $c }）
shinobazu-text-2 = 、
shinobazu-duel-accepts-s-challenge-to = { $stamp }不忍 { $passer }は{ $challenger }の不忍勝負を受けました
shinobazu-show-showdown-fighters-passed = { $stamp }決戦 勝負：{ $seats_list_r_fighters }。パス：{ $seats_list_r_passers }。
shinobazu-everyone-passed-forced-showdown-of = {"  "}全員パス：全員で強制的に決戦。
shinobazu-sole-fighter-leaves-no-score = {"  "}勝負は{ $fighter }のみ：決戦を抜け（点数の増減なし）、{ $left } を捨て札に。
shinobazu-the-lead-colour-becomes-from = {"  "}{ $nb }の勝負札から主導色は { $colour_name_r_lead }。
shinobazu-technique-of-three-totals-every = {"  "}参の術（{ $seats_list_by_lang }の合計が3）：パスしたプレイヤーも全員決戦に参加。
shinobazu-lead-colour = {"  "}主導色 { $colour_name_r_lead }
shinobazu-total = 合計
shinobazu-no-winner-the-strongest-strength = {"  "}勝ち忍なし（最も強い者が複数）
shinobazu-text-3 = { $l }（{ $before } → { $after }）
shinobazu-may-now-challenge-one-passer = {"  "}{ $r_losers_0 }はパスしたプレイヤー（{ $seats_list_r_passers_left }）の1人に不忍勝負を挑めます。
shinobazu-fights = 勝負
shinobazu-passes = パス
shinobazu-pushed-undecided = 押し付けられ・未回答
shinobazu-face-down = 裏向き
shinobazu-you = あなた
shinobazu-game-over = ゲーム終了。
shinobazu-you-2 = （あなた）
shinobazu-start-player = スタート
shinobazu-done = 済
shinobazu-resigned = 投了
shinobazu-pt = 点
shinobazu-in-front = 場の札
shinobazu-hand = 手札
shinobazu-carried-over = 持ち越し
shinobazu-no-lead-colour-yet = リード色: まだなし
shinobazu-discard-pile = 捨て札
shinobazu-waiting-for-to-play-a = { $name_seat }が札を出すのを待っています。
shinobazu-waiting-for-to-fight-or = { $name_seat }が{ $name_pusher }の押し付けた札に勝負かパスかを決めるのを待っています。
shinobazu-waiting-for-to-challenge-a = { $name_seat }がパスしたプレイヤーに不忍勝負を挑むかどうかを待っています。
shinobazu-waiting-for-to-accept-or = { $name_seat }が{ $name_challenger }の挑戦を受けるかどうかを待っています。
shinobazu-rank = { $rank }位
shinobazu-pushed-by-p = P{ $current_placed_by_1 }が押し付け
shinobazu-shinobazu-set-round-turn = 不忍 — 第{ $set_no }セット・第{ $round_no }ラウンド・{ $turn }手目
shinobazu-lead-colour-2 = リード色: { $colour_name_c_lang }
shinobazu-face-down-cards-out-of = 裏向き { $discard_face_down }枚・未使用 { $unused_count }枚
shinobazu-shinobazu = 不忍
shinobazu-a-short-bluffing-trick-taking = 15枚の忍者札で遊ぶ短いはったりトリックテイキング。札を裏向きで自分に出して勝負かパスを選ぶか、他のプレイヤーに押し付け、押し付けられた人は札を見ずに勝負かパスを選びます。最も弱い人が1点加算（異色の2・4で強弱が逆転）。誰かが5点に達したら、得点の最も少ない人の勝ち。オプションで最初の親、勝負を断った人の札の扱い、一人で勝負する人の出し方を選べる（ルールを参照）。
shinobazu-shinobazu-is-for-players-not = 不忍は3〜5人用です（{ $n }人は不可）
shinobazu-first-start-player-must-be = first_start_player は 0〜{ $n_1 } の席番号です（{ $sp } は不可）
shinobazu-play-a-card-lead-colour = { $stamp } { $seat }：札を出してください（主導色 { $lead }）。`札@me/F`（勝負）、`札@me/P`（パス）、`札@Pn`（押し付け）
shinobazu-pushed-a-card-onto-you = { $stamp } { $seat }：{ $pusher }があなたに札を押し付けました（札は見られません）。主導色 { $lead }。持ち越しの札：{ $carried }。得点：{ $scores }。F（勝負）か P（パス）で答えてください
shinobazu-you-are-the-single-loser = { $stamp } { $loser }：あなたは唯一の負け忍です。パスしたプレイヤー（{ $seats_text_passers_left }）に不忍勝負を挑むなら C Pn、挑まないなら C-
shinobazu-challenges-you-to-a-shinobazu = { $stamp } { $passer }：{ $loser }があなたに不忍勝負を挑みました。A（受ける）か D（パス、{ $n }点加算、{ $kept ->
    [discard] 勝負札は捨て札
   *[carry] 勝負札は手元に残る
}）
shinobazu-wins-with-points-scores = { $winners_0 }の勝利（{ $scores_winners_0 }点。得点：{ $scores_text }）。
shinobazu-share-the-victory-scores = { $seats_text_winners }が勝利を分け合いました（得点：{ $scores_text }）。
shinobazu-is-not-a-passer-you = { $passer }には挑めません。{ $seats_text_passers_left } のいずれか、または C- を選んでください
shinobazu-that-answer-does-not-fit = この決定にはその答えは使えません。{ $en }
shinobazu-you-do-not-hold-your = { $card }は手札にありません（手札：{ $cards_text_hand }）
shinobazu-you-must-follow-the-lead = 主導色 { $colour_lead } に追随しなければなりません。手札の{ $lead }の札を出してください
shinobazu-you-already-have-a-card = このラウンドはすでに勝負札があります。勝負札のないプレイヤーに押し付けてください（`札@Pn`）
shinobazu-the-start-player-may-not = スタートプレイヤーは自分の勝負札でパスできません（`札@me` か `札@me/F`、または押し付け）
shinobazu-say-whether-you-fight-or = 勝負かパスかを指定してください：{ $card }@me/F か { $card }@me/P
shinobazu-there-is-no-seat-p = P{ $q_1 }という席はありません（P1〜P{ $n }）
shinobazu-to-play-to-yourself-write = 自分に出すときは { $card }@me/F か { $card }@me/P と書いてください
shinobazu-already-has-a-card-this = { $q }にはすでに勝負札があります。勝負札のないプレイヤーに押し付けてください
shinobazu-a-pushed-card-takes-no = 押し付ける札に /F や /P は付けません（受けた側が選びます）：{ $card }@{ $q }
shinobazu-there-is-no-seat-p-2 = P{ $seat_1 }という席はありません
shinobazu-duel-challenges-to-a-shinobazu = { $stamp }不忍 { $loser }が{ $passer }に不忍勝負を挑みました
shinobazu-duel-does-not-challenge = { $stamp }不忍 { $loser }は不忍勝負を挑みません
shinobazu-played-a-card-face-down = { $stamp } { $a }が自分の勝負札を裏向きで出し、{ $stance ->
    [fight] 勝負
   *[pass] パス
}を宣言{ $lead }
shinobazu-pushed-a-card-face-down = { $stamp } { $a }が{ $q }に裏向きの札を押し付けました{ $forced ->
    [yes] （強制）
   *[no] {""}
}{ $lead }
shinobazu-resp-on-the-pushed-card = { $stamp }応答 { $q }は押し付けられた札で{ $stance ->
    [fight] 勝負
   *[pass] パス
}
shinobazu-duel-declines = { $stamp }不忍 { $passer }は不忍勝負をパス：{ $k }点加算（{ $before } → { $change_after }）。{ $cards_en }
shinobazu-end = { $stamp }終了 { $lines }
shinobazu-game-over-2 = ゲーム終了。{ $o_summary }
shinobazu-set-redeal-from-dealt-unused = 第{ $set_no_1 }セット：{ $first }から配り直し。配布 { $counts }。未使用 { $unused }枚
shinobazu-begins-start-player = { $stamp } 開始。スタートプレイヤーは{ $sp }
shinobazu-resigns-the-game-ends = { $seat }が投了し、ゲーム終了。{ $o_summary }
shinobazu-you-played-to-yourself = { $stamp } あなたは { $card } を自分の勝負札として出しました（{ $stance ->
    [fight] 勝負
   *[pass] パス
}）
shinobazu-you-pushed-onto = { $stamp } あなたは { $card } を{ $q }に押し付けました{ $forced ->
    [yes] （強制）
   *[no] {""}
}
shinobazu-your-new-hand = 新しい手札：{ $h }
shinobazu-shinobazu-set-round-of-turn = {" "}不忍  第{ $set_no }セット | ラウンド { $round_no }/3 | 手番 { $turn }
shinobazu-none-yet = 未定
shinobazu-lead-colour-start-player = {" "}主導色: { $lead }   スタートプレイヤー: { $who_sp }
shinobazu-ends-at-round-end-when = {" "}ラウンド終了時に誰かが5点以上ならゲーム終了。得点の最も少ない人の勝ち。
shinobazu-reading-a-passer-who-declines = {" "}解釈: 不忍勝負をパスした人の勝負札は手元に残り、次のラウンドに持ち越し。
shinobazu-reading-with-one-fighter-the = {" "}解釈: 勝負が1人のとき、その左隣が出した札（どこに置いたかを問わず）の色が主導色。
shinobazu-own = 自
shinobazu-none = （なし）
shinobazu-your-hand = {" "}あなたの手札: { $h }
shinobazu-hand-2 = の手札
shinobazu-yours = （あなたが出した札：{ $cards_text_discard_face_down_yours }）
shinobazu-discards-face-down = {" "}捨て札      : { $discards }   裏向き: { $discard_face_down }枚{ $yours }
shinobazu-face-down-discards = {" "}裏向きの捨て札: { $cards_text_cards }
shinobazu-waiting-for = {" "}待機中      : { $text }
shinobazu-declined-s-challenge = {" "}{ $seat_label_d_passer }は{ $seat_label_d_loser }の不忍勝負をパス：{ $d_cards }点加算（{ $d_change_before } → { $d_change_after }）。{ $carried ->
    [yes] 勝負札は手元に残りました。
   *[no] 勝負札は裏向きのまま捨て札に。
}
shinobazu-game-over-ranking = {" "}ゲーム終了。順位:
shinobazu-resigned-2 = （投了）

# Decision kinds by name (Engine::decision_name).
shinobazu-decision-play = 札を出す
shinobazu-decision-push-response = 押し付けられた札に勝負かパス
shinobazu-decision-challenge = 不忍勝負を挑むかどうか
shinobazu-decision-challenge-answer = 挑戦を受けるかどうか
shinobazu-play-help = `札@me/F`（自分に出して勝負）、`札@me/P`（パス）、`札@Pn`（Pnに押し付け）の形で書いてください。例：R4@me/F、K2@me/P、B-3@P4。長い形 `play R4 self fight`、`push B-3 to P4` も可。札は K/R/B（黒/赤/青）と -3（m3）、1、2、4、5
shinobazu-colour = { $code ->
    [K] 黒
    [R] 赤
   *[B] 青
}
shinobazu-pts = {"  "}{ $ranks_i }位  { $seat_label_q } { $seats_i_score }点{ $resigned }  { $seat_name_q }

# 文字盤の報告、表、待ち、凡例。
shinobazu-report-reversal-odd = {"  "}異色順逆の術：{ $cards } → { $count }枚（奇数）：小さい合計が強い
shinobazu-report-reversal-even = {"  "}異色順逆の術：{ $cards } → { $count }枚（偶数）：大きい合計が強い
shinobazu-report-winner = {"  "}勝ち忍 { $winner }（{ $before } → { $after }）
shinobazu-report-winner-at-zero = {"  "}勝ち忍 { $winner }（{ $before } → { $after }、0未満にはならない）
shinobazu-report-loser = {"  "}負け忍 { $losers }
shinobazu-report-losers-mutual = {"  "}負け忍 { $losers }（相討ち）
shinobazu-table-column = { $column ->
    [seat] 席
    [player] プレイヤー
    [points] 点
    [hand] 手札
    [carried] 持越
    [current] 勝負札
    [by] 出し手
   *[choice] 選択
}
shinobazu-unused-cards = {" "}未使用      : { $cards }
shinobazu-unused-face-down = {" "}未使用      : 裏向き{ $count }枚
shinobazu-waiting-play = { $who }：札を出す
shinobazu-waiting-push-response = { $who }：{ $pusher }が押し付けた札に勝負かパスか
shinobazu-waiting-challenge = { $who }：パスしたプレイヤー（{ $passers }）に不忍勝負を挑むかどうか
shinobazu-waiting-challenge-answer = { $who }：{ $challenger }の不忍勝負を受けるかパスするか
shinobazu-legend =
    凡例: * スタートプレイヤー  ?? 裏向き（不明）  (xx) 裏向き（あなたが出した札）
    {"      "}F 勝負  P パス  ? 未回答  . 札なし  自 自分で出した札  <Pn Pnが押し付けた札
shinobazu-footer-title = 不忍

# A start player's first card sets the lead colour; said after what the card did.
shinobazu-lead-colour-set = 。主導色は { $colour }
# Private events retold in the third person, for readers of a finished game's journal.
shinobazu-seat-played-to-self = { $stamp } { $seat }は { $card } を自分の勝負札として出しました（{ $stance ->
    [fight] 勝負
   *[pass] パス
}）
shinobazu-seat-pushed-onto = { $stamp } { $seat }は { $card } を{ $q }に押し付けました{ $forced ->
    [yes] （強制）
   *[no] {""}
}
shinobazu-seat-new-hand = { $seat }の新しい手札：{ $h }
shinobazu-lead-none-yet = 未定
# 盤に触れて答える（shared/src/games/shinobazu/gestures.rs）。
shinobazu-spot-card = 手札の { $card }
spot-shinobazu-fight = 勝負（F）
spot-shinobazu-pass = パス（P）
spot-shinobazu-no-challenge = 挑まない（C-）
spot-shinobazu-accept = 受ける（A）
spot-shinobazu-decline = 断る（D）

# What each decision expects, when the answer given does not fit.
shinobazu-expected-a-play = 札を出してください：CARD@me/F、CARD@me/P、CARD@Pn
shinobazu-expected-a-push-response = 押し付けられた札に F か P で答えてください
shinobazu-expected-a-challenge-choice = C Pn で挑むか、C- で挑まないかを選んでください
shinobazu-expected-a-challenge-answer = 挑戦に A か D で答えてください
# Where a declined duel's cards go.
shinobazu-declined-cards-discarded = 勝負札は公開せず裏向きで捨て札に
shinobazu-declined-cards-carried = 勝負札は挑まれなかったパスと同じく手元に残る
# The lines of a round's end.
shinobazu-end-card-carried = { $seat }の { $card } を晒して持ち越し
shinobazu-end-cards-back-to-hand = { $seat }は { $cards } を公開して手札に戻す
shinobazu-end-next-start-player = 次のスタートプレイヤーは{ $seat }
shinobazu-end-line-separator = 。
