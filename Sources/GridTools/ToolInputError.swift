import Foundation
import Rasterizer
import GridExport

/// Why `sheet` or `plot` refuses what it was given (exit 2): a file that is not what it should be,
/// an input over one of the named limits, or an options value out of range. One line; file names
/// are quoted with `FileInput.quoted`.
public struct ToolInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A trace line or a frame that cannot be used.
        case invalidInput
        /// An input over a named limit; `limit` names the options property that raises it.
        case overLimit
        /// An options value outside its range.
        case invalidOption
    }

    public var kind: Kind
    public var message: String
    /// For `.overLimit`: the property that raises the limit ("maxSheetPixels", "maxTraceLines", ...).
    public var limit: String?

    public init(_ kind: Kind, _ message: String, limit: String? = nil) {
        self.kind = kind
        self.message = message
        self.limit = limit
    }

    public var description: String { message }

    /// Checks that an options value lies in `range`.
    static func check(_ value: Int, in range: ClosedRange<Int>, _ name: String) throws(ToolInputError) {
        guard range.contains(value) else {
            throw ToolInputError(.invalidOption, "\(name) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }
}

extension ToolInputError {
    /// Refuses a regular file over `maxBytes` by its size, before it is read, naming `limit`.
    /// (`FileInput.read` enforces the limit again while reading; this gives the error its flag.)
    static func checkSize(_ path: String, what: String, maxBytes: Int, limit: String) throws(ToolInputError) {
        guard FileInput.kind(of: path) == .regular,
              let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maxBytes else { return }
        throw ToolInputError(.overLimit, "\(what) \(FileInput.quoted(path)) is \(size) bytes; the limit is \(maxBytes) bytes (\(limit))", limit: limit)
    }
}
