import Foundation
import Testing

/// A `touches` step end to end: `render` in a real process, and the trace's offsets are the finger's, 10 points
/// behind it (the pan's slop), then a deceleration from the lift.
@Suite struct TouchesCLITests {
    /// A finger at (60, 80) moving up 5 points every 8 ms for 20 moves (625 pt/s), lifting 8 ms after the last
    /// move, on a log's clock (100 s).
    static let scenario: String = {
        var events = [#"{ "t": 100, "x": 60, "y": 80, "phase": "began" }"#]
        for i in 1...20 { events.append(#"{ "t": \#(100 + Double(i) * 0.008), "x": 60, "y": \#(80 - 5 * i), "phase": "moved" }"#) }
        events.append(#"{ "t": 100.168, "x": 60, "y": -20, "phase": "ended" }"#)
        return """
            { "name": "touches", "viewport": { "width": 120, "height": 90, "scale": 1 }, "fps": 30,
              "scroll": { "recenter": "none" },
              "steps": [ { "touches": { "events": [\(events.joined(separator: ", "))] } }, { "wait": { "duration": 0.3 } } ] }
            """
    }()

    @Test func rendersATouchesStep() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(["render", try CLI.write(Self.scenario, to: folder), "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let trace = try String(contentsOf: out.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n")
        // 0.168 + 0.3 s at 30 fps: frames 0…15 (the last at or after the end).
        #expect(lines.count == 16)
        var offsets: [(x: Double, y: Double)] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let offset = try #require(object["contentOffset"] as? [String: Double])
            offsets.append((try #require(offset["x"]), try #require(offset["y"])))
        }
        let y0 = offsets[0].y
        // Frame 1 (t = 0.033): the finger is 20 points up (the touch at 0.032), the content 10 (20 less the slop).
        #expect(offsets[1].y - y0 == 10)
        // Frame 4 (t = 0.133): 80 points up, the content 70; frame 5 (t = 0.167, before the lift): 100 and 90.
        #expect(offsets[4].y - y0 == 70)
        #expect(offsets[5].y - y0 == 90)
        // After the lift at 625 pt/s the content goes on moving, ever slower, and never sideways.
        let after = offsets[5...].map { $0.y }
        #expect(zip(after, after.dropFirst()).allSatisfy { $0 < $1 }, "\(after)")
        #expect(after[1] - after[0] > after[after.count - 1] - after[after.count - 2])
        #expect(offsets.allSatisfy { $0.x == offsets[0].x })
        #expect(trace.contains(#""name":"willEndDragging""#) || trace.contains("willEndDragging"))
    }
}
