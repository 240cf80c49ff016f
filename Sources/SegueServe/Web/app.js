// Segue live preview: the page asks `segue serve` for every frame it shows (GET /api/frame),
// so what the author sees is byte for byte what `segue still` and a CI render produce. It keeps
// no rendering of its own: controls become query keys (the CLI's options), and the server's
// JSON (/api/effects, /api/timing, /api/plan, /api/parity, /api/command) fills the controls.
"use strict";

const $ = (id) => document.getElementById(id);

/// One id per page load: the server drops this page's queued frames when a newer one arrives.
const clientId = Math.random().toString(36).slice(2, 10);

const state = {
  effects: [],              // /api/effects, exactly `segue list --json`
  files: { images: [], shaders: [] },
  effect: null,             // the selected row of `effects`
  params: new Map(),        // parameter name → value the author set (defaults are not sent)
  pointTarget: null,        // the point parameter a click on the frame sets
  duration: 1,              // the transition's length in seconds (from /api/plan at 1)
  frameCount: 61,
  playing: false,
  streams: new Map(),       // stream name → AbortController of its request in flight
  renders: 0,
};

// ---------------------------------------------------------------- requests

/// GET a JSON resource; a 4xx/5xx answer throws its `error` object (code, message, file, line, column).
async function getJSON(path, params, signal) {
  const url = params ? `${path}?${params}` : path;
  const response = await fetch(url, { cache: "no-store", signal });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw apiError(response, body);
  return body;
}

function apiError(response, body) {
  const error = (body && body.error) || { message: `${response.status} ${response.statusText}` };
  return Object.assign(new Error(error.message), { api: error, status: response.status });
}

/// `file:line:col: message`, as the CLI prints a shader error (the server's message usually has it already).
function describeError(error) {
  const e = error.api || { message: String(error.message || error) };
  const message = e.message || "error";
  if (e.file && e.line && !message.startsWith(`${e.file}:`)) {
    return `${e.file}:${e.line}${e.column ? `:${e.column}` : ""}: ${message}`;
  }
  return message;
}

/// Starts a request on `stream`, aborting the one still in flight there: a moved scrubber
/// makes the older frame stale (the server drops it too, by `client`).
function startStream(name) {
  const previous = state.streams.get(name);
  if (previous) previous.abort();
  const controller = new AbortController();
  state.streams.set(name, controller);
  return controller;
}

function isAbort(error) { return error && error.name === "AbortError"; }

// ---------------------------------------------------------------- query keys

/// The frame at index n of the sequence as `at` (time fraction): frame n is at n/fps seconds,
/// the last exactly at the end (Timeline's rule, docs/ARCHITECTURE.md "Conventions").
function fractionOfFrame(n) {
  if (n >= state.frameCount - 1) return 1;
  const fps = currentFPS();
  return Math.min(n / fps / state.duration, 1);
}

function currentFPS() {
  const fps = Number($("fps").value);
  return fps > 0 ? fps : 60;
}

/// The settings as the CLI's options; `at` and `backend` are added per request.
function settingsQuery() {
  const q = new URLSearchParams();
  q.set("effect", state.effect ? state.effect.name : "fade");
  const text = {
    from: $("from").value, to: $("to").value, size: $("size").value.trim(),
    fps: $("fps").value.trim(), duration: $("duration").value.trim(), timing: $("timing").value.trim(),
    scale: $("scale").value.trim(), seed: $("seed").value.trim(),
  };
  for (const [key, value] of Object.entries(text)) if (value !== "") q.set(key, value);
  if ($("fit").value !== "cover") q.set("fit", $("fit").value);
  if (q.get("scale") === "auto") q.delete("scale");
  if (q.get("seed") === "0") q.delete("seed");
  if (q.get("fps") === "60") q.delete("fps");   // the CLI's default
  for (const [name, value] of state.params) q.append("param", `${name}=${value}`);
  return q;
}

function frameQuery(at, backend) {
  const q = settingsQuery();
  q.set("at", String(at));
  if (backend !== "auto") q.set("backend", backend);
  return q;
}

function chosenBackend() {
  const backend = $("backend").value;
  return backend === "software" && !supportsSoftware() ? "auto" : backend;
}

function supportsSoftware() {
  return !state.effect || state.effect.backends.includes("software");
}

// ---------------------------------------------------------------- frames

