import Foundation
import Testing

/// A signal during `check --record all` (issue 22 item 3): SIGTERM and SIGINT stop it saying what they stopped, with
/// the golden as it was and no temporary; SIGKILL's temporary folder is removed by the next run at once, whatever its
/// age; a live recorder's folder is never touched.
@Suite(.serialized) struct CheckInterruptTests {
    /// A long scenario (every frame a key frame, so the recording writes for seconds) and its goldens folder.
    static func longScenario() throws -> (folder: URL, scenario: String, goldens: URL) {
        let folder = try CLI.temporaryFolder()
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/long-fling.json"), encoding: .utf8)
        let scenario = try CLI.write(text, to: folder, as: "x.json")
        return (folder, scenario, folder.appendingPathComponent("Goldens"))
    }

    static func start(_ arguments: [String]) throws -> (Process, Pipe) { try GoldenConcurrencyTests.start(arguments) }

    /// Waits (up to 60 s) until the goldens folder holds a recording temporary with a key frame in it.
    static func waitForRecording(in goldens: URL) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            for name in CLI.files(in: goldens) where name.hasPrefix(".x.recording-") {
                if CLI.files(in: goldens.appendingPathComponent(name)).contains(where: { $0.hasPrefix("frame-") }) { return name }
            }
            usleep(20_000)
        }
        return nil
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalStopsARecordingSayingSo(signal: Int32) throws {
        let s = try Self.longScenario()
        defer { try? FileManager.default.removeItem(at: s.folder) }
        let arguments = ["check", s.scenario, "--record", "all", "--keyframes", "all", "--scale", "2", "--jobs", "1"]
        #expect(GoldenConcurrencyTests.finish(try Self.start(arguments)).status == 0)
        let before = try CheckCommandTests.snapshot(s.goldens.appendingPathComponent("x"))
        let run = try Self.start(arguments)
        let temporary = Self.waitForRecording(in: s.goldens)
        try #require(temporary != nil, "a recording started")
        kill(run.0.processIdentifier, signal)
        let result = GoldenConcurrencyTests.finish(run)
        #expect(result.status == 128 + signal, "\(result.stderr)")
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(result.stderr.contains("interrupted by \(name) while recording golden") && result.stderr.contains("the golden is as it was"),
                "\(result.stderr)")
        #expect(CLI.files(in: s.goldens) == ["x"], "no temporary left: \(CLI.files(in: s.goldens))")
        #expect(try CheckCommandTests.snapshot(s.goldens.appendingPathComponent("x")) == before, "the golden is unchanged")
    }

    @Test func aKilledRecordingsFolderIsRemovedByTheNextRunAtOnce() throws {
        let s = try Self.longScenario()
        defer { try? FileManager.default.removeItem(at: s.folder) }
        let arguments = ["check", s.scenario, "--record", "all", "--keyframes", "all", "--scale", "2", "--jobs", "1"]
        let run = try Self.start(arguments)
        let temporary = try #require(Self.waitForRecording(in: s.goldens), "a recording started")
        kill(run.0.processIdentifier, SIGKILL)
        _ = GoldenConcurrencyTests.finish(run)
        #expect(CLI.files(in: s.goldens).contains(temporary), "SIGKILL leaves the folder: \(CLI.files(in: s.goldens))")
        // A live recorder's folder (its lock held here) is never touched, however old.
        let live = s.goldens.appendingPathComponent(".x.recording-\(getpid())-abc")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: live.path)
        let held = open(live.path, O_RDONLY | O_DIRECTORY)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        // At once, not after an age: the killed run's lock went with it; by a run that records nothing too (CI's).
        let next = GoldenConcurrencyTests.finish(try Self.start(["check", s.scenario, "--record", "never", "--jobs", "2"]))
        #expect(next.status == 1, "no golden yet: \(next.stderr)")
        #expect(CLI.files(in: s.goldens) == [live.lastPathComponent], "\(CLI.files(in: s.goldens))")
    }

    /// A signal while the recording waits for readers to let go of the golden (an exclusive lock it cannot get)
    /// stops it there too, before the golden changes (the wait polls the signal).
    @Test func aSignalStopsARecordingWaitingForReaders() throws {
        let s = try Self.longScenario()
        defer { try? FileManager.default.removeItem(at: s.folder) }
        let arguments = ["check", s.scenario, "--record", "all", "--keyframes", "all", "--jobs", "2"]
        #expect(GoldenConcurrencyTests.finish(try Self.start(arguments)).status == 0)
        let golden = s.goldens.appendingPathComponent("x")
        let before = try CheckCommandTests.snapshot(golden)
        // A reader holds the golden (shared) for the whole test.
        let reader = open(golden.path, O_RDONLY | O_DIRECTORY)
        #expect(reader >= 0 && flock(reader, LOCK_SH) == 0)
        defer { close(reader) }
        let run = try Self.start(arguments)
        // The recording is complete (its manifest is written last) and now waits to swap it in.
        let deadline = Date().addingTimeInterval(120)
        var waiting = false
        while Date() < deadline && !waiting {
            waiting = CLI.files(in: s.goldens).contains { name in
                name.hasPrefix(".x.recording-") && CLI.files(in: s.goldens.appendingPathComponent(name)).contains("manifest.json")
            }
            if !waiting { usleep(20_000) }
        }
        try #require(waiting, "the recording reached the swap")
        usleep(300_000)
        #expect(run.0.isRunning, "it waits for the reader")
        kill(run.0.processIdentifier, SIGTERM)
        let result = GoldenConcurrencyTests.finish(run)
        #expect(result.status == 128 + SIGTERM, "\(result.stderr)")
        #expect(result.stderr.contains("interrupted by SIGTERM while recording golden"), "\(result.stderr)")
        #expect(CLI.files(in: s.goldens) == ["x"], "no temporary left: \(CLI.files(in: s.goldens))")
        #expect(try CheckCommandTests.snapshot(golden) == before, "the golden is unchanged")
    }
}
