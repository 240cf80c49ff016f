import Foundation
import SegueCore
import SegueIO

/// What makes a job's frames what they are, as one checksum (the manifest's `job`): the Segue
/// version, the backend, the size and frame count, the working colour space (the files' tags), every input image's pixels, a user
/// shader's source and every frame's plan (which holds the effect, its parameters, timing,
/// gesture, scale and seed as they reach the renderer). `--resume` keeps a frame only when an
/// earlier run of the same job recorded it; the shards of one sequence share it.
public enum JobIdentity {
    public static func of(_ transition: PreparedTransition, backend: String, version: String) -> String {
        of(transition.cut, images: transition.images.images, colorSpace: transition.colorSpace, backend: backend, version: version)
    }

    /// A cut's identity with the images its frames are drawn from (a timeline's cut: its
    /// parameter images; the clips count in the timeline's own identity).
    public static func of(_ cut: PreparedCut, images: [ImageRef: PixelBuffer], colorSpace: ColorSpace, backend: String, version: String) -> String {
        var sum = ContentChecksum()
        sum.add("segue \(version) \(backend) \(cut.size) \(cut.frameCount) \(cut.timeline.fps) \(colorSpace.rawValue)")
        for (ref, image) in images.sorted(by: { $0.key.description < $1.key.description }) {
            sum.add("\(ref) \(image.size)")
            sum.add(image.bytes)
        }
        if let shader = cut.userShader { sum.add(shader.source.text) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for n in 0..<cut.frameCount {
            // A plan that cannot be encoded still counts, by its frame number alone.
            sum.add((try? encoder.encode(cut.plan(frame: n))).map { [UInt8]($0) } ?? Array("frame \(n)".utf8))
        }
        return sum.hex
    }
}
