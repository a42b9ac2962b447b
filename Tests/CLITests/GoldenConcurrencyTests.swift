import Foundation
import Testing

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
