import Foundation
import SegueCore
@testable import SegueIO
import SegueTestSupport
import Testing

/// `OutputConflicts`: the same file however it is reached, folders holding inputs, two outputs
/// in one place, and the places that are not conflicts.
@Suite struct OutputConflictsTests {
    let dir = TestFiles.temporaryDirectory("conflicts")

    func touch(_ name: String) { TestFiles.writeFile([1, 2, 3], dir + "/" + name) }

    func refusal(inputs: [NamedPath], outputs: [NamedPath]) -> SegueError? {
        do { try OutputConflicts.check(inputs: inputs, outputs: outputs); return nil } catch { return error }
    }

    @Test func theSameFileThroughLinksHardLinksAndDots() throws {
        touch("in.png")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/sub/link", withDestinationPath: "../in.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/chain", withDestinationPath: "sub/link")
        #expect(link(dir + "/in.png", dir + "/hard.png") == 0)
        for output in ["in.png", "sub/../in.png", "./sub/link", "chain", "hard.png", "sub//../in.png"] {
            let error = refusal(inputs: [NamedPath("--from", dir + "/in.png")], outputs: [NamedPath("-o", dir + "/" + output)])
            #expect(error?.kind == .usage && error?.message.contains("is --from \(dir)/in.png") == true, "\(output): \(error?.message ?? "accepted")")
        }
    }

    @Test func aLinkToAFileNotYetWrittenIsWhereItPoints() throws {
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "later.raw")
        let error = refusal(inputs: [], outputs: [NamedPath("-o", dir + "/later.raw"), NamedPath("--contact-sheet", dir + "/dangling")])
        #expect(error?.message.contains("is also where -o") == true, "\(error?.message ?? "accepted")")
    }

    @Test func foldersHoldWhatIsInsideThemAtAnyDepth() throws {
        try FileManager.default.createDirectory(atPath: dir + "/out/a/b", withIntermediateDirectories: true)
        touch("out/a/b/in.png")
        let input = NamedPath("--to", dir + "/out/a/b/in.png")
        for folder in ["out", "out/a", "out/a/b/", "out/./a"] {
            #expect(refusal(inputs: [input], outputs: [NamedPath("-o", dir + "/" + folder, isFolder: true)]) != nil, "\(folder)")
        }
        // The same folder names as a file output, or a sibling folder, hold nothing.
        #expect(refusal(inputs: [input], outputs: [NamedPath("-o", dir + "/out/a/bb", isFolder: true)]) == nil)
        #expect(refusal(inputs: [input], outputs: [NamedPath("-o", dir + "/out/a/b/other.png")]) == nil)
        // A file written into a folder another output fills is refused too.
        #expect(refusal(inputs: [], outputs: [NamedPath("-o", dir + "/f", isFolder: true), NamedPath("--audio", dir + "/f/x.wav")]) != nil)
    }

    @Test func theLockBesideAnOutputIsNotAnInput() {
        touch(".o.mp4.lock")
        #expect(refusal(inputs: [NamedPath("--gesture", dir + "/.o.mp4.lock")], outputs: [NamedPath("-o", dir + "/o.mp4")]) != nil)
    }

    @Test func stdoutAndDevicesAreNobodysFile() {
        touch("in.png")
        let input = [NamedPath("--from", dir + "/in.png")]
        #expect(refusal(inputs: input, outputs: [NamedPath("-o", "-"), NamedPath("--contact-sheet", "-")]) == nil)
        #expect(refusal(inputs: input, outputs: [NamedPath("-o", "/dev/null"), NamedPath("--contact-sheet", "/dev/null")]) == nil)
    }
}
