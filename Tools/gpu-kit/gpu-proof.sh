#!/usr/bin/env bash
# The GPU proof (docs/GPU.md): `segue proof` on the machine it runs on, with the kit's own
# libraries and the machine's NVIDIA EGL driver, reports written to $OUT (else ./gpu-proof-out).
#
#   .gpu-kit/gpu-proof.sh            the full proof; fails unless GL runs on a GPU (≈ 5 min on 16 cores)
#   .gpu-kit/gpu-proof.sh --quick    toy sizes on whatever GL there is (make test: llvmpipe)
#
# OUT/gpu-proof.json, OUT/gpu-proof.md   the reports (rewritten after every section)
# OUT/info.json                          `segue info --json`: the EGL platforms tried and why they failed
# OUT/gpu-proof.log                      what the script found and everything segue printed
# OUT/expression-parity.txt              xfade:custom's test corpus on GL against software, a line each
set -uo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$kit")
out=${OUT:-$root/gpu-proof-out}
mode=(--require-gpu)
expression_sizes="1920x1080 1279x719"
case "${1:-}" in
    --quick) mode=(--quick); expression_sizes="64x36 33x17" ;;
    "") ;;
    *) echo "usage: $0 [--quick]" >&2; exit 64 ;;
esac
mkdir -p "$out"
log=$out/gpu-proof.log
: >"$log"
note() { echo "gpu-proof: $*" | tee -a "$log" >&2; }

# The binary travels gzipped; it runs from a temporary folder, removed on every exit.
scratch=$(mktemp -d "${TMPDIR:-/tmp}/segue-gpu-proof-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
segue=$scratch/segue
gzip -dc "$kit/bin/segue.gz" >"$segue" && chmod +x "$segue" || { note "cannot unpack $kit/bin/segue.gz"; exit 70; }

# The kit's libraries first: glvnd's dispatch (libEGL, libGLESv2) and what the binary links.
library_path="$kit/lib:$kit/glvnd/usr/lib/$(uname -m)-linux-gnu"

# The NVIDIA driver's EGL vendor library: from the loader cache, else the usual driver folders.
nvidia=$(ldconfig -p 2>/dev/null | awk '$1 == "libEGL_nvidia.so.0" { print $NF; exit }')
if [ -z "$nvidia" ]; then
    for dir in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib; do
        if [ -e "$dir/libEGL_nvidia.so.0" ]; then nvidia=$dir/libEGL_nvidia.so.0; break; fi
    done
fi
if [ -n "$nvidia" ]; then
    library_path="$library_path:$(dirname "$nvidia")"
    note "NVIDIA EGL: $nvidia"
    # glvnd finds vendors through JSON files; the driver's may sit outside glvnd's own folders.
    vendor=""
    for json in /usr/share/glvnd/egl_vendor.d/10_nvidia.json /etc/glvnd/egl_vendor.d/10_nvidia.json \
                /usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json; do
        if [ -f "$json" ]; then vendor=$json; break; fi
    done
    if [ -z "$vendor" ]; then
        vendor=$out/10_nvidia.json
        printf '{ "file_format_version": "1.0.0", "ICD": { "library_path": "libEGL_nvidia.so.0" } }\n' >"$vendor"
    fi
    export __EGL_VENDOR_LIBRARY_FILENAMES=$vendor
    note "EGL vendor file: $vendor"
else
    note "no libEGL_nvidia.so.0 on this machine: GL is whatever EGL vendor the machine has"
fi
export LD_LIBRARY_PATH="$library_path${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
note "$(ldd --version 2>&1 | head -1)"
command -v nvidia-smi >/dev/null && nvidia-smi -L 2>&1 | tee -a "$log" >&2
missing=$(ldd "$segue" | grep 'not found' || true)
[ -z "$missing" ] || note "libraries not found: $missing"

"$segue" info --json >"$out/info.json" 2>>"$log"
note "segue info: exit $?"
cd "$root" && "$segue" proof "${mode[@]}" --examples docs/examples/shaders \
    --json-report "$out/gpu-proof.json" --markdown-report "$out/gpu-proof.md" 2>&1 | tee -a "$log" >&2
status=${PIPESTATUS[0]}
note "segue proof: exit $status"

# xfade:custom on GL runs each expression as double-float GLSL, whose error-free sums a
# driver's compiler could fuse or fold away: the tests' corpus (xfade-custom-corpus.txt, every
# function and variable), each expression at two sizes and progress 0.3 and 0.7, on both
# renderers, compared; below 40 dB fails.
expression_report=$out/expression-parity.txt
: >"$expression_report"
expression_failures=0
for size in $expression_sizes; do
    while IFS= read -r expression; do
        [ -n "$expression" ] || continue
        for at in 0.3 0.7; do
            for backend in software gl; do
                "$segue" still xfade:custom --param "expr=$expression" --at "$at" --size "$size" \
                    --timing linear --backend "$backend" -o "$scratch/$backend.png" 2>>"$log" || rm -f "$scratch/$backend.png"
            done
            result=$("$segue" compare "$scratch/software.png" "$scratch/gl.png" 2>&1 | head -1)
            echo "$size p=$at $result | $expression" >>"$expression_report"
            psnr=$(echo "$result" | awk '$1 == "PSNR" { print $2 }')
            if [ -z "$psnr" ] || { [ "$psnr" != inf ] && awk -v p="$psnr" 'BEGIN { exit !(p < 40) }'; }; then
                expression_failures=$((expression_failures + 1))
            fi
            rm -f "$scratch/software.png" "$scratch/gl.png"
        done
    done <"$kit/xfade-custom-corpus.txt"
done
note "xfade:custom parity: $(wc -l <"$expression_report") comparisons, $expression_failures below 40 dB"
[ "$expression_failures" -eq 0 ] || [ "$status" -ne 0 ] || status=1
exit "$status"
