import Foundation
import Testing
import TestSupport
@testable import GridModel

/// Mutates the bundled scenarios and asserts that the decoder and the model either succeed or throw
/// `ScenarioError`: never trap (a trap would crash the test run). Seeded and bounded in time and count.
/// `RENDER_GRID_FUZZ_SECONDS`, `RENDER_GRID_FUZZ_ITERATIONS` and `RENDER_GRID_FUZZ_SEED` widen a run.
@Suite struct FuzzTests {
    static let extremes = ["0", "-0", "-1", "1e308", "-1e308", "1e-308", "9223372036854775807", "-9223372036854775808",
                           "9223372036854775808", "9007199254740993", "4294967296", "0.0001", "0.5", "999999999999",
                           "3.5", "-7.25", "100000", "1e9", "1e12", "-1e12", "2", "240", "241", "16", "17"]
    static let words = ["\"atRest\"", "\"wholeTiles\"", "\"threshold\"", "\"none\"", "\"fling\"", "\"hold\"", "\"idle\"",
                        "\"viewport\"", "\"snap\"", "\"target\"", "\"duplicate\"", "\"seamless\"", "\"lazy\"", "\"keep\"",
                        "\"cancel\"", "\"fast\"", "\"normal\"", "null", "true", "false", "[]", "{}", "\"#FF000080\"", "\"\""]
    static let fragments = [#"{ "cancel": {} }"#, #"{ "resize": { "width": 844, "height": 390 } }"#,
                            #"{ "jump": { "tile": { "x": 9007199254740992, "y": -9007199254740992 } } }"#,
                            #"{ "scrollTo": { "tile": { "x": -9007199254740992, "y": 3 } } }"#,
                            #"{ "fling": { "velocity": { "x": 1000000, "y": -1000000 } } }"#,
                            #"{ "drag": { "by": { "x": 1000000000, "y": 5 }, "duration": 0.001, "then": "keep" } }"#,
                            #"{ "wait": { "until": "idle", "max": 3600 } }"#]

    func mutate(_ text: String, _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            switch Int.random(in: 0..<7, using: &rng) {
            case 0, 1:  // replace a number with an extreme
                let digits = bytes.indices.filter { (bytes[$0] >= 0x30 && bytes[$0] <= 0x39) && ($0 == 0 || !(bytes[$0 - 1] >= 0x30 && bytes[$0 - 1] <= 0x39) && bytes[$0 - 1] != UInt8(ascii: ".")) }
                guard let start = digits.randomElement(using: &rng) else { continue }
                var end = start
                while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) || bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "-") { end += 1 }
                let from = start > 0 && bytes[start - 1] == UInt8(ascii: "-") ? start - 1 : start
                bytes.replaceSubrange(from..<end, with: Array(Self.extremes.randomElement(using: &rng)!.utf8))
            case 2:  // replace a string value with another word
                let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") && $0 > 1 && bytes[$0 - 2] == UInt8(ascii: ":") }
                guard let start = quotes.randomElement(using: &rng), let end = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
                bytes.replaceSubrange(start...end, with: Array(Self.words.randomElement(using: &rng)!.utf8))
            case 3:  // insert a step
                guard let open = bytes.indices.filter({ bytes[$0] == UInt8(ascii: "[") }).last else { continue }
                bytes.insert(contentsOf: Array((Self.fragments.randomElement(using: &rng)! + ",").utf8), at: open + 1)
            case 4:  // flip a byte
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                bytes[i] ^= UInt8.random(in: 1...255, using: &rng)
            case 5:  // delete a range
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                bytes.removeSubrange(i..<min(bytes.count, i + Int.random(in: 1...12, using: &rng)))
            default:  // duplicate a range
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                let j = min(bytes.count, i + Int.random(in: 1...40, using: &rng))
                bytes.insert(contentsOf: bytes[i..<j], at: j)
            }
        }
        return bytes
    }

    @Test func decoderAndModelNeverTrap() throws {
        let env = ProcessInfo.processInfo.environment
        // A fixed count by default (the same mutants on every machine); RENDER_GRID_FUZZ_SECONDS runs longer.
        let seconds = Double(env["RENDER_GRID_FUZZ_SECONDS"] ?? "") ?? 0
        let maxIterations = Int(env["RENDER_GRID_FUZZ_ITERATIONS"] ?? "") ?? 2000
        let seed = UInt64(env["RENDER_GRID_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var rng = SplitMix64(state: seed)
        let sources = try bundledScenarioNames().map {
            try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\($0).json"), encoding: .utf8)
        } + [TouchesDecoderTests.json(TouchesDecoderTests.issueExample)]  // no bundled scenario has a touches step
        let deadline = Date().addingTimeInterval(seconds)
        var iterations = 0, decoded = 0, simulated = 0, framesRun = 0
        var kinds: [ScenarioError.Kind: Int] = [:]
        while iterations < maxIterations && (Date() < deadline || iterations < 300) {
            iterations += 1
            let bytes = mutate(sources.randomElement(using: &rng)!, &rng)
            do {
                let scenario = try ScenarioDecoder.decode(bytes)
                decoded += 1
                for reference in [false, true] {
                    var simulation = try Simulation(scenario: scenario, reference: reference)
                    var frames = 0
                    while frames < 90, let frame = try simulation.next() {
                        _ = Trace.line(for: frame)
                        frames += 1
                    }
                    framesRun += frames
                }
                simulated += 1
            } catch {
                kinds[error.kind, default: 0] += 1
            }
        }
        print("fuzz: seed \(seed), \(iterations) mutants, \(decoded) decoded, \(simulated) simulated (\(framesRun) frames), rejected by kind: \(kinds.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))")
        #expect(iterations > 50)
        #expect(decoded > 0 && kinds.values.reduce(0, +) > 0)
    }
}

/// Builds `Scenario` values directly, not through JSON: every field can be NaN, infinite, negative,
/// huge, `Int.min` or a value just past its range, the way a library caller could build them.
struct ScenarioFuzzer {
    var rng: SplitMix64
    let bundled: [Scenario]

    static let extremeDoubles: [Double] = [
        .nan, -.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        0, -0.0, -1, 1e-300, 1e300, -1e300, 0.0009, 0.001, 0.0099, 0.5, 0.9999, 1, 1.0001, 10, 10.0001, 500, 500.5, 1000,
        1000.5, 3600, 3600.0001, 20000, 20000.5, 100_000, 100_001, 200_001, 1e6, 1e6 + 1, 1e9, 1e9 + 1, 1e12, 1.1e12, -1e9 - 1,
    ]
    static let extremeInts: [Int] = [.min, .max, -1, 0, 1, 2, 8, 9, 16, 17, 240, 241, 1_000_000_000, 1_000_000_001, 100_000]
    static let extremeCoordinates: [Int64] = [.min, .max, -(1 << 53), 1 << 53, (1 << 53) + 1, -(1 << 53) - 1, 0, 1, -1,
                                              1_000_000_000_000_000, Int64(Int32.max) + 1]

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &rng)! }
    mutating func double(_ sane: ClosedRange<Double>) -> Double {
        chance(0.85) ? Double.random(in: sane, using: &rng) : pick(Self.extremeDoubles)
    }
    mutating func int(_ sane: ClosedRange<Int>) -> Int { chance(0.85) ? Int.random(in: sane, using: &rng) : pick(Self.extremeInts) }
    mutating func count() -> Int? { chance(0.5) ? nil : int(0...40) }
    mutating func coordinate() -> Int64 {
        chance(0.8) ? Int64.random(in: -50...50, using: &rng) : pick(Self.extremeCoordinates)
    }
    mutating func tile() -> TileCoordinate { TileCoordinate(x: coordinate(), y: coordinate()) }
    mutating func vector(_ magnitude: Double) -> Vector { Vector(x: double(-magnitude...magnitude), y: double(-magnitude...magnitude)) }

    mutating func step() -> Step {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1: return .drag(by: vector(3000), duration: double(0.001...1), release: pick(Release.allCases), then: pick(DragEnd.allCases))
        case 2: return .wait(duration: double(0...0.5))
        case 3: return .waitUntilIdle(max: double(0...1))
        case 4: return .fling(velocity: vector(20000))
        case 5: return .scrollTo(tile: tile(), animated: chance(0.7), duration: double(0.001...0.5))
        case 6: return .jump(tile: tile())
        case 7: return .resize(width: double(1...1200), height: double(1...1200))
        case 8: return .touches(touches())
        default: return .cancel
        }
    }

    /// A recorded gesture, mostly sound: `began`, moves and stationary touches every few ms, then `ended` or
    /// `cancelled`; now and then an extreme time or position, a phase out of place, or too few touches.
    mutating func touches() -> [Touch] {
        let count = chance(0.9) ? Int.random(in: 2...40, using: &rng) : pick([0, 1, 2, 3])
        var time = chance(0.8) ? Double.random(in: 0...3e6, using: &rng) : pick(Self.extremeDoubles)
        var location = Vector(x: double(0...400), y: double(0...900))
        var touches: [Touch] = []
        for i in 0..<count {
            var phase: Touch.Phase = i == 0 ? .began : i == count - 1 ? pick([.ended, .ended, .cancelled]) : pick([.moved, .moved, .moved, .stationary])
            if chance(0.02) { phase = pick(Touch.Phase.allCases) }
            if i > 0 {
                time += chance(0.97) ? pick([0, 0.004, 0.008, 0.008, 0.0167, 0.05, 0.15]) : pick(Self.extremeDoubles)
                if phase != .stationary || chance(0.02) { location = Vector(x: location.x + double(-40...40), y: location.y + double(-40...40)) }
            }
            touches.append(Touch(time: time, location: location, phase: phase))
        }
        return touches
    }

    mutating func insets(_ range: ClosedRange<Double>) -> EdgeInsets {
        EdgeInsets(top: double(range), left: double(range), bottom: double(range), right: double(range))
    }

    mutating func randomScenario() -> Scenario {
        var s = Scenario(name: chance(0.95) ? "fuzz" : pick(["", String(repeating: "x", count: 101)]),
                         viewport: Viewport(width: double(1...1000), height: double(1...1000), scale: int(1...8)),
                         fps: int(1...120), steps: (0..<Int.random(in: 0...8, using: &rng)).map { _ in step() })
        s.grid = GridSpec(tileSize: Size(width: double(20...400), height: double(20...400)), start: tile(), buffer: int(0...4),
                          columns: count(), rows: count(), loop: pick(LoopMode.allCases), content: pick(ContentMode.allCases))
        s.scroll = ScrollSpec(recenter: pick(RecenterStrategy.allCases), contentSize: Size(width: double(1000...1e6), height: double(1000...1e6)),
                              decelerationRate: double(0.5...0.9999), bounces: chance(0.5), paging: pick(PagingMode.allCases),
                              pageSize: chance(0.7) ? nil : Size(width: double(1...2000), height: double(1...2000)))
        if chance(0.3) {
            s.scroll.contentInset = insets(0...500)
            s.scroll.safeArea = insets(0...60)
            s.scroll.contentInsetAdjustment = pick(InsetAdjustment.allCases)
            s.scroll.pageGrid = pick(PageGrid.allCases)
        }
        if chance(0.3) {
            // Issue 15's naive policies.
            s.scroll.resize = chance(0.3) ? nil : pick(ResizePolicy.allCases)
            s.scroll.pageLimit = pick(PageLimit.allCases)
            s.scroll.offsetRounding = pick(OffsetRounding.allCases)
            s.scroll.flickAdds = chance(0.5)
            s.scroll.friction = pick(Friction.allCases)
            s.scroll.touchDown = pick(TouchDownPolicy.allCases)
            s.scroll.decelerationStop = pick(DecelerationStop.allCases)
            s.scroll.precision = pick(Precision.allCases)
            s.grid.itemIndex = pick(ItemIndexing.allCases)
            if s.grid.loop == .duplicate, chance(0.5) { s.grid.loopCopies = Int.random(in: 1...4, using: &rng) }
            s.grid.loadLatency = pick([0, 0.05, 0.1, 0.5])
            s.grid.unloadedTile = pick(UnloadedTile.allCases)
        }
        if chance(0.2) {
            var pager = PagerSpec()
            pager.horizontalThreshold = double(0.01...1)
            pager.verticalThreshold = double(0.01...1)
            pager.duration = double(0.001...1)
            s.pager = pager
        }
        s.style.borderWidth = double(0...10)
        s.style.fontSize = double(0...50)
        if chance(0.05) { s.style.font = "" }
        return s
    }

    /// One field of a sound scenario set to a random (often extreme) value.
    mutating func mutate(_ s: inout Scenario) {
        switch Int.random(in: 0..<26, using: &rng) {
        case 0: s.viewport.width = double(1...2000)
        case 1: s.viewport.height = double(1...2000)
        case 2: s.viewport.scale = int(1...8)
        case 3: s.fps = int(1...240)
        case 4: s.grid.tileSize.width = double(1...500)
        case 5: s.grid.tileSize.height = double(1...500)
        case 6: s.grid.start = tile()
        case 7: s.grid.buffer = int(0...16)
        case 8: s.grid.columns = count()
        case 9: s.grid.rows = count()
        case 10: s.grid.loop = pick(LoopMode.allCases)
        case 11: s.scroll.contentSize = Size(width: double(1...1e7), height: double(1...1e7))
        case 12: s.scroll.decelerationRate = double(0.5...0.9999)
        case 13: s.scroll.pageSize = Size(width: double(1...2000), height: double(1...2000))
        case 14: s.pager = chance(0.5) ? nil : PagerSpec()
        case 15: s.pager?.duration = double(0.001...1)
        case 16: s.style.borderWidth = double(0...1000)
        case 17: s.style.fontSize = double(0...500)
        case 18 where !s.steps.isEmpty: s.steps[Int.random(in: 0..<s.steps.count, using: &rng)] = step()
        case 19: s.steps.insert(step(), at: Int.random(in: 0...s.steps.count, using: &rng))
        case 20 where !s.steps.isEmpty: s.steps.remove(at: Int.random(in: 0..<s.steps.count, using: &rng))
        case 21: s.scroll.contentInset = chance(0.2) ? EdgeInsets(top: pick([-1, .nan, .infinity, 20_001])) : insets(0...20_000)
        case 22: s.scroll.safeArea = insets(0...100); s.scroll.contentInsetAdjustment = pick(InsetAdjustment.allCases)
            s.scroll.pageGrid = pick(PageGrid.allCases)
        case 23: s.grid.loopCopies = pick([nil, 0, 1, 3, 16, 17, -1]); s.scroll.resize = pick(ResizePolicy.allCases)
        case 24: s.grid.loadLatency = pick([0, 0.1, 10, -1, 10.5, .nan, .infinity]); s.grid.unloadedTile = pick(UnloadedTile.allCases)
        default: s.name = pick(["", "ok", String(repeating: "é", count: 100), String(repeating: "x", count: 101)])
        }
    }

    mutating func next() -> Scenario {
        var s = chance(0.5) ? pick(bundled) : randomScenario()
        // No bundled scenario has a touches step: give a quarter of them one.
        if chance(0.25) { s.steps.insert(.touches(touches()), at: Int.random(in: 0...s.steps.count, using: &rng)) }
        for _ in 0..<Int.random(in: 0...3, using: &rng) { mutate(&s) }
        return s
    }
}

