import Foundation
import Testing
@testable import GridTools

/// `GoldenStore.replace` under concurrent recordings of one golden (review finding 5): every replacement succeeds,
/// the golden is always one whole recording, and nothing is left behind.
@Suite struct GoldenStoreReplaceTests {
    @Test func concurrentReplacementsOfOneGoldenAllSucceed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = GoldenStore(root: root)
        final class Failures: @unchecked Sendable {
            let lock = NSLock()
            var messages: [String] = []
            func add(_ message: String) { lock.lock(); messages.append(message); lock.unlock() }
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<25 {
                do {
                    let (temporary, lock) = try store.makeTemporary(for: "a")
                    defer { lock.release() }
                    try Array("\(worker) \(round)".utf8).withUnsafeBufferPointer { bytes in
                        try Data(bytes).write(to: URL(fileURLWithPath: store.join(temporary, GoldenStore.manifestName)))
                    }
                    try store.replace("a", with: temporary)
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.messages.isEmpty, "\(failures.messages.count) failed, e.g. \(failures.messages.first ?? "")")
        let left = try FileManager.default.contentsOfDirectory(atPath: root)
        #expect(left == ["a"], "left in the goldens folder: \(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder("a")) == [GoldenStore.manifestName])
    }
}
