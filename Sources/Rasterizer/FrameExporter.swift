import Dispatch
import Foundation
public import GridModel
import Synchronization

/// What to render and where.
public struct RenderOptions: Sendable {
    public var outputDirectory: String
    /// 0-based inclusive frame range; nil renders every frame, and an upper bound of `Int.max`
    /// means "to the last frame".
    public var frames: ClosedRange<Int>?
    /// Render the ideal infinite plane instead of the scenario's scroll view.
    public var reference = false
    /// Frames rendered in parallel, 1...`maxJobs` (other values are clamped). Output bytes do not
    /// depend on it.
    public var jobs = 1
    public static let maxJobs = 256
    public var compression = Compression.fast
    /// Draw the HUD overlay / tint tiles by reuse (see `FrameRenderer`).
    public var hud = false
    public var showReuse = false
    /// Keep frames that already exist and decode as valid PNGs of the right size; render the rest.
    public var resume = false
    /// Checked between frames: once set, the render stops cleanly.
    public var cancellation: Cancellation?
    /// Called on the calling thread after each batch with (frames done, frames to do).
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// The limits the scenario was checked with (raised by --max-frames, --max-pixels).
    public var limits = Limits()

    public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
}

/// A flag a signal handler sets to stop a render between frames.
public final class Cancellation: Sendable {
    private let signal = Atomic<Int32>(0)
    public init() {}
    public func cancel(signal number: Int32) { signal.store(number, ordering: .relaxed) }
    /// The signal that cancelled, or nil.
    public var signalNumber: Int32? {
        let n = signal.load(ordering: .relaxed)
        return n == 0 ? nil : n
    }
}

public struct RenderSummary: Sendable {
    /// Frames in the whole scenario.
    public var totalFrames: Int
    /// Frames written by this run.
    public var framesWritten: Int
    /// Frames rasterized and encoded (the rest repeated an identical previous frame).
    public var framesRasterized: Int
    /// Frames kept from an earlier run (`resume`).
    public var framesKept: Int
    public var seconds: Double
    public var recenters: Int
    public var edgeHitFrames: Int
    public var tracePath: String
    public var msPerFrame: Double { framesWritten > 0 ? seconds * 1000 / Double(framesWritten) : 0 }
}

/// A render that stopped before its end: by a signal, or by a failure such as a full disk. Every
/// frame file that exists is complete; no temporary file is left.
public struct RenderStopped: Error, CustomStringConvertible {
    /// The signal that stopped it, or nil for a failure.
    public var signal: Int32?
    public var underlying: Error?
    /// Complete frames on disk in the requested range, and that range's size.
    public var framesOnDisk: Int
    public var framesRequested: Int

    public var description: String {
        let progress = framesRequested == 0 ? "stopped before any frame was written"
            : "\(framesOnDisk) of \(framesRequested) frames are complete on disk"
        if let signal {
            let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
            if framesRequested == 0 { return "interrupted by \(name): \(progress)" }
            return "interrupted by \(name): \(progress), no partial file left; run the same command with --resume to finish"
        }
        return "\(underlying.map { "\($0)" } ?? "render failed") (\(progress); no partial file left)"
    }
}

/// Runs a scenario and writes `frame_NNNNN.png` files and a trace. Frames are simulated in order,
/// rendered in parallel batches, and a frame identical to the previous one reuses its PNG bytes,
/// so memory stays bounded by the batch whatever the frame count.
public enum FrameExporter {
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Simulates without drawing: the frame count, and any simulation error, before a file is written.
    public static func countFrames(_ scenario: Scenario, reference: Bool, limits: Limits = Limits()) throws(ScenarioError) -> Int {
        var simulation = try Simulation(scenario: scenario, reference: reference, limits: limits)
        var count = 0
        while try simulation.next() != nil { count += 1 }
        return count
    }

