import Glibc
import SegueCore
import Synchronization

/// `DIR/000000.png`, `DIR/000001.png`, … (named by absolute frame index) each written as an
/// `AtomicFile`. Every file written is recorded (size and checksum) for the sequence's
/// manifest, and in `journal` as soon as it is complete.
public final class PNGSequenceSink: ConcurrentFrameSink {
    public let directory: String
    public let compression: PNGCompression
    /// The working space of the frames, which every file is tagged with.
    public let colorSpace: ColorSpace
    /// Where each finished frame is recorded at once (`--resume` after a kill reads it).
    public var journal: FrameJournal? {
        get { journalSlot.withLock { $0 } }
        set { journalSlot.withLock { $0 = newValue } }
    }
    private let journalSlot = Mutex<FrameJournal?>(nil)
    private let written = Mutex<[Int: FrameRecord]>([:])

    /// Creates `directory` and its parents if needed, and fails now (not at frame 0) if it
    /// cannot be written. A device, FIFO or socket is refused (`.usage`): a folder of files
    /// cannot be streamed.
    public init(directory: String, compression: PNGCompression = .default, colorSpace: ColorSpace = .srgb) throws(SegueError) {
        self.directory = directory
        self.compression = compression
        self.colorSpace = colorSpace
        var info = stat()
        if stat(directory, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR, (info.st_mode & S_IFMT) != S_IFREG,
           let kind = InputFile.specialKind(mode: info.st_mode) {
            throw SegueError(.usage, "is \(kind); PNG output is a folder of files: choose a stream format (--format raw, y4m, mp4, …)",
                             path: directory)
        }
        try makeDirectories(directory)
        guard access(directory, W_OK | X_OK) == 0 else { throw .system(path: directory) }
    }

    public func path(ofFrame index: Int) -> String { directory + "/" + Self.fileName(ofFrame: index) }

    /// `000042.png`.
    public static func fileName(ofFrame index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        let path = path(ofFrame: index)
        let data = try PNGCodec.encode(frame, compression: compression, colorSpace: colorSpace)
        try AtomicFile.write(data, to: path)
        let record = FrameRecord(index: index, file: Self.fileName(ofFrame: index), bytes: data.count, checksum: FrameRecord.checksum(data))
        written.withLock { $0[index] = record }
        try journal?.append(record)
    }

    public func finish() throws(SegueError) {}

    /// Frames written so far, by index.
    public var records: [FrameRecord] { written.withLock { $0.values.sorted { $0.index < $1.index } } }

    /// Whether the frame file `record` describes holds exactly the bytes recorded (what
    /// `--resume` trusts): a truncated, replaced or edited file does not.
    public func holds(_ record: FrameRecord) -> Bool {
        guard record.file == Self.fileName(ofFrame: record.index),
              let data = try? InputFile.contents(path(ofFrame: record.index), maxBytes: FileBytes.maxFileSize) else { return false }
        return data.count == record.bytes && FrameRecord.checksum(data) == record.checksum
    }
}

/// One file of a PNG sequence, as a manifest lists it.
public struct FrameRecord: Codable, Sendable, Equatable {
    public var index: Int
    public var file: String
    public var bytes: Int
    /// `FrameRecord.checksum` of the file, 16 hex digits.
    public var checksum: String

    /// `ContentChecksum` of the file's bytes, 16 hex digits.
    public static func checksum(_ data: [UInt8]) -> String {
        var sum = ContentChecksum()
        data.withUnsafeBytes { sum.add($0) }
        return sum.hex
    }
}

/// FNV-1a (64-bit) over each piece's little-endian 64-bit words, then its tail bytes: a cheap
/// content checksum (about 0.1 ms/MB) for telling frames and jobs apart, not a cryptographic
/// hash.
public struct ContentChecksum: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3

    public init() {}

    public mutating func add(_ raw: UnsafeRawBufferPointer) {
        var h = value
        let words = raw.count / 8
        for i in 0..<words { h = (h ^ raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self).littleEndian) &* Self.prime }
        for i in (words * 8)..<raw.count { h = (h ^ UInt64(raw[i])) &* Self.prime }
        value = h
    }

    public mutating func add(_ bytes: [UInt8]) { bytes.withUnsafeBytes { add($0) } }
    public mutating func add(_ text: String) { add(Array(text.utf8) + [0]) }

    /// 16 hex digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
