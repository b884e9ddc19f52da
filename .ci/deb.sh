#!/usr/bin/env bash
# The Debian package, built and used as a user would: `bash .ci/deb.sh [OUT]` (OUT defaults to
# target/deb). It builds the package with cargo-deb (release build, the app included), installs
# it (`dpkg -i`, then `apt-get -f install` for missing dependencies), validates the installed
# desktop entry and metainfo, checks the MIME type and default application of puzzle files,
# opens an installed puzzle through the desktop entry's Exec line under Xvfb (.ci/deb-launch.sh,
# whose screenshot is left in OUT to be looked at), then purges the package and checks that
# every file it installed is gone.
# Needs root or sudo, cargo, and the packages .ci/run installs before it: Xvfb, xdotool,
# x11-utils, ImageMagick, desktop-file-utils, appstream, shared-mime-info, libglib2.0-bin and
# xdg-utils.
set -euo pipefail
cd "$(dirname "$0")/.."

# cargo-deb, pinned: a new release may package differently.
CARGO_DEB_VERSION=3.8.0
PKG=blockslide
ID=org.blockslide.Blockslide
MIME=application/x-blockslide-puzzle
# Opened through the desktop entry: not Klotski, which the app shows on a first launch anyway,
# so the window's title proves the file passed was opened.
PUZZLE=/usr/share/blockslide/puzzles/rush-hour-hardest.ron
OUT="${1:-target/deb}"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
fail() { echo "FAIL: $*" >&2; exit 1; }
say() { printf '\n--- %s\n' "$*"; }

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
rm -f "$OUT"/*.deb "$OUT"/*.ddeb "$OUT"/*.png

say "cargo-deb $CARGO_DEB_VERSION"
if [ "$(cargo deb --version 2>/dev/null || true)" != "cargo-deb $CARGO_DEB_VERSION" ]; then
  cargo install cargo-deb --locked --version "$CARGO_DEB_VERSION"
fi
cargo deb --version

say "building the package (release build of the app and the CLI)"
start=$(date +%s)
cargo deb -p "$PKG" --output "$OUT/"
echo "built in $(($(date +%s) - start)) s"
deb="$(ls "$OUT"/"$PKG"_*.deb)"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
dpkg-deb --contents "$deb"

say "installing $(basename "$deb")"
if dpkg-query -W "$PKG" >/dev/null 2>&1; then
  fail "$PKG is installed already: purge it first (sudo apt-get purge -y $PKG)"
fi
# dpkg refuses a package whose dependencies are missing and leaves it unconfigured: apt-get
# then installs them and configures it, as a user would. The status check fails if neither did.
$SUDO dpkg -i "$deb" || $SUDO apt-get -f install -y -q
status="$(dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null || true)"
[ "$status" = "install ok installed" ] || fail "$PKG is not installed after dpkg -i and apt-get -f install (status '$status')"
echo "$PKG: $status"
files="$OUT/installed-files.txt"
dpkg -L "$PKG" > "$files"
# The folders the package alone has files in, which purging must remove too; the others
# (/usr/share/applications, say) stay.
own_dirs="$OUT/own-folders.txt"
while IFS= read -r path; do
  if [ -d "$path" ] && [ ! -L "$path" ] \
    && [ "$(dpkg-query -S "$path" 2>/dev/null | sed -n "s#: $path\$##p")" = "$PKG" ]; then
    echo "$path"
  fi
done < "$files" > "$own_dirs"
purged() { echo "purging $PKG"; $SUDO apt-get purge -y -q "$PKG" >/dev/null || true; }
trap purged EXIT

say "installed files"
command -v blockslide >/dev/null || fail "blockslide is not on the PATH"
[ "$(command -v blockslide)" = /usr/bin/blockslide ] || fail "blockslide is $(command -v blockslide), not the package's /usr/bin/blockslide"
blockslide --version
for f in "/usr/share/applications/$ID.desktop" "/usr/share/metainfo/$ID.metainfo.xml" \
  "/usr/share/mime/packages/$ID.xml" "/usr/share/icons/hicolor/scalable/apps/$ID.svg" \
  "$PUZZLE"; do
  [ -f "$f" ] || fail "$f was not installed"
done
for size in 16 24 32 48 64 128 256 512; do
  f="/usr/share/icons/hicolor/${size}x${size}/apps/$ID.png"
  [ -f "$f" ] || fail "$f was not installed"
done
echo "$(wc -l < "$files") paths, icons of 16 to 512 pixels and the SVG"
puzzles=(/usr/share/blockslide/puzzles/*.ron)
[ "${#puzzles[@]}" -eq "$(find saved_puzzles -maxdepth 1 -name '*.ron' | wc -l)" ] \
  || fail "${#puzzles[@]} puzzles installed, not the $(find saved_puzzles -maxdepth 1 -name '*.ron' | wc -l) of saved_puzzles/"
blockslide check "${puzzles[@]}" > /dev/null || fail "the installed puzzles do not check"
echo "the ${#puzzles[@]} puzzles of saved_puzzles/, each checked by the installed blockslide"

say "desktop entry and metainfo, as installed"
desktop-file-validate "/usr/share/applications/$ID.desktop"
appstreamcli validate --no-net "/usr/share/metainfo/$ID.metainfo.xml"

say "MIME type and default application"
# A fresh user with no settings of their own, on GNOME, whose file manager types files with
# gio as `xdg-mime` does there; the system's databases are the ones the package's triggers
# updated.
XDG_CONFIG_HOME="$(mktemp -d)" XDG_DATA_HOME="$(mktemp -d)"
export XDG_CONFIG_HOME XDG_DATA_HOME XDG_CURRENT_DESKTOP=GNOME
export XDG_DATA_DIRS=/usr/local/share:/usr/share
for file in saved_puzzles/klotski.ron /usr/share/blockslide/puzzles/*.ron; do
  found="$(xdg-mime query filetype "$file")"
  [ "$found" = "$MIME" ] || fail "xdg-mime query filetype $file: '$found', not $MIME"
done
echo "  saved_puzzles/klotski.ron and the installed puzzles: $MIME"
default="$(xdg-mime query default "$MIME")"
[ "$default" = "$ID.desktop" ] || fail "xdg-mime query default $MIME: '$default', not $ID.desktop"
echo "  $MIME opens with $default"

say "the installed app opens a puzzle through the desktop entry"
exec_line="$(sed -n 's/^Exec=//p' "/usr/share/applications/$ID.desktop" | head -n 1)"
[ -n "$exec_line" ] || fail "the desktop entry has no Exec line"
# The field codes a launcher replaces: a file (%f), files (%F) or URLs (%u, %U).
command_line="$(printf '%s' "$exec_line" | sed -E "s#%[fFuU]#$PUZZLE#g")"
echo "Exec=$exec_line"
echo "runs: $command_line"
name="$(sed -n 's/^ *name: "\(.*\)",$/\1/p' "$PUZZLE" | head -n 1)"
[ -n "$name" ] || fail "$PUZZLE has no name"
xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" \
  bash .ci/deb-launch.sh "$command_line" "$name — Blockslide" "$ID" "$OUT/window.png"

say "purging"
trap - EXIT
$SUDO apt-get purge -y -q "$PKG"
status="$(dpkg-query -W -f='${Status}' "$PKG" 2>/dev/null || true)"
case "$status" in
  "" | *" not-installed") ;;
  *) fail "$PKG is still known to dpkg after apt-get purge (status '$status')" ;;
esac
left=0
while IFS= read -r path; do
  if [ -d "$path" ] && [ ! -L "$path" ] && ! grep -qxF "$path" "$own_dirs"; then continue; fi
  if [ -e "$path" ] || [ -L "$path" ]; then
    echo "left after purge: $path" >&2
    left=$((left + 1))
  fi
done < "$files"
[ "$left" -eq 0 ] || fail "$left of the package's paths are left after purge"
echo "gone: every file dpkg listed and the package's own $(grep -c . "$own_dirs") folders (of $(grep -c . "$files") paths)"
default="$(xdg-mime query default "$MIME")"
[ -z "$default" ] || fail "puzzle files still open with '$default' after purge"
echo "puzzle files no longer open with $ID.desktop"
echo "Debian package checks passed"
