import ArgumentParser
import Foundation
import SegueCore
import SegueIO
import SeguePipeline

/// Output, frame-selection and progress options shared by `render` and `batch`.
struct OutputOptions: ParsableArguments {
    @Option(help: help("png-compression")) var pngCompression: String?
    @Option(help: "Render only frames A-B (absolute indices, inclusive; PNG output).") var frames: String?
    @Option(help: "Render shard I of N (0-based, e.g. 2/8; PNG output).") var shard: String?
    @Option(help: "Number of shards; the index comes from the scheduler: JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID (Slurm), AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) or CI_NODE_INDEX (GitLab CI). Also SEGUE_SHARD_COUNT.")
    var shardCount: Int?
    @Flag(help: "Skip frames whose PNG files are already complete.") var resume = false
    @Flag(name: .shortAndLong, help: "Print nothing but errors.") var quiet = false

    /// `--format` and `--png-compression` read through the request option table, for commands
    /// whose job is not one transition (`sequence`).
    func settings(format: String?, encoder: EncoderOptions? = nil) throws(SegueError) -> JobRequest {
        var job = JobRequest(effect: "")
        try RequestOptions.readCommandLine([("format", format), ("png-compression", pngCompression)].compactMap { name, text in
            text.map { (name, $0) }
        } + (encoder?.given ?? []), into: &job)
        return job
    }

    func selection() throws(SegueError) -> FrameSelection {
        FrameSelection(range: try frames.map { t throws(SegueError) in try FrameSelection.parseRange(t) },
                       shard: try FrameSelection.resolveShard(flag: shard, count: shardCount, environment: ProcessInfo.processInfo.environment))
    }
}
