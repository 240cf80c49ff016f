/// ffmpeg's `xfade` transitions (FFmpeg `libavfilter/vf_xfade.c`), by their ffmpeg names, in
/// the filter's own order. Segue runs each as the effect `xfade:NAME` on both renderers,
/// frame-equal to ffmpeg with linear timing (docs/XFADE.md).
public enum XfadeTransition: String, CaseIterable, Codable, Sendable {
    case fade, wipeleft, wiperight, wipeup, wipedown, slideleft, slideright, slideup, slidedown
    case circlecrop, rectcrop, distance, fadeblack, fadewhite, radial
    case smoothleft, smoothright, smoothup, smoothdown, circleopen, circleclose
    case vertopen, vertclose, horzopen, horzclose, dissolve, pixelize
    case diagtl, diagtr, diagbl, diagbr, hlslice, hrslice, vuslice, vdslice
    case hblur, fadegrays, wipetl, wipetr, wipebl, wipebr, squeezeh, squeezev, zoomin, fadefast, fadeslow
    // Added after ffmpeg 5.1 (Debian 12's ffmpeg has every case above, none below).
    case hlwind, hrwind, vuwind, vdwind
    case coverleft, coverright, coverup, coverdown, revealleft, revealright, revealup, revealdown

    /// Whether Debian 12's ffmpeg 5.1 knows this transition (the first 46 of the list).
    public var isInFFmpeg51: Bool {
        guard let index = Self.allCases.firstIndex(of: self), let last = Self.allCases.firstIndex(of: .fadeslow) else { return false }
        return index <= last
    }

    /// The group whose maths, and GL program (`Shaders/GLSL/xfade-<family>.frag`), it shares.
    public var family: XfadeFamily {
        switch self {
        case .fade, .fadeblack, .fadewhite, .fadegrays, .fadefast, .fadeslow, .dissolve, .distance: .fades
        case .pixelize, .hblur, .zoomin, .squeezeh, .squeezev: .warps
        case .wipeleft, .wiperight, .wipeup, .wipedown, .wipetl, .wipetr, .wipebl, .wipebr: .wipes
        case .slideleft, .slideright, .slideup, .slidedown, .coverleft, .coverright, .coverup, .coverdown,
             .revealleft, .revealright, .revealup, .revealdown: .slides
        case .smoothleft, .smoothright, .smoothup, .smoothdown: .smooth
        case .diagtl, .diagtr, .diagbl, .diagbr: .diagonals
        case .circlecrop, .rectcrop, .circleopen, .circleclose, .vertopen, .vertclose, .horzopen, .horzclose, .radial: .shapes
        case .hlslice, .hrslice, .vuslice, .vdslice: .slices
        case .hlwind, .hrwind, .vuwind, .vdwind: .winds
        }
    }

    /// Whether it reads xfade's noise (`XfadeNoiseField`).
    public var readsNoise: Bool { self == .dissolve || family == .winds }

    /// This transition's position among its family's members: the GL program's `u_transition`,
    /// and the value its name is defined as in that program.
    public var indexInFamily: Int {
        Self.allCases.filter { $0.family == family }.firstIndex(of: self) ?? 0
    }
}

/// Transitions that share maths: one software file and one GL program each.
public enum XfadeFamily: String, CaseIterable, Sendable {
    case fades, warps, wipes, slides, smooth, diagonals, shapes, slices, winds

    public var members: [XfadeTransition] { XfadeTransition.allCases.filter { $0.family == self } }
}

/// One xfade transition over the whole canvas, replacing it. Both images have the canvas's
/// size. `progress` is xfade's own: 1 shows `from`, 0 shows `to` (an effect passes
/// `1 − eased fraction`), so the maths reads as vf_xfade.c's.
public struct XfadeCall: Codable, Hashable, Sendable {
    public var transition: XfadeTransition
    public var progress: Double
    public var from: ImageRef
    public var to: ImageRef
    /// What xfade hard-codes; the defaults are its constants, so they stay frame-equal.
    public var settings: XfadeSettings

    public init(transition: XfadeTransition, progress: Double, from: ImageRef = .from, to: ImageRef = .to,
                settings: XfadeSettings = XfadeSettings()) {
        self.transition = transition; self.progress = progress; self.from = from; self.to = to; self.settings = settings
    }
}

/// The knobs Segue adds to xfade's transitions, each defaulting to the constant xfade uses.
public struct XfadeSettings: Codable, Hashable, Sendable {
    /// pixelize: how many blocks span the shorter side at the coarsest moment (halfway); xfade: 20.
    public var pixelizeBlocks = 20.0
    /// hblur: the widest box, as a fraction of the width (reached halfway); xfade: 0.5.
    public var hblurWidth = 0.5
    /// The wipes' edge width in canvas pixels; 0 is xfade's hard edge (`XfadeWipeRegion`).
    public var softness: Double = 0

    public init() {}
}
