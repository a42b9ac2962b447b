import Foundation
import Testing
import TestSupport

/// A damaged golden (a manifest that is not JSON, a key frame whose pixels are not its hash, `--goldens` naming a
/// file) is an input error (exit 2) in every record mode, never re-recorded silently, and the reports still list it.
@Suite struct CheckDamagedGoldenTests {
    /// CheckAndGoldens: "a damaged golden is never re-recorded silently, whatever the mode". `--record all` overwrites
    /// a manifest that is not JSON and exits 0.
    @Test func recordAllDoesNotSilentlyReplaceADamagedGolden() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", scenario, "--record", "all"]).status == 0)
        let manifest = folder.appendingPathComponent("Goldens/a/manifest.json")
        try Data("garbage".utf8).write(to: manifest)
        let result = try CheckCommandTests.run(["check", scenario, "--record", "all"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    }

    /// `--goldens` naming a regular file is unusable input: exit 2, not 1 (default mode) and not "no golden at
    /// FILE/a; record it" (with --record never).
    @Test func goldensThatIsAFileIsAnInputError() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        let file = try CLI.write("x", to: folder, as: "G")
        for mode in ["missing", "never"] {
            let result = try CheckCommandTests.run(["check", scenario, "--goldens", file, "--record", mode])
            #expect(result.status == 2, "--record \(mode): \(result.status) \(result.stdout)\(result.stderr)")
        }
    }

    /// A key frame whose pixels are not the manifest's hash is a damaged golden (exit 2). Today a key frame replaced
    /// by this run's picture makes every differing frame "within tolerance of its key frame": the check passes.
    @Test func keyFrameThatDoesNotMatchItsHashIsDamaged() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func scenario(_ color: String) -> String {
            """
            {"name":"t","viewport":{"width":64,"height":48,"scale":1},"fps":30,"style":{"tileColor":"\(color)","originTileColor":"\(color)"},
             "steps":[{"wait":{"duration":0.2}}]}
            """
        }
        let path = try CLI.write(scenario("#808080"), to: folder, as: "t.json")
        #expect(try CheckCommandTests.run(["check", path, "--record", "all"]).status == 0)
        _ = try CLI.write(scenario("#FF0000"), to: folder, as: "t.json")
        let out = folder.appendingPathComponent("out")
        #expect(try CLI.run(["render", path, "--out", out.path, "--quiet"]).status == 0)
        let keyFrame = folder.appendingPathComponent("Goldens/t/frame-00000.png")
        try FileManager.default.removeItem(at: keyFrame)
        try FileManager.default.copyItem(at: out.appendingPathComponent("frame_00000.png"), to: keyFrame)
        let result = try CheckCommandTests.run(["check", path, "--record", "never"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    }

    /// A damaged golden exits 2, and the report, the JUnit XML and --json still list what was checked, the damaged
    /// scenario as an error (before: none was written, so CI uploaded nothing).
    @Test func damagedGoldenStillWritesTheReports() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        _ = try CLI.write(CLI.smallScenario(name: "b"), to: folder, as: "b.json")
        #expect(try CheckCommandTests.run(["check", folder.path, "--record", "all", "--jobs", "1"]).status == 0)
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("Goldens/b/manifest.json"))
        let report = folder.appendingPathComponent("report").path, junit = folder.appendingPathComponent("check.xml").path
        let result = try CheckCommandTests.run(["check", folder.path, "--record", "never", "--jobs", "1", "--report", report,
                                   "--junit", junit, "--json"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("manifest.json"), "\(result.stderr)")
        #expect(result.stdout.contains("\"verdict\":\"error\""), "\(result.stdout)")
        #expect(result.stdout.contains("\"verdict\":\"passed\""), "\(result.stdout)")
        let xml = (try? String(contentsOfFile: junit, encoding: .utf8)) ?? ""
        #expect(xml.contains("errors=\"1\"") && xml.contains("<error message="), "\(xml)")
        #expect(FileManager.default.fileExists(atPath: report + "/report.html"))
    }
}
