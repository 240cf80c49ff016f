# Segue: the two commands of the README.
#   make demo   install what is missing, build (release), render every built-in effect into ./out
#   make test   install what is missing, build warning-free (Tests/build-warning-free.sh), check
#               the Docker build's dependency pins (Tests/docker-pins.sh), run the test suite,
#               the browser test of `segue serve` (test-browser), magic-move against Chromium's
#               View Transitions (test-view-transitions), check the release binary is portable
#               (test-portable), build an App Store app preview end to end and check it with
#               ffprobe, LittleCMS and its frames (test-app-preview), and run the GPU proof
#               kit's quick proof on this machine's GL (test-gpu-kit)
#   make test-full  the same with every sample the quick run leaves out: every xfade frame
#               against ffmpeg, every xfade name in the parity suite, every SMPTE wipe against
#               GStreamer (SEGUE_TEST_FULL=1)
#   make build  the release binary alone, Swift runtime linked in (.build/release/segue)
#   make bench  segue bench --compare-ffmpeg on a release build
#   make fuzz   libFuzzer on every parser, FUZZ_SECONDS each (Fuzz/, CONTRIBUTING.md)
#   make gpu-kit  the GPU proof kit in .gpu-kit/, to carry to a GPU machine (docs/GPU.md)
#   make bench-gl-cost  every effect on both renderers at 1080p: no GL frame dearer than
#               max(3× software, 8× GL's fade frame) (GLCostCheck, docs/GPU.md)
# Debian 12 with only the Swift toolchain is enough to start from; packages are installed with
# apt-get (as root, or through sudo).

SWIFT ?= swift
# CPU the release build is tuned for (the pixel kernels vectorise on the baseline too; AVX2
# runs their 256-bit blocks in one register). On x86-64, haswell (AVX2, FMA): any x86-64 CPU
# since 2013 runs it, and it measured faster than `native` on AVX-512 machines, whose gathers
# slow the scaled-layer kernel down.
ARCH := $(shell uname -m)
CPU ?= $(if $(filter x86_64,$(ARCH)),haswell,)
CPU_FLAGS = $(if $(CPU),-Xswiftc -target-cpu -Xswiftc $(CPU),)
# The Swift runtime and Foundation are linked into the binary, so it runs on a Debian 12
# machine with only RUNTIME_PACKAGES installed (no toolchain); EGL, GLES, gbm, libpng,
# libjpeg and LittleCMS stay shared libraries from those packages.
# Stripped at link time (-s): 129 MB with symbols, 75 MB without, the same program.
RELEASE_FLAGS = -c release --static-swift-stdlib $(CPU_FLAGS) -Xlinker -s

# Build: headers, pkg-config files and link libraries.
BUILD_PACKAGES = pkgconf libegl-dev libgles-dev libgbm-dev libpng-dev libjpeg-dev libdeflate-dev liblcms2-dev
# Run time, named explicitly: libegl-mesa0 is the EGL vendor library, libgl1-mesa-dri holds
# llvmpipe (the -dev packages pull it in only by accident, through GLX); the statically linked
# Swift runtime needs libstdc++6 and libgcc-s1 (every Debian has them; named for minimal images).
RUNTIME_PACKAGES = libegl1 libegl-mesa0 libgbm1 libgles2 libgl1-mesa-dri libpng16-16 libjpeg62-turbo libdeflate0 liblcms2-2 libstdc++6 libgcc-s1
# Tests also exercise video output through ffmpeg, and the docs' examples use jq. The browser
# test of `segue serve` and the View Transitions oracle drive Debian's chromium through
# chromium-driver from Python, with Selenium (and, for the oracle's pages and model, numpy and
# Pillow) from PyPI in a virtual environment under .build (Debian's Python refuses pip installs
# outside one). GStreamer's gst-launch-1.0 and its smptealpha element (plugins-good, on
# plugins-base's videotestsrc) are the oracle of the SMPTE wipes (docs/SMPTE.md). The same
# environment holds imageio-ffmpeg, whose wheel bundles a static ffmpeg 9: the xfade oracle of
# the names Debian's ffmpeg 5.1 lacks or renders wrongly (docs/XFADE.md).
TEST_PACKAGES = ffmpeg jq chromium chromium-driver python3 python3-venv gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good
BROWSER_VENV = .build/browser-venv
BROWSER_PYTHON_PACKAGES = selenium==4.51.0 numpy==2.4.6 pillow==13.0.0 imageio-ffmpeg==0.8.1
# Where the browser test saves its screenshot of the page (the README's is docs/images/serve.png:
# `make test-browser SERVE_SCREENSHOT=docs/images/serve.png`).
SERVE_SCREENSHOT ?= .build/serve.png

# Prints the path of imageio-ffmpeg's ffmpeg 9 in $(BROWSER_VENV). `make test` hands it to the
# xfade oracle as SEGUE_FFMPEG9; a plain `swift test` finds it in the default venv itself.
FFMPEG9 = $(BROWSER_VENV)/bin/python -c 'import imageio_ffmpeg; print(imageio_ffmpeg.get_ffmpeg_exe())'

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build demo test test-full test-browser test-view-transitions test-portable test-app-preview test-gpu-kit gpu-kit bench bench-gl-cost fuzz clean print-runtime-packages

all: build

