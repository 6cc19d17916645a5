# languages: tegami が話す言語の呼び方。

languages-unknown = 不明な言語 `{ $given }` です。{ $known } のいずれかを使ってください

# 訳さない値：文字が端末で2桁を占める文字体系（CJK）なら `wide`、そうでなければ `narrow`。
languages-script-width = wide
