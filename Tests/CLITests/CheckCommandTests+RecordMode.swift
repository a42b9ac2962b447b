import Foundation
import Testing

/// The record mode from the environment: empty or false values are unset.
extension CheckCommandTests {
    /// An empty RENDER_GRID_RECORD is unset (before: exit 2), and CI of "", "false" or "0" does not switch to never.
    @Test func emptyOrFalseEnvironmentIsUnset() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try CLI.write(CLI.smallScenario(name: "a"), to: folder, as: "a.json")
        for environment in [["RENDER_GRID_RECORD": ""], ["CI": ""], ["CI": "false"], ["CI": "0"]] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("Goldens"))
            let result = try CheckCommandTests.run(["check", path], environment: environment)
            #expect(result.status == 1 && result.stdout.contains("recorded a new golden"), "\(environment): \(result.stdout)\(result.stderr)")
        }
        let result = try CheckCommandTests.run(["check", path], environment: ["CI": "true"])
        #expect(result.stdout.contains("record mode never"), "\(result.stdout)")
    }
}
