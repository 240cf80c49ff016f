import ArgumentParser
import SegueCore
import SegueIO
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two images: PSNR, largest channel difference, pixels within 3 levels.")

    @Argument(help: "First image.") var a: String
    @Argument(help: "Second image.") var b: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try reportingErrors { () throws(SegueError) in
            let first = try ImageFile.load(a), second = try ImageFile.load(b)
            guard first.size == second.size else {
                throw .invalidInput("\(b): size \(second.size) differs from \(a) (\(first.size))")
            }
            let c = try ImageComparison(first, second)
            if json {
                print(jsonString(c))
            } else {
                let psnr = c.psnr.isInfinite ? "inf" : String(format: "%.2f", c.psnr)
                print("PSNR \(psnr) dB, max difference \(c.maxDifference), \(String(format: "%.3f", c.fractionWithin3 * 100)) % of pixels within 3 levels"
                      + (c.meetsParity ? " (parity)" : " (below parity: PSNR ≥ 40 dB and ≥ 99 % within 3 levels)"))
            }
        }
    }
}
