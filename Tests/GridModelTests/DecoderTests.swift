import Testing
import TestSupport
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

    static func styled(_ style: String) -> String {
        #"{ "name": "s", "viewport": { "width": 100, "height": 100 }, "style": \#(style), "steps": [] }"#
    }

    @Test func coloursTakeHexDigitsInEitherCase() throws {
        let s = try decode(Self.styled(##"{ "tileColor": "#0aF0Bc", "background": "#FFfe0080" }"##))
        #expect(s.style.tileColor == RGBA(0x0A, 0xF0, 0xBC))
        #expect(s.style.background == RGBA(0xFF, 0xFE, 0x00, 0x80))
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

    /// A linear search per key made an object of 300000 keys take minutes. Timed against a quarter of the keys
    /// (a wall-clock limit failed on a loaded machine).
    @Test func manyKeysParseInLinearTime() throws {
        let ratio = try Scaling.ratio(30_000) { n in
            Array(("{" + (0..<n).map { "\"k\($0)\":0" }.joined(separator: ",") + "}").utf8)
        } _: { _ = try JSONParser.parse($0) }
        #expect(ratio < Scaling.superlinear, "4× the keys took \(ratio)× the time")
        let keys = (0..<150_000).map { "\"k\($0)\":0" }.joined(separator: ",")
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
