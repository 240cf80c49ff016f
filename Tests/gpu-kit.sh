#!/usr/bin/env bash
# Runs the GPU proof kit's own script with --quick on this machine's GL and checks its reports
# (make test-gpu-kit), so that the kit is known to work before a GPU machine is lent:
#
#   Tests/gpu-kit.sh .gpu-kit
#
# The script must exit 0 (every effect at parity, the example shaders valid) and write its
# four files; the JSON must hold every section with the figures the full run reports. Fails,
# never skips, when jq or GL is missing.
set -euo pipefail

kit=${1:?usage: Tests/gpu-kit.sh KIT}
fail() { echo "gpu-kit: FAIL: $*" >&2; exit 1; }
command -v jq >/dev/null || fail "jq is not installed (make test-deps)"
[ -x "$kit/gpu-proof.sh" ] || fail "$kit/gpu-proof.sh missing: run make gpu-kit"

out=$(mktemp -d "${TMPDIR:-/tmp}/segue-gpu-kit-XXXXXX")
trap 'rm -rf "$out"' EXIT
OUT=$out "$kit/gpu-proof.sh" --quick >"$out/stdout" 2>&1 || { tail -20 "$out/stdout" >&2; fail "gpu-proof.sh --quick exited $?"; }
for file in gpu-proof.json gpu-proof.md gpu-proof.log info.json expression-parity.txt; do
    [ -s "$out/$file" ] || fail "no $file in its reports"
done

report=$out/gpu-proof.json
check() {   # check DESCRIPTION JQ-FILTER: the filter must print true
    [ "$(jq -r "$2" "$report")" = true ] || fail "$1 ($2 on gpu-proof.json)"
}
check "the proof passed" '.pass == true and (.failures | length) == 0 and (.skipped | length) == 0'
check "GL started and is named" '.device.info.gl.renderer != null and (.device.label | length) > 0'
check "the EGL attempts are kept" '(.device.info.eglAttempts | length) > 0'
# The quick proof compares every built-in effect with its defaults: as many as `list` names.
gzip -dc "$kit/bin/segue.gz" >"$out/segue" && chmod +x "$out/segue"
effects=$(LD_LIBRARY_PATH="$kit/lib:$kit/glvnd/usr/lib/$(uname -m)-linux-gnu" "$out/segue" list --json | jq length)
check "every built-in effect ($effects) is in the parity section" "(.parity.checks | length) == $effects"
check "parity holds: PSNR ≥ 40 dB and ≥ 99 % within 3 levels, everywhere" \
    '[.parity.checks[] | (.pass and (.worst.psnr == "inf" or .worst.psnr >= 40) and .lowestWithin3 >= 0.99)] | all'
check "the example shaders validate and are timed" '(.examples | length) > 0 and ([.examples[] | .validation.pass and .glFPS > 0] | all)'
check "bench rows on both renderers, render only and end to end raw and png" \
    '([.bench[].results[].backend] | unique) == ["gl", "software"] and ([.bench[].results[].endToEnd[].format] | unique) == ["png", "raw"]'
check "a sustained render sampled every second" '.sustained.frames > 0 and (.sustained.samples | length) >= 1'
check "readback timed at ring depths" '(.readback | length) >= 2 and ([.readback[].fps > 0] | all)'
check "memory reported" '.memory.peakResidentMiB > 0'
expressions=$(grep -c . "$kit/xfade-custom-corpus.txt")
[ "$(grep -c ' PSNR ' "$out/expression-parity.txt")" -eq $((expressions * 4)) ] ||
    fail "expression-parity.txt has not every expression × 2 sizes × 2 progress values compared"
grep -q '^## Parity' "$out/gpu-proof.md" && grep -q '^## Bench' "$out/gpu-proof.md" || fail "gpu-proof.md lacks its sections"
echo "gpu-kit: ok ($(jq -r '.device.info.gl.renderer' "$report"), $(jq '.parity.checks | length' "$report") effects at parity)"
