# カタログ自体のテストが使うメッセージ。
test-place = あなたは{ $rank }位でした。
test-tiles = { $count }枚
