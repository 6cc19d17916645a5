# tegami コマンドラインクライアント: プレイヤーに見せるすべての文言（ヘルプは cli_help.ftl）。

## 対局の状態と席
cli-status-waiting = 参加者募集中
cli-status-active = 対局中
cli-status-finished = 終局
cli-seat-bot = ボット
cli-seat-open = （空席）
cli-seat-invited = （招待中）
cli-seat-invited-email = （招待中: { $email }）
cli-seat-number = P{ $number }
cli-someone = 誰か
cli-list-separator = 、

## 一覧
cli-games-head-id = ID
cli-games-head-game = ゲーム
cli-games-head-status = 状態
cli-games-head-players = 参加者
cli-games-head-turn = 手番
cli-games-your-turn = あなたの番
cli-types-head-players = 人数
cli-types-head-name = 名前
cli-types-rules-hint = ルールは `tegami rules <game>` で読めます
cli-type-title = { $name }（{ $slug }）、{ $min }〜{ $max }人
cli-type-default-options = 既定のオプション: { $options }
cli-type-rules = ルール: `tegami rules { $slug } --lang ja`
cli-type-rules-url = ルール: `tegami rules { $slug } --lang ja` または { $url }?lang=ja

## 対局の見出し
cli-header-title = 対局 { $id }: { $name }（{ $slug }）、{ $status }
cli-header-seat = 席
cli-header-you = { $name }（あなた）
cli-header-no-time-limit = 時間制限なし
cli-header-time-limit = 持ち時間: 1手 { $hours } 時間。期限切れは{ $policy ->
    [forfeit] 投了扱い
   *[skip] サーバーが合法手を代打ちして手番を飛ばす
}（ルールに既定の応答がある場合はそれ）
cli-header-waiting-for-seats = 席 { $seats } の参加者を待っています
cli-header-waiting-for = 待っている相手: { $who }
cli-header-waiting-one = { $who }（{ $kind }）
cli-header-your-turn = あなたの番 [{ $decision }]: { $prompt }
cli-header-due = 期限 { $deadline }

## 結果と合法手
cli-result = 結果: { $summary }
cli-result-head-rank = 順位
cli-result-head-seat = 席
cli-result-head-player = プレイヤー
cli-result-head-score = 得点
cli-result-out = （脱落）
cli-moves-examples = 例:
cli-moves-answer = `tegami play { $game } <手>` で答えてください
cli-moves-answer-decision = `tegami play { $game } --decision <id> <手>` で答えてください

## 棋譜
cli-log-hidden = （非公開）
cli-log-server = サーバー
cli-log-created = { $slug } を { $seats } 席で作成（棋譜形式 { $format }）
cli-log-by-server = { $action }（サーバーが代打ち）
cli-log-by-email = { $action }（メールで）
cli-log-resigned = 投了
cli-log-timed-out = 時間切れ: { $action }
cli-log-timed-out-forfeited = 時間切れで投了扱い
cli-log-revealed = シードを公開
cli-log-operator = 運用者 { $operator }
cli-log-ended-abandoned = 対局を放棄として終了：{ $reason }
cli-log-ended-adjudicated = 対局を裁定で終了（席順の順位：{ $places }）：{ $reason }
cli-log-withheld = 応答あり（誰が答えたかは秘密）
cli-log-told-to = { $who }への通知: { $event }

## 設定、ログイン、パスワード
cli-config-bad-lang = `{ $file }` の言語 `{ $lang }` は使えません。{ $known } のいずれかを指定してください
cli-not-logged-in = ログインしていません。`tegami login --email <email>` を実行してください
cli-not-logged-in-here = `{ $server }` にはログインしていません（ログイン先は `{ $other }`）。`tegami login` を実行するか、`--server { $other }` を付けてください
cli-no-game = 対局 `{ $game }` はありません。自分の対局は `tegami games` で一覧できます
cli-stdin-unreadable = 標準入力を読めません: { $error }
cli-password-unreadable = 端末からパスワードを読めません（{ $error }）。`--password-stdin` を使ってください
cli-password-prompt = パスワード:
cli-password-again = パスワード（確認）:
cli-passwords-differ = パスワードが一致しません。もう一度入力してください
cli-password-empty = パスワードが空です

