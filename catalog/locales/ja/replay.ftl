# 再生：記録の任意の時点のゲーム。
replay-past-the-end = ゲーム `{ $game }` の記録は 0 から { $last } までです。`at` の { $at } は最後の記録より後です
replay-step = 記録 { $at } / { $last }
replay-keys = ← 前 · → 次 · Home 最初 · End 最後 · q 終了

# 結果：終局したゲームの勝者と各席の順位。
result-winners = { $count ->
   *[other] 勝者: { $names }
}
result-no-winner = 勝者なし
result-heading = 結果
result-standings-heading = 順位
result-rank = 順位
result-player = プレイヤー
result-score = 得点
result-out = （脱落）
result-line = { $rank }位 { $name }
result-line-score = { $rank }位 { $name }: { $score }

# レーティング（Weng-Lin / OpenSkill）、ゲームごと。
rating-bot-game-unrated = ボットのいるゲームはレーティング対象にできません（ボット相手の結果は実力を表しません）。`rated` を省くか false にしてください
