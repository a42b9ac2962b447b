import Foundation
import Testing
import TestSupport

/// A render killed outright (`kill -9`: no handler runs, nothing is synced) leaves only complete
/// frames under their final names; the next render, started at once, removes its temporaries and
/// `--resume` completes it.
@Suite struct DurabilityTests {
    func frames(_ folder: URL) -> [String] { CLI.files(in: folder).filter { $0.hasPrefix("frame_") } }

    /// 240 frames of 640×480 pixels that all differ: long enough to be killed while writing, twice.
    static let long = """
    { "name": "killed", "viewport": { "width": 320, "height": 240, "scale": 2 }, "fps": 60,
      "scroll": { "recenter": "threshold", "contentSize": { "width": 9000, "height": 9000 } },
      "steps": [ { "drag": { "by": { "x": -2400, "y": -900 }, "duration": 4, "release": "hold" } } ] }
    """

    /// Issue 21: SIGKILL a render while it writes, SIGKILL its `--resume` while that writes, then
    /// `--resume` again at once, not even waiting for the killed one to be gone: the last run
    /// succeeds and the folder holds exactly the files of an uninterrupted run, names and bytes.
    /// Both ways new files are made: without a name (`O_TMPFILE`), and as named temporaries
    /// (`RENDER_GRID_NAMED_TEMPORARIES=1`, as on a file system without `O_TMPFILE`), where each kill
    /// waits until a frame temporary is on disk (the trace's is there all along).
    @Test(arguments: [false, true]) func killKillResumeLeavesAnUninterruptedRunsFiles(named: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(Self.long, to: folder)
        let full = folder.appendingPathComponent("full"), cut = folder.appendingPathComponent("cut")
        var environment = ProcessInfo.processInfo.environment
        environment["RENDER_GRID_NAMED_TEMPORARIES"] = named ? "1" : nil
        let render = ["render", scenario, "--out", cut.path, "--jobs", "2", "--quiet"]
        let uninterrupted = try CLI.run(["render", scenario, "--out", full.path, "--jobs", "2", "--quiet"], environment: environment)
        #expect(uninterrupted.status == 0, "\(uninterrupted.stderr)")

        let first = try start(render, environment: environment)
        killWhileWriting(first, into: cut, framesAtLeast: 10, named: named)
        first.waitUntilExit()
        let second = try start(render + ["--resume"], environment: environment)
        killWhileWriting(second, into: cut, framesAtLeast: frames(cut).count + 10, named: named)
        let last = try CLI.run(render + ["--resume"], environment: environment)
        second.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal && second.terminationReason == .uncaughtSignal)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(CLI.files(in: cut) == CLI.files(in: full))
        for name in CLI.files(in: full) {
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }

    /// Starts render-grid with its output thrown away.
    func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Polls (up to 60 s) until `folder` has `count` frames and, when `named`, a frame temporary, then
    /// sends SIGKILL.
    func killWhileWriting(_ process: Process, into folder: URL, framesAtLeast count: Int, named: Bool,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline {
            let files = CLI.files(in: folder)
            if files.filter({ $0.hasPrefix("frame_") }).count >= count && (!named || files.contains { $0.hasPrefix(".frame_") }) { break }
            usleep(500)
        }
        #expect(process.isRunning, "the render ended before it could be killed", sourceLocation: sourceLocation)
        kill(process.processIdentifier, SIGKILL)
    }

    @Test func aKilledRenderLeavesOnlyCompleteFrames() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(InterruptionTests.scenario, to: folder)
        let full = folder.appendingPathComponent("full"), cut = folder.appendingPathComponent("cut")
        #expect(try CLI.run(["render", scenario, "--out", full.path, "--quiet", "--jobs", "2"]).status == 0)
        let (process, err) = try CLI.start(["render", scenario, "--out", cut.path, "--jobs", "2", "--quiet"])
        let deadline = Date().addingTimeInterval(60)
        while frames(cut).count < 20 && process.isRunning && Date() < deadline { usleep(2_000) }
        kill(process.processIdentifier, SIGKILL)
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let partial = frames(cut)
        #expect(!partial.isEmpty && partial.count < frames(full).count, "\(partial.count) frames when killed")
        for name in partial {
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
        let resumed = try CLI.run(["render", scenario, "--out", cut.path, "--resume", "--jobs", "1", "--quiet"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(CLI.files(in: cut) == CLI.files(in: full))
        for name in CLI.files(in: full) {
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }
}

/// An output folder that cannot be made in full.
extension DurabilityTests {
    /// A folder path that cannot be made in full (a part too long) leaves none of its parents behind.
    @Test func failedFolderCreationLeavesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let deep = folder.appendingPathComponent("a/b/c/" + String(repeating: "x", count: 300)).path
        let r = try CLI.run(["render", scenario, "--out", deep])
        #expect(r.status == 1 && r.stderr.contains("File name too long"), "\(r.stderr)")
        #expect(CLI.files(in: folder) == ["scenario.json"])
    }
}