## サーバーとのやりとり
cli-answer-unexpected = サーバーの応答がこの tegami の想定と違います（{ $error }）。クライアントとサーバーのバージョンは同じですか？
cli-http-setup = HTTP クライアントを準備できません: { $error }
cli-answer-html = `{ $server }` の応答は tegami の API ではなくウェブページでした。tegami のサーバーですか？（`--server` か TEGAMI_SERVER で指定します）
cli-answer-not-json = `{ $server }` の応答が JSON ではありません（{ $error }）。tegami のサーバーですか？
cli-answer-html-page = サーバーの応答は { $status }（{ $reason }）のウェブページで、tegami の応答ではありません。tegami のサーバーですか？（`--server` か TEGAMI_SERVER で指定します）
cli-net-timed-out = 時間切れ
cli-net-connect-failed = 接続失敗
cli-net-failed = 要求失敗
cli-bad-server-url = `{ $server }` はサーバーの URL として使えません。例: `http://127.0.0.1:8080`
cli-unreachable = `{ $server }` に接続できません: { $what }（{ $cause }）。サーバーは動いていますか？（`--server` か TEGAMI_SERVER で指定します）
cli-server-failed = サーバーでエラーが起きました（{ $status }）: { $detail }
cli-server-unexpected = サーバーから想定外の応答です（{ $status }）: { $detail }
cli-credentials-refused = セッションまたはトークンが拒否されました（{ $detail }）。`tegami login` を実行してください
cli-not-logged-in-server = ログインしていません（{ $detail }）。`tegami login` を実行してください
cli-email-unverified = この席はあなたのアドレス用に確保されていますが、アドレスがまだ確認されていません。登録時にメールで届いたリンクを開いてください
cli-email-unverified-help = `tegami resend-verification` で新しいリンクを送り、開いてからもう一度試してください

## エラー
cli-error = エラー: { $message }
cli-error-allowed = 今できる手:
cli-error-help = ヒント: { $help }

## 対局の検証
cli-verify-what = 対局番号か `--file <journal.json>` を指定してください
cli-verify-unfinished = 対局 `{ $game }` はまだ終わっていません。シードが公開されるまで検証できません
cli-verify-failed = 対局 `{ $game }` は検証に失敗しました（問題 { $count } 件）
cli-file-unreadable = `{ $file }` を読めません: { $error }
cli-verify-not-a-journal = `{ $file }` は棋譜ではありません（{ $error }）。`tegami log <game> --json > { $file }` で保存できます
cli-verify-title = 対局 { $game }（{ $slug }、棋譜形式 { $format }）
cli-verify-ok = OK
cli-verify-failed-mark = 失敗
cli-verified = 検証済み
cli-not-verified = 検証できませんでした

