import Dispatch

/// Runs a row range in bands on every core. Bands are small (a few rows) so that each
/// band's rows stay in cache while every command of the frame is applied to them, and many
/// enough that a busy core does not hold the frame back.
struct BandExecutor: Sendable {
    let workers: Int

    init(workers: Int) { self.workers = max(1, workers) }

    func run(rows: Int, rowsPerBand: Int = 8, _ body: @Sendable (Range<Int>) -> Void) {
        let bands = (rows + rowsPerBand - 1) / rowsPerBand
        if workers == 1 || bands <= 1 {
            body(0..<rows)
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let start = band * rowsPerBand
            body(start..<min(rows, start + rowsPerBand))
        }
    }
}

/// A raw pointer handed to the band workers; each band writes only its own rows.
struct SharedPointer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>
}
