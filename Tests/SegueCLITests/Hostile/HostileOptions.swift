import Foundation
import SegueTestSupport

/// Every number a user can type, at its extremes: negative, zero, tiny, huge, not a number.
enum HostileOptions {
    static var all: [HostileCase] { stillOptions + renderOptions + timingSpecs + timingOptions + parameters + otherCommands }

    static let still = ["still", "fade", "--at", "0.5", "--backend", "software", "--from", "a.png", "--to", "b.png", "-o", "out.png"]
    static let render = ["render", "fade", "--backend", "software", "--from", "a.png", "--to", "b.png", "--fps", "10",
                         "--format", "raw", "-o", "out.rgba"]

    static func refused(_ category: String, _ base: [String], _ option: String, _ value: String,
                        naming: String? = nil, codes: Set<Int32> = [64]) -> HostileCase {
        HostileCase(category: category, name: "\(option) \(value)", arguments: base + [option, value],
                    setup: HostileImages.withGoodSnapshots { try $0.write("w.glsl", HostileShaders.transition("return getToColor(uv);")) },
                    expectation: .refused(codes: codes, naming: naming ?? option))
    }

    static func accepted(_ category: String, _ base: [String], _ arguments: [String], output: String) -> HostileCase {
        HostileCase(category: category, name: arguments.joined(separator: " "), arguments: base + arguments,
                    setup: HostileImages.withGoodSnapshots { _ in }, expectation: .accepted(outputs: [output]))
    }

    static let notNumbers = ["nan", "inf", "-inf", "1e", "0x", "", "one"]

    static var stillOptions: [HostileCase] {
        let table: [(String, [String])] = [
            ("--at", ["-0.1", "-1e308", "1e308", "1.0000001"] + notNumbers),
            ("--fps", ["0", "-1", "1e308", "1001"] + notNumbers),
            ("--duration", ["-1", "-1e-300", "1e308", "3601"] + notNumbers),
            ("--scale", ["0", "-1", "1e-300", "1e308", "0.001"] + notNumbers),
            ("--seed", ["-1", "18446744073709551616", "1.5", "nan"]),
            ("--time-limit", ["-1", "-1e308", "nan", "-inf"]),
            ("--size", ["0x0", "-1x5", "99999999x99999999", "100000x1", "1x100000", "16x", "x16", "abc", "16x16x16", "1e3x1e3", "-16x-16"]),
            ("--gesture-travel", ["0", "-1", "nan"]),
        ]
        return table.flatMap { option, values in
            values.map { refused("still option", still, option, $0, naming: option == "--size" ? "size" : nil, codes: [64, 65]) }
        } + [
            accepted("still option", still, ["--seed", "18446744073709551615"], output: "out.png"),
            refused("still option", still, "--time-limit", "1e10"),
            refused("still option", still, "--time-limit", "1e308"),
            accepted("still option", still, ["--time-limit", "0"], output: "out.png"),
            accepted("still option", still, ["--scale", "0.25"], output: "out.png"),
            accepted("still option", still, ["--duration", "0"], output: "out.png"),
        ]
    }

    static var renderOptions: [HostileCase] {
        let png = ["render", "fade", "--backend", "software", "--from", "a.png", "--to", "b.png", "--fps", "10", "-o", "frames"]
        let table: [(String, [String], [String])] = [
            ("--frames", ["5-2", "-1-3", "a-b", "99999999999999999999-1", "-", "1-2-3"], png),
            ("--shard", ["1/0", "0/-1", "5/4", "4/4", "a/b", "-1/4", "1", "1/99999999999999999999"], png),
            ("--shard-count", ["0", "-1", "99999999999999999999"], png),
            ("--sheet-width", ["0", "-1", "100000", "1e308"], render + ["--contact-sheet", "sheet.png"]),
            ("--sheet-frames", ["-1", "100000"], render + ["--contact-sheet", "sheet.png"]),
            ("--sheet-columns", ["-1", "4000"], render + ["--contact-sheet", "sheet.png"]),
            ("--png-compression", ["11", "max"], png),
            ("--fit", ["squash"], png),
            ("--backend", ["vulkan"], png),
        ]
        return table.flatMap { option, values, base in
            values.map { refused("render option", base, option, $0, codes: [64, 65]) }
        } + [
            accepted("render option", render, ["--contact-sheet", "sheet.png", "--sheet-width", "79"], output: "sheet.png"),
            refused("render option", render + ["--contact-sheet", "sheet.png"], "--sheet-width", "8"),
            accepted("render option", render, ["--contact-sheet", "sheet.png", "--sheet-frames", "1"], output: "sheet.png"),
            refused("render option", render + ["--contact-sheet", "sheet.png"], "--sheet-frames", "0"),
            accepted("still option", still, ["--fps", "1e-300"], output: "out.png"),
        ] + [["--shard", "3/1000000"], ["--contact-sheet", "sheet.png", "--sheet-columns", "0"]].map { extra in
            HostileCase(category: "render option", name: extra.joined(separator: " "), arguments: (extra[0] == "--shard" ? png : render) + extra,
                        setup: HostileImages.withGoodSnapshots { _ in },
                        expectation: .refusedOrAccepted(codes: [64, 65], naming: extra[extra.count - 2], outputs: []))
        }
    }

