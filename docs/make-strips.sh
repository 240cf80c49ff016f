#!/usr/bin/env bash
# Regenerates the README's frame strips (docs/images/*.png): six frames of each built-in
# effect on the sample screens. Run after `make build`.
set -euo pipefail
cd "$(dirname "$0")/.."
segue=$(swift build -c release --show-bin-path)/segue
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for effect in $("$segue" list --json | python3 -c 'import json,sys; [print(e["name"]) for e in json.load(sys.stdin) if e["kind"] != "user-shader"]'); do
    "$segue" render "$effect" --scale 1 --fps 30 --quiet -o "$tmp/$effect" \
        --contact-sheet "docs/images/$effect.png" --sheet-frames 6 --sheet-columns 6 --sheet-width 120
done
