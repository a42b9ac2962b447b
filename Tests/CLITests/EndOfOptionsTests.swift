import Foundation
import Testing

/// `--` ends the options (POSIX): a scenario file whose name starts with "-" can be passed after it. (It used to be
/// refused as "unknown option --"; found by the issue-10 review.)
@Suite struct EndOfOptionsTests {
    @Test func doubleDashEndsTheOptions() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder, as: "-dash.json")
        let result = try CLI.run(["render", "--out", folder.appendingPathComponent("o").path, "--frames", "0:0", "--quiet", "--", "-dash.json"],
                                 in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scenario))
    }

    /// After `--`, even `--help` is a file name, and an option before `--` still needs its value before it.
    @Test func helpAfterTheEndIsAFileAndAValueCannotCrossIt() throws {
        let missing = try CLI.run(["render", "--", "--help"])
        #expect(missing.status == 2 && missing.stderr.contains("--help") && !missing.stdout.contains("USAGE"), "\(missing.stderr)")
        let noValue = try CLI.run(["render", "--out", "--", "x.json"])
        #expect(noValue.status == 2 && noValue.stderr.contains("--out needs a value"), "\(noValue.stderr)")
    }
}
