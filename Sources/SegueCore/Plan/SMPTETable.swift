/// A wipe's mask as GStreamer draws it: primitives on a grid of `width >> xShift` by
/// `height >> yShift` cells, values in steps of `65536 >> cShift`, drawn in order (a later one
/// overwrites). gst-plugins-good `gst/smpte/barboxwipes.c` (`wipe_config` and its tables).
struct SMPTEShape: Sendable {
    /// A corner of a primitive: grid position and value, in grid units.
    struct Corner: Sendable {
        var x: Int, y: Int, c: Int
    }

    enum Primitive: Sendable {
        /// A box from `a` to `b` (excluded), its value ramping left to right (`paint_vbox`).
        case verticalBar(Corner, Corner)
        /// A box from `a` to `b` (excluded), its value ramping top to bottom (`paint_hbox`).
        case horizontalBar(Corner, Corner)
        /// A triangle, its value interpolated along edges and spans (`paint_triangle_linear`).
        case triangle(Corner, Corner, Corner)
        /// A fan around `centre` from `start` to `end` on one straight side, its value by angle
        /// (`paint_triangle_clock`).
        case fan(centre: Corner, start: Corner, end: Corner)
        /// Two fans around `centre` sweeping the box corner between `start` and `end`
        /// (`paint_box_clock`).
        case sweep(centre: Corner, start: Corner, end: Corner)
    }

    var primitives: [Primitive]
    var xShift = 0, yShift = 0, cShift = 0

    /// Corners from a flat list of (x, y, value) triples, three per primitive.
    private static func triples(_ v: [Int], _ make: (Corner, Corner, Corner) -> Primitive) -> [Primitive] {
        stride(from: 0, to: v.count - 8, by: 9).map { i in
            make(Corner(x: v[i], y: v[i + 1], c: v[i + 2]), Corner(x: v[i + 3], y: v[i + 4], c: v[i + 5]),
                 Corner(x: v[i + 6], y: v[i + 7], c: v[i + 8]))
        }
    }

    static func triangles(_ v: [Int], _ shifts: (Int, Int, Int) = (0, 0, 0)) -> SMPTEShape {
        SMPTEShape(primitives: triples(v) { .triangle($0, $1, $2) }, xShift: shifts.0, yShift: shifts.1, cShift: shifts.2)
    }

    static func fans(_ v: [Int], _ shifts: (Int, Int, Int)) -> SMPTEShape {
        SMPTEShape(primitives: triples(v) { .fan(centre: $0, start: $1, end: $2) }, xShift: shifts.0, yShift: shifts.1, cShift: shifts.2)
    }

    static func sweeps(_ v: [Int], _ shifts: (Int, Int, Int)) -> SMPTEShape {
        SMPTEShape(primitives: triples(v) { .sweep(centre: $0, start: $1, end: $2) }, xShift: shifts.0, yShift: shifts.1, cShift: shifts.2)
    }

    static func bars(vertical: Bool, _ v: [Int], _ shifts: (Int, Int, Int)) -> SMPTEShape {
        let primitives = stride(from: 0, to: v.count - 5, by: 6).map { i -> Primitive in
            let a = Corner(x: v[i], y: v[i + 1], c: v[i + 2]), b = Corner(x: v[i + 3], y: v[i + 4], c: v[i + 5])
            return vertical ? .verticalBar(a, b) : .horizontalBar(a, b)
        }
        return SMPTEShape(primitives: primitives, xShift: shifts.0, yShift: shifts.1, cShift: shifts.2)
    }
}

