#!/usr/bin/env bash
# Run inside xvfb-run by .ci/deb.sh: start the installed app with the command line a launcher
# makes from the desktop entry's Exec line, wait for the window of the puzzle passed, check the
# window's class is the desktop entry's (StartupWMClass) so launchers group it with its icon,
# take a screenshot, and quit the app as a user does (Ctrl+Q).
#   bash .ci/deb-launch.sh COMMAND_LINE TITLE WM_CLASS SCREENSHOT
set -euo pipefail
command_line="$1"
title="$2"
wm_class="$3"
screenshot="$4"
fail() { echo "FAIL: $*" >&2; exit 1; }

home="$(mktemp -d)"   # a fresh HOME: first launch, no saved state
log="$(mktemp)"
# The launcher's split of the Exec line: its words, none quoted (the puzzle's path has no space).
read -r -a argv <<< "$command_line"
HOME="$home" "${argv[@]}" > "$log" 2>&1 &
app=$!
trap 'kill "$app" 2>/dev/null || true' EXIT

# The window is titled with the puzzle's name once the file is open; the title is matched as
# text, not as the pattern xdotool takes, so its punctuation needs no escaping.
win=""
for _ in $(seq 240); do
  kill -0 "$app" 2>/dev/null || { cat "$log" >&2; fail "the app exited before showing a window"; }
  for id in $(xdotool search --onlyvisible --name 'Blockslide' 2>/dev/null || true); do
    if [ "$(xdotool getwindowname "$id" 2>/dev/null || true)" = "$title" ]; then win="$id"; fi
  done
  [ -n "$win" ] && break
  sleep 0.5
done
if [ -z "$win" ]; then
  cat "$log" >&2
  fail "no window titled '$title' within 2 minutes (windows: $(xdotool search --name . getwindowname %@ 2>/dev/null | tr '\n' ';'))"
fi
echo "window $win: '$title'"

class="$(xprop -id "$win" WM_CLASS)"
echo "$class"
case "$class" in
  *"\"$wm_class\""*) ;;
  *) fail "the window's WM_CLASS is not $wm_class: $class" ;;
esac

# Time for the board to be drawn after the title changed.
sleep 3
import -window root "$screenshot"
colours="$(convert "$screenshot" -format '%k' info:)"
echo "screenshot $screenshot: $(identify -format '%wx%h' "$screenshot"), $colours distinct colours"
[ "$colours" -ge 50 ] || fail "the screenshot looks blank ($colours colours)"

xdotool windowfocus --sync "$win" key ctrl+q
for _ in $(seq 40); do
  kill -0 "$app" 2>/dev/null || break
  sleep 0.5
done
if kill -0 "$app" 2>/dev/null; then
  cat "$log" >&2
  fail "the app did not quit within 20 s of Ctrl+Q"
fi
trap - EXIT
wait "$app" || fail "the app exited with status $?"
echo "the app quit on Ctrl+Q"
