import SegueCore

/// This task's index among the tasks of an array job, as its scheduler gives it in the
/// environment, from 0: where `--shard-count N` finds which shard to render.
public struct SchedulerIndex: Equatable, Sendable {
    public var index: Int
    /// The number of tasks, when the scheduler says it (checked against `--shard-count`).
    public var count: Int?
    /// The variables it came from, for messages (`SLURM_ARRAY_TASK_ID=3`).
    public var source: String

    /// Every variable read, in the order they are tried.
    public static let variables = "JOB_COMPLETION_INDEX (Kubernetes), SLURM_ARRAY_TASK_ID (Slurm), "
        + "AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch) or CI_NODE_INDEX (GitLab CI)"

    /// The first scheduler's index found: a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX`
    /// (from 0); a Slurm array's `SLURM_ARRAY_TASK_ID` counted from `SLURM_ARRAY_TASK_MIN` in
    /// steps of `SLURM_ARRAY_TASK_STEP`, of `SLURM_ARRAY_TASK_COUNT` tasks; AWS Batch's
    /// `AWS_BATCH_JOB_ARRAY_INDEX` (from 0); GitLab CI's `CI_NODE_INDEX` (from 1) of
    /// `CI_NODE_TOTAL`. nil when none is set.
    public static func find(in environment: [String: String]) throws(SegueError) -> SchedulerIndex? {
        func number(_ name: String) throws(SegueError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else { throw .usage("\(name)=\(text): expected a whole number") }
            return value
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            return SchedulerIndex(index: index, count: nil, source: "JOB_COMPLETION_INDEX=\(index)")
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            let first = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = max(1, try number("SLURM_ARRAY_TASK_STEP") ?? 1)
            guard (id - first) % step == 0 else {
                throw .usage("SLURM_ARRAY_TASK_ID=\(id): not a task of the array from \(first) in steps of \(step)")
            }
            return SchedulerIndex(index: (id - first) / step, count: try number("SLURM_ARRAY_TASK_COUNT"),
                                  source: "SLURM_ARRAY_TASK_ID=\(id)")
        }
        if let index = try number("AWS_BATCH_JOB_ARRAY_INDEX") {
            return SchedulerIndex(index: index, count: nil, source: "AWS_BATCH_JOB_ARRAY_INDEX=\(index)")
        }
        if let node = try number("CI_NODE_INDEX") {
            return SchedulerIndex(index: node - 1, count: try number("CI_NODE_TOTAL"), source: "CI_NODE_INDEX=\(node)")
        }
        return nil
    }
}
