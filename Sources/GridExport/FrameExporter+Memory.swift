public import GridModel
public import Rasterizer

/// In-memory rendering: the file export's pipeline with memory as the sink, so the pixels are
/// exactly those `render-grid render` writes.
extension FrameExporter {
    /// Frame `index` of `scenario` as an image, without files.
    ///
    /// ```swift
    /// let loaded = try ScenarioFile.load(path: "Scenarios/fling-threshold.json")
    /// let image = try FrameExporter.frame(10, of: loaded.scenario, font: loaded.font)
    /// ```
    /// - Throws: `ExportError`: `.frameRange` for an index outside the scenario, `.scenario` from the
    ///   simulation, `.font` when the frame draws text and `font` is nil, `.stopped` on a failure.
    public static func frame(
        _ index: Int, of scenario: Scenario, font: FontRenderer?,
        options: ImageOptions = ImageOptions()
    ) throws(ExportError) -> Pixmap {
        var image: Pixmap?
        do {
            try frames(index...index, of: scenario, font: font, options: options) { image = $0.image }
        } catch let error as ExportError {
            throw error
        } catch {
            throw ExportError(.render, "\(error)")  // (the body above does not throw)
        }
        // (frames delivers every frame)
        guard let image else { throw ExportError(.render, "frame \(index) was not rendered") }
        return image
    }

    /// Renders frames `range` (an upper bound of `Int.max` means "to the last frame") and calls
    /// `body` with each, in order, on the calling thread. Frames are rendered in batches, so memory
    /// stays bounded whatever the range; `body` may keep what it needs.
    ///
    /// ```swift
    /// try FrameExporter.frames(0...59, of: loaded.scenario, font: loaded.font) { frame in
    ///     print(frame.state.index, frame.state.tiles.count, frame.image.width)
    /// }
    /// ```
    /// - Throws: `ExportError` as `frame(_:of:font:options:)` does; an error `body` throws, unchanged
    ///   (no later frame is delivered).
    public static func frames(
        _ range: ClosedRange<Int>, of scenario: Scenario, font: FontRenderer?,
        options: ImageOptions = ImageOptions(), body: (RenderedFrame) throws -> Void
    ) throws {
        let (configured, _, resolved) = try prepare(
            scenario, font: font, hud: options.hud, showReuse: options.showReuse,
            reference: options.reference, limits: options.limits,
            cancellation: options.cancellation, frames: range)
        let cancellation = options.cancellation
        let pipeline = FramePipeline(
            renderer: configured, reference: options.reference, jobs: options.jobs,
            compression: options.compression, encoder: options.encoder, encode: options.includePNG, keepImages: true,
            keepEveryGroup: true, limits: options.limits, cancellation: cancellation)
        /// A failure of `body`, passed through the pipeline unchanged.
        struct BodyError: Error { var error: any Error }
        do {
            _ = try pipeline.run(
                scenario, range: resolved, pending: { $0 }, store: { _, _ in },
                batchDone: { _, groups, outputs in
                    for (group, output) in zip(groups, outputs) {
                        guard let output, let image = output.image else { continue }
                        for (n, state) in group.enumerated() {
                            let frame = RenderedFrame(
                                state: state, image: image, png: output.png, repeatsPrevious: n > 0)
                            do { try body(frame) } catch {
                                throw BodyError(error: error)
                            }
                        }
                    }
                },
                stopped: { error in
                    if let signal = cancellation?.signalNumber {
                        return .stopped(signal: signal, underlying: error, framesOnDisk: 0, framesRequested: 0)
                    }
                    var e = ExportError(.render, error.map { "\($0)" } ?? "render failed")
                    e.underlying = error
                    return e
                })
        } catch let error as BodyError {
            throw error.error
        }
    }
}
