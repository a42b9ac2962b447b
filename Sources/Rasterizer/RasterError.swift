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
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
