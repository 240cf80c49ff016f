import SegueCore

/// Every built-in effect. `segue list`, the demo, the README and the parity tests all read
/// this table; adding an effect means adding its entry here.
public enum EffectTable {
    public static let all: [EffectEntry] = [
        Fade.entry,
        Push.pushEntry,
        Push.popEntry,
        Present.presentEntry,
        Present.dismissEntry,
        Diagonal.entry,
        Zoom.entry,
        MagicMove.entry,
        Card.entry,
        Bubble.entry,
        CircleReveal.entry,
        Iris.entry,
        LumaMask.entry,
        BlurDim.entry,
        CrossBlur.entry,
        StarWars.entry,
    ] + XfadeEffect.entries + SMPTEWipeEffect.entries

    /// The prefix of ffmpeg's xfade transitions (`xfade:wipeleft`); the bare name works too
    /// where no built-in effect has it.
    public static let xfadePrefix = "xfade:"

    /// The prefix of GStreamer's SMPTE wipes (`smpte:bar-wipe-lr`, or by number `smpte:1`).
    public static let smptePrefix = "smpte:"

    public static func entry(named name: String) -> EffectEntry? {
        all.first { $0.name == smpteName(name) } ?? all.first { $0.name == xfadePrefix + name }
    }

    /// `name` with an SMPTE wipe's number (`smpte:1`) replaced by its name (`smpte:bar-wipe-lr`).
    public static func smpteName(_ name: String) -> String {
        guard name.hasPrefix(smptePrefix), let number = Int(name.dropFirst(smptePrefix.count)),
              let transition = SMPTETransition(number: number) else { return name }
        return smptePrefix + transition.name
    }

    /// The entry for `name`, or an error listing the known names.
    public static func require(_ name: String) throws(SegueError) -> EffectEntry {
        guard let e = entry(named: name) else {
            throw .invalidInput("unknown effect '\(name)' (known: \(all.map(\.name).joined(separator: ", ")); or a .glsl file)")
        }
        return e
    }
}
