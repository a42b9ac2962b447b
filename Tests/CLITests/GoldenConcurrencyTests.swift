import Foundation
import Testing
import TestSupport

/// Real processes reading and re-recording one golden at once (issue 22 item 1): a reader sees one generation
/// (passes against either, never "damaged"), and overlapping `--record all` runs all succeed.
@Suite(.serialized) struct GoldenConcurrencyTests {
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["RENDER_GRID_RECORD"] = nil
        process.environment = env
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, err)
    }

    static func finish(_ run: (Process, Pipe)) -> (status: Int32, stderr: String) {
        let stderr = String(decoding: run.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.0.waitUntilExit()
        return (run.0.terminationStatus, stderr)
    }

    /// Two folders with a scenario of one name (so one golden), whose frames differ; every frame a key frame,
    /// so reading the golden takes a while.
    static func twoScenarios() throws -> (folder: URL, a: String, b: String, goldens: String) {
        let folder = try CLI.temporaryFolder()
        for (side, dx) in [("A", -150), ("B", -190)] {
            let sub = folder.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            _ = try CLI.write(CheckCommandTests.scenario("x", dx: dx), to: sub, as: "x.json")
        }
        return (folder, folder.appendingPathComponent("A/x.json").path, folder.appendingPathComponent("B/x.json").path,
                folder.appendingPathComponent("G").path)
    }

    @Test func aReaderSeesOneGenerationWhileARecordingSwaps() throws {
        let s = try Self.twoScenarios()
        defer { try? FileManager.default.removeItem(at: s.folder) }
        #expect(Self.finish(try Self.start(["check", s.a, "--goldens", s.goldens, "--record", "all", "--keyframes", "all"])).status == 0)
        for round in 0..<16 {
            let recorder = try Self.start(["check", round % 2 == 0 ? s.b : s.a, "--goldens", s.goldens, "--record", "all", "--keyframes", "all"])
            let readers = try (0..<2).map { _ in try Self.start(["check", s.a, "--goldens", s.goldens, "--record", "never"]) }
            let recorded = Self.finish(recorder)
            #expect(recorded.status == 0, "round \(round): the recording failed: \(recorded.stderr)")
            for reader in readers {
                let read = Self.finish(reader)
                // 0: it read A's generation; 1: B's (A's frames differ from it). Never 2 (a "damaged" golden).
                #expect(read.status == 0 || read.status == 1, "round \(round): a reader exited \(read.status): \(read.stderr)")
            }
        }
        #expect(CLI.files(in: URL(fileURLWithPath: s.goldens)) == ["x"], "no temporaries left")
    }

    @Test func overlappingRecordingsAllSucceed() throws {
        let s = try Self.twoScenarios()
        defer { try? FileManager.default.removeItem(at: s.folder) }
        #expect(Self.finish(try Self.start(["check", s.a, "--goldens", s.goldens, "--record", "all", "--keyframes", "all"])).status == 0)
        for round in 0..<16 {
            let runs = try [s.a, s.b, s.a].map { path in
                try Self.start(["check", path, "--goldens", s.goldens, "--record", "all", "--keyframes", "all"])
            }
            for run in runs {
                let result = Self.finish(run)
                #expect(result.status == 0, "round \(round): a recording exited \(result.status): \(result.stderr)")
            }
        }
        #expect(CLI.files(in: URL(fileURLWithPath: s.goldens)) == ["x"], "no temporaries left")
        // The golden is one whole generation: it checks clean against one of the two scenarios.
        let a = Self.finish(try Self.start(["check", s.a, "--goldens", s.goldens, "--record", "never"]))
        let b = Self.finish(try Self.start(["check", s.b, "--goldens", s.goldens, "--record", "never"]))
        #expect([a.status, b.status].sorted() == [0, 1], "\(a.stderr)\(b.stderr)")
    }
}

/// A recording killed at any rename leaves a whole golden.
extension GoldenConcurrencyTests {
    /// A run killed at the rename that puts a re-recorded golden in place leaves a golden (the old one or the new
    /// one), never none: the replacement is one atomic exchange (before: two renames, and a kill between them left
    /// only `.a.old-*` and `.a.recording-*`). Uses strace to kill the process at each rename in turn.
    @Test func killedReRecordingLeavesAGolden() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            #expect(!RequiredTools.required, "strace is required")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", scenario, "--record", "all", "--jobs", "1"]).status == 0)
        var killed = 0
        for when in 1...12 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
            process.arguments = ["-f", "-o", "/dev/null", "-e", "trace=rename,renameat,renameat2",
                                 "-e", "inject=rename,renameat,renameat2:signal=SIGKILL:when=\(when)",
                                 CLI.executable.path, "check", scenario, "--record", "all", "--jobs", "1"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { killed += 1 }
            let manifest = folder.appendingPathComponent("Goldens/a/manifest.json").path
            #expect(FileManager.default.fileExists(atPath: manifest), "killed at rename \(when): no golden left")
            let result = try CheckCommandTests.run(["check", scenario, "--record", "never", "--jobs", "1"])
            #expect(result.status == 0, "killed at rename \(when): \(result.stdout)\(result.stderr)")
        }
        #expect(killed > 0, "strace never killed the run")
    }
}
