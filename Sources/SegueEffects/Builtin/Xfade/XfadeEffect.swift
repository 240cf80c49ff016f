import SegueCore

/// One of ffmpeg's xfade transitions as a Segue effect (`xfade:NAME`): a single `xfade`
/// command at xfade's progress, `1 − eased fraction`, so any timing drives it. Transitions
/// with parameters have their own effect types (`XfadeWarpEffects.swift`, …), which plan
/// through `XfadeEffect.plan(_:_:settings:)`.
public struct XfadeEffect: XfadeTransitionEffect {
    public let transition: XfadeTransition

    /// Every transition, named `xfade:NAME`, linear over xfade's default second.
    public static let entries: [EffectEntry] = XfadeTransition.allCases.map { transition in
        switch transition {
        case .pixelize: entry(XfadePixelize(), transition)
        case .hblur: entry(XfadeHorizontalBlur(), transition)
        case .wipeleft, .wiperight, .wipeup, .wipedown, .wipetl, .wipetr, .wipebl, .wipebr:
            entry(XfadeWipeEffect(transition: transition), transition)
        default: entry(XfadeEffect(transition: transition), transition)
        }
    } + [EffectEntry(XfadeCustom(), name: EffectTable.xfadePrefix + "custom",
                     summary: "ffmpeg xfade 'custom': an ffmpeg expression per pixel and plane (expr=…), frame-equal to ffmpeg with linear timing.",
                     defaultDuration: 1, defaultTiming: .linear)]

    static func entry<E: BuiltinEffect>(_ effect: E, _ transition: XfadeTransition) -> EffectEntry {
        EffectEntry(effect, name: EffectTable.xfadePrefix + transition.rawValue,
                    summary: "ffmpeg xfade '\(transition.rawValue)', frame-equal to ffmpeg with linear timing.",
                    defaultDuration: 1, defaultTiming: .linear)
    }

    public func plan(_ frame: FrameContext) -> FramePlan { Self.plan(transition, frame) }

    /// The plan of `transition` at `frame`. xfade's progress is computed in single precision,
    /// `1 − Float(eased)`, as vf_xfade.c computes `1 − k/n` in float: with linear timing the
    /// frames get ffmpeg's exact progress values.
    static func plan(_ transition: XfadeTransition, _ frame: FrameContext, settings: XfadeSettings = XfadeSettings()) -> FramePlan {
        let e = frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .xfade(XfadeCall(transition: transition, progress: Double(1 - Float(e)), settings: settings)),
        ])
    }
}

/// An effect that runs one xfade transition. Its ends are xfade's own frames at P = 1 and 0,
/// not the snapshots alone: some transitions differ from their inputs there (squeezeh at
/// P = 1 shows `from` resampled), and ffmpeg renders those frames too.
public protocol XfadeTransitionEffect: BuiltinEffect {}

extension XfadeTransitionEffect {
    public func restingSnapshot(atEnd: Bool) -> ImageRef? { nil }
}