## 対局: 一覧、作成、参加、着手
cli-games-none = { $status ->
    [waiting] 参加者募集中の対局はありません
    [active] 対局中の対局はありません
    [finished] 終局した対局はありません
   *[any] 対局はありません
}。`tegami new <game> --seat me --seat bot` で始められます（ゲームは `tegami types` で一覧）
cli-join-help = 席の状況は `tegami show { $game }` で見られます
cli-joined = 対局 `{ $game }` に参加しました
cli-joined-seat = 対局 `{ $game }` の席 { $seat } に参加しました
cli-new-help = ゲームの一覧は `tegami types`、オプションは `tegami types { $game }` で見られます
cli-created = 対局 `{ $game }` を作りました
cli-created-see = `tegami show { $game }` で見られます
cli-options-not-object = `-o` と組み合わせるには `--options` が JSON オブジェクトである必要があります
cli-moves-none = 対局 `{ $game }` で今あなたが答える手はありません。`tegami watch { $game } --until-my-turn` で手番を待てます
cli-watch-not-yours = 対局 `{ $game }` にあなたの席はなく、空いている席もありません。あなたに手番が来ることはありません
cli-watch-not-yours-help = `--until-my-turn` を付けずに観戦するか、`tegami games` で自分の対局を一覧してください
cli-watch-no-seat-yet = 対局 `{ $game }` にまだあなたの席はありません。`tegami join { $game }` で参加できます（待機中）
cli-play-raw-not-json = `{ $text }` は JSON ではありません（{ $error }）。棋譜表記で書くなら `--raw` を外してください
cli-play-no-key = `{ $dir }` に署名鍵がありません。`tegami login` で作成・登録してください
cli-play-help-key = 署名鍵が登録されていなければ `tegami login` を実行してください
cli-play-help-pending = 今何が待たれているかは `tegami show { $game }` で見られます
cli-play-help-moves = 合法手は `tegami moves { $game }` で一覧できます
cli-play-help-notation = 問いと表記は `tegami moves { $game }` で見られます
cli-play-duplicate = この手はすでに受理されています（記録 { $entry }）
cli-play-not-a-player = あなたは対局 `{ $game }` の参加者ではありません
cli-play-not-a-player-help = `tegami join { $game }` で席に着けます
cli-play-not-started = 対局 `{ $game }` はまだ始まっていません。空席があります
cli-play-not-started-help = 誰が足りないかは `tegami show { $game }` で見られます
cli-play-over = 対局 `{ $game }` は終わっています
cli-play-over-help = 結果は `tegami show { $game }` で見られます
cli-play-not-your-decision = 対局 `{ $game }` の `{ $decision }` は今あなたが答える問いではありません
cli-play-yours-now = あなたの問い: { $decisions }
cli-play-not-your-turn = 対局 `{ $game }` は今あなたの番ではありません
cli-play-not-your-turn-help = `tegami watch { $game } --until-my-turn` で手番を待てます
cli-play-several = 対局 `{ $game }` であなたに { $count } 件の問いがあります。`--decision <id>` で選んでください: { $decisions }
cli-play-unknown-game = この tegami はゲーム `{ $slug }` を含めずにビルドされています。`--raw` で手を JSON で書いてください
cli-play-view-mismatch = サーバーの盤面がこの tegami と合いません（{ $error }）。クライアントとサーバーのバージョンは同じですか？
cli-play-game-over = 対局 `{ $game }` は終わりました。結果は `tegami show { $game }` で見られます
cli-play-again = またあなたの番です。`tegami moves { $game }` を実行してください

## 待機、ゲームの種類、ルール、投了
cli-wait-timed-out-game = { $secs } 秒のあいだ、対局 { $game } であなたへの問いはありませんでした。もう一度 `tegami wait { $game }` を実行してください
cli-wait-timed-out = { $secs } 秒のあいだ、あなたへの問いはありませんでした。もう一度 `tegami wait` を実行してください
cli-wait-game-over = 対局 { $game } は終わりました。結果は `tegami show { $game }` で見られます
cli-wait-not-a-player = あなたは対局 { $game } の参加者ではないので、問いが来ることはありません
cli-wait-not-a-player-help = 自分の対局は `tegami games` で一覧できます
cli-wait-none-running = 進行中の対局はありません。`tegami new` で始められます
cli-types-none = このサーバーが提供するゲームはありません
cli-types-unknown-none = ゲーム `{ $slug }` はありません。このサーバーが提供するゲームはありません
cli-types-unknown = ゲーム `{ $slug }` はありません。このサーバーのゲーム: { $known }
cli-rules-none = `{ $slug }` のルールは組み込まれていません。`tegami types` を見てください
cli-resign-confirm = 対局 `{ $game }` を投了しますか？取り消せません [y/N]
cli-resign-cancelled = 投了しませんでした。確認なしで投了するには `--yes` を付けてください
cli-resign-help = `tegami show { $game }` を実行してください
cli-resigned = 対局 `{ $game }` を投了しました

