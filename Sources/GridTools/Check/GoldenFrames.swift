import Dispatch
import GridExport
import GridModel
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One frame of a golden's source: its index, its trace line read back, its pixels, the SHA-256 of its pixels,
/// and its trace line with that line's digest.
struct GoldenFrame: Sendable {
    /// The frame's trace line as the tools read it (its tiles included).
    var line: TraceFrame
    var image: Pixmap
    /// `SHA256.pixels` of the image, 64 hex digits.
    var pixels: String
    /// The trace line as `render` writes it (no newline).
    var traceLine: String
    /// The first 16 hex digits of the line's SHA-256.
    var trace: String

    /// The frame number.
    var index: Int { line.frame }
}

/// Hashes a source's frames in parallel batches of a few per job, so memory stays bounded whatever the frame
/// count. A run of identical frames (an idle wait, drawn once by the pipeline) is hashed once.
enum GoldenFrames {
    /// Frames hashed per batch, per job.
    static let framesPerJob = 2

    /// Calls `body` with every frame of `source` in order, on the calling thread.
    /// - Throws: what the source throws, or `ToolError(.invalidInput)` for a recorded trace line that does not
    ///   read back, or whose frame number is not its position.
    static func render(
        _ source: GoldenSource, jobs: Int, cancellation: Cancellation? = nil,
        body: (GoldenFrame) throws -> Void
    ) throws {
        let batchSize = max(1, jobs) * framesPerJob
        var batch: [GoldenSource.Frame] = []
        batch.reserveCapacity(batchSize)
        // The last digest of the previous batch, for a first frame that repeats it.
        var previous: String?
        var next = 0
        func flush() throws {
            let hashed = hash(batch, jobs: jobs, previous: previous)
            for (frame, digests) in zip(batch, hashed) {
                let line: TraceFrame
                switch digests.parsed {
                case .success(let parsed): line = parsed
                case .failure(let error):
                    throw ToolError(
                        .invalidInput,
                        "\(source.description): trace line \(next + 1) is not a render-grid trace line: \(error.message)"
                    )
                }
                guard line.frame == next else {
                    throw ToolError(
                        .invalidInput,
                        "\(source.description): trace line \(next + 1) is frame \(line.frame), not \(next)")
                }
                next += 1
                try body(
                    GoldenFrame(
                        line: line, image: frame.image, pixels: digests.pixels,
                        traceLine: digests.line, trace: digests.trace))
            }
            if let digests = hashed.last { previous = digests.pixels }
            batch.removeAll(keepingCapacity: true)
        }
        try source.frames(jobs, cancellation) { frame in
            batch.append(frame)
            if batch.count == batchSize { try flush() }
        }
        try flush()
    }

    /// A scenario's frames (`GoldenSource.scenario`), for callers that have no identity to check.
    static func render(
        _ loaded: ScenarioFile, reference: Bool, jobs: Int, limits: Limits, cancellation: Cancellation? = nil,
        body: (GoldenFrame) throws -> Void
    ) throws {
        let identity = GoldenIdentity(
            scenarioSHA256: "", scale: loaded.scenario.viewport.scale, fps: loaded.scenario.fps,
            reference: reference, fontName: nil, fontSHA256: nil, freeType: "", renderGrid: "")
        try render(
            .scenario(loaded, identity: identity, limits: limits), jobs: jobs, cancellation: cancellation, body: body)
    }

    /// A frame's digests and its line read back.
    typealias Digests = (pixels: String, line: String, trace: String, parsed: Result<TraceFrame, TraceLineError>)

    /// The digests of a batch, computed in parallel; a frame that repeats its predecessor's drawing
    /// (`repeatsPrevious`) reuses its hash, `previous` for the batch's first frame.
    static func hash(_ batch: [GoldenSource.Frame], jobs: Int, previous: String?) -> [Digests] {
        // Each worker fills its own slot, but a slot of a shared array is written through the array: an
        // exclusive access to all of it, so unguarded writes from several threads race (TSan reports them).
        let slots = Locked([Digests?](repeating: nil, count: batch.count))
        // Which frames need their own pixel hash: the first of each run of one drawing.
        let owner: [Int?] = batch.indices.map { i in
            batch[i].repeatsPrevious && (i > 0 || previous != nil) ? nil : i
        }
        let frames = batch
        let work: @Sendable (Int) -> Void = { i in
            let frame = frames[i]
            let line: String
            let parsed: Result<TraceFrame, TraceLineError>
            if let state = frame.state {
                line = Trace.line(for: state)
                parsed = .success(TraceFrame(state))
            } else {
                line = frame.traceLine ?? ""
                do throws(TraceLineError) { parsed = .success(try TraceLineParser.parse(line)) } catch {
                    parsed = .failure(error)
                }
            }
            let trace = String(SHA256.hex(Array(line.utf8)).prefix(16))
            var pixels = ""
            if owner[i] != nil { pixels = SHA256.pixels(frame.image) }
            slots.withLock { $0[i] = (pixels, line, trace, parsed) }
        }
        if jobs > 1 && frames.count > 1 {
            DispatchQueue.concurrentPerform(iterations: frames.count, execute: work)
        } else {
            for i in frames.indices { work(i) }
        }
        var out: [Digests] = []
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
