#!/usr/bin/env python3
"""View transitions in headless Chromium, the oracle of Segue's magic-move (style=view-transition).

    .build/browser-venv/bin/python Tests/browser/view_transition_oracle.py .build/debug/segue [--keep DIR]
    (make test-view-transitions)

What it checks. For three generated pairs of photo-like screens (gradients, soft blobs, stripes,
grain) at 390×844, 360×640 and 401×287, with element maps that move and grow a circle, change an
aspect ratio (80×80 → 300×120, 90×40 → 40×120), swap two elements (which overlap on the way),
shrink a photo 0.3× across them, and have old-only and new-only elements (every new list in
another order than the old), it builds the page below, runs a CSS view transition in Debian's
headless Chromium, pauses it and captures t = 0, 0.2, 0.5, 0.8 and 1. Then, for each t:
  * Chromium's frame against a numpy model of the facts below (>= 40 dB; measured 45-47 dB at
    0 < t < 1, 75-82 dB at the ends): a check of the page and of Chromium itself;
  * at t = 0 and 1, Chromium's frame against FROM.png / TO.png (>= 60 dB);
  * `segue still magic-move --param style=view-transition ... --backend software` and `gl`
    against Chromium's frame through `segue compare` (>= 38 dB). Its PSNR averages the four
    RGBA channels (alpha equal here), so on these opaque frames it reads 10·log10(4/3) = 1.25 dB
    above an RGB PSNR such as the two checks above print.
What a wrong renderer scores here (the model with one fact changed, against Chromium, at
t = 0.2/0.5/0.8): linear timing 19-27 dB; images stretched to the group's height 30-32 dB (where
an aspect ratio changes); images clipped to the group 35-38 dB; stacking by the new state's order
31-36 dB; source-over instead of plus-lighter 34-38 dB; the facts as below 45-47 dB.
Before the transition, the page's old state must be FROM.png (max difference <= 2): the images
are loaded and placed. Any failure, error, or a browser that does not start exits 1 (never
skips); temporary files go on every exit path (--keep DIR copies them first, with the model's
frames and |Segue - Chromium| × 4 difference images).

The page. Exactly W×H CSS px at device scale 1 (Emulation.setDeviceMetricsOverride; checked
through innerWidth/innerHeight/devicePixelRatio/scrollWidth/scrollHeight), margin 0, no
scrollbars, served over http://127.0.0.1 by a local server. A state is an <img> of the screen
and, per element in paint order, an absolutely positioned div at its frame with
view-transition-name (the id sanitised: vt- + [A-Za-z0-9_-], others as _hex_), border-radius,
and `background: url(SCREEN) -x -y / W H no-repeat`. Every image is preloaded and decode()d and
the old state painted (two rAFs) before document.startViewTransition(() => build('to')); once
`ready` resolves every animation from document.getAnimations() is paused; for each t its
currentTime is set to t × 250 ms, two rAFs, then Page.captureScreenshot (PNG, clip W×H, scale 1).
Chromium runs with --headless=new --disable-gpu (software compositing), --force-color-profile=srgb.

Facts verified on Chromium 156.0.8078.108 (Debian 12), with numbers:
 1. Timing. Every view-transition animation has duration 250 ms, fill both, effect easing
    `linear` and keyframe easing `ease` (animation-timing-function becomes the keyframes'
    easing; with two keyframes that is ease over the whole). So one e = ease(t),
    cubic-bezier(0.25, 0.1, 0.25, 1), drives the groups and the opacities: a black→white root
    gives 25, 76, 131, 175, 205, 226, 240, 249, 254 at t = 0.1…0.9 against 255·e = 24.2, 75.3,
    130.9, 174.1, 204.6, 225.7, 239.9, 248.8, 253.6 (the +1 is fact 6). One animation each:
    group (transform, width, height) for root and for names in both states; fade-out and
    plus-lighter on ::view-transition-old; fade-in and plus-lighter on ::view-transition-new.
    A name in one state only has no group animation and no plus-lighter: just the fade.
 2. Group geometry. Top-left and width interpolate linearly in e, not snapped: edges of a
    white element 100×100 at (50,40) → 160×80 at (200,100), measured by pixel coverage:
    left 64.217 / 111.273 / 170.356 / 194.067 against 64.219 / 111.277 / 170.361 / 194.069 at
    t = 0.1 / 0.25 / 0.5 / 0.75; top 45.684 / 64.506 / 88.142 / 97.625 against 45.688 / 64.511 /
    88.144 / 97.628. Edges are antialiased (coverage), e.g. left column 180/230 for 0.781.
 3. Images. Old and new image are each as wide as the group, keep their own aspect ratio
    (height = width × h/w of their own frame), hang from the group's top and are not clipped:
    the old 100×100 image reaches y = 189.3 at t = 0.25 while the group ends at 156.3.
    Measured exception: the drawn image size is round(width) × round(width × h/w) (layout
    snaps the replaced box's size; the origin keeps its fraction): fitted widths 106.02,
    131.00, 148.00, 155.99, 159.99 for exact 105.688, 130.799, 148.144, 156.446, 159.659; the new
    image's height round(55.564) = 56.00, not round(111.127)/2. The right/bottom edges are thus
    up to 0.5 px off the exact ones. (The model does this; exact sizes cost 0.3-1 dB.)
 4. Sampling. Bilinear, clamped at the image's edges, no mipmaps: a 1-px checkerboard drawn at
    0.27× keeps values 32…223 (aliasing), not a mip's grey. Software-compositing quirks, below
    1 px and not worth copying: at scale 1 the old image's content lands on the nearest half
    pixel (x 64.219 → 64.0, 94.287 → 94.5) and the new image's on the next half pixel up
    (64.219 → 64.5, 94.287 → 94.5, 199.147 → 199.5), while the quad's edges stay exact; scaled,
    the old image maps exactly onto [x, x + round(w)] (fit 170.360 for 170.361) and the new one's
    content sits about 0.2-0.5 px right and 0.1-0.35 px down of it.
 5. Blending. Inside a group the pair is old·(1−e) + new·e added in premultiplied space
    (mix-blend-mode: plus-lighter in the isolated ::view-transition-image-pair), then drawn
    source-over on what lies below: a white old and white new image give 254/255 (full), a black
    old under a white new gives 255·e with the root hidden. An old-only element fades out in
    place (1−e: 150 for 150.8 at t = 0.25), a new-only one fades in (e: 105 for 104.2).
 6. Root. The root group cross-fades the two whole-page snapshots the same way over the white
    canvas. Opacities are quantised to 8 bits (floor) so the pair's alpha is 254/255 at 0 < t < 1
    and 1/255 of white shows: a black→black root reads 1, and Chromium's frames are 0-2 levels
    (mean ≈ +1) brighter than the exact mix (red 200→40 at t = 0.5: 73 for 71.6). This +1 bias
    alone caps model and Segue at ≈ 46-47 dB against Chromium (≈ 49-51 dB once removed). At t = 0
    and t = 1 the frames are exact.
 7. Root snapshot excludes named elements: a white element on a black page leaves the root's old
    and new images black (1, i.e. fact 6) at both its places. (In this test each element shows
    its screen's own pixels, so it makes no difference here.)
 8. Stacking. Groups paint in the old state's paint order, then the names new in the new state
    in its order; the new state's order of shared names does not matter: old [a, b], new
    [b, a, c] at one place → b over a, c (new-only) over both, at every t.
 9. Rounded corners are in each snapshot (antialiased by Chromium's clip: up to ±51 levels from
    exact area coverage on a few edge pixels) and scale with the image.
10. Fractional frames: layout snaps an element's edges to whole pixels (left 110.5 → 111, top
    20.25 → 20, bottom 60.55 → 61) and its background (at −110.5 px) is resampled by half a pixel
    (up to 7 levels off FROM.png at t = 0); "snapped frames everywhere" fits Chromium better
    (43.5-52 dB) than exact frames (40.7-46.8 dB). This test keeps frames on whole pixels.
"""
import argparse
import base64
import functools
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