## アカウント
cli-register-help = アカウントがすでにあるなら `tegami login --email { $email }` でログインしてください
cli-registered = `{ $email }` を { $name } として登録しました
cli-login-wrong = `{ $email }` のメールアドレスかパスワードが違います
cli-login-wrong-help = アカウントは `tegami register --email { $email } --name <name>` で作れます
cli-logged-in = `{ $server }` に { $name } <{ $email }> としてログインしました
cli-key-created = 署名鍵 `{ $key }` を `{ $path }` に作りました
cli-key-not-registered = `{ $path }` の署名鍵を登録できませんでした。アカウントごとに別の `--config-dir` が必要です
cli-key-registered = 署名鍵 `{ $key }` を登録しました
cli-logout-kept = セッションはまだここに保存されています。やり直すか、`--config-dir` のセッションを削除してください
cli-logout-everywhere = `{ $server }` のセッション { $count } 件からサインアウトしました（このセッションを含む）
cli-logout-tokens = APIトークンを{ $count }個失効させました
cli-logged-out = `{ $server }` からログアウトしました
cli-logout-not-logged-in = ログインしていません
cli-notify-settings = 手番メール: { $how }
    メールの言語: { $lang }
    手番メールを送る時: { $turn }
    それだけでメールになる発言: { $talk }
cli-vacation-away = { $until } まで不在: それまで持ち時間は止まります
cli-vacation-back = 不在ではありません: 持ち時間は進みます
cli-verification-sent = 確認用の新しいリンクを送りました。開いてアドレスを確認してください
cli-file-unwritable = `{ $file }` に書き込めません: { $error }
cli-account-exported = あなたのデータを `{ $file }` に書き出しました
cli-account-delete-confirm = アカウントを削除しますか？進行中の対局は投了扱いになり、取り消せません [y/N]
cli-account-delete-cancelled = 削除しませんでした。確認なしで削除するには `--yes` を付けてください
cli-account-deleted = アカウントを削除し、すべての場所でサインアウトしました
cli-password-change-prompt = 現在のパスワード、続けて新しいパスワードを2回入力してください
cli-password-changed = パスワードを変更しました。ほかのセッション { $count } 件をサインアウトしました
cli-password-reset-sent = `{ $email }` のアカウントがあれば、リセット用トークンを送りました。届いたら `tegami password reset --token <token>` を実行してください
cli-password-reset-what = `--email <email>` か `--token <token>` を指定してください
cli-password-reset-help = 新しいトークンは `tegami password reset --email <email>` で頼めます
cli-password-reset-done = パスワードを設定し、すべてのセッションをサインアウトしました。`tegami login --email <email>` でログインしてください
cli-whoami = { $name } <{ $email }>（アカウント { $account }）、サーバー `{ $server }`
cli-whoami-key = 署名鍵 `{ $key }`

## セッション、トークン、アドレス
cli-sessions-none = セッションはありません（APIトークンは `tegami token list` で一覧できます）
cli-sessions-unknown = セッション `{ $id }` はありません。`tegami sessions` で一覧できます
cli-sessions-revoked = セッション `{ $id }` をサインアウトしました
cli-sessions-head-signed-in = サインイン
cli-sessions-head-last-used = 最終使用
cli-sessions-head-ends = 未使用時の期限
cli-sessions-head-from = 接続元
cli-sessions-head-client = クライアント
cli-sessions-this-one = { $id }（このセッション）
cli-token-created = トークン `{ $name }`（ID { $id }）を作りました。表示は一度だけです。`--token` か TEGAMI_TOKEN で使います
cli-token-none = トークンはありません。`tegami token create <name>` で作れます
cli-token-unknown = トークン `{ $id }` はありません。`tegami token list` で一覧できます
cli-token-revoked = トークン `{ $id }` を失効させました
cli-token-head-created = 作成
cli-token-never = 未使用
cli-address-added = `{ $address }` に確認用のリンクを送りました。48時間以内に開くと、そのアドレスからの返信で着手できるようになります
cli-address-none = 追加のアドレスはありません。返信で着手できるのはアカウントのアドレスからだけです（`tegami mail-address add <address>` で追加できます）
cli-address-unknown = 追加のアドレス `{ $address }` はありません。`tegami mail-address list` で一覧できます
cli-address-removed = `{ $address }` を外しました。そのアドレスからの返信ではもう着手できません
cli-address-head-address = アドレス
cli-address-head-added = 追加日時
cli-address-proved = 確認済み
cli-address-pending = 確認待ち（メールのリンクを開いてください）

