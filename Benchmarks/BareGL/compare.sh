#!/bin/sh
# Segue's GL fade end to end at 1080p (raw RGBA to stdout, into /dev/null) against bare-gl, the
# least a program does for the same frames on the same GL, back to back in one run (issue 12,
# item 4). Per-frame cost = (long run - short run) / extra frames; medians of REPEATS pairs.
#
#   Benchmarks/BareGL/compare.sh PATH/TO/segue [REPEATS]
set -eu
segue=$1
repeats=${2:-5}
here=$(cd "$(dirname "$0")/.." && pwd)
make -s -C "$here" bare-gl
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Opaque photo-like snapshots (GL's cost does not depend on them; the sinks' may).
ffmpeg -v error -f lavfi -i testsrc2=s=1920x1080 -vf noise=alls=20:allf=t -frames:v 1 "$work/from.png"
ffmpeg -v error -f lavfi -i mandelbrot=s=1920x1080 -frames:v 1 "$work/to.png"

short=31 long=151   # frames: 0.5 s and 2.5 s at 60 fps
nanos() { start=$(date +%s%N); "$@" > /dev/null; echo $(( $(date +%s%N) - start )); }
segue_run() {
    "$segue" render fade --backend gl --egl-platform surfaceless --from "$work/from.png" --to "$work/to.png" \
        --timing linear --fps 60 --duration "$1" --format raw --quiet -o -
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

segue_run 0.5 > /dev/null   # warm the page cache and Mesa's shader cache
: > "$work/segue"; : > "$work/bare"; : > "$work/bare-pbo"
i=0
while [ $i -lt "$repeats" ]; do
    a=$(nanos segue_run 0.5); b=$(nanos segue_run 2.5)
    echo $(( (b - a) / (long - short) )) >> "$work/segue"
    a=$(nanos "$here/.build/bare-gl" 1920 1080 $short); b=$(nanos "$here/.build/bare-gl" 1920 1080 $long)
    echo $(( (b - a) / (long - short) )) >> "$work/bare"
    a=$(nanos "$here/.build/bare-gl" 1920 1080 $short pbo); b=$(nanos "$here/.build/bare-gl" 1920 1080 $long pbo)
    echo $(( (b - a) / (long - short) )) >> "$work/bare-pbo"
    i=$((i + 1))
done
s=$(median < "$work/segue"); g=$(median < "$work/bare"); p=$(median < "$work/bare-pbo")
awk -v s="$s" -v g="$g" -v p="$p" -v r="$repeats" 'BEGIN {
    printf "per frame, median of %d: segue GL fade %.2f ms, bare-gl %.2f ms, bare-gl through two PBOs %.2f ms\n", r, s / 1e6, g / 1e6, p / 1e6
    printf "segue / bare-gl = %.2fx\n", s / g
}'
