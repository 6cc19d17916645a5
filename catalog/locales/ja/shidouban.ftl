# shidouban: texts of the engines (generated from the former inline pairs).

shidouban-unknown-person-use-a-three = 人物 `{ $trim }` は不明です。KON のような3文字の記号を使ってください
shidouban-expected-items-like-tod-sai = `TOD=1,SAI=2` の形で書いてください
shidouban-unknown-tile-use-a-code = 事件コマ `{ $t }` は不明です
shidouban-use-use-none-use-aiz = `use none`、`use AIZ 52`、`use IIN OKI` の形です
shidouban-kuchi-kuchi-u-kuchi-d = `kuchi U/D/L/R` の形です
shidouban-kakugo-kakugo = `kakugo 44` の形です
shidouban-dokatsu-squares-in-moving-order = `dokatsu 45,44,62` の形です
shidouban-alloc-alloc-tod-sai = `alloc TOD=1,SAI=2` の形です
shidouban-order-order-c = `order C2` の形です
shidouban-pref-pref-kuchi-auto-pass = `pref kuchi auto-pass all|rank-and-file|off` または `pref reprieve ask|never [save MINE,OKI]` の形です
shidouban-decision-with-detail = { $decision } { $detail }
shidouban-you-are-of = あなたは{ $order }人中{ $i }番目。
shidouban-dice-against-each-takes-of = 敵戦力{ $force }を { $names } に: 各{ $q }個、うち{ $m }人に+1個。
shidouban-targets-and-to-assign = 対象 { $first } と { $second }。割り当て: { $both }。
shidouban-acting-duty = （{ $person }の手番、当番{ $duty }）
shidouban-choose-your-person = 自分の人物を選んでください
shidouban-use-an-event-tile-or = 事件コマを使うか `use none`
shidouban-interject-on-s-move-priority = { $person } の移動に口出ししますか？ 優先順 { $order }（前の全員がパスした場合のみ有効）
shidouban-resolve-choose-the-destination-square = 覚悟: 移動先を選んでください
shidouban-intimidation-give-the-moving-order = 恫喝: 対象のマスを移動順にすべて並べてください（例 `dokatsu 45,44,62`）
shidouban-aburanokoji-assign-each-doubly-eligible = 油小路: 両方の味方になりうる人物の陣営を決めてください
shidouban-allocate-the-enemy-dice-as = 敵戦力を割り振ってください（できるだけ均等に）
shidouban-several-combats-are-pending-choose = 戦闘が複数あります: 次に行う戦闘を選んでください
shidouban-removal-of-play-ish = { $batch } が除去されます: 石田散薬を使いますか？
shidouban-resolving-a-removal = 除去を処理中…
shidouban-shidouban-the-bushido-board = 士道盤 ～新選組亢竜録～
shidouban-kyoto-each-player-is-one = 1863〜1868年の京都。各プレイヤーは6×6の盤上の新選組隊士の一人。12ターン、手番マスが盤上を巡り、士道値チェック、矢印と口出しによる移動、事件コマとの戦闘が起こる。最後の一人、または12ターン後の得点（武闘値＋論破値、同志込み）の最高者が勝つ。オプションで重傷の移動先を説明書の文字どおりに読める（ルールを参照）。
shidouban-shidouban-is-for-players = 士道盤は2〜4人用です
shidouban-list-every-affected-square-once = 対象のマスをすべて1回ずつ、下へ動かす順に並べてください: `dokatsu 45,44,62`
shidouban-final-scoring-wins = 最終得点: { $w }の勝ち
shidouban-is-the-last-player-with = { $rules_letter_w }が盤上に残った最後のプレイヤー
shidouban-the-shinsengumi-is-disbanded-all = 新選組は解散: 全員の負け
shidouban-you-are-already-out-of = すでに脱落しています
shidouban-resigns = { $rules_letter_seat }が投了
shidouban-acted = 済{" "}
shidouban-fianc-e = 許嫁{" "}
shidouban-no-resolve = 不覚悟{" "}
shidouban-kinn-column = ← 勤皇（6列側）
shidouban-sabaku-column = 佐幕（1列側）→
shidouban-you = （あなた）
shidouban-on-duty = ・当番
shidouban-pt = 点
shidouban-holds-w-b-tiles = 手元 白{ $pl_w } 黒{ $pl_b }・事件コマ{ $pl_tiles }・{ $status_word_pl_status }
shidouban-none = なし
shidouban-your-tiles = あなたの事件コマ: { $if_names_is_empty }
shidouban-you-2 = あなた
shidouban-waiting-for = { $who }の回答待ち
shidouban-shidouban-turn-duty = 士道盤 — 歳月 { $turn }/12 { $label_en }・当番 { $letter_duty }
shidouban-bag-white-black-person-pile = 袋 白{ $bag_w } 黒{ $bag_b }・人物の山 { $person_pile }・事件の山 { $event_pile }
shidouban-answer-the-reprieve-first-reprieve = 先に石田散薬の可否に答えてください（`reprieve <人物>` か `reprieve none`）。設定は次の判断の際にどうぞ
shidouban-is-not-an-unchosen-person = { $code } は選べません
shidouban-is-not-a-legal-placement = `{ $super_notation_print }` は置けません（§6.13）
shidouban-kuchi-not-a-legal-direction = 口出し { $d_code }: その方向は選べないか、その色の碁石がありません
shidouban-is-not-a-candidate-square = { $q_ascii } は候補ではありません
shidouban-dokatsu-list-every-affected-square = 恫喝: 対象のマスをすべて1回ずつ並べてください
shidouban-side-assign-each-doubly-eligible = side: 両方の味方になりうる人物をそれぞれどちらかの対象に割り当ててください
shidouban-c-is-not-a-pending = C{ $id } は保留中の戦闘ではありません
shidouban-is-not-being-removed = { $q_code } は除去対象ではありません
shidouban-this-command-does-not-answer = このコマンドは保留中の決定に対応していません
shidouban-does-not-take-part-on = { $code } はこの陣営の参加者ではありません
shidouban-each-participant-takes-or-dice = { $code }={ $k }: 各参加者は{ $q }個か{ $q_1 }個（できるだけ均等）
shidouban-exactly-participant-s-must-take = { $q_1 }個を受ける参加者はちょうど{ $m }人です
shidouban-preference-saved = 設定を保存: { $text }
shidouban-your-allocation-is-sealed-until = 割振りは相手側がそろうまで非公開
shidouban-you-decline-to-use-ish = 石田散薬を使わない
shidouban-your-interjection-answer-is-recorded = 口出しの回答を受け付けました（非公開）
shidouban-draws-stone-s-w-b = { $letter_seat }が碁石を{ $w_b }個引く: 白{ $w } 黒{ $b } → 手元 白{ $hw } 黒{ $hb }（袋 白{ $bag_w } 黒{ $bag_b }）
shidouban-turn-begins = 第{ $turn }ターン開始: { $en }
shidouban-receives-event-tile-s = { $letter_seat }が事件コマを{ $got }枚受け取る
shidouban-no-player-s-person-is = 盤上にプレイヤー人物がいない: 新選組は解散、全員の負け
shidouban-only-s-person-is-left = 盤上に残るのは{ $letter_on_02 }の人物のみ: { $letter_on_0 }の勝ち
shidouban-turn-is-over-final-scores = 第12ターン終了。得点: { $txt }
shidouban-eej-walks-d = ええじゃないか移動（出目 { $rolls }）: { $start_ascii } → { $ascii }
shidouban-replenishment-placed-on-dice = 補充: { $pname } を { $both } に配置（出目 { $r }）
shidouban-c-lapses = 戦闘C{ $c_id }（{ $c_tile_code }）は不成立
shidouban-is-injured-and-stays-on = { $pname } 重傷: { $ascii } に留まる
shidouban-is-discarded = { $c_tile_code } を除去
shidouban-is-removed-from = { $pname_q } 除去（{ $ascii_unwrap_or_default }）
shidouban-is-eliminated-hand-stones-w = { $letter_o } 脱落。手元の碁石 白{ $w } 黒{ $b } は袋へ、事件コマ公開・除去: { $if_codes_is_empty }
shidouban-deserts-and-goes-back-into = { $pname } 脱走: 人物コマの山に戻る
shidouban-is-pushed-down = { $pname_q } 1マス下へ: { $ascii } → { $d_ascii }
shidouban-assassination-of-d-vs = 暗殺 対象 { $pname_t }: 出目{ $d } 対 { $buto } → { $if_ok_success }
shidouban-the-assassination-target-is-the = 暗殺の対象が自分自身: 何も起こらない
shidouban-resolve-no-combat-square-in = 覚悟: 該当マスなし
shidouban-resolve = 覚悟: { $ascii } → { $cands_0_ascii }
shidouban-coughing-blood-d = 喀血: 出目{ $d }
shidouban-intimidation-nobody-in-the-other = 恫喝: 反対側に人物なし
shidouban-defection = 変節: { $ascii } → { $dest_ascii }
shidouban-defection-blocked-desertion-instead = 変節先がふさがっている: 脱走
shidouban-carelessness-d = 油断: 出目{ $d }
shidouban-panic = 狼狽: { $ascii } → { $dest_ascii }
shidouban-panic-blocked-desertion-instead = 狼狽先がふさがっている: 脱走
shidouban-moves-down = { $pname } 1マス下へ: { $ascii } → { $d_ascii }
shidouban-desertion-d = 脱走: 出目{ $d }
shidouban-moves = { $pname } { $d_code }へ移動: { $both } → { $to_both }
shidouban-t-k-acts = T{ $turn }.k{ $k } { $both }: { $pname } の手番
shidouban-duty-marker-to-hand-w = 当番マーカーは{ $letter }へ。手元の碁石 白{ $w } 黒{ $b } を袋へ
shidouban-bushido-check-d-success = 士道値チェック { $pname }: 出目{ $d } ≦ { $v } 成功
shidouban-fuk-is-discarded-after-the = 士道不覚悟を除去（チェック後）
shidouban-cannot-move = { $pname } は移動できない
shidouban-uses-no-event-tile = { $letter }は事件コマを使わない
shidouban-resolve-duty-chooses = 覚悟: 当番{ $letter_duty }が選択 { $from_ascii } → { $q_ascii }
shidouban-intimidation-order = 恫喝の順番（{ $letter_duty }）: { $super_notation_print }
shidouban-sides = 陣営（{ $letter_duty }）: { $super_notation_print }
shidouban-allocation = 割振り { $txt }
shidouban-chooses-combat-c-first = { $letter_duty }が戦闘C{ $id }を先に選ぶ
shidouban-ish-played-by-on-the = { $letter }が石田散薬を{ $pname_q }に使用: 除去を取り消し
shidouban-interjection = 口出し: { $pass_txt }{ $if_pass_txt_is_empty }{ $letter } { $d_code }（{ $col }）
shidouban-interjection-natural-movement = 口出し: { $pass_txt }（全員パス）; 自然移動
shidouban-your-preferences = あなたの設定
shidouban-discard = 捨て札: { $all }
shidouban-text-3 = { $d_code }→{ $to }({ $if_white_white })
shidouban-moving-arrows-legal-natural = 移動: { $code } 矢印 { $arrows } | 可能 { $legal } | 自然移動 { $nat_code }
shidouban-pending-combats = 保留中の戦闘
shidouban-options = 選択肢:
shidouban-waiting-for-2 = 回答待ち: { $waiting }
shidouban-legend-kon-a-player-a = 凡例: 近藤A=プレイヤーAの人物（記号なし=平隊士）、w白石 b黒石、~=行動済、I=許嫁 F=不覚悟、>=手番マス。事件: v=下辺 ^=上辺 +=四辺 2=二辺 |=列。右=1列側（佐幕）、左=6列側（勤皇）。*=当番
shidouban-commands-help = コマンド: pick KON | use none | use AIZ 52 | use IIN OKI | pass | kuchi L | kakugo 44 | dokatsu 45,44,62 | side MAT=ITO | alloc TOD=1,SAI=2 | order C2 | reprieve OKI | reprieve none