import numpy as np
from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

DURATION_MS = 250.0        # the UA stylesheet's ::view-transition-group(*) animation-duration
BACKENDS = ("software", "gl")
SEGUE_MIN_DB = 38.0        # Segue's frame against Chromium's
MODEL_MIN_DB = 40.0        # Chromium's frame against the model of the facts (measured: 45-47 dB)
END_MIN_DB = 60.0          # Chromium's t=0 / t=1 frame against FROM / TO (measured: 75-82 dB)
BROWSER_START_TRIES = 3
SCRIPT_SECONDS = 30
SEGUE_SECONDS = 120


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---------------------------------------------------------------------------------------------
# The browser side.

def start_browser():
    """Debian's chromium and chromium-driver; no download, no fallback: a missing browser fails.
    Tried up to BROWSER_START_TRIES times (a driver losing the race for its port, a browser that
    crashes at start on a loaded machine); then the last error fails the test."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    for path in (chromium, driver_path):
        check(os.access(path, os.X_OK), f"{path} is missing: `make test-deps` installs chromium chromium-driver")
    last = None
    for attempt in range(BROWSER_START_TRIES):
        options = Options()
        options.binary_location = chromium
        # Software compositing (--disable-gpu), sRGB output with no colour conversion, scale 1.
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=800,1000", "--force-device-scale-factor=1", "--hide-scrollbars",
                     "--force-color-profile=srgb", "--disable-extensions", "--mute-audio", "--no-first-run",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                     "--disable-backgrounding-occluded-windows"):
            options.add_argument(flag)
        try:
            driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
        except Exception as error:      # retried, then reported
            last = error
            time.sleep(1 + attempt)
            continue
        try:
            driver.set_script_timeout(SCRIPT_SECONDS)
            driver.set_page_load_timeout(SCRIPT_SECONDS)
            return driver
        except Exception:
            driver.quit()
            raise
    raise Failure(f"chromium did not start in {BROWSER_START_TRIES} tries: {type(last).__name__}: {last}")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class FileServer:
    """A local HTTP server for one folder on a free port of 127.0.0.1: the page and its two
    screens come from an http origin, as a real page's do (no file:// peculiarities)."""

    def __init__(self, folder):
        handler = functools.partial(QuietHandler, directory=folder)
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def css_name(element_id):
    """A view-transition-name from an element id: ASCII letters, digits, '-' and '_' kept, any
    other character as _hex_ (its code point); prefixed so that it never starts with a digit
    and is never a keyword (none, root, auto, match-element)."""
    return "vt-" + "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"_{ord(c):x}_"
                           for c in element_id)


