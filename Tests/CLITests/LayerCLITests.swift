import Foundation
import Testing

/// The CLI with linked layers and seed 003's range policy: the trace shows the layers, layer frames
/// are byte-identical to `--reference` across recenters, and `verify` passes parallax and fails
/// freshcode-gaps with coverage failures naming the frames and the uncovered area.
@Suite struct LayerCLITests {
    @Test func parallaxFramesEqualTheReferenceAcrossARecenter() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        // Frame 21 recenters mid-drag (threshold strategy, 3000-point content).
        let strategy = try CLI.run(["render", "Scenarios/parallax.json", "--scale", "1", "--frames", "19:23", "--out", a.path, "--quiet"])
        #expect(strategy.status == 0, "\(strategy.stderr)")
        let reference = try CLI.run(["render", "Scenarios/parallax.json", "--scale", "1", "--frames", "19:23", "--out", b.path, "--reference", "--quiet"])
        #expect(reference.status == 0, "\(reference.stderr)")
        for i in 19...23 {
            let name = String(format: "frame_%05d.png", i)
            #expect(try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)), "\(name)")
        }
        let trace = try String(contentsOf: a.appendingPathComponent("trace_00019-00023.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.contains { $0.contains("\"recenter\":{") })
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let layers = try #require(object["layers"] as? [[String: Any]])
            #expect(layers.count == 2 && layers.allSatisfy { $0["offset"] != nil && $0["tile"] != nil })
        }
    }

    /// Parallax at a third of its size (viewport, grid and layer tiles alike, as `reduced` in
    /// LayerVerifyTests, which verifies it in-process) for speed: full size took 9 s in a debug build.
    @Test func verifyPassesParallaxAndFailsFreshcodeGaps() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/parallax.json"), encoding: .utf8)
        for (key, full, third) in [("width", 390, "130"), ("height", 844, "281"), ("width", 100, "33.333333333333336"),
                                   ("height", 100, "33.333333333333336"), ("width", 150, "50"), ("height", 150, "50"),
                                   ("width", 240, "80"), ("height", 240, "80")] {
            let before = text
            for end in [",", "\n"] { text = text.replacingOccurrences(of: "\"\(key)\": \(full)\(end)", with: "\"\(key)\": \(third)\(end)") }
            #expect(text != before, "parallax.json has no \(key) \(full)")
        }
        let reduced = try CLI.write(text, to: folder, as: "parallax.json")
        let parallax = try CLI.run(["verify", reduced, "--scale", "1"])
        #expect(parallax.status == 0, "\(parallax.stdout)\(parallax.stderr)")
        #expect(parallax.stdout.contains("all checks hold"))

        let gaps = try CLI.run(["verify", "Scenarios/freshcode-gaps.json", "--scale", "1"])
        #expect(gaps.status == 1)
        let lines = gaps.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "FAIL frames 0–8 (coverage): the viewport is not fully covered by tiles: no tile at all: the whole viewport uncovered, within x 0..<390, y 0..<844 (0 tiles)")
        #expect(lines.contains { $0.hasPrefix("FAIL frame") && $0.contains("(coverage)") && $0.contains("pixels uncovered, within x 0..<390") })
        #expect(lines.allSatisfy { !$0.hasPrefix("FAIL") || $0.contains("(coverage)") })
        #expect(lines.last?.contains("FAILED") == true)
    }

    @Test func layerErrorsNameTheirPath() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try CLI.write(CLI.smallScenario().replacingOccurrences(of: "\"fps\": 30,", with: "\"fps\": 30, \"layers\": [ { \"factr\": 1 } ],"),
                                 to: folder)
        let result = try CLI.run(["render", file, "--out", folder.appendingPathComponent("out").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("layers[0].factr: unknown key \"factr\" (did you mean \"factor\"?)"), "\(result.stderr)")
    }
}
