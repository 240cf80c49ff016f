import Foundation

/// Recorded gestures (JSON and CSV) and batch spec files, malformed and extreme.
enum HostileTracks {
    static var all: [HostileCase] { gestures + specs }

    /// A short software render of a tiny canvas driven by `g.json`/`g.csv`, to raw bytes.
    static func render(gesture: String) -> [String] {
        ["render", "fade", "--backend", "software", "--from", "a.png", "--to", "b.png", "--fps", "10",
         "--gesture", gesture, "--format", "raw", "-o", "out.rgba"]
    }

    static func gestureCase(_ name: String, json: String, accepted: Bool = false) -> HostileCase {
        HostileCase(category: "gesture json", name: name, arguments: render(gesture: "g.json"),
                    setup: HostileImages.withGoodSnapshots { try $0.write("g.json", json) },
                    expectation: accepted ? .accepted(outputs: ["out.rgba"]) : .refused(codes: [65], naming: "g.json"))
    }

    static func csvCase(_ name: String, csv: String, accepted: Bool = false) -> HostileCase {
        HostileCase(category: "gesture csv", name: name, arguments: render(gesture: "g.csv") + ["--gesture-axis", "y", "--gesture-travel", "100"],
                    setup: HostileImages.withGoodSnapshots { try $0.write("g.csv", csv) },
                    expectation: accepted ? .accepted(outputs: ["out.rgba"]) : .refused(codes: [65], naming: "g.csv"))
    }

