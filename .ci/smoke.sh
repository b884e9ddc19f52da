#!/usr/bin/env bash
# Real-window smoke test, run inside xvfb-run by .ci/run:
# start the app, wait for its window, click a board cell, take a screenshot, and check the
# screenshot is not blank; then check `--screenshot` writes a real PNG.
set -euo pipefail
bin="$1"
out="$(mktemp -d)"
home="$(mktemp -d)"   # a fresh HOME: first launch, no saved state

HOME="$home" "$bin" &
app=$!
trap 'kill "$app" 2>/dev/null || true' EXIT

win="$(timeout 120 xdotool search --sync --onlyvisible --name 'Blockslide' | head -n 1)"
echo "window $win: $(xwininfo -id "$win" | grep -E 'geometry' || true)"
sleep 3
eval "$(xdotool getwindowgeometry --shell "$win")"
# Click the middle of the window (the board), then let it redraw.
xdotool mousemove --window "$win" $((WIDTH / 2)) $((HEIGHT / 2)) click 1
sleep 2
import -window root "$out/window.png"
kill "$app"
wait "$app" 2>/dev/null || true
trap - EXIT

colours="$(convert "$out/window.png" -format '%k' info:)"
echo "window screenshot: $colours distinct colours"
if [ "$colours" -lt 50 ]; then
  echo "the window looks blank" >&2
  exit 1
fi

HOME="$home" timeout 120 "$bin" --screenshot "$out/app.png" saved_puzzles/klotski.ron
colours="$(convert "$out/app.png" -format '%k' info:)"
echo "--screenshot: $(identify "$out/app.png"), $colours distinct colours"
if [ "$colours" -lt 50 ]; then
  echo "--screenshot wrote a blank picture" >&2
  exit 1
fi
echo "smoke test passed"
