import Foundation
import SegueCore

/// The only files `segue serve` reads on a request's behalf: the shader folder's `*.glsl`, the
/// shader files named on the command line, and the image folder's PNG/JPEG files. A request
/// names a file by its name relative to its folder; anything else — `..`, an absolute path, a
/// sub-folder, a symlink whose target lies outside the folder — is refused before a byte is
/// read, so a page (or anyone who can reach the port) cannot read the rest of the disk.
public struct ServedFiles: Sendable {
    /// A served file: the name requests use, and its path as the server was given it (the
    /// folder as given joined with the name: what `segue list` and error messages show).
    public struct File: Sendable, Hashable {
        public var name: String
        public var path: String
    }

    public let shaderDirectory: String?
    public let namedShaders: [String]
    public let imageDirectory: String?

    static let shaderExtensions: Set<String> = ["glsl"]
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    public init(shaderDirectory: String?, namedShaders: [String], imageDirectory: String?) {
        self.shaderDirectory = shaderDirectory
        self.namedShaders = namedShaders
        self.imageDirectory = imageDirectory
    }

    /// The folder's shaders, then the named files (by base name), sorted within each.
    public func shaders() -> [File] {
        var files = shaderDirectory.map { Self.files(in: $0, extensions: Self.shaderExtensions) } ?? []
        let taken = Set(files.map(\.name))
        for path in namedShaders {
            let name = (path as NSString).lastPathComponent
            if !taken.contains(name) { files.append(File(name: name, path: path)) }
        }
        return files
    }

    public func images() -> [File] {
        imageDirectory.map { Self.files(in: $0, extensions: Self.imageExtensions) } ?? []
    }

    /// The shader file `name` (`ripple.glsl`, or the effect name `ripple`), or nil when no
    /// served shader has that name.
    public func shader(named name: String) throws(SegueError) -> File? {
        try Self.checkName(name, what: "shader")
        return shaders().first { $0.name == name || ($0.name as NSString).deletingPathExtension == name }
    }

    /// The image file `name`: refused (`ServeFailure.forbidden`) when the name could reach
    /// outside the image folder, missing when the folder has no such file.
    public func image(named name: String) throws(ServeFailure) -> File {
        do throws(SegueError) { try Self.checkName(name, what: "image") } catch { throw .forbidden(error) }
        if let file = images().first(where: { $0.name == name }) { return file }
        if let imageDirectory, Self.pointsOutside(name, in: imageDirectory) {
            throw .forbidden(.usage("image \(name): a link to a file outside the served image folder"))
        }
        let folder = imageDirectory == nil ? "no image folder is served (segue serve --images DIR)" : "not in the served image folder"
        throw .segue(SegueError(.missingInput, "no such image (\(folder))", path: name))
    }

    /// Every served file, for the change watcher.
    public func all() -> [File] { shaders() + images() }

    /// A name is one plain file name: no folder part, no `..`, not absolute, not hidden.
    static func checkName(_ name: String, what: String) throws(SegueError) {
        if name.isEmpty { throw .usage("\(what): empty name") }
        if name.hasPrefix("/") { throw .usage("\(what) \(name): absolute paths are refused; give a file name from the served folder") }
        if name.contains("/") || name.contains("\\") || name == ".." || name.hasPrefix(".") || name.contains("\0") {
            throw .usage("\(what) \(name): only file names from the served folders are accepted (no folders, no ..)")
        }
    }

    /// Regular files directly in `folder` with one of the extensions whose real path (links
    /// followed) is inside the folder's real path.
    static func files(in folder: String, extensions: Set<String>) -> [File] {
        guard let root = realPath(folder), let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return names.sorted().compactMap { name -> File? in
            guard !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension.lowercased()) else { return nil }
            guard let real = realPath(root + "/" + name), real.hasPrefix(root + "/"), isRegularFile(real) else { return nil }
            return File(name: name, path: (folder as NSString).appendingPathComponent(name))
        }
    }

    static func pointsOutside(_ name: String, in folder: String) -> Bool {
        guard let root = realPath(folder), let real = realPath(root + "/" + name) else { return false }
        return !real.hasPrefix(root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
