#!/usr/bin/env bash
# CI for the Python package: a virtual environment with the test requirements, the
# extension built with maturin (dev profile, the crate without Bevy), clippy on the binding
# crate, the command-line binary for the differential tests, and the pytest suite (tests,
# doctests of the package, README.md and docs/).
#
# Cargo builds go to ${CARGO_TARGET_DIR:-$HOME/.cache/esoterica-target}, in the dev profile
# only, so the dependencies already built there are reused. Nothing here builds Bevy: the
# binding crate depends on `esoterica` with default-features = false, and the binary is
# built with --no-default-features.
#
# Environment: PYTHON (default python3, 3.10 or later) makes the virtual environment, at
# ESOTERICA_VENV (default $CARGO_TARGET_DIR/python-venv; kept between runs so a warm run
# installs nothing). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/esoterica-target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
venv="${ESOTERICA_VENV:-$CARGO_TARGET_DIR/python-venv}"
start=$(date +%s)
step() { echo "== python: $1 ($(( $(date +%s) - start )) s)"; }

step "virtual environment $venv"
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
# shellcheck disable=SC1091
source "$venv/bin/activate"
python -m pip install --quiet --disable-pip-version-check \
  "maturin>=1.9,<2" "numpy>=1.24" "pytest>=8" "gymnasium>=1.0" "pettingzoo>=1.24" \
  "open_spiel>=1.5" "chess>=1.10" "scipy>=1.10" "matplotlib>=3.7"

step "extension module (maturin develop, dev profile)"
maturin develop --locked --quiet

step "clippy on the binding crate"
# The environment maturin gives cargo: pyo3's build scripts rerun when any of it changes,
# and a rerun rebuilds pyo3, numpy and the extension on the next maturin develop.
PYO3_PYTHON="$venv/bin/python" PYTHON_SYS_EXECUTABLE="$venv/bin/python" \
  PYO3_BUILD_EXTENSION_MODULE=1 \
  PYO3_ENVIRONMENT_SIGNATURE="$(python -c 'import platform, struct, sys
v = sys.version_info
print("%s-%d.%d-%dbit" % (platform.python_implementation().lower(), v[0], v[1], struct.calcsize("P") * 8))')" \
  cargo clippy --locked -p esoterica-python --all-targets -- -D warnings

step "command-line binary without Bevy (the differential tests compare against it)"
# Selecting the binding crate too resolves the dependencies' features as for the extension,
# so the rules library built above is reused rather than built a second time. Cargo links
# the build to $CARGO_TARGET_DIR/debug/esoterica, where a windowed build may stand: that
# file is kept aside and put back when this script ends, and the tests use a copy of the
# binary without Bevy under $CARGO_TARGET_DIR/rules-only/.
bin="$CARGO_TARGET_DIR/debug/esoterica"
kept="$CARGO_TARGET_DIR/esoterica-before-python-ci"
rm -f "$kept"
if [ -e "$bin" ]; then
  cp -p "$bin" "$kept"
  trap 'rm -f "$bin"; mv "$kept" "$bin"' EXIT
fi
(cd .. && cargo build --locked --quiet -p esoterica -p esoterica-python --no-default-features --bin esoterica)
mkdir -p "$CARGO_TARGET_DIR/rules-only"
rm -f "$CARGO_TARGET_DIR/rules-only/esoterica"
cp -p "$bin" "$CARGO_TARGET_DIR/rules-only/esoterica"
export ESOTERICA_CLI="$CARGO_TARGET_DIR/rules-only/esoterica"

step "pytest"
python -m pytest -q "$@"

step "done"
