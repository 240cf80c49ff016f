#!/usr/bin/env python3
"""An App Store app preview built end to end, and checked from the outside (issue 27).

    .build/browser-venv/bin/python Tests/app_preview_e2e.py .build/release/segue [--keep DIR]
    (make test-app-preview: the release binary, numpy and Pillow from the Makefile's test venv)

The production. An iOS developer's material, generated here in a temporary folder: two screen
recordings (886x1920 and 1080x1920 at 30 fps, H.264 tagged BT.709, with stereo AAC sound: a
440 Hz tone at 44.1 kHz and a 660 Hz tone at 48 kHz, as phones record, louder on the left) made
from ffmpeg's moving test sources (testsrc2, testsrc), and two 1179x2556 Display P3 screenshots
(PNG with an embedded Display P3 ICC profile written here from the SMPTE EG 432-1 primaries):
flat patches of saturated P3 colours, a distinctive "avatar" (four flat quadrants and a white
disc) at a known rectangle in points on the first, the same picture as the hero band of the
second. The storyboard is recording -> push -> screenshot -> zoom (snapshot zoom from the
avatar's rectangle into the hero band) -> screenshot -> card -> recording, 886x1920 at 30 fps,
15.5 s, rendered with `segue sequence SPEC --profile app-store` (Apple, App Store Connect Help,
"App preview specifications": H.264 High, level 4.0 at most, at most 30 fps, 15-30 s, stereo
AAC 256 kb/s at 44.1 or 48 kHz, 886x1920 for the 5.8-6.9-inch iPhones).

What is checked, each check one line with its figure:
  * ffprobe (FFmpeg's ffprobe documentation): h264, profile High, level <= 4.0, yuv420p,
    progressive, 886x1920, 30/1 both avg_frame_rate and r_frame_rate, the frame count of the
    dry run, 15-30 s, the two streams ending together, the colour tags docs/IO.md names (matrix
    bt709, primaries bt709: the working space is sRGB because the recordings count as sRGB,
    transfer iec61966-2-1, range tv), and the index at the front (moov before mdat: Segue's MP4
    files are written with +faststart). Rates, second by second from the packets' sizes, since
    x264 and the AAC encoder spend only what the material needs (a held screenshot is skipped
    blocks, silence nearly nothing): the video at most 12 Mbps in every second and on average,
    and 10-12 Mbps in the first recording's busiest second; the sound AAC-LC stereo at 48 kHz,
    256 kb/s +-15 % over the whole seconds that carry a tone.
  * the sound: the 440 Hz tone under the first recording, the 660 Hz one under the last, the
    first recording's louder left channel kept, silence under the two screenshots' own frames.
  * the timeline: `segue sequence --dry-run --json` against the arithmetic of docs/TIMELINES.md
    (clip frames round(d*fps), a cut round(D*fps) frames, overlapping its neighbours).
  * colours: the patches on held screenshot frames, decoded by ffmpeg to rgb24 with the
    stream's matrix and range, against LittleCMS (Pillow's ImageCms) converting the patch's
    Display P3 numbers to sRGB; the mean of every channel within 3 levels (measured: 1 at worst).
  * the zoom: its first frame (progress 0) is the outgoing screenshot's own frame, with the
    avatar where its rectangle in points times the scale Segue infers (3 x 886/1179) puts it;
    its first drawn frame against a model of Zoom's `frame` style at that frame's eased
    progress (the avatar's aspect-fill crop moving from that rectangle to the hero band over
    the two screens' cross-dissolve): PSNR over the moving image, with the same model drawn at
    scale 3 (a scale not fitted to the canvas) printed beside it to show the margin.
  * no pop: at each of the three cuts, the step from the frame before the transition to its
    first frame is no larger than the outgoing clip's own frame-to-frame motion, measured on
    its two previous steps (1.25x + 0.5 level of coding noise); the step from the transition's
    last frame to the incoming clip's first is no larger than the larger of the incoming clip's
    own motion (its next two steps) and the transition's own last step; the screenshots' held
    frames do not change (first, middle and last own frame of each hold).
Measured on a shared 2-core machine: 20-45 s in all, the render 10-28 s. What a wrong preview
scores here (the spec changed, checked by hand): the zoom given `scale: 1` reads 8 dB on the
moving image (36.6 dB as rendered) and 22 dB on the whole frame; `card` with `end=card` (the
resting card left inset at the cut) steps 35.7 levels out of the cut after a last step of 16
(7.1 as rendered).
Any failed check, error, or missing dependency exits 1 (never skips); the temporary folder is
removed on every exit path (--keep DIR copies the inputs, spec and preview there first).
"""

