import Foundation
import Testing
import TestSupport

/// A render killed outright (`kill -9`: no handler runs, nothing is synced) leaves only complete
/// frames under their final names; the next render removes its temporaries and `--resume` completes it.
@Suite struct DurabilityTests {
    func frames(_ folder: URL) -> [String] { CLI.files(in: folder).filter { $0.hasPrefix("frame_") } }

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
        sleep(3)  // the killed render's temporaries are judged abandoned once older than 2 s
        let resumed = try CLI.run(["render", scenario, "--out", cut.path, "--resume", "--jobs", "1", "--quiet"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(CLI.files(in: cut) == CLI.files(in: full))
        for name in CLI.files(in: full) {
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }
}
