import Foundation
import Testing
import TestSupport
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools

/// The public tools fed extremes (in child processes, so a trap
/// fails the test), hostile and long trace lines, and library output that must not name CLI flags.
@Suite struct ToolAPIExtremesTests {
    /// Trace frames with every field at an extreme a caller can construct.
    @Test func tracePlotOfExtremeFramesDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let font = try FontFile.loadDefault()
            let big = Double.greatestFiniteMagnitude
            let frames = [
                TraceFrame(frame: .max, t: -big, offsetX: big, offsetY: -big, recenterX: .infinity, recenterY: .nan,
                           events: ScrollEvent.Kind.allCases, live: .max, pool: .min, edgeHit: true),
                TraceFrame(frame: .min, t: big, offsetX: -big, offsetY: big, recenterX: -big, recenterY: big, live: .min, pool: .max),
                TraceFrame(frame: 0, t: 0, offsetX: .nan, offsetY: .infinity, live: -1, pool: -1),
                TraceFrame(frame: 1, t: .leastNonzeroMagnitude, offsetX: 1e-300, offsetY: -1e-300),
                TraceFrame(frame: 2, t: .leastNonzeroMagnitude.nextUp),
            ]
            for size in [PlotOptions(width: 200, height: 200), PlotOptions(width: 8000, height: 200)] {
                _ = try TracePlot.render(frames, options: size, font: font, title: String(repeating: "\u{202E}é💥", count: 500))
            }
        }
    }

    /// A contact sheet with every count at its largest allowed value (`validate` allows `Int.max`).
    @Test func contactSheetWithLargestAllowedOptionsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rg-review-sheet-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let scenario = Scenario(name: "sheet", viewport: Viewport(width: 40, height: 30, scale: 1),
                                    style: { var s = Style(); s.fontSize = 0; return s }(), steps: [.wait(duration: 0.1)])
            _ = try FrameExporter.render(scenario, font: nil, options: RenderOptions(outputDirectory: folder))
            let font = try FontFile.loadDefault()
            for options in [SheetOptions(every: .max, columns: .max, thumbnailWidth: 65_536, maxThumbnails: .max,
                                         maxSheetPixels: Pixmap.maxPixels, maxFramePixels: Pixmap.maxPixels, maxFrameBytes: .max),
                            SheetOptions(every: 1, columns: .max, thumbnailWidth: 1, maxThumbnails: .max),
                            SheetOptions(every: nil, columns: 1, thumbnailWidth: 65_536, maxThumbnails: 1)] {
                do { _ = try ContactSheet.write(folder: folder, options: options, font: font) } catch is ToolError {
                    // A clear refusal (a limit) is fine.
                }
            }
        }
    }

    /// One 4 MB trace line (a long `tiles` array, kept for the trace diff) reads in linear time (a quadratic
    /// reader would take minutes; the bound is loose for a loaded 2-core machine), and deep
    /// nesting is an error, not a stack overflow.
    @Test func longAndDeepTraceLinesAreBounded() throws {
        let tiles = String(repeating: #"{"x":1,"y":-2,"id":3,"rect":[0.5,1,100,100]},"#, count: 90_000)
        let long = #"{"frame":0,"t":0,"phase":"idle","contentOffset":{"x":1,"y":2},"tiles":[\#(tiles){"x":2,"y":-2,"id":4,"rect":[0.5,1,100,100]}],"events":[],"stats":{"live":1,"pool":0}}"#
        #expect(long.utf8.count > 4_000_000)
        let frames = try ToolTests.within(12, "a 4 MB line") { try TraceReader.read(bytes: Array(long.utf8), name: "long") }
        #expect(frames.count == 1 && frames[0].offsetY == 2 && frames[0].tiles.count == 90_001)
        let deep = #"{"frame":0,"t":0,"contentOffset":{"x":1,"y":2},"tiles":"# + String(repeating: "[", count: 500_000)
        #expect(throws: ToolError.self) { try TraceReader.read(bytes: Array(deep.utf8), name: "deep") }
        let keyed = #"{"frame":0,"t":0,"contentOffset":{"x":1,"y":2},""# + String(repeating: "k", count: 4_000_000) + #"":1}"#
        _ = ToolTests.within(12, "a 4 MB key") { try? TraceReader.read(bytes: Array(keyed.utf8), name: "key") }
    }

    /// What `Trace.line(for:)` writes reads back as `TraceFrame(state)`, for every frame of a
    /// scenario with recenters, pages and layers.
    @Test func traceRoundTrips() throws {
        for name in ["parallax", "pager-4way", "carousel-loop-seamless"] {
            let lines = try ToolTests.traceLines(name, frames: 90)
            var simulation = try Simulation(scenario: try small(name))
            var expected: [TraceFrame] = []
            while expected.count < lines.count, let frame = try simulation.next() { expected.append(TraceFrame(frame)) }
            #expect(try ToolTests.read(lines) == expected, "\(name)")
        }
    }

    /// `ImageDiff.run` with every option at an extreme `validate` allows (or refuses cleanly).
    @Test func imageDiffWithExtremeOptionsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("rg-review-diff-\(getpid())")
            defer { try? FileManager.default.removeItem(at: root) }
            for (side, color) in [("a", RGBA(0, 0, 0, 10)), ("b", RGBA(255, 255, 255))] {
                let folder = root.appendingPathComponent(side + "/sub")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try ToolTests.png(width: 9, height: 5, color: color).write(to: folder.appendingPathComponent("frame_00000.png"))
                try ToolTests.png(width: 3, height: side == "a" ? 3 : 4).write(to: folder.appendingPathComponent("frame_00001.png"))
            }
            for value in [Int.min, -1, 0, 1, Int.max] {
                var options = DiffOptions()
                options.jobs = value
                options.maxPixels = value
                options.maxFileBytes = value
                options.maxFolderEntries = value
                options.maxEmbeddedBytes = value
                options.maxDiffPixels = value
                options.maxDiffRatio = [Double.nan, -0.0, 1, .infinity, 0.5][Int(value & 3)]
                options.match.ignore = [IntRect(x: value, y: value, width: value, height: value), IntRect(x: .min, y: .min, width: .max, height: .max)]
                options.match.includeAA = value > 0
                options.match.makeDiffImage = true
                options.outputDirectory = root.appendingPathComponent("out\(value)").path
                options.sideBySide = true
                options.embedImages = value != 0
                _ = try? ImageDiff.run(expected: root.appendingPathComponent("a").path, actual: root.appendingPathComponent("b").path,
                                       options: options)
                _ = options.limit(forPixels: value)
            }
        }
    }
}

