public import GridModel
public import Rasterizer
import Synchronization

/// Runs a scenario and writes `frame_NNNNN.png` files and a trace, or hands the frames back in
/// memory, through one pipeline (`FramePipeline`): frames are simulated in order, rendered in
/// parallel batches, and a frame identical to the previous one reuses its output, so memory stays
/// bounded by the batch whatever the frame count.
public enum FrameExporter {
    /// The file name of frame `index`.
    ///
    /// ```swift
    /// FrameExporter.frameName(42)  // "frame_00042.png"
    /// ```
    public static func frameName(_ index: Int) -> String {
        "frame_" + frameNumber(index) + ".png"
    }

    /// Frame `index`'s number as file names give it: five digits at least ("00042").
    package static func frameNumber(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// Simulates without drawing: the frame count, and any simulation error, before a file is written.
    ///
    /// ```swift
    /// let count = try FrameExporter.countFrames(scenario, reference: false)
    /// ```
    /// - Throws: `ExportError(.scenario)` when the simulation runs into a limit.
    public static func countFrames(
        _ scenario: Scenario, reference: Bool, limits: Limits = Limits()
    ) throws(ExportError) -> Int {
        try FramePipeline.countFrames(scenario, reference: reference, limits: limits, cancellation: nil)
    }

    /// Whether `path` holds a complete PNG of the given size (for `resume`).
    static func isValidFrame(_ path: String, width: Int, height: Int) -> Bool {
        // A frame file is at most its raw pixels plus PNG overhead; anything else is not a frame.
        let maxBytes = width * height * 8 + 65536
        guard FileInput.kind(of: path) == .regular,
            let bytes = try? FileInput.read(path, maxBytes: maxBytes, what: "frame"),
            let image = try? PNGCodec.decode(bytes, maxPixels: width * height)
        else { return false }
        return image.width == width && image.height == height
    }

    /// Renders `options.frames` of `scenario` to PNG files in `options.outputDirectory`, with a trace and
    /// `frames.ffconcat`, the ffmpeg concat list of every frame of the scenario (see `FrameList`; a range
    /// render also writes its own `frames_AAAAA-BBBBB.ffconcat`).
    /// Every file appears whole under its final name (written as a new file, named once complete); a
    /// stopped render leaves only complete frames, which `resume` keeps, and a finished one leaves no
    /// temporary, not even of a run killed just before it. The frames are made durable once, at
    /// the end of the run or when it stops, not one `fsync` each (see `FrameFolder` for what a power
    /// loss before then may do); it returns only after that.
    ///
    /// ```swift
    /// let loaded = try ScenarioFile.load(path: "Scenarios/fling-threshold.json")
    /// var options = RenderOptions(outputDirectory: "output/fling")
    /// options.frames = 0...59
    /// let summary = try FrameExporter.render(loaded.scenario, font: loaded.font, options: options)
    /// ```
    /// - Throws: `ExportError`: `.scenario` from the simulation (no file written yet), `.frameRange`
    ///   for frames outside the scenario, `.font` when frames draw text and `font` is nil, `.output`
    ///   when the folder cannot be made or the finished frames cannot be synced to disk, `.stopped`
    ///   for a signal or a failure part way.
    public static func render(
        _ scenario: Scenario, font: FontRenderer?, options: RenderOptions
    ) throws(ExportError) -> RenderSummary {
        try render(scenario, font: font, options: options) { folder throws(ExportError) in try folder.sync() }
    }

    /// Writes each frame with an `fsync` of its own, as before `FrameFolder`: set
    /// `RENDER_GRID_FSYNC_EACH_FRAME=1` so `scripts/bench.sh` can time both paths in one run.
    static let fsyncEachFrame = FilePaths.environment("RENDER_GRID_FSYNC_EACH_FRAME") == "1"

    /// A group's PNG written under each of its frames' names, each counted once on disk.
    static func write(
        _ output: FramePipeline.Output, _ frames: [FrameState], to folder: FrameFolder,
        onDisk: borrowing Atomic<Int>
    ) throws {
        guard let png = output.png else { return }
        try folder.write(png, names: frames.map { frameName($0.index) }) {
            onDisk.wrappingAdd(1, ordering: .relaxed)
        }
    }

    /// The frames of `group` not already whole on disk in `directory` (`--resume`), counting those that are.
    static func missingFrames(
        _ group: [FrameState], in directory: String, onDisk: borrowing Atomic<Int>
    ) -> [FrameState] {
        let missing = group.filter { frame in
            let path = FilePaths.join(directory, frameName(frame.index))
            return !isValidFrame(path, width: frame.pixelWidth, height: frame.pixelHeight)
        }
        onDisk.wrappingAdd(group.count - missing.count, ordering: .relaxed)
        return missing
    }

    /// The end of a render: temporaries of killed runs removed again once this run's own writers are done (a run
    /// killed just before this one started may have held its temporaries locked until its process was gone), then
    /// the folder synced.
    static func finish(
        _ folder: FrameFolder, in directory: String, sync: (FrameFolder) throws(ExportError) -> Void
    )
        throws(ExportError)
    {
        FileOutput.removeAbandonedTemporaries(in: directory)
        try sync(folder)
    }

    /// `render`, with the call that makes the frames durable given: `sync` runs once per run, after
    /// the last frame and the trace are written, or when the run stops part way (tests count it).
    package static func render(
        _ scenario: Scenario, font: FontRenderer?, options: RenderOptions,
        sync: (FrameFolder) throws(ExportError) -> Void
    ) throws(ExportError) -> RenderSummary {
        let started = ContinuousClock.now
        let (configured, sizes, range) = try prepareSizes(
            scenario, font: font, hud: options.hud, showReuse: options.showReuse,
            reference: options.reference, limits: options.limits,
            cancellation: options.cancellation, frames: options.frames)
        let total = sizes.count
        try FileOutput.makeDirectory(options.outputDirectory)
        let directory = options.outputDirectory
        // Temporaries of killed runs go; those of renders running beside this one stay.
        FileOutput.removeAbandonedTemporaries(in: directory)
        let folder = try FrameFolder(
            directory: directory, fsyncEachFrame: fsyncEachFrame, linkRepeats: options.linkRepeats)
        let traceName = TraceFileName.written(frames: options.frames == nil ? nil : range)
        let tracePath = FilePaths.join(directory, traceName)
        let trace = try StreamingFile(path: tracePath)
        defer { trace.discard() }
        var traceLines: [UInt8] = []
        let onDisk = Atomic<Int>(0)
        let cancellation = options.cancellation
        let resume = options.resume
        var written = 0
        var recenters = 0
        var edgeHits = 0
        func stopped(_ error: Error?) -> ExportError {
            .stopped(
                signal: cancellation?.signalNumber, underlying: error, framesOnDisk: onDisk.load(ordering: .relaxed),
                framesRequested: range.count)
        }

        let pipeline = FramePipeline(
            renderer: configured, reference: options.reference, jobs: options.jobs,
            compression: options.compression, encoder: options.encoder, encode: true, keepImages: false,
            keepEveryGroup: false, limits: options.limits, cancellation: cancellation)
        let counts: FramePipeline.Counts
        do {
            counts = try pipeline.run(
                scenario, range: range,
                pending: { group in resume ? missingFrames(group, in: directory, onDisk: onDisk) : group },
                store: { output, frames in try write(output, frames, to: folder, onDisk: onDisk) },
                batchDone: { batch, _, _ in
                    traceLines.removeAll(keepingCapacity: true)
                    for frame in batch {
                        traceLines.append(contentsOf: Trace.line(for: frame).utf8)
                        traceLines.append(UInt8(ascii: "\n"))
                        if frame.recenterShift != nil { recenters += 1 }
                        if frame.edgeHit { edgeHits += 1 }
                    }
                    do { try trace.append(traceLines) } catch { throw stopped(error) }
                    written += batch.count
                    options.progress?(written, range.count)
                }, stopped: stopped)
        } catch let error as ExportError {
            try? sync(folder)  // what was written stays; the stop is the error to report
            throw error
        } catch {
            try? sync(folder)
            throw stopped(error)
        }
        do {
            try trace.commit(durable: fsyncEachFrame || !folder.syncsWholeFileSystem)  // (else by `sync`)
            try FrameList.write(
                in: directory, sizes: sizes, fps: scenario.fps, range: range, partial: options.frames != nil)
        } catch {
            try? sync(folder)
            throw stopped(error)
        }
        try finish(folder, in: directory, sync: sync)
        let elapsed = ContinuousClock.now - started
        return RenderSummary(
            totalFrames: total, framesWritten: written - counts.kept, framesRasterized: counts.rasterized,
            framesKept: counts.kept,
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18,
            recenters: recenters, edgeHitFrames: edgeHits, tracePath: tracePath,
            frameList: options.frames == nil ? FrameList.fileName : FrameList.rangeFileName(range))
    }

    /// `ExportError(.font)` when the renderer has no font and the scenario draws text.
    /// What a run checks and works out before its first frame, for files and memory alike: the renderer (its font
    /// required when the frames draw text), the scenario's frame count, and `frames` resolved against it.
    static func prepare(
        _ scenario: Scenario, font: FontRenderer?, hud: Bool, showReuse: Bool, reference: Bool,
        limits: Limits, cancellation: Cancellation?,
        frames: ClosedRange<Int>?
    ) throws(ExportError) -> (FrameRenderer, total: Int, range: ClosedRange<Int>) {
        let (renderer, sizes, range) = try prepareSizes(
            scenario, font: font, hud: hud, showReuse: showReuse, reference: reference,
            limits: limits, cancellation: cancellation, frames: frames)
        return (renderer, sizes.count, range)
    }

    /// `prepare`, with the size of every frame (for the concat list's canvas) instead of only their count.
    static func prepareSizes(
        _ scenario: Scenario, font: FontRenderer?, hud: Bool, showReuse: Bool, reference: Bool,
        limits: Limits, cancellation: Cancellation?,
        frames: ClosedRange<Int>?
    ) throws(ExportError) -> (FrameRenderer, sizes: FrameSizes, range: ClosedRange<Int>) {
        var renderer = FrameRenderer(scenario: scenario, font: font)
        renderer.hud = hud
        renderer.showReuse = showReuse
        try requireFont(renderer, scenario: scenario)
        let sizes = try FramePipeline.frameSizes(
            scenario, reference: reference, limits: limits, cancellation: cancellation)
        return (renderer, sizes, try FramePipeline.resolve(frames, total: sizes.count))
    }

    static func requireFont(_ renderer: FrameRenderer, scenario: Scenario) throws(ExportError) {
        guard renderer.font == nil, FrameRenderer.drawsText(scenario, hud: renderer.hud) else { return }
        throw ExportError(
            .font, "the scenario draws text (style.fontSize, a layer's fontSize, or the HUD) and no font was given",
            jsonPath: scenario.style.fontSize > 0 ? "style.fontSize" : nil)
    }
}
