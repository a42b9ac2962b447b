import Foundation
import Testing
import TestSupport
@testable import GridModel

/// Documents the schema and the decoder must agree on, beside the corpus: the rules that join keys, and string
/// lengths (both count Unicode code points). `accepts` is what both must say; today every case is accepted (the
/// rejected ones are corpus files).
struct AgreementCase: Sendable, CustomStringConvertible {
    var name: String
    var json: String
    var accepts: Bool
    var description: String { name }

    static func steps(_ name: String, _ steps: String, accepts: Bool) -> AgreementCase {
        AgreementCase(name: name, json: scenarioJSON(steps: steps), accepts: accepts)
    }

    static func grid(_ name: String, _ grid: String, recenter: String = "atRest", pager: Bool = false, accepts: Bool) -> AgreementCase {
        let json = scenarioJSON(steps: #"[{ "wait": { "duration": 0.1 } }]"#, scroll: #"{ "recenter": "\#(recenter)" }"#, grid: grid)
        return AgreementCase(name: name, json: pager ? #"{ "pager": {}, "# + json.dropFirst(2) : json, accepts: accepts)
    }

    static func named(_ name: String, _ value: String, accepts: Bool) -> AgreementCase {
        let json = scenarioJSON(steps: #"[{ "wait": { "duration": 0.1 } }]"#)
        return AgreementCase(name: name, json: json.replacingOccurrences(of: #""name": "t""#, with: #""name": "\#(value)""#), accepts: accepts)
    }

    /// Valid files the schema must accept, beside the corpus's bad ones. Each rejected twin of a case here is a
    /// corpus file (`Tests/TestSupport/BadScenarios/schema-*.json`), so the decoder's corpus test checks its error
    /// kind, path and message, the CLI tests run it through the executable, and `corpusFileIsRejectedOrInexpressible`
    /// checks the schema rejects it; these stay inline because the corpus holds only files the decoder rejects.
    static let all: [AgreementCase] = [
        steps("wait until idle with max", #"[{ "wait": { "until": "idle", "max": 2 } }]"#, accepts: true),
        steps("wait of zero seconds", #"[{ "wait": { "duration": 0 } }]"#, accepts: true),
        steps("drag released with release",
              #"[{ "drag": { "by": { "x": 5 }, "duration": 0.1, "then": "release", "release": "hold" } }]"#, accepts: true),
        steps("drag kept then cancelled",
              #"[{ "drag": { "by": { "x": 5 }, "duration": 0.1, "then": "keep" } }, { "cancel": {} }]"#, accepts: true),
        // A touches step, and touches right after a kept drag (the held finger lifts first); the refused twins
        // are the corpus's touches-* and schema-touches-* files.
        steps("touches from began to ended", TouchesCase.steps(), accepts: true),
        steps("touches cancelled after a kept drag", TouchesCase.steps(kept: true, lift: "cancelled"), accepts: true),
        grid("seamless loop recentering", #"{ "columns": 5, "loop": "seamless" }"#, accepts: true),
        grid("duplicate loop without recentering", #"{ "columns": 5, "loop": "duplicate" }"#, recenter: "none", accepts: true),
        grid("loop over rows beside a 0 axis", #"{ "columns": 0, "rows": 4, "loop": "duplicate" }"#, accepts: true),
        grid("loop none over a 0 axis", #"{ "columns": 0, "loop": "none" }"#, accepts: true),
        // A one-item loop on the only axis that scrolls (the corpus's schema-*-1-*-loop files are the refused twins).
        grid("one-item loop beside a 0 axis", #"{ "columns": 1, "rows": 0, "loop": "seamless" }"#, accepts: true),
        grid("one-row duplicate loop beside a 0 axis", #"{ "columns": 0, "rows": 1, "loop": "duplicate" }"#, accepts: true),
        grid("one row without a loop", #"{ "columns": 5, "rows": 1 }"#, accepts: true),
        grid("pager with loop none", #"{ "columns": 5, "loop": "none" }"#, pager: true, accepts: true),
        grid("freshcode with buffer 0", #"{ "range": "freshcode", "buffer": 0 }"#, accepts: true),
        // pageLimit "none" with "target" paging (the corpus's schema-pagelimit-without-target is the refused twin).
        AgreementCase(name: "pageLimit none with target paging", json: scenarioJSON(
            steps: "[]", scroll: #"{ "paging": "target", "pageLimit": "none" }"#), accepts: true),
        AgreementCase(name: "pager with zero insets", json: #"{ "pager": {}, "# + scenarioJSON(
            steps: "[]", scroll: #"{ "contentInset": { "top": 0, "left": 0.0 }, "safeArea": {}, "contentInsetAdjustment": "always" }"#).dropFirst(2),
                      accepts: true),
        AgreementCase(name: "after a byte order mark", json: "\u{FEFF}" + scenarioJSON(steps: #"[{ "wait": { "duration": 0.1 } }]"#), accepts: true),
        named("name of 100 ASCII letters", String(repeating: "a", count: 100), accepts: true),
        // 👍🏽 is one Character and two code points: 50 of them are 100 code points (60 in the corpus are 120).
        named("name of 50 thumbs with skin tone", String(repeating: "👍🏽", count: 50), accepts: true),
        // 100 Characters and 100 code points (the decomposed twin, 200 code points, is in the corpus).
        named("name of 100 precomposed é", String(repeating: "é", count: 100), accepts: true),
        // 100 escaped surrogate pairs are 100 code points (the corpus has 101).
        named("name of 100 escaped surrogate pairs", String(repeating: #"\ud83d\ude00"#, count: 100), accepts: true),
    ]

    /// The case's file in `folder`.
    func url(in folder: URL) -> URL { folder.appendingPathComponent("\(name).json") }
}

enum TouchesCase {
    /// A touches step's JSON: began, moved, stationary, then `lift`; after a kept drag if `kept`.
    static func steps(kept: Bool = false, lift: String = "ended") -> String {
        let drag = kept ? #"{ "drag": { "by": { "y": -30 }, "duration": 0.1, "then": "keep" } }, "# : ""
        return #"[\#(drag){ "touches": { "events": [{ "t": 5.5, "x": 100, "y": 300, "phase": "began" }, "#
            + #"{ "t": 5.508, "x": 100, "y": 280, "phase": "moved" }, { "t": 5.516, "x": 100, "y": 280, "phase": "stationary" }, "#
            + #"{ "t": 5.524, "x": 100, "y": 280, "phase": "\#(lift)" }] } }]"#
    }
}

/// Corpus files the schema accepts although the decoder rejects them, each with the reason JSON Schema (draft
/// 2020-12, no `$data`) cannot say it: arithmetic over several values, comparing two values, or an order
/// between steps. Every other corpus file must be rejected by the schema (or not be JSON at all).
let inexpressible: [String: String] = {
    let pixels = "pixels are width × height × scale²: a product of values"
    let tiles = "live tiles are (viewport ÷ tile size + 2 × buffer) per axis, multiplied: arithmetic over values"
    let frames = "frames are the sum of the steps' durations × fps: arithmetic over the whole array"
    let content = "contentSize must be at least the viewport size: comparing two values"
    return [
        "cancel-without-drag.json": "cancel needs an earlier drag with then: keep and no other step but waits since: an order between array items",
        "huge-viewport.json": pixels,
        "viewport-20000-at-3x.json": pixels,
        "resize-huge.json": pixels + " (the resize's size at viewport.scale)",
        "content-smaller.json": content,
        "scroll-contentsize.json": content,
        "billions-of-frames.json": frames,
        "two-hour-waits.json": frames,
        "tiny-tiles.json": tiles,
        "tile-1x1.json": tiles,
        "buffer-over-limit.json": tiles,
        "layers-tiles-over-limit.json": tiles + " (the layer's tiles over the viewport)",
        "range-freshcode-over-limit.json": tiles,
        "resize-many-tiles.json": tiles + " (at the resize's size)",
        "touches-frames-over-limit.json": frames + " (a touches step lasts its last touch's time less its first's)",
        "touches-span-over-hour.json": "a touches step's span is its last touch's time less its first's: arithmetic over two items",
        "touches-time-back.json": "each touch's time is at least the one before it: comparing array items",
        "touches-stationary-moved.json": "a stationary touch is where the touch before it was: comparing array items",
        "touches-far-from-first.json": "each touch is at most 10^9 points from the first: arithmetic over array items",
        "touches-lift-velocity.json": "the lift's velocity is displacement over time across the last moves: arithmetic over array items",
        "touches-lift-velocity-infinite.json": "the lift's velocity is displacement over time across the last moves: arithmetic over array items",
    ]
}()

/// One validator process over the corpus, the agreement cases and the bundled scenarios.
let schemaValidatorRun: JSONSchemaValidator.Run = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-schema-\(UUID().uuidString)")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for c in AgreementCase.all { try Data(c.json.utf8).write(to: c.url(in: folder)) }
    } catch {
        return .failed("cannot write the agreement cases: \(error)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = BadScenario.all.map(\.url) + AgreementCase.all.map { $0.url(in: folder) }
        + (bundledScenarioNames() + patternScenarioNames()).map { packageRoot.appendingPathComponent("Scenarios/\($0).json") }
    let run = JSONSchemaValidator.run(schema: packageRoot.appendingPathComponent("Scenarios/scenario.schema.json"), files: files)
    guard case .verdicts(let byPath) = run else { return run }
    // Key the agreement cases by name: their folder is gone after this.
    var verdicts = byPath
    for c in AgreementCase.all { verdicts[c.name] = byPath[c.url(in: folder).path] }
    return .verdicts(verdicts)
}()

let schemaValidatorMissing: String? = {
    if case .missing(let why) = schemaValidatorRun { return why }
    return nil
}()

/// The schema through a real JSON Schema validator (Python's jsonschema): it rejects every corpus file the
/// decoder rejects, except the listed rules it cannot express; it agrees with the decoder on the rules that join
/// keys and on string lengths; it accepts every bundled scenario.
@Suite(.tags(.externalTool), .enabled(if: schemaValidatorMissing == nil || RequiredTools.required,
                "\(schemaValidatorMissing ?? ""); CI installs it: skipped"))
struct SchemaValidatorTests {
    func verdicts() throws -> [String: JSONSchemaValidator.Verdict] {
        if case .failed(let why) = schemaValidatorRun { Issue.record("the validator failed: \(why)") }
        if case .missing(let why) = schemaValidatorRun { Issue.record("\(why), and RENDER_GRID_REQUIRE_TOOLS=1 requires it") }
        guard case .verdicts(let verdicts) = schemaValidatorRun else { throw CancellationError() }
        return verdicts
    }

    @Test(arguments: BadScenario.all)
    func corpusFileIsRejectedOrInexpressible(_ bad: BadScenario) throws {
        let verdict = try #require(try verdicts()[bad.url.path], "no verdict for \(bad.file)")
        if bad.kind == "malformedJSON" {
            #expect(verdict != .accepted, "\(bad.file): not JSON to the decoder, yet the schema accepts it")
        } else {
            #expect(verdict != .notJSON, "\(bad.file): JSON to the decoder, not to Python's strict parser")
            #expect(verdict == .rejected || inexpressible[bad.file] != nil,
                    "\(bad.file): the decoder rejects it (\(bad.kind) at \(bad.path)), the schema accepts it")
        }
    }

    /// Each listed file is in the corpus, rejected by the decoder and accepted by the schema: a rule the schema
    /// learns comes off the list.
    @Test func inexpressibleListIsExact() throws {
        let verdicts = try verdicts()
        let corpus = Set(BadScenario.all.map(\.file))
        for (file, reason) in inexpressible.sorted(by: { $0.key < $1.key }) {
            #expect(!reason.isEmpty)
            #expect(corpus.contains(file), "\(file) is listed but not in the corpus")
            #expect(verdicts[BadScenario.folder.appendingPathComponent(file).path] == .accepted,
                    "\(file) is listed as inexpressible, yet the schema rejects it: take it off the list")
        }
    }

    @Test(arguments: AgreementCase.all)
    func schemaAndDecoderAgree(_ c: AgreementCase) throws {
        let decodes = (try? ScenarioDecoder.decode(Array(c.json.utf8))) != nil
        #expect(decodes == c.accepts, "decoder: \(c.name)")
        let verdict = try verdicts()[c.name]
        #expect(c.accepts ? verdict == .accepted : verdict == .rejected || verdict == .notJSON, "schema: \(c.name)")
    }

    @Test func everyBundledScenarioValidates() throws {
        let verdicts = try verdicts()
        #expect(!bundledScenarioNames().isEmpty && !patternScenarioNames().isEmpty)
        for name in bundledScenarioNames() + patternScenarioNames() {
            #expect(verdicts[packageRoot.appendingPathComponent("Scenarios/\(name).json").path] == .accepted, "\(name)")
        }
    }
}
