#!/usr/bin/env python3
"""End-to-end test of `segue serve` in a real browser (issue 16): Debian's chromium, headless,
driven through chromium-driver by Selenium.

    python3 Tests/browser/serve_e2e.py .build/debug/segue [--screenshot docs/images/serve.png]

It starts `segue serve --port 0 --shaders TMP --images TMP` with a test shader and two
snapshots (the built-in samples at 1×, written by `segue still`), reads the URL from the first
line of stdout, loads the page with its settings in the address and checks what an author sees:
a frame on load; a new frame when the scrubber moves and when a parameter changes; play running
to the last frame; a new frame within 2 s of an edit of the shader file; the compiler's
`file:line:col` over the last good frame when the file is broken, and a clean frame once fixed;
a spring typed as the timing setting the length; a new frame when a served snapshot is saved
over; a point parameter set by a click on the frame; GL beside software with the PSNR; then
the screenshot, the copied command, magic-move's element outlines over the frame, and Ctrl-C
stopping the server. Any failure, a browser that cannot start included, exits 1: the test never skips
(`make test-browser`).
"""
import argparse
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

SHADER_NAME = "wave.glsl"

# A GL Transitions file with one parameter; the broken variant's error is on line 5.
SHADER = """// The browser test's shader: a cross-fade, tinted red by `tint`.
uniform float tint; // = 0.0

vec4 transition(vec2 uv) {
  vec4 c = mix(getFromColor(uv), getToColor(uv), progress);
  return vec4(mix(c.rgb, vec3(1.0, 0.0, 0.0), tint), c.a);
}
"""
EDITED = SHADER.replace("progress);", "progress * progress);")
BROKEN_LINE = 5
BROKEN = EDITED.replace("  vec4 c = mix(", "  vec4 c = nope + mix(")

