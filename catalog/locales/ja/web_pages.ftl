# The game page's replay: a game stepped through one journal entry at a time.
web-replay-title = { $game } #{ $number } の再生
web-replay-steps = 再生の手順
web-replay-first = 最初
web-replay-previous = 前へ
web-replay-next = 次へ
web-replay-last = 最後
web-replay-step = 記録 { $at }（全 { $last }）
web-replay-keys = キーボードでは ← で前の記録、→ で次の記録へ進みます。
web-replay-entry-time = 記録の時刻：
web-replay-what-happened = この記録で伝えられたこと
web-replay-link = 対局を一手ずつ再生する
web-replay-this-entry = ここから再生

# An event told to one seat alone, shown to someone else once the game is over.
web-event-told-to = { $names } へ：{ $text }

# The signing script's words, carried by the move form.
web-sign-signing = 署名しています…
web-sign-cannot-sign = 署名できません：
web-sign-choose-first = 先に答えを選んでください
web-sign-key-refused = このブラウザーの鍵を登録できませんでした
web-sign-signed-out = ここではサインインしていません（別のタブでサインアウトしたか、セッションが切れました）。サインインし直してから指してください：

# A move refused because the game moved on, told on the game page reached again.
web-refused-stale-decision = その答えは指されませんでした。答えた判断はすでに決まっています（先に別の答えが届いたか、期限が過ぎました）。いまの対局を表示しています。
web-refused-game-over = その答えは指されませんでした。対局は終わっています。
web-refused-game-not-started = その答えは指されませんでした。対局はまだ参加者を待っています。
web-refused-wrong-player = その答えは指されませんでした。その判断は別のプレイヤーのものです。

# The new game's rating and listing.
web-new-game-rating = レーティング
web-new-game-rated-when-people = 全員が人のときはレーティング対象（ボットのいる対局は対象外）
web-new-game-unrated = レーティング対象にしない
web-new-game-unlisted = 非公開：空席をロビーに出さず、招待された人と対局のリンクを知る人だけが参加できます
web-new-game-bad-rating = レーティングの扱いを選んでください（全員が人なら対象、または対象外）。
web-players-exactly = { $count }人

# The error page (the visitor's language is not known there: every language is shown).
web-error-bad-request = リクエストを読み取れませんでした（{ $status }）
web-error-sign-in-first = 先にサインインしてください（{ $status }）
web-error-forbidden = 許可されていません（{ $status }）
web-error-not-found = ページが見つかりません（{ $status }）
web-error-conflict = 今はできません（{ $status }）
web-error-refused = 受け付けられませんでした（{ $status }）
web-error-too-many = リクエストが多すぎます。少し待ってください（{ $status }）
web-error-other = 問題が起きました（{ $status }）
web-error-lobby-link = ロビー
web-error-archive-link = アーカイブ
web-error-no-page = このアドレスにページはありません。
web-error-no-page-at = { $path } にページはありません。
