#!/usr/bin/env bash
# Plays a match between two `esoterica uci` bots in xboard, through polyglot (the UCI to
# xboard adapter xboard starts itself with -fUCI/-sUCI), and checks the games xboard saved.
# Without a display it starts Xvfb (-displayfd) for the run. Debian/Ubuntu:
#   apt-get install xboard polyglot xvfb
#
# Usage: scripts/xboard-match.sh [ESOTERICA] [GAMES] [PGN] [FIRST_BOT] [SECOND_BOT]
#   ESOTERICA   the esoterica binary (default: esoterica on PATH)
#   GAMES       games, colours alternating (default 2)
#   PGN         where xboard saves the games (default xboard-match.pgn)
#   FIRST_BOT, SECOND_BOT   --bot values (default alphabeta:2 and greedy)
# Exit status 0 when xboard saved GAMES finished games and its debug log has no error.
set -euo pipefail
bin="${1:-$(command -v esoterica)}"
games="${2:-2}"
pgn="${3:-xboard-match.pgn}"
first="${4:-alphabeta:2}"
second="${5:-greedy}"
export PATH="$PATH:/usr/games"
for tool in xboard polyglot; do
  command -v "$tool" >/dev/null || { echo "error: $tool is missing: apt-get install xboard polyglot" >&2; exit 1; }
done
work="$(mktemp -d)"
cleanup() {
  if [ -n "${xvfb:-}" ]; then kill "$xvfb" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
if [ -z "${DISPLAY:-}" ]; then
  command -v Xvfb >/dev/null || { echo "error: no DISPLAY and no Xvfb: apt-get install xvfb" >&2; exit 1; }
  Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
  xvfb=$!
  for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
  export DISPLAY=":$(cat "$work/display")"
fi
rm -f "$pgn"
# Each engine runs in the work folder, where polyglot may leave its files.
xboard -fcp "$bin uci --bot $first" -fd "$work" -fUCI \
  -scp "$bin uci --bot $second" -sd "$work" -sUCI \
  -matchMode true -matchGames "$games" -tc 0:20 -inc 0 \
  -saveGameFile "$pgn" -popupExitMessage false -popupMoveErrors false \
  -debugMode true -nameOfDebugFile "$work/xboard.debug" >"$work/xboard.out" 2>&1
grep '^xboard: Match' "$work/xboard.out" || true
saved=$(grep -c '^\[Result "\(1-0\|0-1\|1/2-1/2\)"\]' "$pgn" || true)
errors=$(grep -ciE 'illegal|error' "$work/xboard.debug" || true)
echo "games saved with a result: $saved of $games; error lines in xboard's log: $errors"
[ "$saved" -eq "$games" ] && [ "$errors" -eq 0 ]
