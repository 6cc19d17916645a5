# 手番の合間に対局を追う：すべての手をメールか1日1通のまとめで知らせる。

follow-not-a-player = あなたはゲーム{ $game }の対局者ではありません。メールで対局を追えるのは対局者だけです。
follow-mail-headline = { $game }で手が指されました。
follow-mail-label = { $game }：{ $number }手目
follow-mail-stop-heading = この対局を追っています
follow-mail-stop = この対局のすべての手を知らせるよう設定されています。やめるには対局のページで「自分の手番の時だけ」を選んでください：{ $page }
follow-web-legend = この対局の手を知らせる
follow-web-off = 自分の手番の時だけ
follow-web-email = すべての手を1手ごとにメールで
follow-web-digest = すべての手を1日1通のまとめで
follow-web-save = 保存
follow-cli-off = ゲーム{ $game }：自分の手番の時だけ知らせます
follow-cli-email = ゲーム{ $game }：すべての手をメールで知らせます
follow-cli-digest = ゲーム{ $game }：すべての手を1日1通のまとめで知らせます
follow-web-bad-choice = 自分の手番の時だけ（off）、すべての手をメールで（email）、すべての手をまとめで（digest）のいずれかを選んでください。
