import Foundation
import Testing
import TestSupport

/// Where `check` writes its reports: never inside a golden, and a `--junit` or `--report` path it cannot use is
/// refused before anything renders.
@Suite struct CheckOutputPathTests {
    /// `--report` equal to `--goldens`: the failure images land inside the golden folder that is committed.
    @Test func reportFolderNeverWritesIntoAGolden() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        let goldens = folder.appendingPathComponent("S")
        #expect(try CheckCommandTests.run(["check", scenario, "--goldens", goldens.path, "--record", "all"]).status == 0)
        let before = CLI.files(in: goldens.appendingPathComponent("a"))
        _ = try CLI.write(CLI.smallScenario(name: "a").replacingOccurrences(of: "\"x\": -150", with: "\"x\": -151"),
                          to: folder, as: "a.json")
        let result = try CheckCommandTests.run(["check", scenario, "--goldens", goldens.path, "--report", goldens.path, "--record", "never"])
        #expect(CLI.files(in: goldens.appendingPathComponent("a")) == before,
                "status \(result.status): \(result.stdout)\(result.stderr)")
    }

    /// `--junit` naming a folder and `--report` naming a file are usage errors found before anything renders
    /// (before: noticed after every scenario ran, exit 1).
    @Test func unusableOutputPathsAreRefusedUpFront() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        let file = try CLI.write("x", to: folder, as: "report-file")
        for extra in [["--junit", folder.path], ["--report", file], ["--junit", folder.path + "/no/such/check.xml"]] {
            let result = try CheckCommandTests.run(["check", scenario, "--record", "missing"] + extra)
            #expect(result.status == 2, "\(extra): \(result.status) \(result.stdout)\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Goldens").path), "\(extra): rendered first")
        }
    }
}
