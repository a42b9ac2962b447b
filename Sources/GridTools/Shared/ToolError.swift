import GridExport
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a tool (`diff`, `verify`, `sheet`, `plot`) refuses what it was given: a file that is not
/// what it should be, an input over one of the named limits, images that cannot be compared, or
/// an options value out of range. The one error type of GridTools; the message is one line, with
/// file names quoted by `FileInput.quoted`.
///
/// ```swift
/// do { _ = try PixelMatch.compare(a, b) } catch {
///     print(error.message)        // "images of different sizes: 4×3 and 3×4"
///     print(error.isInputError)   // true: exit 2
/// }
/// ```
public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Equatable {
        /// A file, trace line or frame that cannot be used.
        case invalidInput
        /// An input over a named limit; `limit` names the options property that raises it.
        case overLimit
        /// An options value outside its range.
        case invalidOption
        /// Two images of different sizes where one size is needed.
        case sizeMismatch
        /// An output (a report, an artifact) that could not be written: the machine's failure, not the input's.
        case output
    }

    /// The limit an `.overLimit` error ran into, named as the options property that raises it (a command line adds
    /// its flag), as `ScenarioError.Limit` names GridExport's; or a golden file's fixed cap, which nothing raises.
    public enum Limit: String, Sendable, CaseIterable {
        /// `TraceLimits.maxBytes`: a trace's bytes (decompressed, for a gzip trace).
        case maxBytes
        /// `TraceLimits.maxLines`: the lines with a frame in one trace.
        case maxLines
        /// The longest trace line read (from the frame size and the live-tile limit).
        case maxLineBytes
        /// `DiffOptions.maxFileBytes`: one PNG's bytes.
        case maxFileBytes
        /// `SheetOptions.maxFrameBytes`: one frame's bytes in a contact sheet.
        case maxFrameBytes
        /// `SheetOptions.maxFramePixels`: one frame's pixels in a contact sheet.
        case maxFramePixels
        /// `SheetOptions.maxSheetPixels`: the contact sheet's pixels.
        case maxSheetPixels
        /// The pixels of a frame of a report's animation (check's report images).
        case maxAnimationFramePixels
        /// A golden file's fixed size cap (the manifest, the trace, a key frame; `GoldenManifest`).
        case goldenFileBytes
    }

    /// What is wrong.
    public var kind: Kind
    /// One line, naming the file (quoted) or the option.
    public var message: String
    /// For `.overLimit`: the limit, by the property that raises it (`.maxSheetPixels`, `.maxLines`, ...).
    public var limit: Limit?

    /// An error of `kind` with its one-line message, and the limit for `.overLimit`.
    public init(_ kind: Kind, _ message: String, limit: Limit? = nil) {
        self.kind = kind
        self.message = message
        self.limit = limit
    }

    /// The message.
    public var description: String { message }

    /// Whether the caller's input or options are at fault (exit 2) rather than the machine
    /// (exit 1): every kind but `.output`, a file that could not be written.
    public var isInputError: Bool {
        switch kind {
        case .invalidInput, .overLimit, .invalidOption, .sizeMismatch: return true
        case .output: return false
        }
    }

    /// Checks that an options value lies in `range`.
    static func check(_ value: Int, in range: ClosedRange<Int>, _ name: String) throws(ToolError) {
        guard range.contains(value) else {
            throw ToolError(
                .invalidOption, "\(name) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }
}

extension ToolError {
    /// Refuses a regular file over `maxBytes` by its size, before it is read, naming `limit`.
    /// (`FileInput.read` enforces the limit again while reading; this gives the error its flag.)
    static func checkSize(_ path: String, what: String, maxBytes: Int, limit: Limit) throws(ToolError) {
        var info = stat()
        guard FileInput.kind(of: path) == .regular, stat(path, &info) == 0, Int(info.st_size) > maxBytes else { return }
        let size = Int(info.st_size)
        throw ToolError(
            .overLimit,
            "\(what) \(FileInput.quoted(path)) is \(size) bytes; the limit is \(maxBytes) bytes (\(limit.rawValue))",
            limit: limit)
    }
}