    /// Timing texts given to `--describe`, where an unbounded settling search would hang.
    static var timingSpecs: [HostileCase] {
        let specs = [
            "spring(damping:1e-300)", "spring(damping:1e-15)", "spring(stiffness:1e100)", "spring(stiffness:1e-300)",
            "spring(mass:1e-300)", "spring(mass:1e300)", "spring(damping:-1)", "spring(dampingRatio:0)",
            "spring(dampingRatio:1e308)", "spring(dampingRatio:nan)", "spring(response:1e-300)", "spring(response:1e308)",
            "spring(mass:1,stiffness:1,damping:1e-9)", "cubic-bezier(0,1e308,1,0)", "cubic-bezier(nan,0,1,1)",
            "cubic-bezier(2,0,1,1)", "cubic-bezier(0,0,1)", "keyframes()", "keyframes(0:0,1:nan)", "keyframes(1e308:0)",
            "steps(1e308)", "linear(", String(repeating: "spring(", count: 2000),
        ]
        return specs.map { spec in
            HostileCase(category: "timing spec", name: String(spec.prefix(40)), arguments: ["timing", spec, "--describe"],
                        expectation: .refusedOrAccepted(codes: [64, 65], naming: String(spec.prefix(7)), outputs: []), timeLimit: 20)
        } + specs.prefix(12).map { spec in
            HostileCase(category: "timing spec in render", name: spec, arguments: render + ["--timing", spec],
                        setup: HostileImages.withGoodSnapshots { _ in },
                        expectation: .refusedOrAccepted(codes: [64, 65], naming: "spring(", outputs: ["out.rgba"]), timeLimit: 30)
        }
    }

    static var timingOptions: [HostileCase] {
        [("--duration", ["0", "-1", "nan", "1e308"]), ("--at", ["nan", "1e308,x", ""])].flatMap { option, values in
            values.map { refused("timing option", ["timing", "easeIn"] + (option == "--at" ? [] : ["--at", "0.5"]), option, $0, codes: [64, 65]) }
        } + [
            HostileCase(category: "timing option", name: "--plot to a folder that is a file", arguments: ["timing", "easeIn", "--plot", "f/x.png"],
                        setup: { try $0.write("f", "not a folder") }, expectation: .refused(codes: [74], naming: "f")),
        ]
    }