    /// A valid percent-driven track with `extra` keys spliced in.
    static func track(samples: String = #"[{"t": 0, "percent": 0}, {"t": 0.1, "percent": 0.4}]"#, _ extra: String = "") -> String {
        #"{"samples": \#(samples)\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    static var gestures: [HostileCase] {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let manySamples = "[" + (0..<25_000).map { #"{"t": \#(Double($0) * 0.001), "percent": 0.5}"# }.joined(separator: ",") + "]"
        return [
            gestureCase("valid percent track", json: track(), accepted: true),
            gestureCase("UTF-8 byte order mark", json: "\u{FEFF}" + track(), accepted: true),
            gestureCase("empty file", json: ""),
            gestureCase("only {", json: "{"),
            gestureCase("an array", json: "[]"),
            gestureCase("no samples", json: #"{"samples": []}"#),
            gestureCase("samples not an array", json: #"{"samples": 3}"#),
            gestureCase("sample without t", json: track(samples: #"[{"percent": 0}]"#)),
            gestureCase("t as text", json: track(samples: #"[{"t": "zero", "percent": 0}]"#)),
            gestureCase("t 1e400", json: track(samples: #"[{"t": 0, "percent": 0}, {"t": 1e400, "percent": 1}]"#)),
            gestureCase("span 1e300 s", json: track(samples: #"[{"t": 0, "percent": 0}, {"t": 1e300, "percent": 1}]"#)),
            gestureCase("span 100000 s", json: track(samples: #"[{"t": 0, "percent": 0}, {"t": 100000, "percent": 1}]"#)),
            gestureCase("times backwards", json: track(samples: #"[{"t": 1, "percent": 0}, {"t": 0, "percent": 1}]"#)),
            gestureCase("t -1e308", json: track(samples: #"[{"t": -1e308, "percent": 0}, {"t": 0, "percent": 1}]"#)),
            gestureCase("percent 1e308", json: track(samples: #"[{"t": 0, "percent": 0}, {"t": 0.1, "percent": 1e308}]"#), accepted: true),
            gestureCase("release 1e12", json: track(#""release": 1e12"#)),
            gestureCase("release -1", json: track(#""release": -1"#)),
            gestureCase("release as text", json: track(#""release": "soon""#)),
            gestureCase("completion speed 1e-300", json: track(#""completion": {"curve": "linear", "speed": 1e-300}"#)),
            gestureCase("completion speed 0", json: track(#""completion": {"curve": "linear", "speed": 0}"#)),
            gestureCase("completion speed -1", json: track(#""completion": {"curve": "linear", "speed": -1}"#)),
            gestureCase("completion speed 1e308", json: track(#""completion": {"curve": "linear", "speed": 1e308}"#)),
            gestureCase("unknown curve", json: track(#""completion": {"curve": "wobbly"}"#)),
            gestureCase("spring damping 1e-300", json: track(#""completion": {"spring": "spring(damping:1e-300)"}"#)),
            gestureCase("spring stiffness 1e100", json: track(#""completion": {"spring": "spring(stiffness:1e100)"}"#)),
            gestureCase("unknown rule", json: track(#""rule": {"kind": "vibes"}"#)),
            gestureCase("deceleration 1", json: track(#""rule": {"kind": "projected", "deceleration": 1}"#)),
            gestureCase("deceleration 0", json: track(#""rule": {"kind": "projected", "deceleration": 0}"#)),
            gestureCase("axis z", json: #"{"axis": "z", "travel": 100, "samples": [{"t": 0, "x": 0, "y": 0}]}"#),
            gestureCase("travel 0", json: #"{"axis": "y", "travel": 0, "samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.1, "x": 0, "y": 5}]}"#),
            gestureCase("travel -1", json: #"{"axis": "y", "travel": -1, "samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.1, "x": 0, "y": 5}]}"#),
            gestureCase("travel 1e-300", json: #"{"axis": "y", "travel": 1e-300, "samples": [{"t": 0, "x": 0, "y": 0}, {"t": 0.1, "x": 0, "y": 5}]}"#),
            gestureCase("direction 0", json: #"{"axis": "y", "travel": 100, "direction": 0, "samples": [{"t": 0, "x": 0, "y": 0}]}"#),
            gestureCase("x/y samples without axis", json: #"{"samples": [{"t": 0, "x": 0, "y": 0}]}"#),
            gestureCase("100000 nested arrays", json: deep),
            gestureCase("25000 samples (0.8 MB, 25 s)", json: track(samples: manySamples), accepted: true),
            gestureCase("1.1 MB of spaces", json: track() + String(repeating: " ", count: 1_100_000)),
            gestureCase("binary garbage", json: String(decoding: (0..<512).map { UInt8(($0 * 7919) & 0xFF) }, as: UTF8.self)),
            csvCase("valid", csv: "t,y\n0,0\n0.1,40\n", accepted: true),
            csvCase("CRLF line ends", csv: "t,y\r\n0,0\r\n0.1,40\r\n", accepted: true),
            csvCase("UTF-8 byte order mark", csv: "\u{FEFF}t,y\n0,0\n0.1,40\n", accepted: true),
            csvCase("header only", csv: "t,y\n"),
            csvCase("empty", csv: ""),
            csvCase("not a number", csv: "t,y\n0,zero\n"),
            csvCase("nan", csv: "t,y\n0,nan\n0.1,3\n"),
            csvCase("infinite time", csv: "t,y\n0,0\ninf,3\n"),
            csvCase("too many columns", csv: "t,y\n0,0,7\n"),
            csvCase("unknown column", csv: "t,q\n0,0\n"),
            csvCase("span 1e300 s", csv: "t,y\n0,0\n1e300,50\n"),
        ]
    }

    // MARK: Spec files

    static func specCase(_ name: String, _ text: String, accepted: Bool = false) -> HostileCase {
        HostileCase(category: "spec", name: name, arguments: ["batch", "s.json5", "--backend", "software"],
                    setup: HostileImages.withGoodSnapshots { try $0.write("s.json5", text) },
                    expectation: accepted ? .accepted(outputs: ["out.rgba"]) : .refused(codes: [64, 65], naming: "s.json5"))
    }

    /// One job rendering a tiny fade to raw bytes, with `extra` keys.
    static func job(_ extra: String = "") -> String {
        #"{ jobs: [ { effect: "fade", from: "a.png", to: "b.png", format: "raw", output: "out.rgba"\#(extra.isEmpty ? "" : ", " + extra) } ] }"#
    }

    static var specs: [HostileCase] {
        [
            specCase("valid", job(), accepted: true),
            specCase("UTF-8 byte order mark", "\u{FEFF}" + job(), accepted: true),
            specCase("empty", ""),
            specCase("not JSON", "jobs = fade"),
            specCase("jobs not an array", "{ jobs: 3 }"),
            specCase("no jobs", "{ jobs: [] }"),
            specCase("job without effect", #"{ jobs: [ { output: "out.rgba" } ] }"#),
            specCase("unknown key", job("speed: 3")),
            specCase("unknown effect", #"{ jobs: [ { effect: "wobble", output: "out.rgba" } ] }"#),
            specCase("fps -1", job("fps: -1")),
            specCase("fps 1e308", job("fps: 1e308")),
            specCase("fps Infinity", job("fps: Infinity")),
            specCase("fps NaN", job("fps: NaN")),
            specCase("duration 1e308", job("duration: 1e308")),
            specCase("duration -1", job("duration: -1")),
            specCase("size 0x0", job(#"size: "0x0""#)),
            specCase("size 99999999x9", job(#"size: "99999999x9""#)),
            specCase("size 100000x100000", job(#"size: "100000x100000""#)),
            specCase("size as number", job("size: 300")),
            specCase("seed -1", job("seed: -1")),
            specCase("seed 1.5", job("seed: 1.5")),
            specCase("seed 1e30", job("seed: 1e30")),
            specCase("scale 0", job("scale: 0")),
            specCase("scale 1e308", job("scale: 1e308")),
            specCase("timing nonsense", job(#"timing: "bouncy""#)),
            specCase("timing spring damping 1e-300", job(#"timing: "spring(damping:1e-300)""#)),
            specCase("params nested object", job("params: { dim: { a: 1 } }")),
            specCase("params unknown", job("params: { speed: 2 }")),
            specCase("format bmp", job(#"format: "bmp""#).replacingOccurrences(of: #"format: "raw", "#, with: "")),
            specCase("empty output", #"{ jobs: [ { effect: "fade", output: "" } ] }"#),
            specCase("fit weird", job(#"fit: "weird""#)),
            specCase("backend vulkan", job(#"backend: "vulkan""#)),
            specCase("pngCompression max", job(#"pngCompression: "max""#)),
            specCase("unterminated string", #"{ jobs: [ { effect: "fade"#),
            specCase("unterminated comment", "{ /* jobs: [] "),
            specCase("trailing garbage", job() + " }}}"),
            specCase("100000 nested arrays", "{ jobs: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + " }"),
        ] + [HostileCase(category: "spec", name: "missing snapshot", arguments: ["batch", "s.json5", "--backend", "software"],
                         setup: HostileImages.withGoodSnapshots {
                             try $0.write("s.json5", #"{ jobs: [ { effect: "fade", from: "nowhere.png", output: "out.rgba", format: "raw" } ] }"#)
                         },
                         expectation: .refused(codes: [65, 66], naming: "nowhere.png"))]
    }
}
