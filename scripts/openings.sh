#!/bin/sh
# Regenerates the bundled opening sets assets/openings/<variant>.txt (12 openings each) with
# `esoterica tournament openings`, and checks each set with bot-vs-itself games
# (docs/BOTS.md, "Openings"). Usage (from the repository root):
#
#   cargo build --release --no-default-features
#   scripts/openings.sh generate          # rewrite the eight files
#   scripts/openings.sh check [GAMES]     # alphabeta:2 against itself, GAMES per set (48)
#
# A set passes when neither colour wins more than 60% of its games.
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
      # The sets whose first version failed the check are filtered by self-play too.
      case $v in
        standard) check="--check-games 8 --check-bot alphabeta:2" ;;
        force-field) check="--check-games 8 --check-bot alphabeta:1" ;;
        *) check="" ;;
      esac
      # shellcheck disable=SC2086
      "$exe" tournament openings --variant "$v" --count 12 --plies "$plies" --seed 1 \
        --window 40 $check > "assets/openings/$v.txt"
    done ;;
  check)
    games=${2:-48}
    for v in $variants; do
      "$exe" tournament --variant "$v" --bot a=alphabeta:2 --bot b=alphabeta:2 \
        --games-per-pair "$games" --seed 1 --max-plies 200 2>/dev/null | grep -E '^colours:' | sed "s/^/$v: /"
    done ;;
  *) echo "usage: $0 generate | check [GAMES]" >&2; exit 2 ;;
esac