    /// `countFrames`, stopping early (with `RenderStopped`) once `cancellation` is set: counting a
    /// long scenario takes seconds, and a signal must not wait for it.
    static func countFrames(_ scenario: Scenario, reference: Bool, limits: Limits, cancellation: Cancellation?) throws -> Int {
        var simulation = try Simulation(scenario: scenario, reference: reference, limits: limits)
        var count = 0
        while try simulation.next() != nil {
            count += 1
            if count % 256 == 0, let signal = cancellation?.signalNumber {
                throw RenderStopped(signal: signal, underlying: nil, framesOnDisk: 0, framesRequested: 0)
            }
        }
        return count
    }

    /// Whether `path` holds a complete PNG of the given size (for `resume`).
    static func isValidFrame(_ path: String, width: Int, height: Int) -> Bool {
        // A frame file is at most its raw pixels plus PNG overhead; anything else is not a frame.
        let maxBytes = width * height * 8 + 65536
        guard FileInput.kind(of: path) == .regular,
              let bytes = try? FileInput.read(path, maxBytes: maxBytes, what: "frame"),
              let image = try? PNGCodec.decode(bytes, maxPixels: width * height) else { return false }
        return image.width == width && image.height == height
    }

    public static func render(_ scenario: Scenario, font: FontRenderer, options: RenderOptions) throws -> RenderSummary {
        let started = ContinuousClock.now
        let total = try countFrames(scenario, reference: options.reference, limits: options.limits, cancellation: options.cancellation)
        var range = options.frames ?? 0...(total - 1)
        if range.upperBound == Int.max && range.lowerBound < total { range = range.lowerBound...(total - 1) }
        guard range.lowerBound >= 0, range.upperBound < total else {
            throw RenderRangeError(range: range, total: total)
        }
        try FileOutput.makeDirectory(options.outputDirectory)
        let directory = options.outputDirectory
        // Temporaries of killed runs go; those of renders running beside this one stay.
        FileOutput.removeStaleTemporaries(in: directory, now: Int(time(nil)))
        let traceName = options.frames == nil ? "trace.jsonl"
            : "trace_\(frameName(range.lowerBound).dropFirst(6).dropLast(4))-\(frameName(range.upperBound).dropFirst(6).dropLast(4)).jsonl"
        let tracePath = (directory as NSString).appendingPathComponent(traceName)
        let trace = try StreamingFile(path: tracePath)
        defer { trace.discard() }
        var traceLines: [UInt8] = []

        var configured = FrameRenderer(scenario: scenario, font: font)
        configured.hud = options.hud
        configured.showReuse = options.showReuse
        let renderer = configured
        let overlays = options.hud || options.showReuse
        let jobs = min(max(1, options.jobs), RenderOptions.maxJobs)
        // Frame buffers are made by the workers that use them, on first use: a render of 3 frames
        // with --jobs 64 allocates at most 3.
        let workers = (0..<jobs).map { _ in CanvasBox() }
        let batchSize = max(8, jobs * 4)
        let cancellation = options.cancellation
        let onDisk = Atomic<Int>(0)

        var simulation = try Simulation(scenario: scenario, reference: options.reference, limits: options.limits)
        var batch: [FrameState] = []
        var previous: (frame: FrameState, png: [UInt8])?
        var written = 0, rasterized = 0, kept = 0, recenters = 0, edgeHits = 0

        func stopped(_ error: Error?) -> RenderStopped {
            RenderStopped(signal: cancellation?.signalNumber, underlying: error, framesOnDisk: onDisk.load(ordering: .relaxed),
                          framesRequested: range.count)
        }

        func flush() throws {
            guard !batch.isEmpty else { return }
            // Group runs of identical frames; each group is rasterized once.
            // With overlays every frame draws its own numbers, so none repeats another.
            var grouping: [[FrameState]] = []
            for frame in batch {
                if !overlays, let last = grouping.last?.last, frame.drawsSame(as: last) {
                    grouping[grouping.count - 1].append(frame)
                } else {
                    grouping.append([frame])
                }
            }
            let groups = grouping
            var carried: [UInt8]? = nil
            if !overlays, let previous, previous.frame.drawsSame(as: groups[0][0]) { carried = previous.png }
            let reused = carried
            let results = Mutex<[Int: Result<(png: [UInt8]?, rendered: Bool, kept: Int), Error>]>([:])
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: min(jobs, groups.count)) { worker in
                let box = workers[worker]
                while true {
                    // A signal stops new work; frames already being written finish.
                    if cancellation?.signalNumber != nil { return }
                    let g = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard g < groups.count else { return }
                    let result = Result<(png: [UInt8]?, rendered: Bool, kept: Int), Error> {
                        var missing = groups[g]
                        var keptHere = 0
                        if options.resume {
                            missing = groups[g].filter { frame in
                                let path = (directory as NSString).appendingPathComponent(frameName(frame.index))
                                return !isValidFrame(path, width: frame.pixelWidth, height: frame.pixelHeight)
                            }
                            keptHere = groups[g].count - missing.count
                            onDisk.wrappingAdd(keptHere, ordering: .relaxed)
                            if missing.isEmpty { return (nil, false, keptHere) }
                        }
                        let png: [UInt8]
                        var rendered = false
                        if g == 0, let reused {
                            png = reused
                        } else {
                            // Taken out of the box, so the buffer is uniquely referenced and drawn in place.
                            var canvas = try box.canvas.take() ?? renderer.canvas(for: groups[g][0])
                            try renderer.render(groups[g][0], into: &canvas)
                            png = try PNGCodec.encode(canvas, compression: options.compression)
                            box.canvas = canvas
                            rendered = true
                        }
                        for frame in missing {
                            try FileOutput.writeAtomically(png, to: (directory as NSString).appendingPathComponent(frameName(frame.index)))
                            onDisk.wrappingAdd(1, ordering: .relaxed)
                        }
                        // Only the batch's last PNG is kept (the next batch may repeat it), so a batch
                        // holds at most one encoded frame per worker at a time.
                        return (g == groups.count - 1 ? png : nil, rendered, keptHere)
                    }
                    results.withLock { $0[g] = result }
                }
            }
            let finished = results.withLock { $0 }
            for g in 0..<groups.count {
                switch finished[g] {
                case .failure(let error)?: throw stopped(error)
                case .success(let outcome)?:
                    if outcome.rendered { rasterized += 1 }
                    kept += outcome.kept
                    if g == groups.count - 1 { previous = outcome.png.map { (groups[g].last!, $0) } }
                case nil:
                    throw stopped(nil)  // cancelled before this group started
                }
            }
            traceLines.removeAll(keepingCapacity: true)
            for frame in batch {
                traceLines.append(contentsOf: Trace.line(for: frame).utf8)
                traceLines.append(UInt8(ascii: "\n"))
                if frame.recenterShift != nil { recenters += 1 }
                if frame.edgeHit { edgeHits += 1 }
            }
            try trace.append(traceLines)
            written += batch.count
            batch.removeAll(keepingCapacity: true)
            options.progress?(written, range.count)
            if cancellation?.signalNumber != nil { throw stopped(nil) }
        }

        while let frame = try simulation.next() {
            if frame.index > range.upperBound { break }
            guard frame.index >= range.lowerBound else { continue }
            batch.append(frame)
            if batch.count == batchSize { try flush() }
        }
        try flush()
        do { try trace.commit() } catch { throw stopped(error) }
        let elapsed = ContinuousClock.now - started
        return RenderSummary(totalFrames: total, framesWritten: written - kept, framesRasterized: rasterized, framesKept: kept,
                             seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
                             recenters: recenters, edgeHitFrames: edgeHits, tracePath: tracePath)
    }
}

/// A frame range outside the scenario (a usage error).
public struct RenderRangeError: Error, CustomStringConvertible {
    public var range: ClosedRange<Int>
    public var total: Int
    public var description: String {
        let asked = range.upperBound == Int.max ? "\(range.lowerBound):" : "\(range.lowerBound):\(range.upperBound)"
        return "--frames \(asked) is outside the scenario's \(total) frames (0:\(total - 1))"
    }
}

/// One worker's reusable frame buffer; each worker touches only its own.
final class CanvasBox: @unchecked Sendable {
    var canvas: Pixmap?
}
