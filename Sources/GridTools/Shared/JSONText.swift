import GridModel

/// JSON text for the tools' reports; strings are escaped by GridModel's `JSONWriter`, the one
/// escaper the package has.
enum JSONText {
    /// `s` as a JSON string literal, quotes included: `"`, `\\` and every control character escaped.
    static func string(_ s: String) -> String { JSONWriter.string(s) }
}
