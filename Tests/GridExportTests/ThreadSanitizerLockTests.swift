import Foundation
import Testing

/// Threads share state only through locks ThreadSanitizer sees (`Locked`, a pthread mutex), never
/// `Synchronization.Mutex`: its contended path runs inside Swift's runtime library, which TSan does not
/// instrument, so a correct program guarded by it gets data-race reports and `scripts/tsan.sh` (CI) could
/// not tell a real race from one. That script is the end-to-end check; this one names the line at once.
@Suite struct ThreadSanitizerLockTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// `file:line` of each use of `Mutex` as a type or initializer in `text`, comments skipped.
    static func mutexUses(in text: String, file: String) -> [String] {
        var uses: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if code.contains(/(^|[^A-Za-z0-9_])Mutex\s*[<(]/) { uses.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))") }
        }
        return uses
    }

    @Test func noSourceUsesSynchronizationMutex() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).sorted()
        var files = 0, uses: [String] = []
        for module in modules {
            let folder = Self.sources.appendingPathComponent(module)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                files += 1
                uses += Self.mutexUses(in: text, file: "\(module)/\(name)")
            }
        }
        #expect(files > 60, "found only \(files) source files under \(Self.sources.path)")
        #expect(uses.isEmpty, "Synchronization.Mutex, which ThreadSanitizer cannot see; use Locked:\n\(uses.joined(separator: "\n"))")
    }

    /// The scan finds each spelling (so the test above can fail) and nothing else.
    @Test func theScanFindsMutexAndNothingElse() {
        let source = """
            let results = Mutex<[Int: String]>([:])
            let names = Mutex([String]())
            let fine = Locked<[String]>([])
            var raw = pthread_mutex_t()
            // A comment naming Mutex<Int> is no use.
            """
        #expect(Self.mutexUses(in: source, file: "F.swift") == [
            "F.swift:1: let results = Mutex<[Int: String]>([:])",
            "F.swift:2: let names = Mutex([String]())",
        ])
    }
}
