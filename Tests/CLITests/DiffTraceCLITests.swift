import Foundation
import Testing
@testable import GridModel

/// `render-grid diff-trace` on the real executable: exit codes, text, `--json`, bad files.
@Suite struct DiffTraceCLITests {
    /// Writes the trace of the bundled scenario, with `(old, new)` replaced in its text, as `render` writes it.
    static func writeTrace(_ scenario: String, _ replacements: [(String, String)] = [], to url: URL) throws {
        var text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/\(scenario).json"), encoding: .utf8)
        for (old, new) in replacements {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        var simulation = try Simulation(scenario: try ScenarioDecoder.decode(Array(text.utf8)))
        var lines = ""
        while let frame = try simulation.next() { lines += Trace.line(for: frame) + "\n" }
        try Data(lines.utf8).write(to: url)
    }

    /// expected.jsonl (drag-atRest), later.jsonl (its fling 0.05 s later), in a fresh folder.
    static func traces() throws -> (folder: URL, expected: String, later: String) {
        let folder = try CLI.temporaryFolder()
        let expected = folder.appendingPathComponent("expected.jsonl"), later = folder.appendingPathComponent("later.jsonl")
        try writeTrace("drag-atRest", to: expected)
        try writeTrace("drag-atRest", [(#""duration": 0.1"#, #""duration": 0.15"#)], to: later)
        return (folder, expected.path, later.path)
    }

    @Test func sameTracesExit0() throws {
        let (folder, expected, _) = try Self.traces()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["diff-trace", expected, expected])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "traces agree (374 frames)\n" && result.stderr.isEmpty)
        let json = try CLI.run(["diff-trace", "--json", expected, expected])
        #expect(json.status == 0 && json.stdout == #"{"firstDifferingFrame":null,"findings":[],"summary":[]}"# + "\n")
    }

    @Test func differentTracesExit1WithTheSentences() throws {
        let (folder, expected, later) = try Self.traces()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["diff-trace", expected, later])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "traces differ from frame 207:")
        #expect(lines.contains("  frame 207: expected willBeginDragging, got none; fourth willBeginDragging now at frame 210"))
        #expect(lines.contains("  recenter: 6.017 s -> 6.067 s (frame 361 -> 364)"))
        #expect(lines.contains("summary:"))
        #expect(lines.contains("  offsets differ in 157 frames, largest 834.305 pt at frame 363"))
        #expect(result.stderr.isEmpty)
    }

    /// One tile one device pixel (half a point) off: a difference at the scale read from the trace (2), none
    /// at `--scale 1`.
    @Test func scaleSetsTheTolerance() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var simulation = try Simulation(scenario: try ScenarioDecoder.decode(Array(CLI.smallScenario().replacingOccurrences(of: #""scale": 1"#, with: #""scale": 2"#).utf8)))
        var expected = "", actual = ""
        while var frame = try simulation.next() {
            expected += Trace.line(for: frame) + "\n"
            if frame.index == 5 { frame.tiles[0].pixelRect.x += 1 }
            actual += Trace.line(for: frame) + "\n"
        }
        let e = folder.appendingPathComponent("e.jsonl"), a = folder.appendingPathComponent("a.jsonl")
        try Data(expected.utf8).write(to: e)
        try Data(actual.utf8).write(to: a)
        let fine = try CLI.run(["diff-trace", e.path, a.path])
        #expect(fine.status == 1 && fine.stdout.contains("  frame 5: tile "), "\(fine.stdout)\(fine.stderr)")
        let coarse = try CLI.run(["diff-trace", e.path, a.path, "--scale=1"])
        #expect(coarse.status == 0 && coarse.stdout.hasPrefix("traces agree"), "\(coarse.stdout)\(coarse.stderr)")
    }

    @Test func jsonHasFirstFrameFindingsAndSummary() throws {
        let (folder, expected, later) = try Self.traces()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["diff-trace", expected, later, "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["firstDifferingFrame", "findings", "summary"])
        #expect(object["firstDifferingFrame"] as? Int == 207)
        let findings = try #require(object["findings"] as? [String])
        #expect(findings.first == "frame 207: expected willBeginDragging, got none; fourth willBeginDragging now at frame 210")
        #expect((object["summary"] as? [String])?.first == "frames only in actual: 3 (374 to 376)")
    }

    /// Missing, unreadable or invalid traces and bad usage exit 2 with one line naming the problem.
    @Test func badInputExits2() throws {
        let (folder, expected, _) = try Self.traces()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.jsonl")
        try Data((#"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":0,"y":0}}"# + "\n{\"frame\":1,\n").utf8).write(to: bad)
        let cases: [([String], String)] = [
            (["diff-trace", expected, folder.appendingPathComponent("missing.jsonl").path], "missing.jsonl"),
            (["diff-trace", expected, folder.path], "trace"),
            (["diff-trace", bad.path, expected], "line 2 is not a render-grid trace line"),
            (["diff-trace", expected], "diff-trace takes two trace files"),
            (["diff-trace", expected, expected, expected], "diff-trace takes two trace files"),
            (["diff-trace", expected, expected, "--scale", "0"], "--scale takes a whole number from 1 to 8"),
            (["diff-trace", expected, expected, "--jsn"], "unknown option --jsn (did you mean --json?)"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stdout)")
            #expect(result.stderr.hasPrefix("render-grid: error: ") && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty)
        }
        let help = try CLI.run(["diff-trace", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: render-grid diff-trace EXPECTED.jsonl ACTUAL.jsonl"))
    }
}
