# tegami コマンドラインのヘルプ（`tegami --help`、`tegami <command> -h`）。cli/src/help.rs が当てはめる。
# ID はコマンドの木に従う: cli-help-<path>-about、-long-about、-after（-h と --help の後）、-after-long（--help の後
# だけ）、cli-help-<path>-arg-<argument> と -long。<path> は tegami 自体なら `tegami`、ほかはサブコマンド名を `-` で
# つないだもの。cli-help-global-<option> はすべてのコマンドに共通のオプション。コマンド名、オプション、値の名前、
# 環境変数、ファイル名、例のコマンド行は書かれたとおりに残す。

## clap がテキストの周りに書く言葉
cli-help-heading-usage = 使い方
cli-help-heading-commands = コマンド
cli-help-heading-arguments = 引数
cli-help-heading-options = オプション
cli-help-heading-global-options = 共通オプション
cli-help-flag-help = ヘルプを表示
cli-help-flag-help-more = ヘルプを表示（詳しくは '--help'）
cli-help-flag-help-summary = ヘルプを表示（要約は '-h'）
cli-help-flag-version = バージョンを表示
cli-help-help-about = このヘルプ、または指定したサブコマンドのヘルプを表示

## tegami
cli-help-tegami-about = tegami: ボードゲームをメールとシェルで遊ぶ
-cli-help-tegami-examples =
    例:
      tegami register --email alice@example.com --name Alice
      tegami types
      tegami rules <game>
      tegami new <game> --seat me --seat bot
      tegami games
      tegami show 12 --lang ja
      tegami moves 12
      tegami play 12 <move>
      tegami log 12 --json > journal.json && tegami verify --file journal.json

    終了コード: 0 成功、1 手元での失敗、2 使い方の誤り、3 サーバーが拒否、4 ネットワークかサーバーの障害、5 検証に失敗、6 ログインしていない、7 終局と 8 時間切れ（`wait`）、9 検証するものがない（`verify`）。
cli-help-tegami-after =
    { -cli-help-tegami-examples }

    --json を付けると、コマンドはテキストの代わりにサーバーの JSON 応答を出力します（詳しくは --help）。
cli-help-tegami-after-long =
    { -cli-help-tegami-examples }

    JSON 出力（--json）: サーバーの応答を、キーを並べ替えて整形したもの。型は REST API のもの（shared/src/api_types.rs、サーバーの openapi.yaml）。
      register, login, whoami    Account
      token create               CreatedToken（シークレットを含む）
      token list                 [ApiToken]
      token revoke               {"{"}"revoked": <id>{"}"}
      types [game]               [GameType]、または GameType 1つ
      rules <game>               GameRules {"{"}slug, lang, markdown{"}"}（サーバー不要）
      games                      [GameSummary]
      new, join, show            GameDetail
      moves                      [LegalMoves]
      play, resign               MoveAccepted（--print-signed のときは JWS）
      log                        JournalListing（`verify --file` が読むもの）
      watch                      変化のたびに、1行に1つのコンパクトな GameDetail
      verify                     {"{"}game, slug, ok, checks, failures, result?{"}"}
      logout                     {"{"}"logged_out", "signed_out", "tokens_revoked"{"}"}
      sessions                   [SessionInfo]
      sessions revoke            {"{"}"revoked": "<id>"{"}"}
      password change            SessionsRevoked（ほかのセッションはサインアウト）
      password reset             {"{"}"requested": "<email>"{"}"} または {"{"}"reset": true{"}"}
      account export             AccountExport
      account delete             {"{"}"deleted": true{"}"}
      mail-address add           MailAddress
      mail-address list          [MailAddress]
      mail-address remove        {"{"}"removed": <id>{"}"}
    メッセージとエラーは標準エラー出力に出ます。

