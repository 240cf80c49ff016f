#!/usr/bin/env bash
# Proves a release binary runs without the Swift toolchain (make test-portable).
#
#   Tests/portable.sh .build/release/segue
#
# 1. readelf: no Swift runtime or Foundation library among its NEEDED entries and no RUNPATH
#    into the toolchain: every library it needs comes from the Debian run-time packages.
# 2. In a private mount namespace (unshare), an empty folder is mounted over the toolchain's
#    library folder, and the binary runs `info`, `list --json`, a JSON5 batch and a software
#    render; each must exit 0.
# Fails (never skips) when a check cannot run, e.g. without permission to unshare.
set -euo pipefail

binary=$(readlink -f "${1:?usage: Tests/portable.sh PATH/TO/segue}")
fail() { echo "portable: FAIL: $*" >&2; exit 1; }

swift=$(command -v swift) || fail "swift is not on PATH (it locates the toolchain to hide)"
toolchain_lib=$(readlink -f "$(dirname "$(readlink -f "$swift")")/../lib/swift/linux")
[ -d "$toolchain_lib" ] || fail "no toolchain library folder at $toolchain_lib"
toolchain_root=$(readlink -f "$toolchain_lib/../../..")

dynamic=$(readelf -d "$binary") || fail "readelf -d $binary"
needed=$(grep -o 'Shared library: \[[^]]*\]' <<<"$dynamic" | sed 's/.*\[\(.*\)\]/\1/')
runtime=$(grep -E '^(libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libicu)' <<<"$needed" || true)
[ -z "$runtime" ] || fail "links the Swift runtime dynamically: $(echo $runtime)"
runpath=$(grep -E '\((RUNPATH|RPATH)\)' <<<"$dynamic" || true)
if [ -n "$runpath" ] && grep -qF "$toolchain_root" <<<"$runpath"; then
    fail "RUNPATH points into the toolchain: $runpath"
fi
echo "portable: NEEDED $(echo $needed)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/segue-portable-XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/empty"
cat >"$scratch/spec.json5" <<'SPEC'
{ defaults: { size: "48x32", fps: 10, backend: "software" },
  jobs: [ { effect: "push", output: "push" }, { effect: "fade", output: "fade.y4m" }, ], }
SPEC

# As root a mount namespace is enough; otherwise a user namespace maps us to root in it.
namespace=(unshare --mount)
[ "$(id -u)" = 0 ] || namespace=(unshare --mount --map-root-user)
"${namespace[@]}" mount --bind "$scratch/empty" "$toolchain_lib" 2>/dev/null ||
    fail "cannot hide $toolchain_lib in a mount namespace (unshare needs root or user namespaces)"

# Runs the binary in a namespace where the toolchain's library folder is empty.
hidden() {
    "${namespace[@]}" bash -c 'mount --bind "$1" "$2" && [ -z "$(ls -A "$2")" ] && shift 2 && exec "$@"' \
        _ "$scratch/empty" "$toolchain_lib" "$@"
}
for command in "info" "list --json" "batch $scratch/spec.json5 --quiet" \
               "render fade --backend software --size 64x36 --fps 10 --quiet -o $scratch/render"; do
    echo "portable: segue $command (toolchain libraries hidden)"
    # shellcheck disable=SC2086  # the commands above are split on spaces on purpose
    hidden "$binary" $command >"$scratch/stdout" 2>"$scratch/stderr" ||
        { status=$?; cat "$scratch/stderr" >&2; fail "segue $command exited $status with $toolchain_lib hidden"; }
done
[ -f "$scratch/render/000000.png" ] && [ -f "$scratch/push/000000.png" ] && [ -s "$scratch/fade.y4m" ] ||
    fail "the renders wrote no frames"
echo "portable: ok"
