#!/usr/bin/env bash
# The Docker build's dependency pins (Tools/docker/dependency-pins.json, copied to
# Package.resolved in the image and built with --force-resolved-versions) must be the versions
# this checkout builds and tests with: the Package.resolved the build just made (kept out of git,
# as every developer's own) holds the same packages at the same revisions. Fails, never skips,
# when either file is missing.
#
#   Tests/docker-pins.sh
set -euo pipefail
cd "$(dirname "$0")/.."
pins=Tools/docker/dependency-pins.json
[ -f Package.resolved ] || { echo "docker-pins: FAIL: no Package.resolved (build first)" >&2; exit 1; }
[ -f "$pins" ] || { echo "docker-pins: FAIL: $pins missing" >&2; exit 1; }
list() { jq -r '.pins[] | "\(.identity) \(.state.version // "-") \(.state.revision)"' "$1" | sort; }
if ! diff <(list "$pins") <(list Package.resolved) >/dev/null; then
    echo "docker-pins: FAIL: $pins differs from the resolution this checkout builds with:" >&2
    diff <(list "$pins") <(list Package.resolved) >&2 || true
    echo "docker-pins: after checking the new versions, cp Package.resolved $pins" >&2
    exit 1
fi
echo "docker-pins: ok ($(list "$pins" | wc -l) packages pinned)"
