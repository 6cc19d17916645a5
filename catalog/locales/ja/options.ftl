# ルールの読み方を選ぶ作成オプションと、その拒否の理由。

## suriagehara

options-suriagehara-turns-range = `turns` は { $min }〜{ $max } のターン数で指定してください（風マーカーは第4〜6ターンに置かれます）。{ $turns } は指定できません
options-suriagehara-supreme-carrier-lost = { $side ->
    [ashina] 葦名の総大将・葦名義広が戦闘で乗っていたユニットを失い、除去されました：伊達勢の勝利
   *[date] 伊達の総大将・伊達政宗が戦闘で乗っていたユニットを失い、除去されました：葦名勢の勝利
}
options-suriagehara-reason-supreme-removed = 敵総大将の戦闘による除去

## senbat

options-senbat-movement-exact = { $sonae }の備えはちょうど{ $units }短辺移動する(このゲームはオプション `"movement": "exact"`)
options-senbat-both-win-acting = 両者が同時に勝利条件を満たした。手番の側の勝利(オプション `"both_win": "acting"`)

## shidouban

options-shidouban-nobody-in-game = ゲームに残っているプレイヤーがいない: 新選組は解散、全員の負け
options-shidouban-sole-in-game = ゲームに残るのは{ $player }のみ(オプション `"end_count": "in_game"`): { $player }の勝ち
options-shidouban-persons-title = 盤上の人物（矢印は上・右・下・左の順に優先順位、1が最優先。w=白 b=黒）:
options-shidouban-persons-square = マス
options-shidouban-persons-arrows = 矢印
