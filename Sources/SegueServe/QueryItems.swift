import Foundation

/// A URL query as ordered `key=value` pairs, percent-decoded, `+` read as a space (what a
/// browser's `URLSearchParams` writes). Order is kept: `param` repeats, and a later value of
/// the same parameter wins, as on the command line.
public struct QueryItems: Sendable, Hashable {
    public var pairs: [(key: String, value: String)]

    public init(_ pairs: [(key: String, value: String)]) { self.pairs = pairs }

    public init(query: String?) {
        pairs = (query ?? "").split(separator: "&", omittingEmptySubsequences: true).map { field in
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    public subscript(key: String) -> String? { pairs.last { $0.key == key }?.value }
    public func all(_ key: String) -> [String] { pairs.filter { $0.key == key }.map(\.value) }

    /// The same pairs with keys sorted (stable, so repeated keys keep their order): equal
    /// requests written in another order share one cache entry.
    public var normalised: String {
        pairs.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }
            .map { Self.encode($0.element.key) + "=" + Self.encode($0.element.value) }.joined(separator: "&")
    }

    public static func == (a: QueryItems, b: QueryItems) -> Bool { a.normalised == b.normalised }
    public func hash(into hasher: inout Hasher) { hasher.combine(normalised) }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
