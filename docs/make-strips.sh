#!/usr/bin/env bash
# Regenerates the README's frame strips (docs/images/*.png): six frames of each built-in
# effect on the sample screens, and a smaller strip of each of ffmpeg's xfade transitions
# (docs/images/xfade/NAME.png). Run after `make build` (or set SEGUE to a segue binary).
# Arguments: the effect names to redo (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
segue=${SEGUE:-$(swift build -c release --show-bin-path)/segue}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images/xfade
if [ $# -gt 0 ]; then
    effects="$*"
else
    effects=$("$segue" list --json | python3 -c 'import json,sys; [print(e["name"]) for e in json.load(sys.stdin) if e["kind"] != "user-shader"]')
fi
for effect in $effects; do
    case "$effect" in
    xfade:*)
        name=${effect#xfade:}
        "$segue" render "$effect" --scale 0.5 --fps 10 --quiet -o "$tmp/xfade-$name" \
            --contact-sheet "docs/images/xfade/$name.png" --sheet-frames 6 --sheet-columns 6 --sheet-width 80 ;;
    *)
        "$segue" render "$effect" --scale 1 --fps 30 --quiet -o "$tmp/$effect" \
            --contact-sheet "docs/images/$effect.png" --sheet-frames 6 --sheet-columns 6 --sheet-width 120 ;;
    esac
done
