import Foundation
import Testing
import GridModel
import Rasterizer
import GridExport

/// A library client renders what the CLI writes: the same loader rules (style.font relative to the
/// scenario file) and the same pipeline, so the same pixels.
@Suite struct LibraryParityTests {
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
        #expect(decoded.pixels == image.pixels)
        // The labels drew: the frame is not just tiles and borders.
        let plain = try FrameExporter.frame(10, of: { var s = loaded.scenario; s.style.fontSize = 0; return s }(), font: nil)
        #expect(plain.pixels != image.pixels)
    }

    /// The library's messages name no flags; the CLI adds them when it prints.
    @Test func theCLIAddsFlagHints() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let range = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--frames", "5000:5001"])
        #expect(range.status == 2 && range.stderr.contains("--frames 5000:5001 is outside the scenario's"), "\(range.stderr)")
        let size = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--max-file-size", "10"])
        #expect(size.status == 2 && size.stderr.contains("the limit is 10 bytes (--max-file-size raises it)"), "\(size.stderr)")
        let frames = try CLI.run(["render", scenario, "--out", folder.appendingPathComponent("o").path, "--max-frames", "3"])
        #expect(frames.status == 2 && frames.stderr.contains("\(scenario): ") && frames.stderr.contains("(--max-frames raises it)"),
                "\(frames.stderr)")
    }
}
