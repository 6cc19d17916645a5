# メールと通知：手番、催促、結果、招待、返信、まとめ。

mail-this-decision-was-settled-after-this = このメールの作成後に、この手番は終わりました。返信しても遅れとして受け付けられません。
mail-no-time-limit-the-game-waits = 期限なし：あなたの返信を待ちます。
mail-deadline = 期限
mail-your-move = あなたの手
mail-your-view = あなたの盤面
mail-how-to-answer = 返信のしかた
mail-result = 結果
mail-your-place = 順位
mail-final-position = 最終盤面
mail-since-your-last-move = 前回の手番から
mail-check-it = 検証
mail-there-is-no-time-limit = 持ち時間の制限はありません。
mail-players = 対局者
mail-about-the-game = ゲームについて
mail-time-limit = 持ち時間
mail-how-it-goes = 進め方
mail-how-to-join = 参加のしかた
mail-not-interested = ご興味がなければ
mail-what-happened-since = その後の出来事
mail-nothing-yet = - まだありません
mail-still-asked-of-you = まだ答えていない手番
mail-what-next = このあと
mail-why = 理由
mail-what-you-may-answer = 答えられる手
mail-try-again = もう一度
mail-legal-moves = 合法手:
mail-greeting = { $name }さん
mail-timeout-default-answer = ルールの既定の応答「{ $answer }」があなたの手として指されます
mail-timeout-skip = 手番は飛ばされます（サーバーがランダムな合法手を代わりに指し、対局は続きます）
mail-timeout-forfeit = この対局は投了扱いになります
mail-answer-by = 期限: { $time }。過ぎると、{ $consequence }。
mail-reminder-headline = リマインダー：{ $game }の手番の期限が近づいています。
mail-reminder-label = { $game }のリマインダー：{ $number }手目の期限が近づいています
mail-how-to-answer-text =
    このメールに、あなた自身のアドレスから返信し、1行目に手だけを書いてください。例:

        { $example }

    返信先アドレスはそのままにしてください。この手番に一度だけ使えます。ほかのアドレスからの返信では何も変わりません。手の代わりに `tegami play { $game } <手> --print-signed` の署名付きの手を貼り付けることもできます。

    ウェブで見る: { $board }
mail-rules-link = ルール: { $url }
mail-stop-these-emails = メールを止める: { $url }
mail-player-line-you = - 席{ $seat }: { $name }（あなた）
mail-player-line = - 席{ $seat }: { $name }
mail-time-limit-hours = 各手番の持ち時間は{ $hours }時間です。
mail-how-it-goes-text =
    手番が来るたびに、このスレッドにメールが届きます。このアドレスから返信して手を送ってください。ウェブで見る: { $board }
    メールを止める: { $unsubscribe }
mail-game-start-headline = { $title }が始まりました。
mail-game-start-label = { $title }が始まりました
mail-invitation-subject = { $game }への招待
mail-stranger-invitation-intro =
    こんにちは。

    { $name }さんから、tegamiでの{ $game }（対局{ $number }、席{ $seat }）へのご招待です。
mail-stranger-how-to-join = このアドレス（{ $email }）で { $url } に登録し、届くメールのリンクを開いてから、`tegami join { $number }` で席に着いてください（または POST { $url }/api/v1/games/{ $number }/join）。全員がそろうと、手番がメールで届き、返信で指し手を送れます。
mail-stranger-opt-out =
    このメールは無視してください。今後このアドレスに招待を送らせないようにするには:
    { $url }
mail-player-invitation = { $name }さんから、{ $game }（対局{ $number }、席{ $seat }）へのご招待です。
mail-player-how-to-join = 対局のページ { $url }/games/{ $number } で（サインインしてから）席に着くか、`tegami join { $number }` を実行してください。全員がそろうと、手番がメールで届き、返信で指し手を送れます。
mail-player-opt-out =
    このメールは無視してください。今後の招待を断るには:
    { $url }
