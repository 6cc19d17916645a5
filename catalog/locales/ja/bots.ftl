# 探索するボット（issue 30）：席の選択肢と名前。
bots-seat-easy = ボット（やさしい）
bots-seat-normal = ボット（ふつう）
bots-seat-hard = ボット（強い）
