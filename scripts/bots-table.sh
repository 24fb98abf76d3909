#!/bin/sh
# Regenerates the strength table of docs/BOTS.md: for each variant, alphabeta against random
# and against greedy. Usage (from the repository root):
#
#   cargo build --release --no-default-features
#   scripts/bots-table.sh [GAMES] [MOVETIME_MS] [BOT] [VARIANTS...]
#
# Defaults: 100 games, 20 ms per move, alphabeta:3, every variant. Prints Markdown rows;
# the games are saved as PGN under target/bots-table/.
set -eu
games=${1:-100}
movetime=${2:-20}
bot=${3:-alphabeta:3}
shift 3 2>/dev/null || shift $#
variants=${*:-"standard intrachange force-field parity parity-single big-outer bully nonviolent"}
exe=${ESOTERICA:-target/release/esoterica}
out=target/bots-table
mkdir -p "$out"
echo "| variant | opponent | games | wins | draws | losses | score % | Elo (95%) | s/game |"
echo "|---|---|---|---|---|---|---|---|---|"
for v in $variants; do
  for opp in random greedy; do
    start=$(date +%s.%N)
    table=$("$exe" match --variant "$v" --white "$bot" --black "$opp" --games "$games" \
      --movetime "$movetime" --seed 1 --pgn "$out/$v-$opp.pgn" --json "$out/$v-$opp.json" 2>/dev/null)
    end=$(date +%s.%N)
    row=$(printf '%s\n' "$table" | awk -v b="$bot" '$1 == b { print $2, $3, $4, $6 }')
    elo=$(printf '%s\n' "$table" | sed -n 's/^Elo difference ([^)]*): //p')
    set -- $row
    secs=$(echo "$start $end $games" | awk '{ printf "%.2f", ($2 - $1) / $3 }')
    echo "| $v | $opp | $games | $1 | $2 | $3 | $4 | $elo | $secs |"
  done
done