import argparse
import io
import json
import math
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
    from PIL import Image, ImageCms, ImageDraw
except ImportError as error:  # never skip: the Makefile's test venv has them
    sys.exit(f"app_preview_e2e: {error}; run `make test-deps` (numpy and Pillow in .build/browser-venv)")

W, H, FPS = 886, 1920, 30
SHOT_W, SHOT_H = 1179, 2556          # an iPhone 6.1-inch screenshot, 3 px per point
PT = 3                                # pixels per point of the screenshots
SCALE = 3 * W / SHOT_W               # what `scale auto` infers: 3 x the cover fit's 886/1179
COLOUR_TOLERANCE = 3.0               # levels, mean of a patch channel, against LittleCMS
NOISE = 0.5                          # levels of coding noise allowed on a frame-to-frame step

# Storyboard (seconds): recording, push, screenshot, zoom, screenshot, card, recording.
REC1_SECONDS, SHOT1_SECONDS, SHOT2_SECONDS, REC2_SECONDS, REC2_START = 5.5, 2.5, 2.5, 6.6, 0.3
CUTS = [("push", 0.5), ("zoom", 0.6), ("card", 0.5)]

# The avatar on the first screenshot and the hero band on the second, in points.
AVATAR = (40.0, 132.0, 96.0, 96.0)
HERO = (0.0, 96.0, 393.0, 240.0)
AVATAR_COLOURS = [(250, 200, 40), (40, 110, 235), (235, 50, 120), (50, 205, 120)]  # TL, TR, BL, BR
BACKGROUND = (242, 242, 247)
# Flat patches, Display P3 numbers: strong colours, a few past sRGB (clipped by the conversion).
PATCHES_1 = [(200, 60, 40), (60, 180, 70), (50, 70, 210), (230, 200, 60),
             (180, 70, 190), (60, 190, 200), (128, 128, 128), (240, 150, 70)]
PATCHES_2 = [(30, 235, 40), (220, 40, 40), (90, 90, 230), (250, 240, 100),
             (20, 20, 20), (235, 235, 235), (140, 60, 30), (40, 160, 140)]


class CheckFailed(Exception):
    pass


failures = []


def check(name, ok, figure):
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {figure}", flush=True)
    if not ok:
        failures.append(name)


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, **kwargs)
    if result.returncode != 0:
        raise CheckFailed(f"{' '.join(map(str, args[:3]))} … exited {result.returncode}: "
                          f"{result.stderr.decode(errors='replace').strip()[-2000:]}")
    return result


# --- Display P3 ICC profile (ICC.1 v2.4 matrix/TRC), written from the primaries ------------------

