import Foundation
import GridExport
import GridModel
public import GridTools
import Rasterizer

/// A recording checked against its golden: the verdict as `render-grid check` reports it.
public struct GoldenCheckReport: Sendable, Equatable {
    /// The run as `check` reports it (one entry): write it with `CheckReport.html`, `.junit` or `.json`.
    public let outcome: CheckOutcome

    /// Whether the recording passed (its frames match the golden, or the golden was recorded by `.all` or
    /// `.failed`); a golden recorded because it was missing fails, as in `check`, so it is reviewed and committed.
    public var passed: Bool { outcome.passed }
    /// The recording's verdict, summary and details.
    public var scenario: ScenarioOutcome { outcome.scenarios[0] }
    /// The lines `render-grid check` prints for it: `ok  'name' (passed): …` or `FAIL 'name' (failed): …`, then
    /// the details.
    public var lines: [String] {
        let s = scenario
        return ["\(s.verdict.isPass ? "ok  " : "FAIL") '\(s.name)' (\(s.verdict.rawValue)): \(s.summary)"]
            + s.details.map { "       " + $0 }
    }
}

extension ScrollRecording {
    /// Checks the recording against the golden `name` in the folder `goldens`, in `render-grid check`'s format:
    /// the manifest, key frames (PNG) and gzipped trace of `check`, its record modes, tolerance and failure report.
    /// The identity is the steps' SHA-256, the player's scale and fps, the font and FreeType.
    ///
    /// Without `options`, the record mode follows `check`'s: `RENDER_GRID_RECORD`, else `never` when `CI` is set,
    /// else `missing` (a missing golden is recorded and the check fails, so it is reviewed and committed). With a
    /// `reportFolder`, a failure writes `check`'s images and `report.html` there.
    ///
    /// ```swift
    /// let recording = try player.play(scrollView, steps: json)
    /// let golden = try recording.checkGolden("street-scroller", in: "Tests/Goldens")
    /// #expect(golden.passed, "\(golden.lines.joined(separator: "\n"))")
    /// ```
    /// - Throws: `HeadlessUIKitError` for a name that makes no folder name, a damaged golden, an unknown
    ///   `RENDER_GRID_RECORD`, or a golden or report that cannot be written (the goldens folder is left as it was).
    public func checkGolden(
        _ name: String, in goldens: String, options: GoldenOptions? = nil
    ) throws(HeadlessUIKitError)
        -> GoldenCheckReport
    {
        do {
            var chosen = options ?? GoldenOptions()
            if options == nil {
                chosen.record = try GoldenOptions.recordMode(
                    flag: nil, environment: ProcessInfo.processInfo.environment)
                chosen.jobs = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), RenderOptions.maxJobs)
            }
            let identity = try GoldenIdentity.current(
                inputSHA256: stepsSHA256, scale: scale, fps: fps, fontPath: fontPath)
            let source = GoldenSource(
                description: "recording \(FileInput.quoted(name))", input: "the steps",
                scenarioPath: nil, identity: identity, frames: goldenFrames(limits: chosen.limits))
            let scenario = try GoldenChecker.check(source, name: name, goldens: goldens, options: chosen)
            let outcome = CheckOutcome(
                goldensPath: goldens, recordMode: chosen.record, scenarios: [scenario],
                metric: chosen.match.label)
            if let report = chosen.reportFolder {
                try FileOutput.makeDirectory(report)
                let page = report.hasSuffix("/") ? report + "report.html" : report + "/report.html"
                try FileOutput.writeAtomically(Array(CheckReport.html(outcome).utf8), to: page)
            }
            return GoldenCheckReport(outcome: outcome)
        } catch let error as HeadlessUIKitError {
            throw error
        } catch {
            throw HeadlessUIKitError("golden \(FileInput.quoted(name)) in \(FileInput.quoted(goldens)): \(error)")
        }
    }

    /// The recording's frames for a golden: each PNG decoded (from memory, or from the folder a streamed play
    /// wrote), with its trace line as recorded. A frame whose PNG equals the previous one's repeats its picture.
    func goldenFrames(limits: Limits) -> GoldenSource.Producer {
        let recording = self
        return { _, cancellation, body in
            let lines = try recording.goldenTraceLines()
            var previousPNG: [UInt8] = []
            var previous: Pixmap?
            for index in 0..<recording.frameCount {
                if let signal = cancellation?.signalNumber {
                    var stopped = ExportError(.stopped, "stopped at frame \(index)")
                    stopped.signal = signal
                    throw stopped
                }
                let png = try recording.png(index)
                let repeats = previous != nil && png == previousPNG
                let image: Pixmap
                if repeats, let previous {
                    image = previous
                } else {
                    do throws(RasterError) {
                        image = try PNGCodec.decode(png, maxPixels: limits.maxPixelsPerFrame)
                    } catch {
                        throw HeadlessUIKitError(
                            "frame \(index) of the recording is not a usable PNG: \(error.message)")
                    }
                }
                guard index < lines.count else {
                    throw HeadlessUIKitError(
                        "the recording has \(recording.frameCount) frames but \(lines.count) trace lines")
                }
                try body(GoldenSource.Frame(image: image, repeatsPrevious: repeats, traceLine: lines[index]))
                previousPNG = png
                previous = image
            }
        }
    }

    /// The largest frame file read back from a streamed play's folder.
    static let maxStreamedFrameBytes = 1 << 30
    /// The largest `trace.jsonl` read back from a streamed play's folder.
    static let maxStreamedTraceBytes = 256 << 20

    /// Frame `index`'s PNG bytes, from memory or from the streamed folder.
    func png(_ index: Int) throws -> [UInt8] {
        guard let folder else { return frames[index] }
        return try FileInput.read(
            folder + FrameExporter.frameName(index), maxBytes: Self.maxStreamedFrameBytes, what: "recorded frame")
    }

    /// The trace lines, from memory or from the streamed folder's `trace.jsonl`.
    func goldenTraceLines() throws -> [String] {
        guard let folder else { return traceLines }
        let bytes = try FileInput.read(
            folder + TraceFileName.whole, maxBytes: Self.maxStreamedTraceBytes, what: "recorded trace")
        return bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    }
}
