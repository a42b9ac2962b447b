import Foundation
import Testing
@testable import GridModel

/// A small deterministic generator (SplitMix64), so every fuzz run is reproducible from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
        let seconds = Double(env["RENDER_GRID_FUZZ_SECONDS"] ?? "") ?? 6
        let maxIterations = Int(env["RENDER_GRID_FUZZ_ITERATIONS"] ?? "") ?? 2000
        let seed = UInt64(env["RENDER_GRID_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var rng = SplitMix64(state: seed)
        let sources = try bundledScenarioNames().map {
            try String(contentsOf: packageRoot.appendingPathComponent("Scenarios/\($0).json"), encoding: .utf8)
        }
        let deadline = Date().addingTimeInterval(seconds)
        var iterations = 0, decoded = 0, simulated = 0, framesRun = 0
        var kinds: [ScenarioError.Kind: Int] = [:]
        while iterations < maxIterations && Date() < deadline {
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
