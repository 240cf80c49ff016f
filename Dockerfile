# Segue in a container: Debian 12 slim with the run-time packages and the segue binary
# (docs/KUBERNETES.md). The binary carries the Swift runtime (`make build` links it
# statically), so the image needs no toolchain.
#
#   docker build -t segue .
#   docker run --rm --user "$(id -u)" -v "$PWD:/work" segue render fade -o /work/fade

# Build: the official Swift image on Debian 12, the same release as the toolchain the tests use.
ARG SWIFT_VERSION=6.3.1
FROM swift:${SWIFT_VERSION}-bookworm AS build
# The Swift image has no make; the Makefile installs the rest.
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make
WORKDIR /src
COPY . .
# The dependencies at the versions the tests ran with: the checkout's pins (Tools/docker/,
# checked against each test run's resolution by Tests/docker-pins.sh), never a fresh
# resolution. `make build` installs the build packages it lacks (as root here), then builds the
# release binary.
RUN cp Tools/docker/dependency-pins.json Package.resolved \
 && make build RESOLVE_FLAGS=--force-resolved-versions \
 && cp .build/release/segue /usr/local/bin/segue \
 && make -s print-runtime-packages > /runtime-packages

# Run: only the packages the Makefile names for run time (EGL with Mesa llvmpipe, libpng, libjpeg, libdeflate, LittleCMS).
FROM debian:12-slim
COPY --from=build /runtime-packages /tmp/runtime-packages
# ffmpeg writes mp4/webm/gif/mov/webp and reads video clips, so the image has it: most jobs
# want a video. For PNG, raw and y4m alone, --build-arg FFMPEG= leaves it out (about 150 MB).
ARG FFMPEG=ffmpeg
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(cat /tmp/runtime-packages) $FFMPEG \
 && rm -rf /var/lib/apt/lists/* /tmp/runtime-packages
COPY --from=build /usr/local/bin/segue /usr/local/bin/segue
# Renders need no privileges.
RUN useradd --create-home --uid 10001 segue
USER segue
WORKDIR /home/segue
ENTRYPOINT ["segue"]
CMD ["--help"]
