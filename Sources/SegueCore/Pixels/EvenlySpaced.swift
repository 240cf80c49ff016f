/// `count` indices spread evenly over `0..<total`, always the first and the last (the two
/// ends of a transition): the frames a contact sheet shows, and those a format that cannot
/// play every frame keeps. `count` is clamped to `1...total`; an empty range gives `[0]`.
public func evenlySpacedIndices(_ count: Int, in total: Int) -> [Int] {
    let total = max(1, total), n = min(total, max(1, count))
    guard n > 1 else { return [0] }
    let last = Double(total - 1)
    return (0..<n).map { i in Int((Double(i) * last / Double(n - 1)).rounded()) }
}
