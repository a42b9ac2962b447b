import Foundation
import Testing
import TestSupport

/// Issue 21's scenario traps through the real executable: a fling-only scenario shows the fling, a one-row loop is
/// refused with the fix, and hand-written JSON mistakes get one line with the file, the mistake, where and the fix.
@Suite struct ScenarioTrapsCLITests {
    /// It used to render 1 frame with exit 0.
    @Test func aFlingAloneRendersTheFlingToRest() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write("""
            { "name": "fling-only", "viewport": { "width": 120, "height": 90, "scale": 1 }, "fps": 30,
              "steps": [ { "fling": { "velocity": { "x": -1500 } } } ] }
            """, to: folder)
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(["render", scenario, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = CLI.files(in: out).filter { $0.hasSuffix(".png") }
        #expect(frames.count > 30, "\(frames.count) frames")
        let trace = try String(contentsOf: out.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n")
        #expect(lines.count == frames.count)
        #expect(lines.last?.contains(#""phase":"idle""#) == true && lines.contains { $0.contains(#""phase":"decelerating""#) })
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String, json: String, mentions: [String]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "one-row-loop", json: """
            { "name": "c", "viewport": { "width": 390, "height": 300 },
              "grid": { "tileSize": { "width": 390, "height": 300 }, "columns": 5, "rows": 1, "loop": "seamless" },
              "steps": [ { "drag": { "by": { "x": -200, "y": 30 }, "duration": 0.3 } } ] }
            """, mentions: ["grid.rows: 1 with grid.loop \"seamless\"", "one-row carousel", "use \"rows\": 0"]),
        Case(name: "trailing-comma", json: "{ \"name\": \"c\",\n  \"steps\": [ { \"wait\": { \"duration\": 1 } }, ]\n}",
             mentions: ["trailing comma before ']' at line 2, column 43", "remove it"]),
        Case(name: "comment", json: "{ \"name\": \"c\", // the name\n \"steps\": [] }",
             mentions: ["comments are not JSON (// at line 1, column 16): remove the comment"]),
        Case(name: "tile-size-array", json: """
            { "name": "c", "viewport": { "width": 390, "height": 300 },
              "grid": { "tileSize": [120, 160] }, "steps": [] }
            """, mentions: [#"grid.tileSize: must be an object like {"width": 120, "height": 160}, found an array (line 2, column 25)"#]),
        Case(name: "paging-bool", json: """
            { "name": "c", "viewport": { "width": 390, "height": 300 },
              "scroll": { "paging": true }, "steps": [] }
            """, mentions: [#"scroll.paging: must be one of "none", "viewport", "snap", "target", found a boolean (line 2, column 25)"#]),
    ]

    @Test(arguments: cases)
    func refusedWithTheMistakeAndTheFix(_ c: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(c.json, to: folder, as: "\(c.name).json")
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(["render", scenario, "--out", out.path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("render-grid: error: ") && result.stderr.contains("\(c.name).json: "), "\(result.stderr)")
        for text in c.mentions { #expect(result.stderr.contains(text), "\(result.stderr) lacks \(text)") }
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// Issue 21's one-row carousel, which `verify` passed while a sideways drag scrolled it 220 points vertically:
    /// verify refuses the scenario as render does (exit 2, the fix in the message).
    @Test func verifyRefusesTheOneRowLoop() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(Self.cases[0].json, to: folder, as: "carousel.json")
        let result = try CLI.run(["verify", scenario, "--scale", "1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("carousel.json: grid.rows: 1 with grid.loop \"seamless\"") && result.stderr.contains("use \"rows\": 0"),
                "\(result.stderr)")
        #expect(CLI.files(in: folder) == ["carousel.json"])
    }

    /// The documentation shows real errors (GridModel's "Scenarios" and "Loops" articles): each
    /// `$ swift run render-grid render FILE` on any page is followed by the exact line the executable prints (run
    /// here with an `--out` of its own, which no error reads).
    @Test func theReadmeShowsRealErrors() throws {
        let lines = try DocsText.all().split(separator: "\n").map(String.init)
        var checked = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("$ swift run render-grid render ") && i + 1 < lines.count {
            let arguments = line.dropFirst("$ swift run render-grid ".count).split(separator: " ").map(String.init)
            let out = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: out) }
            let result = try CLI.run(arguments + ["--out", out.appendingPathComponent("frames").path])
            #expect(result.status == 2)
            #expect(result.stderr == lines[i + 1] + "\n", "docs: \(lines[i + 1])\nreal:   \(result.stderr)")
            checked += 1
        }
        #expect(checked >= 5, "\(checked) errors shown")
    }
}
