import SegueCore
import SeguePipeline

/// What `segue proof` renders and measures: the full run sized for a 16-core GPU machine in
/// about five minutes, and `--quick`, the same sections at toy sizes, so that `make test`
/// keeps the proof working on llvmpipe between the rare runs on a GPU.
struct ProofPlan {
    var parityVariants: [EffectVariant]
    var paritySizes: [PixelSize]
    var parityProgress: [Double]
    var exampleSize: PixelSize
    var exampleFrames: Int
    var benchSizes: [PixelSize]
    /// Timed render-only on both renderers at every bench size.
    var benchEffects: [String]
    /// Also timed end to end, raw and PNG, at every bench size.
    var endToEndEffects: [String]
    var benchFrames: Int
    var benchRuns: Int
    var sustainedEffect: String
    var sustainedSize: PixelSize
    var sustainedSeconds: Double
    /// Pixel-buffer ring depths to time GL's pipelined readback at (0: a direct read), each
    /// with each number of copy threads, for `readbackSeconds` on each case.
    var readbackDepths: [Int]
    var readbackCopyThreads: [Int]
    var readbackCases: [(effect: String, size: PixelSize)]
    var readbackSeconds: Double
    /// Seconds after which the sections still to come are skipped; nil: none are.
    var budgetSeconds: Double?

    /// A sustained render fails when its last quarter runs below this fraction of its first
    /// quarter's frames per second, or when resident memory grows by more than this; both are
    /// judged from this many one-second samples on.
    static let sustainedSlowdownLimit = 0.8
    static let sustainedGrowthLimitMiB = 64.0
    static let sustainedSamplesJudged = 10

    static let full = ProofPlan(
        // Every variant: each built-in's choice values and every xfade transition.
        parityVariants: EffectVariant.all,
        paritySizes: [PixelSize(width: 1920, height: 1080), PixelSize(width: 3840, height: 2160)],
        parityProgress: [0, 0.25, 0.5, 0.75, 1],
        exampleSize: PixelSize(width: 1920, height: 1080), exampleFrames: 60,
        benchSizes: [PixelSize(width: 1920, height: 1080), PixelSize(width: 3840, height: 2160)],
        benchEffects: ["fade", "push", "card", "circle-reveal", "blur", "starwars", "zoom",
                       "xfade:dissolve", "xfade:pixelize", "xfade:hblur"],
        endToEndEffects: ["fade", "push", "blur"],
        benchFrames: 30, benchRuns: 2,
        sustainedEffect: "blur", sustainedSize: PixelSize(width: 1920, height: 1080), sustainedSeconds: 30,
        readbackDepths: [0, 1, 2, 3, 4], readbackCopyThreads: [1, 4],
        readbackCases: [("fade", PixelSize(width: 1920, height: 1080)), ("blur", PixelSize(width: 1920, height: 1080)),
                        ("fade", PixelSize(width: 3840, height: 2160))],
        readbackSeconds: 1.5,
        budgetSeconds: 300)

    static let quick = ProofPlan(
        // Each effect with its defaults, at an even and an odd size.
        parityVariants: EffectVariant.all.filter(\.parameters.isEmpty),
        paritySizes: [PixelSize(width: 160, height: 90), PixelSize(width: 97, height: 61)],
        parityProgress: [0.25, 0.75],
        exampleSize: PixelSize(width: 160, height: 90), exampleFrames: 4,
        benchSizes: [PixelSize(width: 160, height: 90)],
        benchEffects: ["fade", "blur"],
        endToEndEffects: ["fade"],
        benchFrames: 4, benchRuns: 1,
        sustainedEffect: "blur", sustainedSize: PixelSize(width: 160, height: 90), sustainedSeconds: 2,
        readbackDepths: [0, 2], readbackCopyThreads: [1, 2], readbackCases: [("fade", PixelSize(width: 160, height: 90))], readbackSeconds: 0.3,
        budgetSeconds: nil)
}
