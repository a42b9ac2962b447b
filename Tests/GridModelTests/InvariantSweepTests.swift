import Foundation
import Testing
import TestSupport
import GridModel

/// The debug-only
/// `_checkInvariants` preconditions exercised by every bundled scenario at scales 1...3 and odd
/// viewports, and by seeded random valid scenarios. Each runs in a child process (an exit test), so
/// a trap fails the test instead of ending the run.
@Suite struct InvariantSweepTests {


    /// A spent simulation keeps answering nil (no trap, no frame past the end).
    @Test func aSpentSimulationStaysSpent() async {
        await #expect(processExitsWith: .success) {
            var simulation = try Simulation(scenario: Scenario(name: "spent", viewport: Viewport(width: 50, height: 50, scale: 1),
                                                               steps: [.wait(duration: 0.05)]))
            while try simulation.next() != nil {}
            for _ in 0..<100 where try simulation.next() != nil { exit(3) }
        }
    }

    /// A layer state the simulation made (columns and rows small and positive).
    static func layerState() throws -> LayerState {
        let scenario = Scenario(name: "review", viewport: Viewport(width: 300, height: 300, scale: 1),
                                layers: [Layer()], steps: [.wait(duration: 0.1)])
        var simulation = try Simulation(scenario: scenario)
        let frame = try #require(try simulation.next())
        return try #require(frame.layers.first)
    }

    /// Every bundled scenario through the debug invariants, at scales 1, 2 and 3 and two odd
    /// viewports (at most 250 frames each), strategy and reference.
    @Test func bundledScenariosKeepTheInvariants() async {
        await #expect(processExitsWith: .success) {
            for name in bundledScenarioNames() {
                let base = try bundledScenario(name)
                for scale in 1...3 {
                    for viewport in [nil, Size(width: 333.5, height: 211.25), Size(width: 1, height: 7)] {
                        var scenario = base
                        scenario.viewport.scale = scale
                        if let viewport {
                            scenario.viewport.width = viewport.width
                            scenario.viewport.height = viewport.height
                        }
                        // Some combinations are over a limit or break a rule (a pager's page size): refused, fine.
                        guard (try? scenario.validate()) != nil else { continue }
                        for reference in [false, true] {
                            var simulation = try Simulation(scenario: scenario, reference: reference)
                            var n = 0
                            while n < 250, try simulation.next() != nil { n += 1 }
                        }
                    }
                }
            }
        }
    }

    /// Seeded random valid scenarios (extreme values from each range of the schema) through the
    /// debug invariants; one exit test per seed block so a failure names its block.
    /// `RENDER_GRID_REVIEW_SCENARIOS` (tries per block: 40 by default, to keep `swift test` fast; CI runs 300)
    /// and `RENDER_GRID_FUZZ_SEED` widen a run.
    @Test(arguments: 0..<6)
    func randomValidScenariosKeepTheInvariants(block: Int) async {
        await #expect(processExitsWith: .success) { [block] in
            let env = ProcessInfo.processInfo.environment
            let seed = env["RENDER_GRID_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xC0FFEE
            let tries = env["RENDER_GRID_REVIEW_SCENARIOS"].flatMap(Int.init) ?? 40
            var rng = SplitMix64(state: seed &+ UInt64(block))
            var simulated = 0
            for _ in 0..<tries {
                let json = InvariantSweepTests.randomScenario(&rng)
                guard let scenario = try? ScenarioDecoder.decode(Array(json.utf8)) else { continue }
                for reference in [false, true] {
                    guard var simulation = try? Simulation(scenario: scenario, reference: reference) else { continue }
                    var n = 0
                    do { while n < 300, try simulation.next() != nil { n += 1 } } catch { /* a limit while simulating: fine */ }
                    simulated += 1
                }
            }
            if simulated < 10 { exit(3) }  // the generator must produce valid scenarios
        }
    }

    static func pick<T>(_ values: [T], _ rng: inout SplitMix64) -> T { values.randomElement(using: &rng)! }

    static func randomScenario(_ rng: inout SplitMix64) -> String {
        func number(_ values: [Double]) -> String { String(pick(values, &rng)) }
        func point(_ values: [Double]) -> String { #"{ "x": \#(number(values)), "y": \#(number(values)) }"# }
        func tile() -> String {
            let v: [Int64] = [0, 1, -1, 7, 1 << 53, -(1 << 53), 1_000_000_000_000_002, 999]
            return #"{ "x": \#(pick(v, &rng)), "y": \#(pick(v, &rng)) }"#
        }
        let sizes = [1, 1.25, 7.5, 50, 100, 333.3, 2000]
        var grid = [#""tileSize": { "width": \#(number([1, 3, 50, 100, 117.7, 1000, 100000])), "height": \#(number([1, 3, 50, 100, 63.1, 100000])) }"#,
                    #""start": \#(tile())"#, #""content": "\#(pick(["immediate", "lazy"], &rng))""#]
        // freshcode has no buffer; a loop needs a finite axis (columns or rows, set below).
        grid.append(Bool.random(using: &rng) ? #""range": "freshcode""# : #""buffer": \#(pick([0, 1, 3, 16], &rng))"#)
        let finite = Bool.random(using: &rng)
        if finite { grid.append(#""loop": "\#(pick(["none", "duplicate", "seamless"], &rng))""#) }
        if finite || Bool.random(using: &rng) { grid.append(#""columns": \#(pick(["0", "1", "2", "5", "1000000000"], &rng))"#) }
        if Bool.random(using: &rng) { grid.append(#""rows": \#(pick(["null", "0", "1", "3", "1000000000"], &rng))"#) }
        var scroll = [#""recenter": "\#(pick(["atRest", "wholeTiles", "threshold", "none"], &rng))""#,
                      #""contentSize": { "width": \#(number([1, 10, 500, 3000, 1e6, 1e12])), "height": \#(number([1, 10, 800, 3000, 1e12])) }"#,
                      #""bounces": \#(Bool.random(using: &rng))"#, #""paging": "\#(pick(["none", "viewport", "snap", "target"], &rng))""#,
                      #""deceleration": \#(pick(["\"normal\"", "\"fast\"", "0.5", "0.9999"], &rng))"#]
        if Bool.random(using: &rng) { scroll.append(#""pageSize": { "width": \#(number([1, 100, 390, 200000])), "height": \#(number([1, 100, 844])) }"#) }
        if Bool.random(using: &rng) {
            scroll.append(#""contentInset": { "left": \#(number([0, 20, 44.5, 400])), "top": \#(number([0, 91, 20000])), "right": \#(number([0, 17])) }"#)
            scroll.append(#""safeArea": { "bottom": \#(number([0, 34])), "left": \#(number([0, 47])) }, "contentInsetAdjustment": "\#(pick(["never", "always"], &rng))""#)
            scroll.append(#""pageGrid": "\#(pick(["content", "adjustedInset"], &rng))""#)
        }
        var steps: [String] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0, 1:
                let then = pick(["release", "cancel", "keep"], &rng)
                let release = then == "release" ? #", "release": "\#(pick(["fling", "hold"], &rng))""# : ""
                steps.append(#"{ "drag": { "by": \#(point([0, 1, -1, 250, -3000, 1e9, -1e9])), "duration": \#(number([0.001, 0.05, 0.3]))\#(release), "then": "\#(then)" } }"#)
            case 2: steps.append(#"{ "fling": { "velocity": \#(point([0, 1, -3000, 1e6, -1e6])) } }"#)
            case 3: steps.append(#"{ "scrollTo": { "tile": \#(tile()), "animated": \#(Bool.random(using: &rng)), "duration": \#(number([0.001, 0.2])) } }"#)
            case 4: steps.append(#"{ "jump": { "tile": \#(tile()) } }"#)
            case 5: steps.append(#"{ "resize": { "width": \#(number(sizes)), "height": \#(number(sizes)) } }"#)
            case 6: steps.append(#"{ "wait": { "duration": \#(number([0, 0.05, 0.5])) } }"#)
            case 7: steps.append(#"{ "wait": { "until": "idle", "max": \#(number([0, 0.3, 2])) } }"#)
            default: steps.append(#"{ "cancel": {} }"#)
            }
        }
        let layers = Bool.random(using: &rng)
            ? #", "layers": [ { "factor": \#(number([-4, -0.5, 0, 0.333333, 1, 4])), "tileSize": { "width": \#(number([1, 37.5, 150])), "height": \#(number([1, 150, 100000])) } } ]"#
            : ""
        let pager = Int.random(in: 0..<6, using: &rng) == 0 ? #", "pager": { "duration": \#(number([0.001, 0.22, 10])) }"# : ""
        return """
            { "name": "random", "viewport": { "width": \(number(sizes)), "height": \(number(sizes)), "scale": \(pick([1, 2, 3, 8], &rng)) },
              "fps": \(pick([1, 7, 30, 60, 240], &rng)), "grid": { \(grid.joined(separator: ", ")) },
              "scroll": { \(scroll.joined(separator: ", ")) }\(layers)\(pager), "steps": [ \(steps.joined(separator: ", ")) ] }
            """
    }
}
