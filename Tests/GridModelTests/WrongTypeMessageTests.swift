import Foundation
import Testing
@testable import GridModel

/// A value of the wrong type is answered with what belongs there: an object's shape as an example, an enum's
/// allowed values, a number's range (and "remove the quotes" for a quoted number), with the JSON path and the
/// line and column. Driven by the schema, so every object-valued and enum-valued key is covered.
@Suite struct WrongTypeMessageTests {
    /// A key of a section with the JSON that puts a value there in a valid scenario, and what the schema says
    /// of it.
    struct Slot: Sendable, CustomStringConvertible {
        var path: String
        /// The name `ScenarioDecoder.keys` gives the value when it is an object.
        var shape: String
        var json: @Sendable (String) -> String
        /// The schema's `enum`, for an enum-valued key.
        var values: [String]?
        /// Whether the schema says the value is (or may be) an object.
        var isObject: Bool
        var description: String { path }
    }

    /// Every key of grid, scroll, pager, style, a layer and a drag, as the schema describes it.
    static let slots: [Slot] = {
        let data = try! Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/scenario.schema.json"))
        let schema = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        let defs = schema["$defs"] as! [String: [String: Any]]
        func properties(_ node: [String: Any]) -> [String: [String: Any]] {
            var node = node
            if let ref = node["$ref"] as? String, ref.hasPrefix("#/$defs/") { node = defs[String(ref.dropFirst(8))]! }
            return (node["properties"] as? [String: [String: Any]]) ?? [:]
        }
        func slot(_ path: String, _ shape: String, _ node: [String: Any], _ json: @escaping @Sendable (String) -> String) -> Slot {
            var resolved = node
            if let ref = node["$ref"] as? String, ref.hasPrefix("#/$defs/") { resolved = defs[String(ref.dropFirst(8))]! }
            let types = (resolved["type"] as? [String]) ?? [(resolved["type"] as? String) ?? ""]
            return Slot(path: path, shape: shape, json: json, values: node["enum"] as? [String], isObject: types.contains("object"))
        }
        var slots: [Slot] = []
        let top = properties(schema)
        for section in ["grid", "scroll", "pager", "style"] {
            for (key, value) in properties(top[section]!).sorted(by: { $0.key < $1.key }) {
                slots.append(slot("\(section).\(key)", "\(section).\(key)", value) { v in
                    #"{ "name": "t", "viewport": { "width": 390, "height": 844 }, "\#(section)":\#n  { "\#(key)": \#(v) }, "steps": [] }"#
                })
            }
        }
        for (key, value) in properties(top["layers"]!["items"] as! [String: Any]).sorted(by: { $0.key < $1.key }) {
            slots.append(slot("layers[0].\(key)", "layers.\(key)", value) { v in
                #"{ "name": "t", "viewport": { "width": 390, "height": 844 }, "layers": [\#n  { "\#(key)": \#(v) }], "steps": [] }"#
            })
        }
        let drag = properties(((top["steps"]!["items"] as! [String: Any])["oneOf"] as! [[String: Any]])[0])["drag"]!
        for key in ["by", "release", "then"] {
            slots.append(slot("steps[0].drag.\(key)", "drag.\(key)", properties(drag)[key]!) { v in
                let by = key == "by" ? "" : #""by": { "x": 1 }, "#
                return #"{ "name": "t", "viewport": { "width": 390, "height": 844 }, "steps": [\#n { "drag": { \#(by)"duration": 0.1, "\#(key)": \#(v) } } ] }"#
            })
        }
        return slots
    }()

    static var enumSlots: [Slot] { slots.filter { $0.values != nil } }
    static var objectSlots: [Slot] { slots.filter(\.isObject) }

    func error(_ json: String) -> ScenarioError? {
        do { _ = try decode(json); return nil } catch { return error }
    }

    @Test func theSchemaHasEnoughSlots() {
        #expect(Self.enumSlots.count >= 20, "\(Self.enumSlots)")
        #expect(Self.objectSlots.count >= 8, "\(Self.objectSlots)")
    }

    /// `"paging": true` lists "none", "viewport", "snap", "target", at the path, on line 2.
    @Test(arguments: enumSlots)
    func anEnumOfTheWrongTypeListsItsValues(_ slot: Slot) throws {
        let e = try #require(error(slot.json("true")))
        let values = try #require(slot.values)
        #expect(e.kind == .wrongType && e.path == slot.path, "\(e)")
        #expect(e.message.hasPrefix("must be one of "), "\(e)")
        #expect(values.allSatisfy { e.message.contains("\"\($0)\"") }, "\(e) lacks one of \(values)")
        #expect(e.message.contains("found a boolean") && e.message.contains("(line 2, column "), "\(e)")
    }

    /// `"tileSize": [120, 160]` shows `{"width": 120, "height": 160}`, at the path, on line 2.
    @Test(arguments: objectSlots)
    func anObjectOfTheWrongTypeShowsItsShape(_ slot: Slot) throws {
        let e = try #require(error(slot.json("[120, 160]")))
        let example = try #require(ScenarioDecoder.objectExamples[slot.shape], "no example for \(slot.shape)")
        #expect(e.kind == .wrongType && e.path == slot.path, "\(e)")
        #expect(e.message.contains("object like \(example)") && e.message.contains("found an array"), "\(e)")
        #expect(e.message.contains("(line 2, column "), "\(e)")
    }

