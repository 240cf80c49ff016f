import Foundation

/// FIFOs, devices, symlinks and folders where Segue expects a regular file: inputs must never
/// block, outputs must never replace what is not Segue's.
enum HostileSpecialFiles {
    static var all: [HostileCase] { inputs + outputs }

    static func input(_ name: String, _ arguments: [String], naming: String, make: @escaping @Sendable (Scratch) throws -> Void) -> HostileCase {
        HostileCase(category: "special input", name: name, arguments: arguments,
                    setup: HostileImages.withGoodSnapshots(make), expectation: .refused(codes: [65, 66], naming: naming), timeLimit: 20)
    }

    static var inputs: [HostileCase] {
        let still = HostileOptions.still
        func with(_ extra: [String], effect: String = "fade") -> [String] {
            var a = still; a[1] = effect; return a + extra
        }
        func replacing(_ option: String, by value: String) -> [String] {
            var a = still
            if let i = a.firstIndex(of: option) { a[i + 1] = value }
            return a
        }
        return [
            input("FIFO as --from", replacing("--from", by: "fifo.png"), naming: "fifo.png") { try $0.fifo("fifo.png") },
            input("FIFO as --to", replacing("--to", by: "fifo.png"), naming: "fifo.png") { try $0.fifo("fifo.png") },
            input("device as --from", replacing("--from", by: "dev.png"), naming: "dev.png") { try $0.nullDevice("dev.png") },
            input("folder as --from", replacing("--from", by: "dir.png"), naming: "dir.png") {
                try FileManager.default.createDirectory(atPath: $0.path + "/dir.png", withIntermediateDirectories: false)
            },
            input("FIFO as mask image", with(["--param", "mask=fifo.png"], effect: "mask"), naming: "fifo.png") { try $0.fifo("fifo.png") },
            input("FIFO as gesture", HostileOptions.render + ["--gesture", "g.json"], naming: "g.json") { try $0.fifo("g.json") },
            input("FIFO as spec", ["batch", "s.json5"], naming: "s.json5") { try $0.fifo("s.json5") },
            HostileCase(category: "special input", name: "FIFO as shader", arguments: ["validate", "s.glsl"],
                        setup: { try $0.fifo("s.glsl") }, expectation: .reported(codes: [65, 66], naming: "s.glsl"), timeLimit: 20),
            input("FIFO as rendered shader", ["still", "s.glsl", "--at", "0.5", "-o", "out.png"], naming: "s.glsl") { try $0.fifo("s.glsl") },
            input("FIFO in --shaders folder, rendered", ["still", "x", "--at", "0.5", "-o", "out.png", "--shaders", "shaders"], naming: "x.glsl") {
                try FileManager.default.createDirectory(atPath: $0.path + "/shaders", withIntermediateDirectories: false)
                try $0.fifo("shaders/x.glsl")
            },
            input("dangling symlink as --from", replacing("--from", by: "link.png"), naming: "link.png") { try $0.symlink("link.png", to: "nowhere.png") },
            input("symlink loop as --from", replacing("--from", by: "loop.png"), naming: "loop.png") {
                try $0.symlink("loop.png", to: "loop2.png"); try $0.symlink("loop2.png", to: "loop.png")
            },
            input("compare a FIFO", ["compare", "a.png", "fifo.png"], naming: "fifo.png") { try $0.fifo("fifo.png") },
        ]
    }

    /// Outputs on a device: written in place, the device left a device.
    static var outputs: [HostileCase] {
        let render = Array(HostileOptions.render.dropLast(4))
        let onDevice: [(String, [String])] = [
            ("raw to a device", render + ["--format", "raw", "-o", "null"]),
            ("y4m to a device", render + ["--format", "y4m", "-o", "null"]),
            ("still to a device", ["still", "fade", "--at", "0.5", "--backend", "software", "--from", "a.png", "--to", "b.png", "-o", "null"]),
            ("timing plot to a device", ["timing", "easeIn", "--plot", "null"]),
            ("contact sheet to a device", render + ["--format", "raw", "-o", "out.rgba", "--contact-sheet", "null"]),
            ("mp4 to a device", render + ["--format", "mp4", "-o", "null"]),
        ]
        return onDevice.map { name, arguments in
            HostileCase(category: "special output", name: name, arguments: arguments,
                        setup: HostileImages.withGoodSnapshots { try $0.nullDevice("null") },
                        expectation: .accepted(outputs: ["null"]))
        } + [
            HostileCase(category: "special output", name: "PNG folder on a device", arguments: render + ["--format", "png", "-o", "null"],
                        setup: HostileImages.withGoodSnapshots { try $0.nullDevice("null") },
                        expectation: .refused(codes: [64, 73, 74], naming: "null")),
            HostileCase(category: "special output", name: "PNG folder where a file is", arguments: render + ["--format", "png", "-o", "file"],
                        setup: HostileImages.withGoodSnapshots { try $0.write("file", "mine") },
                        expectation: .refused(codes: [64, 73, 74], naming: "file")),
            HostileCase(category: "special output", name: "still where a folder is", arguments:
                            ["still", "fade", "--at", "0.5", "--backend", "software", "--from", "a.png", "--to", "b.png", "-o", "dir"],
                        setup: HostileImages.withGoodSnapshots { try FileManager.default.createDirectory(atPath: $0.path + "/dir", withIntermediateDirectories: false) },
                        expectation: .refused(codes: [64, 73, 74], naming: "dir")),
        ]
    }
}