def display_p3_icc():
    """Display P3: SMPTE EG 432-1 primaries, D65 white, the sRGB curve (IEC 61966-2-1) as a
    parametric curve; colorants adapted to the D50 PCS with Bradford, as ICC.1 asks."""
    def xyz(x, y):
        return np.array([x / y, 1.0, (1 - x - y) / y])
    white = xyz(0.3127, 0.3290)
    primaries = np.column_stack([xyz(0.680, 0.320), xyz(0.265, 0.690), xyz(0.150, 0.060)])
    matrix = primaries * np.linalg.solve(primaries, white)
    bradford = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])
    d50 = np.array([0.9642, 1.0, 0.8249])
    adapt = np.linalg.inv(bradford) @ np.diag((bradford @ d50) / (bradford @ white)) @ bradford
    colorants = adapt @ matrix

    def s15(v):
        return struct.pack(">i", round(v * 65536))

    def xyz_tag(v):
        return b"XYZ \0\0\0\0" + b"".join(s15(c) for c in v)
    curve = b"para\0\0\0\0" + struct.pack(">HH", 3, 0) + b"".join(
        s15(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045))
    name = b"Display P3 (Segue app preview test)"
    desc = b"desc\0\0\0\0" + struct.pack(">I", len(name) + 1) + name + b"\0" + b"\0" * 8 + b"\0" * 70
    tags = [(b"desc", desc), (b"cprt", b"text\0\0\0\0No copyright\0"), (b"wtpt", xyz_tag(d50)),
            (b"rXYZ", xyz_tag(colorants[:, 0])), (b"gXYZ", xyz_tag(colorants[:, 1])), (b"bXYZ", xyz_tag(colorants[:, 2])),
            (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    start = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for signature, body in tags:
        data += b"\0" * (-(start + len(data)) % 4)
        table += signature + struct.pack(">II", start + len(data), len(body))
        data += body
    data += b"\0" * (-len(data) % 4)
    header = (struct.pack(">I", start + len(data)) + b"\0" * 4 + struct.pack(">I", 0x02400000) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2025, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 24 + struct.pack(">I", 0)
              + b"".join(s15(c) for c in d50) + b"\0" * 48)
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


# --- Inputs ---------------------------------------------------------------------------------

def avatar_image(width, height):
    """The avatar's picture at a size: four flat quadrants and a white disc in the middle."""
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    hx, hy = width // 2, height // 2
    for (x0, y0, x1, y1), colour in zip([(0, 0, hx, hy), (hx, 0, width, hy), (0, hy, hx, height), (hx, hy, width, height)],
                                        AVATAR_COLOURS):
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=colour)
    r = min(width, height) * 0.18
    draw.ellipse((hx - r, hy - r, hx + r, hy + r), fill=(255, 255, 255))
    return image


def patch_rects(index):
    """Patch i's rectangle in points: two columns of four, 150x100 pt."""
    return (30 + (index % 2) * 183, 400 + (index // 2) * 115, 150, 100)


def px(rect, scale=PT):
    return tuple(v * scale for v in rect)


def screenshot(path, patches, avatar_rect, hero_rect, icc):
    image = Image.new("RGB", (SHOT_W, SHOT_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, SHOT_W - 1, 47 * PT - 1), fill=(250, 250, 252))      # status bar
    for i, colour in enumerate(patches):
        x, y, w, h = px(patch_rects(i))
        draw.rectangle((x, y, x + w - 1, y + h - 1), fill=colour)
    for rect in [avatar_rect, hero_rect]:
        if rect:
            x, y, w, h = map(round, px(rect))
            # The square picture, aspect-filled into the rectangle (as an image view shows it).
            side = max(w, h)
            picture = avatar_image(side, side).crop(((side - w) // 2, (side - h) // 2, (side - w) // 2 + w, (side - h) // 2 + h))
            image.paste(picture, (x, y))
    image.save(path, icc_profile=icc)


def recording(path, source, size, seconds, tone, sample_rate):
    """A screen recording: a moving test source, BT.709 H.264, stereo AAC (the left channel
    twice as loud as the right)."""
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"{source}=s={size}:r={FPS}:d={seconds}",
         "-f", "lavfi", "-i", f"aevalsrc=0.5*sin(2*PI*{tone}*t)|0.25*sin(2*PI*{tone}*t):s={sample_rate}:d={seconds}",
         "-vf", "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
         "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
         "-c:v", "libx264", "-preset", "ultrafast", "-crf", "16", "-c:a", "aac", "-b:a", "160k", path])


# --- Reading the preview ----------------------------------------------------------------------

def probe(path):
    return json.loads(run(["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json", path]).stdout)


def rate_per_second(path, stream, duration):
    """Bits per second of the file's `stream`, second by second, from its packets."""
    rows = run(["ffprobe", "-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time,size",
                "-of", "csv=p=0", path]).stdout.decode().split()
    seconds = [0] * math.ceil(duration)
    for row in rows:
        t, size = row.split(",")[:2]
        seconds[min(int(float(t)), len(seconds) - 1)] += int(size) * 8
    return seconds


def top_level_boxes(path):
    boxes = []
    with open(path, "rb") as f:
        while True:
            head = f.read(8)
            if len(head) < 8:
                return boxes
            size, kind = struct.unpack(">I4s", head)
            if size == 1:
                size = struct.unpack(">Q", f.read(8))[0] - 8
            boxes.append(kind.decode("latin-1"))
            if size == 0:
                return boxes
            f.seek(size - 8, 1)


def frames(path, indices, matrix, colour_range):
    """The frames at `indices` (decoded once, only those converted), as H×W×3 uint8 arrays, RGB
    from ffmpeg's swscale with the stream's matrix and range."""
    wanted = sorted(set(indices))
    select = "+".join(f"eq(n\\,{n})" for n in wanted)
    out = run(["ffmpeg", "-v", "error", "-i", path, "-an",
               "-vf", f"select='{select}',scale=in_color_matrix={matrix}:in_range={colour_range}:out_range=pc"
               ":flags=accurate_rnd+full_chroma_int,format=rgb24",
               "-fps_mode", "passthrough", "-f", "rawvideo", "-"]).stdout
    size = W * H * 3
    if len(out) != size * len(wanted):
        raise CheckFailed(f"frame extraction gave {len(out) / size:.2f} frames for {len(wanted)} asked")
    return {n: np.frombuffer(out, np.uint8, size, i * size).reshape(H, W, 3) for i, n in enumerate(wanted)}


def mad(a, b):
    """Mean absolute difference of two frames, in levels."""
    return float(np.abs(a.astype(np.int16) - b.astype(np.int16)).mean())


def psnr(a, b):
    mse = float(((a.astype(np.float64) - b.astype(np.float64)) ** 2).mean())
    return 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse)


def ease_out(t):
    """Core Animation's easeOut, cubic-bezier(0, 0, 0.58, 1) (CAMediaTimingFunction)."""
    def bezier(s, p1, p2):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if bezier(mid, 0, 0.58) < t else (lo, mid)
    return bezier((lo + hi) / 2, 0, 1)


def aspect_fill_crop(rect, aspect):
    """Rect.aspectFillCrop (SegueCore): the centred part of `rect` with the given aspect."""
    x, y, w, h = rect
    if w / h > aspect:
        cw = h * aspect
        return (x + (w - cw) / 2, y, cw, h)
    ch = w / aspect
    return (x, y + (h - ch) / 2, w, ch)


def zoom_model(before, after, e, scale):
    """Zoom's `frame` style at eased progress e (Sources/SegueEffects/Builtin/Zoom.swift): the
    screens cross-dissolved, over them the moving rectangle lerp(source, destination, e) showing
    the source's aspect-fill crop, and over that the destination's at opacity e (radius 0)."""
    src = px(AVATAR, scale)
    dst = px(HERO, scale)
    moving = tuple(a + (b - a) * e for a, b in zip(src, dst))
    model = before * (1 - e) + after * e
    x, y, w, h = moving
    x0, y0, x1, y1 = round(x), round(y), round(x + w), round(y + h)

    def crop(frame, rect):
        cx, cy, cw, ch = aspect_fill_crop(rect, w / h)
        image = Image.fromarray(frame.clip(0, 255).astype(np.uint8))
        box = (max(cx, 0), max(cy, 0), min(cx + cw, W), min(cy + ch, H))
        return np.asarray(image.resize((x1 - x0, y1 - y0), Image.BILINEAR, box=box)).astype(np.float64)
    model[y0:y1, x0:x1] = crop(before, src) * (1 - e) + crop(after, dst) * e
    return model, (x0, y0, x1, y1)


# --- The test ---------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("segue", help="the segue binary (make test-app-preview passes the release build)")
    parser.add_argument("--keep", metavar="DIR", help="copy the inputs, spec and preview here before cleaning up")
    args = parser.parse_args()
    segue = os.path.abspath(args.segue)
    for tool in ["ffmpeg", "ffprobe"]:
        if not shutil.which(tool):
            raise CheckFailed(f"{tool} is not on PATH (apt-get install ffmpeg; make test-deps)")
    if not os.access(segue, os.X_OK):
        raise CheckFailed(f"{segue}: not an executable (make build)")
    encoders = run(["ffmpeg", "-hide_banner", "-encoders"]).stdout.decode()
    for encoder in ["libx264", "aac"]:
        if f" {encoder} " not in encoders:
            raise CheckFailed(f"ffmpeg has no {encoder} encoder")

    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="segue-app-preview-")
    try:
        build_and_check(segue, work)
    finally:
        if args.keep:
            shutil.copytree(work, args.keep, dirs_exist_ok=True)
        shutil.rmtree(work, ignore_errors=True)
    print(f"app preview end to end: {time.monotonic() - started:.1f} s", flush=True)


def build_and_check(segue, work):
    icc = display_p3_icc()
    p3 = ImageCms.ImageCmsProfile(io.BytesIO(icc))
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    to_srgb = ImageCms.buildTransform(p3, srgb, "RGB", "RGB", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                      flags=ImageCms.Flags.NOOPTIMIZE)

    def path(name):
        return os.path.join(work, name)
    t0 = time.monotonic()
    screenshot(path("shot1.png"), PATCHES_1, AVATAR, None, icc)
    screenshot(path("shot2.png"), PATCHES_2, None, HERO, icc)
    recording(path("rec1.mp4"), "testsrc2", "886x1920", 6, 440, 44100)
    recording(path("rec2.mp4"), "testsrc", "1080x1920", 7.5, 660, 48000)
    spec = {
        "size": f"{W}x{H}", "fps": FPS,
        "clips": [{"file": "rec1.mp4", "duration": REC1_SECONDS},
                  {"file": "shot1.png", "duration": SHOT1_SECONDS},
                  {"file": "shot2.png", "duration": SHOT2_SECONDS},
                  {"file": "rec2.mp4", "start": REC2_START, "duration": REC2_SECONDS}],
        "transitions": [{"effect": "push", "duration": CUTS[0][1]},
                        {"effect": "zoom", "duration": CUTS[1][1],
                         "params": {"source": ",".join(map(str, AVATAR)), "destination": ",".join(map(str, HERO)), "radius": 0}},
                        {"effect": "card", "duration": CUTS[2][1]}],
    }
    with open(path("preview.json5"), "w") as f:
        json.dump(spec, f, indent=1)
    print(f"     inputs made in {time.monotonic() - t0:.1f} s", flush=True)

    # The timeline: Segue's dry run against docs/TIMELINES.md's arithmetic.
    dry = json.loads(run([segue, "sequence", path("preview.json5"), "--dry-run", "--json"]).stdout)
    clip_frames = [round(s * FPS) for s in (REC1_SECONDS, SHOT1_SECONDS, SHOT2_SECONDS, REC2_SECONDS)]
    cut_frames = [round(d * FPS) for _, d in CUTS]
    clip_starts = [sum(clip_frames[:i]) - sum(cut_frames[:i]) for i in range(4)]
    cut_starts = [clip_starts[i] + clip_frames[i] - cut_frames[i] for i in range(3)]
    total = sum(clip_frames) - sum(cut_frames)
    dry_view = timeline_of(dry)
    expected_view = {"frames": total, "clips": list(zip(clip_starts, clip_frames)), "cuts": list(zip(cut_starts, cut_frames))}
    check("timeline (dry run = Σ clips − Σ cuts)", dry_view == expected_view,
          f"{total} frames, {total / FPS:.2f} s; cuts at frames {cut_starts} of {cut_frames}"
          + ("" if dry_view == expected_view else f"; segue says {dry_view}"))

    t0 = time.monotonic()
    render = run([segue, "sequence", path("preview.json5"), "--profile", "app-store", "--preset", "veryfast",
                  "--quiet", "-o", path("preview.mp4")])
    print(f"     rendered in {time.monotonic() - t0:.1f} s" + (f"; stderr: {render.stderr.decode().strip()}" if render.stderr else ""),
          flush=True)
    preview = path("preview.mp4")

    # ffprobe.
    info = probe(preview)
    video = [s for s in info["streams"] if s["codec_type"] == "video"]
    audio = [s for s in info["streams"] if s["codec_type"] == "audio"]
    if len(video) != 1 or len(audio) != 1:
        raise CheckFailed(f"expected one video and one audio stream, found {len(video)} and {len(audio)}")
    v, a = video[0], audio[0]
    check("video codec", v.get("codec_name") == "h264" and v.get("profile") == "High" and 0 < int(v.get("level", 0)) <= 40,
          f"{v.get('codec_name')} {v.get('profile')} level {int(v.get('level', 0)) / 10:.1f} (App Store: High, <= 4.0)")
    check("pixel format and size", (v.get("pix_fmt"), v.get("width"), v.get("height"), v.get("field_order", "progressive"))
          == ("yuv420p", W, H, "progressive"), f"{v.get('pix_fmt')} {v.get('width')}x{v.get('height')} {v.get('field_order')}")
    check("frame rate", v.get("avg_frame_rate") == "30/1" and v.get("r_frame_rate") == "30/1",
          f"avg {v.get('avg_frame_rate')}, r {v.get('r_frame_rate')}")
    duration = float(info["format"]["duration"])
    frame_count = int(v.get("nb_frames", -1))
    check("duration", 15 <= duration <= 30 and frame_count == total,
          f"{duration:.3f} s, {frame_count} frames (dry run {total}); App Store: 15-30 s")
    # Rates per second of the file, from the packets' sizes: x264 and the AAC encoder spend
    # what the picture and sound need (a held screenshot is skipped blocks, silence nearly
    # nothing), so Apple's target rates are checked where the material needs them: the video in
    # the first recording's busiest second, the sound over the seconds with a tone.
    video_per_second = rate_per_second(preview, "v:0", duration)
    audio_per_second = rate_per_second(preview, "a:0", duration)
    video_rate = int(v.get("bit_rate", 0))
    busiest = max(video_per_second[:int(clip_starts[1] / FPS)])
    check("video rate", 0 < video_rate <= 12_000_000 and 10e6 <= busiest <= 12e6 and max(video_per_second) <= 12e6,
          f"{video_rate / 1e6:.2f} Mbps average, {busiest / 1e6:.2f} Mbps in recording 1's busiest second, "
          f"{max(video_per_second) / 1e6:.2f} at most in any second (App Store: a 10-12 Mbps target)")
    sounding = [audio_per_second[i] for i in range(len(audio_per_second))
                if (i + 1) * FPS <= cut_starts[0] or (i * FPS >= cut_starts[2] + cut_frames[2] and (i + 1) * FPS <= total)]
    audio_rate = sum(sounding) / len(sounding)
    check("audio stream", (a.get("codec_name"), a.get("profile"), a.get("channels"), a.get("sample_rate")) == ("aac", "LC", 2, "48000")
          and abs(audio_rate - 256_000) <= 0.15 * 256_000,
          f"{a.get('codec_name')} {a.get('profile')} {a.get('channels')} ch {a.get('sample_rate')} Hz, {audio_rate / 1000:.0f} kb/s "
          f"over the {len(sounding)} whole seconds with sound ({int(a.get('bit_rate', 0)) / 1000:.0f} kb/s with the silence under "
          f"the screenshots); App Store: 256 kb/s +- 15 %")
    av_gap = abs(float(v.get("duration", 0)) - float(a.get("duration", 0)))
    check("streams end together", av_gap <= 1 / FPS, f"video {v.get('duration')} s, audio {a.get('duration')} s")
    tags = (v.get("color_space"), v.get("color_primaries"), v.get("color_transfer"), v.get("color_range"))
    check("colour tags", tags == ("bt709", "bt709", "iec61966-2-1", "tv"),
          "matrix %s, primaries %s, transfer %s, range %s (docs/IO.md: bt709, bt709 in sRGB, iec61966-2-1, tv)" % tags)
    boxes = top_level_boxes(preview)
    faststart = "moov" in boxes and "mdat" in boxes and boxes.index("moov") < boxes.index("mdat")
    check("faststart", faststart, f"top-level boxes {' '.join(boxes)}")

    check_sound(preview, clip_starts, clip_frames, cut_starts, cut_frames)

    # Frames: around every cut, the holds, the zoom.
    wanted = set()
    for s, n in zip(cut_starts, cut_frames):
        wanted.update(range(s - 3, s + 2))
        wanted.update(range(s + n - 2, s + n + 3))
    holds = []
    for i in (1, 2):
        first, last = cut_starts[i - 1] + cut_frames[i - 1], cut_starts[i] - 1
        holds.append((first, (first + last) // 2, last))
        wanted.update(holds[-1])
    f = frames(preview, wanted, v["color_space"], v["color_range"])

    # Colours: the held screenshots' patches against LittleCMS.
    for hold, patches in zip(holds, [PATCHES_1, PATCHES_2]):
        frame = f[hold[1]]
        source = Image.new("RGB", (len(patches), 1))
        source.putdata(patches)
        expected = np.asarray(ImageCms.applyTransform(source, to_srgb)).reshape(-1, 3).astype(np.float64)
        worst, worst_at = 0.0, None
        for i, want in enumerate(expected):
            x, y, w, h = px(patch_rects(i), SCALE)
            inner = frame[round(y + 0.2 * h):round(y + 0.8 * h), round(x + 0.2 * w):round(x + 0.8 * w)].reshape(-1, 3)
            error = np.abs(inner.mean(axis=0) - want).max()
            if error > worst:
                worst, worst_at = error, (patches[i], tuple(int(c) for c in want), tuple(round(float(c), 1) for c in inner.mean(axis=0)))
        check(f"colours, screenshot {holds.index(hold) + 1} (frame {hold[1]})", worst <= COLOUR_TOLERANCE,
              f"worst patch mean {worst:.2f} levels from LittleCMS P3→sRGB (P3 {worst_at[0]} → {worst_at[1]}, "
              f"decoded {worst_at[2]}); bound {COLOUR_TOLERANCE}")

    # The zoom.
    s, n = cut_starts[1], cut_frames[1]
    before, after = f[s - 1], f[s + n]
    ax, ay, aw, ah = px(AVATAR, SCALE)
    x0, y0, x1, y1 = round(ax) + 2, round(ay) + 2, round(ax + aw) - 2, round(ay + ah) - 2
    # The screenshot as the canvas should show it: LittleCMS's sRGB numbers, fitted (cover).
    shot = ImageCms.applyTransform(Image.open(os.path.join(work, "shot1.png")).convert("RGB"), to_srgb)
    fitted_height = SHOT_H * W / SHOT_W
    top = (fitted_height - H) / 2 * SHOT_W / W
    expected = np.asarray(shot.resize((W, H), Image.BOX, box=(0, top, SHOT_W, SHOT_H - top))).astype(np.int16)
    expected_avatar = expected[y0:y1, x0:x1]
    first = f[s]
    check("zoom, first frame", mad(first, before) <= NOISE and psnr(first[y0:y1, x0:x1], expected_avatar) >= 30,
          f"= the held screenshot within {mad(first, before):.2f} levels; the avatar at its rectangle × {SCALE:.4f} px/pt "
          f"({ax:.1f},{ay:.1f} {aw:.1f}x{ah:.1f} px): {psnr(first[y0:y1, x0:x1], expected_avatar):.1f} dB against the screenshot's "
          f"avatar through LittleCMS, fitted (>= 30 dB)")
    e = ease_out(1 / n)
    model, (mx0, my0, mx1, my1) = zoom_model(before.astype(np.float64), after.astype(np.float64), e, SCALE)
    drawn = f[s + 1]
    moving = psnr(drawn[my0:my1, mx0:mx1], model[my0:my1, mx0:mx1])
    whole = psnr(drawn, model)
    wrong, _ = zoom_model(before.astype(np.float64), after.astype(np.float64), e, 1)
    wrong_moving = psnr(drawn[my0:my1, mx0:mx1], wrong[my0:my1, mx0:mx1])
    check("zoom, first drawn frame", moving >= 30 and whole >= 30 and moving - wrong_moving >= 6,
          f"progress {1 / n:.4f}, eased {e:.4f}: moving image {mx1 - mx0}x{my1 - my0} px at ({mx0},{my0}) {moving:.1f} dB, "
          f"whole frame {whole:.1f} dB against the model (>= 30 dB); the model at scale 1 (auto's guess for a canvas of no screen's size): {wrong_moving:.1f} dB")

    # No pop.
    for c, ((effect, _), s, n) in enumerate(zip(CUTS, cut_starts, cut_frames)):
        into = mad(f[s - 1], f[s])
        own_before = max(mad(f[s - 3], f[s - 2]), mad(f[s - 2], f[s - 1]))
        out = mad(f[s + n - 1], f[s + n])
        own_after = max(mad(f[s + n], f[s + n + 1]), mad(f[s + n + 1], f[s + n + 2]))
        last_step = mad(f[s + n - 2], f[s + n - 1])
        ok_in = into <= 1.25 * own_before + NOISE
        ok_out = out <= 1.25 * max(own_after, last_step) + NOISE
        check(f"no pop at cut {c + 1} ({effect}, frames {s}-{s + n - 1})", ok_in and ok_out,
              f"into the cut {into:.2f} (clip's own steps {own_before:.2f}); out of it {out:.2f} "
              f"(incoming clip's own steps {own_after:.2f}, the transition's last step {last_step:.2f}); mean levels")
    for i, (first, middle, last) in enumerate(holds):
        steps = [mad(f[first], f[middle]), mad(f[middle], f[last])]
        check(f"screenshot {i + 1} held still (frames {first}-{last})", max(steps) <= NOISE,
              f"first→middle {steps[0]:.2f}, middle→last {steps[1]:.2f} levels (<= {NOISE})")


def timeline_of(dry):
    """The dry run's JSON in the shape the arithmetic gives: frames, (start, count) per clip and cut."""
    def frame_range(item):
        return (round(item["start"] * FPS), item["frames"])
    return {"frames": dry.get("frames"), "clips": [frame_range(c) for c in dry.get("clips", [])],
            "cuts": [frame_range(t) for t in dry.get("transitions", [])]}


def check_sound(preview, clip_starts, clip_frames, cut_starts, cut_frames):
    pcm = run(["ffmpeg", "-v", "error", "-i", preview, "-map", "0:a:0", "-f", "f32le", "-ac", "2", "-ar", "48000", "-"]).stdout
    samples = np.frombuffer(pcm, np.float32).reshape(-1, 2)

    def window(first_frame, last_frame):
        return samples[round(first_frame / FPS * 48000):round(last_frame / FPS * 48000)]

    def tone(part):
        spectrum = np.abs(np.fft.rfft(part[:, 0] * np.hanning(len(part))))
        return np.fft.rfftfreq(len(part), 1 / 48000)[spectrum.argmax()]

    def rms(part):
        return float(np.sqrt((part.astype(np.float64) ** 2).mean(axis=0)).max())
    first = window(clip_starts[0] + 15, cut_starts[0] - 15)
    last = window(cut_starts[2] + cut_frames[2] + 15, clip_starts[3] + clip_frames[3] - 15)
    still = window(cut_starts[0] + cut_frames[0] + 3, cut_starts[2] - 3)
    f1, f2 = tone(first), tone(last)
    left, right = np.sqrt((first.astype(np.float64) ** 2).mean(axis=0))
    silence = 20 * math.log10(max(rms(still), 1e-9))
    check("sound", abs(f1 - 440) <= 3 and abs(f2 - 660) <= 3 and 1.7 <= left / right <= 2.3 and silence <= -60,
          f"{f1:.1f} Hz under recording 1 (left/right {left / right:.2f}), {f2:.1f} Hz under recording 2, "
          f"{silence:.0f} dBFS under the screenshots")


def _terminate(signum, _frame):
    raise SystemExit(128 + signum)


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    try:
        main()
    except CheckFailed as error:
        print(f"app_preview_e2e: {error}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    if failures:
        print(f"app_preview_e2e: {len(failures)} check(s) failed: {', '.join(failures)}", file=sys.stderr)
        sys.exit(1)