    /// Effect parameters at their extremes (`--param`), and point parameters far off the canvas.
    static var parameters: [HostileCase] {
        let table: [(String, String, [String])] = [
            ("push", "dim", ["nan", "1e308", "-1e308", "inf", ""]),
            ("push", "parallax", ["-0.1", "2"]),
            ("zoom", "source", ["1,2,3", "nan,0,10,10", "0,0,-5,-5", "1e308,0,1,1"]),
            ("zoom", "radius", ["1e308", "-1"]),
            ("card", "inset", ["1e9", "-1"]),
            ("bubble", "start", ["1,2,3", "nan,0", "x,y"]),
            ("bubble", "color", ["#12", "red!", "#gggggg"]),
            ("circle-reveal", "center", ["inf,0", "nan,nan"]),
            ("circle-reveal", "startRadius", ["1e308", "-1"]),
            ("circle-reveal", "feather", ["1e9"]),
            ("iris", "cornerRadius", ["1e308"]),
            ("mask", "softness", ["nan", "-1"]),
            ("blur", "radius", ["1e308", "-1", "201"]),
            ("blur-dim", "radius", ["1e308"]),
            ("starwars", "spriteWidth", ["0", "0.5", "1e308"]),
            ("starwars", "wind", ["1e308"]),
        ]
        return table.flatMap { effect, name, values in
            values.map { value in
                var arguments = still
                arguments[1] = effect
                return HostileCase(category: "parameter", name: "\(effect) \(name)=\(value)", arguments: arguments + ["--param", "\(name)=\(value)"],
                                   setup: HostileImages.withGoodSnapshots { _ in }, expectation: .refused(codes: [64, 65], naming: name))
            }
        } + [
            // Far off the canvas: allowed (a warning), and bounded work.
            HostileCase(category: "parameter", name: "circle-reveal center=1e6,1e6", arguments: {
                var a = still; a[1] = "circle-reveal"; return a + ["--param", "center=1000000,1000000"]
            }(), setup: HostileImages.withGoodSnapshots { _ in }, expectation: .accepted(outputs: ["out.png"])),
            HostileCase(category: "parameter", name: "starwars spriteWidth=1 at scale 0.1 on 2000x2000",
                        arguments: ["still", "starwars", "--at", "0.5", "--backend", "software", "--size", "2000x2000",
                                    "--scale", "0.1", "--param", "spriteWidth=1", "-o", "out.png"],
                        expectation: .refusedOrAccepted(codes: [64, 65], naming: "--scale", outputs: ["out.png"]),
                        memoryLimitMegabytes: 1500),
            HostileCase(category: "parameter", name: "mask of a missing image", arguments: {
                var a = still; a[1] = "mask"; return a + ["--param", "mask=nowhere.png"]
            }(), setup: HostileImages.withGoodSnapshots { _ in }, expectation: .refused(codes: [66], naming: "nowhere.png")),
        ]
    }

    static var otherCommands: [HostileCase] {
        [
            refused("bench option", ["bench", "fade", "--backend", "software", "--size", "16x16"], "--frames", "0", codes: [64, 65]),
            refused("bench option", ["bench", "fade", "--backend", "software", "--size", "16x16"], "--frames", "-1", codes: [64, 65]),
            refused("bench option", ["bench", "fade", "--backend", "software", "--size", "16x16"], "--runs", "-1", codes: [64, 65]),
            refused("bench option", ["bench", "fade", "--backend", "software"], "--size", "0x0", naming: "size", codes: [64, 65]),
            refused("watch option", ["watch", "w.glsl", "--once", "-o", "w.png"], "--interval", "-1", codes: [64, 65]),
            refused("watch option", ["watch", "w.glsl", "--once", "-o", "w.png"], "--interval", "nan", codes: [64, 65]),
            refused("watch option", ["watch", "w.glsl", "--once", "-o", "w.png"], "--strip", "0", codes: [64, 65]),
            refused("watch option", ["watch", "w.glsl", "--once", "-o", "w.png"], "--strip", "100000", codes: [64, 65]),
            HostileCase(category: "command", name: "help for no such command", arguments: ["help", "nosuch"],
                        expectation: .refused(codes: [64], naming: "nosuch")),
            HostileCase(category: "command", name: "no such command", arguments: ["nosuch"],
                        expectation: .refused(codes: [64], naming: "nosuch")),
            HostileCase(category: "command", name: "unknown option", arguments: still + ["--wobble"],
                        setup: HostileImages.withGoodSnapshots { _ in }, expectation: .refused(codes: [64], naming: "--wobble")),
            HostileCase(category: "command", name: "compare images of different sizes", arguments: ["compare", "a.png", "s.png"],
                        setup: HostileImages.withGoodSnapshots {
                            try $0.write("s.png", PNGForge.file(width: 2, height: 2, colorType: .gray, depth: 8, interlaced: false) { _, _, _ in 0 })
                        }, expectation: .refused(codes: [64, 65], naming: "s.png")),
        ]
    }
}
