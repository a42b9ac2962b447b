import Foundation
import Testing

/// `check DIR` names a `*.json` entry it cannot read as a scenario instead of skipping it (issue 22 item 8: FIFOs,
/// folders, dangling links and links to /dev/zero were skipped silently, so a CI run passed without them).
@Suite struct CheckFolderEntryTests {
    @Test(arguments: ["fifo", "folder", "dangling link", "link to /dev/zero"])
    func anEntryThatIsNotAScenarioFileIsNamed(kind: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CheckCommandTests.scenario("a"), to: folder, as: "a.json")
        let entry = folder.appendingPathComponent("b.json")
        let expected: String
        switch kind {
        case "fifo":
            #expect(mkfifo(entry.path, 0o644) == 0)
            expected = "not a regular file"
        case "folder":
            try FileManager.default.createDirectory(at: entry, withIntermediateDirectories: false)
            expected = "a folder"
        case "dangling link":
            try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: folder.appendingPathComponent("gone.json").path)
            expected = "a broken symbolic link"
        default:
            try FileManager.default.createSymbolicLink(atPath: entry.path, withDestinationPath: "/dev/zero")
            expected = "not a regular file"
        }
        let result = try CheckCommandTests.run(["check", folder.path, "--record", "all"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("holds \"b.json\", \(expected)") || result.stderr.contains("holds b.json, \(expected)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!CLI.files(in: folder).contains("Goldens"), "nothing recorded: \(CLI.files(in: folder))")
    }
}
