#!/bin/sh
# A bot that plays one tegami game until it ends: it waits for its turn on the server's event stream,
# then plays the first legal answer. Log in first (`tegami login`) or set TEGAMI_TOKEN; needs jq.
#
#   examples/bot.sh 12
#
# `tegami wait` exits 0 when a decision is ours, 7 when the game is over and 8 on `--timeout`: the loop
# ends on anything but "our turn", and the script exits 0 when the game is over.
set -u
game=${1:?usage: bot.sh GAME}

while tegami wait "$game" --timeout "${BOT_TIMEOUT:-86400}" >/dev/null; do
    moves=$(tegami moves "$game" --json) || exit $?
    decision=$(printf '%s' "$moves" | jq -r '.[0].decision.decision')
    move=$(printf '%s' "$moves" | jq -r '.[0].choices.options[0].notation')
    tegami play "$game" --decision "$decision" "$move" >/dev/null || exit $?
done
code=0
tegami wait "$game" --timeout 1 >/dev/null 2>&1 || code=$?
[ "$code" -eq 7 ] && exit 0
exit "$code"
