import Foundation
import Testing

/// Review finding of issue 10 in the CLI, left failing on purpose: `--` (the POSIX end of options)
/// is refused as "unknown option --", so a scenario file whose name starts with "-" can only be
/// passed as "./-name.json".
@Suite struct ReviewCLIFindingsTests {
    @Test func doubleDashEndsTheOptions() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder, as: "-dash.json")
        let result = try CLI.run(["render", "--out", folder.appendingPathComponent("o").path, "--frames", "0:0", "--quiet", "--", "-dash.json"],
                                 in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: scenario))
    }
}