## すべてのコマンドに共通のオプション
cli-help-global-server = tegami サーバー [環境変数: TEGAMI_SERVER] [既定: config.toml の `server`、なければ最後にログインしたサーバー、なければ http://127.0.0.1:8080]
cli-help-global-config-dir = セッション、署名鍵、config.toml を置くディレクトリ [環境変数: TEGAMI_CONFIG_DIR] [既定: $XDG_CONFIG_HOME/tegami または ~/.config/tegami]
cli-help-global-lang = メッセージ、盤面、問い、イベント、ヘルプの言語: `en` か `ja` [環境変数: TEGAMI_LANG] [既定: config.toml の `lang`、なければ en]
cli-help-global-width = 文字の幅（桁数）: 盤面、見出し、棋譜、ヘルプ [環境変数: TEGAMI_WIDTH] [既定: $COLUMNS、なければ 80]
cli-help-global-region = 大きな盤の一部だけを、そのゲームの言い方で描く（suriagehara なら隅の2つのヘクス、`0305-1012`） [環境変数: TEGAMI_REGION]
cli-help-global-json = テキストの代わりにサーバーの JSON を出力する [環境変数: TEGAMI_JSON。1、true、yes、on（または 0、false、no、off）のいずれか]
cli-help-global-token = `tegami login` のセッションの代わりにこの API トークンを使う [環境変数: TEGAMI_TOKEN]

## アカウント
cli-help-register-about = アカウントを作り、ログインする
cli-help-register-after =
    例:
      tegami register --email alice@example.com --name Alice
      printf 'correct horse\n' |
        tegami register --email alice@example.com --name Alice --password-stdin
cli-help-register-arg-email = メールアドレス: ログインに使い、手番のメールもここに届く
cli-help-register-arg-name = 表示名（ほかのプレイヤーに見える名前）
cli-help-register-arg-password-stdin = パスワードを尋ねずに、標準入力の1行目から読む
cli-help-login-about = ログインし、この端末の署名鍵をサーバーに登録する
cli-help-login-after =
    最初のログインで Ed25519 の鍵ペアを設定ディレクトリに作り（モード 0600）、その公開鍵を登録します。あなたが指す手はすべてこの鍵で署名されます。

    例:
      tegami login --email alice@example.com
      tegami --server https://tegami.example login --email alice@example.com
      printf 'correct horse\n' |
        tegami login --email alice@example.com --password-stdin
cli-help-login-arg-email = アカウントのメールアドレス
cli-help-login-arg-password-stdin = パスワードを尋ねずに、標準入力の1行目から読む
cli-help-logout-about = サインアウトする: サーバーは `tegami login` のセッションを終え、この端末もそれを忘れる（署名鍵は残す）
cli-help-logout-after =
    `--everywhere` を付けると、アカウントのすべてのセッションがすべての端末で終わります。API トークンは残ります。`--tokens` を付ければそれも失効します（1つだけなら `tegami token revoke` で）。

    例:
      tegami logout
      tegami logout --everywhere
      tegami logout --everywhere --tokens
cli-help-logout-arg-everywhere = この端末だけでなく、アカウントのすべてのセッションを終える
cli-help-logout-arg-tokens = `--everywhere` と一緒に: アカウントの API トークンもすべて失効させる（それを使うスクリプトは動かなくなり、それで設定した Webhook も止まる）
cli-help-sessions-about = サインイン中のセッションを一覧する、または1つをサインアウトさせる
cli-help-sessions-after =
    例:
      tegami sessions
      tegami sessions revoke 3f2a…
cli-help-sessions-revoke-about = セッションを1つサインアウトさせる: そのトークンはすぐに使えなくなる
cli-help-sessions-revoke-after =
    例:
      tegami sessions revoke 3f2a…
cli-help-sessions-revoke-arg-id = セッションの ID（`tegami sessions` の表示どおり）
cli-help-password-about = パスワードを変える、または忘れたパスワードをメールでリセットする
cli-help-password-change-about = パスワードを変える（今のパスワードを尋ねる）。ほかのセッションはサインアウトされる
cli-help-password-change-after =
    `--password-stdin` では、標準入力の1行目が今のパスワード、2行目が新しいパスワードです。

    例:
      tegami password change
      printf 'old password\nnew password\n' |
        tegami password change --password-stdin
cli-help-password-change-arg-password-stdin = 両方のパスワードを尋ねずに、標準入力から読む
cli-help-password-reset-about = 忘れたパスワードをリセットする: `--email` でトークンをメールで受け取り、`--token` でそれを使って新しいパスワードを決める
cli-help-password-reset-after =
    トークンは1回だけ、限られた時間（既定では1時間）使えます。新しいパスワードを決めると、すべてのセッションがサインアウトされます。

    例:
      tegami password reset --email alice@example.com
      tegami password reset --token 7d0c…
      printf 'new password\n' |
        tegami password reset --token 7d0c… --password-stdin
cli-help-password-reset-arg-email = このアドレスにリセット用のトークンをメールで送る
cli-help-password-reset-arg-token = メールで届いたトークンで新しいパスワードを決める
cli-help-password-reset-arg-password-stdin = `--token` と一緒に: 新しいパスワードを尋ねずに、標準入力の1行目から読む
cli-help-account-about = サーバーにあるあなたのデータをすべて書き出す、またはアカウントを削除する
cli-help-account-delete-about = アカウントを削除する: 進行中の対局は投了扱いになり、過去の対局でのあなたの名前は "deleted player N" になり、すべてのセッションとトークンが使えなくなる
cli-help-account-delete-after =
    確認（`--yes` で省けます）とパスワードを求めます。

    例:
      tegami account delete
      printf 'my password\n' | tegami account delete --yes --password-stdin
cli-help-account-delete-arg-yes = 確認を求めない
cli-help-account-delete-arg-password-stdin = パスワードを尋ねずに、標準入力の1行目から読む
cli-help-account-export-about = サーバーにあるあなたのデータをすべて JSON で書き出す（秘密の値は含まない）
cli-help-account-export-after =
    例:
      tegami account export > my-tegami.json
      tegami account export -o my-tegami.json
cli-help-account-export-arg-output = 標準出力の代わりにこのファイルに書く（モード 0600 で作る）
cli-help-whoami-about = ログインしているアカウントを表示する
cli-help-whoami-after =
    例:
      tegami whoami
      tegami whoami --json

## メール
cli-help-notify-about = 手番のメールを受け取る頻度とその言語を表示・設定する
cli-help-notify-after =
    例:
      tegami notify
      tegami notify daily-digest
      tegami notify every-turn --mail-lang ja
      tegami notify --turn-email always
      tegami notify --talk-email table-and-private
      tegami notify none
cli-help-notify-arg-how = every-turn、daily-digest、none のいずれか。省くと今の設定を表示する
cli-help-notify-arg-mail-lang = メールの言語（言語コードで）
cli-help-notify-arg-turn-email = unless-seen: 手番のメールは少し待ち、その間に答えたか対局のページを開いていれば送らない。always: 手番のメールを毎回すぐに送る
cli-help-notify-arg-talk-email = 卓の発言のうち、それだけでメールになるもの: off、private-only、table-and-private のいずれか（手番のメールには前回のメール以降の発言がいつも載る）
cli-help-vacation-about = 不在の期間を表示・設定する: その間、持ち時間は止まる
cli-help-vacation-after =
    例:
      tegami vacation
      tegami vacation --until 2026-12-24
      tegami vacation --until 2026-12-24T18:00:00Z
      tegami vacation --back
cli-help-vacation-arg-until = この日（YYYY-MM-DD、UTC の0時）か日時（RFC 3339）まで不在にする
cli-help-vacation-arg-back = 戻った: 持ち時間がまた進む
cli-help-resend-verification-about = アドレスを確認するための新しいリンクをメールで送る（サーバーが求める場合、招待された席に着くのに必要）
cli-help-resend-verification-after =
    例:
      tegami resend-verification
cli-help-mail-address-about = メールの返信を送る追加のアドレスを管理する（どれも、そこに送られるリンクで確認する）
cli-help-mail-address-add-about = メールの返信を送るアドレスを追加する。確認用のリンクがそこに送られる
cli-help-mail-address-add-after =
    リンクが開かれるまで（48時間以内）、そのアドレスからの返信は拒否され、アカウントのアドレスにその旨が届きます。確認待ちのアドレスをもう一度追加すると、新しいリンクが送られます。追加できるアドレスは5つまでです。

    例:
      tegami mail-address add alice@work.example.com
cli-help-mail-address-add-arg-address = メールソフトが送信に使うとおりのアドレス
cli-help-mail-address-list-about = 追加したアドレスを、確認済みか確認待ちかと一緒に一覧する
cli-help-mail-address-list-after =
    例:
      tegami mail-address list
      tegami mail-address list --json
cli-help-mail-address-remove-about = 追加したアドレスを外す: そこからの返信ではすぐに着手できなくなる
cli-help-mail-address-remove-after =
    例:
      tegami mail-address remove alice@work.example.com
      tegami mail-address remove 3
cli-help-mail-address-remove-arg-address = アドレス、または `tegami mail-address list` の表示どおりの ID

## API トークン
cli-help-token-about = スクリプト用の API トークンを管理する（`--token` か TEGAMI_TOKEN で使う）
cli-help-token-create-about = トークンを作る。シークレットは標準出力に一度だけ表示される
cli-help-token-create-after =
    例:
      tegami token create ci
      export TEGAMI_TOKEN=$(tegami token create ci)
cli-help-token-create-arg-name = 見分けるための名前
cli-help-token-list-about = トークンを一覧する
cli-help-token-list-after =
    例:
      tegami token list
cli-help-token-revoke-about = トークンを失効させる
cli-help-token-revoke-after =
    例:
      tegami token revoke 3
cli-help-token-revoke-arg-id = トークンの ID（`tegami token list` の表示どおり）

## 遊べるゲーム、ルール、対局の一覧
cli-help-types-about = このサーバーで遊べるゲームを一覧する
cli-help-types-after =
    例:
      tegami types
      tegami types <game>
      tegami types --lang ja
cli-help-types-arg-game = 1つのゲームの詳細（どんなゲームか、既定のオプション）を表示する
cli-help-rules-about = ゲームのルールを表示する（サーバー不要）
cli-help-rules-after =
    文章は --width（既定は端末の幅）に合わせて折り返し、表と例は書かれたとおりに残します。各ゲームのルールの最後には、原典のルールブックが二通りに読める箇所で tegami がどちらの読み方を採るかを載せています。

    例:
      tegami rules shidouban
      tegami rules shidouban --lang ja --width 72
      tegami rules senbat | less
      tegami rules uosao --markdown > uosao.md
cli-help-rules-arg-game = ゲーム（スラッグで）
cli-help-rules-arg-markdown = Markdown の原文を、折り返さずにそのまま出力する
cli-help-games-about = 参加している対局を一覧する
cli-help-games-after =
    例:
      tegami games
      tegami games --status active
      tegami games --json
cli-help-games-arg-status = この状態の対局だけ
cli-help-games-arg-game = この種類の対局だけ（スラッグ。`tegami types` を参照）
cli-help-games-arg-after = この ID より古い対局（前のページの最後の ID）
cli-help-games-arg-limit = 1ページの対局数、1〜50
cli-help-lobby-about = 空席のある公開の対局を一覧する（参加するため。ログイン不要）
cli-help-lobby-after =
    例:
      tegami lobby
      tegami lobby --game uosao --players 3
      tegami lobby --time-limit 24 --language ja --rated true
      tegami lobby --time-limit none
cli-help-lobby-arg-game = この種類の対局だけ（スラッグ。`tegami types` を参照）
cli-help-lobby-arg-players = この人数の対局だけ
cli-help-lobby-arg-time-limit = 1手の持ち時間がこの時間数の対局だけ。持ち時間なしなら `none`
cli-help-lobby-arg-language = 作成者がこの言語を読む対局だけ
cli-help-lobby-arg-rated = レーティング対象（true）か対象外（false）の対局だけ
cli-help-lobby-arg-after = この ID より古い対局（前のページの最後）
cli-help-lobby-arg-limit = 1ページの対局数、1〜50
cli-help-archive-about = 終局した対局を、新しい順に結果と一緒に一覧する（ログイン不要）
cli-help-archive-after =
    例:
      tegami archive
      tegami archive --game uosao --player 7
      tegami archive --after 120
cli-help-archive-arg-player = このプレイヤー（アカウント ID）が参加した対局だけ
cli-help-archive-arg-game = この種類の対局だけ（スラッグ。`tegami types` を参照）
cli-help-archive-arg-after = この ID より古い対局（前のページの最後）
cli-help-archive-arg-limit = 1ページの対局数、1〜50
cli-help-leaderboard-about = ゲームのレーティング上位のプレイヤー（レーティングごとにその不確かさも）
cli-help-leaderboard-after =
    例:
      tegami leaderboard uosao
      tegami leaderboard uosao --min-games 5
cli-help-leaderboard-arg-game = ゲーム（スラッグで）
cli-help-leaderboard-arg-min-games = レーティング対象の対局がこの数以上のプレイヤーだけ
cli-help-profile-about = プレイヤーのページ（対局数と勝数、進行中の対局、レーティング）を表示する、または自分のページを公開・非公開にする
cli-help-profile-after =
    例:
      tegami profile
      tegami profile 7
      tegami profile --private
cli-help-profile-arg-player = プレイヤーのアカウント ID（既定: あなた）
cli-help-profile-arg-public = プロフィールを公開し、ほかの人があなたの対局をあなたから探したり、ランキングであなたを見たりできるようにする
cli-help-profile-arg-private = プロフィールを自分だけに見えるようにする

## 対局する
cli-help-new-about = 対局を作る
cli-help-new-after =
    席は席順に（席 0 から）指定します: `me`、`bot`、`open`（誰でも参加できる）、`invite:<email>`（そのアドレスのために確保）のいずれか。オプションはゲームごとのものです（`tegami types <game>` を参照）。`-o key=value` は JSON の値か普通の文字列をとり、何度でも指定できます。

    例:
      tegami new <game> --seat me --seat bot
      tegami new <game> --seat me --seat invite:bob@example.com --seat open
      tegami new <game> --seat me --seat bot --options '{"{"}"key": 3{"}"}'
      tegami new <game> --seat me --seat bot -o key=3
cli-help-new-arg-game = ゲーム（スラッグで。`tegami types` を参照）
cli-help-new-arg-seats = 席（席順に）: `me`、`bot`（ランダムに答える）、`bot:easy`、`bot:normal`、`bot:hard`（先読みするボット）、`open`、`invite:<email>` のいずれか
cli-help-new-arg-options = ゲームのオプション（JSON オブジェクトで）
cli-help-new-arg-option = オプション1つ、`key=value`（値は JSON として、読めなければ文字列として）。`--options` より優先する
cli-help-new-arg-deadline = 1手の持ち時間（時間数）。制限なしなら `none` [既定: 72]
cli-help-new-arg-on-timeout = ルールに既定の応答がないときの期限切れの扱い: `forfeit`（そのプレイヤーの投了）か `skip`（サーバーがランダムな合法手を代わりに指す） [既定: forfeit]
cli-help-new-arg-unrated = 結果にかかわらずプレイヤーのレーティングを変えない（ボットのいる対局はもともと対象外）
cli-help-new-arg-unlisted = 対局を公開のロビーに出さない: 席は招待か対局のリンクで埋まる
cli-help-new-arg-no-mail-pictures = この対局のメールに盤面の画像を付けない（盤面は文字だけで表示し、メールは軽いまま）
cli-help-join-about = 対局の席に着く
cli-help-join-after =
    既定では、あなたのアドレスのために確保された席に、なければ最初の空席に着きます。

    例:
      tegami join 12
      tegami join 12 --seat 2
cli-help-join-arg-game = 対局の ID
cli-help-join-arg-seat = 着く席。`tegami show` の表示どおりの番号（最初の席が 0）
cli-help-show-about = 対局を表示する: 席、誰の番か、あなたから見た盤面、結果
cli-help-show-after =
    例:
      tegami show 12
      tegami show 12 --lang ja --width 100
      tegami show 12 --json
      tegami show 12 --at 7
cli-help-show-arg-game = 対局の ID（`tegami games` を参照）
cli-help-show-arg-at = 棋譜のこの記録の直後の対局を、そのときあなたに見えたとおりに表示する（0 から最後まで。`tegami log` を参照）
cli-help-replay-about = 対局を記録ごとに、そのときあなたに見えたとおりにたどる、または各段階を出力する
cli-help-replay-after =
    端末では ← と → で前後に進み、Home と End で両端に飛び、q で終わります。

    --print を付けると（または端末でなければ）、--from から --to までのすべての段階を出力します。

    例:
      tegami replay 12
      tegami replay 12 --from 40
      tegami replay 12 --print --from 3 --to 5
      tegami replay 12 --print --json
cli-help-replay-arg-game = 対局の ID（`tegami games` を参照）
cli-help-replay-arg-from = 最初に表示する記録（既定は 0）
cli-help-replay-arg-to = --print で出力する最後の記録（既定: 対局の最後の記録）
cli-help-replay-arg-print = キーでたどらずに、すべての段階を出力する
cli-help-moves-about = あなたが答える問いと、その合法手を一覧する
cli-help-moves-after =
    例:
      tegami moves 12
      tegami moves 12 --json
cli-help-moves-arg-game = 対局の ID（`tegami games` を参照）
cli-help-play-about = 手に署名して送る
cli-help-play-after =
    手はそのゲームの表記で書きます（`tegami moves <game>` を参照）。残りの引数はすべて空白でつなぎます。`--print-signed` を付けると署名した手を送らずに出力するので、メールの返信に貼り付けられます。

    例:
      tegami play 12 <move>
      tegami play 12 --decision d7 <move>
      tegami play 12 <move> --show
      tegami play 12 <move> --print-signed
      tegami play 12 --raw '{"{"}"json": "form"{"}"}'
cli-help-play-arg-game = 対局の ID
cli-help-play-arg-words = ゲームの表記で書いた手（残りの引数を空白でつないだもの）
cli-help-play-arg-decision = どの問いへの答えか（答える問いが複数あるときに必要）
cli-help-play-arg-print-signed = 署名した手を送らずに出力する
cli-help-play-arg-show = 着手の後の盤面を表示する
cli-help-play-arg-raw = 手を表記ではなく、行動の JSON 形式で書く
cli-help-log-about = 対局の棋譜を、あなたが読める範囲で表示する
cli-help-log-after =
    例:
      tegami log 12
      tegami log 12 --json > journal.json  # `tegami verify --file` が読む
cli-help-log-arg-game = 対局の ID（`tegami games` を参照）
cli-help-say-about = 対局の卓に書く、またはゲームが許せば1つの席に個人宛てに書く
cli-help-say-after =
    残りの引数はすべて空白でつなぎます。`show`、`watch`、`log` は、あなたが読めるメッセージを表示します。

    例:
      tegami say 12 good luck, everyone
      tegami say 12 --to 2 shall we trade?
cli-help-say-arg-game = 対局の ID
cli-help-say-arg-words = メッセージ（残りの引数を空白でつないだもの）
cli-help-say-arg-to = この席に個人宛てに書く（対局の作成者が個人宛てのメッセージを許している場合）
cli-help-note-about = 対局に付けた自分だけのメモを表示・置き換え・消去する（ほかの人は読めない）
cli-help-note-after =
    例:
      tegami note 12
      tegami note 12 bob bluffs with low tiles
      tegami note 12 --clear
cli-help-note-arg-game = 対局の ID
cli-help-note-arg-words = 新しいメモ（残りの引数を空白でつないだもの）。省くとメモを表示する
cli-help-note-arg-clear = メモを消す
cli-help-follow-about = 自分の手番の合間に、対局の手をどう知らせるかを表示・選択する
cli-help-follow-after =
    off: 自分の手番の時だけ（既定）。email: すべての手を1手ごとにメールで。digest: すべての手を1日1通のまとめで。

    例:
      tegami follow 12
      tegami follow 12 email
      tegami follow 12 off
cli-help-follow-arg-game = 対局の ID
cli-help-follow-arg-how = off、email、digest のいずれか。省くと今の選択を表示する
cli-help-resign-about = 投了する（最下位の扱いになる）
cli-help-resign-after =
    例:
      tegami resign 12
      tegami resign 12 --yes
cli-help-resign-arg-game = 対局の ID
cli-help-resign-arg-yes = 確認を求めない
cli-help-watch-about = 対局を追う: 変化があるたびに盤面と起きたことを表示する
cli-help-watch-after =
    サーバーのイベントストリームを追います。古いサーバーには `--interval` 秒ごとに問い合わせます。対局が終わると 0 で終了し、`--until-my-turn` を付けたときはあなたに問いが来た時点で終了します。

    例:
      tegami watch 12
      tegami watch 12 --interval 30 --until-my-turn && tegami moves 12
cli-help-watch-arg-game = 対局の ID
cli-help-watch-arg-interval = サーバーにイベントストリームがないときに問い合わせる間隔（秒）
cli-help-watch-arg-until-my-turn = あなたに問いが来たらすぐに終了する
cli-help-wait-about = あなたに問いが来るまで（GAME で、またはあなたのどれかの対局で）待ち、その対局を表示する
cli-help-wait-after =
    サーバーのイベントストリームを追います（古いサーバーには問い合わせます）。終了コード: 0 あなたに問いが来た（対局を `tegami show` のように、`--json` なら JSON で出力）、7 対局が終わった（GAME なしなら、あなたの対局で進行中のものがもうない）、8 `--timeout` の時間が過ぎた。

    例:
      tegami wait 12 && tegami moves 12
      tegami wait --timeout 3600 --json
      while tegami wait 12; do tegami play 12 <move>; done
cli-help-wait-arg-game = 対局の ID。省くとあなたのどれかの対局
cli-help-wait-arg-timeout = この秒数が過ぎたらあきらめる（終了コード 8）
cli-help-verify-about = 終局した対局を検証する: ハッシュの連鎖、シード、サイコロ（再現による）、すべての署名
cli-help-verify-after =
    何か合わないところがあれば（改ざん）5 で、検証するものがなければ 9 で終了します。対局がまだ終わっていないか、ファイルが棋譜でない場合です。

    例:
      tegami verify 12
      tegami log 12 --json > journal.json && tegami verify --file journal.json
cli-help-verify-arg-game = 対局の ID（その棋譜を取得する）
cli-help-verify-arg-file = 取得する代わりに使う、保存した棋譜（`tegami log <game> --json > FILE`）
cli-help-verify-arg-head-hash = 前に控えた `head_hash`（`tegami show <game> --json`）: 棋譜にその記録がなければならない。そこまでの記録が、表示された後で削られも変えられも書き換えられもしていないことを確かめる
cli-help-completions-about = シェルの補完スクリプトを出力する
cli-help-completions-after =
    例:
      tegami completions bash > ~/.local/share/bash-completion/completions/tegami
      tegami completions zsh > ~/.zfunc/_tegami
      tegami completions fish > ~/.config/fish/completions/tegami.fish
cli-help-completions-arg-shell = 補完を使うシェル
