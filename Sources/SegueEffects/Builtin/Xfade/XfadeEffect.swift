import SegueCore

/// One of ffmpeg's xfade transitions as a Segue effect (`xfade:NAME`): a single `xfade`
/// command at xfade's progress, `1 − eased fraction`, so any timing drives it.
public struct XfadeEffect: BuiltinEffect {
    public let transition: XfadeTransition

    /// Every transition, named `xfade:NAME`, linear over xfade's default second.
    /// Families with parameters have their own effect type.
    public static let entries: [EffectEntry] = XfadeTransition.allCases.map { transition in
        switch transition.family {
        case .wipes: entry(XfadeWipeEffect(transition: transition), transition)
        default: entry(XfadeEffect(transition: transition), transition)
        }
    }

    static func entry<E: BuiltinEffect>(_ effect: E, _ transition: XfadeTransition) -> EffectEntry {
        EffectEntry(effect, name: "xfade:" + transition.rawValue,
                    summary: "ffmpeg xfade '\(transition.rawValue)', frame-equal to ffmpeg with linear timing.",
                    defaultDuration: 1, defaultTiming: .linear)
    }

    public func plan(_ frame: FrameContext) -> FramePlan {
        let e = frame.easedProgress
        return FramePlan(size: frame.size, time: frame.time, progress: e, commands: [
            .xfade(XfadeCall(transition: transition, progress: 1 - e)),
        ])
    }
}