/// FNV-1a of the PNG's bytes: tells a new picture from a repeated one (the browser test reads it).
function hashBytes(buffer) {
  const bytes = new Uint8Array(buffer);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/// Fetches one frame into `img`; resolves true when shown, false when superseded.
/// A 4xx/5xx JSON answer throws (the caller shows it over the last good frame).
async function loadFrame(stream, img, query) {
  const controller = startStream(stream);
  let response;
  for (let attempt = 0; ; attempt++) {
    response = await fetch(`/api/frame?${query}`, { cache: "no-store", signal: controller.signal });
    // 409 (or 204): the server dropped this request for another of the same client. When that
    // one was an older request that reached the server later (requests travel on parallel
    // connections), this one is still the page's latest: ask again.
    if (response.status !== 409 && response.status !== 204) break;
    if (controller.signal.aborted || attempt === 3) return false;
  }
  if (!response.ok) throw apiError(response, await response.json().catch(() => null));
  const buffer = await response.arrayBuffer();
  if (controller.signal.aborted) return false;
  const url = URL.createObjectURL(new Blob([buffer], { type: "image/png" }));
  await new Promise((resolve, reject) => {
    img.onload = resolve;
    img.onerror = () => reject(new Error("the frame is not a PNG the browser can show"));
    const old = img.src;
    img.src = url;
    if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  });
  img.dataset.hash = hashBytes(buffer);
  img.dataset.query = query.toString();
  return true;
}

/// Renders the scrubber's frame: the main view, and in comparison mode the software frame
/// beside it and the PSNR between the two renderers.
async function render() {
  const n = Number($("scrubber").value);
  const at = fractionOfFrame(n);
  updatePosition(n);
  drawTiming();
  const compare = $("compare").checked && supportsSoftware();
  history.replaceState(null, "", `?${frameQuery(at, chosenBackend())}`);
  const started = performance.now();
  setStatus("rendering…");
  $("frame-caption").textContent = compare ? "gl" : "";
  const jobs = [showMain(at, compare ? "gl" : chosenBackend()), showOutlines(at)];
  if (compare) jobs.push(showSoftware(at), showParity(at));
  const [shown] = await Promise.all(jobs);
  if (shown) {
    state.renders += 1;
    $("frame").dataset.renders = String(state.renders);
    setStatus(`${Math.round(performance.now() - started)} ms`);
  }
  return shown;
}

async function showMain(at, backend) {
  const query = frameQuery(at, backend);
  query.set("client", `${clientId}-main`);
  try {
    const shown = await loadFrame("main", $("frame"), query);
    if (shown) hideError();
    return shown;
  } catch (error) {
    if (isAbort(error)) return false;
    showError(error);
    return false;
  }
}

/// The elements of a magic move at this frame (its plan's `pair` commands): each one's old
/// image outlined solid and its new one dashed, over the frame, in canvas pixels.
async function showOutlines(at) {
  const svg = $("outlines");
  const controller = startStream("outlines");
  if (!$("show-outlines").checked || !state.effect || state.effect.name !== "magic-move") {
    svg.hidden = true;
    return true;
  }
  try {
    const plan = await getJSON("/api/plan", frameQuery(at, "auto"), controller.signal);
    const img = $("frame");
    svg.setAttribute("viewBox", `0 0 ${plan.size.width} ${plan.size.height}`);
    svg.setAttribute("width", String(img.clientWidth));
    svg.setAttribute("height", String(img.clientHeight));
    const shapes = [];
    for (const command of plan.commands) {
      if (command.op !== "pair") continue;
      for (const [layer, kind] of [[command.first, "old"], [command.second, "new"]]) {
        if (layer.opacity <= 0) continue;
        const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        const f = layer.frame;
        rect.setAttribute("x", f.x); rect.setAttribute("y", f.y);
        rect.setAttribute("width", f.width); rect.setAttribute("height", f.height);
        rect.setAttribute("class", kind);
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.textContent = command.name;
        rect.append(title);
        shapes.push(rect);
      }
    }
    svg.replaceChildren(...shapes);
    svg.hidden = shapes.length === 0;
  } catch (error) {
    if (!isAbort(error)) svg.hidden = true;
  }
  return true;
}

async function showSoftware(at) {
  const query = frameQuery(at, "software");
  query.set("client", `${clientId}-software`);
  try {
    return await loadFrame("software", $("frame-software"), query);
  } catch (error) {
    if (!isAbort(error)) showError(error);
    return false;
  }
}

async function showParity(at) {
  const controller = startStream("parity");
  try {
    const query = frameQuery(at, "auto");
    query.set("client", `${clientId}-main`);
    const parity = await getJSON("/api/parity", query, controller.signal);
    const psnr = parity.psnr === "inf" ? "∞ (identical)" : `${Number(parity.psnr).toFixed(2)} dB`;
    $("psnr").textContent = `GL vs software: PSNR ${psnr}, largest channel difference ${parity.maxDifference}`;
  } catch (error) {
    if (!isAbort(error)) $("psnr").textContent = `parity: ${describeError(error)}`;
  }
  return true;
}

function showError(error) {
  const box = $("error");
  // The compiler's messages come joined by " | ": one a line.
  box.textContent = describeError(error).split(" | ").join("\n");
  box.hidden = false;
  document.body.dataset.error = "true";
  setStatus("error");
}

function hideError() {
  $("error").hidden = true;
  delete document.body.dataset.error;
}

function setStatus(text) { $("status").textContent = text; }

function updatePosition(n) {
  const at = fractionOfFrame(n);
  $("position").textContent =
    `frame ${n}/${state.frameCount - 1} · ${(at * state.duration).toFixed(3)} s · at ${at.toFixed(3)}`;
}

// ---------------------------------------------------------------- playback

/// Plays at the transition's real speed: each step shows the frame due at the current clock
/// time, so a slow render skips frames instead of slowing the clock down.
async function play() {
  if (state.playing) { stop(); return; }
  const scrubber = $("scrubber");
  if (Number(scrubber.value) >= state.frameCount - 1) scrubber.value = "0";
  state.playing = true;
  $("play").textContent = "❚❚";
  $("play").setAttribute("aria-label", "Pause");
  const fps = currentFPS();
  const origin = performance.now() - (Number(scrubber.value) / fps) * 1000;
  while (state.playing) {
    const due = Math.min(Math.floor(((performance.now() - origin) / 1000) * fps), state.frameCount - 1);
    scrubber.value = String(due);
    await render();
    if (due >= state.frameCount - 1) break;
    const next = origin + ((due + 1) / fps) * 1000;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  stop();
}

function stop() {
  state.playing = false;
  $("play").textContent = "▶";
  $("play").setAttribute("aria-label", "Play");
}

/// The length and frame count follow the effect, timing and duration: /api/plan at 1 says
/// the time of the last frame, which is the length (a spring's settling time included).
async function refreshLength() {
  const query = settingsQuery();
  query.set("at", "1");
  try {
    const plan = await getJSON("/api/plan", query, startStream("plan").signal);
    if (plan && plan.time > 0) state.duration = plan.time;
  } catch (error) {
    if (isAbort(error)) return;
    state.duration = Number($("duration").value) || (state.effect ? state.effect.duration : 1);
  }
  const scrubber = $("scrubber");
  const fraction = Number(scrubber.value) / Math.max(1, state.frameCount - 1);
  state.frameCount = Math.round(state.duration * currentFPS()) + 1;
  scrubber.max = String(state.frameCount - 1);
  scrubber.value = String(Math.round(fraction * (state.frameCount - 1)));
}

// ---------------------------------------------------------------- timing curve

let timingCurve = null;   // the last /api/timing answer

async function refreshTiming() {
  const field = $("timing");
  const spec = field.value.trim() || (state.effect ? state.effect.timing : "linear");
  // The curve over the effect's own length (or the one typed): a spring settles in its own.
  const duration = Number($("duration").value) || (state.effect ? state.effect.duration : 1);
  const query = new URLSearchParams({ spec, samples: "120", duration: String(duration) });
  try {
    timingCurve = await getJSON("/api/timing", query, startStream("timing").signal);
    field.classList.remove("invalid");
    $("timing-description").textContent =
      `${timingCurve.description || timingCurve.spec} · ${Number(timingCurve.duration).toFixed(3)} s`;
    $("timing-constants").textContent = timingCurve.constants || "";
  } catch (error) {
    if (isAbort(error)) return;
    timingCurve = null;
    field.classList.add("invalid");
    $("timing-description").textContent = describeError(error);
    $("timing-constants").textContent = "";
  }
  drawTiming();
}

/// The curve's value against its input (progress for Béziers, seconds for springs), the 0 and
/// 1 levels dashed, and a marker at the frame on screen.
function drawTiming() {
  const canvas = $("timing-plot");
  const g = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height, pad = 12;
  g.clearRect(0, 0, w, h);
  if (!timingCurve || !timingCurve.points || timingCurve.points.length < 2) return;
  const points = timingCurve.points;
  const t0 = points[0].t, t1 = points[points.length - 1].t;
  let lo = 0, hi = 1;
  for (const p of points) { lo = Math.min(lo, p.value); hi = Math.max(hi, p.value); }
  const x = (t) => pad + ((t - t0) / (t1 - t0 || 1)) * (w - 2 * pad);
  const y = (v) => h - pad - ((v - lo) / (hi - lo || 1)) * (h - 2 * pad);
  g.strokeStyle = "#8884";
  g.setLineDash([4, 4]);
  for (const level of [0, 1]) { g.beginPath(); g.moveTo(pad, y(level)); g.lineTo(w - pad, y(level)); g.stroke(); }
  g.setLineDash([]);
  g.strokeStyle = "#3b82f6";
  g.lineWidth = 2;
  g.beginPath();
  points.forEach((p, i) => (i ? g.lineTo(x(p.t), y(p.value)) : g.moveTo(x(p.t), y(p.value))));
  g.stroke();
  // The frame on screen: its time fraction along the plotted input.
  const at = fractionOfFrame(Number($("scrubber").value));
  const tx = x(t0 + at * (t1 - t0));
  g.strokeStyle = "#f97316";
  g.lineWidth = 1;
  g.beginPath(); g.moveTo(tx, pad / 2); g.lineTo(tx, h - pad / 2); g.stroke();
}

// ---------------------------------------------------------------- parameter controls

/// Builds one control per parameter declaration of /api/effects (`type` as `segue list` writes it).
function buildParameters() {
  const box = $("params");
  box.replaceChildren();
  state.pointTarget = null;
  const parameters = state.effect ? state.effect.parameters : [];
  if (parameters.length === 0) {
    box.append(Object.assign(document.createElement("p"), { className: "summary", textContent: "No parameters." }));
  }
  for (const p of parameters) {
    const row = document.createElement("div");
    row.className = "param";
    const label = document.createElement("label");
    label.textContent = p.name;
    label.title = p.summary;
    const control = parameterControl(p);
    control.id = `param-${p.name}`;
    control.name = p.name;
    control.title = `${p.summary} (${p.type}; default ${p.default || "none"})`;
    label.htmlFor = control.id;
    row.append(label, control);
    if (control.companion) row.append(control.companion);
    box.append(row);
  }
  updatePointHint();
}

function parameterControl(p) {
  const value = state.params.has(p.name) ? state.params.get(p.name) : p.default;
  const type = p.type;
  const number = /^number (-?[\d.]+)…(-?[\d.]+)$/.exec(type);
  if (number) return slider(p, value, Number(number[1]), Number(number[2]));
  if (type.includes("|")) return select(p, value, type.split("|"));
  if (type === "color") return colorInput(p, value);
  if (type.startsWith("point")) return pointInput(p, value);
  if (type.endsWith("image file")) return select(p, value, ["", ...state.files.images], "built-in");
  if (type === "bool") return select(p, value, ["true", "false"]);
  const input = textInput(p, value);
  if (type === "float" || type === "int") { input.type = "number"; input.step = type === "int" ? "1" : "any"; }
  return input;
}

/// A parameter's value changed: kept only while it differs from the declared default.
function setParameter(p, value) {
  if (value === p.default) state.params.delete(p.name); else state.params.set(p.name, value);
  render();
}

function slider(p, value, lo, hi) {
  const input = document.createElement("input");
  input.type = "range";
  input.min = String(lo);
  input.max = String(hi);
  input.step = String((hi - lo) / 1000);
  input.value = value;
  const readout = document.createElement("output");
  readout.textContent = value;
  input.companion = readout;
  input.addEventListener("input", () => {
    const v = String(Number(input.value));
    readout.textContent = v;
    setParameter(p, v);
  });
  return input;
}

function select(p, value, options, emptyLabel) {
  const input = document.createElement("select");
  for (const option of options) input.append(new Option(option === "" ? emptyLabel : option, option));
  if (!options.includes(value)) input.append(new Option(value, value));
  input.value = value;
  input.addEventListener("change", () => setParameter(p, input.value));
  return input;
}

function colorInput(p, value) {
  const input = document.createElement("input");
  input.type = "color";
  input.value = /^#[0-9a-f]{6}/i.test(value) ? value.slice(0, 7) : "#ffffff";
  input.addEventListener("input", () => setParameter(p, input.value));
  return input;
}

function textInput(p, value) {
  const input = document.createElement("input");
  input.type = "text";
  input.spellcheck = false;
  input.value = value;
  input.addEventListener("change", () => setParameter(p, input.value.trim()));
  return input;
}

/// A point in points (pt), typed or picked by clicking on the frame; "auto" is the effect's own.
function pointInput(p, value) {
  const input = textInput(p, value);
  input.classList.add("point");
  input.addEventListener("focus", () => { state.pointTarget = p; updatePointHint(); });
  if (!state.pointTarget) state.pointTarget = p;
  return input;
}

function updatePointHint() {
  const p = state.pointTarget;
  $("point-hint").hidden = !p;
  $("frame").classList.toggle("pickable", Boolean(p));
  if (p) $("point-target").textContent = p.name;
}

/// `--scale auto` for a canvas of this size (DeviceScale.inferred: 3 for an iPhone at 3×, 2 at 2×
/// or an iPad, else 1), or the scale typed in.
function pointsPerPixel(width, height) {
  const typed = Number($("scale").value);
  if (typed > 0) return 1 / typed;
  const side = Math.min(width, height);
  const phone = (s) => s >= 320 && s <= 440, pad = (s) => s >= 744 && s <= 1032;
  if (phone(side / 3)) return 1 / 3;
  if (phone(side / 2) || pad(side / 2)) return 1 / 2;
  return 1;
}

function pickPoint(event) {
  const p = state.pointTarget, img = $("frame");
  if (!p || !img.naturalWidth) return;
  const px = (event.offsetX / img.clientWidth) * img.naturalWidth;
  const py = (event.offsetY / img.clientHeight) * img.naturalHeight;
  const k = pointsPerPixel(img.naturalWidth, img.naturalHeight);
  const value = `${Math.round(px * k)},${Math.round(py * k)}`;
  const input = $(`param-${p.name}`);
  if (input) input.value = value;
  setParameter(p, value);
}

// ---------------------------------------------------------------- effects, files, snapshots

async function loadCatalog() {
  const [effects, files] = await Promise.all([getJSON("/api/effects"), getJSON("/api/files")]);
  state.effects = effects;
  state.files = { images: files.images || [], shaders: files.shaders || [] };
  const picker = $("effect");
  const current = state.effect ? state.effect.name : (new URLSearchParams(location.search).get("effect") || "");
  picker.replaceChildren();
  const builtins = document.createElement("optgroup");
  builtins.label = "Built-in";
  const shaders = document.createElement("optgroup");
  shaders.label = "Shaders (GL only)";
  for (const e of effects) {
    (e.backends.includes("software") ? builtins : shaders).append(new Option(e.name, e.name));
  }
  // A served file that no longer loads leaves the list; the page stays on it, so that its frame
  // request shows why (the error over the last good frame) until the file is fixed.
  let chosen = effects.find((e) => e.name === current);
  if (!chosen && state.effect && state.effect.name === current) {
    chosen = state.effect;
    shaders.append(new Option(`${current} (does not load)`, current));
  }
  picker.append(builtins);
  if (shaders.children.length) picker.append(shaders);
  chosen = chosen || effects[0];
  picker.value = chosen ? chosen.name : "";
  fillSnapshots();
  return chosen;
}

function fillSnapshots() {
  for (const [id, sample] of [["from", "built-in list screen"], ["to", "built-in detail screen"]]) {
    const picker = $(id);
    const current = picker.value;
    picker.replaceChildren(new Option(sample, ""));
    for (const image of state.files.images) picker.append(new Option(image, image));
    picker.value = state.files.images.includes(current) ? current : "";
  }
}

/// A new effect (or a reloaded declaration of the same one): new controls, keeping the values
/// the author set that the effect still declares.
function selectEffect(effect, keepValues) {
  const sameEffect = state.effect && effect && state.effect.name === effect.name;
  state.effect = effect || null;
  if (!keepValues || !sameEffect) state.params.clear();
  const declared = new Set((effect ? effect.parameters : []).map((p) => p.name));
  for (const name of [...state.params.keys()]) if (!declared.has(name)) state.params.delete(name);
  // A shader's summary names its file by full path: the file name says enough here.
  $("effect-summary").textContent = effect ? effect.summary.replace(/\/(?:[^\s/]+\/)+([^\s/]+)/g, "$1") : "";
  const software = supportsSoftware();
  $("backend").querySelector('option[value="software"]').disabled = !software;
  if (!software && $("backend").value === "software") $("backend").value = "auto";
  $("compare").disabled = !software;
  $("stage-software").hidden = !($("compare").checked && software);
  $("psnr").hidden = $("stage-software").hidden;
  $("timing").placeholder = effect ? `${effect.timing} (effect default)` : "";
  buildParameters();
}

async function effectChanged() {
  stop();
  const name = $("effect").value;
  selectEffect(state.effects.find((e) => e.name === name) || state.effect, false);
  await Promise.all([refreshLength(), refreshTiming()]);
  await render();
}

/// A served file changed on disk (/api/events): re-read the declarations and files, then
/// re-render the frame on screen.
async function reload() {
  try {
    const chosen = await loadCatalog();
    selectEffect(chosen, true);
    await refreshLength();
  } catch (error) {
    if (!isAbort(error)) showError(error);
  }
  await render();
}

function listenForChanges() {
  const events = new EventSource("/api/events");
  events.addEventListener("change", (event) => {
    let file = "";
    try { file = JSON.parse(event.data).file || ""; } catch { /* a change without a name */ }
    setStatus(`changed: ${file}`);
    reload();
  });
  events.addEventListener("open", () => { document.body.dataset.live = "true"; });
  events.addEventListener("error", () => { delete document.body.dataset.live; });
}

// ---------------------------------------------------------------- copy command

async function copyCommand() {
  const query = frameQuery(fractionOfFrame(Number($("scrubber").value)), chosenBackend());
  try {
    const command = await getJSON("/api/command", query);
    $("command").textContent =
      `${command.render}\n\n${command.still}\n\n${JSON.stringify(command.spec, null, 2)}`;
    await writeClipboard(command.render);
    setStatus("command copied");
  } catch (error) {
    $("command").textContent = describeError(error);
  }
}

/// The clipboard API where the page is a secure context (localhost is), else a selection copy.
async function writeClipboard(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = Object.assign(document.createElement("textarea"), { value: text });
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

// ---------------------------------------------------------------- wiring

function debounce(fn, ms) {
  let timer = 0;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

async function lengthChanged() {
  refreshTiming();
  await refreshLength();
  await render();
}

/// The page's settings live in its address (`?effect=…&timing=…&param=…&at=…`, the query keys
/// of /api/frame), so a reload or a shared link shows the same frame.
function restoreSettings(address) {
  for (const id of ["from", "to", "size", "fps", "duration", "timing", "fit", "scale", "seed", "backend"]) {
    if (!address.has(id)) continue;
    const field = $(id), value = address.get(id);
    if (field.tagName === "SELECT" && ![...field.options].some((o) => o.value === value)) continue;
    field.value = value;
  }
}

async function start() {
  $("scrubber").addEventListener("input", () => { stop(); render(); });
  $("play").addEventListener("click", play);
  $("effect").addEventListener("change", effectChanged);
  $("frame").addEventListener("click", pickPoint);
  $("copy").addEventListener("click", copyCommand);
  $("timing").addEventListener("input", debounce(() => { refreshTiming(); lengthChanged(); }, 350));
  for (const id of ["duration", "fps"]) $(id).addEventListener("change", lengthChanged);
  for (const id of ["from", "to", "fit", "scale", "seed", "size", "backend"]) $(id).addEventListener("change", () => render());
  $("compare").addEventListener("change", () => { selectEffect(state.effect, true); render(); });
  $("show-outlines").addEventListener("change", () => render());
  try {
    const address = new URLSearchParams(location.search);
    const chosen = await loadCatalog();
    restoreSettings(address);
    selectEffect(chosen, false);
    for (const pair of address.getAll("param")) {
      const cut = pair.indexOf("=");
      if (cut > 0) state.params.set(pair.slice(0, cut), pair.slice(cut + 1));
    }
    buildParameters();
    await Promise.all([refreshLength(), refreshTiming()]);
    const at = address.has("at") ? Number(address.get("at")) : 0.5;
    $("scrubber").value = String(Math.round(Math.min(Math.max(at, 0), 1) * (state.frameCount - 1)));
    await render();
  } catch (error) {
    showError(error);
  }
  listenForChanges();
  document.body.dataset.ready = "true";
}

start();