def page_html(width, height, from_map, to_map, extra_css=""):
    """The test page: both states (screen image and named elements) for build('from'/'to').
    `extra_css` (and an element's own "image" in PAGE) serve experiments such as those behind the
    facts above, e.g. `::view-transition-new(vt-a) { display: none }` to measure the old image."""
    def state(image, element_map):
        return {"image": image, "elements": [
            {"name": css_name(e["id"]), "frame": e["frame"], "cornerRadius": e.get("cornerRadius", 0)}
            for e in element_map["elements"]]}
    states = {"from": state("from.png", from_map), "to": state("to.png", to_map)}
    return PAGE % {"W": width, "H": height, "states": json.dumps(states), "extra_css": extra_css}


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>view transition oracle</title>
<style>
html, body { margin: 0; padding: 0; overflow: hidden; }
body { width: %(W)dpx; height: %(H)dpx; position: relative; }
.screen { position: absolute; left: 0; top: 0; width: %(W)dpx; height: %(H)dpx; display: block; }
.element { position: absolute; background-repeat: no-repeat; }
%(extra_css)s
</style></head>
<body>
<script>
const STATES = %(states)s;
const W = %(W)d, H = %(H)d;
function build(which) {
  const state = STATES[which];
  document.body.replaceChildren();
  const screen = document.createElement('img');
  screen.className = 'screen';
  screen.src = state.image;
  screen.width = W; screen.height = H;
  document.body.appendChild(screen);
  for (const e of state.elements) {
    const d = document.createElement('div');
    d.className = 'element';
    const [x, y, w, h] = e.frame;
    d.style.left = x + 'px'; d.style.top = y + 'px';
    d.style.width = w + 'px'; d.style.height = h + 'px';
    d.style.borderRadius = (e.cornerRadius || 0) + 'px';
    d.style.backgroundImage = `url(${e.image || state.image})`;
    d.style.backgroundPosition = `${-x}px ${-y}px`;
    d.style.backgroundSize = `${W}px ${H}px`;
    d.style.viewTransitionName = e.name;
    document.body.appendChild(d);
  }
}
const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
async function preload(urls) {
  for (const u of urls) { const i = new Image(); i.src = u; await i.decode(); (window.__keep ||= []).push(i); }
}
async function prepare() {
  const urls = new Set();
  for (const s of Object.values(STATES)) {
    urls.add(s.image);
    for (const e of s.elements) if (e.image) urls.add(e.image);
  }
  await preload([...urls]);
  build('from');
  for (const img of document.images) await img.decode();
  await frames(); await frames();
  return typeof document.startViewTransition;
}
async function begin() {
  const transition = document.startViewTransition(() => build('to'));
  window.__transition = transition;
  await transition.ready;
  const animations = document.getAnimations();
  for (const a of animations) a.pause();
  window.__animations = animations;
  return animations.map(a => ({
    name: a.animationName, pseudo: a.effect.pseudoElement,
    duration: a.effect.getComputedTiming().duration,
    easing: a.effect.getComputedTiming().easing,
    keyframeEasings: a.effect.getKeyframes().map(k => k.easing),
    fill: a.effect.getComputedTiming().fill}));
}
async function seek(milliseconds) {
  for (const a of window.__animations) a.currentTime = milliseconds;
  await frames();
  return window.__animations.map(a => a.currentTime);
}
</script>
</body></html>
"""



class ChromiumOracle:
    """One headless Chromium for the whole run. A scenario: its page from the local server, the
    old state painted, startViewTransition() swapping to the new state, every animation paused
    once `ready` resolves, then for each time the animations set to t × 250 ms, two frames, and
    a screenshot through the DevTools protocol."""

    def __init__(self):
        self.driver = start_browser()
        self.size = None

    def close(self):
        if self.driver is not None:
            try:
                self.driver.quit()
            finally:
                self.driver = None

    def call(self, function, *args):
        """Awaits the page's async `function(args)`; a rejection or exception fails the test."""
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"{function}(...Array.from(arguments).slice(0, -1))"
            ".then(v => done({ok: v}), e => done({error: String(e && e.stack || e)}));", *args)
        check(isinstance(result, dict) and "ok" in result, f"the page's {function}() failed: {result}")
        return result["ok"]

    def open(self, url, width, height):
        """Loads the page at exactly width×height CSS px, scale 1, with the old state painted."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.size = (width, height)
        self.driver.get(url)
        check(self.call("prepare") == "function", "this Chromium has no document.startViewTransition")
        inner = self.driver.execute_script(
            "return [innerWidth, innerHeight, devicePixelRatio,"
            " document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        check(inner == [width, height, 1, width, height], f"[innerWidth, innerHeight, devicePixelRatio, "
              f"scrollWidth, scrollHeight] is {inner}, not {[width, height, 1, width, height]}")

    def begin(self, names):
        """Starts the transition and pauses it; checks the animations are the UA stylesheet's
        (250 ms, `ease` keyframes, fill both) for the root and every name."""
        animations = self.call("begin")
        for a in animations:
            check(a["duration"] == DURATION_MS and a["fill"] == "both"
                  and all(k == "ease" for k in a["keyframeEasings"]) and a["easing"] == "linear",
                  f"an unexpected view-transition animation: {a}")
        groups = {a["pseudo"] for a in animations if a["pseudo"].startswith("::view-transition-")}
        for name in ["root"] + list(names):
            check(any(f"({name})" in g for g in groups), f"no view-transition animation for {name}: {sorted(groups)}")
        return animations

    def seek(self, t):
        times = self.call("seek", t * DURATION_MS)
        check(all(abs(x - t * DURATION_MS) < 1e-6 for x in times), f"animations not at {t * DURATION_MS} ms: {times}")

    def capture(self, path):
        width, height = self.size
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "fromSurface": True, "captureBeyondViewport": False,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        pixels = read_rgb(path)
        check(pixels.shape[:2] == (height, width),
              f"the screenshot is {pixels.shape[1]}×{pixels.shape[0]}, not {width}×{height}")
        return pixels


# ---------------------------------------------------------------------------------------------
# Timing and the numpy model (what the browser is expected to draw; a check on the page itself).

def css_ease(t, x1=0.25, y1=0.1, x2=0.25, y2=1.0):
    """CSS `ease` = cubic-bezier(0.25, 0.1, 0.25, 1): solve x(s) = t by bisection, return y(s)."""
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(60):
        s = (lo + hi) / 2
        x = 3 * (1 - s) ** 2 * s * x1 + 3 * (1 - s) * s * s * x2 + s ** 3
        lo, hi = (s, hi) if x < t else (lo, s)
    s = (lo + hi) / 2
    return 3 * (1 - s) ** 2 * s * y1 + 3 * (1 - s) * s * s * y2 + s ** 3


def rounded_mask(w, h, radius, samples=8):
    """Coverage (0…1) of a w×h rectangle with circular corners of `radius`, per texel, by
    supersampling."""
    mask = np.ones((h, w))
    r = min(float(radius), w / 2, h / 2)
    if r <= 0:
        return mask
    n = int(np.ceil(r))
    offsets = (np.arange(samples) + 0.5) / samples
    sub = (np.arange(n)[:, None] + offsets[None, :]).reshape(-1)       # n*samples coordinates
    X, Y = np.meshgrid(sub, sub)
    inside = ((X - r) ** 2 + (Y - r) ** 2 <= r * r) | (X >= r) | (Y >= r)
    corner = inside.reshape(n, samples, n, samples).mean(axis=(1, 3))  # top-left corner, n×n
    mask[:n, :n] *= corner
    mask[:n, w - n:] *= corner[:, ::-1]
    mask[h - n:, :n] *= corner[::-1, :]
    mask[h - n:, w - n:] *= corner[::-1, ::-1]
    return mask


def resample_matrix(out_count, origin, length, texels):
    """(out_count × texels) weights drawing a row of `texels` texels over [origin, origin+length)
    of the output axis: bilinear (texel centres, clamped at the ends) times the pixel's covered
    fraction of the span (the antialiased edge)."""
    m = np.zeros((out_count, texels))
    centres = np.arange(out_count) + 0.5
    coverage = np.clip(np.minimum(centres + 0.5, origin + length) - np.maximum(centres - 0.5, origin), 0, 1)
    u = np.clip((centres - origin) * texels / length - 0.5, 0, texels - 1)
    i0 = np.floor(u).astype(int)
    i1 = np.minimum(i0 + 1, texels - 1)
    f = u - i0
    rows = np.arange(out_count)
    np.add.at(m, (rows, i0), (1 - f) * coverage)
    np.add.at(m, (rows, i1), f * coverage)
    return m


def draw_image(premultiplied, x, y, w, h, W, H):
    """A premultiplied RGBA float texture drawn over [x, x+w) × [y, y+h): (H, W, 4) float."""
    th, tw = premultiplied.shape[:2]
    mx = resample_matrix(W, x, w, tw)
    my = resample_matrix(H, y, h, th)
    rows = np.tensordot(my, premultiplied, axes=(1, 0))          # (H, tw, 4)
    return np.tensordot(rows, mx, axes=(1, 1)).transpose(0, 2, 1)  # (H, W, 4)


def snapshot(image, element):
    """The element's captured image: its frame's crop of the screen (integer frame), with its
    rounded corners as alpha; premultiplied RGBA float 0…1."""
    x, y, w, h = (int(round(v)) for v in element["frame"])
    crop = image[y:y + h, x:x + w, :3].astype(float) / 255
    alpha = rounded_mask(w, h, element.get("cornerRadius", 0))[:, :, None]
    return np.concatenate([crop * alpha, alpha], axis=2)


def model_frame(from_image, to_image, from_map, to_map, t, snap_size=True):
    """What Chromium draws, as measured (see the module docstring), without its 8-bit rounding:
    returns (H, W, 3) float 0…255."""
    H, W = from_image.shape[:2]
    e = css_ease(t)
    out = from_image[:, :, :3].astype(float) / 255 * (1 - e) + to_image[:, :, :3].astype(float) / 255 * e
    old = {el["id"]: el for el in from_map["elements"]}
    new = {el["id"]: el for el in to_map["elements"]}
    order = [el["id"] for el in from_map["elements"]] + [el["id"] for el in to_map["elements"] if el["id"] not in old]
    for name in order:
        a, b = old.get(name), new.get(name)
        fa = (a or b)["frame"]
        fb = (b or a)["frame"]
        gx, gy, gw = (fa[i] + (fb[i] - fa[i]) * e for i in range(3))
        pair = np.zeros((H, W, 4))
        for el, weight in ((a, 1 - e), (b, e)):
            if el is None or weight == 0:
                continue
            fw, fh = el["frame"][2], el["frame"][3]
            width, height = gw, gw * fh / fw
            if snap_size:
                width, height = np.floor(width + 0.5), np.floor(height + 0.5)
            picture = snapshot(from_image if el is a else to_image, el)
            pair += weight * draw_image(picture, gx, gy, width, height, W, H)
        out = pair[:, :, :3] + out * (1 - pair[:, :, 3:4])
    return out * 255


# ---------------------------------------------------------------------------------------------
# Test pictures and scenarios.

def blur(a, radius, passes=3):
    """Box blur `passes` times along both axes (≈ a Gaussian), edges clamped."""
    for axis in (0, 1):
        for _ in range(passes):
            pad = [(0, 0)] * a.ndim
            pad[axis] = (radius + 1, radius)
            c = np.cumsum(np.pad(a, pad, mode="edge"), axis=axis)
            n = a.shape[axis]
            a = (np.take(c, range(2 * radius + 1, 2 * radius + 1 + n), axis=axis)
                 - np.take(c, range(0, n), axis=axis)) / (2 * radius + 1)
    return a


def photo(width, height, seed):
    """A photo-like opaque RGB picture: two-axis colour gradients, soft blobs (blurred noise),
    diagonal stripes and a fine grain, so that a misplaced or mis-scaled region shows."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width].astype(float)
    u, v = x / width, y / height
    picture = np.zeros((height, width, 3))
    for c in range(3):
        a, b, d = rng.uniform(0.15, 0.85, 3)
        picture[:, :, c] = 255 * (a * (1 - u) * (1 - v) + b * u + d * v * (1 - u)) * 0.8
    blobs = blur(rng.normal(0, 1, (height, width, 3)), 6)
    picture += blobs / blobs.std() * 28
    angle = rng.uniform(0, np.pi)
    period = rng.uniform(14, 22)
    stripes = np.sin((x * np.cos(angle) + y * np.sin(angle)) * 2 * np.pi / period)
    picture += (stripes * 22)[:, :, None] * np.array(rng.uniform(0.4, 1, 3))[None, None, :]
    picture += blur(rng.normal(0, 1, (height, width, 3)), 1) * 10
    return np.clip(np.round(picture), 0, 255).astype(np.uint8)


