import Foundation
import SegueTestSupport
import Testing
import SegueCore
import SegueIO

private func segue(_ arguments: [String], environment: [String: String] = [:]) throws -> SegueProcess {
    let run = try SegueBinary.run(arguments, environment: environment)
    return SegueProcess(status: run.status, stdout: run.stdoutText, stderr: run.stderr)
}

/// A temporary folder with two small snapshots and a shader.
private final class Workspace {
    let path: String
    init() throws {
        path = TestFiles.temporaryDirectory("shader-cli")
        var from = PixelBuffer(width: 40, height: 30), to = PixelBuffer(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let i = (y * 40 + x) * 4
                from.bytes.replaceSubrange(i..<(i + 4), with: [UInt8(x * 6), UInt8(y * 8), 40, 255])
                to.bytes.replaceSubrange(i..<(i + 4), with: [200, UInt8(x * 3), UInt8(255 - y * 8), 255])
            }
        }
        try PNGCodec.write(from, to: self["from.png"])
        try PNGCodec.write(to, to: self["to.png"])
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    subscript(name: String) -> String { path + "/" + name }
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: self[name], atomically: true, encoding: .utf8)
        return self[name]
    }
    var snapshots: [String] { ["--from", self["from.png"], "--to", self["to.png"]] }
}

private let ripple = """
// Author: Segue tests
// License: MIT
uniform float amplitude; // = 0.05
uniform vec2 centre /* = vec2(0.3, 0.6) */;
float speed = 8.0 * progress;
vec4 transition(vec2 uv) {
  vec2 d = uv - centre;
  vec2 offset = normalize(d + 1e-6) * amplitude * sin(length(d) * 30.0 - speed) * 4.0 * progress * (1.0 - progress);
  return mix(getFromColor(uv + offset), getToColor(uv), smoothstep(0.2, 0.8, progress));
}
"""

@Suite(.serialized) struct ShaderCLITests {
    @Test func renderStillAndWatchGiveTheSameFrame() throws {
        let w = try Workspace()
        let shader = try w.write("ripple.glsl", ripple)
        // 1 s at 4 fps: frame 2 is at fraction 0.5.
        let render = try segue(["render", shader, "-o", w["frames"], "--fps", "4", "--duration", "1", "--quiet"] + w.snapshots)
        #expect(render.status == 0, "\(render.stderr)")
        let still = try segue(["still", shader, "--at", "0.5", "-o", w["still.png"]] + w.snapshots)
        #expect(still.status == 0, "\(still.stderr)")
        let watch = try segue(["watch", shader, "--at", "0.5", "--once", "-o", w["watch.png"]] + w.snapshots)
        #expect(watch.status == 0 && watch.stderr.contains("preview written"), "\(watch.stderr)")
        let frame = try ImageFile.load(w["frames/000002.png"])
        #expect(try ImageFile.load(w["still.png"]) == frame)
        #expect(try ImageFile.load(w["watch.png"]) == frame)
        #expect(try ImageFile.load(w["frames/000000.png"]) != frame)
        // A strip of 3 frames holds the same frame in its middle third.
        let strip = try segue(["watch", shader, "--strip", "3", "--once", "-o", w["strip.png"]] + w.snapshots)
        #expect(strip.status == 0, "\(strip.stderr)")
        let sheet = try ImageFile.load(w["strip.png"])
        #expect(sheet.width == 120 && sheet.height == 30)
        var middle: [UInt8] = []
        for row in 0..<30 {
            let start: Int = (row * 120 + 40) * 4
            middle += sheet.bytes[start..<(start + 160)]
        }
        #expect(middle == frame.bytes)
    }

    @Test func watchKeepsTheLastGoodPreviewAndPrintsUserLines() throws {
        let w = try Workspace()
        let shader = try w.write("edit.glsl", ripple)
        #expect(try segue(["watch", shader, "--once", "-o", w["p.png"]] + w.snapshots).status == 0)
        let good = try ImageFile.load(w["p.png"])
        _ = try w.write("edit.glsl", ripple.replacingOccurrences(of: "float speed = 8.0 * progress;", with: "float speed = 8.0 * progres;"))
        let broken = try segue(["watch", shader, "--once", "-o", w["p.png"]] + w.snapshots)
        #expect(broken.status == 65)
        #expect(broken.stderr.hasPrefix("\(shader):5:21: error: `progres' undeclared"), "\(broken.stderr)")
        #expect(try ImageFile.load(w["p.png"]) == good)
    }

