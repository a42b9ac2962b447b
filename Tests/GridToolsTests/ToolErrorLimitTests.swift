import Foundation
import Testing
import TestSupport
@testable import GridTools

/// `ToolError.limit` is typed, as `ExportError.limit` is: each limit an options property raises is named as that
/// property, and the golden files' fixed caps have their own case.
@Suite struct ToolErrorLimitTests {
    /// The property names of `value`'s type.
    static func properties(_ value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    @Test func limitsAreNamedAsTheirOptionsProperties() {
        let options = Self.properties(TraceLimits()).union(Self.properties(SheetOptions()))
            .union(Self.properties(DiffOptions()))
        let raisable: [ToolError.Limit] = [.maxBytes, .maxLines, .maxFileBytes, .maxFrameBytes, .maxFramePixels,
                                           .maxSheetPixels]
        for limit in raisable { #expect(options.contains(limit.rawValue), "\(limit)") }
        #expect(!options.contains(ToolError.Limit.goldenFileBytes.rawValue))
    }

    /// An error passed on with `limit: error.limit` keeps it; a golden file over its cap says so.
    @Test func limitsPassOnAndGoldenCapsAreTyped() throws {
        let error = ToolError(.overLimit, "trace has over 1 lines", limit: .maxLines)
        let wrapped = ToolError(error.kind, "trace 'a': \(error.message)", limit: error.limit)
        #expect(wrapped.limit == .maxLines && wrapped != error)
        let root = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("s"), withIntermediateDirectories: true)
        try Data(repeating: 0x20, count: 100).write(to: root.appendingPathComponent("s/manifest.json"))
        let store = GoldenStore(root: root.path)
        #expect { _ = try store.read("s", "manifest.json", maxBytes: 10, what: "golden manifest") } throws: { error in
            (error as? ToolError).map { $0.kind == .overLimit && $0.limit == .goldenFileBytes } == true
        }
    }
}
