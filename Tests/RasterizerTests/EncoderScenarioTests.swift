import Foundation
import Testing
import TestSupport
import GridModel
import GridExport
@testable import Rasterizer

/// The fast encoder on real frames: frame 1 (the first that moves) of every bundled scenario at scale 1, and of six at
/// scale 3, decode to the same pixels as libpng's files, are no larger than zlib level 1's, and pass `pngcheck`.
/// (Debug builds draw and encode slowly, so scale 3 takes a sample.)
@Suite struct EncoderScenarioTests {
    /// Frames `range` of a bundled scenario at `scale`, with both encoders' PNG bytes.
    func frames(_ name: String, scale: Int, _ range: ClosedRange<Int>) throws -> [(image: Pixmap, fast: [UInt8], libpng: [UInt8])] {
        var loaded = try ScenarioFile.load(path: packageRoot.appendingPathComponent("Scenarios/\(name).json").path)
        if scale != loaded.scenario.viewport.scale { loaded = try loaded.scaled(to: scale) }
        var options = ImageOptions()
        options.jobs = 2
        options.includePNG = true
        var result: [(Pixmap, [UInt8], [UInt8])] = []
        try FrameExporter.frames(range, of: loaded.scenario, font: loaded.font, options: options) { frame in
            result.append((frame.image, frame.png ?? [], try PNGCodec.encode(frame.image, encoder: .libpng)))
        }
        return result
    }

    static let scale3Sample: Set<String> = ["fling-threshold", "scale3", "parallax", "labels-grouped", "carousel-loop-seamless",
                                             "pager-4way"]
    static let cases: [(String, Int)] = bundledScenarioNames().map { ($0, 1) } + scale3Sample.sorted().map { ($0, 3) }

    @Test(arguments: cases)
    func framesDecodeLikeLibpngAndAreNoLarger(name: String, scale: Int) throws {
        let range = 1...1  // the first moving frame
        let frames = try frames(name, scale: scale, range)
        #expect(frames.count == range.count)
        for (index, frame) in frames.enumerated() {
            #expect(frame.image.isOpaque)
            #expect(frame.fast == (try PNGCodec.encodeFast(frame.image)), "frame \(index): the pipeline used the fast encoder")
            let decoded = try PNGCodec.decode(frame.fast).pixels
            #expect(decoded == (try PNGCodec.decode(frame.libpng).pixels), "frame \(index)")
            #expect(decoded == frame.image.pixels, "frame \(index)")
            #expect(frame.fast.count <= frame.libpng.count,
                    "frame \(index): \(frame.fast.count) bytes, zlib level 1 \(frame.libpng.count)")
            #expect(try PNGCodec.encodeFast(frame.image, scalar: true) == frame.fast, "frame \(index): scalar path")
        }
    }

    static let pngcheck = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck", "/opt/homebrew/bin/pngcheck"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.tags(.externalTool),
          .enabled(if: pngcheck != nil || RequiredTools.required, "pngcheck is not installed here (CI installs it): skipped"),
          arguments: ["fling-threshold", "scale3", "parallax", "labels-grouped", "carousel-loop-seamless"])
    func pngcheckAcceptsFastFrames(name: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("encoder-pngcheck-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for scale in [1, 3] {
            for (index, frame) in try frames(name, scale: scale, 1...1).enumerated() {
                let path = folder.appendingPathComponent("\(name)@\(scale)x-\(index).png").path
                try Data(frame.fast).write(to: URL(fileURLWithPath: path))
                paths.append(path)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.pngcheck, "pngcheck is required here (RENDER_GRID_REQUIRE_TOOLS=1) but not installed"))
        process.arguments = ["-q"] + paths
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "pngcheck: \(text)")
    }
}