/// The 70 wipes of GStreamer's smpte elements (gst-plugins-good `gst/smpte/barboxwipes.c`,
/// `definitions` and the tables its `wipe_config` names), in number order.
enum SMPTETable {
    static let rows: [SMPTETransition] = [
        SMPTETransition(1, "bar-wipe-lr", "Vertical edge sweeping left to right", .bars(vertical: true, [0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(2, "bar-wipe-tb", "Horizontal edge sweeping top to bottom", .bars(vertical: false, [0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(3, "box-wipe-tl", "Rectangle growing out of the top-left corner",
                        .triangles([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1])),
        SMPTETransition(4, "box-wipe-tr", "Rectangle growing out of the top-right corner",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1])),
        SMPTETransition(5, "box-wipe-br", "Rectangle growing out of the bottom-right corner",
                        .triangles([0, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0])),
        SMPTETransition(6, "box-wipe-bl", "Rectangle growing out of the bottom-left corner",
                        .triangles([0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1])),
        SMPTETransition(7, "four-box-wipe-ci", "Four rectangles growing in from the corners to meet mid-frame",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 2, 0, 0, 1, 1, 1, 2, 1, 1,
                                    1, 1, 1, 2, 1, 1, 2, 2, 0, 1, 1, 1, 1, 2, 1, 2, 2, 0, 1, 1, 1, 0, 2, 0, 1, 2, 1,
                                    0, 1, 1, 1, 1, 1, 0, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1], (1, 1, 0))),
        SMPTETransition(8, "four-box-wipe-co", "Four rectangles growing out from the centre of each quarter",
                        .triangles([0, 0, 1, 2, 0, 1, 1, 1, 0, 2, 0, 1, 1, 1, 0, 2, 2, 1, 1, 1, 0, 0, 2, 1, 2, 2, 1,
                                    0, 0, 1, 1, 1, 0, 0, 2, 1, 2, 0, 1, 4, 0, 1, 3, 1, 0, 4, 0, 1, 3, 1, 0, 4, 2, 1,
                                    3, 1, 0, 2, 2, 1, 4, 2, 1, 2, 0, 1, 3, 1, 0, 2, 2, 1, 0, 2, 1, 2, 2, 1, 1, 3, 0,
                                    2, 2, 1, 1, 3, 0, 2, 4, 1, 1, 3, 0, 0, 4, 1, 2, 4, 1, 0, 2, 1, 1, 3, 0, 0, 4, 1,
                                    2, 2, 1, 4, 2, 1, 3, 3, 0, 4, 2, 1, 3, 3, 0, 4, 4, 1, 3, 3, 0, 2, 4, 1, 4, 4, 1,
                                    2, 2, 1, 3, 3, 0, 2, 4, 1], (2, 2, 0))),
        SMPTETransition(21, "barndoor-v", "Two vertical edges parting from the middle to the sides",
                        .bars(vertical: true, [0, 0, 1, 1, 2, 0, 1, 0, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(22, "barndoor-h", "Two horizontal edges parting from the middle to top and bottom",
                        .bars(vertical: false, [0, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(23, "box-wipe-tc", "Rectangle growing down from the middle of the top edge",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 2, 1, 1, 0, 0, 0, 2, 1, 2, 2, 1, 1, 0, 0, 2, 0, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(24, "box-wipe-rc", "Rectangle growing leftward from the middle of the right edge",
                        .triangles([0, 0, 1, 2, 0, 1, 2, 1, 0, 0, 0, 1, 2, 1, 0, 0, 2, 1, 2, 1, 0, 0, 2, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(25, "box-wipe-bc", "Rectangle growing up from the middle of the bottom edge",
                        .triangles([0, 0, 1, 0, 2, 1, 1, 2, 0, 0, 0, 1, 2, 0, 1, 1, 2, 0, 2, 0, 1, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(26, "box-wipe-lc", "Rectangle growing rightward from the middle of the left edge",
                        .triangles([0, 0, 1, 2, 0, 1, 0, 1, 0, 2, 0, 1, 0, 1, 0, 2, 2, 1, 0, 1, 0, 0, 2, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(41, "diagonal-tl", "Diagonal edge sweeping from top-left to bottom-right",
                        .triangles([0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 2], (0, 0, 1))),
        SMPTETransition(42, "diagonal-tr", "Diagonal edge sweeping from top-right to bottom-left",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 2, 1, 1, 1], (0, 0, 1))),
        SMPTETransition(43, "bowtie-v", "Two wedges pushing in from top and bottom to the middle",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1, 2, 1, 2,
                                    1, 1, 1, 2, 1, 2, 2, 2, 1, 1, 1, 1, 1, 2, 0, 2, 2, 1, 1, 1, 1, 0, 2, 1, 1, 2, 0,
                                    0, 1, 2, 1, 1, 1, 0, 2, 1, 0, 0, 1, 0, 1, 2, 1, 1, 1], (1, 1, 1))),
        SMPTETransition(44, "bowtie-h", "Two wedges pushing in from left and right to the middle",
                        .triangles([0, 0, 1, 1, 0, 2, 1, 1, 1, 1, 0, 2, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1, 2, 1, 0,
                                    1, 1, 1, 2, 1, 0, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 0, 2, 1, 1, 2, 2,
                                    0, 1, 0, 1, 1, 1, 0, 2, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1], (1, 1, 1))),
        SMPTETransition(45, "barndoor-dbl", "Diagonal slit from bottom-left to top-right, opening to the other corners",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1])),
        SMPTETransition(46, "barndoor-dtl", "Diagonal slit from top-left to bottom-right, opening to the other corners",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0])),
        SMPTETransition(47, "misc-diagonal-dbd",
                        "Diagonal cross opening out, four triangles shrinking back to the edges",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 2, 0, 0, 1, 1, 0, 2, 0, 0, 1, 1, 0, 2, 1, 1,
                                    1, 1, 0, 2, 1, 1, 2, 2, 0, 1, 1, 0, 1, 2, 1, 2, 2, 0, 1, 1, 0, 0, 2, 0, 1, 2, 1,
                                    0, 1, 1, 1, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0], (1, 1, 0))),
        SMPTETransition(48, "misc-diagonal-dd", "Diamond outline through the edge middles, widening inward and outward",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 2, 0, 1, 2, 1, 0,
                                    1, 0, 0, 1, 1, 1, 2, 1, 0, 0, 1, 0, 1, 1, 1, 1, 2, 0, 0, 1, 0, 0, 2, 1, 1, 2, 0,
                                    1, 1, 1, 2, 1, 0, 1, 2, 0, 2, 1, 0, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(61, "vee-d", "Downward-pointing V sweeping from top to bottom",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1, 2, 1,
                                    1, 0, 0, 2, 0, 1, 1, 2, 1, 2, 0, 1, 1, 2, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(62, "vee-l", "Left-pointing V sweeping from right to left",
                        .triangles([0, 0, 2, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 1, 2, 1, 0,
                                    0, 1, 1, 2, 1, 0, 2, 2, 1, 0, 1, 1, 0, 2, 2, 2, 2, 1], (1, 1, 1))),
        SMPTETransition(63, "vee-u", "Upward-pointing V sweeping from bottom to top",
                        .triangles([0, 0, 2, 1, 0, 1, 0, 2, 1, 1, 0, 1, 0, 2, 1, 1, 2, 0,
                                    1, 0, 1, 1, 2, 0, 2, 2, 1, 1, 0, 1, 2, 0, 2, 2, 2, 1], (1, 1, 1))),
        SMPTETransition(64, "vee-r", "Right-pointing V sweeping from left to right",
                        .triangles([0, 0, 1, 2, 0, 2, 2, 1, 1, 0, 0, 1, 0, 1, 0, 2, 1, 1,
                                    0, 1, 0, 2, 1, 1, 0, 2, 1, 2, 1, 1, 0, 2, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(65, "barnvee-d", "V-shaped slit, tip at the bottom edge's middle, opening both ways",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 2, 0, 0, 0, 0, 0, 2, 1, 1, 2, 0,
                                    1, 0, 1, 2, 0, 0, 1, 2, 0, 2, 0, 0, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(66, "barnvee-l", "V-shaped slit, tip at the left edge's middle, opening both ways",
                        .triangles([0, 0, 1, 2, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 1, 1,
                                    0, 1, 0, 2, 1, 1, 2, 2, 0, 0, 1, 0, 0, 2, 1, 2, 2, 0], (1, 1, 0))),
        SMPTETransition(67, "barnvee-u", "V-shaped slit, tip at the top edge's middle, opening both ways",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 2, 0, 1, 0, 0, 0, 2, 0, 1, 2, 1,
                                    1, 0, 0, 1, 2, 1, 2, 2, 0, 1, 0, 0, 2, 0, 1, 2, 2, 0], (1, 1, 0))),
        SMPTETransition(68, "barnvee-r", "V-shaped slit, tip at the right edge's middle, opening both ways",
                        .triangles([0, 0, 0, 2, 0, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 2, 1, 0,
                                    0, 1, 1, 2, 1, 0, 0, 2, 0, 2, 1, 0, 0, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(101, "iris-rect", "Rectangle opening out from the centre",
                        .triangles([0, 0, 1, 2, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 2, 1,
                                    1, 1, 0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(201, "clock-cw12", "Clock hand turning clockwise from twelve",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 2, 2, 0, 1, 3, 1, 1, 0, 0, 1, 3, 1, 0, 4], (1, 1, 2))),
        SMPTETransition(202, "clock-cw3", "Clock hand turning clockwise from three",
                        .sweeps([1, 1, 0, 1, 0, 3, 2, 1, 4, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 1, 0, 1, 2, 1, 1, 0, 0, 1, 2, 1, 0, 3], (1, 1, 2))),
        SMPTETransition(203, "clock-cw6", "Clock hand turning clockwise from six",
                        .sweeps([1, 1, 0, 1, 0, 2, 2, 1, 3, 1, 1, 0, 2, 1, 3, 1, 2, 4,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 2], (1, 1, 2))),
        SMPTETransition(204, "clock-cw9", "Clock hand turning clockwise from nine",
                        .sweeps([1, 1, 0, 1, 0, 1, 2, 1, 2, 1, 1, 0, 2, 1, 2, 1, 2, 3,
                                 1, 1, 0, 1, 2, 3, 0, 1, 4, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 2))),
        SMPTETransition(205, "pinwheel-tbv", "Two opposite hands turning clockwise from twelve and six",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 2], (1, 1, 1))),
        SMPTETransition(206, "pinwheel-tbh", "Two opposite hands turning clockwise from three and nine",
                        .sweeps([1, 1, 0, 1, 0, 1, 2, 1, 2, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 1, 0, 1, 2, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 1))),
        SMPTETransition(207, "pinwheel-fb", "Four-bladed pinwheel turning clockwise",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 0))),
        SMPTETransition(211, "fan-ct", "Fan hinged at the centre, opening outward from straight up",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 2, 2], (1, 1, 1))),
        SMPTETransition(212, "fan-cr", "Fan hinged at the centre, opening outward from straight right",
                        .sweeps([1, 1, 0, 2, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 2,
                                 1, 1, 0, 2, 1, 0, 1, 2, 1, 1, 1, 0, 1, 2, 1, 0, 1, 2], (1, 1, 1))),
        SMPTETransition(213, "doublefan-fov", "Two fans hinged at the centre, opening from straight up and down",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1,
                                 1, 1, 0, 1, 2, 0, 2, 1, 1, 1, 1, 0, 1, 2, 0, 0, 1, 1], (1, 1, 0))),
        SMPTETransition(214, "doublefan-foh", "Two fans hinged at the centre, opening from straight left and right",
                        .sweeps([1, 1, 0, 2, 1, 0, 1, 0, 1, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 2, 1], (1, 1, 0))),
        SMPTETransition(221, "singlesweep-cwt", "Hand hinged at the middle of the top edge, turning clockwise",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 2, 1, 1, 0, 0, 1, 2, 1, 0, 0, 2], (1, 1, 1))),
        SMPTETransition(222, "singlesweep-cwr", "Hand hinged at the middle of the right edge, turning clockwise",
                        .sweeps([2, 1, 0, 2, 2, 0, 0, 1, 1, 2, 1, 0, 0, 1, 1, 2, 0, 2], (1, 1, 1))),
        SMPTETransition(223, "singlesweep-cwb", "Hand hinged at the middle of the bottom edge, turning clockwise",
                        .sweeps([1, 2, 0, 0, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(224, "singlesweep-cwl", "Hand hinged at the middle of the left edge, turning clockwise",
                        .sweeps([0, 1, 0, 0, 0, 0, 2, 1, 1, 0, 1, 0, 2, 1, 1, 0, 2, 2], (1, 1, 1))),
        SMPTETransition(225, "doublesweep-pv", "Two hands hinged at the top and bottom middles, each sweeping one half",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 2, 1, 1, 2, 0, 0, 2, 0, 1, 0, 1], (1, 1, 0))),
        SMPTETransition(226, "doublesweep-pd", "Two hands hinged at the left and right middles, each sweeping one half",
                        .sweeps([0, 1, 0, 0, 0, 0, 2, 1, 1, 2, 1, 0, 2, 2, 0, 0, 1, 1], (1, 1, 0))),
        SMPTETransition(227, "doublesweep-ov",
                        "Mirrored hands hinged at the top and bottom middles, swinging right to left",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 2,
                                 1, 2, 0, 2, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 0, 2, 2], (1, 1, 1))),
        SMPTETransition(228, "doublesweep-oh",
                        "Mirrored hands hinged at the left and right middles, swinging top to bottom",
                        .sweeps([0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 2, 2,
                                 2, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(231, "fan-t", "Fan hinged at the top middle, opening outward from straight down",
                        .sweeps([1, 0, 0, 1, 2, 0, 2, 0, 1, 1, 0, 0, 1, 2, 0, 0, 0, 1], (1, 1, 0))),
        SMPTETransition(232, "fan-r", "Fan hinged at the right middle, opening outward from straight left",
                        .sweeps([2, 1, 0, 0, 1, 0, 2, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(233, "fan-b", "Fan hinged at the bottom middle, opening outward from straight up",
                        .sweeps([1, 2, 0, 1, 0, 0, 2, 2, 1, 1, 2, 0, 1, 0, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(234, "fan-l", "Fan hinged at the left middle, opening outward from straight right",
                        .sweeps([0, 1, 0, 2, 1, 0, 0, 0, 1, 0, 1, 0, 2, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(235, "doublefan-fiv", "Fans hinged at the top and bottom middles, opening from the centre line",
                        .sweeps([1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 0, 1,
                                 1, 2, 0, 1, 1, 0, 2, 2, 1, 1, 2, 0, 1, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(236, "doublefan-fih", "Fans hinged at the left and right middles, opening from the centre line",
                        .sweeps([0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 2, 1,
                                 2, 1, 0, 1, 1, 0, 2, 0, 1, 2, 1, 0, 1, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(241, "singlesweep-cwtl", "Hand hinged at the top-left corner, turning clockwise",
                        .sweeps([0, 0, 0, 1, 0, 0, 0, 1, 1], (0, 0, 0))),
        SMPTETransition(242, "singlesweep-cwbl", "Hand hinged at the bottom-left corner, turning anticlockwise",
                        .sweeps([0, 1, 0, 1, 1, 0, 0, 0, 1], (0, 0, 0))),
        SMPTETransition(243, "singlesweep-cwbr", "Hand hinged at the bottom-right corner, turning clockwise",
                        .sweeps([1, 1, 0, 0, 1, 0, 1, 0, 1], (0, 0, 0))),
        SMPTETransition(244, "singlesweep-cwtr", "Hand hinged at the top-right corner, turning anticlockwise",
                        .sweeps([1, 0, 0, 0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(245, "doublesweep-pdtl",
                        "Hands hinged at the top-left and bottom-right corners, swinging to the diagonal",
                        .fans([0, 0, 0, 2, 0, 0, 2, 2, 1, 2, 2, 0, 0, 2, 0, 0, 0, 1], (1, 1, 0))),
        SMPTETransition(246, "doublesweep-pdbl",
                        "Hands hinged at the bottom-left and top-right corners, swinging to the diagonal",
                        .fans([0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 0, 0, 2, 2, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(251, "saloondoor-t", "Two doors hinged at the top corners, swinging downward",
                        .sweeps([0, 0, 0, 1, 0, 0, 0, 2, 1, 2, 0, 0, 1, 0, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(252, "saloondoor-l", "Two doors hinged at the left corners, swinging rightward",
                        .sweeps([0, 0, 0, 0, 1, 0, 2, 0, 1, 0, 2, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(253, "saloondoor-b", "Two doors hinged at the bottom corners, swinging upward",
                        .sweeps([0, 2, 0, 1, 2, 0, 0, 0, 1, 2, 2, 0, 1, 2, 0, 2, 0, 1], (1, 1, 0))),
        SMPTETransition(254, "saloondoor-r", "Two doors hinged at the right corners, swinging leftward",
                        .sweeps([2, 0, 0, 2, 1, 0, 0, 0, 1, 2, 2, 0, 2, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(261, "windshield-r", "Two wipers centred in the top and bottom halves, swinging right to left",
                        .sweeps([2, 1, 0, 2, 2, 0, 4, 1, 1, 2, 1, 0, 4, 1, 1, 2, 0, 2, 2, 1, 0, 2, 0, 2, 0, 1, 3,
                                 2, 1, 0, 0, 1, 3, 2, 2, 4, 2, 3, 0, 2, 2, 0, 4, 3, 1, 2, 3, 0, 4, 3, 1, 2, 4, 2,
                                 2, 3, 0, 2, 4, 2, 0, 3, 3, 2, 3, 0, 0, 3, 3, 2, 2, 4], (2, 2, 2))),
        SMPTETransition(262, "windshield-u", "Two wipers centred in the left and right halves, swinging top to bottom",
                        .sweeps([1, 2, 0, 2, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 0, 2, 2, 1, 2, 0, 0, 2, 2, 1, 4, 3,
                                 1, 2, 0, 1, 4, 3, 2, 2, 4, 3, 2, 0, 2, 2, 0, 3, 0, 1, 3, 2, 0, 3, 0, 1, 4, 2, 2,
                                 3, 2, 0, 4, 2, 2, 3, 4, 3, 3, 2, 0, 3, 4, 3, 2, 2, 4], (2, 2, 2))),
        SMPTETransition(263, "windshield-v",
                        "Twin fans centred in the top and bottom halves, opening toward the middle",
                        .sweeps([2, 1, 0, 2, 0, 0, 4, 1, 1, 2, 1, 0, 4, 1, 1, 2, 2, 2, 2, 1, 0, 2, 0, 0, 0, 1, 1,
                                 2, 1, 0, 0, 1, 1, 2, 2, 2, 2, 3, 0, 2, 4, 0, 4, 3, 1, 2, 3, 0, 4, 3, 1, 2, 2, 2,
                                 2, 3, 0, 2, 4, 0, 0, 3, 1, 2, 3, 0, 0, 3, 1, 2, 2, 2], (2, 2, 1))),
        SMPTETransition(264, "windshield-h",
                        "Twin fans centred in the left and right halves, opening toward the middle",
                        .sweeps([1, 2, 0, 0, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 2, 1, 2, 0, 0, 2, 0, 1, 4, 1,
                                 1, 2, 0, 1, 4, 1, 2, 2, 2, 3, 2, 0, 4, 2, 0, 3, 0, 1, 3, 2, 0, 3, 0, 1, 2, 2, 2,
                                 3, 2, 0, 4, 2, 0, 3, 4, 1, 3, 2, 0, 3, 4, 1, 2, 2, 2], (2, 2, 1))),
    ]
}
