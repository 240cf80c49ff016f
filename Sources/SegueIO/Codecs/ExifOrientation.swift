/// How a photo's stored pixels are turned for display: the Orientation tag (0x0112) of the
/// image's EXIF data (TIFF 6.0, section 8; the eight values of CIPA DC-008, "Exif"), found in a
/// JPEG's APP1 segment or a PNG's `eXIf` chunk (PNG 3rd edition). Phones store a photo as the
/// sensor saw it and set this tag, so a photo read without it comes out sideways.
public enum ExifOrientation: UInt16, Sendable, CaseIterable {
    /// Each case names where the stored image's first row and first column appear on screen.
    case rowTopColumnLeft = 1, rowTopColumnRight, rowBottomColumnRight, rowBottomColumnLeft
    case rowLeftColumnTop, rowRightColumnTop, rowRightColumnBottom, rowLeftColumnBottom

    /// Rows and columns swap places on screen (orientations 5–8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation recorded in an image file's EXIF data, or nil when there is none or it
    /// is not one of the eight values (viewers then show the pixels as stored).
    public static func of(imageFile data: [UInt8], format: ImageFile.Format) -> ExifOrientation? {
        let exif = format == .jpeg ? jpegExif(data) : pngExif(data)
        return exif.flatMap { tiffOrientation(data, $0) }
    }

    /// The TIFF structure inside the first APP1 segment that starts with `Exif\0\0`. Markers
    /// are walked up to the first scan (SOS), each length checked against the file.
    static func jpegExif(_ data: [UInt8]) -> Range<Int>? {
        var i = 2
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xFF { i += 1; continue }                     // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }   // no length
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.count else { return nil }
            let body = (i + 4)..<(i + 2 + length)
            if marker == 0xE1, data[body].starts(with: exifHeader) { return (body.lowerBound + exifHeader.count)..<body.upperBound }
            i = body.upperBound
        }
        return nil
    }

    /// The data of the `eXIf` chunk (a TIFF structure; a stray `Exif\0\0` prefix, which some
    /// writers add, is skipped). Chunks are walked to IEND, each length checked (`PNGChunks`).
    static func pngExif(_ data: [UInt8]) -> Range<Int>? {
        var found: Range<Int>?
        PNGChunks.walk(data) { type, body in
            guard type.elementsEqual("eXIf".utf8) else { return true }
            found = data[body].starts(with: exifHeader) ? (body.lowerBound + exifHeader.count)..<body.upperBound : body
            return false
        }
        return found
    }

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The Orientation entry of IFD0 in the TIFF structure at `tiff`: byte order (`II`/`MM`),
    /// 42, IFD0's offset, then 12-byte entries; the tag must be a single SHORT.
    static func tiffOrientation(_ data: [UInt8], _ tiff: Range<Int>) -> ExifOrientation? {
        let bytes = data[tiff]
        guard bytes.count >= 8 else { return nil }
        let start = tiff.lowerBound
        let little: Bool
        switch (bytes[start], bytes[start + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= bytes.count else { return nil }
            return (0..<width).reduce(0) { value, k in
                let byte = Int(bytes[start + offset + (little ? width - 1 - k : k)])
                return value << 8 | byte
            }
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<count {
            let at = ifd + 2 + 12 * entry
            guard let tag = read(at, 2) else { return nil }
            if tag == 0x0112 {
                guard read(at + 2, 2) == 3, read(at + 4, 4) == 1, let value = read(at + 8, 2) else { return nil }
                return ExifOrientation(rawValue: UInt16(value))
            }
        }
        return nil
    }
}
