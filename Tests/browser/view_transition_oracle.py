#!/usr/bin/env python3
"""(docstring written at the end)"""
import argparse
import functools
import http.server
import json
import os
import re
import shutil
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

DURATION_MS = 250.0          # the UA stylesheet's ::view-transition-group(*) animation-duration
BROWSER_START_TRIES = 3
SCRIPT_SECONDS = 30


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---------------------------------------------------------------------------------------------
# The browser side.

def start_browser():
    """Debian's chromium and chromium-driver; no download, no fallback: a missing browser fails.
    Tried up to BROWSER_START_TRIES times (a driver that loses the race for its port, a renderer
    that crashes at start on a loaded machine), then the last error fails the test."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    for path in (chromium, driver_path):
        check(os.access(path, os.X_OK), f"{path} is missing: `make test-deps` installs chromium chromium-driver")
    last = None
    for attempt in range(BROWSER_START_TRIES):
        options = Options()
        options.binary_location = chromium
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=800,1000", "--force-device-scale-factor=1", "--hide-scrollbars",
                     "--force-color-profile=srgb", "--disable-lcd-text", "--disable-extensions",
                     "--mute-audio", "--no-first-run", "--disable-background-timer-throttling",
                     "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows"):
            options.add_argument(flag)
        try:
            driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
            driver.set_script_timeout(SCRIPT_SECONDS)
            driver.set_page_load_timeout(SCRIPT_SECONDS)
            return driver
        except Exception as error:      # noqa: BLE001 - retried, then reported
            last = error
            time.sleep(1 + attempt)
    raise Failure(f"chromium did not start in {BROWSER_START_TRIES} tries: {type(last).__name__}: {last}")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class FileServer:
    """A local HTTP server for one folder, on a free port of 127.0.0.1 (a page from file:// may
    not fetch its images as an http:// origin does; an http origin is what a real page has)."""

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
    """A view-transition-name from an element id: letters, digits, '-' and '_' kept, anything else
    as _XX (its code point), prefixed so it never starts with a digit nor is a keyword."""
    return "vt-" + "".join(c if c.isascii() and (c.isalnum() or c in "-_") else f"_{ord(c):x}"
                           for c in element_id)


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
  for (const s of Object.values(STATES)) { urls.add(s.image); for (const e of s.elements) if (e.image) urls.add(e.image); }
  await preload([...urls]);
  build('from');
  for (const img of document.images) await img.decode();
  await frames(); await frames();
  return 'ok';
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
    fill: a.effect.getComputedTiming().fill}));
}
async function seek(fraction) {
  for (const a of window.__animations) a.currentTime = fraction * a.effect.getComputedTiming().duration;
  await frames();
  return window.__animations.map(a => a.currentTime);
}
</script>
</body></html>
"""


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
            pair += weight * draw_image(snapshot(from_image if el is a else to_image, el), gx, gy, width, height, W, H)
        out = pair[:, :, :3] + out * (1 - pair[:, :, 3:4])
    return out * 255


class ChromiumOracle:
    """One headless Chromium; a scenario is a page on the local server, an opened view transition,
    paused, and a screenshot for each time fraction."""

    def __init__(self):
        self.driver = start_browser()

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
        check(isinstance(result, dict) and "ok" in result, f"{function}: {result}")
        return result["ok"]

    def open(self, url, width, height):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.size = (width, height)
        self.driver.get(url)
        self.call("prepare")
        inner = self.driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio,"
                                           " document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
        check(inner == [width, height, 1, width, height], f"the viewport is {inner}, not [{width}, {height}, 1, …]")

    def capture(self, path):
        width, height = self.size
        shot = self.driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "fromSurface": True, "captureBeyondViewport": False,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        import base64
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        with Image.open(path) as image:
            check(image.size == (width, height), f"the screenshot is {image.size}, not {self.size}")
        return path


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


# Each scenario: (name, (W, H), from elements, to elements); the pictures come from photo().
SCENARIOS = [
    ("profile", (390, 844),
     [element("avatar", (24, 96, 64, 64), 32), element("card", (40, 300, 80, 80), 12),
      element("badge", (300, 40, 60, 30), 8), element("title", (110, 110, 220, 36))],
     [element("avatar", (95, 150, 200, 200), 100), element("card", (45, 420, 300, 120), 16),
      element("title", (40, 380, 310, 28)), element("button", (100, 720, 190, 50), 25)]),
    ("swap", (360, 640),
     [element("left", (20, 200, 150, 100), 10), element("right", (190, 200, 150, 100), 10),
      element("photo", (30, 400, 300, 200))],
     [element("left", (190, 200, 150, 100), 10), element("right", (20, 200, 150, 100), 10),
      element("photo", (250, 40, 90, 60), 6)]),
    ("odd", (401, 287),
     [element("thumb", (11, 21, 101, 67), 9), element("chip", (300, 200, 90, 40), 20),
      element("gone", (150, 240, 60, 30))],
     [element("thumb", (151, 61, 239, 161), 0), element("chip", (20, 120, 40, 120), 20),
      element("new-é", (180, 10, 50, 50), 25)]),
]
TIMES = (0.0, 0.2, 0.5, 0.8, 1.0)


def psnr(a, b):
    """PSNR of two (H, W, 3) images over the RGB channels, in dB (inf when equal)."""
    mse = np.mean((np.asarray(a, float) - np.asarray(b, float)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)
