import Testing
@testable import GridModel

/// Every `{x, y}` object of a scenario follows one rule: a missing `x` or `y` is 0, and an empty object is an
/// error (it says nothing). The drag's `by`, the fling's velocity, the start tile, `scrollTo` and `jump` tiles and
/// a layer's factor all read `{ "x": 3 }` as (3, 0) and `{ "y": 3 }` as (0, 3).
@Suite struct XYDefaultsTests {
    struct Field: Sendable, CustomStringConvertible {
        var path: String
        var json: @Sendable (String) -> String
        /// The decoded (x, y).
        var read: @Sendable (Scenario) -> (Double, Double)
        var description: String { path }
    }

    static let fields: [Field] = [
        Field(path: "grid.start", json: { scenarioJSON(steps: "[]", grid: #"{ "start": \#($0) }"#) },
              read: { (Double($0.grid.start.x), Double($0.grid.start.y)) }),
        Field(path: "steps[0].drag.by", json: { scenarioJSON(steps: #"[{ "drag": { "by": \#($0), "duration": 0.1 } }]"#) },
              read: { s in if case let .drag(by, _, _, _) = s.steps[0] { return (by.x, by.y) }; return (.nan, .nan) }),
        Field(path: "steps[0].fling.velocity", json: { scenarioJSON(steps: #"[{ "fling": { "velocity": \#($0) } }]"#) },
              read: { s in if case let .fling(v) = s.steps[0] { return (v.x, v.y) }; return (.nan, .nan) }),
        Field(path: "steps[0].scrollTo.tile", json: { scenarioJSON(steps: #"[{ "scrollTo": { "tile": \#($0) } }]"#) },
              read: { s in if case let .scrollTo(t, _, _) = s.steps[0] { return (Double(t.x), Double(t.y)) }; return (.nan, .nan) }),
        Field(path: "steps[0].jump.tile", json: { scenarioJSON(steps: #"[{ "jump": { "tile": \#($0) } }]"#) },
              read: { s in if case let .jump(t) = s.steps[0] { return (Double(t.x), Double(t.y)) }; return (.nan, .nan) }),
        Field(path: "layers[0].factor",
              json: { #"{ "name": "l", "viewport": { "width": 390, "height": 844 }, "layers": [{ "factor": \#($0) }], "steps": [] }"# },
              read: { ($0.layers[0].factor.x, $0.layers[0].factor.y) }),
    ]

    @Test(arguments: fields)
    func aMissingComponentIsZero(_ field: Field) throws {
        let onlyX = field.read(try decode(field.json(#"{ "x": 3 }"#)))
        let onlyY = field.read(try decode(field.json(#"{ "y": 3 }"#)))
        let both = field.read(try decode(field.json(#"{ "x": 2, "y": 3 }"#)))
        #expect(onlyX == (3, 0) && onlyY == (0, 3) && both == (2, 3), "\(onlyX) \(onlyY) \(both)")
    }

    @Test(arguments: fields)
    func anEmptyObjectIsRefused(_ field: Field) {
        #expect {
            _ = try decode(field.json("{}"))
        } throws: { error in
            guard let e = error as? ScenarioError else { return false }
            return e.kind == .missingKey && e.path == field.path && e.message.contains(#"needs "x", "y" or both (a missing one is 0)"#)
        }
    }
}
