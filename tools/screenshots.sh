#!/usr/bin/env bash
# Screenshots of every variant (1280x800 and 1920x1080) and of each effect mid-animation,
# with `esoterica play --screenshot FILE --frames N` (frame N shows the animations at N/60 s)
# under Xvfb with software Vulkan (shared/tools/look's set-up: xvfb, mesa-vulkan-drivers).
#
# usage: tools/screenshots.sh BINARY OUT_DIR [NAME_FILTER]
#   e.g. NAME_FILTER=screenshot- for the README's images only
set -u
bin=$1; out=$2; only=${3:-}
mkdir -p "$out"
cfg=$(mktemp -d); data=$(mktemp -d)
disp=:$(( 70 + RANDOM % 9 ))
Xvfb "$disp" -screen 0 3840x2160x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
sleep 1
export DISPLAY=$disp
export ESOTERICA_CONFIG_DIR=$cfg ESOTERICA_DATA_DIR=$data
# shot NAME SIZE FRAMES SETTINGS_RON ARGS...
shot() {
  local name=$1 size=$2 frames=$3 settings=$4; shift 4
  [ -n "$only" ] && [[ "$name" != *$only* ]] && return
  rm -f "$cfg"/settings.ron "$data"/* 2>/dev/null
  [ -n "$settings" ] && echo "$settings" > "$cfg/settings.ron"
  timeout 240 "$bin" play --window "$size" --screenshot "$out/$name.png" --frames "$frames" "$@" \
    >"$out/$name.log" 2>&1
  echo "$name: $? $(ls -s "$out/$name.png" 2>/dev/null)"
}
hex='(version: 1, overlays: (hexagrams: true, intrachange_numbers: true))'
for size in 1280x800 1920x1080; do
  shot "standard-$size" $size 40 "" --variant standard --moves e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Qe2
  shot "intrachange-$size" $size 40 "$hex" --variant intrachange --moves e2e4 d7d5 g1f3
  shot "force-field-$size" $size 40 "" --variant force-field --moves e2e4 e7e5 g1f3 b8c6 f1c4
  shot "parity-$size" $size 40 "" --variant parity --moves g1f3/a7a6 d2d3/h7h6 f3e5/e7e5
  shot "parity-single-$size" $size 40 "" --variant parity-single --moves g1f3/a7a6 d2d3/h7h6 f3e5/e7e5
  shot "big-outer-$size" $size 40 "" --variant big-outer --moves f2f5 f11f8
  shot "bully-$size" $size 40 "" --variant bully --moves e4 d5 Nc3 Qd6 Nxd5
  shot "nonviolent-$size" $size 40 "" --variant nonviolent --moves e4 e5 Qh5 Nc6 Bc4 Nf6
done
# Effects mid-animation (the last move starts at frame 10).
s=1280x800
shot "fx-slide" $s 20 "" --variant standard --moves e4 e5 g1f3 --animate-last
shot "fx-capture" $s 38 "" --variant standard --moves e4 d5 exd5 --animate-last
shot "fx-teleport-dissolve" $s 36 "" --variant intrachange --moves e2e4 --animate-last
shot "fx-teleport-flight" $s 48 "" --variant intrachange --moves e2e4 --animate-last
shot "fx-teleport-condense" $s 60 "" --variant intrachange --moves e2e4 --animate-last
shot "fx-parity-landing" $s 26 "" --variant parity --moves g1f3/a7a6 d2d3/h7h6 f3e5/e7e5 --animate-last
shot "fx-parity-split" $s 43 "" --variant parity --moves g1f3/a7a6 d2d3/h7h6 f3e5/e7e5 --animate-last
shot "fx-failed-capture" $s 40 "" --variant parity --moves e2e4/d7d5 b1c3/g8f6 e4d5/d5d4 --animate-last
shot "fx-check" $s 40 "" --variant standard --moves e4 e5 Bc4 Nc6 Bxf7 --animate-last
# The README's images (copy them to docs/ after looking at them).
ff='(version: 1, overlays: (force_field_charges: true))'
zones='(version: 1, overlays: (big_outer_zones: true))'
shot "screenshot-standard" $s 40 "" --variant standard --moves e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Qe2
shot "screenshot-intrachange" $s 48 "$hex" --variant intrachange --moves e2e4 --animate-last
shot "screenshot-force-field" $s 40 "$ff" --variant force-field --moves e2e4 e7e5 g1f3 b8c6 f1c4
shot "screenshot-parity" $s 90 "" --variant parity --moves e4/d5 Qg4/Bg4 --animate-last
shot "screenshot-big-outer" $s 40 "$zones" --variant big-outer --moves f2f5 f11f8
kill $xpid 2>/dev/null
rm -rf "$cfg" "$data"
