import Foundation
import Testing
import GridModel
import Rasterizer
import GridExport

/// Every public GridExport entry point with extreme ranges, job counts,
/// limits and paths, in a child process (an exit test) so that a trap fails the test; and the
/// error fields a client relies on (file, JSON path, limit and its value, no CLI flag).
@Suite struct ExportAPIExtremesTests {
    static let small = Scenario(name: "small", viewport: Viewport(width: 60, height: 40, scale: 1),
                                scroll: { var s = ScrollSpec(); s.recenter = .threshold; s.contentSize = Size(width: 400, height: 400); return s }(),
                                style: { var s = Style(); s.fontSize = 0; return s }(),
                                steps: [.drag(by: Vector(x: -150, y: 60), duration: 0.2, release: .fling), .wait(duration: 0.2)])

    @Test func inMemoryRenderingWithExtremeRangesAndJobsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let scenario = ExportAPIExtremesTests.small
            let ranges: [ClosedRange<Int>] = [Int.min...Int.max, Int.max...Int.max, Int.min...Int.min, -1...(-1), 0...Int.max,
                                              (Int.max - 1)...Int.max, 5...Int.max, 0...0]
            for range in ranges {
                for jobs in [Int.min, -1, 0, 1, 3, Int.max] {
                    var options = ImageOptions()
                    options.jobs = jobs
                    options.includePNG = jobs == 3
                    do { try FrameExporter.frames(range, of: scenario, font: nil, options: options) { _ in } } catch is ExportError {}
                }
            }
            for index in [Int.min, -1, 0, 1_000_000, Int.max] {
                _ = try? FrameExporter.frame(index, of: scenario, font: nil)
            }
        }
    }

    @Test func extremeLimitsDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            for value in [Int.min, -1, 0, 1, Int.max] {
                var limits = Limits()
                limits.maxFrames = value
                limits.maxPixelsPerFrame = value
                limits.maxLiveTiles = value
                limits.maxFileBytes = value
                var options = ImageOptions()
                options.limits = limits
                _ = try? FrameExporter.countFrames(ExportAPIExtremesTests.small, reference: value < 0, limits: limits)
                _ = try? FrameExporter.frame(0, of: ExportAPIExtremesTests.small, font: nil, options: options)
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("rg-review-\(getpid()).json").path
                let text = #"{ "name": "n", "viewport": { "width": 60, "height": 40, "scale": 1 }, "style": { "fontSize": 0 }, "steps": [ { "wait": { "duration": 0.1 } } ] }"#
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                defer { try? FileManager.default.removeItem(atPath: path) }
                if let loaded = try? ScenarioFile.load(path: path, limits: limits) {
                    for scale in [Int.min, -1, 0, 9, Int.max] { _ = try? loaded.scaled(to: scale) }
                }
            }
        }
    }

    @Test func fileRenderWithExtremeOptionsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("rg-review-render-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: root) }
            for (n, range) in [Int.min...Int.max, Int.max...Int.max, 3...Int.max, 0...0].enumerated() {
                var options = RenderOptions(outputDirectory: root + "/\(n)")
                options.frames = range
                options.jobs = n == 0 ? Int.min : Int.max
                _ = try? FrameExporter.render(ExportAPIExtremesTests.small, font: nil, options: options)
                options.resume = true
                _ = try? FrameExporter.render(ExportAPIExtremesTests.small, font: nil, options: options)
            }
            for directory in ["", "\u{0}", "/dev/null", "/proc/self/nope/x", String(repeating: "d/", count: 3000)] {
                _ = try? FrameExporter.render(ExportAPIExtremesTests.small, font: nil, options: RenderOptions(outputDirectory: directory))
            }
            for path in ["", "\u{0}", "/dev/zero", "/proc/self/mem", "/", String(repeating: "x", count: 5000)] {
                _ = try? ScenarioFile.load(path: path)
                _ = try? FontFile.load(path: path)
            }
        }
    }

    /// A body's own error comes back unchanged, and no later frame is delivered.
    @Test func bodyErrorsPassThroughUnchanged() throws {
        struct Stop: Error, Equatable {}
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try FrameExporter.frames(0...Int.max, of: Self.small, font: nil) { frame in
                seen.append(frame.state.index)
                if frame.state.index == 2 { throw Stop() }
            }
        }
        #expect(seen == [0, 1, 2])
    }

    /// Errors carry the file, the JSON path and the limit with its value; messages name no flag.
    @Test func errorsCarryFileJSONPathAndLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rg-review-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("s.json").path
        let text = #"{ "name": "n", "viewport": { "width": 60, "height": 40, "scale": 1 }, "style": { "fontSize": 0 }, "steps": [ { "wait": { "duration": 10 } } ] }"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))

        var limits = Limits()
        limits.maxFileBytes = 10
        let size = try #require(throws: ExportError.self) { try ScenarioFile.load(path: path, limits: limits) }
        #expect(size.file == path && size.limit == .maxFileBytes && size.limitValue == 10 && !size.message.contains("--"))

        limits = Limits()
        limits.maxFrames = 3
        let frames = try #require(throws: ExportError.self) { try ScenarioFile.load(path: path, limits: limits) }
        #expect(frames.file == path && frames.limit == .maxFrames && !frames.message.contains("--"), "\(frames.message)")
        #expect(frames.jsonPath != nil, "a frame-limit error names no JSON path: \(frames.message)")

        let bad = #"{ "name": "n", "viewport": { "width": 60, "height": 40, "scale": 99 }, "steps": [] }"#
        try Data(bad.utf8).write(to: URL(fileURLWithPath: path))
        let range = try #require(throws: ExportError.self) { try ScenarioFile.load(path: path) }
        #expect(range.file == path && range.jsonPath == "viewport.scale" && !range.message.contains("--"), "\(range.message)")

        let font = #"{ "name": "n", "viewport": { "width": 60, "height": 40, "scale": 1 }, "style": { "font": "no/such.ttf" }, "steps": [ { "wait": { "duration": 0.1 } } ] }"#
        try Data(font.utf8).write(to: URL(fileURLWithPath: path))
        let missing = try #require(throws: ExportError.self) { try ScenarioFile.load(path: path) }
        #expect(missing.file == path && missing.jsonPath == "style.font" && !missing.message.contains("--"), "\(missing.message)")

        let outside = try #require(throws: ExportError.self) { try FrameExporter.frame(10_000, of: Self.small, font: nil) }
        #expect(outside.kind == .frameRange && !outside.message.contains("--"))

        var labelled = Self.small
        labelled.style.fontSize = 12
        let noFont = try #require(throws: ExportError.self) { try FrameExporter.frame(0, of: labelled, font: nil) }
        #expect(noFont.kind == .font && !noFont.message.contains("--"), "\(noFont.message)")
    }
}
