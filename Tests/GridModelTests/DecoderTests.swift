import Testing
@testable import GridModel

@Suite struct DecoderTests {
    @Test func decodesTheIssueExample() throws {
        let scenario = try bundledScenario("fling-threshold")
        #expect(scenario.viewport == Viewport(width: 390, height: 844, scale: 2))
        #expect(scenario.scroll.recenter == .threshold)
        #expect(scenario.steps.count == 7)
        #expect(scenario.steps[5] == .jump(tile: TileCoordinate(x: 1_000_000_000_000_000, y: -1_000_000_000_000_000)))
        #expect(scenario.steps[3] == .waitUntilIdle(max: 10))
        #expect(scenario.steps[0] == .drag(by: Vector(x: -300, y: -120), duration: 0.4, release: .fling, then: .release))
    }

    @Test func defaults() throws {
        let s = try decode(#"{ "name": "d", "viewport": { "width": 100, "height": 200 }, "steps": [] }"#)
        #expect(s.fps == 60)
        #expect(s.viewport.scale == 2)
        #expect(s.grid == GridSpec())
        #expect(s.scroll.recenter == .atRest)
        #expect(s.scroll.contentSize == Size(width: 100_000, height: 100_000))
        #expect(s.scroll.decelerationRate == 0.998)
        #expect(s.style == Style())
    }

    @Test func everyBundledScenarioDecodes() throws {
        let names = bundledScenarioNames()
        #expect(names.count >= 10)
        for name in names { _ = try bundledScenario(name) }
    }

    struct Bad: Sendable, CustomStringConvertible {
        var json: String
        var kind: ScenarioError.Kind
        var path: String
        var mentions: String
        var description: String { path.isEmpty ? mentions : path }
    }

    static let bad: [Bad] = [
        Bad(json: "{ \"name\": ", kind: .malformedJSON, path: "", mentions: "line 1"),
        Bad(json: scenarioJSON(steps: "[ { \"drag\": { \"by\": { \"x\": 1 }, \"duration\": NaN } } ]"), kind: .malformedJSON, path: "", mentions: "NaN"),
        Bad(json: scenarioJSON(steps: "[ { \"drgg\": {} } ]"), kind: .unknownStep, path: "steps[0].drgg", mentions: "did you mean \"drag\""),
        Bad(json: scenarioJSON(steps: "[ { \"wait\": { \"duration\": 1 } }, { \"drag\": { \"by\": { \"x\": 1 }, \"duration\": -1 } } ]"),
            kind: .outOfRange, path: "steps[1].drag.duration", mentions: "0.001...3600"),
        Bad(json: scenarioJSON(steps: "[ { \"drag\": { \"by\": { \"x\": 1 }, \"duration\": \"1\" } } ]"), kind: .wrongType, path: "steps[0].drag.duration", mentions: "found a string"),
        Bad(json: scenarioJSON(steps: "[ { \"drag\": { \"by\": { \"x\": 1 } } } ]"), kind: .missingKey, path: "steps[0].drag.duration", mentions: "required"),
        Bad(json: scenarioJSON(steps: "[ { \"drag\": { \"by\": { \"x\": 1 }, \"duration\": 1, \"release\": \"flingg\" } } ]"), kind: .invalidValue, path: "steps[0].drag.release", mentions: "did you mean \"fling\""),
        Bad(json: scenarioJSON(steps: "[]", viewport: #"{ "width": -390, "height": 844 }"#), kind: .outOfRange, path: "viewport.width", mentions: "1...20000"),
        Bad(json: scenarioJSON(steps: "[]", viewport: #"{ "width": 0, "height": 844 }"#), kind: .outOfRange, path: "viewport.width", mentions: "out of range"),
        Bad(json: scenarioJSON(steps: "[]", viewport: #"{ "width": 390, "height": 844, "scale": 0 }"#), kind: .outOfRange, path: "viewport.scale", mentions: "1...8"),
        Bad(json: scenarioJSON(steps: "[]", viewport: #"{ "width": 20000, "height": 20000, "scale": 3 }"#), kind: .limitExceeded, path: "viewport", mentions: "the limit is 40000000 pixels"),
        Bad(json: scenarioJSON(steps: "[]", fps: 0), kind: .outOfRange, path: "fps", mentions: "1...240"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "tileSize": { "width": 0, "height": 100 } }"#), kind: .outOfRange, path: "grid.tileSize.width", mentions: "out of range"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "start": { "x": 9007199254740993, "y": 0 } }"#), kind: .outOfRange, path: "grid.start.x", mentions: "2^53"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "start": { "x": 1.5, "y": 0 } }"#), kind: .outOfRange, path: "grid.start.x", mentions: "integer"),
        Bad(json: scenarioJSON(steps: "[]", grid: #"{ "tileSize": { "width": 1, "height": 1 } }"#), kind: .limitExceeded, path: "grid.tileSize", mentions: "tiles"),
        Bad(json: scenarioJSON(steps: "[]", scroll: #"{ "recenter": "atrest" }"#), kind: .invalidValue, path: "scroll.recenter", mentions: "did you mean \"atRest\""),
        Bad(json: scenarioJSON(steps: "[]", scroll: #"{ "contentSize": { "width": 100, "height": 100000 } }"#), kind: .outOfRange, path: "scroll.contentSize", mentions: "viewport"),
        Bad(json: scenarioJSON(steps: "[]", scroll: #"{ "deceleration": 1.5 }"#), kind: .outOfRange, path: "scroll.deceleration", mentions: "0.5...0.9999"),
        Bad(json: scenarioJSON(steps: "[]", scroll: #"{ "decelerate": "fast" }"#), kind: .unknownKey, path: "scroll.decelerate", mentions: "did you mean \"deceleration\""),
        Bad(json: scenarioJSON(steps: "[ { \"wait\": { \"duration\": 3600 } }, { \"wait\": { \"duration\": 3600 } } ]"), kind: .limitExceeded, path: "steps", mentions: "the limit is 100000 frames"),
        Bad(json: scenarioJSON(steps: "[ { \"wait\": { \"duration\": 1e308 } } ]"), kind: .outOfRange, path: "steps[0].wait.duration", mentions: "out of range"),
        Bad(json: scenarioJSON(steps: "[ { \"wait\": {}, \"fling\": {} } ]"), kind: .invalidValue, path: "steps[0]", mentions: "exactly one key"),
        Bad(json: scenarioJSON(steps: "{}"), kind: .wrongType, path: "steps", mentions: "array"),
        Bad(json: String(repeating: "[", count: 100) + String(repeating: "]", count: 100), kind: .malformedJSON, path: "", mentions: "nesting"),
        Bad(json: #"{ "name": "a", "name": "b" }"#, kind: .malformedJSON, path: "", mentions: "duplicate key"),
        Bad(json: #"{ "viewport": { "width": 1, "height": 1 }, "steps": [] }"#, kind: .missingKey, path: "name", mentions: "required"),
        // UInt32(_:radix:) alone accepts a sign: only hex digits are a colour.
        Bad(json: styled(##"{ "tileColor": "#+12345" }"##), kind: .invalidValue, path: "style.tileColor", mentions: "#RRGGBB"),
        Bad(json: styled(##"{ "background": "#-00000" }"##), kind: .invalidValue, path: "style.background", mentions: "#RRGGBB"),
        Bad(json: styled(##"{ "borderColor": "#+1234567" }"##), kind: .invalidValue, path: "style.borderColor", mentions: "#RRGGBB"),
        Bad(json: styled(##"{ "labelColor": "# 12345" }"##), kind: .invalidValue, path: "style.labelColor", mentions: "#RRGGBB"),
        Bad(json: #"{ "name": "d", "description": 42, "viewport": { "width": 100, "height": 100 }, "steps": [] }"#,
            kind: .wrongType, path: "description", mentions: "must be a string"),
        Bad(json: #"{ "name": "d", "description": null, "viewport": { "width": 100, "height": 100 }, "steps": [] }"#,
            kind: .wrongType, path: "description", mentions: "must be a string"),
    ]

    static func styled(_ style: String) -> String {
        #"{ "name": "s", "viewport": { "width": 100, "height": 100 }, "style": \#(style), "steps": [] }"#
    }

    @Test func coloursTakeHexDigitsInEitherCase() throws {
        let s = try decode(Self.styled(##"{ "tileColor": "#0aF0Bc", "background": "#FFfe0080" }"##))
        #expect(s.style.tileColor == RGBA(0x0A, 0xF0, 0xBC))
        #expect(s.style.background == RGBA(0xFF, 0xFE, 0x00, 0x80))
    }

    @Test(arguments: bad)
    func rejectsBadInputWithItsPath(_ bad: Bad) {
        #expect {
            _ = try decode(bad.json)
        } throws: { error in
            guard let error = error as? ScenarioError else { return false }
            return error.kind == bad.kind && error.path == bad.path && error.description.contains(bad.mentions)
        }
    }

    @Test func acceptsAByteOrderMark() throws {
        let json = "\u{FEFF}" + #"{ "name": "bom", "viewport": { "width": 100, "height": 100 }, "steps": [] }"#
        #expect(try ScenarioDecoder.decode(Array(json.utf8)).name == "bom")
    }

    @Test func rejectsInvalidUTF8() {
        var bytes = Array(#"{ "name": "x"#.utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array(#"", "viewport": { "width": 100, "height": 100 }, "steps": [] }"#.utf8)
        #expect(throws: ScenarioError.self) { try ScenarioDecoder.decode(bytes) }
    }

    @Test func rejectsAnOversizedFile() {
        var limits = Limits()
        limits.maxFileBytes = 10
        #expect { try ScenarioDecoder.decode(Array(repeating: 0x20, count: 11), limits: limits) } throws: {
            ($0 as? ScenarioError)?.kind == .limitExceeded
        }
    }
}

@Suite struct ErrorMessageTests {
    @Test func controlCharactersInKeysStayOnOneLine() {
        let json = "{ \"name\": \"x\", \"viewport\": { \"width\": 1, \"height\": 1 }, \"steps\": [], \"a\\nb\": 1 }"
        #expect { _ = try decode(json) } throws: {
            let text = "\($0)"
            return !text.contains("\n") && text.contains("a\\u000ab")
        }
    }
}

/// Inputs as large as the file limit allows: decoded or refused in time, with one short error line.
@Suite struct LargeInputTests {
    func timed(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    /// A linear search per key made an object of 300000 keys take minutes.
    @Test func manyKeysParseInLinearTime() throws {
        let keys = (0..<150_000).map { "\"k\($0)\":0" }.joined(separator: ",")
        let elapsed = try timed { _ = try JSONParser.parse(Array("{\(keys)}".utf8)) }
        #expect(elapsed < .seconds(5))
        #expect { _ = try JSONParser.parse(Array("{\(keys),\"k149999\":1}".utf8)) } throws: {
            "\($0)".contains("duplicate key \"k149999\"")
        }
    }

    /// "Did you mean" compared a megabyte-long key with every allowed key, letter by letter, and the
    /// error line quoted it whole (twice).
    @Test func aHugeUnknownKeyIsQuickAndQuotedShort() {
        let key = String(repeating: "a", count: 1_000_000)
        let json = #"{ "name": "x", "viewport": { "width": 10, "height": 10 }, "steps": [], ""# + key + #"": 1 }"#
        var error: ScenarioError?
        let elapsed = timed { do { _ = try decode(json) } catch let e { error = e as? ScenarioError } }
        #expect(elapsed < .seconds(5))
        #expect(error?.kind == .unknownKey)
        #expect(error?.path == String(repeating: "a", count: 60) + "…")
        #expect((error?.description.count ?? .max) < 400)
    }

    @Test func hugeLiteralsAreQuotedShort() {
        let digits = String(repeating: "7", count: 200_000)
        for (json, path) in [(scenarioJSON(steps: "[]", viewport: #"{ "width": "# + digits + #", "height": 10 }"#), "viewport.width"),
                             (scenarioJSON(steps: "[]", fps: 0).replacingOccurrences(of: #""fps": 0"#, with: #""fps": "# + digits), "fps"),
                             (scenarioJSON(steps: #"[ { "jump": { "tile": { "x": "# + digits + #", "y": 0 } } } ]"#), "steps[0].jump.tile.x"),
                             (scenarioJSON(steps: "[]", scroll: #"{ "recenter": ""# + digits + #"" }"#), "scroll.recenter")] {
            #expect { _ = try decode(json) } throws: {
                let e = $0 as! ScenarioError
                return e.path == path && e.description.count < 300
            }
        }
    }
}
