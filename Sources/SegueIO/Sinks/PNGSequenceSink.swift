import Glibc
import SegueCore
import Synchronization

/// `DIR/000000.png`, `DIR/000001.png`, … (named by absolute frame index) each written as an
/// `AtomicFile`. Every file written is recorded (size and checksum)
/// for the sequence's manifest.
public final class PNGSequenceSink: FrameSink {
    public let directory: String
    public let compression: PNGCompression
    private let written = Mutex<[Int: FrameRecord]>([:])

    /// Creates `directory` and its parents if needed, and fails now (not at frame 0) if it
    /// cannot be written.
    public init(directory: String, compression: PNGCompression = .default) throws(SegueError) {
        self.directory = directory
        self.compression = compression
        try makeDirectories(directory)
        guard access(directory, W_OK | X_OK) == 0 else { throw .system(path: directory) }
    }

    public func path(ofFrame index: Int) -> String {
        let digits = String(index)
        return directory + "/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        let path = path(ofFrame: index)
        let data = try PNGCodec.encode(frame, compression: compression)
        try AtomicFile.write(data, to: path)
        let record = FrameRecord(index: index, file: fileName(of: path), bytes: data.count, checksum: FrameRecord.checksum(data))
        written.withLock { $0[index] = record }
    }

    public func finish() throws(SegueError) {}

    /// Frames written so far, by index.
    public var records: [FrameRecord] { written.withLock { $0.values.sorted { $0.index < $1.index } } }

    /// The record of frame `index` when its file is complete: it exists and decodes fully to
    /// `size` (what `--resume` trusts). A truncated or foreign file gives nil.
    public func completeFrame(_ index: Int, size: PixelSize) -> FrameRecord? {
        let path = path(ofFrame: index)
        guard let data = try? FileBytes.contents(path), let image = try? PNGCodec.decode(data, name: path),
              image.size == size else { return nil }
        return FrameRecord(index: index, file: fileName(of: path), bytes: data.count, checksum: FrameRecord.checksum(data))
    }
}

/// One file of a PNG sequence, as a manifest lists it.
public struct FrameRecord: Codable, Sendable, Equatable {
    public var index: Int
    public var file: String
    public var bytes: Int
    /// `FrameRecord.checksum` of the file, 16 hex digits.
    public var checksum: String

    /// FNV-1a (64-bit) over the file's little-endian 64-bit words, then its tail bytes: a
    /// cheap content checksum (about 0.1 ms/MB) for telling shards' frames apart, not a
    /// cryptographic hash.
    public static func checksum(_ data: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        let prime: UInt64 = 0x100_0000_01b3
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words { h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian) &* prime }
            for i in (words * 8)..<raw.count { h = (h ^ UInt64(raw[i])) &* prime }
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
