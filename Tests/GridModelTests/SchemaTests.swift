import Foundation
import Testing
@testable import GridModel

/// Keeps Scenarios/scenario.schema.json honest: every key the decoder accepts is in the schema,
/// and every key the schema describes is accepted, object by object.
@Suite struct SchemaTests {
    let schema: [String: Any] = {
        let data = try! Data(contentsOf: packageRoot.appendingPathComponent("Scenarios/scenario.schema.json"))
        return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    }()

    func resolve(_ node: [String: Any]) -> [String: Any] {
        guard let ref = node["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return node }
        let defs = schema["$defs"] as! [String: Any]
        return defs[String(ref.dropFirst(8))] as! [String: Any]
    }

    /// An object's properties; for an array of objects (`layers`), its items' properties.
    func properties(_ node: [String: Any]) -> [String: [String: Any]] {
        let resolved = resolve(node)
        if resolved["properties"] == nil, let items = resolved["items"] as? [String: Any] { return properties(items) }
        return (resolved["properties"] as? [String: [String: Any]]) ?? [:]
    }

    /// The schema object for a decoder table path such as "grid.tileSize" or "drag.by".
    func node(_ path: String) -> [String: Any]? {
        let steps = ((properties(schema)["steps"]?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]]) ?? []
        if path == "steps[]" {
            return ["properties": Dictionary(uniqueKeysWithValues: steps.flatMap { properties($0).map { ($0.key, $0.value) } })]
        }
        var parts = path.split(separator: ".").map(String.init)
        var current: [String: Any]
        if let first = parts.first, let step = steps.first(where: { properties($0)[first] != nil }) {
            current = properties(step)[first]!
            parts.removeFirst()
        } else {
            current = schema
        }
        for part in parts {
            // "touches.events[]": an array's items are its objects (`properties` looks through `items`).
            let key = part.hasSuffix("[]") ? String(part.dropLast(2)) : part
            guard let next = properties(current)[key] else { return nil }
            current = next
        }
        return current
    }

    @Test(arguments: ScenarioDecoder.keys.keys.sorted())
    func schemaListsExactlyTheDecodersKeys(path: String) throws {
        let object = try #require(node(path), "schema has no object for \(path)")
        let schemaKeys = Set(properties(object).keys)
        #expect(schemaKeys == Set(ScenarioDecoder.keys[path]!), "\(path)")
        for (key, value) in properties(object) where path != "steps[]" {
            let described = resolve(value)["description"] ?? value["description"]
            #expect(described != nil, "\(path).\(key) has no description")
        }
    }

    /// The schema's colour pattern accepts exactly the colours the decoder accepts.
    @Test func colourPatternAgreesWithTheDecoder() throws {
        let color = try #require((schema["$defs"] as? [String: Any])?["color"] as? [String: Any])
        let regex = try NSRegularExpression(pattern: try #require(color["pattern"] as? String))
        let samples = ["#FFFFFF", "#0aF0Bc", "#FFfe0080", "#+12345", "#-00000", "#+1234567", "# 12345", "#12345",
                       "#1234567", "FFFFFF", "#GGGGGG", "#FFFFFFFFF", "#0x1234", "#١٢٣٤٥٦"]
        for sample in samples {
            let matches = regex.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            let decodes = (try? decode(DecoderTests.styled("{ \"tileColor\": \"\(sample)\" }"))) != nil
            #expect(matches == decodes, "\(sample)")
        }
    }

    @Test func descriptionIsAString() {
        #expect(properties(schema)["description"]?["type"] as? String == "string")
    }

    @Test func stepsAreLimited() {
        #expect(properties(schema)["steps"]?["maxItems"] as? Int == Limits.maxSteps)
    }

    /// The touches step's list: 2 to `Limits.maxTouches` touches, ranges as `Allowed`'s, phases as `Touch.Phase`.
    @Test func touchesAreLimited() throws {
        let events = try #require(node("touches.events"))
        #expect(events["minItems"] as? Int == 2)
        #expect(events["maxItems"] as? Int == Limits.maxTouches)
        let touch = properties(events)
        #expect(touch["t"]?["minimum"] as? Double == Allowed.touchTime.lowerBound)
        #expect(touch["t"]?["maximum"] as? Double == Allowed.touchTime.upperBound)
        for axis in ["x", "y"] {
            #expect(touch[axis]?["minimum"] as? Double == Allowed.distance.lowerBound)
            #expect(touch[axis]?["maximum"] as? Double == Allowed.distance.upperBound)
        }
        #expect(touch["phase"]?["enum"] as? [String] == Touch.Phase.allCases.map(\.rawValue))
    }

    @Test func everyBundledScenarioPointsAtTheSchema() throws {
        for name in bundledScenarioNames() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).json"), encoding: .utf8)
            #expect(text.contains("\"$schema\": \"./scenario.schema.json\""), "\(name)")
        }
        for name in patternScenarioNames() {
            let text = try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\(name).json"), encoding: .utf8)
            #expect(text.contains("\"$schema\": \"../scenario.schema.json\""), "\(name)")
        }
    }
}
