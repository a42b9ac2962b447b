import Testing
@testable import GridModel

/// The JSON mistakes a person makes by hand: each gets one line that names the mistake, where it is (line and
/// column) and the fix, never a bare "unexpected '…'".
@Suite struct HandWrittenJSONTests {
    struct Case: Sendable, CustomStringConvertible {
        var json: String
        /// Texts the message must contain: the mistake, the place, the fix.
        var mentions: [String]
        var description: String { json }
    }

    static let cases: [Case] = [
        Case(json: "{\n  \"name\": \"x\",\n  \"steps\": [1,\n    ]\n}",
             mentions: ["trailing comma before ']'", "line 3, column 14 in steps", "no comma after the last element: remove it"]),
        Case(json: #"{"name":"x",}"#, mentions: ["trailing comma before '}'", "line 1, column 12", "no comma after the last member: remove it"]),
        Case(json: #"{"name": "x", // the name"# + "\n}", mentions: ["comments are not JSON", "// at line 1, column 15", "remove the comment"]),
        Case(json: "// a scenario\n{}", mentions: ["comments are not JSON", "// at line 1, column 1", "remove the comment"]),
        Case(json: #"{"fps": /* 60 */ 30}"#, mentions: ["comments are not JSON", "/* at line 1, column 9"]),
        Case(json: #"{"fps": 30 /* sixty */}"#, mentions: ["comments are not JSON", "/* at line 1, column 12"]),
        Case(json: "{\n /* keys */ \"fps\": 30}", mentions: ["comments are not JSON", "/* at line 2, column 2"]),
        Case(json: #"{'name': 'x'}"#, mentions: ["single-quoted key", "line 1, column 2", "double quotes"]),
        Case(json: #"{"name": 'x'}"#, mentions: ["single-quoted string", "line 1, column 10", "double quotes"]),
        Case(json: #"{name: "x"}"#, mentions: ["the key name", "line 1, column 2", #"write "name""#]),
        Case(json: #"{"fps": NaN}"#, mentions: ["NaN at line 1, column 9 in fps is", "NaN and Infinity are not JSON", "finite number"]),
        Case(json: #"{"fps": -Infinity}"#, mentions: ["-Infinity at line 1, column 9", "finite number"]),
        Case(json: #"{"fps": Infinity}"#, mentions: ["Infinity at line 1, column 9", "finite number"]),
        Case(json: #"{"bounces": True}"#, mentions: ["True at line 1, column 13", "write true"]),
        Case(json: #"{"rows": None}"#, mentions: ["None at line 1, column 10", "write null"]),
        Case(json: #"{"name": demo}"#, mentions: ["demo at line 1, column 10", #"write "demo""#]),
        Case(json: #"{"fps": 30 "name": "x"}"#, mentions: ["missing ',' between members", "line 1, column 12"]),
        Case(json: "[1\n 2]", mentions: ["missing ',' between elements", "line 2, column 2"]),
        Case(json: #"{"fps" 30}"#, mentions: [#"expected ':' after the key "fps""#, "line 1, column 8"]),
        Case(json: #"{"fps": +30}"#, mentions: ["'+' sign", "line 1, column 9", "remove it"]),
        Case(json: #"{"fps": .5}"#, mentions: ["starting with '.'", "write 0.5"]),
        Case(json: #"{"fps": }"#, mentions: ["a value is missing before '}'", "line 1, column 9"]),
        Case(json: #"{"steps": [1,,2]}"#, mentions: ["a value is missing before ','", "line 1, column 14 in steps[1]"]),
        // The path says where in the scenario the mistake is, as a decoder error's does.
        Case(json: "{\"steps\": [{\"drag\": {\"by\": {\"x\": 1,}}}]}",
             mentions: ["trailing comma before '}' at line 1, column 35 in steps[0].drag.by"]),
        Case(json: "{\"grid\": {\"tileSize\": {\"width\": 100 // wide\n}}}",
             mentions: ["comments are not JSON (// at line 1, column 37 in grid.tileSize): remove the comment"]),
        Case(json: #"{"steps": [1"#, mentions: ["end of input in an array", "a ']' is missing"]),
        Case(json: #"{"fps": 30"#, mentions: ["end of input in an object", "a '}' is missing"]),
        Case(json: #"{"fps": 30}}"#, mentions: ["after the JSON value", "line 1, column 12", "holds one value: remove what follows"]),
    ]

    @Test(arguments: cases)
    func namesTheMistakePlaceAndFix(_ c: Case) {
        #expect {
            _ = try ScenarioDecoder.decode(Array(c.json.utf8))
        } throws: { error in
            guard let e = error as? ScenarioError, e.kind == .malformedJSON, e.path.isEmpty else { return false }
            let missing = c.mentions.filter { !e.description.contains($0) }
            if !missing.isEmpty { Issue.record("\(e.description) lacks \(missing)") }
            return missing.isEmpty && !e.description.contains("\n")
        }
    }

    /// Comments are refused, not skipped: a commented-out member is no member.
    @Test func aCommentIsNeverSkipped() {
        let json = scenarioJSON(steps: "[]").replacingOccurrences(of: #""fps": 60,"#, with: #""fps": 60, // "fps": 30,"#)
        #expect(throws: ScenarioError.self) { try decode(json) }
    }
}