define install_missing
	@missing=$$(for p in $(1); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	    echo "Installing:" $$missing; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(BUILD_PACKAGES) $(RUNTIME_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))
	@$(BROWSER_VENV)/bin/python -c 'import selenium, numpy, PIL, imageio_ffmpeg' 2>/dev/null || \
	    { echo "Installing $(BROWSER_PYTHON_PACKAGES) into $(BROWSER_VENV)"; \
	      python3 -m venv $(BROWSER_VENV) && $(BROWSER_VENV)/bin/pip install -q $(BROWSER_PYTHON_PACKAGES); }

# RESOLVE_FLAGS: the Docker build passes --force-resolved-versions (its pins, Tools/docker/).
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) $(RESOLVE_FLAGS)

demo: build
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue demo -o out

test: test-deps
	SWIFT=$(SWIFT) Tests/build-warning-free.sh
	Tests/docker-pins.sh
	SEGUE_FFMPEG9=$$($(FFMPEG9)) $(SWIFT) test --skip-build
	$(MAKE) test-browser
	$(MAKE) test-view-transitions
	$(MAKE) test-portable
	$(MAKE) test-app-preview
	$(MAKE) test-gpu-kit

# `make test` samples the xfade transitions (3 progress points of the ffmpeg oracle, one name per
# family in the parity suite) and the SMPTE wipes (14 against GStreamer, 8 in the parity suite);
# this runs them all (docs/XFADE.md and docs/SMPTE.md, "How it is tested").
test-full:
	SEGUE_TEST_FULL=1 $(MAKE) test

# `segue serve` (debug build) in headless chromium: scrubber, parameters, live reload, inline
# shader errors (Tests/browser/serve_e2e.py). Fails, never skips, when the browser cannot start.
test-browser: test-deps
	$(SWIFT) build --product segue
	$(BROWSER_VENV)/bin/python Tests/browser/serve_e2e.py $$($(SWIFT) build --show-bin-path)/segue --screenshot $(SERVE_SCREENSHOT)

# magic-move's view-transition style (debug build, software and GL) against CSS view transitions
# in headless chromium (Tests/browser/view_transition_oracle.py; needs numpy and Pillow in
# $(BROWSER_VENV)). Fails, never skips, when the browser cannot start.
test-view-transitions: test-deps
	$(SWIFT) build --product segue
	$(BROWSER_VENV)/bin/python Tests/browser/view_transition_oracle.py $$($(SWIFT) build --show-bin-path)/segue

# The release binary runs with the toolchain's libraries hidden (Tests/portable.sh).
test-portable: build
	Tests/portable.sh $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue

# An App Store app preview from generated recordings and Display P3 screenshots, rendered by the
# release binary with --profile app-store and checked with ffprobe, LittleCMS (Pillow's ImageCms,
# in $(BROWSER_VENV)) and its frames: codec, rates, tags, sound, colours, the zoom, no pop at a
# cut (Tests/app_preview_e2e.py, docs/TIMELINES.md). Fails, never skips.
test-app-preview: build test-deps
	$(BROWSER_VENV)/bin/python Tests/app_preview_e2e.py $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue

# The GPU proof kit (Tools/gpu-kit/make-kit.sh, docs/GPU.md): the stripped release binary, the
# libraries it loads, libglvnd's packages, and gpu-proof.sh; it says what to carry.
GPU_KIT = .gpu-kit
gpu-kit: build
	Tools/gpu-kit/make-kit.sh $$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue $(GPU_KIT)

# The kit's own script with --quick on this machine's GL (llvmpipe here), its reports checked
# (Tests/gpu-kit.sh): the kit cannot rot between the rare runs on a GPU.
test-gpu-kit: gpu-kit test-deps
	Tests/gpu-kit.sh $(GPU_KIT)

# For the Dockerfile: the packages a machine needs to run the binary.
print-runtime-packages:
	@echo $(RUNTIME_PACKAGES)

# Throughput per effect, against ffmpeg's xfade and a C blend (docs/BATCH.md). The
# micro-benchmarks live in Benchmarks/ (cd Benchmarks && swift package benchmark).
bench: build test-deps
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue bench --compare-ffmpeg

bench-gl-cost: build
	$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/segue bench --backend all --size 1920x1080 --frames 4 --runs 1 --check-gl-cost

# Coverage-guided fuzzing (Fuzz/Package.swift): each target starts from its seeds in
# Fuzz/Corpus/<target> and keeps what it learns in Fuzz/.build/corpus/<target>; a crash, hang
# (> 10 s) or allocation over 2 GiB stops it, with the input in Fuzz/.build/artifacts (Swift's
# own crash backtracer is off, so that libFuzzer's handler writes it).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= png jpeg batch-spec gesture glsl timing expression
FUZZ_BUILD = $(SWIFT) build --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link -Xswiftc -use-ld=lld

fuzz: deps
	for t in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$t || exit 1; done
	mkdir -p Fuzz/.build/artifacts
	for t in $(FUZZ_TARGETS); do \
	    mkdir -p Fuzz/.build/corpus/$$t && \
	    SWIFT_BACKTRACE=enable=no $$($(FUZZ_BUILD) --show-bin-path)/fuzz-$$t Fuzz/.build/corpus/$$t Fuzz/Corpus/$$t \
	        -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
	        -artifact_prefix=Fuzz/.build/artifacts/$$t- -print_final_stats=1 || exit 1; \
	done

clean:
	rm -rf .build out Benchmarks/.build Fuzz/.build $(GPU_KIT) gpu-proof-out