    /// Every object the decoder reads has an example, and each example is JSON with only that object's keys.
    @Test(arguments: ScenarioDecoder.keys.keys.sorted())
    func everyObjectHasAnExampleOfItsOwnKeys(_ shape: String) throws {
        let example = try #require(ScenarioDecoder.objectExamples[shape], "no example for \"\(shape)\"")
        guard case .object(let members) = try JSONParser.parse(Array(example.utf8)) else {
            Issue.record("\(shape): \(example) is not an object"); return
        }
        let allowed = Set(ScenarioDecoder.keys[shape]!)
        #expect(members.allSatisfy { allowed.contains($0.0) }, "\(shape): \(example)")
        #expect(shape == "cancel" || !members.isEmpty)
    }

    struct Case: Sendable, CustomStringConvertible {
        var json: String, path: String, mentions: [String]
        var description: String { path + " " + mentions.joined(separator: " | ") }
    }

    static let cases: [Case] = [
        Case(json: scenarioJSON(steps: "[]", grid: "{\n  \"tileSize\": [120, 160] }"), path: "grid.tileSize",
             mentions: [#"must be an object like {"width": 120, "height": 160}, found an array"#, "(line 2, column 15)"]),
        Case(json: scenarioJSON(steps: "[]", scroll: #"{ "paging": true }"#), path: "scroll.paging",
             mentions: [#"must be one of "none", "viewport", "snap", "target", found a boolean"#, "(line 1, column "]),
        Case(json: scenarioJSON(steps: "[]", viewport: #"{ "width": "390", "height": 844 }"#), path: "viewport.width",
             mentions: [#"must be a number in 1...20000, found a string ("390": remove the quotes)"#]),
        Case(json: scenarioJSON(steps: "[]", viewport: #"{ "width": "wide", "height": 844 }"#), path: "viewport.width",
             mentions: ["must be a number in 1...20000, found a string (line"]),
        Case(json: scenarioJSON(steps: "[]", grid: #"{ "columns": "5" }"#), path: "grid.columns",
             mentions: [#"must be null or an integer in 0...1000000000, found a string ("5": remove the quotes)"#]),
        Case(json: scenarioJSON(steps: "[]", scroll: #"{ "bounces": "false" }"#), path: "scroll.bounces",
             mentions: [#"must be true or false, found a string ("false": remove the quotes)"#]),
        Case(json: scenarioJSON(steps: "[]", scroll: #"{ "deceleration": true }"#), path: "scroll.deceleration",
             mentions: [#"must be "normal", "fast" or a number in 0.5...0.9999, found a boolean"#]),
        Case(json: scenarioJSON(steps: #"[{ "wait": { "until": true } }]"#), path: "steps[0].wait.until",
             mentions: [#"must be "idle", found a boolean"#]),
        Case(json: scenarioJSON(steps: #"[{ "jump": { "tile": { "x": "3" } } }]"#), path: "steps[0].jump.tile.x",
             mentions: [#"must be an integer tile coordinate, found a string ("3": remove the quotes)"#]),
        Case(json: scenarioJSON(steps: #"{ "drag": {} }"#), path: "steps",
             mentions: [#"must be an array like [{"drag": "#, "found an object (line 1, column "]),
        Case(json: scenarioJSON(steps: "[\n 1]"), path: "steps[0]",
             mentions: [#"must be an object like {"drag": "#, "found a number (line 2, column 2)"]),
        Case(json: DecoderTests.styled(#"{ "background": 16777215 }"#), path: "style.background",
             mentions: [##"must be a colour string, "#RRGGBB" or "#RRGGBBAA", found a number"##]),
        Case(json: "[]", path: "", mentions: ["must be an object like {\"name\": ", "found an array (line 1, column 1)"]),
        // Lines count from the file's start: the second line here.
        Case(json: "{\"name\": \"t\",\n \"viewport\": 1}", path: "viewport", mentions: ["found a number (line 2, column 14)"]),
    ]

    @Test(arguments: cases)
    func wrongTypesSayWhatBelongsThere(_ c: Case) throws {
        let e = try #require(error(c.json))
        #expect(e.kind == .wrongType && e.path == c.path, "\(e)")
        for text in c.mentions { #expect(e.description.contains(text), "\(e.description) lacks \(text)") }
    }

    /// The location follows the path through arrays and objects, however far down (each value counted once).
    @Test func theLocationFollowsThePath() {
        let json = "{\"a\": [1, {\"b\": [2, 3]}, {\"c.d\": {\"e\": 4}}],\n \"f\": {\"a\": 5}}"
        let bytes = Array(json.utf8)
        #expect(JSONParser.location(of: "", in: bytes) == "line 1, column 1")
        #expect(JSONParser.location(of: "a[1].b[1]", in: bytes) == "line 1, column 21")
        #expect(JSONParser.location(of: "a[2].c.d.e", in: bytes) == "line 1, column 40")
        #expect(JSONParser.location(of: "f.a", in: bytes) == "line 2, column 13")
        #expect(JSONParser.location(of: "a[3]", in: bytes) == nil)
        #expect(JSONParser.location(of: "g", in: bytes) == nil)
    }
}
