import Foundation
import Testing
@testable import GridTools

/// A folder comparison walks a bounded number of entries and levels, so `diff / /` ends quickly
/// with a clear error instead of walking (and decoding) a whole file system.
@Suite struct FolderWalkTests {
    @Test func walkIsBoundedInEntriesAndDepth() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // 12 levels deep, a PNG-named file at every level, and 30 extra files at the top.
        var folder = root
        for level in 0..<12 {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data().write(to: folder.appendingPathComponent("frame_\(level).png"))
            folder = folder.appendingPathComponent("d\(level)")
        }
        for i in 0..<30 { try Data().write(to: root.appendingPathComponent("x\(i).txt")) }
        let found = try ImageDiff.pngFiles(in: root.path, maxEntries: 1000)
        // Files at levels 0...maxFolderDepth are found; deeper ones are not walked.
        #expect(found.count == DiffOptions.maxFolderDepth + 1, "\(found)")
        #expect {
            _ = try ImageDiff.pngFiles(in: root.path, maxEntries: 20)
        } throws: { error in
            (error as? ToolError)?.message.contains("more than 20 entries") == true
        }
        var options = DiffOptions()
        options.maxFolderEntries = 20
        #expect(throws: ToolError.self) { _ = try ImageDiff.run(expected: root.path, actual: root.path, options: options) }
    }
}
