/// The accepted values of an option enum, for messages: its cases are the one list, so a
/// message cannot drift from what the parser takes.
extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// `auto, gl or software`.
    public static var choiceList: String {
        let names = allCases.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
