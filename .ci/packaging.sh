#!/usr/bin/env bash
# The desktop integration files of packaging/, checked as a desktop would read them:
#   bash .ci/packaging.sh
# Needs desktop-file-utils, appstream, shared-mime-info, libglib2.0-bin (gio) and xdg-utils.
# Everything is installed into a temporary data folder, never into the system's.
set -euo pipefail
cd "$(dirname "$0")/.."
P=packaging
ID=org.blockslide.Blockslide

echo "desktop entry:"
desktop-file-validate "$P/$ID.desktop"
echo "AppStream metainfo:"
appstreamcli validate --no-net "$P/$ID.metainfo.xml"

DATA="$(mktemp -d)"
trap 'rm -rf "$DATA"' EXIT
mkdir -p "$DATA/mime/packages" "$DATA/applications"
export XDG_DATA_DIRS="$DATA:/usr/share" XDG_DATA_HOME="$DATA"
cp "$P/$ID.mime.xml" "$DATA/mime/packages/"
update-mime-database "$DATA/mime"
cp "$P/$ID.desktop" "$DATA/applications/"
update-desktop-database "$DATA/applications"

type_of() { gio info -a standard::content-type "$1" | sed -n 's/^ *standard::content-type: //p'; }

echo "MIME type of every bundled puzzle (content match on the file's header):"
for file in saved_puzzles/*.ron; do
  found="$(type_of "$file")"
  if [ "$found" != "application/x-blockslide-puzzle" ]; then
    echo "FAIL: $file is $found"; exit 1
  fi
done
echo "  $(ls saved_puzzles/*.ron | wc -l) files: application/x-blockslide-puzzle"
printf '(\n    width: 3,\n)\n' > "$DATA/settings.ron"
found="$(type_of "$DATA/settings.ron")"
if [ "$found" != "application/x-ron" ]; then
  echo "FAIL: a RON file that is no puzzle is $found"; exit 1
fi
echo "  another RON file: application/x-ron"

default="$(xdg-mime query default application/x-blockslide-puzzle)"
if [ "$default" != "$ID.desktop" ]; then
  echo "FAIL: puzzle files open with '$default'"; exit 1
fi
echo "  puzzle files open with $default"

echo "icons:"
test -f "$P/icons/hicolor/scalable/apps/$ID.svg"
for size in 16 24 32 48 64 128 256 512; do
  png="$P/icons/hicolor/${size}x${size}/apps/$ID.png"
  # The PNG's IHDR: width and height, big-endian, at bytes 16 to 23.
  dims="$(od -An -tu1 -j16 -N8 "$png" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }')"
  if [ "$dims" != "${size}x${size}" ]; then
    echo "FAIL: $png is $dims"; exit 1
  fi
done
echo "  SVG and PNGs of 16 to 512 pixels"
echo "packaging checks passed"
