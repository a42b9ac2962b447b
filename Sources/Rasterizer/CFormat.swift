#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// printf-style number formatting (`"%.3f"`, `"%.2g"`, `"%02X"`) without Foundation, for the HUD, the reports and the
/// command line's summaries: the same text `String(format:)` gives for numbers, from the C library's `vsnprintf` in
/// the C locale (nothing here calls `setlocale`, so the decimal point is always "."). Foundation is left out of the
/// modules the `render-grid` command links because loading it took about 4 ms of every process's start.
package enum CFormat {
    /// The longest text one call returns: a `%f` of the largest `Double` is 309 digits, a sign and the decimals asked
    /// for; a longer result (a format asking for thousands of decimals) is cut here.
    static let maxBytes = 4096

    /// `format` with `arguments`, as `vsnprintf` writes them. Only numeric conversions are meant: a `%s` would read
    /// a C string the caller did not pass.
    package static func string(_ format: String, _ arguments: any CVarArg...) -> String {
        // Most numbers fit in 64 bytes; the length the first call reports sizes the second.
        var capacity = 64
        while true {
            let (text, length) = withVaList(arguments) { list in
                withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer -> (String, Int) in
                    guard let base = buffer.baseAddress else { return ("", 0) }
                    let length = Int(vsnprintf(base, capacity, format, list))
                    return (length < 0 ? "" : String(cString: base), length)
                }
            }
            guard length >= capacity, capacity < maxBytes else { return text }
            capacity = min(length + 1, maxBytes)
        }
    }
}
