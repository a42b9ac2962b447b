import Testing
import GridExport

/// `FileInput.read`: a size stat does not know, the largest and a negative byte limit.
@Suite struct FileInputTests {
    /// A file whose size stat does not know (/proc) with the largest byte limit once trapped.
    @Test func unknownSizeAndHugeLimit() throws {
        let bytes = try FileInput.read("/proc/self/status", maxBytes: Int.max, what: "status")
        #expect(!bytes.isEmpty)
        #expect(throws: ExportError.self) { _ = try FileInput.read("/proc/self/status", maxBytes: 10, what: "status") }
        #expect(throws: ExportError.self) { _ = try FileInput.read("/tmp", maxBytes: -5, what: "x") }
    }
}
