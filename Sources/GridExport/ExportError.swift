public import GridModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// GridExport's one error type: every failure of reading files, loading a scenario or a font,
/// and exporting or rendering frames. `message` is one line that names the file (and the JSON path
/// and limit, where there is one) and never a command-line flag; `isInputError` sorts it into the
/// caller's input (a command line exits 2) or a runtime failure (exits 1).
///
/// ```swift
/// do { _ = try ScenarioFile.load(path: "scenario.json") } catch {
///     print(error.message, error.isInputError ? "(fix the input)" : "(retry)")
/// }
/// ```
public struct ExportError: Error, Sendable, CustomStringConvertible {
    /// What failed, and so whose it is (see `isInputError`).
    public enum Kind: String, Sendable {
        /// An input file that cannot be read: missing, a folder, a pipe, over its size limit.
        case input
        /// A scenario that does not decode or validate, or runs into a limit while simulating.
        case scenario
        /// A font that is missing or unusable, or text to draw and no font.
        case font
        /// No font was given and DejaVu Sans was not found.
        case noFont
        /// A frame range outside the scenario.
        case frameRange
        /// Writing a file or making a folder failed (a runtime failure).
        case output
        /// Drawing or encoding failed (a runtime failure).
        case render
        /// The export stopped before its end, by a signal (`signal`) or a failure (`underlying`).
        case stopped
    }

    /// What failed.
    public var kind: Kind
    /// One line, naming the file where there is one; no command-line flags.
    public var message: String
    /// The file the error is about (a scenario, a font, a frame, an output folder), if any.
    public var file: String?
    /// The JSON path in the scenario the error is about ("style.font", "timeline[2].duration"), if any.
    public var jsonPath: String?
    /// The limit the input ran into and that limit's value (`maxFileBytes`, 4000000), if any.
    public var limit: ScenarioError.Limit?
    /// The value of `limit` (or of a limit with no `ScenarioError.Limit` name, such as a size cap).
    public var limitValue: Int?
    /// The scenario error this wraps (`kind == .scenario`).
    public var scenarioError: ScenarioError?
    /// The requested frame range and the scenario's frame count (`kind == .frameRange`).
    public var frames: ClosedRange<Int>?
    /// The scenario's frame count (`kind == .frameRange`).
    public var totalFrames: Int?
    /// `kind == .stopped`: the signal that stopped the export (nil for a failure), the failure, and
    /// how many frames of the requested range are complete on disk.
    public var signal: Int32?
    /// The failure that stopped the export (`kind == .stopped` without a signal).
    public var underlying: (any Error)?
    /// Frames of the requested range complete on disk (`kind == .stopped`).
    public var framesOnDisk = 0
    /// Frames in the requested range (`kind == .stopped`).
    public var framesRequested = 0

    /// An error of `kind` with its one-line message (for tools built on GridExport that fail the same way).
    ///
    /// ```swift
    /// throw ExportError(.input, "scenario 'a.json' is empty", file: "a.json")
    /// ```
    public init(_ kind: Kind, _ message: String, file: String? = nil, jsonPath: String? = nil) {
        self.kind = kind
        self.message = message
        self.file = file
        self.jsonPath = jsonPath
    }

    /// The message.
    public var description: String { message }

    /// Whether the error is the caller's input (exit 2) rather than a runtime failure (exit 1).
    public var isInputError: Bool {
        switch kind {
        case .input, .scenario, .font, .noFont, .frameRange: return true
        case .output, .render, .stopped: return false
        }
    }

    /// A scenario error, with the file it came from when known.
    ///
    /// ```swift
    /// do { try scenario.validate(limits: limits) } catch { throw ExportError.scenario(error, file: path) }
    /// ```
    public static func scenario(_ error: ScenarioError, file: String?) -> ExportError {
        var e = ExportError(
            .scenario, file.map { "\($0): \(error.description)" } ?? error.description,
            file: file, jsonPath: error.path.isEmpty ? nil : error.path)
        e.scenarioError = error
        e.limit = error.limit
        return e
    }

    /// This error with `file` named, if it is a scenario error that names no file yet (one from
    /// rendering a scenario loaded from `file`); any other error unchanged.
    ///
    /// ```swift
    /// do { try FrameExporter.render(loaded.scenario, font: loaded.font, options: options) } catch {
    ///     throw error.located(in: loaded.path)
    /// }
    /// ```
    public func located(in file: String) -> ExportError {
        guard kind == .scenario, self.file == nil, let scenarioError else { return self }
        return .scenario(scenarioError, file: file)
    }

    /// A frame range outside a scenario of `total` frames.
    static func frameRange(_ range: ClosedRange<Int>, total: Int) -> ExportError {
        let asked = range.upperBound == Int.max ? "\(range.lowerBound):" : "\(range.lowerBound):\(range.upperBound)"
        var e = ExportError(.frameRange, "frames \(asked) are outside the scenario's \(total) frames (0:\(total - 1))")
        e.frames = range
        e.totalFrames = total
        return e
    }

    /// An export that stopped: by `signal`, or by the failure `underlying`.
    static func stopped(
        signal: Int32?, underlying: (any Error)?, framesOnDisk: Int, framesRequested: Int
    ) -> ExportError {
        let progress =
            framesRequested == 0
            ? "stopped before any frame was written"
            : "\(framesOnDisk) of \(framesRequested) frames are complete on disk"
        let message: String
        if let signal {
            let name = signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
            message =
                framesRequested == 0
                ? "interrupted by \(name): \(progress)"
                : "interrupted by \(name): \(progress), no partial file left"
        } else {
            message = "\(underlying.map { "\($0)" } ?? "render failed") (\(progress); no partial file left)"
        }
        var e = ExportError(.stopped, message)
        e.signal = signal
        e.underlying = underlying
        e.framesOnDisk = framesOnDisk
        e.framesRequested = framesRequested
        return e
    }
}
