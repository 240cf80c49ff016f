#!/usr/bin/env bash
# Regenerates the README's frame strips (docs/images/*.png): six frames of each built-in
# effect on the sample screens, a smaller strip of each of ffmpeg's xfade transitions
# (docs/images/xfade/NAME.png), and of each of GStreamer's SMPTE wipes between two flat
# colours, which show the wipe's shape in a few hundred bytes (docs/images/smpte/NAME.png).
# Run after `make build` (or set SEGUE to a segue binary).
# Arguments: the effect names to redo (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."
segue=${SEGUE:-$(swift build -c release --show-bin-path)/segue}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p docs/images/xfade docs/images/smpte
# The SMPTE strips' two flat screens, 160x100 (a dark blue one wiped by an orange one).
python3 - "$tmp" <<'PY'
import struct, sys, zlib
def png(path, rgb, w=160, h=100):
    chunk = lambda t, d: struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    rows = b''.join(b'\x00' + bytes(rgb) * w for _ in range(h))
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b''))
png(sys.argv[1] + '/smpte-from.png', (31, 58, 95))
png(sys.argv[1] + '/smpte-to.png', (244, 162, 89))
PY
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
    smpte:*)
        name=${effect#smpte:}
        "$segue" render "$effect" --from "$tmp/smpte-from.png" --to "$tmp/smpte-to.png" --fps 10 --quiet -o "$tmp/smpte-$name" \
            --contact-sheet "docs/images/smpte/$name.png" --sheet-frames 6 --sheet-columns 6 --sheet-width 80 ;;
    *)
        "$segue" render "$effect" --scale 1 --fps 30 --quiet -o "$tmp/$effect" \
            --contact-sheet "docs/images/$effect.png" --sheet-frames 6 --sheet-columns 6 --sheet-width 120 ;;
    esac
done
