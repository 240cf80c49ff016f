import SegueCore

extension PixelBuffer {
    /// The image as it is meant to be seen: the stored pixels turned and mirrored as
    /// `orientation` says, the width and height swapped for orientations 5–8 (none: as stored).
    func oriented(_ orientation: ExifOrientation?) -> PixelBuffer {
        guard let orientation, orientation != .rowTopColumnLeft else { return self }
        let (w, h) = (width, height)
        let out = orientation.swapsAxes ? PixelSize(width: h, height: w) : size
        // The stored pixel shown at (x, y) is (x·ax + y·bx + cx, x·ay + y·by + cy): stored row 0
        // goes to the edge the orientation names, and so does stored column 0.
        let (ax, bx, cx, ay, by, cy): (Int, Int, Int, Int, Int, Int) = switch orientation {
        case .rowTopColumnLeft: (1, 0, 0, 0, 1, 0)
        case .rowTopColumnRight: (-1, 0, w - 1, 0, 1, 0)
        case .rowBottomColumnRight: (-1, 0, w - 1, 0, -1, h - 1)
        case .rowBottomColumnLeft: (1, 0, 0, 0, -1, h - 1)
        case .rowLeftColumnTop: (0, 1, 0, 1, 0, 0)
        case .rowRightColumnTop: (0, 1, 0, -1, 0, h - 1)
        case .rowRightColumnBottom: (0, -1, w - 1, -1, 0, h - 1)
        case .rowLeftColumnBottom: (0, -1, w - 1, 1, 0, 0)
        }
        var result = PixelBuffer(size: out)
        bytes.withUnsafeBytes { source in
            let src = source.bindMemory(to: UInt32.self)
            result.bytes.withUnsafeMutableBytes { target in
                let dst = target.bindMemory(to: UInt32.self)
                for y in 0..<out.height {
                    for x in 0..<out.width {
                        dst[y * out.width + x] = src[(x * ay + y * by + cy) * w + x * ax + y * bx + cx]
                    }
                }
            }
        }
        return result
    }
}

extension Snapshot {
    /// The snapshot with its pixels turned as `orientation` says.
    func oriented(_ orientation: ExifOrientation?) -> Snapshot {
        Snapshot(name: name, straight: straight.oriented(orientation), color: color)
    }
}
