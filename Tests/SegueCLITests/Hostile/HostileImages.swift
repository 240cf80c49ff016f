import Foundation
import SegueTestSupport

/// Snapshots: every PNG colour type, depth and interlace; truncations, bit flips and header
/// bombs of PNG and JPEG files.
enum HostileImages {
    static var all: [HostileCase] { pngVariants + pngTruncations + pngBitFlips + pngHeaders + jpegCases }

    /// `still` of a mid-transition frame with `input` as the from snapshot.
    static func still(from input: String) -> [String] {
        ["still", "fade", "--at", "0.5", "--backend", "software", "--from", input, "--to", "b.png", "-o", "out.png"]
    }

    /// A small opaque RGBA PNG with a pattern in every channel.
    static let goodPNG = PNGForge.file(width: 23, height: 17, colorType: .rgba, depth: 8, interlaced: false) { x, y, c in
        c == 3 ? 255 : (x * 11 + y * 7 + c * 60) % 256
    }

    static func withGoodSnapshots(_ extra: @escaping @Sendable (Scratch) throws -> Void) -> @Sendable (Scratch) throws -> Void {
        { scratch in
            try scratch.write("a.png", goodPNG)
            try scratch.write("b.png", goodPNG)
            try extra(scratch)
        }
    }

    static var pngVariants: [HostileCase] {
        var cases: [HostileCase] = []
        let sizes = [(13, 11), (1, 1), (1, 9), (9, 1)]
        for type in PNGForge.ColorType.allCases {
            for depth in type.depths {
                for interlaced in [false, true] {
                    for (w, h) in (depth == 16 || type == .palette ? sizes : [sizes[0]]) {
                        let bytes = PNGForge.file(width: w, height: h, colorType: type, depth: depth, interlaced: interlaced) { x, y, c in
                            (x * 5 + y * 3 + c) % (1 << depth)
                        }
                        cases.append(HostileCase(
                            category: "png variants", name: "\(type) \(depth)-bit\(interlaced ? " interlaced" : "") \(w)x\(h)",
                            arguments: still(from: "v.png"), setup: withGoodSnapshots { try $0.write("v.png", bytes) },
                            expectation: .accepted(outputs: ["out.png"])))
                    }
                }
            }
        }
        return cases
    }

    /// Offsets across a file: its first bytes one by one, then evenly spread, then the end.
    static func offsets(in count: Int, spread: Int) -> [Int] {
        let head = [0, 1, 4, 7, 8, 12, 16, 24, 29, 33, 37, 41]
        let middle = (1...spread).map { 41 + (count - 60) * $0 / (spread + 1) }
        let tail = [count - 16, count - 12, count - 8, count - 4, count - 1]
        return Array(Set(head + middle + tail)).filter { $0 >= 0 && $0 < count }.sorted()
    }

    /// Cut anywhere before the end of the image data: refused. Cut inside the closing IEND
    /// chunk, every pixel is there and decoding may succeed.
    static var pngTruncations: [HostileCase] {
        let imageEnd = goodPNG.count - 12
        return offsets(in: goodPNG.count, spread: 14).map { length in
            HostileCase(category: "png truncated", name: "\(length) of \(goodPNG.count) bytes",
                        arguments: still(from: "t.png"), setup: withGoodSnapshots { try $0.write("t.png", Array(goodPNG[..<length])) },
                        expectation: length < imageEnd ? .refused(codes: [65], naming: "t.png")
                            : .refusedOrAccepted(codes: [65], naming: "t.png", outputs: ["out.png"]))
        }
    }

    static var pngBitFlips: [HostileCase] {
        offsets(in: goodPNG.count, spread: 30).map { offset in
            var bytes = goodPNG
            bytes[offset] ^= UInt8(1 << (offset % 8))
            return HostileCase(category: "png bit flip", name: "byte \(offset)",
                               arguments: still(from: "f.png"), setup: withGoodSnapshots { [bytes] in try $0.write("f.png", bytes) },
                               expectation: .refusedOrAccepted(codes: [65], naming: "f.png", outputs: ["out.png"]))
        }
    }

