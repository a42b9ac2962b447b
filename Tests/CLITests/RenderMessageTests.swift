import Foundation
import Testing

/// What `render` prints when it refuses: a repeated option as repeated, the range that was asked, a NUL as a NUL,
/// and the flag that raises a limit (the library's messages name none; the CLI adds them).
@Suite struct RenderMessageTests {
    @Test func refusalsSayWhatHappened() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("o").path
        // A repeated option is named as repeated, not as unknown.
        for arguments in [["--jobs", "2", "--jobs", "3"], ["--quiet", "--quiet"], ["--out=x", "--out", "y"]] {
            let r = try CLI.run(["render", scenario, "--out", out] + arguments)
            #expect(r.status == 2 && r.stderr.contains("more than once"), "\(arguments): \(r.stderr)")
        }
        // An open range past the end shows what was asked, not Int.max.
        let past = try CLI.run(["render", scenario, "--out", out, "--frames", "500:"])
        #expect(past.status == 2 && past.stderr.contains("--frames 500: is outside") && !past.stderr.contains("9223372036854775807"),
                "\(past.stderr)")
        // A NUL in style.font is refused as such, not opened as a shorter path or shown percent-encoded.
        let nul = try CLI.write(CLI.smallScenario().replacingOccurrences(of: #""fps": 30,"#, with: #""fps": 30, "style": { "font": "a\u0000b.ttf" },"#),
                                to: folder, as: "nul.json")
        let r = try CLI.run(["render", nul, "--out", out])
        #expect(r.status == 2 && r.stderr.contains("NUL") && r.stderr.contains("style.font") && !r.stderr.contains("%00"), "\(r.stderr)")
    }

    /// The library's messages name no flags; the CLI adds them when it prints.
    @Test func theCLIAddsFlagHints() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let range = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--frames", "5000:5001"])
        #expect(range.status == 2 && range.stderr.contains("--frames 5000:5001 is outside the scenario's"), "\(range.stderr)")
        let size = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--max-file-size", "10"])
        #expect(size.status == 2 && size.stderr.contains("the limit is 10 bytes (--max-file-size raises it)"), "\(size.stderr)")
        let frames = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--max-frames", "3"])
        #expect(frames.status == 2 && frames.stderr.contains("\(scenario): ") && frames.stderr.contains("(--max-frames raises it)"),
                "\(frames.stderr)")
    }
}
