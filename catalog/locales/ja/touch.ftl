# 対局ページで盤に触れて答える（api/src/web/touch.rs、assets/web/touch.js）。
touch-board-in-words = 盤面を文章で
touch-help = 盤に触れるか、下のボタンを押してください。次に触れられる所が枠で示されます。Tab で盤に入り、矢印キーで触れられる所を移り、Enter で触れ、Escape でやり直します。最後に下の「署名して指す」を押します。
touch-your-answer = あなたの答え:
touch-touched = ここまで触れた所:
touch-undo = 一つ戻す
touch-clear = 消す
touch-help-rotate = キーボードで置く・向きを変える：R で次の合法な向きに回します（フォーカス中の位置が先に選ばれます）。その後は矢印キーで向きを保ったまま位置を動かし、Enter で確定して署名して指すボタンへ進みます。
