import Foundation
import Testing
import SegueCore
import SegueTestSupport
import SegueIO
import SeguePipeline
import SegueSoftware

/// Frames are owned explicitly (`FramePool`): the render loop takes a buffer, the sinks read
/// it, the last one gives it back. These tests prove no frame is copied on the way (a hidden
/// copy-on-write would show as a buffer address the pool never handed out) and that the
/// software renderer, like GL, keeps its working memory across frames.
struct FrameOwnershipTests {
    /// Records where each target's pixels live while it renders into them.
    final class AddressRecorder: FrameRenderer {
        let inner: any FrameRenderer
        var addresses: [UInt] = []
        var backendName: String { inner.backendName }
        init(_ inner: any FrameRenderer) { self.inner = inner }

        func render(_ plan: FramePlan, images: ImageSet, into target: inout PixelBuffer) throws(SegueError) {
            try inner.render(plan, images: images, into: &target)
            addresses.append(target.bytes.withUnsafeMutableBytes { UInt(bitPattern: $0.baseAddress) })
        }
    }

    /// A sink that holds each frame a little, so several are in flight at once.
    final class SlowSink: FrameSink, @unchecked Sendable {
        func write(_ frame: PixelBuffer, index: Int) throws(SegueError) { usleep(2000) }
        func finish() throws(SegueError) {}
    }

    /// A lone sink that converts frames in place (as `RawVideoSink` does): records where the
    /// pixels it changes live. A frame still shared would be copied on that write.
    final class InPlaceSink: OwningFrameSink, @unchecked Sendable {
        var addresses: [UInt] = []
        func write(owned frame: inout PixelBuffer, index: Int) throws(SegueError) {
            addresses.append(frame.bytes.withUnsafeMutableBytes { UInt(bitPattern: $0.baseAddress) })
            usleep(2000)
        }
        func write(_ frame: PixelBuffer, index: Int) throws(SegueError) { Issue.record("a lone owning sink is handed the buffer") }
        func finish() throws(SegueError) {}
    }

    func transition(_ effect: String) throws -> PreparedTransition {
        var request = TransitionRequest(effect: effect)
        request.fromImage = TestImages.photo(96, 64, seed: 1)
        request.toImage = TestImages.photo(96, 64, seed: 2)
        request.fps = 100
        request.duration = 1
        return try PreparedTransition(request)
    }

    @Test func hundredFramesReuseAFewBuffersWithoutCopies() throws {
        let t = try transition("push")
        let pool = FramePool(size: t.size)
        let recorder = AddressRecorder(SoftwareRenderer())
        let sinks: [any FrameSink] = [SlowSink(), NullSink(), SlowSink()]
        let stats = try FrameLoop.run(t, renderer: recorder, sinks: sinks, pool: pool)
        #expect(stats.frames == 101)
        // Frames in flight are bounded by the writer (cores + 1), plus the one rendering.
        #expect(pool.allocationCount <= SystemInfo.activeProcessorCount + 2, "\(pool.allocationCount) buffers")
        // Every frame was rendered in place into one of those buffers: no copy-on-write.
        #expect(Set(recorder.addresses).count <= pool.allocationCount)
    }

    @Test func aLoneOwningSinkChangesFramesInPlaceWithoutCopies() throws {
        let t = try transition("fade")
        let pool = FramePool(size: t.size)
        let recorder = AddressRecorder(SoftwareRenderer())
        let sink = InPlaceSink()
        let stats = try FrameLoop.run(t, renderer: recorder, sinks: [sink], pool: pool)
        #expect(stats.frames == 101 && sink.addresses.count == 101)
        #expect(pool.allocationCount <= SystemInfo.activeProcessorCount + 2, "\(pool.allocationCount) buffers")
        // The sink wrote into the very buffers the renderer drew: no copy-on-write either side.
        #expect(Set(sink.addresses).isSubset(of: Set(recorder.addresses)))
        #expect(Set(recorder.addresses).count <= pool.allocationCount)
    }

    /// A cut draws from its two clips' frames, buffers of the pool: they go back to it once
    /// the frame is drawn, so a long cut takes no buffer per frame.
    @Test func aCutGivesItsClipsFramesBack() throws {
        let folder = TestFiles.temporaryDirectory("cut-buffers")
        var spec = SequenceSpec(file: folder + "/cut.json5")
        spec.fps = 100
        for (i, name) in ["a.png", "b.png"].enumerated() {
            try PNGCodec.write(TestImages.photo(96, 64, seed: i + 1), to: folder + "/" + name)
            var clip = SequenceSpec.Clip(file: folder + "/" + name)
            clip.duration = 1.5
            spec.clips.append(clip)
        }
        var cut = TransitionRequest(effect: "fade")
        cut.duration = 1
        spec.transitions = [cut]
        let sequence = try PreparedSequence(spec)
        let pool = FramePool(size: sequence.size)
        let frames = SequenceFrames(sequence)
        defer { frames.close() }
        let stats = try FrameLoop.run(frames, renderer: SoftwareRenderer(), sinks: [NullSink()], pool: pool)
        #expect(stats.frames == 200)
        // The hundred cut frames each draw from two clip frames and into a third.
        #expect(pool.allocationCount <= SystemInfo.activeProcessorCount + 5, "\(pool.allocationCount) buffers")
    }

    @Test func softwareRendererKeepsItsWorkingMemoryAcrossFrames() throws {
        for effect in ["blur-dim", "starwars"] {
            let t = try transition(effect)
            let renderer = SoftwareRenderer()
            var target = PixelBuffer(size: t.size)
            for n in 10..<60 { try renderer.render(t.plan(frame: n), images: t.images, into: &target) }
            // Scratch: one buffer per band running at once (bands are taken by the cores, and a
            // buffer outgrown by a wider request is replaced once), not one per band per frame.
            let cores = SystemInfo.activeProcessorCount
            #expect(renderer.allocationCounts.scratch <= 2 * (cores + 1), "\(effect): \(renderer.allocationCounts)")
            #expect(renderer.allocationCounts.spriteExpansions == (effect == "starwars" ? 1 : 0))
        }
    }

    /// A snapshot's blur pyramid is built once per image set, however many frames read it.
    @Test func blurPyramidsAreBuiltOncePerImageSet() throws {
        let t = try transition("blur")
        let renderer = SoftwareRenderer()
        var target = PixelBuffer(size: t.size)
        for n in 0..<t.frameCount { try renderer.render(t.plan(frame: n), images: t.images, into: &target) }
        let built = renderer.blurLevelBuildCount
        #expect(built > 0)
        for n in 0..<t.frameCount { try renderer.render(t.plan(frame: n), images: t.images, into: &target) }
        #expect(renderer.blurLevelBuildCount == built)
        // A new set of the same images is new input: built again.
        try renderer.render(t.plan(frame: t.frameCount / 2), images: ImageSet(t.images.images), into: &target)
        #expect(renderer.blurLevelBuildCount > built)
    }
}