    @Test func validatePrintsOneJSONObjectPerFile() throws {
        let w = try Workspace()
        let good = try w.write("good.glsl", ripple)
        let stuck = try w.write("stuck.glsl", "vec4 transition(vec2 uv) { return getToColor(uv); }\n")
        let all = try segue(["validate", "--json", good, stuck])
        #expect(all.status == 65, "\(all.stderr)")
        let objects = all.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 2)
        #expect(objects[0]?["pass"] as? Bool == true && objects[0]?["file"] as? String == good)
        #expect(objects[1]?["pass"] as? Bool == false && objects[1]?["format"] as? String == "gl-transition")
        let codes = (objects[1]?["messages"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(codes == ["no-author", "no-license", "endpoint"])
        #expect(try segue(["validate", good]).status == 0)
    }

    /// A compile log mixes errors and warnings (`used uninitialized`): the warnings stay
    /// warnings in `validate`, at their own lines.
    @Test func validateKeepsCompilerWarningsAsWarnings() throws {
        let w = try Workspace()
        let shader = try w.write("mixed.glsl", """
        // Author: A
        // License: MIT
        vec4 transition(vec2 uv) {
          float k;
          float m = k * 2.0;
          return mix(getFromColor(uv), getToColor(uv), progress * m + undefinedName);
        }

        """)
        let run = try segue(["validate", "--json", shader])
        #expect(run.status == 65, "\(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let messages = object?["messages"] as? [[String: Any]] ?? []
        let levels = messages.map { "\($0["level"] ?? "")" }
        let texts = messages.map { "\($0["message"] ?? "")" }
        #expect(levels.contains("error") && texts.contains { $0.contains("undefinedName") }, "\(messages)")
        #expect(!texts.contains { $0.hasPrefix("warning:") || $0.hasPrefix("error:") }, "\(messages)")
        for (level, text) in zip(levels, texts) where text.contains("uninitialized") { #expect(level == "warning", "\(text)") }
    }

    /// An endless-looking shader (llvmpipe caps loops, so a huge one stands in) ends the
    /// process at the time limit with one line, exit 124, and no temporary files left.
    @Test func perFrameTimeLimitEndsTheProcess() throws {
        let w = try Workspace()
        let shader = try w.write("slow.glsl", TestShaders.runaway)
        let start = Date()
        let run = try segue(["render", shader, "-o", w["frames"], "--time-limit", "0.5", "--size", "64x64"] + w.snapshots)
        #expect(run.status == 124)
        #expect(run.stderr == "segue: \(shader): frame 0 exceeded the per-frame time limit of 0.5 s\n")
        #expect(Date().timeIntervalSince(start) < 30)
        let left = try FileManager.default.contentsOfDirectory(atPath: w["frames"])
        #expect(left.filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func shaderFolderJoinsTheListAndOverridesByName() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w["shaders"], withIntermediateDirectories: true)
        try ripple.write(toFile: w["shaders/ripple.glsl"], atomically: true, encoding: .utf8)
        try "vec4 transition(vec2 uv) { return vec4(1.0, 0.0, 1.0, 1.0); }\n".write(toFile: w["shaders/fade.glsl"], atomically: true, encoding: .utf8)
        let list = try segue(["list", "--shaders", w["shaders"]])
        #expect(list.status == 0)
        #expect(list.stdout.contains("ripple  [shader; GL only; 1.0 s linear]"))
        #expect(list.stdout.contains("--param centre=0.3,0.6  (vec2)"))
        #expect(list.stdout.contains("fade  [shader; GL only"))
        let env = try segue(["still", "fade", "--at", "0.5", "-o", w["fade.png"]] + w.snapshots, environment: ["SEGUE_SHADERS": w["shaders"]])
        #expect(env.status == 0, "\(env.stderr)")
        let fade = try ImageFile.load(w["fade.png"])
        #expect(fade[3, 3].r == 255 && fade[3, 3].g == 0 && fade[3, 3].b == 255)
        let bad = try segue(["still", w["shaders/ripple.glsl"], "--at", "0.5", "-o", w["x.png"], "--param", "centre=1"] + w.snapshots)
        #expect(bad.status == 65 && bad.stderr.contains("centre"))
        let software = try segue(["still", "ripple", "--shaders", w["shaders"], "--backend", "software", "--at", "0.5", "-o", w["x.png"]] + w.snapshots)
        #expect(software.status == 65 && software.stderr.contains("GL backend"))
    }

    /// `segue batch` resolves effect names as `render` does: a name from `--shaders` (or
    /// `$SEGUE_SHADERS`) works in a spec, including one that overrides a built-in.
    @Test func shaderFolderNamesWorkInBatchSpecs() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w["shaders"], withIntermediateDirectories: true)
        try ripple.write(toFile: w["shaders/ripple.glsl"], atomically: true, encoding: .utf8)
        try "vec4 transition(vec2 uv) { return vec4(1.0, 0.0, 1.0, 1.0); }\n".write(toFile: w["shaders/fade.glsl"], atomically: true, encoding: .utf8)
        let spec = try w.write("spec.json5", """
        {defaults: {from: 'from.png', to: 'to.png', fps: 10, duration: 0.2},
         jobs: [{effect: 'ripple', output: 'ripple'}, {effect: 'fade', output: 'fade'}]}
        """)
        let run = try segue(["batch", spec, "--shaders", w["shaders"], "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: w["ripple/000000.png"]))
        let fade = try ImageFile.load(w["fade/000001.png"])
        #expect(fade[3, 3].r == 255 && fade[3, 3].g == 0 && fade[3, 3].b == 255)
        // Without the folder the name is unknown, and the message lists the names known.
        let unknown = try segue(["batch", spec, "-q"], environment: ["SEGUE_SHADERS": ""])
        #expect(unknown.status == 65 && unknown.stderr.contains("key \"effect\": unknown effect \"ripple\""), "\(unknown.stderr)")
        let env = try segue(["batch", spec, "-q"], environment: ["SEGUE_SHADERS": w["shaders"]])
        #expect(env.status == 0, "\(env.stderr)")
    }
}
