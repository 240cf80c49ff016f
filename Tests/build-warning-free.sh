#!/usr/bin/env bash
# Builds the package and its tests, printing what the compiler prints, and fails when any of it
# is a warning about the project's own code (Sources/, Tests/): the build stays warning-free.
# Warnings appear when a file is compiled, so a fresh clone (CI) checks every file; a local
# incremental build checks the files it recompiles.
set -uo pipefail
swift="${SWIFT:-swift}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$swift" build --build-tests 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] || exit "$status"
root=$(pwd)
own=$(grep -E "^($root/)?(Sources|Tests)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u)
if [ -n "$own" ]; then
    echo "build-warning-free: the project's own code has compiler warnings; fix them:" >&2
    echo "$own" >&2
    exit 1
fi
