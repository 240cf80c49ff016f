import SegueCore

/// One of GStreamer's SMPTE 258M wipes as a Segue effect (`smpte:NAME`, also `smpte:NUMBER`):
/// a single `smpteWipe` command at GStreamer's position, the eased fraction, so any timing
/// drives it. Frame-equal to GStreamer's `smptealpha` (gst-plugins-good `gst/smpte/`) at the
/// same position, border and invert (docs/SMPTE.md).
public struct SMPTEWipeEffect: BuiltinEffect {
    public let transition: SMPTETransition
    public static let parameters: [ParameterBinding<SMPTEWipeEffect>] = [.init(\.$border), .init(\.$invert)]

    @Parameter("border", in: 0...Double(SMPTEWipe.maxBorder),
               "GStreamer's border: the soft edge's width in mask units, 0…65536 (65536 = the whole sweep; 0 = a hard edge); fractions are dropped.")
    var border = 0.0
    @Parameter("invert", "GStreamer's invert: the wipe runs the other way round (the mask turned around).")
    var invert = SMPTEInvert.false

    public init(transition: SMPTETransition) { self.transition = transition }

    /// Every wipe GStreamer has, named `smpte:NAME`, linear over a second.
    public static let entries: [EffectEntry] = SMPTETransition.all.map { transition in
        EffectEntry(SMPTEWipeEffect(transition: transition), name: EffectTable.smptePrefix + transition.name,
                    summary: "SMPTE \(transition.number) (smpte:\(transition.number)): \(transition.summary); frame-equal to GStreamer's smptealpha.",
                    defaultDuration: 1, defaultTiming: .linear)
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        // Linear timing gives GStreamer's position exactly: the time fraction itself, not the
        // linear Bézier solved to 1e-14, which can put ⌊65536 · position⌋ one step lower.
        let e = frame.timing == .linear ? min(max(frame.timeFraction, 0), 1) : frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .smpteWipe(SMPTEWipe(code: transition.number, from: .from, to: .to, position: e,
                                 border: Int(border.rounded(.towardZero)), invert: invert == .true)),
        ])
    }
}

/// GStreamer's boolean `invert`, as the words it takes.
public enum SMPTEInvert: String, ParameterChoice {
    case `false`, `true`
}
