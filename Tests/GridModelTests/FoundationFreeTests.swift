import Foundation
import Testing

/// GridModel is the pure model: it must build without Foundation (the C math module covers pow/log/exp).
@Suite struct FoundationFreeTests {
    @Test func gridModelDoesNotImportFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/GridModel")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let importLine = /^\s*(@\w+\s+)*((public|package|internal|private|fileprivate)\s+)?import\s+((class|struct|enum|func)\s+)?Foundation/
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.firstMatch(of: importLine) == nil, "\(file): \(line)")
            }
        }
    }
}
