#!/bin/sh
# Photograph the real game in one language at 1366x768, as a player sees it: the
# main window, Preferences (Ctrl+,) and Statistics (Ctrl+I), under openbox on Xvfb.
#
#   benchmarks/look_at_language.sh ko /tmp/shots      # writes /tmp/shots/ko-*.png
#
# Each run starts from a fresh FREECELL_HOME and XDG folders (no settings, no
# statistics carried over).  Needs xvfb-run, openbox, xdotool and ImageMagick's import.
set -eu
lang=$1
out=$2
freecell=${FREECELL:-freecell}
mkdir -p "$out"
if [ -z "${LOOK_INNER:-}" ]; then
    exec env LOOK_INNER=1 xvfb-run -a -s "-screen 0 1366x768x24" "$0" "$@"
fi
home=$(mktemp -d)
trap 'kill "$game" "$wm" 2>/dev/null; wait 2>/dev/null; rm -rf "$home"' EXIT
export FREECELL_HOME="$home/freecell" XDG_CONFIG_HOME="$home/config" \
    XDG_DATA_HOME="$home/data" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" \
    XDG_RUNTIME_DIR="$home/run" LANGUAGE="$lang" LANG=C.UTF-8
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
openbox >/dev/null 2>&1 &
wm=$!
sleep 1
"$freecell" >"$home/game.log" 2>&1 &
game=$!
# the game's main window: the first visible one it maps
for _ in $(seq 60); do
    win=$(xdotool search --onlyvisible --pid "$game" 2>/dev/null | head -n 1) && [ -n "$win" ] && break
    sleep 0.5
done
[ -n "${win:-}" ] || { echo "no window; the game said:" >&2; cat "$home/game.log" >&2; exit 1; }
xdotool windowactivate --sync "$win" key --clearmodifiers super+Up 2>/dev/null || true
xdotool windowsize "$win" 1366 768 windowmove "$win" 0 0
sleep 3
import -window root "$out/$lang-main.png"
shot_dialog() {  # $1: the keys that open it, $2: the picture's name
    xdotool windowactivate --sync "$win" key --clearmodifiers "$1"
    sleep 2
    import -window root "$out/$lang-$2.png"
    xdotool key --clearmodifiers Escape
    sleep 1
}
shot_dialog ctrl+comma preferences
shot_dialog ctrl+i statistics
echo "$out/$lang-main.png $out/$lang-preferences.png $out/$lang-statistics.png"
