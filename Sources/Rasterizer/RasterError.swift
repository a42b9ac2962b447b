/// Errors from drawing, fonts and PNG coding (file I/O lives in GridExport and throws `ExportError`).
///
/// ```swift
/// do { _ = try PNGCodec.decode(bytes) } catch { print(error.kind, error.message, error.isInputError) }
/// ```
public struct RasterError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and so whose it is (see `isInputError`).
    public enum Kind: String, Sendable {
        /// A font file that is missing or unusable (an input error).
        case font
        /// A PNG that cannot be decoded (an input error).
        case png
        /// The encoder failed (a runtime failure).
        case encode
        /// An image size outside the limits (an input error).
        case size
        /// A renderer made from a scenario value outside the ranges `Scenario.validate` allows (an input error).
        case scenario
    }

    /// What went wrong.
    public var kind: Kind
    /// One line for the user, naming the input and the reason.
    public var message: String

    /// An error of `kind` with its one-line message.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether the error is the caller's input (exit 2) rather than a runtime failure (exit 1).
    public var isInputError: Bool {
        switch kind {
        case .font, .png, .size, .scenario: return true
        case .encode: return false
        }
    }
}
