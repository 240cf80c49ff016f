import Foundation
import SegueAuthoring
import SegueCore
import SegueGL
import SegueIO
import SeguePipeline
import SegueSoftware

/// Everything `segue proof` found, as its JSON report holds it; `ProofMarkdown` writes the
/// same as a page. Sections that did not run are nil and named in `skipped`.
struct ProofReport: Encodable {
    var segueVersion: String
    var date: String
    var mode: String
    var seconds: Double = 0
    var pass = true
    /// One line per failed check; empty when `pass`.
    var failures: [String] = []
    var skipped: [String] = []
    var device: ProofDevice
    var parity: ParitySection?
    var examples: [ExampleShader]?
    var bench: [BenchCommand.Report] = []
    var sustained: SustainedRender?
    var readback: [ReadbackDepth]?
    var memory: Memory?

    /// GL frames per second through `submit`/`collect` with a pixel-buffer ring of `depth`
    /// (0: a direct read) copied out by `copyThreads`, drawing and reading back only, as a job
    /// drives the renderer.
    struct ReadbackDepth: Encodable {
        var effect: String
        var size: String
        var depth: Int
        var copyThreads: Int
        var fps: Double
        /// Labels the column of the Markdown table.
        var setting: String { depth == 0 ? "direct" : "depth \(depth), \(copyThreads) copying" }
    }

    struct ParitySection: Encodable {
        var sizes: [String]
        var progress: [Double]
        var checks: [ParityCheck]
        var pass: Bool { checks.allSatisfy(\.pass) }
    }

    /// A shader of the examples folder: validated (as `segue validate`) and timed on GL.
    struct ExampleShader: Encodable {
        var file: String
        var validation: ShaderValidation
        var size: String
        var glFPS: Double?
    }

    struct Memory: Encodable {
        /// This process's resident peak over the whole proof.
        var peakResidentMiB: Double
        /// The GPU's memory in use at the end, with Segue's context still open (nvidia-smi).
        var gpuMemoryUsedMiB: Double?
    }

    mutating func fail(_ line: String) {
        pass = false
        failures.append(line)
    }
}

/// The machine the figures belong to; `label` heads every table of the Markdown report.
struct ProofDevice: Encodable {
    var label: String
    var cpu: String
    var cores: Int
    var memoryGiB: Double?
    var gpu: NvidiaGPU?
    var info: InfoCommand.Report

    /// The GL renderer where GL runs (with its EGL platform), and the CPU.
    static func describe(_ info: InfoCommand.Report, gpu: NvidiaGPU?) -> ProofDevice {
        let cpu = BenchCommand.cpuModel(), cores = SystemInfo.activeProcessorCount
        var label = "\(cpu), \(cores) cores"
        if let gl = info.gl {
            label = "GL \(gl.renderer) (EGL \(gl.platform)\(gl.device.map { " \($0)" } ?? "")); software on " + label
        }
        return ProofDevice(label: label, cpu: cpu, cores: cores, memoryGiB: ProcessMemory.machineGiB(), gpu: gpu, info: info)
    }
}

/// What `nvidia-smi` says of the first NVIDIA GPU: where it is installed, the proof names the
/// card and driver beside what EGL reports, and the GPU memory in use.
struct NvidiaGPU: Encodable {
    var name: String
    var driver: String
    var memoryTotalMiB: Double
    var memoryUsedMiB: Double

    /// nil where `nvidia-smi` is not on PATH or does not answer.
    static func query() -> NvidiaGPU? {
        guard let program = ChildProcess.onPath("nvidia-smi"),
              let child = try? ChildProcess(program, ["--query-gpu=name,driver_version,memory.total,memory.used",
                                                      "--format=csv,noheader,nounits"], stdout: .pipe, stderr: .null) else { return nil }
        let (data, end) = child.readAllAndWait()
        guard end.succeeded, let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first else { return nil }
        let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == 4, let total = Double(fields[2]), let used = Double(fields[3]) else { return nil }
        return NvidiaGPU(name: fields[0], driver: fields[1], memoryTotalMiB: total, memoryUsedMiB: used)
    }
}
