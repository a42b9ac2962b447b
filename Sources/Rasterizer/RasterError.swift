/// Errors from drawing, fonts, PNG coding and frame output.
public struct RasterError: Error, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// A font file that is missing or unusable (an input error).
        case font
        /// A PNG that cannot be decoded (an input error).
        case png
        /// Reading or writing a file failed (a runtime failure).
        case io
        /// The encoder failed (a runtime failure).
        case encode
        /// An image size outside the limits (an input error).
        case size
        /// An input file that cannot be read: missing, a folder, a pipe, too large (an input error).
        case input
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    /// Whether the error is the caller's input (exit 2) rather than a runtime failure (exit 1).
    public var isInputError: Bool {
        switch kind {
        case .font, .png, .size, .input: return true
        case .io, .encode: return false
        }
    }
}
