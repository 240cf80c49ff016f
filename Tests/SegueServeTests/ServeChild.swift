import Foundation
import SegueTestSupport
import SegueCore

/// A `segue serve --port 0 …` child process, as a user starts it: the first line of its
/// stdout is the URL. Stopped (SIGTERM) by `stop()`; tests call it with `defer`.
final class ServeChild {
    let process = Process()
    let url: String
    let port: UInt16
    let folder: String
    private let stderrPipe = Pipe()


    /// Starts the server in `folder` (relative paths in `arguments` resolve there) and waits
    /// for its URL line (at most 20 s).
    init(_ arguments: [String], in folder: String) throws {
        self.folder = folder
        process.executableURL = URL(fileURLWithPath: try SegueBinary.path())
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = stderrPipe
        try process.run()
        var line: [UInt8] = []
        let reader = out.fileHandleForReading
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let byte = reader.readData(ofLength: 1)
            if byte.isEmpty { break }
            if byte.first == UInt8(ascii: "\n") { break }
            line.append(contentsOf: byte)
        }
        url = String(decoding: line, as: UTF8.self)
        guard url.hasPrefix("http://127.0.0.1:"), let port = UInt16(url.dropFirst("http://127.0.0.1:".count).dropLast()) else {
            process.terminate()
            let err = String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw SegueError(.internalError, "segue serve printed '\(url)' instead of its URL; stderr: \(err)")
        }
        self.port = port
    }

    /// SIGTERM, then the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func get(_ path: String, timeout: Double = 60, headers: [String] = []) throws -> HTTPReply {
        try RawHTTP.get(port: port, path: path, timeout: timeout, extraHeaders: headers)
    }
}

/// One HTTP response as the tests read it.
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    var contentType: String { headers["content-type"] ?? "" }
    var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]) ?? [:] }
    var errorObject: [String: Any] { json["error"] as? [String: Any] ?? [:] }
}

/// A plain-socket HTTP/1.1 client for the loopback server: no URLSession, so the tests see the
/// bytes the server sends (and can hold a server-sent-event stream open).
enum RawHTTP {
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SegueError(.io, "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw SegueError(.io, "connect to port \(port) failed") }
        return fd
    }

    /// A GET as a browser on the server's own page sends it (`Host` with the port), with any
    /// `extraHeaders` ("Name: value" lines; a `Host` among them replaces the usual one).
    static func send(_ fd: Int32, path: String, port: UInt16, extraHeaders: [String] = []) {
        let host = extraHeaders.contains { $0.lowercased().hasPrefix("host:") } ? [] : ["Host: 127.0.0.1:\(port)"]
        let lines = ["GET \(path) HTTP/1.1"] + host + extraHeaders + ["Connection: close"]
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n"
        _ = request.withCString { Glibc.send(fd, $0, strlen($0), 0) }
    }

    /// Reads until `stop` says the bytes are enough, the peer closes, or `timeout` passes.
    static func read(_ fd: Int32, timeout: Double, until stop: ([UInt8]) -> Bool = { _ in false }) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !stop(bytes) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let waitMs = Int32(max(1, min(200, deadline.timeIntervalSinceNow * 1000)))
            guard poll(&poller, 1, waitMs) >= 0 else { break }
            if poller.revents == 0 { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return bytes
    }

    static func get(port: UInt16, path: String, timeout: Double, extraHeaders: [String] = []) throws -> HTTPReply {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, path: path, port: port, extraHeaders: extraHeaders)
        return try parse(read(fd, timeout: timeout))
    }

    static func parse(_ bytes: [UInt8]) throws -> HTTPReply {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else {
            throw SegueError(.io, "no HTTP header in \(bytes.count) bytes")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        if let length = headers["content-length"].flatMap(Int.init) { body = Array(body.prefix(length)) }
        return HTTPReply(status: status, headers: headers, body: body)
    }

    static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < bytes.count {
            guard let lineEnd = (i..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else { break }
            guard let size = Int(String(decoding: bytes[i..<lineEnd], as: UTF8.self), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            out += bytes[start..<min(bytes.count, start + size)]
            i = start + size + 2
        }
        return out
    }
}

/// Runs `segue` to the end and returns its stdout bytes (tests compare them with the server's).
func segueOutput(_ arguments: [String], in folder: String) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
    let run = try SegueBinary.run(arguments, in: folder)
    return (run.status, Array(run.stdout), run.stderr)
}
