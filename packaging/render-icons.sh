#!/usr/bin/env bash
# Renders the icon's PNG sizes from its SVG (icons/hicolor/scalable/apps/) (needs `rsvg-convert`, Debian's librsvg2-bin):
#   bash packaging/render-icons.sh
# The PNGs are committed beside the SVG, in the hicolor theme's layout, so that installing
# needs no renderer; `.ci/packaging.sh` checks that they are the SVG's current rendering.
set -euo pipefail
cd "$(dirname "$0")/icons"
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "hicolor/${size}x${size}/apps"
  rsvg-convert --width "$size" --height "$size" hicolor/scalable/apps/org.blockslide.Blockslide.svg \
    -o "hicolor/${size}x${size}/apps/org.blockslide.Blockslide.png"
done
