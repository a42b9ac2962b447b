import Foundation
import Testing
import TestSupport
@testable import GridModel

/// The `touches` step in a file: what decodes, and every error one line with its JSON path and what is allowed.
/// (The corpus, `Tests/TestSupport/BadScenarios/touches-*.json` and `schema-touches-*.json`, holds one file per
/// error class; these are the cases a corpus file would be too large or too dull for.)
@Suite struct TouchesDecoderTests {
    /// One touches step of these events (JSON objects), then a wait until idle.
    static func json(_ events: String, before: String = "", pager: Bool = false) -> String {
        let json = scenarioJSON(steps: #"[\#(before){ "touches": { "events": [\#(events)] } }, { "wait": { "until": "idle", "max": 2 } }]"#)
        return pager ? #"{ "pager": {}, "# + json.dropFirst(2) : json
    }

    static func event(_ t: Double, _ x: Double, _ y: Double, _ phase: String) -> String {
        #"{ "t": \#(t), "x": \#(x), "y": \#(y), "phase": "\#(phase)" }"#
    }

    /// The issue's example: a log's CACurrentMediaTime as is.
    static let issueExample = #"""
        {"t": 3016826.5365, "x": 196.5, "y": 792, "phase": "began"},
        {"t": 3016826.5445, "x": 196.5, "y": 786, "phase": "moved"},
        {"t": 3016826.6565, "x": 196.5, "y": 708, "phase": "ended"}
        """#

    @Test func decodesTheIssueExample() throws {
        let s = try decode(Self.json(Self.issueExample))
        #expect(s.steps[0] == .touches([
            Touch(time: 3016826.5365, location: Vector(x: 196.5, y: 792), phase: .began),
            Touch(time: 3016826.5445, location: Vector(x: 196.5, y: 786), phase: .moved),
            Touch(time: 3016826.6565, location: Vector(x: 196.5, y: 708), phase: .ended)]))
        // The step lasts from the first touch to the last: 0.12 s, whatever the clock.
        let span = try #require(s.steps[0].fixedDuration)
        #expect(abs(span - 0.12) < 1e-6)
    }

    /// The Steps article's example of the step (the JSON block after "`touches` replays", GridModel's DocC catalog) is
    /// a step that decodes to the issue's.
    @Test func theReadmeExampleDecodes() throws {
        let readme = try DocsText.page("Sources/GridModel/GridModel.docc/Steps.md")
        let intro = try #require(readme.range(of: "`touches` replays one finger's gesture"))
        let open = try #require(readme.range(of: "```json\n", range: intro.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
        let step = String(readme[open.upperBound..<close.lowerBound])
        let s = try decode(scenarioJSON(steps: "[\(step)]"))
        #expect(s.steps == Array(try decode(Self.json(Self.issueExample)).steps.dropLast()))
    }

    /// What the rules allow: equal times, a stationary touch where the one before was, a cancelled lift, a
    /// moved touch that did not move, negative times, and touches right after a kept drag (the model lifts the
    /// held finger, at rest, before the new one touches down).
    @Test(arguments: [
        [event(1, 10, 10, "began"), event(1, 10, 10, "ended")].joined(separator: ","),
        [event(0, 10, 10, "began"), event(0.008, 10, 10, "stationary"), event(0.016, 10, 30, "moved"),
         event(0.016, 10, 30, "stationary"), event(0.3, 10, 30, "cancelled")].joined(separator: ","),
        [event(-5, 0, 0, "began"), event(-4.9, 0, 0, "moved"), event(-4.8, -20, 0, "ended")].joined(separator: ","),
    ])
    func accepts(_ events: String) throws {
        _ = try decode(Self.json(events))
        _ = try decode(Self.json(events, before: #"{ "drag": { "by": { "x": 30 }, "duration": 0.1, "then": "keep" } }, "#))
    }

    struct Case: Sendable, CustomStringConvertible {
        var description: String
        var json: String
        var kind: ScenarioError.Kind
        var path: String
        var mentions: String
    }

    static let cases: [Case] = [
        Case(description: "no events", json: json(""), kind: .invalidValue, path: "steps[0].touches.events",
             mentions: "0 touches; a gesture needs at least two"),
        Case(description: "one event", json: json(event(0, 1, 1, "began")), kind: .invalidValue, path: "steps[0].touches.events",
             mentions: "1 touch; a gesture needs at least two"),
        Case(description: "events null", json: scenarioJSON(steps: #"[{ "touches": { "events": null } }]"#), kind: .wrongType,
             path: "steps[0].touches.events", mentions: "must be an array like [{\"t\": 0"),
        Case(description: "an event that is a number", json: json(event(0, 1, 1, "began") + ", 7"), kind: .wrongType,
             path: "steps[0].touches.events[1]", mentions: "must be an object like {\"t\": 0"),
        Case(description: "x a string", json: json(#"{ "t": 0, "x": "10", "y": 1, "phase": "began" }"#), kind: .wrongType,
             path: "steps[0].touches.events[0].x", mentions: "remove the quotes"),
        Case(description: "y missing", json: json(#"{ "t": 0, "x": 10, "phase": "began" }, "# + event(1, 1, 1, "ended")), kind: .missingKey,
             path: "steps[0].touches.events[0].y", mentions: "is required"),
        Case(description: "phase in capitals", json: json(event(0, 1, 1, "Began") + "," + event(1, 1, 1, "ended")), kind: .invalidValue,
             path: "steps[0].touches.events[0].phase", mentions: #"did you mean "began"?"#),
        Case(description: "time -1e10", json: json(event(-1e10, 1, 1, "began") + "," + event(1, 1, 1, "ended")), kind: .outOfRange,
             path: "steps[0].touches.events[0].t", mentions: "allowed: -1000000000...1000000000"),
        Case(description: "time 1e400", json: json(#"{ "t": 1e400, "x": 1, "y": 1, "phase": "began" }"#), kind: .outOfRange,
             path: "steps[0].touches.events[0].t", mentions: "is not a finite number"),
        Case(description: "two began", json: json([event(0, 1, 1, "began"), event(0.1, 1, 1, "began"), event(0.2, 1, 1, "ended")].joined(separator: ",")),
             kind: .invalidValue, path: "steps[0].touches.events[1].phase", mentions: "\"began\" is the first touch only"),
        Case(description: "cancelled in the middle", json: json([event(0, 1, 1, "began"), event(0.1, 1, 1, "cancelled"), event(0.2, 1, 1, "ended")].joined(separator: ",")),
             kind: .invalidValue, path: "steps[0].touches.events[1].phase", mentions: "\"cancelled\" is the last touch only"),
        Case(description: "ends stationary", json: json([event(0, 1, 1, "began"), event(0.1, 1, 1, "stationary")].joined(separator: ",")),
             kind: .invalidValue, path: "steps[0].touches.events[1].phase", mentions: "the last touch is \"ended\" or \"cancelled\", found \"stationary\""),
        Case(description: "time goes back by 1 µs", json: json([event(0.000001, 1, 1, "began"), event(0, 1, 2, "ended")].joined(separator: ",")),
             kind: .invalidValue, path: "steps[0].touches.events[1].t", mentions: "times never go back"),
        Case(description: "stationary that moved", json: json([event(0, 1, 1, "began"), event(0.1, 1, 1.5, "stationary"), event(0.2, 1, 1.5, "ended")].joined(separator: ",")),
             kind: .invalidValue, path: "steps[0].touches.events[1].phase", mentions: "(1, 1), and this one is at (1, 1.5): use \"moved\""),
        Case(description: "x 1e9 + 1 from the first", json: json([event(0, -1, 1, "began"), event(0.1, 1e9, 1, "ended")].joined(separator: ",")),
             kind: .outOfRange, path: "steps[0].touches.events[1].x", mentions: "1000000001 points from the first touch's x"),
        Case(description: "a lift at 2·10^6 pt/s", json: json([event(0, 0, 0, "began"), event(0.0078125, 0, 15625, "moved"), event(0.02, 0, 15625, "ended")].joined(separator: ",")),
             kind: .outOfRange, path: "steps[0].touches.events[2]", mentions: "is 2000000 points/s in y; allowed: -1000000...1000000"),
        Case(description: "a span of 3600.001 s", json: json([event(10, 0, 0, "began"), event(3610.001, 0, 0, "ended")].joined(separator: ",")),
             kind: .outOfRange, path: "steps[0].touches.events", mentions: "allowed: at most 3600 s per step"),
        Case(description: "with the pager", json: json([event(0, 0, 0, "began"), event(0.1, 0, 20, "ended")].joined(separator: ","), pager: true),
             kind: .invalidValue, path: "steps[0].touches", mentions: "give it drag steps"),
        Case(description: "cancel after touches", json: scenarioJSON(steps: #"[{ "touches": { "events": [\#(event(0, 0, 0, "began")), \#(event(0.1, 0, 20, "ended"))] } }, { "cancel": {} }]"#),
             kind: .invalidValue, path: "steps[1]", mentions: "cancel ends a drag in progress, and none is"),
        Case(description: "an hour of touches at 60 fps", json: json([event(0, 0, 0, "began"), event(1700, 0, 0, "ended")].joined(separator: ","),
                                                                     before: #"{ "touches": { "events": [\#(event(0, 0, 0, "began")), \#(event(1700, 0, 0, "ended"))] } }, "#),
             kind: .limitExceeded, path: "steps", mentions: "the limit is 100000 frames"),
    ]

    @Test(arguments: cases)
    func rejectedWithItsPath(_ c: Case) throws {
        #expect {
            _ = try decode(c.json)
        } throws: { error in
            let e = error as! ScenarioError
            return e.kind == c.kind && e.path == c.path && e.description.contains(c.mentions)
                && e.description.contains(c.path) && !e.description.contains("\n")
        }
    }

    /// 100,001 touches are refused before any is read (the count, not the first bad touch), with the limit.
    @Test func tooManyTouches() throws {
        let moved = #"{"t":0,"x":0,"y":0,"phase":"moved"}"#
        let events = [#"{"t":0,"x":0,"y":0,"phase":"began"}"#] + Array(repeating: moved, count: Limits.maxTouches - 1)
            + [#"{"t":0,"x":0,"y":0,"phase":"ended"}"#]
        #expect(events.count == Limits.maxTouches + 1)
        #expect {
            _ = try decode(Self.json(events.joined(separator: ",")))
        } throws: { error in
            let e = error as! ScenarioError
            return e.kind == .limitExceeded && e.path == "steps[0].touches.events"
                && e.description.contains("100001 touches; the limit is 100000 touches per step")
        }
        // Exactly the limit decodes (a recorded gesture of 13 minutes at 8 ms).
        let atLimit = Array(events.dropFirst(2))
        _ = try decode(Self.json(([events[0]] + atLimit).joined(separator: ",")))
    }
}
