#!/usr/bin/env bash
# Builds the GPU proof kit (make gpu-kit; docs/GPU.md): a folder that, carried to a bare GPU
# machine beside the tracked tree, runs `segue proof` there with nothing installed.
#
#   Tools/gpu-kit/make-kit.sh PATH/TO/release/segue [KIT]      (KIT: .gpu-kit)
#
# KIT/bin/segue.gz the portable release binary (Swift runtime linked in), stripped and
#                  gzipped (75 MiB, most of it Foundation's ICU data, would not fit otherwise;
#                  gzip is on every machine, xz and zstd not)
# KIT/lib/         every shared library it loads that a bare machine may lack (ldd), except
#                  glibc's own, which the machine has, and the EGL/GLES dispatch libraries
# KIT/glvnd/       Debian's libglvnd packages (libegl1 libglvnd0 libopengl0 libgles2), unpacked:
#                  the dispatch libraries through which the NVIDIA driver's EGL is loaded. Mesa's
#                  EGL vendor is never carried, so glvnd cannot pick llvmpipe over the GPU.
# KIT/gpu-proof.sh the proof (Tools/gpu-kit/gpu-proof.sh)
# KIT/xfade-custom-corpus.txt  the expressions it checks xfade:custom with (the tests' corpus)
#
# Fails when the kit and the working tree that travels with it exceed the 64 MiB a device
# call carries.
set -euo pipefail

binary=$(readlink -f "${1:?usage: Tools/gpu-kit/make-kit.sh PATH/TO/segue [KIT]}")
kit=${2:-.gpu-kit}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
limit=$((64 * 1024 * 1024))
fail() { echo "gpu-kit: FAIL: $*" >&2; exit 1; }

rm -rf "$kit"
mkdir -p "$kit/bin" "$kit/lib" "$kit/glvnd"
strip -o "$kit/bin/segue" "$binary"
gzip -9 "$kit/bin/segue"

# `ldd` lists the whole closure (libgbm's libdrm and libwayland-server too).
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | while read -r name path; do
    case "$name" in
        libc.so.*|libm.so.*|libpthread.so.*|libdl.so.*|librt.so.*|libresolv.so.*|libutil.so.*|ld-linux*) ;;
        libEGL.so.*|libGLESv2.so.*|libGLdispatch.so.*|libOpenGL.so.*|libEGL_mesa.so.*) ;;
        *) cp -L "$path" "$kit/lib/$name" ;;
    esac
done

packages=(libegl1 libglvnd0 libopengl0 libgles2)
downloads=$(mktemp -d "${TMPDIR:-/tmp}/segue-gpu-kit-XXXXXX")
trap 'rm -rf "$downloads"' EXIT
chmod 755 "$downloads"   # apt's _apt user writes the files
download() { (cd "$downloads" && apt-get download -qq "${packages[@]}" 2>&1); }
if ! download >/dev/null; then
    # A machine whose packages were all installed long ago may have no package lists.
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -qq
    download || fail "apt-get download ${packages[*]} failed"
fi
for deb in "$downloads"/*.deb; do dpkg -x "$deb" "$kit/glvnd"; done
[ -e "$kit/glvnd/usr/lib/$(uname -m)-linux-gnu/libEGL.so.1" ] || fail "libegl1 did not unpack libEGL.so.1"

cp "$here/gpu-proof.sh" "$kit/gpu-proof.sh"
chmod +x "$kit/gpu-proof.sh"
cp "$here/../../Tests/SeguePipelineTests/Xfade/xfade-custom-corpus.txt" "$kit/"

kit_bytes=$(du -sb "$kit" | cut -f1)
tree_bytes=$(git ls-files -co --exclude-standard -z | du --files0-from=- -cb 2>/dev/null | tail -1 | cut -f1)
total=$((kit_bytes + tree_bytes))
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo "gpu-kit: $kit is $(mib "$kit_bytes") ($(ls "$kit/lib" | wc -l) libraries); with the working tree $(mib "$total") of 64 MiB"
[ "$total" -le "$limit" ] || fail "kit and tree together exceed 64 MiB"
echo "gpu-kit: on the GPU machine, carry [\"$kit\"] and run: $kit/gpu-proof.sh (the reports land in \$OUT)"
