import Foundation
import Testing
import GridModel
import Rasterizer
@testable import GridExport

/// In-memory rendering goes through the file export's pipeline: the same pixels, the same PNG bytes.
@Suite struct InMemoryRenderTests {
    /// Frame N in memory has exactly the pixels of frame N's file, and its PNG the same bytes.
    @Test(arguments: [1, 3]) func memoryMatchesFiles(jobs: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try copyDefaultFont(to: folder, as: "f.ttf")
        let loaded = try ScenarioFile.load(path: write(smallScenario(style: #""font": "f.ttf""#), to: folder, as: "a.json"))
        var options = RenderOptions(outputDirectory: folder.appendingPathComponent("out").path)
        options.jobs = jobs
        let summary = try FrameExporter.render(loaded.scenario, font: loaded.font, options: options)
        var memory = ImageOptions()
        memory.jobs = jobs
        memory.includePNG = true
        var seen: [Int] = []
        try FrameExporter.frames(0...Int.max, of: loaded.scenario, font: loaded.font, options: memory) { frame in
            seen.append(frame.state.index)
            let file = try FileInput.read(options.outputDirectory + "/" + FrameExporter.frameName(frame.state.index),
                                          maxBytes: 1 << 24, what: "frame")
            #expect(frame.png == file)
            let decoded = try PNGCodec.decode(file)
            #expect(decoded.width == frame.image.width && decoded == frame.image)
        }
        #expect(seen == Array(0..<summary.totalFrames))
        let ten = try FrameExporter.frame(10, of: loaded.scenario, font: loaded.font)
        let file = try FileInput.read(options.outputDirectory + "/frame_00010.png", maxBytes: 1 << 24, what: "frame")
        #expect(try PNGCodec.decode(file) == ten)
    }

    /// `repeatsPrevious` marks exactly frames whose picture is the previous frame's: a bundled scenario with idle
    /// waits has some, each equal in pixels to its predecessor, and the first frame never has it.
    @Test(arguments: [1, 3]) func repeatsPreviousMarksSharedDrawings(jobs: Int) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let loaded = try ScenarioFile.load(path: root.appendingPathComponent("Scenarios/rotate.json").path).scaled(to: 1)
        var options = ImageOptions()
        options.jobs = jobs
        var last: Pixmap?, repeats = 0, frames = 0
        try FrameExporter.frames(0...Int.max, of: loaded.scenario, font: loaded.font, options: options) { frame in
            if frame.repeatsPrevious {
                repeats += 1
                #expect(frame.image == last, "frame \(frame.state.index) repeats a different picture")
            }
            #expect(frame.state.index > 0 || !frame.repeatsPrevious)
            last = frame.image
            frames += 1
        }
        #expect(repeats > 0, "rotate's waits give repeated frames")
    }

    @Test func aFrameWithoutTextNeedsNoFont() throws {
        let scenario = try ScenarioDecoder.decode(Array(smallScenario(style: #""fontSize": 0"#).utf8))
        let image = try FrameExporter.frame(5, of: scenario, font: nil)
        #expect(image.width == 120 && image.height == 90)
        var hud = ImageOptions()
        hud.hud = true
        #expect { _ = try FrameExporter.frame(5, of: scenario, font: nil, options: hud) } throws: {
            ($0 as? ExportError)?.kind == .font
        }
    }

    /// Labels without a font are a thrown error, never a trap: through the exporter and the renderer.
    @Test func labelsWithoutAFontThrow() throws {
        let scenario = try ScenarioDecoder.decode(Array(smallScenario().utf8))
        #expect { _ = try FrameExporter.frame(0, of: scenario, font: nil) } throws: {
            ($0 as? ExportError)?.kind == .font && ($0 as? ExportError)?.isInputError == true
        }
        let renderer = FrameRenderer(scenario: scenario, font: nil)
        var simulation = try Simulation(scenario: scenario)
        let frame = try #require(try simulation.next())
        var canvas = try renderer.canvas(for: frame)
        #expect { try renderer.render(frame, into: &canvas) } throws: { ($0 as? RasterError)?.kind == .font }
        #expect(FrameRenderer.drawsText(scenario) && renderer.drawsText(frame))
    }

    @Test func rangesOutsideTheScenarioAreRefused() throws {
        let scenario = try ScenarioDecoder.decode(Array(smallScenario(style: #""fontSize": 0"#).utf8))
        let total = try FrameExporter.countFrames(scenario, reference: false)
        #expect { _ = try FrameExporter.frame(total, of: scenario, font: nil) } throws: {
            ($0 as? ExportError)?.kind == .frameRange && ($0 as? ExportError)?.totalFrames == total
        }
    }

    /// A body's error comes back unchanged and stops the frames.
    @Test func theBodysErrorStopsTheRender() throws {
        struct Enough: Error {}
        let scenario = try ScenarioDecoder.decode(Array(smallScenario(style: #""fontSize": 0"#).utf8))
        var count = 0
        #expect(throws: Enough.self) {
            try FrameExporter.frames(0...Int.max, of: scenario, font: nil) { _ in
                count += 1
                if count == 3 { throw Enough() }
            }
        }
        #expect(count == 3)
    }
}
