import Foundation
import Testing
import TestSupport

/// Numbers the documentation states about render-grid's outputs, computed here from those outputs.
@Suite struct ReadmeNumbersTests {
    /// The "**Size.**" bullet of "Regression-test your scroll behaviour" (GridTools' `CheckAndGoldens`) as one line.
    static func sizeBullet() throws -> String {
        let lines = try DocsText.page(CheckReadmeTests.page).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("- **Size.** The bundled scenarios' goldens") })
        var bullet = [lines[start]]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  ") else { break }
            bullet.append(line.trimmingCharacters(in: .whitespaces))
        }
        return bullet.joined(separator: " ")
    }

    static func number(_ text: Substring) -> Int { Int(text.replacingOccurrences(of: ",", with: ""))! }

    /// The bytes of the files in the committed goldens whose names satisfy `include`.
    static func goldenBytes(_ include: (String) -> Bool) throws -> Int {
        let goldens = CLI.packageRoot.appendingPathComponent("Scenarios/Goldens")
        var total = 0
        for golden in CLI.files(in: goldens) {
            for name in CLI.files(in: goldens.appendingPathComponent(golden)) where include(name) {
                let attributes = try FileManager.default.attributesOfItem(atPath: goldens.appendingPathComponent(golden).appendingPathComponent(name).path)
                total += (attributes[.size] as! NSNumber).intValue
            }
        }
        return total
    }

    /// "take 4,053,853 bytes (key frames 2,346,380, manifests 880,013, traces 827,460) against … for all their
    /// 6,156 frames": the committed goldens' sizes and frame count.
    @Test func goldenSizes() throws {
        let bullet = try Self.sizeBullet()
        let m = try #require(bullet.firstMatch(of: /take ([0-9,]+) bytes \(key frames ([0-9,]+), manifests ([0-9,]+), traces ([0-9,]+)\) against ([0-9,]+) bytes for all their ([0-9,]+) frames/),
                             "the size bullet: \(bullet)")
        let keys = try Self.goldenBytes { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        let manifests = try Self.goldenBytes { $0 == "manifest.json" }
        let traces = try Self.goldenBytes { $0 == "trace.jsonl.gz" }
        let all = try Self.goldenBytes { _ in true }
        #expect(Self.number(m.output.1) == all, "all golden files: \(all) bytes")
        #expect(Self.number(m.output.2) == keys, "key frames: \(keys) bytes")
        #expect(Self.number(m.output.3) == manifests, "manifests: \(manifests) bytes")
        #expect(Self.number(m.output.4) == traces, "traces: \(traces) bytes")
        var frames = 0
        let goldens = CLI.packageRoot.appendingPathComponent("Scenarios/Goldens")
        for golden in CLI.files(in: goldens) {
            let data = try Data(contentsOf: goldens.appendingPathComponent(golden).appendingPathComponent("manifest.json"))
            let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            frames += try #require(manifest["frameCount"] as? Int)
        }
        #expect(Self.number(m.output.6) == frames, "frames in the goldens: \(frames)")
    }

    /// "against 94,371,390 bytes for all their frames as PNG (`render --scale 1`, fast encoder): 1/23.3 of it":
    /// every bundled scenario rendered. Slow (every frame of 30 scenarios), so it runs with
    /// `RENDER_GRID_FULL_RECIPES=1`, as `.ci/run` does.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RENDER_GRID_FULL_RECIPES"] == "1"))
    func renderedFrameBytes() throws {
        let bullet = try Self.sizeBullet()
        let m = try #require(bullet.firstMatch(of: /take ([0-9,]+) bytes .* against ([0-9,]+) bytes for all their [0-9,]+ frames as PNG .*: 1\/([0-9.]+) of it/))
        let scenarios = CLI.files(in: CLI.packageRoot.appendingPathComponent("Scenarios")).filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }
        let goldens = Set(CLI.files(in: CLI.packageRoot.appendingPathComponent("Scenarios/Goldens")))
        #expect(Set(scenarios.map { String($0.dropLast(5)) }) == goldens, "one golden per bundled scenario")
        var total = 0
        for scenario in scenarios {
            let out = try CLI.temporaryFolder()
            defer { try? FileManager.default.removeItem(at: out) }
            let result = try CLI.run(["render", "Scenarios/\(scenario)", "--scale", "1", "--out", out.path])
            try #require(result.status == 0, "\(scenario): \(result.stderr)")
            for name in CLI.files(in: out) where name.hasSuffix(".png") {
                total += (try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[.size] as! NSNumber).intValue
            }
        }
        #expect(Self.number(m.output.2) == total, "all frames as PNG: \(total) bytes")
        let ratio = Double(total) / Double(Self.number(m.output.1))
        #expect(String(format: "%.1f", ratio) == String(m.output.3), "ratio 1/\(String(format: "%.1f", ratio))")
    }

    /// "holds 212 bad scenarios" and "a corpus of 35 bad traces": the corpora's sizes.
    @Test func corpusSizes() throws {
        let robustness = try DocsText.page("docs/robustness.md"), tests = try DocsText.page("docs/tests.md")
        let scenarios = CLI.files(in: CLI.packageRoot.appendingPathComponent("Tests/TestSupport/BadScenarios")).filter { $0.hasSuffix(".json") }
        let traces = CLI.files(in: CLI.packageRoot.appendingPathComponent("Tests/GridToolsTests/Fixtures/BadTraces")).filter { $0.hasSuffix(".jsonl") }
        #expect(robustness.contains("holds \(scenarios.count) bad scenarios"), "\(scenarios.count) bad scenarios")
        #expect(tests.contains("a corpus of \(traces.count) bad traces"), "\(traces.count) bad traces")
    }
}
