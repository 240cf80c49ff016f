/// The chunk layout of a PNG file (PNG 3rd edition, 5.3: length, type, data, CRC), for the
/// readers that look at chunks libpng does not hand over (`eXIf`) and the writer that replaces
/// colour chunks. CRCs are not checked here: libpng checks them when it decodes.
enum PNGChunks {
    /// Calls `body` with each chunk's type and data range, in order from `offset` (the first
    /// chunk after the signature by default), until `body` returns false or after IEND. Returns
    /// false when a chunk's length runs past the data.
    @discardableResult
    static func walk(_ png: [UInt8], from offset: Int = PNGCodec.signature.count,
                     _ body: (_ type: ArraySlice<UInt8>, _ data: Range<Int>) -> Bool) -> Bool {
        var i = offset
        while i + 12 <= png.count {
            let length = Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
            guard length <= png.count - i - 12 else { return false }
            let type = png[(i + 4)..<(i + 8)], data = (i + 8)..<(i + 8 + length)
            if !body(type, data) || type.elementsEqual("IEND".utf8) { return true }
            i = data.upperBound + 4
        }
        return true
    }
}
