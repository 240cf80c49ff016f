/// The elements of two screens matched by id (docs/MAGIC-MOVE.md): on both, an element moves
/// from its place on the first to its place on the second; on the first alone it leaves (fades
/// out in place); on the second alone it enters (fades in).
public struct ElementPair: Hashable, Sendable {
    public var id: String
    public var from: ScreenElement?
    public var to: ScreenElement?

    public enum Role: String, Sendable { case moves, leaves, enters }
    public var role: Role { from == nil ? .enters : (to == nil ? .leaves : .moves) }

    /// The pairs in drawing order, as CSS View Transitions orders its groups: the first
    /// screen's elements in its order, then those new on the second in its order.
    public static func matching(from: [ScreenElement], to: [ScreenElement]) -> [ElementPair] {
        var toByID: [String: ScreenElement] = [:]
        for e in to { toByID[e.id] = e }
        let fromIDs = Set(from.map(\.id))
        return from.map { ElementPair(id: $0.id, from: $0, to: toByID[$0.id]) }
            + to.filter { !fromIDs.contains($0.id) }.map { ElementPair(id: $0.id, from: nil, to: $0) }
    }
}
