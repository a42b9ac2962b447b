import Foundation
import Testing
import GridModel
import Rasterizer

/// Golden-image checks: decoded pixels compared with a tolerance (never PNG bytes, which change
/// with zlib and FreeType versions).
///
/// `RENDER_GRID_RECORD` picks what happens to goldens:
/// - `missing` (default): write goldens that do not exist yet, and fail so the new file gets reviewed;
/// - `all`: rewrite every golden (and fail, so a recording run is never mistaken for a pass);
/// - `failed`: rewrite only goldens that no longer match;
/// - `never` (default when `CI` is set): only compare.
/// A mismatch writes actual, expected and diff images to `.build/golden-artifacts/` and prints where.
///
/// These are single images of rasterizer primitives (a tile, a label, a clip); whole scrolls are checked by
/// `render-grid check` against `Scenarios/Goldens/` (GridTools' `GoldenChecker`, run by CLITests and `.ci/run`),
/// with the same record modes. This target depends on the Rasterizer alone, not on GridTools, so it keeps this
/// small helper rather than the frame-sequence golden format.
enum Golden {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let folder = root.appendingPathComponent("Goldens")
    static let artifacts = root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/golden-artifacts")

    enum Mode: String { case missing, all, failed, never }

    static var mode: Mode {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["RENDER_GRID_RECORD"], let mode = Mode(rawValue: text) { return mode }
        return environment["CI"] == nil ? .missing : .never
    }

    /// Pixels whose channels all lie within `channelTolerance` count as equal; the image matches
    /// when at most `maxDiffRatio` of its pixels differ.
    static func check(_ canvas: Pixmap, named name: String, channelTolerance: Int = 16, maxDiffRatio: Double = 0.002,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder.appendingPathComponent(name + ".png")
        let png = try PNGCodec.encode(canvas, compression: .small)
        let exists = FileManager.default.fileExists(atPath: path.path)
        if mode == .all || (!exists && mode != .never) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(png).write(to: path)
            Issue.record("recorded golden \(path.path); review it and run the tests again", sourceLocation: sourceLocation)
            return
        }
        guard exists else {
            Issue.record("golden \(path.path) is missing (RENDER_GRID_RECORD=missing records it)", sourceLocation: sourceLocation)
            return
        }
        let expected = try PNGCodec.decode([UInt8](try Data(contentsOf: path)))
        var differing = 0
        var diffPixels = [UInt8](repeating: 255, count: canvas.pixels.count)
        if expected.width == canvas.width && expected.height == canvas.height {
            for i in stride(from: 0, to: canvas.pixels.count, by: 4) {
                let same = (0..<4).allSatisfy { abs(Int(canvas.pixels[i + $0]) - Int(expected.pixels[i + $0])) <= channelTolerance }
                if !same {
                    differing += 1
                    diffPixels[i] = 255; diffPixels[i + 1] = 0; diffPixels[i + 2] = 0
                } else {
                    let grey = UInt8(191 + Int(canvas.pixels[i]) / 4)
                    diffPixels[i] = grey; diffPixels[i + 1] = grey; diffPixels[i + 2] = grey
                }
            }
        } else {
            differing = canvas.width * canvas.height
        }
        let allowed = Int(Double(canvas.width * canvas.height) * maxDiffRatio)
        guard differing > allowed else { return }
        if mode == .failed {
            try Data(png).write(to: path)
            Issue.record("re-recorded golden \(path.path) (\(differing) pixels differed)", sourceLocation: sourceLocation)
            return
        }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        try Data(png).write(to: artifacts.appendingPathComponent(name + "-actual.png"))
        try Data(contentsOf: path).write(to: artifacts.appendingPathComponent(name + "-expected.png"))
        try Data(try PNGCodec.encode(try Pixmap(width: canvas.width, height: canvas.height, pixels: diffPixels))).write(to: artifacts.appendingPathComponent(name + "-diff.png"))
        Issue.record("""
            golden \(name): \(differing) pixels differ (allowed \(allowed), channel tolerance \(channelTolerance)); \
            actual, expected and diff images are in \(artifacts.path)
            """, sourceLocation: sourceLocation)
    }
}

@Suite struct GoldenHousekeeping {
    /// Reports goldens that no test checks any more, so stale files do not pile up.
    @Test func noUnusedGoldens() throws {
        let goldens = try FileManager.default.contentsOfDirectory(atPath: Golden.folder.path).filter { $0.hasSuffix(".png") }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Golden.root.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: Golden.root.appendingPathComponent($0), encoding: .utf8) }.joined()
        let unused = goldens.filter { !sources.contains("named: \"\(String($0.dropLast(4)))\"") }
        #expect(unused.isEmpty, "unused goldens in \(Golden.folder.path): \(unused.joined(separator: ", ")); delete them or check them")
    }
}
