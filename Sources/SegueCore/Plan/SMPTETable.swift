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
        SMPTETransition(1, "bar-wipe-lr", "A bar moves from left to right", .bars(vertical: true, [0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(2, "bar-wipe-tb", "A bar moves from top to bottom", .bars(vertical: false, [0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(3, "box-wipe-tl", "A box expands from the upper-left corner to the lower-right corner",
                        .triangles([0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1])),
        SMPTETransition(4, "box-wipe-tr", "A box expands from the upper-right corner to the lower-left corner",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1])),
        SMPTETransition(5, "box-wipe-br", "A box expands from the lower-right corner to the upper-left corner",
                        .triangles([0, 0, 1, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0])),
        SMPTETransition(6, "box-wipe-bl", "A box expands from the lower-left corner to the upper-right corner",
                        .triangles([0, 0, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1])),
        SMPTETransition(7, "four-box-wipe-ci", "A box shape expands from each of the four corners toward the center",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 2, 0, 0, 1, 1, 1, 2, 1, 1,
                                    1, 1, 1, 2, 1, 1, 2, 2, 0, 1, 1, 1, 1, 2, 1, 2, 2, 0, 1, 1, 1, 0, 2, 0, 1, 2, 1,
                                    0, 1, 1, 1, 1, 1, 0, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1], (1, 1, 0))),
        SMPTETransition(8, "four-box-wipe-co",
                        "A box shape expands from the center of each quadrant toward the corners of each quadrant",
                        .triangles([0, 0, 1, 2, 0, 1, 1, 1, 0, 2, 0, 1, 1, 1, 0, 2, 2, 1, 1, 1, 0, 0, 2, 1, 2, 2, 1,
                                    0, 0, 1, 1, 1, 0, 0, 2, 1, 2, 0, 1, 4, 0, 1, 3, 1, 0, 4, 0, 1, 3, 1, 0, 4, 2, 1,
                                    3, 1, 0, 2, 2, 1, 4, 2, 1, 2, 0, 1, 3, 1, 0, 2, 2, 1, 0, 2, 1, 2, 2, 1, 1, 3, 0,
                                    2, 2, 1, 1, 3, 0, 2, 4, 1, 1, 3, 0, 0, 4, 1, 2, 4, 1, 0, 2, 1, 1, 3, 0, 0, 4, 1,
                                    2, 2, 1, 4, 2, 1, 3, 3, 0, 4, 2, 1, 3, 3, 0, 4, 4, 1, 3, 3, 0, 2, 4, 1, 4, 4, 1,
                                    2, 2, 1, 3, 3, 0, 2, 4, 1], (2, 2, 0))),
        SMPTETransition(21, "barndoor-v", "A central, vertical line splits and expands toward the left and right edges",
                        .bars(vertical: true, [0, 0, 1, 1, 2, 0, 1, 0, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(22, "barndoor-h", "A central, horizontal line splits and expands toward the top and bottom edges",
                        .bars(vertical: false, [0, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(23, "box-wipe-tc", "A box expands from the top edge's midpoint to the bottom corners",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 2, 1, 1, 0, 0, 0, 2, 1, 2, 2, 1, 1, 0, 0, 2, 0, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(24, "box-wipe-rc", "A box expands from the right edge's midpoint to the left corners",
                        .triangles([0, 0, 1, 2, 0, 1, 2, 1, 0, 0, 0, 1, 2, 1, 0, 0, 2, 1, 2, 1, 0, 0, 2, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(25, "box-wipe-bc", "A box expands from the bottom edge's midpoint to the top corners",
                        .triangles([0, 0, 1, 0, 2, 1, 1, 2, 0, 0, 0, 1, 2, 0, 1, 1, 2, 0, 2, 0, 1, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(26, "box-wipe-lc", "A box expands from the left edge's midpoint to the right corners",
                        .triangles([0, 0, 1, 2, 0, 1, 0, 1, 0, 2, 0, 1, 0, 1, 0, 2, 2, 1, 0, 1, 0, 0, 2, 1, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(41, "diagonal-tl", "A diagonal line moves from the upper-left corner to the lower-right corner",
                        .triangles([0, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 2], (0, 0, 1))),
        SMPTETransition(42, "diagonal-tr", "A diagonal line moves from the upper right corner to the lower-left corner",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 2, 1, 1, 1], (0, 0, 1))),
        SMPTETransition(43, "bowtie-v", "Two wedge shapes slide in from the top and bottom edges toward the center",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1, 2, 1, 2,
                                    1, 1, 1, 2, 1, 2, 2, 2, 1, 1, 1, 1, 1, 2, 0, 2, 2, 1, 1, 1, 1, 0, 2, 1, 1, 2, 0,
                                    0, 1, 2, 1, 1, 1, 0, 2, 1, 0, 0, 1, 0, 1, 2, 1, 1, 1], (1, 1, 1))),
        SMPTETransition(44, "bowtie-h", "Two wedge shapes slide in from the left and right edges toward the center",
                        .triangles([0, 0, 1, 1, 0, 2, 1, 1, 1, 1, 0, 2, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1, 2, 1, 0,
                                    1, 1, 1, 2, 1, 0, 2, 2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 0, 2, 1, 1, 2, 2,
                                    0, 1, 0, 1, 1, 1, 0, 2, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1], (1, 1, 1))),
        SMPTETransition(45, "barndoor-dbl",
                        "A diagonal line from the lower-left to upper-right corners splits and expands toward the opposite corners",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1])),
        SMPTETransition(46, "barndoor-dtl",
                        "A diagonal line from upper-left to lower-right corners splits and expands toward the opposite corners",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0])),
        SMPTETransition(47, "misc-diagonal-dbd", "Four wedge shapes split from the center and retract toward the four edges",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 2, 0, 0, 1, 1, 0, 2, 0, 0, 1, 1, 0, 2, 1, 1,
                                    1, 1, 0, 2, 1, 1, 2, 2, 0, 1, 1, 0, 1, 2, 1, 2, 2, 0, 1, 1, 0, 0, 2, 0, 1, 2, 1,
                                    0, 1, 1, 1, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0], (1, 1, 0))),
        SMPTETransition(48, "misc-diagonal-dd",
                        "A diamond connecting the four edge midpoints simultaneously contracts toward the center and expands toward the edges",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 2, 0, 1, 2, 1, 0,
                                    1, 0, 0, 1, 1, 1, 2, 1, 0, 0, 1, 0, 1, 1, 1, 1, 2, 0, 0, 1, 0, 0, 2, 1, 1, 2, 0,
                                    1, 1, 1, 2, 1, 0, 1, 2, 0, 2, 1, 0, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(61, "vee-d", "A wedge shape moves from top to bottom",
                        .triangles([0, 0, 1, 1, 0, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1, 2, 1,
                                    1, 0, 0, 2, 0, 1, 1, 2, 1, 2, 0, 1, 1, 2, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(62, "vee-l", "A wedge shape moves from right to left",
                        .triangles([0, 0, 2, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 1, 2, 1, 0,
                                    0, 1, 1, 2, 1, 0, 2, 2, 1, 0, 1, 1, 0, 2, 2, 2, 2, 1], (1, 1, 1))),
        SMPTETransition(63, "vee-u", "A wedge shape moves from bottom to top",
                        .triangles([0, 0, 2, 1, 0, 1, 0, 2, 1, 1, 0, 1, 0, 2, 1, 1, 2, 0,
                                    1, 0, 1, 1, 2, 0, 2, 2, 1, 1, 0, 1, 2, 0, 2, 2, 2, 1], (1, 1, 1))),
        SMPTETransition(64, "vee-r", "A wedge shape moves from left to right",
                        .triangles([0, 0, 1, 2, 0, 2, 2, 1, 1, 0, 0, 1, 0, 1, 0, 2, 1, 1,
                                    0, 1, 0, 2, 1, 1, 0, 2, 1, 2, 1, 1, 0, 2, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(65, "barnvee-d",
                        "A 'V' shape extending from the bottom edge's midpoint to the opposite corners contracts toward the center and expands toward the edges",
                        .triangles([0, 0, 0, 1, 0, 1, 1, 2, 0, 0, 0, 0, 0, 2, 1, 1, 2, 0,
                                    1, 0, 1, 2, 0, 0, 1, 2, 0, 2, 0, 0, 1, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(66, "barnvee-l",
                        "A 'V' shape extending from the left edge's midpoint to the opposite corners contracts toward the center and expands toward the edges",
                        .triangles([0, 0, 1, 2, 0, 0, 0, 1, 0, 2, 0, 0, 0, 1, 0, 2, 1, 1,
                                    0, 1, 0, 2, 1, 1, 2, 2, 0, 0, 1, 0, 0, 2, 1, 2, 2, 0], (1, 1, 0))),
        SMPTETransition(67, "barnvee-u",
                        "A 'V' shape extending from the top edge's midpoint to the opposite corners contracts toward the center and expands toward the edges",
                        .triangles([0, 0, 1, 1, 0, 0, 0, 2, 0, 1, 0, 0, 0, 2, 0, 1, 2, 1,
                                    1, 0, 0, 1, 2, 1, 2, 2, 0, 1, 0, 0, 2, 0, 1, 2, 2, 0], (1, 1, 0))),
        SMPTETransition(68, "barnvee-r",
                        "A 'V' shape extending from the right edge's midpoint to the opposite corners contracts toward the center and expands toward the edges",
                        .triangles([0, 0, 0, 2, 0, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 2, 1, 0,
                                    0, 1, 1, 2, 1, 0, 0, 2, 0, 2, 1, 0, 0, 2, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(101, "iris-rect", "A rectangle expands from the center.",
                        .triangles([0, 0, 1, 2, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 2, 1,
                                    1, 1, 0, 0, 2, 1, 2, 2, 1, 2, 0, 1, 1, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(201, "clock-cw12", "A radial hand sweeps clockwise from the twelve o'clock position",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 2, 2, 0, 1, 3, 1, 1, 0, 0, 1, 3, 1, 0, 4], (1, 1, 2))),
        SMPTETransition(202, "clock-cw3", "A radial hand sweeps clockwise from the three o'clock position",
                        .sweeps([1, 1, 0, 1, 0, 3, 2, 1, 4, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 1, 0, 1, 2, 1, 1, 0, 0, 1, 2, 1, 0, 3], (1, 1, 2))),
        SMPTETransition(203, "clock-cw6", "A radial hand sweeps clockwise from the six o'clock position",
                        .sweeps([1, 1, 0, 1, 0, 2, 2, 1, 3, 1, 1, 0, 2, 1, 3, 1, 2, 4,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 2], (1, 1, 2))),
        SMPTETransition(204, "clock-cw9", "A radial hand sweeps clockwise from the nine o'clock position",
                        .sweeps([1, 1, 0, 1, 0, 1, 2, 1, 2, 1, 1, 0, 2, 1, 2, 1, 2, 3,
                                 1, 1, 0, 1, 2, 3, 0, 1, 4, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 2))),
        SMPTETransition(205, "pinwheel-tbv", "Two radial hands sweep clockwise from the twelve and six o'clock positions",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 2], (1, 1, 1))),
        SMPTETransition(206, "pinwheel-tbh", "Two radial hands sweep clockwise from the nine and three o'clock positions",
                        .sweeps([1, 1, 0, 1, 0, 1, 2, 1, 2, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 1, 0, 1, 2, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 1))),
        SMPTETransition(207, "pinwheel-fb", "Four radial hands sweep clockwise",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 1, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1], (1, 1, 0))),
        SMPTETransition(211, "fan-ct", "A fan unfolds from the top edge, the fan axis at the center",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 2, 1, 1, 1, 2, 2,
                                 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 2, 2], (1, 1, 1))),
        SMPTETransition(212, "fan-cr", "A fan unfolds from the right edge, the fan axis at the center",
                        .sweeps([1, 1, 0, 2, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 2,
                                 1, 1, 0, 2, 1, 0, 1, 2, 1, 1, 1, 0, 1, 2, 1, 0, 1, 2], (1, 1, 1))),
        SMPTETransition(213, "doublefan-fov", "Two fans, their axes at the center, unfold from the top and bottom",
                        .sweeps([1, 1, 0, 1, 0, 0, 2, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1,
                                 1, 1, 0, 1, 2, 0, 2, 1, 1, 1, 1, 0, 1, 2, 0, 0, 1, 1], (1, 1, 0))),
        SMPTETransition(214, "doublefan-foh", "Two fans, their axes at the center, unfold from the left and right",
                        .sweeps([1, 1, 0, 2, 1, 0, 1, 0, 1, 1, 1, 0, 2, 1, 0, 1, 2, 1,
                                 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 1, 2, 1], (1, 1, 0))),
        SMPTETransition(221, "singlesweep-cwt", "A radial hand sweeps clockwise from the top edge's midpoint",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 2, 1, 1, 0, 0, 1, 2, 1, 0, 0, 2], (1, 1, 1))),
        SMPTETransition(222, "singlesweep-cwr", "A radial hand sweeps clockwise from the right edge's midpoint",
                        .sweeps([2, 1, 0, 2, 2, 0, 0, 1, 1, 2, 1, 0, 0, 1, 1, 2, 0, 2], (1, 1, 1))),
        SMPTETransition(223, "singlesweep-cwb", "A radial hand sweeps clockwise from the bottom edge's midpoint",
                        .sweeps([1, 2, 0, 0, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(224, "singlesweep-cwl", "A radial hand sweeps clockwise from the left edge's midpoint",
                        .sweeps([0, 1, 0, 0, 0, 0, 2, 1, 1, 0, 1, 0, 2, 1, 1, 0, 2, 2], (1, 1, 1))),
        SMPTETransition(225, "doublesweep-pv",
                        "Two radial hands sweep clockwise and counter-clockwise from the top and bottom edges' midpoints",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 2, 1, 1, 2, 0, 0, 2, 0, 1, 0, 1], (1, 1, 0))),
        SMPTETransition(226, "doublesweep-pd",
                        "Two radial hands sweep clockwise and counter-clockwise from the left and right edges' midpoints",
                        .sweeps([0, 1, 0, 0, 0, 0, 2, 1, 1, 2, 1, 0, 2, 2, 0, 0, 1, 1], (1, 1, 0))),
        SMPTETransition(227, "doublesweep-ov",
                        "Two radial hands attached at the top and bottom edges' midpoints sweep from right to left",
                        .sweeps([1, 0, 0, 2, 0, 0, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 2,
                                 1, 2, 0, 2, 2, 0, 1, 1, 1, 1, 2, 0, 1, 1, 1, 0, 2, 2], (1, 1, 1))),
        SMPTETransition(228, "doublesweep-oh",
                        "Two radial hands attached at the left and right edges' midpoints sweep from top to bottom",
                        .sweeps([0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0, 2, 2,
                                 2, 1, 0, 2, 0, 0, 1, 1, 1, 2, 1, 0, 1, 1, 1, 2, 2, 2], (1, 1, 1))),
        SMPTETransition(231, "fan-t", "A fan unfolds from the bottom, the fan axis at the top edge's midpoint",
                        .sweeps([1, 0, 0, 1, 2, 0, 2, 0, 1, 1, 0, 0, 1, 2, 0, 0, 0, 1], (1, 1, 0))),
        SMPTETransition(232, "fan-r", "A fan unfolds from the left, the fan axis at the right edge's midpoint",
                        .sweeps([2, 1, 0, 0, 1, 0, 2, 0, 1, 2, 1, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(233, "fan-b", "A fan unfolds from the top, the fan axis at the bottom edge's midpoint",
                        .sweeps([1, 2, 0, 1, 0, 0, 2, 2, 1, 1, 2, 0, 1, 0, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(234, "fan-l", "A fan unfolds from the right, the fan axis at the left edge's midpoint",
                        .sweeps([0, 1, 0, 2, 1, 0, 0, 0, 1, 0, 1, 0, 2, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(235, "doublefan-fiv", "Two fans, their axes at the top and bottom, unfold from the center",
                        .sweeps([1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 2, 0, 1,
                                 1, 2, 0, 1, 1, 0, 2, 2, 1, 1, 2, 0, 1, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(236, "doublefan-fih", "Two fans, their axes at the left and right, unfold from the center",
                        .sweeps([0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 2, 1,
                                 2, 1, 0, 1, 1, 0, 2, 0, 1, 2, 1, 0, 1, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(241, "singlesweep-cwtl", "A radial hand sweeps clockwise from the upper-left corner",
                        .sweeps([0, 0, 0, 1, 0, 0, 0, 1, 1], (0, 0, 0))),
        SMPTETransition(242, "singlesweep-cwbl", "A radial hand sweeps counter-clockwise from the lower-left corner.",
                        .sweeps([0, 1, 0, 1, 1, 0, 0, 0, 1], (0, 0, 0))),
        SMPTETransition(243, "singlesweep-cwbr", "A radial hand sweeps clockwise from the lower-right corner",
                        .sweeps([1, 1, 0, 0, 1, 0, 1, 0, 1], (0, 0, 0))),
        SMPTETransition(244, "singlesweep-cwtr", "A radial hand sweeps counter-clockwise from the upper-right corner",
                        .sweeps([1, 0, 0, 0, 0, 0, 1, 1, 1], (0, 0, 0))),
        SMPTETransition(245, "doublesweep-pdtl",
                        "Two radial hands attached at the upper-left and lower-right corners sweep down and up",
                        .fans([0, 0, 0, 2, 0, 0, 2, 2, 1, 2, 2, 0, 0, 2, 0, 0, 0, 1], (1, 1, 0))),
        SMPTETransition(246, "doublesweep-pdbl",
                        "Two radial hands attached at the lower-left and upper-right corners sweep down and up",
                        .fans([0, 2, 0, 0, 0, 0, 2, 0, 1, 2, 0, 0, 2, 2, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(251, "saloondoor-t", "Two radial hands attached at the upper-left and upper-right corners sweep down",
                        .sweeps([0, 0, 0, 1, 0, 0, 0, 2, 1, 2, 0, 0, 1, 0, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(252, "saloondoor-l", "Two radial hands attached at the upper-left and lower-left corners sweep to the right",
                        .sweeps([0, 0, 0, 0, 1, 0, 2, 0, 1, 0, 2, 0, 0, 1, 0, 2, 2, 1], (1, 1, 0))),
        SMPTETransition(253, "saloondoor-b", "Two radial hands attached at the lower-left and lower-right corners sweep up",
                        .sweeps([0, 2, 0, 1, 2, 0, 0, 0, 1, 2, 2, 0, 1, 2, 0, 2, 0, 1], (1, 1, 0))),
        SMPTETransition(254, "saloondoor-r", "Two radial hands attached at the upper-right and lower-right corners sweep to the left",
                        .sweeps([2, 0, 0, 2, 1, 0, 0, 0, 1, 2, 2, 0, 2, 1, 0, 0, 2, 1], (1, 1, 0))),
        SMPTETransition(261, "windshield-r",
                        "Two radial hands attached at the midpoints of the top and bottom halves sweep from right to left",
                        .sweeps([2, 1, 0, 2, 2, 0, 4, 1, 1, 2, 1, 0, 4, 1, 1, 2, 0, 2, 2, 1, 0, 2, 0, 2, 0, 1, 3,
                                 2, 1, 0, 0, 1, 3, 2, 2, 4, 2, 3, 0, 2, 2, 0, 4, 3, 1, 2, 3, 0, 4, 3, 1, 2, 4, 2,
                                 2, 3, 0, 2, 4, 2, 0, 3, 3, 2, 3, 0, 0, 3, 3, 2, 2, 4], (2, 2, 2))),
        SMPTETransition(262, "windshield-u",
                        "Two radial hands attached at the midpoints of the left and right halves sweep from top to bottom",
                        .sweeps([1, 2, 0, 2, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 0, 2, 2, 1, 2, 0, 0, 2, 2, 1, 4, 3,
                                 1, 2, 0, 1, 4, 3, 2, 2, 4, 3, 2, 0, 2, 2, 0, 3, 0, 1, 3, 2, 0, 3, 0, 1, 4, 2, 2,
                                 3, 2, 0, 4, 2, 2, 3, 4, 3, 3, 2, 0, 3, 4, 3, 2, 2, 4], (2, 2, 2))),
        SMPTETransition(263, "windshield-v",
                        "Two sets of radial hands attached at the midpoints of the top and bottom halves sweep from top to bottom and bottom to top",
                        .sweeps([2, 1, 0, 2, 0, 0, 4, 1, 1, 2, 1, 0, 4, 1, 1, 2, 2, 2, 2, 1, 0, 2, 0, 0, 0, 1, 1,
                                 2, 1, 0, 0, 1, 1, 2, 2, 2, 2, 3, 0, 2, 4, 0, 4, 3, 1, 2, 3, 0, 4, 3, 1, 2, 2, 2,
                                 2, 3, 0, 2, 4, 0, 0, 3, 1, 2, 3, 0, 0, 3, 1, 2, 2, 2], (2, 2, 1))),
        SMPTETransition(264, "windshield-h",
                        "Two sets of radial hands attached at the midpoints of the left and right halves sweep from left to right and right to left",
                        .sweeps([1, 2, 0, 0, 2, 0, 1, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 2, 1, 2, 0, 0, 2, 0, 1, 4, 1,
                                 1, 2, 0, 1, 4, 1, 2, 2, 2, 3, 2, 0, 4, 2, 0, 3, 0, 1, 3, 2, 0, 3, 0, 1, 2, 2, 2,
                                 3, 2, 0, 4, 2, 0, 3, 4, 1, 3, 2, 0, 3, 4, 1, 2, 2, 2], (2, 2, 1))),
    ]
}