# Decision kinds by name (Engine::decision_name).
shidouban-decision-pick = 人物を選ぶ
shidouban-decision-event = 事件コマを使う
shidouban-decision-kuchi = 口出し
shidouban-decision-kakugo = 覚悟の移動先を選ぶ
shidouban-decision-dokatsu = 恫喝の順番を決める
shidouban-decision-side = 油小路の陣営を決める
shidouban-decision-alloc = 敵戦力を割り振る
shidouban-decision-order = 次の戦闘を選ぶ
shidouban-decision-removal = 石田散薬を使うかどうか
shidouban-you-receive-tile = 事件コマ { $code } { $tile } を受け取った
shidouban-is-injured-and = { $pname } 重傷: { $how } { $ascii } → { $d_ascii }
shidouban-is-discarded-with = { $t_code } も { $q_code } と共に除去
shidouban-bushido-check-d-fail = 士道値チェック { $pname }: 出目{ $d } > { $v } 失敗 → { $f }
shidouban-chooses = { $letter }は{ $code } { $romaji }を選ぶ
shidouban-places-on = { $letter }が{ $t_code }（{ $t }）を{ $q_both }に配置
shidouban-places-on-2 = { $letter }が{ $t_code }（{ $t }）を{ $pname }に重ねる

# 文字盤の見出し、表の列、状態。
shidouban-header-turn = 歳月 { $turn }/12 { $label } | 手番マス { $square } (k={ $k }) | 当番: { $duty }
shidouban-header-piles = 袋 白{ $white } 黒{ $black } | 人物の山 { $persons } | 事件の山 { $events }
shidouban-table-column = { $column ->
    [seat] 席
    [name] 名前
    [person] 人物
    [martial] 武
    [eloquence] 論
    [respect] 尊
    [bushido] 士
    [failure] 失敗
    [hand] 手元
    [tiles] 事件
    [status] 状態
   *[now] 得点
}
shidouban-status-active = 在盤
shidouban-status-suspended = 山札
shidouban-status-out = 脱落
shidouban-status-on-the-board = 在盤
shidouban-status-in-the-pile = 山札

