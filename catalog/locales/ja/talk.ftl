# 卓の会話：対局者どうしのメッセージ、ミュート、通報、個人メモ。

talk-not-a-player = あなたはゲーム{ $game }の対局者ではありません。卓に書き込み、メモを残せるのは対局者だけです。
talk-too-many = このゲームでのメッセージが多すぎます（{ $window }秒あたり最大{ $limit }件）。しばらくしてからもう一度書いてください。
talk-private-off = このゲームの作成者は個人宛てのメッセージを許可していません。卓全体に書くには `to` を省いてください。
talk-bad-recipient = 席{ $seat }はこのゲームの他の対局者ではありません。個人宛てに書けるのは次の席です：{ $allowed }。
talk-bad-limit = 件数{ $limit }は範囲外です。1から{ $max }で指定してください。
talk-closed-to-spectators = このゲームの作成者は、卓の会話を対局者だけに限っています。
talk-not-the-creator = 会話の設定を選べるのはゲームの作成者だけです。
talk-bad-mute-seat = 席{ $seat }はこのゲームの他の席ではありません。ミュートできるのは次の席です：{ $allowed }。
talk-unknown-message = ゲーム{ $game }に、あなたが読めるメッセージ{ $message }はありません。
talk-message-refused-character = メッセージに制御文字・不可視文字・書式文字 { $character } が含まれています。見える文字と改行だけを使ってください。
talk-note-refused-character = メモに制御文字・不可視文字・書式文字 { $character } が含まれています。見える文字と改行だけを使ってください。
talk-reason-refused-character = 理由に制御文字・不可視文字・書式文字 { $character } が含まれています。見える文字と改行だけを使ってください。
talk-message-length = メッセージは1〜{ $max }文字です（この文は{ $chars }文字）。
talk-note-length = メモは最大{ $max }文字です（このメモは{ $chars }文字）。
talk-reason-length = 理由は最大{ $max }文字です（この理由は{ $chars }文字）。

# CLI。
talk-cli-sent = ゲーム{ $game }の卓にメッセージを書きました。
talk-cli-sent-private = ゲーム{ $game }の席{ $to }に個人宛てのメッセージを書きました。
talk-cli-no-note = ゲーム{ $game }のメモはありません。
talk-cli-heading = メッセージ：
talk-cli-line = { $at } { $author }（席{ $seat }）：
talk-cli-private-line = { $at } { $author }（席{ $seat }）から席{ $to }へ（個人宛て）：

# 対局ページ。
talk-web-heading = 卓の会話
talk-web-none = まだメッセージはありません。
talk-web-private-to = 席{ $seat }への個人宛て
talk-web-write = 卓に書く
talk-web-to = 宛先
talk-web-to-table = 卓の全員
talk-web-seat = 席{ $seat }
talk-web-send = 送る
talk-web-note = 自分だけのメモ（他の人には見えません）
talk-web-keep-note = メモを保存

# メール：前回のメール以降のメッセージ（手番のメールとダイジェストに載せるか、それだけで送る）。
talk-mail-heading = 前回のメール以降の卓の会話
talk-mail-line = { $author }（席{ $seat }）、{ $at }：
talk-mail-line-to-you = { $author }（席{ $seat }）からあなただけへ、{ $at }：
talk-mail-headline = { $game }の卓にメッセージが{ $count }件あります。
talk-mail-label = { $game }：メッセージ{ $count }件
talk-mail-how-to-answer = 返事の書き方
talk-mail-answer = 対局のページ（{ $page }）に書くか、次の手番のメールで指し手の行の後に書いてください。