mail-turn-headline = { $game }であなたの番です{ $round }。
mail-turn-confirms = あなたの手 `{ $played }` を受け付けました。続けてあなたの番です。
mail-turn-label-prompt = { $game }であなたの番：{ $number }手目 — { $prompt }
mail-turn-label = { $game }であなたの番：{ $number }手目
mail-season-round = 、シーズン{ $season } ラウンド{ $round }
mail-round = 、ラウンド{ $round }
mail-legal-moves-sample = 合法手は{ $count }通り。たとえば:
mail-legal-moves-more = ほか{ $count }通り。すべての合法手は対局のページにあります: { $page }
mail-place = あなたは{ $rank }位でした。
mail-check-the-journal = シードを含む全記録は { $url }/api/v1/games/{ $number }/journal にあります（`tegami verify { $number }` で再生して確かめられます）。
mail-game-over-headline = { $game }が終局しました。
mail-game-over-label = { $game }が終局しました
mail-accepted-headline = { $game }でのあなたの手 `{ $played }` を受け付けました。
mail-accepted-label = { $game }でのあなたの手 `{ $played }` を受け付けました
mail-waiting-game-over = 対局は終わりました。結果のメールが続きます。ウェブで見る: { $board }
mail-waiting-for = 現在の手番: { $names }。次にあなたの番になると、メールが届きます。ウェブで見る: { $board }
mail-refused-headline = { $game }にメールで送られた手は適用されませんでした。
mail-refused-reply-used = このメールにはすでに返信済みです。1通のメールで送れる手は1回だけです。
mail-refused-stale-decision = このメールが尋ねた手番は、すでに終わっています（答えが出たか、期限が過ぎました）。
mail-refused-no-move = 返信に手が見つかりません。1行目に手だけを書いてください。
mail-refused-not-a-player = あなたはこの対局の対局者ではありません。
mail-refused-wrong-seat = この署名付きの手は、あなたの席のものではありません。
mail-refused-wrong-player = この手番はほかの対局者のものです。
mail-refused-game-over = この対局はすでに終わっています。
mail-refused-game-not-started = この対局はまだ始まっていません（全員がそろうのを待っています）。
mail-refused-duplicate = この署名付きの手はすでに適用されています。
mail-refusal-unreadable = この手の形式が正しくありません。
mail-refusal-not-applied = 返信の手を適用できませんでした。
mail-verify-subject = メールアドレスの確認
mail-verify-intro = { $name }さん、このメールアドレスがご本人のものか確認させてください。
mail-verify-confirm = 確認
mail-verify-text = 上のリンクを開くと確認が終わります。それまでは、このアドレス宛てに用意された席には着けません。tegamiに登録した覚えがなければ、このメールは無視してください。
mail-webhook-disabled-subject = Webhook { $number } を停止しました
mail-webhook-disabled = { $url } のWebhook { $number } は失敗が続いたため停止しました: { $reason }
mail-webhook-what-next = このWebhookには今後何も送りません。試行の記録は `GET { $base }/api/v1/webhooks/{ $number }/deliveries` で見られます。受け手が直ったら、`POST { $base }/api/v1/webhooks` で新しく登録し直してください（古いものは削除してください）。
mail-digest-intro = 本日のtegamiダイジェストです。前回から{ $count }通の手番メールを下に添付しました。
mail-digest-how = 添付のメールを開いて返信すると、その手を指せます（それぞれに専用の返信先があります）。作成のあとで答えた手番への返信は、遅れとして受け付けられません。
mail-digest-subject = 本日のダイジェスト — 手番{ $count }件
mail-board-as-text = テキスト
mail-reset-subject = パスワードの再設定
mail-reset-intro = このtegamiアカウントのパスワード再設定が申請されました。
mail-reset-command = 再設定
mail-reset-or = または
mail-reset-text = 上のコマンドか、このPOSTで新しいパスワードを設定できます（{ $minutes }分間、一度だけ有効）。新しいパスワードを設定すると、すべてのセッションがサインアウトされ、すべてのAPIトークンが失効します（スクリプトには `tegami token create` で新しいトークンを作ってください）。心当たりがなければ、このメールは無視してください。
mail-unsubscribed = tegamiからの対局メール（手番・リマインダー・結果・ダイジェスト）は今後届きません。対局は続き、答えない手番は期限切れになります。再開するには次を開いてください: { $page }
mail-reply-address-title = 返信用アドレスの確認
mail-reply-address-confirm = 確認すると、{ $address } からの返信がtegamiのプレイヤー「{ $name }」さんの手として使われます。
mail-reply-address-button = 確認する
mail-reply-address-proved = { $address } の確認が終わりました。このアドレスからの返信が手として使われます。
mail-reply-address-subject = 返信用アドレスの確認
mail-reply-address-intro = tegamiのプレイヤー「{ $name }」さんが、このアドレス（{ $address }）からの返信を自分の手として使えるよう申請しました。
mail-reply-address-text = 上のリンクを開いてボタンを押すと確認が終わります（{ $hours }時間、一度だけ有効）。心当たりがなければ、このメールは無視してください。何も変わりません。

# メールで投了：「resign」の返信で確認を求め、2通目の返信かリンク先のページで投了する。
resign-mail-headline = { $game }で「resign」と返信されました。まだ何も変わっていません。投了するには確認してください。
resign-mail-how-heading = 投了するには
resign-mail-how = このメールに、1行目に resign とだけ書いて返信するか、このページを開いてボタンを押してください：{ $link }
resign-mail-keep-heading = 対局を続けるには
resign-mail-keep = 何もしないでください。対局は続き、手番のメールも届きます。
resign-mail-not-confirmed = このメールは投了の確認です。投了するには1行目に resign とだけ書いて返信してください。何も変更していません。
resign-page-title = 投了
resign-page-explain = ボタンを押すとゲーム{ $game }を投了します。最下位として終わり、取り消せません。
resign-page-button = ゲーム{ $game }を投了する
resign-page-done = ゲーム{ $game }を投了しました。
resign-page-unknown = このリンクは無効か、すでに使われています。何も変更していません。
