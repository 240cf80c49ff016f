import SegueCore

/// Which frames of a sequence one process renders: `--frames A-B` (inclusive, absolute
/// indices) and/or `--shard I/N` (0-based; shard I takes the I-th of N contiguous, near-equal
/// blocks of the selected frames). Shards of one sequence together cover it exactly once.
public struct FrameSelection: Sendable, Equatable {
    public var range: ClosedRange<Int>?
    public var shard: Shard?

    public struct Shard: Sendable, Equatable, CustomStringConvertible {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
        public var description: String { "\(index)/\(count)" }
    }

    public init(range: ClosedRange<Int>? = nil, shard: Shard? = nil) {
        self.range = range
        self.shard = shard
    }

    /// True when every frame is selected (no range, no shard).
    public var isAll: Bool { range == nil && shard == nil }

    /// Parses `A-B` or a single frame `A`.
    public static func parseRange(_ text: String) throws(SegueError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let a = Int(parts[0]), let b = Int(parts[parts.count - 1]), a >= 0, a <= b else {
            throw .usage("--frames \(text): expected A-B with 0 ≤ A ≤ B (absolute frame indices)")
        }
        return a...b
    }

    /// Parses `I/N` with 0 ≤ I < N.
    public static func parseShard(_ text: String) throws(SegueError) -> Shard {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
            throw .usage("--shard \(text): expected I/N, e.g. 0/4")
        }
        return try shard(index: i, count: n, source: "--shard \(text)")
    }

    /// Shard `index` of `count`: the count within `Limits.shardCount`, the index numbered from 0.
    /// A shard may hold no frame (more shards than frames): it renders nothing and succeeds.
    public static func shard(index: Int, count: Int, source: String) throws(SegueError) -> Shard {
        if let problem = Limits.shardCount.problem(count) {
            throw .usage("\(source): the shard count \(count) \(problem)")
        }
        guard index >= 0, index < count else {
            throw .usage("\(source): the shard index \(index) must be in 0…\(count - 1) (shards are numbered from 0)")
        }
        return Shard(index: index, count: count)
    }

    /// The shard from `--shard`, else, when a total is known from `--shard-count` or
    /// `SEGUE_SHARD_COUNT`, this task's index from its scheduler (`SchedulerIndex`): a
    /// Kubernetes Indexed Job, a Slurm array job, an AWS Batch array job or GitLab CI's
    /// `parallel`. Sharding is asked for, never assumed: a task of an array job that renders a
    /// whole spec of its own is not cut up.
    public static func resolveShard(flag: String?, count: Int?, environment: [String: String]) throws(SegueError) -> Shard? {
        if let flag {
            guard count == nil else { throw .usage("--shard and --shard-count: give one (--shard I/N, or a scheduler's index with --shard-count N)") }
            return try parseShard(flag)
        }
        let total: Int?
        if let count {
            if let problem = Limits.shardCount.problem(count) { throw .usage("--shard-count \(count): \(problem)") }
            total = count
        } else if let env = environment["SEGUE_SHARD_COUNT"] {
            guard let n = Int(env) else { throw .usage("SEGUE_SHARD_COUNT=\(env): expected a whole number") }
            total = n
        } else {
            total = nil
        }
        guard let total else { return nil }
        guard let task = try SchedulerIndex.find(in: environment) else {
            throw .usage("--shard-count \(total) needs this task's index: \(SchedulerIndex.variables) in the environment (or use --shard I/N)")
        }
        if let tasks = task.count, tasks != total {
            throw .usage("--shard-count \(total): \(task.source) says the job has \(tasks) tasks; give the same count")
        }
        return try shard(index: task.index, count: total, source: "\(task.source) of \(total)")
    }

    /// The absolute frame indices selected from a sequence of `frameCount` frames, ascending.
    /// A range beyond the sequence is an error; a shard may be empty (more shards than frames).
    public func frames(of frameCount: Int) throws(SegueError) -> [Int] {
        var all = 0..<frameCount
        if let range {
            guard range.lowerBound < frameCount else {
                throw .usage("--frames \(range.lowerBound)-\(range.upperBound): the sequence has frames 0-\(frameCount - 1)")
            }
            all = range.lowerBound..<min(frameCount, range.upperBound + 1)
        }
        guard let shard else { return Array(all) }
        let n = all.count
        let start = all.lowerBound + n * shard.index / shard.count
        let end = all.lowerBound + n * (shard.index + 1) / shard.count
        return Array(start..<end)
    }

    /// `manifest.json`, `manifest-shard-I-of-N.json`, `manifest-frames-A-B.json` or both parts.
    public var manifestName: String {
        var name = "manifest"
        if let range { name += "-frames-\(range.lowerBound)-\(range.upperBound)" }
        if let shard { name += "-shard-\(shard.index)-of-\(shard.count)" }
        return name + ".json"
    }
}