# The text board's last line when the game is over.
shidouban-render-end-all-lose = 終了: 盤上にプレイヤー人物なし。新選組は解散、全員の負け。
shidouban-render-end-sole = 終了: { $seat }の人物のみ残存。{ $seat }（{ $name }）の勝ち。
shidouban-render-end-scored = 終了（第12ターン後）: 得点は「得点」欄。

# Private events retold in the third person, for readers of a finished game's journal.
shidouban-seat-receives-tile = { $seat }が事件コマ { $code } { $tile } を受け取った
shidouban-seat-allocation-is-sealed-until = { $seat }の割振りは相手側がそろうまで非公開
# 盤に触れて答える（shared/src/games/shidouban/gestures.rs）。
spot-shidouban-use-none = 牌を使わない
spot-shidouban-pass = パス
spot-shidouban-up = 口出し: 上（U）
spot-shidouban-down = 口出し: 下（D）
spot-shidouban-left = 口出し: 左（L）
spot-shidouban-right = 口出し: 右（R）
spot-shidouban-reprieve-none = 石田散薬を使わない

# The turn labels (§3.3).
shidouban-turn-label = { $turn ->
    [1] 文久三年春夏
    [2] 文久三年秋冬
    [3] 元治元年春夏
    [4] 元治元年秋冬
    [5] 慶応元年春夏
    [6] 慶応元年秋冬
    [7] 慶応二年春夏
    [8] 慶応二年秋冬
    [9] 慶応三年春夏
    [10] 慶応三年秋冬
    [11] 慶応四年春夏
   *[12] 明治元年秋冬
}
shidouban-failure-name = { $failure ->
    [ansatsu] 暗殺
    [kakugo] 覚悟
    [kakketsu] 喀血
    [shuran] 酒乱
    [seppuku] 切腹
    [dasso] 脱走
    [dokatsu] 恫喝
    [toshi] 闘志
    [fudo] 不動
    [fungai] 憤慨
    [hensetsu] 変節
    [yudan] 油断
   *[robai] 狼狽
}
shidouban-combat-kind-name = { $kind ->
    [kiriai] 斬合い
    [juhogeki] 銃砲撃
   *[naguriai] 殴合い
}
# A combat's report. Japanese leaves the dice out of the heading: the force messages name their variables
# (every language must) and say nothing.
shidouban-combat-report = 戦闘C{ $id }: { $tile }（{ $square }）{ $kind }{ $force } 対 { $targets }
shidouban-combat-force-dice = { $force ->
   *[other] {""}
}
shidouban-combat-force-sides = { $a ->
   *[other] { $b ->
       *[other] {""}
    }
}
shidouban-combat-target-separator = ／
shidouban-combat-side = {"  "}{ $target }側（割振り { $responsible }）: { $parts }
shidouban-combat-member = { $person } [{ $rolls }] { $outcome }
shidouban-combat-member-separator = 、
shidouban-combat-no-dice = 割振りなし
shidouban-combat-no-damage = ダメージなし
shidouban-combat-injured = 重傷
shidouban-combat-killed = 戦死
# Pieces of other events.
shidouban-injured-falls-back = 後退
shidouban-injured-is-carried-up = 上へ運ばれる
shidouban-no-tiles = なし
shidouban-check-success = 成功
shidouban-check-fails = 失敗
shidouban-column-separator = {" ｜ "}
shidouban-stone-white = 白
shidouban-stone-black = 黒
# The board picture's panel.
shidouban-panel-person = { $name } 武{ $buto } 論{ $ronpa } 尊{ $sonkei } 士{ $shido } { $failure }
shidouban-picture-end-all-lose = 終了: プレイヤーの人物が残らず、全員の負け。
shidouban-picture-end-sole = 終了: { $letter }（{ $name }）の勝ち。
shidouban-picture-end-scored = 終了（第12ターン後）: 得点は上記のとおり。

