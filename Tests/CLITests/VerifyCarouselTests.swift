import Foundation
import Testing

/// Issue 21, "verify names what happened", through the real executable: a carousel's auto-advance that rewinds
/// across a duplicate loop is pattern 11 (not 9 and 1, as it was), and a scroll that moves an axis the carousel
/// does not scroll never passes.
@Suite struct VerifyCarouselTests {
    /// The scenario: 3 items, `rows: 0`, a duplicate loop, viewport paging, animated scrollTo 1, 2, 3.
    static let rewind = """
        { "name": "rewind", "viewport": { "width": 390, "height": 300, "scale": 2 },
          "grid": { "tileSize": { "width": 390, "height": 300 }, "columns": 3, "rows": 0, "loop": "duplicate" },
          "scroll": { "recenter": "none", "paging": "viewport" },
          "steps": [
            { "scrollTo": { "tile": { "x": 1, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } },
            { "scrollTo": { "tile": { "x": 2, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } },
            { "scrollTo": { "tile": { "x": 3, "y": 0 }, "animated": true, "duration": 0.3 } }, { "wait": { "duration": 0.2 } } ] }
        """

    @Test func aRewindingAutoAdvanceIsNamedWithItsFix() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["verify", try CLI.write(Self.rewind, to: folder)])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let line = try #require(lines.first { $0.hasPrefix("pattern 11 (") }, "\(result.stdout)")
        #expect(line.contains("frame 61 shows the animated scroll running 2 items backwards on x (item 2 to item 0)"), "\(line)")
        #expect(line.contains("expected 1 item forward across the wrap"))
        #expect(line.contains("fix: animate on to the duplicate past the end") && line.contains("then jump without animation"))
        #expect(!lines.contains { $0.hasPrefix("pattern 1 (") || $0.hasPrefix("pattern 9 (") }, "\(result.stdout)")
        let json = try CLI.run(["verify", try CLI.write(Self.rewind, to: folder), "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let names = ((object?["failures"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(!names.isEmpty && names.allSatisfy { $0 == "rewind-at-wrap" }, "\(names)")
    }

    /// The issue's `rows: 1` with `loop: "seamless"`: a mostly sideways drag moved the strip 220 points vertically
    /// and verify said all checks hold. It must not pass such a scroll: verify names pattern 12 (or, where the
    /// scenario language refuses the one-item loop, the scenario is refused with exit 2 and a message; where it gives
    /// it the one-row meaning, nothing moves vertically and verify may pass).
    @Test func aScrollOnAnAxisTheCarouselDoesNotScrollNeverPasses() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = """
            { "name": "one-row", "viewport": { "width": 390, "height": 300, "scale": 2 },
              "grid": { "tileSize": { "width": 160, "height": 300 }, "columns": 5, "rows": 1, "loop": "seamless" },
              "scroll": { "recenter": "threshold" },
              "steps": [ { "drag": { "by": { "x": -500, "y": -220 }, "duration": 0.5, "release": "hold" } },
                         { "wait": { "duration": 0.2 } } ] }
            """
        let path = try CLI.write(scenario, to: folder)
        let result = try CLI.run(["verify", path])
        if result.status == 0 {
            // Passing is right only where the scenario language gives `rows: 1` with a loop the writer's meaning (a
            // one-row carousel that never scrolls vertically): then the content must not have moved on y.
            let render = try CLI.run(["render", path, "--scale", "1", "--out", folder.appendingPathComponent("frames").path])
            #expect(render.status == 0, "\(render.stderr)")
            let trace = try String(contentsOf: folder.appendingPathComponent("frames/trace.jsonl"), encoding: .utf8)
            let ys = trace.split(separator: "\n").compactMap { line -> Double? in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                return ((object?["contentOffset"] as? [String: Any])?["y"] as? NSNumber)?.doubleValue
            }
            #expect(!ys.isEmpty && Set(ys).count == 1, "verify passed a scroll that moved y: \(Set(ys).sorted())")
        } else if result.status == 1 {
            #expect(result.stdout.split(separator: "\n").contains { $0.hasPrefix("pattern 12 (scroll on an axis the carousel does not scroll): frame 1 ") },
                    "\(result.stdout)")
            #expect(result.stdout.contains("a loop of 1 item"))
        } else {
            #expect(result.status == 2 && !result.stderr.isEmpty, "\(result.status) \(result.stderr)")
        }
    }
}
