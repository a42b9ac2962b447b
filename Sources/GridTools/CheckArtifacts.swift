public import Rasterizer
import GridExport

// TEMPORARY (golden branch): the contract's API writing only the three PNGs, replaced by report's at merge.

/// One failing frame for the report: the golden's key frame (if stored) and this run's frame.
public struct FailingFrame: Sendable {
    /// The frame number.
    public var frame: Int
    /// The golden's stored key frame, nil when the golden keeps only the hash.
    public var expected: Pixmap?
    /// This run's frame.
    public var actual: Pixmap
    /// A failing frame with each argument as its property.
    public init(frame: Int, expected: Pixmap?, actual: Pixmap) {
        self.frame = frame
        self.expected = expected
        self.actual = actual
    }
}

/// Writes the images of a failing scenario into the report folder.
public enum CheckArtifacts {
    /// Most frames written as expected/actual/diff PNGs per scenario, and most frames in its animation.
    public static let maxFramesWritten = 3
    /// Most frames in a scenario's animation.
    public static let maxAnimationFrames = 120

    /// Writes expected/actual/diff PNGs of the first `maxFramesWritten` frames into `reportFolder/<scenario>/`.
    /// - Throws: `ToolError` when a file cannot be written.
    public static func write(scenario: String, frames: [FailingFrame], animation: [FailingFrame], fps: Double,
                             options: PixelMatchOptions, reportFolder: String) throws(ToolError) -> [ScenarioOutcome.Artifact] {
        var artifacts: [ScenarioOutcome.Artifact] = []
        let folder = reportFolder + "/" + scenario
        do {
            try FileOutput.makeDirectory(folder)
            for frame in frames.prefix(maxFramesWritten) {
                let stem = scenario + "/frame-\(frame.frame)"
                if let expected = frame.expected {
                    try FileOutput.writeAtomically(try PNGCodec.encode(expected), to: reportFolder + "/" + stem + "-expected.png")
                    artifacts.append(.init(kind: .expected, frame: frame.frame, path: stem + "-expected.png"))
                }
                try FileOutput.writeAtomically(try PNGCodec.encode(frame.actual), to: reportFolder + "/" + stem + "-actual.png")
                artifacts.append(.init(kind: .actual, frame: frame.frame, path: stem + "-actual.png"))
                if let expected = frame.expected, expected.width == frame.actual.width, expected.height == frame.actual.height {
                    var diffOptions = options
                    diffOptions.makeDiffImage = true
                    if let image = try PixelMatch.compare(expected, frame.actual, options: diffOptions).diffImage {
                        try FileOutput.writeAtomically(try PNGCodec.encode(image), to: reportFolder + "/" + stem + "-diff.png")
                        artifacts.append(.init(kind: .diff, frame: frame.frame, path: stem + "-diff.png"))
                    }
                }
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError(.invalidInput, "cannot write the report for \(scenario): \(error)")
        }
        return artifacts
    }
}
