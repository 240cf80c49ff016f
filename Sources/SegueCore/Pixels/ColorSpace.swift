/// The colour space a job works in: what the numbers of its pixels mean, from the snapshots it
/// reads to the files it writes (docs/IO.md, "Colour"). Both use the sRGB transfer curve and a
/// D65 white; Display P3 has wider primaries (SMPTE EG 432-1), those of every iPhone screenshot
/// since the iPhone 7, so keeping it end to end does not clip their saturated colours.
public enum ColorSpace: String, CaseIterable, Codable, Sendable {
    case srgb
    case displayP3 = "display-p3"
}

/// `--colorspace`: a working space, or `auto`: Display P3 when every snapshot read from a file
/// is in Display P3, else sRGB (the space untagged images and the built-in samples are in).
public enum ColorSpaceChoice: String, CaseIterable, Codable, Sendable {
    case auto
    case srgb
    case displayP3 = "display-p3"

    /// The working space for snapshots whose own spaces are `snapshots` (nil: a space that is
    /// neither, such as Adobe RGB). The one rule every command, spec file and `serve` request
    /// goes through.
    public func resolved(snapshots: [ColorSpace?]) -> ColorSpace {
        switch self {
        case .srgb: .srgb
        case .displayP3: .displayP3
        case .auto: !snapshots.isEmpty && snapshots.allSatisfy { $0 == .displayP3 } ? .displayP3 : .srgb
        }
    }
}
