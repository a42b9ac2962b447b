import Dispatch
import GridModel
import Rasterizer
import Synchronization

/// The one render core behind file export and in-memory rendering: frames are simulated in order,
/// collected in batches, runs of identical frames grouped, each group rasterized (and encoded) once
/// by parallel workers, and a group identical to the previous batch's last reuses its output. Where
/// the output goes is the caller's: files (`FrameExporter.render`) or memory (`FrameExporter.frames`).
struct FramePipeline {
    var renderer: FrameRenderer
    var reference: Bool
    var jobs: Int
    var compression: Compression
    var encoder: PNGEncoder
    /// Encode each group to PNG; keep each group's pixels.
    var encode: Bool
    var keepImages: Bool
    /// Hand every group's output to `batchDone` (memory), or only the batch's last (files, which
    /// write from the workers and so keep at most one encoded frame per worker).
    var keepEveryGroup: Bool
    var limits: Limits
    var cancellation: Cancellation?

    /// What the pipeline made of one group of identical frames.
    struct Output: Sendable {
        var png: [UInt8]?
        var image: Pixmap?
    }

    struct Counts {
        var rasterized = 0
        var kept = 0
    }

    /// The frame count of the scenario, stopping early once `cancellation` is set.
    static func countFrames(
        _ scenario: Scenario, reference: Bool, limits: Limits, cancellation: Cancellation?
    ) throws(ExportError) -> Int {
        try frameSizes(scenario, reference: reference, limits: limits, cancellation: cancellation).count
    }

    /// The pixel size of every frame of the scenario (and so its frame count), stopping early once
    /// `cancellation` is set.
    static func frameSizes(
        _ scenario: Scenario, reference: Bool, limits: Limits,
        cancellation: Cancellation?
    ) throws(ExportError) -> FrameSizes {
        do {
            var simulation = try Simulation(scenario: scenario, reference: reference, limits: limits)
            var sizes = FrameSizes()
            while let frame = try simulation.next() {
                sizes.append(width: frame.pixelWidth, height: frame.pixelHeight)
                if sizes.count % 256 == 0, let signal = cancellation?.signalNumber {
                    throw ExportError.stopped(signal: signal, underlying: nil, framesOnDisk: 0, framesRequested: 0)
                }
            }
            return sizes
        } catch let error as ExportError {
            throw error
        } catch let error as ScenarioError {
            throw ExportError.scenario(error, file: nil)
        } catch {
            throw ExportError(.render, "\(error)")
        }
    }

    /// `range` with an open end (`Int.max`) closed at the last frame, checked against `total`.
    static func resolve(_ range: ClosedRange<Int>?, total: Int) throws(ExportError) -> ClosedRange<Int> {
        guard total > 0 else { throw ExportError.frameRange(range ?? 0...0, total: total) }
        var resolved = range ?? 0...(total - 1)
        if resolved.upperBound == Int.max && resolved.lowerBound < total {
            resolved = resolved.lowerBound...(total - 1)
        }
        guard resolved.lowerBound >= 0, resolved.upperBound < total else {
            throw ExportError.frameRange(resolved, total: total)
        }
        return resolved
    }

    /// Runs frames `range` of `scenario` through the workers.
    /// - Parameters:
    ///   - pending: on a worker, the frames of a group still to produce (resume drops those on disk).
    ///   - store: on a worker, a group's output for its pending frames (a file sink writes them).
    ///   - batchDone: on the calling thread after each batch, in frame order: the batch, its groups,
    ///     and each group's output (nil for a group with nothing pending, or not kept).
    ///   - stopped: the error for a failure (or a cancellation, with nil) part way.
    func run(
        _ scenario: Scenario, range: ClosedRange<Int>,
        pending: @Sendable ([FrameState]) -> [FrameState],
        store: @Sendable (Output, [FrameState]) throws -> Void,
        batchDone: ([FrameState], [[FrameState]], [Output?]) throws -> Void,
        stopped: (Error?) -> ExportError
    ) throws -> Counts {
        let overlays = renderer.hud || renderer.showReuse
        let jobs = min(max(1, jobs), RenderOptions.maxJobs)
        // Frame buffers are made by the workers that use them, on first use: a render of 3 frames
        // with 64 jobs allocates at most 3.
        let workers = (0..<jobs).map { _ in CanvasBox() }
        // Each batch ends with a barrier (its slowest worker) and a trace write: files, which keep no
        // frame's pixels past its worker, take longer batches; memory keeps a batch's images.
        let batchSize = keepImages ? max(8, jobs * 4) : max(32, jobs * 16)

        var simulation: Simulation
        do { simulation = try Simulation(scenario: scenario, reference: reference, limits: limits) } catch {
            throw ExportError.scenario(error, file: nil)
        }
        var batch: [FrameState] = []
        var previous: (frame: FrameState, output: Output)?
        var counts = Counts()

        func flush() throws {
            guard !batch.isEmpty else { return }
            let groups = Self.groups(batch, overlays: overlays)
            var reused: Output? = nil
            if !overlays, let previous, previous.frame.drawsSame(as: groups[0][0]) { reused = previous.output }
            let finished = produce(groups, reused: reused, workers: workers, pending: pending, store: store)
            var outputs: [Output?] = []
            for g in 0..<groups.count {
                switch finished[g] {
                case .failure(let error)?: throw stopped(error)
                case .success(let outcome)?:
                    if outcome.rendered { counts.rasterized += 1 }
                    counts.kept += outcome.kept
                    outputs.append(outcome.output)
                    if g == groups.count - 1 { previous = outcome.output.map { (groups[g].last!, $0) } }
                case nil:
                    throw stopped(nil)  // cancelled before this group started
                }
            }
            try batchDone(batch, groups, outputs)  // (its errors are the caller's, passed on unchanged)
            batch.removeAll(keepingCapacity: true)
            if cancellation?.signalNumber != nil { throw stopped(nil) }
        }

        do {
            while let frame = try simulation.next() {
                if frame.index > range.upperBound { break }
                guard frame.index >= range.lowerBound else { continue }
                batch.append(frame)
                if batch.count == batchSize { try flush() }
            }
        } catch let error as ScenarioError {
            throw ExportError.scenario(error, file: nil)
        }
        try flush()
        return counts
    }
}