# 人物・事件コマ・方向・段の各言語での呼び方。
shidouban-person = { $person ->
    [KON] 近藤勇
    [HIJ] 土方歳三
    [OKI] 沖田総司
    [NAG] 永倉新八
    [SAI] 斎藤一
    [HAR] 原田左之助
    [TOD] 藤堂平助
    [INO] 井上源三郎
    [YMN] 山南敬助
    [SER] 芹沢鴨
    [NII] 新見錦
    [HIR] 平山五郎
    [ITO] 伊東甲子太郎
    [TAK] 武田観柳斎
    [TAN] 谷三十郎
    [YMZ] 山崎烝
    [SHI] 島田魁
    [YOS] 吉村貫一郎
    [KAW] 河合耆三郎
    [MAT] 松原忠司
    [OGA] 尾形俊太郎
    [OIS] 大石鍬次郎
    [SOM] 相馬主計
    [NOM] 野村利三郎
   *[other] { $person }
}
shidouban-person-short = { $person ->
    [KON] 近藤
    [HIJ] 土方
    [OKI] 沖田
    [NAG] 永倉
    [SAI] 斎藤
    [HAR] 原田
    [TOD] 藤堂
    [INO] 井上
    [YMN] 山南
    [SER] 芹沢
    [NII] 新見
    [HIR] 平山
    [ITO] 伊東
    [TAK] 武田
    [TAN] 谷
    [YMZ] 山崎
    [SHI] 島田
    [YOS] 吉村
    [KAW] 河合
    [MAT] 松原
    [OGA] 尾形
    [OIS] 大石
    [SOM] 相馬
    [NOM] 野村
   *[other] { $person }
}
shidouban-person-name = { $person ->
    [KON] 近藤勇
    [HIJ] 土方歳三
    [OKI] 沖田総司
    [NAG] 永倉新八
    [SAI] 斎藤一
    [HAR] 原田左之助
    [TOD] 藤堂平助
    [INO] 井上源三郎
    [YMN] 山南敬助
    [SER] 芹沢鴨
    [NII] 新見錦
    [HIR] 平山五郎
    [ITO] 伊東甲子太郎
    [TAK] 武田観柳斎
    [TAN] 谷三十郎
    [YMZ] 山崎烝
    [SHI] 島田魁
    [YOS] 吉村貫一郎
    [KAW] 河合耆三郎
    [MAT] 松原忠司
    [OGA] 尾形俊太郎
    [OIS] 大石鍬次郎
    [SOM] 相馬主計
    [NOM] 野村利三郎
   *[other] { $person }
}
shidouban-person-in-table = { $person ->
    [KON] 近藤勇
    [HIJ] 土方歳三
    [OKI] 沖田総司
    [NAG] 永倉新八
    [SAI] 斎藤一
    [HAR] 原田左之助
    [TOD] 藤堂平助
    [INO] 井上源三郎
    [YMN] 山南敬助
    [SER] 芹沢鴨
    [NII] 新見錦
    [HIR] 平山五郎
    [ITO] 伊東甲子太郎
    [TAK] 武田観柳斎
    [TAN] 谷三十郎
    [YMZ] 山崎烝
    [SHI] 島田魁
    [YOS] 吉村貫一郎
    [KAW] 河合耆三郎
    [MAT] 松原忠司
    [OGA] 尾形俊太郎
    [OIS] 大石鍬次郎
    [SOM] 相馬主計
    [NOM] 野村利三郎
   *[other] { $person }
}
shidouban-person-title = { $person ->
    [KON] 近藤勇 Kondo Isami
    [HIJ] 土方歳三 Hijikata Toshizo
    [OKI] 沖田総司 Okita Soji
    [NAG] 永倉新八 Nagakura Shinpachi
    [SAI] 斎藤一 Saito Hajime
    [HAR] 原田左之助 Harada Sanosuke
    [TOD] 藤堂平助 Todo Heisuke
    [INO] 井上源三郎 Inoue Genzaburo
    [YMN] 山南敬助 Yamanami Keisuke
    [SER] 芹沢鴨 Serizawa Kamo
    [NII] 新見錦 Niimi Nishiki
    [HIR] 平山五郎 Hirayama Goro
    [ITO] 伊東甲子太郎 Ito Kashitaro
    [TAK] 武田観柳斎 Takeda Kanryusai
    [TAN] 谷三十郎 Tani Sanjuro
    [YMZ] 山崎烝 Yamazaki Susumu
    [SHI] 島田魁 Shimada Kai
    [YOS] 吉村貫一郎 Yoshimura Kanichiro
    [KAW] 河合耆三郎 Kawai Kisaburo
    [MAT] 松原忠司 Matsubara Chuji
    [OGA] 尾形俊太郎 Ogata Shuntaro
    [OIS] 大石鍬次郎 Oishi Kuwajiro
    [SOM] 相馬主計 Soma Kazue
    [NOM] 野村利三郎 Nomura Risaburo
   *[other] { $person }
}
shidouban-tile = { $tile ->
    [AIZ] 会津藩京都守護職
    [ABU] 油小路
    [IIN] 許嫁の美少女
    [IKE] 池田屋浪士
    [ISH] 石田散薬
    [EEJ] ええじゃないか
    [SUM] 大坂角力
    [KAI] 海援隊士
    [SHO] 京都所司代
    [KIN] 禁門
    [FUK] 士道不覚悟
    [SOG] 狙撃
    [CHO] 長州藩三家老軍
    [YUK] 遊廓
    [MIM] 京都見廻組
    [SAT] 薩摩小銃隊
   *[other] { $tile }
}
shidouban-tile-short = { $tile ->
    [AIZ] 会津
    [ABU] 油小
    [IIN] 許嫁
    [IKE] 池田
    [ISH] 石田
    [EEJ] ええ
    [SUM] 大坂
    [KAI] 海援
    [SHO] 所司
    [KIN] 禁門
    [FUK] 不覚
    [SOG] 狙撃
    [CHO] 長州
    [YUK] 遊廓
    [MIM] 見廻
    [SAT] 薩摩
   *[other] { $tile }
}
shidouban-tile-name = { $tile ->
    [AIZ] 会津藩京都守護職
    [ABU] 油小路
    [IIN] 許嫁の美少女
    [IKE] 池田屋浪士
    [ISH] 石田散薬
    [EEJ] ええじゃないか
    [SUM] 大坂角力
    [KAI] 海援隊士
    [SHO] 京都所司代
    [KIN] 禁門
    [FUK] 士道不覚悟
    [SOG] 狙撃
    [CHO] 長州藩三家老軍
    [YUK] 遊廓
    [MIM] 京都見廻組
    [SAT] 薩摩小銃隊
   *[other] { $tile }
}
shidouban-tile-labelled = { $tile ->
    [AIZ] 会津藩京都守護職
    [ABU] 油小路
    [IIN] 許嫁の美少女
    [IKE] 池田屋浪士
    [ISH] 石田散薬
    [EEJ] ええじゃないか
    [SUM] 大坂角力
    [KAI] 海援隊士
    [SHO] 京都所司代
    [KIN] 禁門
    [FUK] 士道不覚悟
    [SOG] 狙撃
    [CHO] 長州藩三家老軍
    [YUK] 遊廓
    [MIM] 京都見廻組
    [SAT] 薩摩小銃隊
   *[other] { $tile }
}
shidouban-tile-in-hand = { $name }({ $tile })
shidouban-dir = { $dir ->
    [U] 上
    [R] 右
    [D] 下
    [L] 左
   *[other] { $dir }
}
# A row by its number in English and by its kanji in Japanese; the board names it in the other script too.
shidouban-row = { $row ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $row }
}
shidouban-row-other-script = { $row }
shidouban-square = { $column }{ $row ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $row }
}
shidouban-square-with-both = { $column }{ $row ->
    [1] 一
    [2] 二
    [3] 三
    [4] 四
    [5] 五
    [6] 六
   *[other] { $row }
}
shidouban-colour = { $white ->
    [yes] 白
   *[no] 黒
}
# 移動中の人物の可能な移動の並べ方。
shidouban-legal-separator = {" "}
