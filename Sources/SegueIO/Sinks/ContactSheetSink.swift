import SegueCore
import SegueDrawing
import Synchronization

/// One PNG showing a handful of evenly spaced frames (always the first and the last) in a
/// grid, each labelled with its frame number and position in the sequence: a quick look at
/// a whole transition. Only the chosen frames are kept, as thumbnails, so memory does not
/// grow with the frame count.
public final class ContactSheetSink: FrameSink {
    /// What a sheet shows, from `--sheet-frames`, `--sheet-columns`, `--sheet-width` (or a
    /// batch job's `sheetFrames`, …): the same for `--contact-sheet FILE` and `--format contact`.
    public struct Layout: Sendable, Equatable {
        /// Frames on the sheet (`Limits.sheetFrames`).
        public var frames: Int
        /// Thumbnails per row (`Limits.sheetColumns`).
        public var columns: Int
        /// Thumbnail width in pixels (`Limits.sheetWidth`).
        public var thumbnailWidth: Int
        public init(frames: Int = ContactSheetSink.maxThumbnails, columns: Int = 4, thumbnailWidth: Int = 240) {
            self.frames = frames
            self.columns = columns
            self.thumbnailWidth = thumbnailWidth
        }
    }

    public let path: String
    public let frameCount: Int
    public let columns: Int
    public let thumbnailWidth: Int
    /// Frame indices that appear on the sheet, ascending.
    public let selected: [Int]
    /// The working space of the frames, which the sheet is tagged with.
    public let colorSpace: ColorSpace

    /// Most frames a sheet shows.
    public static let maxThumbnails = 12

    private let thumbnails = Mutex<[Int: PixelBuffer]>([:])

    /// `layout.frames` frames (at most `maxThumbnails`) in rows of `layout.columns`, in `colorSpace`.
    public init(path: String, frameCount: Int, layout: Layout = Layout(), colorSpace: ColorSpace = .srgb) {
        self.path = path
        self.colorSpace = colorSpace
        self.frameCount = max(1, frameCount)
        self.columns = max(1, layout.columns)
        self.thumbnailWidth = max(8, layout.thumbnailWidth)
        selected = evenlySpacedIndices(min(layout.frames, Self.maxThumbnails), in: self.frameCount)
    }

    /// What is wrong, if anything, with a sheet whose thumbnails or whole image would pass the
    /// canvas limits (`Limits.canvasSide`, `Limits.canvasPixels`): a narrow frame makes tall
    /// thumbnails, a wide thumbnail a wide sheet. Asked before any frame is rendered, so no
    /// oversized sheet is ever allocated.
    public static func sizeProblem(frameSize: PixelSize, frameCount: Int, layout: Layout = Layout()) -> String? {
        let sheet = ContactSheetSink(path: "", frameCount: frameCount, layout: layout)
        let thumb = sheet.thumbnailSize(of: frameSize)
        let size = sheetSize(count: sheet.selected.count, columns: sheet.columns, thumbnailSize: thumb)
        let side = Limits.canvasSide.range.upperBound
        guard thumb.height <= side, size.width <= side, size.height <= side, size.pixelCount <= Limits.canvasPixels else {
            return "a contact sheet of \(sheet.selected.count) \(thumb.width)x\(thumb.height) thumbnails of \(frameSize) frames "
                + "would be \(size), more than \(side) px a side or \(Limits.canvasPixels / (1024 * 1024)) Mpx"
        }
        return nil
    }

    /// A thumbnail `thumbnailWidth` wide with the frame's aspect (its height clamped, so
    /// `checkSize` can report an absurd one instead of trapping).
    func thumbnailSize(of frame: PixelSize) -> PixelSize {
        let height = (Double(frame.height) * Double(thumbnailWidth) / Double(max(1, frame.width))).rounded()
        return PixelSize(width: thumbnailWidth, height: height.clampedInt(1...(1 << 40)))
    }

    public func write(_ frame: PixelBuffer, index: Int) throws(SegueError) {
        guard selected.contains(index), frame.width > 0, frame.height > 0 else { return }
        let thumb = frame.fitted(to: thumbnailSize(of: frame.size), mode: .stretch)
        thumbnails.withLock { $0[index] = thumb }
    }

    public func finish() throws(SegueError) {
        let thumbs = thumbnails.withLock { $0 }
        guard let first = thumbs.keys.min().flatMap({ thumbs[$0] }) else {
            throw SegueError(.internalError, "no frames reached the contact sheet", path: path)
        }
        try PNGCodec.write(Self.layout(thumbs, thumbnailSize: first.size, columns: columns, frameCount: frameCount),
                           to: path, compression: .default, colorSpace: colorSpace)
    }

    static let padding = 16
    static let labelScale = 2
    static var labelHeight: Int { BitmapFont.lineHeight * labelScale + 6 }

    /// Pixel size of a sheet of `count` thumbnails.
    public static func sheetSize(count: Int, columns: Int, thumbnailSize t: PixelSize) -> PixelSize {
        let cols = max(1, min(columns, count)), rows = (count + cols - 1) / cols
        return PixelSize(width: padding + cols * (t.width + padding),
                         height: padding + rows * (t.height + labelHeight + padding))
    }

    static func layout(_ thumbs: [Int: PixelBuffer], thumbnailSize t: PixelSize, columns: Int, frameCount: Int) -> PixelBuffer {
        let indices = thumbs.keys.sorted()
        let cols = max(1, min(columns, indices.count))
        var painter = Painter(size: sheetSize(count: indices.count, columns: columns, thumbnailSize: t),
                              background: Color(white: 0.17))
        let last = max(1, frameCount - 1)
        for (slot, index) in indices.enumerated() {
            let x = padding + (slot % cols) * (t.width + padding)
            let y = padding + (slot / cols) * (t.height + labelHeight + padding)
            let frame = Rect(x: Double(x), y: Double(y), width: Double(t.width), height: Double(t.height))
            painter.fillCheckerboard(frame, cell: 8, light: Color(white: 0.80), dark: Color(white: 0.62))
            if let thumb = thumbs[index] { painter.draw(thumb, x: x, y: y) }
            let percent = Int((Double(index) / Double(last) * 100).rounded())
            painter.drawText("#\(index)  \(percent)%", at: Point(x: Double(x), y: Double(y + t.height + 6)),
                             scale: labelScale, Color(white: 0.92))
        }
        return painter.buffer
    }
}
