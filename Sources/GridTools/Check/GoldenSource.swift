package import GridExport
package import GridModel
package import Rasterizer

/// What a golden is recorded from and checked against: a sequence of frames and the identity they were drawn with.
/// A scenario file is one source (`GoldenSource.scenario`, what `check` uses); the frames of a HeadlessUIKit
/// recording are another, so an app's own scroll view is checked against goldens in `check`'s format.
package struct GoldenSource: Sendable {
    /// One frame as the source hands it over: its pixels and either its model state (the trace line is written
    /// from it) or its trace line as recorded.
    package struct Frame: Sendable {
        /// The frame's pixels.
        package var image: Pixmap
        /// Whether `image` is the previous frame's picture (its hash is reused).
        package var repeatsPrevious: Bool
        /// The frame's state, when the source ran the model (the trace line is `Trace.line(for:)` of it).
        package var state: FrameState?
        /// The frame's trace line (no newline), when the source has no state.
        package var traceLine: String?

        package init(image: Pixmap, repeatsPrevious: Bool = false, state: FrameState? = nil, traceLine: String? = nil) {
            self.image = image
            self.repeatsPrevious = repeatsPrevious
            self.state = state
            self.traceLine = traceLine
        }
    }

    /// Calls its argument with every frame in order; `jobs` and `cancellation` are the check's.
    package typealias Producer =
        @Sendable (
            _ jobs: Int, _ cancellation: Cancellation?,
            _ body: (Frame) throws -> Void
        ) throws -> Void

    /// How messages name the source: `scenario 'Scenarios/x.json'`, `recording 'street'`.
    package var description: String
    /// What the identity's input hash is of, as the check's details name it ("the scenario file", "the steps").
    package var input: String
    /// The scenario file, recorded in the manifest relative to the goldens folder; nil for a recording.
    package var scenarioPath: String?
    /// The identity the frames are drawn with.
    package var identity: GoldenIdentity
    /// The frames.
    package var frames: Producer

    package init(
        description: String, input: String, scenarioPath: String?, identity: GoldenIdentity, frames: @escaping Producer
    ) {
        self.description = description
        self.input = input
        self.scenarioPath = scenarioPath
        self.identity = identity
        self.frames = frames
    }

    /// A scenario file's frames, rendered in memory through `FrameExporter.frames` (the library path `render`
    /// uses, so the pixels are those `render` writes).
    static func scenario(_ loaded: ScenarioFile, identity: GoldenIdentity, limits: Limits) -> GoldenSource {
        GoldenSource(
            description: "scenario \(OneLineName.quoted(loaded.path))", input: "the scenario file",
            scenarioPath: loaded.path, identity: identity
        ) { jobs, cancellation, body in
            var options = ImageOptions()
            options.cancellation = cancellation
            options.reference = identity.reference
            options.jobs = jobs
            options.limits = limits
            try FrameExporter.frames(0...Int.max, of: loaded.scenario, font: loaded.font, options: options) { frame in
                try body(Frame(image: frame.image, repeatsPrevious: frame.repeatsPrevious, state: frame.state))
            }
        }
    }
}
