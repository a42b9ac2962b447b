import Foundation
import Testing

/// GridModel is the pure model: it must build without Foundation (the C math module covers pow/log/exp).
@Suite struct FoundationFreeTests {
    @Test func gridModelDoesNotImportFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/GridModel")
        // Every Swift file in the module's folders (by concern: Scenario, Physics, Engine, ...).
        let files = (FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 40)
        let importLine = /^\s*(@\w+\s+)*((public|package|internal|private|fileprivate)\s+)?import\s+((class|struct|enum|func)\s+)?Foundation/
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.firstMatch(of: importLine) == nil, "\(file): \(line)")
            }
        }
    }
}