## ファイルとイベントストリーム
cli-config-no-home = ホームディレクトリが見つかりません（{ $error }）。`--config-dir` を指定してください
cli-session-unreadable = `{ $file }` を読めません: { $error }。削除して `tegami login` を実行してください
cli-file-unremovable = `{ $file }` を削除できません: { $error }
cli-key-unreadable = 署名鍵 `{ $file }` を読めません: { $error }
cli-key-exists = `{ $file }` はすでにあります。置き換えません
cli-dir-uncreatable = `{ $file }` を作れません: { $error }
cli-feed-closed = イベントストリームが始まる前に閉じました。もう一度試してください
cli-feed-stopped = イベントストリームが止まりました。もう一度試してください
cli-feed-unreadable = サーバーがこの tegami には読めないイベントを送りました（{ $error }）。クライアントとサーバーのバージョンは同じですか？
cli-feed-gone = サーバーはもうイベントストリームを提供していません

## コマンドラインの値
cli-arg-timeout-policy = `{ $value }` は時間切れの扱いではありません。`forfeit` か `skip` を指定してください
cli-arg-deadline = `{ $value }` は持ち時間ではありません。1〜8760 の時間数か `none` を指定してください
cli-arg-until = `{ $value }` は日付でも日時でもありません。`2026-12-24` か `2026-12-24T18:00:00Z` の形で書いてください
cli-arg-head-hash = ヘッドハッシュは16進数64文字です（`tegami show <game> --json` の `head_hash`）
cli-arg-seat-email = `{ $email }` はメールアドレスではありません。`invite:name@example.com` の形で書いてください
cli-arg-seat = 席 `{ $value }` は使えません。`me`、`bot`、`bot:easy`、`bot:normal`、`bot:hard`、`open`、`invite:<email>` のいずれかです
cli-arg-not-json = JSON ではありません: { $error }
cli-arg-options-object = オプションは JSON オブジェクトで書いてください（例: '{"{"}"key": 3{"}"}'）
cli-arg-option = `{ $value }` は `key=value` の形ではありません
cli-arg-option-key = `{ $value }` にキーがありません。`key=value` の形で書いてください
cli-env-bad = { $variable } の値 `{ $value }` は使えません。使える値: { $allowed }
cli-verify-head = 控えておいたヘッドが棋譜にあります（記録 { $entry }）
cli-verify-no-head = 控えておいたヘッド { $head } が棋譜にありません
cli-verify-empty = 棋譜が空です
cli-verify-other-slug = 記録 0 は `{ $slug }` を作成していますが、一覧では `{ $listed }` です
cli-verify-other-commitment = 記録 0 のシードのコミットメントが一覧と違います
cli-verify-no-create = 記録 0 が対局の作成ではありません
cli-verify-other-format = 記録 0 は棋譜形式 { $format } で対局を作成していますが、一覧では形式 { $listed } です
cli-verify-sequence = 記録 { $entry }: 順番が違います（本来は { $expected }）
cli-verify-broken-chain = 記録 { $entry }: 直前の記録に続いていません（ハッシュの連鎖が切れています）
cli-verify-entry = 記録 { $entry }: { $problem }
cli-verify-chain = { $count } 件の記録のハッシュ連鎖
cli-verify-chain-v1-withheld = { $count } 件の記録のハッシュ連鎖（公開されない応答 { $withheld } 件はソルト付きハッシュのまま）
cli-verify-chain-v2-withheld = { $count } 件の記録のハッシュ連鎖、すべてのつながりを再計算（公開されない応答 { $withheld } 件は公開済みの内容コミットメントでつながる）
cli-verify-hash-mismatch = ハッシュが内容と一致しません
cli-verify-no-content = 形式 2 の記録なら必ずある内容コミットメント（`content`）がありません
cli-verify-hash-v2-mismatch = ハッシュが時刻・直前のハッシュ・内容コミットメントと一致しません
cli-verify-content-mismatch = 内容コミットメントが本体とノンスに一致しません
cli-verify-no-seed = シードが公開されていません: 対局はまだ終わっていません
cli-verify-bad-seed = 公開されたシードが32バイトの16進数ではありません
cli-verify-seed = シードが作成時に公開されたコミットメントと一致します
cli-verify-seed-mismatch = 公開されたシードが作成時に公開されたコミットメントと一致しません
cli-verify-unlisted-key = 棋譜に載っていない鍵 `{ $key }` で署名されています
cli-verify-key-id = 鍵 `{ $key }` は公開鍵の鍵 ID と一致しません
cli-verify-seat-without-account = 席 { $seat } にプレイヤーのアカウントがないのに、署名付きの手があります
cli-verify-other-account = アカウント { $signer } が署名していますが、席 { $seat } はアカウント { $account } のものです
cli-verify-kept-key-other-seat = 席 { $kept } のために保管された鍵で署名されていますが、席 { $seat } はアカウント { $account } のものです
cli-verify-unsigned = 記録 { $entry }: プレイヤーの手に署名がありません
cli-verify-differs-game = 対局 { $applied } ではなく { $signed }
cli-verify-differs-seat = 席 { $applied } ではなく { $signed }
cli-verify-differs-decision = 問い `{ $applied }` ではなく `{ $signed }`
cli-verify-differs-action = 適用された手とは別の手
cli-verify-differs = 記録 { $entry }: 署名された手の内容が違います: { $differs }
cli-verify-resignation = 記録 { $entry }: 署名された投了は別の対局か別の席のものです
cli-verify-signed = 署名付きの手 { $count } 件（プレイヤー { $players } 人）
cli-verify-by-mail = メール返信による手 { $count } 件（サーバーが確認。プレイヤーの署名ではありません）
cli-verify-unknown-game = この tegami はゲーム `{ $slug }` を含めずにビルドされているため、サイコロと手を再現できません
cli-verify-replay = 再現: { $problem }
cli-verify-replay-not-over = 再現: 棋譜の終わりで対局が終わっていません
cli-verify-replay-no-reveal = 再現: 棋譜が公開されたシードで終わっていません
cli-verify-replay-events = 記録 { $entry }: 再現したイベントが棋譜と違います
cli-verify-replayed = 再現: すべての手・サイコロ・シャッフルを再現し、イベントも同じです

# Column heads of the lobby, the leaderboard, the archive and a profile.
cli-lobby-head-seats = 席数
cli-lobby-head-open = 空席
cli-lobby-head-time = 持ち時間
cli-lobby-head-rated = レート
cli-lobby-head-lang = 言語
cli-lobby-head-creator = 作成者
cli-lobby-rated = 対象
cli-lobby-hours = { $hours }時間
cli-ratings-head-rating = レート
cli-ratings-head-games = 対局数
cli-ratings-head-won = 勝ち
cli-archive-head-result = 結果
cli-profile-head-played = 対局数
cli-verify-ended-abandoned = 記録 { $entry }: 運用者 { $operator } が終了：放棄 — { $reason }
cli-verify-ended-adjudicated = 記録 { $entry }: 運用者 { $operator } が終了：裁定、席順の順位 { $places } — { $reason }
