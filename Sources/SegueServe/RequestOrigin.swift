import Foundation
import SegueCore

/// Who may talk to `segue serve`: its own page, and programs on the machine (curl, scripts).
/// Not any web page the user happens to visit. Such a page can reach a loopback server in two
/// ways, and both are refused (403) before a route runs:
///
/// * **DNS rebinding**: the page's own host name is made to resolve to 127.0.0.1, so the
///   browser sends `Host: evil.example:PORT` and lets the page read the answers. Only the
///   names the server is reached by are accepted in `Host`: `localhost`, an IP address
///   literal (which no DNS answer can rebind), the `--host` name, and the machine's own host
///   name, each with the port the server listens on.
/// * **Cross-site requests**: a page's `<img src>` or `fetch` to the server (the browser marks
///   these with `Origin` and `Sec-Fetch-Site`). An `Origin` must be the server's own
///   (`http://` + the accepted `Host`), and the API answers only `Sec-Fetch-Site` `same-origin`
///   or `none` (typed into the address bar), so no other site can read frames or keep the
///   renderer busy.
public struct RequestOrigin: Sendable {
    /// The `--host` the server listens on.
    public let listenHost: String
    /// The machine's host name (`gethostname`).
    public let machineName: String

    public init(listenHost: String, machineName: String = RequestOrigin.hostName()) {
        self.listenHost = listenHost
        self.machineName = machineName
    }

    /// Nil when a request with these headers may be answered; else why not (one line).
    /// `port` is the port the server listens on; `isAPI`: an `/api/` route.
    public func problem(host: String?, origin: String?, fetchSite: String?, port: Int, isAPI: Bool) -> String? {
        guard let host, !host.isEmpty else { return "no Host header; segue serve answers requests for \(listenHost):\(port)" }
        guard accepts(authority: host, port: port) else {
            return "Host \(quoted(host)) is not a name this server is reached by (localhost, an IP address, \(listenHost), "
                + "\(machineName), with port \(port)): refused against DNS rebinding"
        }
        if let origin, origin.lowercased() != "http://" + host.lowercased() {
            return "Origin \(quoted(origin)) is not this server's own page (http://\(host)): cross-origin requests are refused"
        }
        if isAPI, let site = fetchSite?.lowercased(), site != "same-origin", site != "none" {
            return "Sec-Fetch-Site \(quoted(site)): the API answers only its own page"
        }
        return nil
    }

    /// `NAME:PORT` where NAME is one the server may be reached by and PORT its port.
    func accepts(authority: String, port: Int) -> Bool {
        guard let colon = authority.lastIndex(of: ":"), authority[authority.index(after: colon)...] == "\(port)" else { return false }
        let name = authority[..<colon].lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { return Self.isIPv6(String(name.dropFirst().dropLast())) }
        return name == "localhost" || name == listenHost.lowercased() || name == machineName.lowercased() || Self.isIPv4(name)
    }

    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    static func isIPv6(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    /// A header's value as the message shows it: quoted, control characters escaped.
    private func quoted(_ value: String) -> String { "'" + TerminalText.escaped(String(value.prefix(200))) + "'" }

    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
