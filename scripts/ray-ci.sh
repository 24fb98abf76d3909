#!/bin/sh
# CI check of scripts/ray_tournament.py: plays a tiny tournament once unsharded and once as
# three shards on a local Ray cluster (ray.init() on this machine), then compares the
# report, PGN, JSON and result file byte for byte. Exits non-zero when Ray cannot be
# installed or started, a run fails, or any output differs.
#
#   scripts/ray-ci.sh                    # builds target/debug/esoterica (no Bevy) first
#   ESOTERICA=path/to/esoterica scripts/ray-ci.sh
#
# The virtual environment is RAY_VENV (default target/ray-venv), created with
# `python3 -m venv` and `pip install ray` when it has no Ray yet; outputs go to
# RAY_CI_OUT (default target/ray-ci).
set -eu
cd "$(dirname "$0")/.."
venv=${RAY_VENV:-target/ray-venv}
out=${RAY_CI_OUT:-target/ray-ci}
if [ -z "${ESOTERICA:-}" ]; then
  cargo build --no-default-features --locked --bin esoterica
  exe=${CARGO_TARGET_DIR:-target}/debug/esoterica
else
  exe=$ESOTERICA
fi
if ! "$venv/bin/python" -c 'import ray' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet ray
fi
rm -rf "$out"
mkdir -p "$out/whole" "$out/ray" "$out/shards"

# Node budgets, no move time: the games do not depend on the clock or the shard.
set -- --bot random --bot greedy --bot alphabeta:1 --variants standard,parity,bully \
  --games-per-pair 2 --nodes 300 --max-plies 60 --seed 7

"$exe" tournament "$@" --jobs 2 --pgn "$out/whole/games.pgn" --json "$out/whole/report.json" \
  --results "$out/whole/results.ron" > "$out/whole/report.txt"
"$venv/bin/python" scripts/ray_tournament.py --exe "$exe" --shards 3 --out "$out/shards" \
  --pgn "$out/ray/games.pgn" --json "$out/ray/report.json" --results "$out/ray/results.ron" \
  -- "$@" > "$out/ray/report.txt"

status=0
for f in report.txt games.pgn report.json results.ron; do
  if cmp -s "$out/whole/$f" "$out/ray/$f" && [ -s "$out/whole/$f" ]; then
    echo "ray-ci: $f identical"
  else
    echo "ray-ci: $f differs between the unsharded run and the Ray merge" >&2
    status=1
  fi
done
exit $status
