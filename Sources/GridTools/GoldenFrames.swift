import Foundation
import GridModel
import Rasterizer
import GridExport

/// One frame rendered for a golden: its state and pixels, the SHA-256 of its pixels, and its trace line with
/// that line's digest.
struct GoldenFrame: Sendable {
    var state: FrameState
    var image: Pixmap
    /// `SHA256.pixels` of the image, 64 hex digits.
    var pixels: String
    /// The trace line as `render` writes it (no newline).
    var traceLine: String
    /// The first 16 hex digits of the line's SHA-256.
    var trace: String
}

/// Renders a scenario in memory through `FrameExporter.frames` (the library path `render` uses, so the pixels
/// are those `render` writes) and hashes the frames in parallel batches of a few per job, so memory stays
/// bounded whatever the frame count. A run of identical frames (an idle wait, drawn once by the pipeline)
/// is hashed once.
enum GoldenFrames {
    /// Frames hashed per batch, per job.
    static let framesPerJob = 2

    /// Calls `body` with every frame in order, on the calling thread.
    static func render(_ loaded: ScenarioFile, reference: Bool, jobs: Int, limits: Limits, cancellation: Cancellation? = nil,
                       body: (GoldenFrame) throws -> Void) throws {
        var options = ImageOptions()
        options.cancellation = cancellation
        options.reference = reference
        options.jobs = jobs
        options.limits = limits
        let batchSize = max(1, jobs) * framesPerJob
        var batch: [RenderedFrame] = []
        batch.reserveCapacity(batchSize)
        // The last digest of the previous batch, for a first frame that repeats it.
        var previous: String?
        func flush() throws {
            let hashed = hash(batch, jobs: jobs, previous: previous)
            for (frame, digests) in zip(batch, hashed) {
                try body(GoldenFrame(state: frame.state, image: frame.image, pixels: digests.pixels,
                                     traceLine: digests.line, trace: digests.trace))
            }
            if let digests = hashed.last { previous = digests.pixels }
            batch.removeAll(keepingCapacity: true)
        }
        try FrameExporter.frames(0...Int.max, of: loaded.scenario, font: loaded.font, options: options) { frame in
            batch.append(frame)
            if batch.count == batchSize { try flush() }
        }
        try flush()
    }

    /// The digests of a batch, computed in parallel; a frame that repeats its predecessor's drawing
    /// (`RenderedFrame.repeatsPrevious`) reuses its hash, `previous` for the batch's first frame.
    static func hash(_ batch: [RenderedFrame], jobs: Int, previous: String?)
        -> [(pixels: String, line: String, trace: String)] {
        // Each worker fills its own slot, but a slot of a shared array is written through the array: an
        // exclusive access to all of it, so unguarded writes from several threads race (TSan reports them).
        let slots = Locked([(pixels: String, line: String, trace: String)?](repeating: nil, count: batch.count))
        // Which frames need their own pixel hash: the first of each run of one drawing.
        let owner: [Int?] = batch.indices.map { i in
            batch[i].repeatsPrevious && (i > 0 || previous != nil) ? nil : i
        }
        let frames = batch
        let work: @Sendable (Int) -> Void = { i in
            let line = Trace.line(for: frames[i].state)
            let trace = String(SHA256.hex(Array(line.utf8)).prefix(16))
            var pixels = ""
            if owner[i] != nil { pixels = SHA256.pixels(frames[i].image) }
            slots.withLock { $0[i] = (pixels, line, trace) }
        }
        if jobs > 1 && frames.count > 1 {
            DispatchQueue.concurrentPerform(iterations: frames.count, execute: work)
        } else {
            for i in frames.indices { work(i) }
        }
        var out: [(pixels: String, line: String, trace: String)] = []
        out.reserveCapacity(frames.count)
        let values = slots.withLock { $0 }
        for i in frames.indices {
            var value = values[i]!
            if owner[i] == nil { value.pixels = i > 0 ? out[i - 1].pixels : previous ?? "" }
            out.append(value)
        }
        return out
    }
}