def element(element_id, frame, radius=None):
    e = {"id": element_id, "frame": list(frame)}
    if radius is not None:
        e["cornerRadius"] = radius
    return e


# Each scenario: name, (W, H), the old state's elements, the new state's (paint order). Frames
# are whole pixels (see "Fractional frames" above). Every scenario lists the new state in
# another order than the old, so that a renderer stacking by the new order fails.
SCENARIOS = [
    # Moves and grows (a circle); changes aspect ratio (80×80 → 300×120); crosses another
    # element's path (title over avatar: the old order); old-only badge; new-only button, first
    # in the new list, yet drawn over the card (new-only names come last).
    ("profile", (390, 844),
     [element("avatar", (24, 96, 64, 64), 32), element("title", (110, 110, 220, 36)),
      element("card", (40, 300, 80, 80), 12), element("badge", (300, 40, 60, 30), 8)],
     [element("button", (60, 440, 190, 50), 25), element("title", (40, 380, 310, 28)),
      element("card", (45, 420, 300, 120), 16), element("avatar", (95, 150, 200, 200), 100)]),
    # Two elements swap places (overlapping on the way); a photo shrinks 300×200 → 90×60 across
    # them (scale 0.3: bilinear, no mipmaps) and gains rounded corners.
    ("swap", (360, 640),
     [element("left", (20, 200, 150, 100), 10), element("right", (190, 200, 150, 100), 10),
      element("photo", (30, 400, 300, 200))],
     [element("photo", (250, 40, 90, 60), 6), element("right", (20, 200, 150, 100), 10),
      element("left", (190, 200, 150, 100), 10)]),
    # An odd size; wide → tall (90×40 → 40×120); odd sizes everywhere; old-only and new-only.
    ("odd", (401, 287),
     [element("thumb", (11, 21, 101, 67), 9), element("chip", (300, 200, 90, 40), 20),
      element("gone", (150, 240, 60, 30))],
     [element("chip", (20, 120, 40, 120), 20), element("fresh", (300, 100, 50, 50), 25),
      element("thumb", (151, 61, 239, 161))]),
]
TIMES = (0.0, 0.2, 0.5, 0.8, 1.0)


