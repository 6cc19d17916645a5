# languages: tegami が話す言語の呼び方。

languages-unknown = 不明な言語 `{ $given }` です。{ $known } のいずれかを使ってください

# 訳さない値：文字が端末で2桁を占める文字体系（CJK）なら `wide`、そうでなければ `narrow`。
languages-script-width = wide

# 訳さない値：コード以外にこの言語を指定できる名前（`--lang 日本語`）。空白区切り。どの言語の利用者も入力できる。
languages-names = jp japanese 日本語
