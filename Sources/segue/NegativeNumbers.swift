/// ArgumentParser reads any token starting with "-" as an option, so `--at -0.1` fails with
/// "Missing value for '--at'" instead of reaching the command's range check
/// (apple/swift-argument-parser#31 is open). Before parsing, a long option followed by a
/// negative number is joined into `--at=-0.1`, which ArgumentParser reads as that option's
/// value; the command then refuses it with the allowed range, as it does any other value.
enum NegativeNumbers {
    /// `arguments` (without the program name) with every `--option -number` pair joined.
    /// Nothing after a `--` terminator changes; `--option=value` and short options are left
    /// alone (no short option of Segue takes a number).
    static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            if token == "--" {
                result += arguments[index...]
                break
            }
            let next = arguments.index(after: index)
            if isLongOption(token), next < arguments.endIndex, looksNegative(arguments[next]) {
                result.append(token + "=" + arguments[next])
                index = arguments.index(after: next)
            } else {
                result.append(token)
                index = next
            }
        }
        return result
    }

    static func isLongOption(_ token: String) -> Bool {
        token.hasPrefix("--") && token.count > 2 && !token.contains("=")
    }

    /// `-1`, `-0.1`, `-.5`, `-1e5`, `-inf`, `-nan`, and number-led values such as `--frames -3`
    /// or `--at -0.5,1` (a list): a minus sign then a digit or a point, or any `Double`.
    static func looksNegative(_ token: String) -> Bool {
        guard token.hasPrefix("-"), let second = token.dropFirst().first else { return false }
        return second.isNumber || second == "." || Double(token) != nil
    }
}
