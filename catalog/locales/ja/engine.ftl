# engine: texts of the engines (generated from the former inline pairs).

engine-this-game-reveals-every-answer = このゲームは終局後にすべての回答を公開するため、`{ $decision }` への回答は伏せられません
engine-unknown-option-s-this-game = 不明なオプション: { $unknown }（使えるもの: { $known }）
engine-is-for-players-not = { $game }は{ $min }〜{ $max }人用です（{ $seats }人は不可）
engine-options-unreadable = オプションを読めません: { $error }
engine-list-separator = 、
engine-list-separator-strong = 、

# ルール文書（`docs/rules/<game>.<code>.md`）の、ルールブックが二通りに読める点で tegami が採る解釈を挙げる節の見出し。
rules-readings-heading = 解釈
