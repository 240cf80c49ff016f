import Foundation
import SegueCore

/// ffmpeg 9, the xfade oracle of the names Debian's ffmpeg 5.1 lacks or renders wrongly: the
/// static build bundled in the PyPI wheel imageio-ffmpeg, which `make test-deps` installs into
/// the test venv (Makefile, BROWSER_PYTHON_PACKAGES). `make test` passes its path as
/// SEGUE_FFMPEG9; a plain `swift test` asks the default venv's Python for it. Missing, or not
/// version 9, the checks fail naming `make test-deps`: they never skip.
enum FFmpeg9 {
    /// The default venv (the Makefile's BROWSER_VENV), from the package root.
    static let venvPython = URL(fileURLWithPath: #filePath)
        .appendingPathComponent("../../../../.build/browser-venv/bin/python").standardized.path

    /// The path of the ffmpeg 9 executable, or the error that says how to install it.
    static func executable() throws -> String { try located.get() }

    private static let located: Result<String, SegueError> = {
        let hint = "run make test-deps (it installs imageio-ffmpeg, whose wheel bundles ffmpeg 9) or set SEGUE_FFMPEG9"
        let path: String
        if let given = ProcessInfo.processInfo.environment["SEGUE_FFMPEG9"], !given.isEmpty {
            path = given
        } else {
            guard let printed = output(venvPython, ["-c", "import imageio_ffmpeg; print(imageio_ffmpeg.get_ffmpeg_exe())"]) else {
                return .failure(SegueError(.missingInput, "ffmpeg 9 not found: \(venvPython) cannot import imageio_ffmpeg; \(hint)"))
            }
            path = printed.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // imageio_ffmpeg falls back to the ffmpeg on PATH when its own binary is missing.
        guard let banner = output(path, ["-version"]), let version = banner.split(separator: " ").dropFirst(2).first,
              version.hasPrefix("9.") || version.hasPrefix("n9.") else {
            return .failure(SegueError(.missingInput, "\(path) is not ffmpeg 9; \(hint)"))
        }
        return .success(path)
    }()

    /// What `executable arguments` prints, or nil when it cannot run or fails.
    private static func output(_ executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
