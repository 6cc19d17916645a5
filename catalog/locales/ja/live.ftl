# 対局ページの自動更新（api/src/web/live.rs、assets/web/live.js）。
live-your-turn = あなたの番
live-changed = 対局が進みました。
live-next-game = { $game } #{ $id } はあなたの番です
live-board-label = 盤面
live-choose-answer = 答えを選んでください…
