import Foundation
import Testing
import TestSupport

/// What a render asks of the disk, counted with strace on the real process: each file's write-back is started
/// as soon as it is written (`sync_file_range`), nothing is `fsync`ed on its own (the trace and the frame list
/// included), and one `syncfs` at the end makes the run durable.
@Suite struct WriteBackTests {
    /// The calls named in `calls` that `render-grid arguments` made, by name.
    static func syscalls(_ calls: [String], of arguments: [String], in folder: URL) throws -> (CLI.Result, [String: Int])
    {
        let log = folder.appendingPathComponent("strace.log").path
        let result = try CLI.run(
            ["-f", "-o", log, "-e", "trace=" + calls.joined(separator: ","), CLI.executable.path] + arguments,
            program: URL(fileURLWithPath: "/usr/bin/strace"))
        var counts: [String: Int] = [:]
        for line in try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n") {
            // "1234  fsync(5) = 0", or "1234  <... fsync resumed>) = 0" (counted at its start)
            guard let name = calls.first(where: { line.contains(" \($0)(") }) else { continue }
            counts[name, default: 0] += 1
        }
        return (result, counts)
    }

    @Test(arguments: [1, 2]) func everyFileStartsItsWriteBackAndOnlyTheEndSyncs(jobs: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            #expect(!RequiredTools.required, "strace is required")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("out").path
        let calls = ["sync_file_range", "fsync", "fdatasync", "syncfs"]
        let (result, counts) = try Self.syscalls(
            calls, of: ["render", scenario, "--out", out, "--jobs", String(jobs), "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame_") }
        #expect(frames.count > 20)
        // One started write-back per frame file and one for frames.ffconcat; the trace is synced by syncfs.
        #expect(counts["sync_file_range"] == frames.count + 1, "\(counts) for \(frames.count) frames")
        #expect(counts["fsync", default: 0] == 0 && counts["fdatasync", default: 0] == 0, "\(counts)")
        #expect(counts["syncfs"] == 1, "\(counts)")
    }
}
