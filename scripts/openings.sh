#!/bin/sh
# Regenerates the bundled opening sets assets/openings/<variant>.txt (12 openings each) with
# `esoterica tournament openings`, and checks each set with bot-vs-itself games
# (docs/BOTS.md, "Openings"). Usage (from the repository root):
#
#   cargo build --release --no-default-features
#   scripts/openings.sh generate          # rewrite the eight files
#   scripts/openings.sh check [GAMES]     # alphabeta:2 against itself, GAMES per set (48)
set -eu
exe=${ESOTERICA:-target/release/esoterica}
variants="standard intrachange force-field parity parity-single big-outer bully nonviolent"
case "${1:-}" in
  generate)
    for v in $variants; do
      case $v in
        parity|parity-single) plies=2 ;;  # turns of two commits
        *) plies=4 ;;
      esac
      "$exe" tournament openings --variant "$v" --count 12 --plies "$plies" --seed 1 \
        --window 40 > "assets/openings/$v.txt"
    done ;;
  check)
    games=${2:-48}
    for v in $variants; do
      "$exe" tournament --variant "$v" --bot a=alphabeta:2 --bot b=alphabeta:2 \
        --games-per-pair "$games" --seed 1 2>/dev/null | grep -E '^colours:' | sed "s/^/$v: /"
    done ;;
  *) echo "usage: $0 generate | check [GAMES]" >&2; exit 2 ;;
esac
