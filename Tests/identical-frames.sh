#!/usr/bin/env bash
# Shows that two segue binaries draw the same frames, byte for byte: the md5 of the raw output
# of every effect in `segue list` on both backends, and of timelines between video clips (sRGB
# and Display P3) and a sequence. For refactorings that must change no pixel:
#   Tests/identical-frames.sh OLD/segue NEW/segue
set -euo pipefail
old=$1 new=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ffmpeg -v error -y -f lavfi -i testsrc2=s=160x120:r=30 -f lavfi -i sine=f=440:sample_rate=48000 -t 1 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac "$dir/a.mp4"
ffmpeg -v error -y -f lavfi -i mandelbrot=s=160x120:r=30 -t 1 -c:v libx264 -pix_fmt yuv420p "$dir/b.mp4"
echo '{clips: [{file: "a.mp4"}, {file: "b.mp4"}], transitions: [{effect: "push", duration: 0.3}]}' > "$dir/s.json5"
sums() {
    local segue=$1
    for backend in software gl; do
        for effect in $("$segue" list --json | python3 -c 'import json, sys; print("\n".join(r["name"] for r in json.load(sys.stdin)))'); do
            echo "$backend $effect $("$segue" render "$effect" --size 96x208 --fps 12 --backend "$backend" --format raw -o - -q | md5sum | cut -c1-32)"
        done
        echo "$backend timeline $("$segue" render fade --from "$dir/a.mp4" --to "$dir/b.mp4" --duration 0.3 --backend "$backend" --format raw -o - -q | md5sum | cut -c1-32)"
        echo "$backend timeline-p3 $("$segue" render push --from "$dir/a.mp4" --to "$dir/b.mp4" --duration 0.3 --colorspace display-p3 --backend "$backend" --format raw -o - -q | md5sum | cut -c1-32)"
        echo "$backend sequence $("$segue" sequence "$dir/s.json5" --backend "$backend" --format raw -o - -q | md5sum | cut -c1-32)"
    done
}
sums "$old" > "$dir/old.txt"
sums "$new" > "$dir/new.txt"
if diff "$dir/old.txt" "$dir/new.txt"; then
    echo "identical-frames: $(wc -l < "$dir/new.txt") outputs, byte for byte the same"
else
    echo "identical-frames: the outputs above differ" >&2
    exit 1
fi
