import Foundation
import SegueAuthoring
import SegueCore
import SegueEffects
import Testing

/// Names resolve to built-ins or to the shader folder's files, one way for every command.
@Suite final class EffectCatalogTests {
    static let transition = """
    // Author: Segue tests
    // License: MIT
    vec4 transition(vec2 uv) { return mix(getFromColor(uv), getToColor(uv), progress); }
    """

    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "segue-catalog-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func write(_ name: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func builtinsResolveWithoutAFolder() throws {
        let catalog = EffectCatalog(builtins: EffectTable.all, shaderDirectory: folder)
        let fade = try catalog.resolve("fade")
        #expect(fade.shader == nil && fade.entry.name == "fade")
        #expect(catalog.effectNames == EffectTable.all.map(\.name))
    }

    @Test func folderFilesJoinAndOverrideBuiltins() throws {
        try write("ripple.glsl", Self.transition)
        try write("fade.glsl", Self.transition)
        let catalog = EffectCatalog(shaderDirectory: folder)
        #expect(try catalog.resolve("ripple").shader?.name == "ripple")
        #expect(try catalog.resolve("fade").shader != nil)
        #expect(catalog.effectNames.contains("ripple"))
        let listed = catalog.listing()
        #expect(listed.problems.isEmpty && listed.effects.map(\.entry.name).filter { $0 == "fade" }.count == 1)
    }

    @Test func unknownNamesListWhatIsKnown() {
        let catalog = EffectCatalog(shaderDirectory: folder)
        #expect { _ = try catalog.resolve("wobble") } throws: { error in
            let e = error as? SegueError
            return e?.kind == .invalidInput && e?.message.contains("unknown effect 'wobble' (known: ") == true
        }
    }

    @Test func missingFilesAreMissingInput() {
        let catalog = EffectCatalog(shaderDirectory: folder)
        #expect { _ = try catalog.resolve(folder + "/absent.glsl") } throws: { error in
            let e = error as? SegueError
            return e?.kind == .missingInput && e?.path == folder + "/absent.glsl" && e?.message.hasSuffix(": no such shader file") == true
        }
    }
}
