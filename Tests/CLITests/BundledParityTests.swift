import Foundation
import Testing
import GridModel
import Rasterizer
import GridExport

/// A library client (`ScenarioFile.load` + `FrameExporter.frames`/`frame`) gets exactly the pixels `render-grid
/// render` writes: a frame of every bundled scenario after its first motion (frame 45 or the last); with `--scale 1` and `--reference` too for
/// four scenarios that cover layers, the pager, the looping carousel and recentering.
@Suite struct BundledParityTests {
    static let everyConfiguration: Set<String> = ["parallax.json", "pager-4way.json", "carousel-loop-seamless.json", "long-fling.json"]

    static let scenarios: [String] = {
        let folder = CLI.packageRoot.appendingPathComponent("Scenarios").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "scenario.schema.json" }.sorted()
    }()

    @Test func thereAreBundledScenarios() { #expect(Self.scenarios.count >= 20) }

    @Test(arguments: scenarios)
    func libraryMatchesTheCLI(name: String) throws {
        let path = "Scenarios/" + name
        let absolute = CLI.packageRoot.appendingPathComponent(path).path
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configurations: [(flags: [String], scale: Int?, reference: Bool)] = [([], nil, false), (["--scale", "1"], 1, false),
                                                                                 (["--reference"], nil, true)]
        for (n, configuration) in configurations.enumerated() where n == 0 || Self.everyConfiguration.contains(name) {
            var loaded = try ScenarioFile.load(path: absolute)
            if let scale = configuration.scale { loaded = try loaded.scaled(to: scale) }
            let total = try FrameExporter.countFrames(loaded.scenario, reference: configuration.reference)
            let late = min(45, total - 1)
            let out = folder.appendingPathComponent("c\(n)").path
            // Relative scenario path, run from the repository root, as the docs show.
            for frames in ["\(late):\(late)"] {
                let result = try CLI.run(["render", path, "--out", out, "--frames", frames, "--quiet", "--jobs", "2"] + configuration.flags)
                #expect(result.status == 0, "\(name) \(configuration.flags) \(frames): \(result.stderr)")
            }
            var options = ImageOptions()
            options.reference = configuration.reference
            var images: [Int: Pixmap] = [:]
            images[late] = try FrameExporter.frame(late, of: loaded.scenario, font: loaded.font, options: options)
            for (index, image) in images {
                let png = try Data(contentsOf: URL(fileURLWithPath: out + "/" + FrameExporter.frameName(index)))
                let written = try PNGCodec.decode([UInt8](png))
                #expect(written == image, "\(name) \(configuration.flags) frame \(index): the library's pixels differ from the CLI's")
            }
        }
    }

    /// `fontSize: 0` and no layer labels: the library needs no font (nil), and still matches.
    @Test func labelFreeScenarioNeedsNoFont() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = CLI.smallScenario().replacingOccurrences(of: #""fps": 30,"#,
                                                            with: #""fps": 30, "style": { "fontSize": 0, "font": "missing/none.ttf" },"#)
        let scenario = try CLI.write(text, to: folder)
        // style.font names a missing file: is it still required when nothing draws text?
        let loaded = try? ScenarioFile.load(path: scenario)
        let cli = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--frames", "0:0", "--quiet"])
        #expect((loaded != nil) == (cli.status == 0), "library and CLI disagree: \(cli.stderr)")
    }
}

/// Overlays and PNG bytes: `--hud --show-reuse --compression small` against `ImageOptions` with
/// `hud`, `showReuse`, `includePNG` and `.small` (the PNG bytes must equal the file's).
@Suite struct OverlayParityTests {
    @Test(arguments: ["parallax.json", "lazy-load.json", "pager-4way.json"])
    func overlaysAndPNGBytesMatchTheCLI(name: String) throws {
        let path = "Scenarios/" + name
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("o").path
        let result = try CLI.run(["render", path, "--out", out, "--frames", "20:21", "--quiet", "--hud", "--show-reuse",
                                  "--compression", "small", "--jobs", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let loaded = try ScenarioFile.load(path: CLI.packageRoot.appendingPathComponent(path).path, needsFont: true)
        var options = ImageOptions()
        options.hud = true
        options.showReuse = true
        options.includePNG = true
        options.compression = .small
        var count = 0
        try FrameExporter.frames(20...21, of: loaded.scenario, font: loaded.font, options: options) { frame in
            count += 1
            let file = try Data(contentsOf: URL(fileURLWithPath: out + "/" + FrameExporter.frameName(frame.state.index)))
            #expect(frame.png == [UInt8](file), "\(name) frame \(frame.state.index): PNG bytes differ from the CLI's file")
            #expect(try PNGCodec.decode([UInt8](file)) == frame.image)
        }
        #expect(count == 2)
    }
}

/// A style.font relative to the scenario file: the library loads the same font and draws the CLI's labels.
extension BundledParityTests {
    @Test func theLibraryRendersTheCLIsPixels() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FontFile.defaultPath(), toPath: fonts.appendingPathComponent("Label.ttf").path)
        // Labels large enough to show, in a font the CLI finds only relative to the scenario file.
        let text = CLI.smallScenario(extra: "").replacingOccurrences(of: #""fps": 30,"#,
                                                                        with: #""fps": 30, "style": { "font": "fonts/Label.ttf", "fontSize": 20 },"#)
        let scenario = try CLI.write(text, to: folder)
        let out = folder.appendingPathComponent("out").path
        let result = try CLI.run(["render", scenario, "--out", out, "--frames", "10:10", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")

        let loaded = try ScenarioFile.load(path: scenario)
        #expect(loaded.font?.path.hasSuffix("fonts/Label.ttf") == true)
        let image = try FrameExporter.frame(10, of: loaded.scenario, font: loaded.font)
        let png = try FileInput.read(out + "/frame_00010.png", maxBytes: 1 << 24, what: "frame")
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded == image)
        // The labels drew: the frame is not just tiles and borders.
        let plain = try FrameExporter.frame(10, of: { var s = loaded.scenario; s.style.fontSize = 0; return s }(), font: nil)
        #expect(plain != image)
    }
}