/// `Verifier.verify(_:font:strategy:reference:)` takes any two simulations: mismatched or spent ones
/// give a report, not a trap.
@Suite struct VerifierExtremesTests {
    @Test func mismatchedSimulationsDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            let font = try FontFile.loadDefault()
            let a = Scenario(name: "a", viewport: Viewport(width: 60, height: 40, scale: 1), steps: [.fling(velocity: Vector(x: 900, y: 0)), .wait(duration: 0.2)])
            var b = a
            b.viewport = Viewport(width: 90, height: 20, scale: 3)
            b.grid.columns = 3
            var spent = try Simulation(scenario: b)
            while try spent.next() != nil {}
            for (strategy, reference) in [(try Simulation(scenario: a), try Simulation(scenario: b, reference: true)),
                                          (try Simulation(scenario: b), try Simulation(scenario: a)), (try Simulation(scenario: a), spent)] {
                for scenario in [a, b] {
                    _ = try? Verifier.verify(scenario, font: font, strategy: strategy, reference: reference, strictEdges: true).json()
                }
            }
        }
    }
}

/// `PixelMatch.compare` on the smallest and thinnest images, with every threshold edge and hostile
/// ignore rectangles.
@Suite struct PixelMatchExtremesTests {
    @Test func thinImagesAndEdgeOptionsDoNotTrap() async {
        await #expect(processExitsWith: .success) {
            var rng = SplitMix64(state: 0x9E37)
            for (w, h) in [(1, 1), (1, 7), (7, 1), (2, 2), (3, 1)] {
                func image() throws -> Pixmap {
                    try Pixmap(width: w, height: h, pixels: (0..<(w * h * 4)).map { _ in UInt8.random(in: 0...255, using: &rng) })
                }
                let a = try image(), b = try image()
                for threshold in [0, -0.0, 1, 0.1, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1.0.nextUp, .nan, .infinity] {
                    for includeAA in [false, true] {
                        var options = PixelMatchOptions()
                        options.threshold = threshold
                        options.includeAA = includeAA
                        options.makeDiffImage = true
                        options.ignore = [IntRect(x: .max, y: .max, width: .max, height: .max), IntRect(x: .min, y: 0, width: .max, height: 1),
                                          IntRect(x: 0, y: 0, width: .min, height: .min)]
                        _ = try? PixelMatch.compare(a, b, options: options)
                    }
                }
                _ = try? PixelMatch.compare(a, try Pixmap(width: h, height: w))
            }
        }
    }
}

/// Issue 10: "One error type per module": these GridTools entry points fail with ToolError (sound).
@Suite struct ToolErrorTypeTests {
    @Test func imageDiffFailsWithToolError() {
        #expect(throws: ToolError.self) {
            try ImageDiff.run(expected: "/nonexistent/render-grid/a", actual: "/nonexistent/render-grid/b", options: DiffOptions())
        }
    }

    @Test func contactSheetFailsWithToolError() throws {
        let font = try FontFile.loadDefault()
        #expect(throws: ToolError.self) { try ContactSheet.write(folder: "/nonexistent/render-grid/frames", options: SheetOptions(), font: font) }
    }
}
