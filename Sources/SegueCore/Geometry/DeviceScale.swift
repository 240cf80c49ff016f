/// `--scale auto`: the device pixels per point of the screen a snapshot was taken on, inferred
/// from its size, so that parameters in points (insets, tile sizes, blur radii) come out the size
/// they are on that device. The rule, on the snapshot's shorter side in pixels (a landscape
/// screenshot infers what the portrait one does):
///
/// 1. 3 when a third of it is an iPhone width in points (`phoneWidths`: 1170 → 390 pt);
/// 2. else 2 when half of it is an iPhone width or an iPad width (`padWidths`: 1640 → 820 pt);
/// 3. else 1 (a 390×844 or 391×847 snapshot is a 1× screen; so is anything else).
///
/// A 1080-pixel side counts as 360 pt at 3×: 1920×1080 and 1080×1920 are the panels of the
/// 1080p phones (iPhone 6–8 Plus, most Android phones at 3×).
public enum DeviceScale {
    /// Portrait widths of iPhones in points: 320 (SE 1st generation) to 440 (16 Pro Max).
    public static let phoneWidths: ClosedRange<Double> = 320...440
    /// Portrait widths of iPads in points, all 2×: 744 (mini 6th generation) to 1032 (Pro 13-inch).
    public static let padWidths: ClosedRange<Double> = 744...1032

    /// Whether the rule knows `size`: an iPhone or iPad screen at 3× or 2×, or a 1× screen
    /// whose shorter side is itself an iPhone width in points (every iPad is 2×). Anything
    /// else — an App Store preview's 886×1920, a scaled recording — gets 1 only because
    /// nothing better is known.
    public static func isKnown(_ size: PixelSize) -> Bool {
        inferred(for: size) > 1 || phoneWidths.contains(Double(min(size.width, size.height)))
    }

    /// Whether `auto`'s 1 is a guess worth saying: the rule does not know `size`, yet it is as
    /// large as a screen (an 886×1920 App Store preview). A picture smaller than any screen in
    /// points (an icon, a test image) is drawn at 1 with nothing to tell.
    public static func isGuess(_ size: PixelSize) -> Bool {
        !isKnown(size) && Double(min(size.width, size.height)) >= phoneWidths.lowerBound
    }

    /// The scale of a screen whose snapshot is `size` pixels (see the type's rule).
    public static func inferred(for size: PixelSize) -> Double {
        let side = Double(min(size.width, size.height))
        if phoneWidths.contains(side / 3) { return 3 }
        if phoneWidths.contains(side / 2) || padWidths.contains(side / 2) { return 2 }
        return 1
    }
}