extension FuzzTests {
    /// Scenario values built in code, with NaN, infinite, negative, huge and just-out-of-range
    /// fields: `Simulation` either runs them (every frame within the tile bound, no more frames
    /// than the scenario's bound) or throws a `ScenarioError` up front; never traps (a trap would
    /// crash the test run) and never fails mid-run on a limit it had accepted.
    @Test func constructedScenariosNeverTrap() throws {
        let env = ProcessInfo.processInfo.environment
        let seconds = Double(env["RENDER_GRID_FUZZ_SECONDS"] ?? "") ?? 0  // 200 scenarios unless set
        let maxIterations = Int(env["RENDER_GRID_FUZZ_ITERATIONS"] ?? "") ?? 4000
        let seed = UInt64(env["RENDER_GRID_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var fuzzer = ScenarioFuzzer(rng: SplitMix64(state: seed ^ 0xC0DE), bundled: try bundledScenarioNames().map(bundledScenario))
        let deadline = Date().addingTimeInterval(seconds)
        var iterations = 0, accepted = 0, acceptedTouches = 0, framesRun = 0
        var refused: [String: Int] = [:], failedRunning: [String: Int] = [:]
        // At least 200 scenarios, however slow the machine (AddressSanitizer), so the variety check below holds.
        while iterations < maxIterations && (Date() < deadline || iterations < 200) {
            iterations += 1
            let scenario = fuzzer.next()
            for reference in [false, true] {
                var simulation: Simulation
                do {
                    simulation = try Simulation(scenario: scenario, reference: reference)
                } catch {
                    // The field's path, without step indices: "steps[].drag.duration".
                    let path = error.path.replacing(/\[\d+\]/, with: "[]")
                    refused["\(error.kind.rawValue) \(path)", default: 0] += 1
                    break
                }
                if !reference {
                    accepted += 1
                    if scenario.steps.contains(where: { if case .touches = $0 { true } else { false } }) { acceptedTouches += 1 }
                }
                var frames = 0
                do {
                    while frames < 45, let frame = try simulation.next() {
                        frames += 1
                        #expect(frame.stats.live <= scenario.liveTileBound(forViewport: frame.viewport), "\(scenario)")
                        _ = Trace.line(for: frame)
                    }
                    if frames < 45 { #expect(Double(frames) <= scenario.frameBound, "\(scenario)") }
                } catch {
                    // Only what no range can foresee may fail mid-run (a scrollTo too far to animate).
                    #expect(error.kind == .simulation, "\(error) in \(scenario)")
                    failedRunning["\(error.kind.rawValue) \(error.path.replacing(/\[\d+\]/, with: "[]"))", default: 0] += 1
                }
                framesRun += frames
            }
        }
        print("constructed-scenario fuzz: seed \(seed), \(iterations) scenarios, \(accepted) accepted (\(framesRun) frames), "
              + "\(acceptedTouches) with touches, refused by kind and path: \(refused.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "failed while running: \(failedRunning)")
        #expect(iterations > 50)
        #expect(accepted > iterations / 10 && refused.count > 20)
        #expect(acceptedTouches > 0 && refused.keys.contains { $0.contains(".touches") }, "touches steps run and are refused too")
    }
}