    /// Headers that lie: sizes that would need gigabytes, sizes of zero, depths and colour
    /// types the format does not have, chunks out of order.
    static var pngHeaders: [HostileCase] {
        let tinyData = PNGForge.chunk("IDAT", PNGForge.zlibStored([0, 0, 0, 0, 0]))
        func file(_ ihdr: [UInt8], body: [UInt8]? = nil) -> [UInt8] {
            PNGForge.signature + PNGForge.chunk("IHDR", ihdr) + (body ?? tinyData) + PNGForge.chunk("IEND", [])
        }
        func header(_ w: Int, _ h: Int, depth: Int = 8, type: UInt8 = 6, interlace: UInt8 = 0, compression: UInt8 = 0, filter: UInt8 = 0) -> [UInt8] {
            PNGForge.header(width: w, height: h, depth: depth, colorType: type, interlace: interlace, compression: compression, filter: filter)
        }
        let valid = header(1, 1)
        let variants: [(String, [UInt8])] = [
            ("50000x50000", file(header(50000, 50000))),
            ("8192x8192 with 5 bytes of data", file(header(8192, 8192))),
            ("65536x65536", file(header(65536, 65536))),
            ("1x2147483647", file(header(1, 2_147_483_647))),
            ("2147483648x1", file(header(2_147_483_648, 1))),
            ("4294967295x4294967295", file(header(4_294_967_295, 4_294_967_295))),
            ("0x10", file(header(0, 10))),
            ("10x0", file(header(10, 0))),
            ("depth 3", file(header(1, 1, depth: 3))),
            ("depth 0", file(header(1, 1, depth: 0))),
            ("depth 32", file(header(1, 1, depth: 32))),
            ("rgba depth 4", file(header(1, 1, depth: 4))),
            ("colour type 1", file(header(1, 1, type: 1))),
            ("colour type 5", file(header(1, 1, type: 5))),
            ("colour type 7", file(header(1, 1, type: 7))),
            ("interlace 2", file(header(1, 1, interlace: 2))),
            ("compression 1", file(header(1, 1, compression: 1))),
            ("filter 1", file(header(1, 1, filter: 1))),
            ("palette without PLTE", file(header(1, 1, type: 3))),
            ("IHDR of 12 bytes", PNGForge.signature + PNGForge.chunk("IHDR", Array(valid.prefix(12))) + tinyData + PNGForge.chunk("IEND", [])),
            ("IDAT before IHDR", PNGForge.signature + tinyData + PNGForge.chunk("IHDR", valid) + PNGForge.chunk("IEND", [])),
            ("two IHDR", PNGForge.signature + PNGForge.chunk("IHDR", valid) + PNGForge.chunk("IHDR", valid) + tinyData + PNGForge.chunk("IEND", [])),
            ("no IDAT", PNGForge.signature + PNGForge.chunk("IHDR", valid) + PNGForge.chunk("IEND", [])),
            ("chunk length 0xFFFFFFFF", PNGForge.signature + PNGForge.chunk("IHDR", valid) + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8) + [0, 0]),
            ("signature only", PNGForge.signature),
        ]
        let tooMuchData = file(header(16384, 1), body: PNGForge.chunk("IDAT", PNGForge.zlibStored([UInt8](repeating: 0, count: 65_537 * 4))))
        return variants.map { name, bytes in
            HostileCase(category: "png header", name: name, arguments: still(from: "h.png"),
                        setup: withGoodSnapshots { try $0.write("h.png", bytes) },
                        expectation: .refused(codes: [65], naming: "h.png"))
        } + [HostileCase(category: "png header", name: "four rows of data for one", arguments: still(from: "h.png"),
                         setup: withGoodSnapshots { try $0.write("h.png", tooMuchData) },
                         expectation: .refusedOrAccepted(codes: [65], naming: "h.png", outputs: ["out.png"]))]
    }

    // MARK: JPEG

    /// A 33×21 baseline JPEG made by the installed ffmpeg (a test dependency: missing is a failure).
    static let goodJPEG: Result<[UInt8], Error> = Result {
        let dir = TestFiles.temporaryDirectory("hostile-jpeg")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc=size=33x21", "-frames:v", "1", dir + "/x.jpg"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw POSIXError(.ENOENT) }
        return Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/x.jpg")))
    }

    /// Where a marker's segment starts (the byte after FF xx), or nil.
    static func segment(_ marker: UInt8, in bytes: [UInt8]) -> Int? {
        (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }.map { $0 + 2 }
    }

    static func jpegCase(_ category: String, _ name: String, expectation: HostileCase.Expectation,
                         _ edit: @escaping @Sendable ([UInt8]) -> [UInt8]) -> HostileCase {
        HostileCase(category: category, name: name, arguments: still(from: "j.jpg"),
                    setup: withGoodSnapshots { try $0.write("j.jpg", edit(try goodJPEG.get())) },
                    expectation: expectation)
    }

    static var jpegCases: [HostileCase] {
        // The base file's layout is fixed by ffmpeg's encoder; offsets are fractions of it.
        let fractions = (1...24).map { Double($0) / 25 }
        let truncations = fractions.map { f in
            jpegCase("jpeg truncated", "at \(Int(f * 100)) %", expectation: .refused(codes: [65], naming: "j.jpg")) { Array($0[..<Int(Double($0.count) * f)]) }
        } + [jpegCase("jpeg truncated", "EOI removed", expectation: .refused(codes: [65], naming: "j.jpg")) { Array($0.dropLast(2)) }]
        let flips = (0..<24).map { i in
            jpegCase("jpeg bit flip", "scan byte \(i)", expectation: .refusedOrAccepted(codes: [65], naming: "j.jpg", outputs: ["out.png"])) { bytes in
                var b = bytes
                guard let sos = segment(0xDA, in: b) else { return b }
                let start = sos + (Int(b[sos]) << 8 | Int(b[sos + 1]))
                let offset = start + (b.count - 2 - start) * i / 24
                b[offset] ^= 0x10
                return b
            }
        }
        func sof(_ height: Int, _ width: Int) -> @Sendable ([UInt8]) -> [UInt8] {
            { bytes in
                var b = bytes
                guard let s = segment(0xC0, in: b) else { return b }
                b[s + 3] = UInt8((height >> 8) & 0xFF); b[s + 4] = UInt8(height & 0xFF)
                b[s + 5] = UInt8((width >> 8) & 0xFF); b[s + 6] = UInt8(width & 0xFF)
                return b
            }
        }
        let headers = [
            jpegCase("jpeg header", "claims 8192x8192", expectation: .refused(codes: [65], naming: "j.jpg"), sof(8192, 8192)),
            jpegCase("jpeg header", "claims 65500x65500", expectation: .refused(codes: [65], naming: "j.jpg"), sof(65500, 65500)),
            jpegCase("jpeg header", "claims 0x33", expectation: .refused(codes: [65], naming: "j.jpg"), sof(0, 33)),
            jpegCase("jpeg header", "claims 21x0", expectation: .refused(codes: [65], naming: "j.jpg"), sof(21, 0)),
            jpegCase("jpeg header", "SOI only", expectation: .refused(codes: [65], naming: "j.jpg")) { _ in [0xFF, 0xD8] },
            jpegCase("jpeg header", "no SOS", expectation: .refused(codes: [65], naming: "j.jpg")) { bytes in
                guard let sos = segment(0xDA, in: bytes) else { return bytes }
                return Array(bytes[..<(sos - 2)]) + [0xFF, 0xD9]
            },
            jpegCase("jpeg header", "huffman table zeroed", expectation: .refusedOrAccepted(codes: [65], naming: "j.jpg", outputs: ["out.png"])) { bytes in
                var b = bytes
                guard let dht = segment(0xC4, in: b) else { return b }
                for i in (dht + 3)..<min(b.count, dht + 19) { b[i] = 0 }
                return b
            },
            jpegCase("jpeg header", "quantisation table length 0xFFFF", expectation: .refused(codes: [65], naming: "j.jpg")) { bytes in
                var b = bytes
                guard let dqt = segment(0xDB, in: b) else { return b }
                b[dqt] = 0xFF; b[dqt + 1] = 0xFF
                return b
            },
        ]
        return truncations + flips + headers
    }
}