SPRING = "spring(duration:0.6,bounce:0.3)"
SPRING_FRAMES = 59          # its settling time, 0.982 s, at 60 fps: round(58.95) frames after the first
SERVER_START_SECONDS = 60   # a debug build starting its GL context on a busy machine
FRAME_SECONDS = 20          # one frame, with a first GL shader compile
RELOAD_SECONDS = 2.0        # the issue: the page re-renders within a second of a change


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class Server:
    """`segue serve` as a child process; stdout lines arrive on a queue, stderr goes to a file."""

    def __init__(self, segue, shaders, images, log_path):
        self.log = open(log_path, "w+")
        self.process = subprocess.Popen(
            [segue, "serve", "--port", "0", "--shaders", shaders, "--images", images],
            stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def url(self):
        try:
            line = self.lines.get(timeout=SERVER_START_SECONDS)
        except queue.Empty:
            raise Failure(f"segue serve printed no URL in {SERVER_START_SECONDS} s")
        if line is None:
            raise Failure(f"segue serve exited with {self.process.wait()}: {self.stderr()}")
        url = line.strip()
        check(re.fullmatch(r"http://127\.0\.0\.1:\d+/", url), f"first line is not the URL: {line!r}")
        return url

    def stderr(self):
        self.log.seek(0)
        return self.log.read()[-2000:]

    def interrupt(self):
        """Ctrl-C: the server stops by itself, with 0 or 130 (docs/IO.md)."""
        self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise Failure("segue serve did not stop within 10 s of SIGINT")
        check(status in (0, 130), f"segue serve exited with {status} after SIGINT: {self.stderr()}")

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start_browser():
    """Debian's chromium and chromium-driver; no download, no fallback: a missing browser fails."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    for path in (chromium, driver_path):
        check(os.access(path, os.X_OK), f"{path} is missing: `make test-deps` installs chromium chromium-driver")
    options = Options()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1280,1000", "--force-device-scale-factor=1", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    # The viewport itself (the window size includes the browser's frame): the screenshot's size.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    return driver


class Page:
    def __init__(self, driver):
        self.driver = driver

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait(self, what, condition, seconds=FRAME_SECONDS, explain=None):
        """Waits for `condition`; a failure says what the page showed, and `explain()` if given."""
        try:
            return WebDriverWait(self.driver, seconds, poll_frequency=0.05).until(lambda _: condition())
        except Exception as error:
            extra = f", {explain()}" if explain else ""
            raise Failure(f"{what}: not seen within {seconds} s (status: {self.status()!r}, "
                          f"error box: {self.error_text()!r}{extra}) [{type(error).__name__}]")

    def click_target(self):
        """What a click a quarter of the frame's width left of its centre reaches, and what the
        page would do with it: for a failure's message."""
        return self.js(
            "const f = document.getElementById('frame'), r = f.getBoundingClientRect();"
            "const hit = document.elementFromPoint(r.left + r.width / 4, r.top + r.height / 2);"
            "return `click reaches ${hit ? hit.id || hit.tagName : 'nothing'}, frame ${f.naturalWidth}×"
            "${f.naturalHeight} shown at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×"
            "${Math.round(r.height)}, scrolled ${scrollX},${scrollY}, point target ${state.pointTarget ? "
            "state.pointTarget.name : 'none'}, effect ${state.effect ? state.effect.name : 'none'}`")

    def frame_hash(self):
        return self.js("return document.getElementById('frame').dataset.hash || null")

    def renders(self):
        return int(self.js("return Number(document.getElementById('frame').dataset.renders || 0)"))

    def status(self):
        return self.js("return document.getElementById('status').textContent")

    def error_text(self):
        return self.js("const e = document.getElementById('error'); return e.hidden ? null : e.textContent")

    def scrubbed_frame(self, what, effect=None):
        """Waits for the frame on screen to be the one the scrubber is at (it may come from the
        server's cache at once), of `effect` when given; returns its hash."""
        self.wait(what, lambda: self.error_text() is None and self.js(
            "const q = new URLSearchParams(document.getElementById('frame').dataset.query || '');"
            "return q.get('at') === String(fractionOfFrame(Number(document.getElementById('scrubber').value)))"
            " && (arguments[0] === null || q.get('effect') === arguments[0])", effect))
        return self.frame_hash()

    def new_frame(self, what, old_hash, seconds=FRAME_SECONDS):
        """Waits for a frame other than `old_hash`, with no error shown; returns its hash."""
        self.wait(what, lambda: self.frame_hash() not in (None, old_hash) and self.error_text() is None, seconds)
        return self.frame_hash()


def run(segue, screenshot):
    work = tempfile.mkdtemp(prefix="segue-serve-e2e-")
    shaders = os.path.join(work, "shaders")
    os.mkdir(shaders)
    shader = os.path.join(shaders, SHADER_NAME)
    with open(shader, "w") as f:
        f.write(SHADER)
    images = os.path.join(work, "images")
    os.mkdir(images)
    # Snapshots the page picks from the served folder: the samples drawn once at 1× (a debug
    # build draws the 3× samples in seconds, on every frame that uses them).
    for name, at in (("list.png", "0"), ("detail.png", "1")):
        subprocess.run([segue, "still", "fade", "--at", at, "--scale", "1", "--size", "390x844",
                        "-o", os.path.join(images, name)], check=True, timeout=60)
    server = Server(segue, shaders, images, os.path.join(work, "serve.log"))
    driver = None
    try:
        url = server.url()
        driver = start_browser()
        page = Page(driver)
        driver.get(url + "?effect=wave&from=list.png&to=detail.png")
        page.wait("the page's first frame", lambda: page.frame_hash() is not None)
        for field, value in (("effect", "wave"), ("from", "list.png"), ("to", "detail.png")):
            shown = driver.find_element(By.ID, field).get_attribute("value")
            check(shown == value, f"#{field} shows {shown!r}, not {value!r} from the address")
        first = page.frame_hash()
        # No size typed: the frame is the to image's own size, as `segue render` makes it.
        check(driver.find_element(By.ID, "size").get_attribute("value") == "", "the size field is not empty by default")
        check(page.js("return [document.getElementById('frame').naturalWidth, document.getElementById('frame').naturalHeight]") == [390, 844],
              "the first frame is not the to image's size")

        # The scrubber: three frames on, from the keyboard as a user would.
        scrubber = driver.find_element(By.ID, "scrubber")
        scrubber.send_keys(Keys.ARROW_RIGHT * 3)
        scrubbed = page.new_frame("a new frame after moving the scrubber", first)

        # A parameter from the shader's declaration (`uniform float tint; // = 0.0`).
        tint = driver.find_element(By.ID, "param-tint")
        tint.clear()
        tint.send_keys("0.5", Keys.TAB)
        tinted = page.new_frame("a new frame after changing the tint parameter", scrubbed)

        # Play runs to the last frame at the transition's pace (1 s for a shader).
        driver.find_element(By.ID, "play").click()
        page.wait("play reaching the last frame",
                  lambda: page.js("const s = document.getElementById('scrubber'); return s.value === s.max")
                  and page.js("return document.getElementById('play').textContent") == "▶", 15)
        last = page.frame_hash()
        scrubber.send_keys(Keys.HOME, Keys.ARROW_RIGHT * 30)
        shown = page.scrubbed_frame("the middle frame again")
        check(shown != last, "the middle frame is the last frame's picture")

        # Live reload: a saved edit of the shader shows within RELOAD_SECONDS.
        saved = time.monotonic()
        with open(shader, "w") as f:
            f.write(EDITED)
        page.new_frame("the edited shader's frame", shown, RELOAD_SECONDS + 1)
        took = time.monotonic() - saved
        check(took <= RELOAD_SECONDS, f"the edited shader's frame took {took:.2f} s (limit {RELOAD_SECONDS} s)")
        print(f"serve_e2e: the edited shader's frame showed {took:.2f} s after the save")
        edited = page.frame_hash()

        # A broken shader: the compiler's file:line:col over the last good frame.
        with open(shader, "w") as f:
            f.write(BROKEN)
        page.wait("the inline shader error", lambda: page.error_text() is not None, RELOAD_SECONDS + 3)
        message = page.error_text()
        check(re.search(rf"{re.escape(SHADER_NAME)}:{BROKEN_LINE}:\d+: ", message),
              f"the error does not name {SHADER_NAME}:{BROKEN_LINE}:col: {message!r}")
        check(page.frame_hash() == edited, "the last good frame was not kept under the error")
        check(page.js("return document.getElementById('frame').naturalWidth") > 0, "no frame under the error")

        # Fixed again: the error goes and the frame is the shader's.
        with open(shader, "w") as f:
            f.write(SHADER)
        page.new_frame("a frame after fixing the shader", edited, RELOAD_SECONDS + 3)
        check(page.error_text() is None, "the error stayed after the fix")
        fixed = page.frame_hash()

        # A spring typed as the timing: plotted, and the transition lasts its settling time.
        timing = driver.find_element(By.ID, "timing")
        timing.send_keys(SPRING)
        page.wait("the spring's description", lambda: page.js(
            "return document.getElementById('timing-description').textContent").startswith(SPRING))
        page.wait("the spring's length in frames", lambda: page.js(
            "return document.getElementById('scrubber').max") == str(SPRING_FRAMES))
        sprung = page.new_frame("a frame on the spring", fixed)

        # A snapshot saved over: the page re-renders with it, and again once it is back.
        snapshot = os.path.join(images, "list.png")
        with open(snapshot, "rb") as f:
            original = f.read()
        shutil.copyfile(os.path.join(images, "detail.png"), snapshot)
        replaced = page.new_frame("the frame from the replaced snapshot", sprung, RELOAD_SECONDS + 1)
        with open(snapshot, "wb") as f:
            f.write(original)
        page.new_frame("the frame from the restored snapshot", replaced, RELOAD_SECONDS + 1)

        # A point parameter set by clicking on the frame (bubble's start, in points).
        # The click comes once bubble's own frame is on screen, as a user's would.
        Select(driver.find_element(By.ID, "effect")).select_by_value("bubble")
        before = page.scrubbed_frame("bubble's frame", effect="bubble")
        frame = driver.find_element(By.ID, "frame")
        ActionChains(driver).move_to_element_with_offset(frame, -frame.size["width"] // 4, 0).click().perform()
        page.wait("the clicked point in bubble's start", lambda: re.fullmatch(
            r"\d+,\d+", driver.find_element(By.ID, "param-start").get_attribute("value")),
            explain=page.click_target)
        bubbled = page.new_frame("bubble's frame from the clicked point", before)
        check(page.js("return document.getElementById('param-color').type") == "color", "bubble's color is no colour input")

        # A built-in effect, GL beside software with the PSNR between them (the screenshot).
        Select(driver.find_element(By.ID, "effect")).select_by_value("push")
        driver.find_element(By.ID, "compare").click()
        page.new_frame("push's GL frame", bubbled)
        page.wait("the software frame beside it", lambda: page.js(
            "return document.getElementById('frame-software').dataset.hash || null") is not None)
        page.wait("the PSNR between the renderers", lambda: re.search(
            r"PSNR (\d+\.\d+ dB|∞)", page.js("return document.getElementById('psnr').textContent")))
        check(page.js("return document.getElementById('param-direction').tagName") == "SELECT",
              "push's direction (a choice) is not a list")
        check(page.js("return document.getElementById('param-dim').type") == "range", "push's dim is not a slider")

        # Early in the move (both screens in view) for the screenshot, and the command for it.
        software = page.js("return document.getElementById('frame-software').dataset.hash")
        scrubber.send_keys(Keys.HOME, Keys.ARROW_RIGHT * 7)
        page.scrubbed_frame("push early in the move")
        page.wait("the software frame early in the move", lambda: page.js(
            "return document.getElementById('frame-software').dataset.hash") != software)
        if screenshot:
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            check(driver.save_screenshot(screenshot), f"could not write {screenshot}")
        driver.find_element(By.ID, "copy").click()
        page.wait("the copied command", lambda: page.js(
            "return document.getElementById('command').textContent").startswith("segue render push "))

        # magic-move: the moving elements outlined over the frame (its plan's pairs), gone when unticked.
        driver.find_element(By.ID, "compare").click()
        before = page.frame_hash()
        Select(driver.find_element(By.ID, "effect")).select_by_value("magic-move")
        page.new_frame("magic-move's frame", before)
        page.wait("the element outlines", lambda: page.js(
            "const s = document.getElementById('outlines'); return !s.hidden && s.querySelectorAll('rect').length >= 4"))
        names = page.js("return [...document.querySelectorAll('#outlines title')].map(t => t.textContent)")
        check("photo moves" in names, f"the outlines do not name the moving photo: {names}")
        driver.find_element(By.ID, "show-outlines").click()
        page.wait("the outlines hidden", lambda: page.js("return document.getElementById('outlines').hidden"))

        # No script error on the way (failed requests, such as the broken shader's 422, are expected).
        errors = [entry["message"] for entry in driver.get_log("browser")
                  if entry["level"] == "SEVERE" and "Failed to load resource" not in entry["message"]]
        check(not errors, f"the page logged errors: {errors}")
        driver.quit()
        driver = None
        server.interrupt()
    except Exception:
        sys.stderr.write(f"--- segue serve stderr (last 2000 characters) ---\n{server.stderr()}\n")
        raise
    finally:
        if driver is not None:
            driver.quit()
        server.kill()
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("segue", help="the segue binary (a debug build is fine)")
    parser.add_argument("--screenshot", help="save a PNG of the page at the end here")
    args = parser.parse_args()
    started = time.monotonic()
    try:
        run(args.segue, args.screenshot)
    except Exception as error:   # Failure, or the browser/driver not starting: a failed test
        print(f"serve_e2e: FAILED: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(f"serve_e2e: passed in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
