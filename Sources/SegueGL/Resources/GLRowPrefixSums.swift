import CGLES3
import SegueCore

/// Row prefix sums of images' 8-bit levels (`row-prefix-sums.frag`) as RGBA32UI textures, the
/// input of xfade's hblur: made on first use for each image of the current `ImageSet` and kept
/// while the set stays, so a still is summed once per job and a clip frame once per frame. A
/// new set reuses the textures of the same size.
final class GLRowPrefixSums {
    /// An RGBA32UI texture with a framebuffer drawing into it.
    typealias Target = GLRenderTarget
    private var kept: [ImageRef: Target] = [:]
    private var summed: Set<ImageRef> = []
    private var setID: UInt64?
    /// The second target of the doubling passes, shared by every image.
    private var scratch: Target?
    /// Images summed since creation: one per image of each new set.
    private(set) var buildCount = 0

    /// The sums of `ref` when they are up to date for `images`; else the two targets to make
    /// them in, the kept one last (see `GLFrame.rowPrefixSums`).
    func lookup(_ ref: ImageRef, in images: ImageSet, size: PixelSize) throws(SegueError) -> (done: GLTexture?, kept: Target, scratch: Target) {
        if images.id != setID {
            setID = images.id
            summed.removeAll()
        }
        let target: Target
        if let held = kept[ref], held.texture.size == size { target = held } else { target = try replace(ref, size: size) }
        if summed.contains(ref) { return (target.texture, target, target) }
        if scratch?.texture.size != size {
            if let old = scratch { delete(old) }
            scratch = try Self.makeTarget(size)
        }
        return (nil, target, scratch!)
    }

    /// Records that `ref`'s kept target now holds its sums.
    func markSummed(_ ref: ImageRef) {
        summed.insert(ref)
        buildCount += 1
    }

    private func replace(_ ref: ImageRef, size: PixelSize) throws(SegueError) -> Target {
        if let old = kept.removeValue(forKey: ref) { delete(old) }
        let target = try Self.makeTarget(size)
        kept[ref] = target
        return target
    }

    private static func makeTarget(_ size: PixelSize) throws(SegueError) -> Target {
        try GLRenderTarget.attached(to: GLTexture.makeTable(size, format: GL_RGBA32UI), what: "row-sum target")
    }

    func deleteAll() {
        for target in kept.values { delete(target) }
        kept.removeAll()
        summed.removeAll()
        if let scratch { delete(scratch) }
        scratch = nil
    }

    private func delete(_ target: Target) { target.delete() }
}
