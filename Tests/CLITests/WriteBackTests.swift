import Foundation
import Testing
import TestSupport

/// What a render asks of the disk, seen with strace on the real process: each frame's write-back is started as soon
/// as it is written (`sync_file_range`), the trace gets its name without an `fsync` of its own, the frame list (which
/// shards of one render share) with one, and one `syncfs`, after every name is in place, makes the run durable.
@Suite struct WriteBackTests {
    /// The completed calls of `render-grid arguments` among `calls`, in order (a call split by another thread's
    /// line is taken from its "resumed" line), or nil where strace cannot trace (ptrace refused).
    static func syscalls(_ calls: [String], of arguments: [String], in folder: URL) throws -> (CLI.Result, [String])? {
        let log = folder.appendingPathComponent("strace.log").path
        let result = try CLI.run(
            ["-f", "-o", log, "-e", "trace=" + calls.joined(separator: ","), CLI.executable.path] + arguments,
            program: URL(fileURLWithPath: "/usr/bin/strace"))
        guard let text = try? String(contentsOfFile: log, encoding: .utf8), !text.isEmpty else { return nil }
        var seen: [String] = []
        for line in text.split(separator: "\n") where line.hasSuffix(" = 0") {
            // "1234  fsync(5) = 0" or "1234  <... fsync resumed>) = 0"
            guard let name = calls.first(where: { line.contains(" \($0)(") || line.contains("<... \($0) resumed>") })
            else { continue }
            seen.append(name)
        }
        return (result, seen)
    }

    @Test(arguments: [1, 2]) func framesStartTheirWriteBackAndOneSyncComesLast(jobs: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            #expect(!RequiredTools.required, "strace is required")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("out").path
        let calls = ["sync_file_range", "fsync", "fdatasync", "syncfs", "linkat", "renameat", "renameat2"]
        guard
            let (result, seen) = try Self.syscalls(
                calls, of: ["render", scenario, "--out", out, "--jobs", String(jobs), "--quiet"], in: folder)
        else {
            #expect(!RequiredTools.required, "strace could not trace the render")
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix("frame_") }
        #expect(frames.count > 20)
        func count(_ name: String) -> Int { seen.filter { $0 == name }.count }
        #expect(count("sync_file_range") == frames.count, "\(count("sync_file_range")) for \(frames.count) frames")
        #expect(count("fsync") == 1 && count("fdatasync") == 0, "fsync: the frame list's only; \(seen.suffix(8))")
        #expect(count("syncfs") == 1)
        // Every name (frames, trace, list) is in place before the sync, which is the last call.
        #expect(seen.last == "syncfs", "\(seen.suffix(8))")
    }
}