extension FramePipeline {
    /// What one group's work gave: its output (kept for the caller, or nil), whether it was drawn, and how many of
    /// its frames were on disk already.
    typealias GroupResult = Result<(output: Output?, rendered: Bool, kept: Int), Error>

    /// A batch as runs of identical frames; each run is rasterized once. With overlays every frame draws its own
    /// numbers, so none repeats another.
    static func groups(_ batch: [FrameState], overlays: Bool) -> [[FrameState]] {
        var grouping: [[FrameState]] = []
        for frame in batch {
            if !overlays, let last = grouping.last?.last, frame.drawsSame(as: last) {
                grouping[grouping.count - 1].append(frame)
            } else {
                grouping.append([frame])
            }
        }
        return grouping
    }

    /// Draws, encodes and stores the groups on the workers, each taking the next group; `reused` is the first
    /// group's output when it repeats the previous batch's last. A group not started (a signal) has no result.
    func produce(
        _ groups: [[FrameState]], reused: Output?, workers: [CanvasBox],
        pending: @Sendable ([FrameState]) -> [FrameState],
        store: @Sendable (Output, [FrameState]) throws -> Void
    ) -> [Int: GroupResult] {
        let results = Locked<[Int: GroupResult]>([:])
        let next = Atomic<Int>(0)
        let pipeline = self
        DispatchQueue.concurrentPerform(iterations: min(max(1, jobs), RenderOptions.maxJobs, groups.count)) { worker in
            while true {
                // A signal stops new work; frames already being written finish.
                if pipeline.cancellation?.signalNumber != nil { return }
                let g = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard g < groups.count else { return }
                let result = GroupResult {
                    try pipeline.produce(
                        groups[g], last: g == groups.count - 1, reused: g == 0 ? reused : nil,
                        box: workers[worker], pending: pending, store: store)
                }
                results.withLock { $0[g] = result }
            }
        }
        return results.withLock { $0 }
    }

    /// One group: the frames not yet on disk drawn once (or the reused output), encoded and stored.
    func produce(
        _ group: [FrameState], last: Bool, reused: Output?, box: CanvasBox,
        pending: ([FrameState]) -> [FrameState],
        store: (Output, [FrameState]) throws -> Void
    ) throws -> (output: Output?, rendered: Bool, kept: Int) {
        let missing = pending(group)
        let keptHere = group.count - missing.count
        if missing.isEmpty { return (nil, false, keptHere) }
        let output: Output
        var rendered = false
        if let reused {
            output = reused
        } else {
            // Taken out of the box, so the buffer is uniquely referenced and drawn in place.
            var canvas = try box.canvas.take() ?? renderer.canvas(for: group[0])
            if encode && !keepImages {
                // Only the PNG is kept: the rows the frame repeats are not even written.
                output = Output(
                    png: try renderer.renderPNG(group[0], into: &canvas, compression: compression, encoder: encoder),
                    image: nil)
            } else {
                try renderer.render(group[0], into: &canvas)
                output = Output(
                    png: encode ? try PNGCodec.encode(canvas, compression: compression, encoder: encoder) : nil,
                    image: keepImages ? canvas : nil)
            }
            box.canvas = canvas
            rendered = true
        }
        try store(output, missing)
        // Files keep only the batch's last output (the next batch may repeat it).
        return (keepEveryGroup || last ? output : nil, rendered, keptHere)
    }
}

/// One worker's reusable frame buffer; each worker touches only its own.
final class CanvasBox: @unchecked Sendable {
    var canvas: Pixmap?
}