def psnr(a, b):
    """PSNR of two (H, W, 3) images over the RGB channels, in dB (inf when equal)."""
    mse = np.mean((np.asarray(a, float) - np.asarray(b, float)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def read_rgb(path):
    with Image.open(path) as image:
        check(image.mode in ("RGB", "RGBA"), f"{path} is {image.mode}")
        pixels = np.asarray(image.convert("RGBA"))
    check(pixels[:, :, 3].min() == 255, f"{path} is not opaque")
    return pixels[:, :, :3]


def write_rgb(pixels, path):
    Image.fromarray(np.clip(np.round(pixels), 0, 255).astype(np.uint8)).save(path)


# ---------------------------------------------------------------------------------------------
# The Segue side.

COMPARE = re.compile(r"PSNR\s+(?P<psnr>[-+0-9.]+|inf|∞)\s*(dB)?.*?max(imum)? difference\s+(?P<max>\d+)",
                     re.I | re.S)


def run_command(args, what, seconds=SEGUE_SECONDS):
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: no result in {seconds} s: {' '.join(args)}")
    check(done.returncode == 0,
          f"{what} exited with {done.returncode}: {' '.join(args)}\n{done.stderr.strip()[-2000:]}")
    return done.stdout


def segue_frame(segue, folder, t, backend, out):
    run_command([segue, "still", "magic-move", "--from", os.path.join(folder, "from.png"),
                 "--to", os.path.join(folder, "to.png"), "--param", "style=view-transition",
                 "--param", "from-elements=@" + os.path.join(folder, "from.json"),
                 "--param", "to-elements=@" + os.path.join(folder, "to.json"),
                 "--at", f"{t:g}", "--backend", backend, "-o", out], f"segue still magic-move (t={t:g}, {backend})")
    return out


def segue_compare(segue, a, b):
    """(PSNR in dB, max difference) from `segue compare`'s line."""
    line = run_command([segue, "compare", a, b], "segue compare").strip()
    match = COMPARE.search(line)
    check(match, f"cannot read `segue compare`'s output: {line!r}")
    value = match.group("psnr")
    return (float("inf") if value.lower() in ("inf", "∞") else float(value)), int(match.group("max")), line


# ---------------------------------------------------------------------------------------------
# The test.

def write_scenario(folder, index, scenario):
    """The scenario's screens, maps and page in `folder`; returns (from, to, maps)."""
    name, (width, height), from_elements, to_elements = scenario
    from_image, to_image = photo(width, height, 2 * index + 1), photo(width, height, 2 * index + 2)
    write_rgb(from_image, os.path.join(folder, "from.png"))
    write_rgb(to_image, os.path.join(folder, "to.png"))
    maps = {}
    for which, elements in (("from", from_elements), ("to", to_elements)):
        maps[which] = {"units": "pixels", "screen": [width, height], "elements": elements}
        with open(os.path.join(folder, f"{which}.json"), "w") as f:
            json.dump(maps[which], f, indent=1)
    with open(os.path.join(folder, "index.html"), "w") as f:
        f.write(page_html(width, height, maps["from"], maps["to"]))
    return from_image, to_image, maps


def chromium_frames(oracle, folder, scenario, from_image):
    """Chromium's frame at each of TIMES ({t: pixels}), from one paused transition."""
    name, (width, height), from_elements, to_elements = scenario
    server = FileServer(folder)
    try:
        oracle.open(server.url + "index.html", width, height)
        before = oracle.capture(os.path.join(folder, "chromium-before.png"))
        largest = int(np.abs(before.astype(int) - from_image.astype(int)).max())
        check(largest <= 2, f"{name}: the page's old state is not FROM.png (max difference {largest}, "
              f"PSNR {psnr(before, from_image):.2f} dB): images not loaded, or the page misplaced")
        oracle.begin({css_name(e["id"]) for e in from_elements + to_elements})
        frames = {}
        for t in TIMES:
            oracle.seek(t)
            frames[t] = oracle.capture(os.path.join(folder, f"chromium-t{t:.2f}.png"))
        return frames
    finally:
        server.close()


class Results:
    """One printed line per comparison; the failures, for the verdict."""

    def __init__(self):
        self.count = 0
        self.failures = []

    def add(self, name, t, what, value, limit, extra=""):
        self.count += 1
        ok = value >= limit
        print(f"{name:8s} t={t:.2f} {what:22s} PSNR {value:6.2f} dB{extra}  {'ok' if ok else f'FAILED (< {limit:g} dB)'}")
        if not ok:
            self.failures.append(f"{name} t={t:.2f} {what.strip()} {value:.2f} dB{extra}")


def run(segue, keep):
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="segue-view-transition-")
    results = Results()
    oracle = None
    try:
        check(os.access(segue, os.X_OK), f"{segue} is not an executable")
        oracle = ChromiumOracle()
        for index, scenario in enumerate(SCENARIOS):
            name = scenario[0]
            folder = os.path.join(work, name)
            os.mkdir(folder)
            from_image, to_image, maps = write_scenario(folder, index, scenario)
            chromium = chromium_frames(oracle, folder, scenario, from_image)
            for t in TIMES:
                # The page and Chromium, against the model of the measured facts and the screens.
                model = model_frame(from_image, to_image, maps["from"], maps["to"], t)
                if keep:
                    write_rgb(model, os.path.join(folder, f"model-t{t:.2f}.png"))
                results.add(name, t, "model vs Chromium", psnr(chromium[t], model), MODEL_MIN_DB)
                if t in (0.0, 1.0):
                    screen, label = (from_image, "FROM") if t == 0 else (to_image, "TO")
                    results.add(name, t, f"Chromium vs {label}", psnr(chromium[t], screen), END_MIN_DB)
                # Segue, on both renderers.
                reference = os.path.join(folder, f"chromium-t{t:.2f}.png")
                for backend in BACKENDS:
                    out = segue_frame(segue, folder, t, backend,
                                      os.path.join(folder, f"segue-t{t:.2f}-{backend}.png"))
                    value, largest, _ = segue_compare(segue, reference, out)
                    results.add(name, t, f"{backend} vs Chromium", value, SEGUE_MIN_DB,
                                f", max difference {largest:3d}")
                    if keep:
                        diff = np.abs(read_rgb(out).astype(int) - chromium[t].astype(int)) * 4
                        write_rgb(diff, os.path.join(folder, f"diff-t{t:.2f}-{backend}.png"))
        check(not results.failures, f"{len(results.failures)} of {results.count} comparisons below their "
              f"limit:\n  " + "\n  ".join(results.failures))
        print(f"view_transition_oracle: {results.count} comparisons passed in {time.monotonic() - started:.1f} s")
    finally:
        if oracle is not None:
            oracle.close()
        if keep:
            shutil.copytree(work, keep, dirs_exist_ok=True)
            print(f"view_transition_oracle: frames kept in {keep}")
        shutil.rmtree(work, ignore_errors=True)


def interrupted(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("segue", help="the segue binary (a debug build is fine)")
    parser.add_argument("--keep", metavar="DIR", help="keep the pictures, pages, maps and frames here")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, interrupted)   # the finally clauses run: browser closed, files removed
    try:
        run(args.segue, args.keep)
    except BaseException as error:   # Failure, the browser not starting, a signal: a failed test
        print(f"view_transition_oracle: FAILED: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
