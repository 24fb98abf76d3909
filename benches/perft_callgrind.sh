#!/usr/bin/env bash
# Instruction counts (callgrind) of perft for esoterica's classic generator and shakmaty on
# the same positions: steadier than wall time on a shared machine. Usage:
#   benches/perft_callgrind.sh   (after `cargo bench --no-default-features --bench perft --no-run`)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
bin=$(ls -t "$target"/release/deps/perft-* | grep -v '\.d$' | head -1)
printf '%-12s %14s %14s %7s\n' case "ours Ir" "shakmaty Ir" ratio
for name in "start d4" "start d5" "kiwipete d3" "pos3 d5" "pos4 d4" "pos5 d4"; do
  ir() {
    PERFT_ONLY="$1:$name" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" 2>&1 \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  a=$(ir ours)
  b=$(ir shakmaty)
  printf '%-12s %14s %14s %7.3f\n' "$name" "$a" "$b" "$(echo "$b / $a" | bc -l)"
done
