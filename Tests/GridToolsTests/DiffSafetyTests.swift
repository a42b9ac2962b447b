import Foundation
import Testing
import TestSupport
import Rasterizer
@testable import GridTools

/// The public diff API takes any value a caller can build without trapping or reading out of
/// bounds: images, ignore regions, thresholds and tolerances are checked or clipped.
@Suite struct DiffSafetyTests {
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) throws -> Pixmap {
        try Pixmap(width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } })
    }
    static let black = try! image(4, 3) { _, _ in [0, 0, 0, 255] }
    static let white = try! image(4, 3) { _, _ in [255, 255, 255, 255] }

    /// The kind of ToolError `body` throws; nil when it throws nothing (or something else).
    func kind(_ body: () throws -> Void) -> ToolError.Kind? {
        do { try body() } catch { return (error as? ToolError)?.kind }
        return nil
    }

    /// What `RGBAImage` used to accept unchecked (and `PixelMatch` had to refuse) cannot be built
    /// as a `Pixmap` at all, so every image the diff sees is valid.
    @Test func imagesWhosePixelsDoNotMatchTheirSizeCannotBeBuilt() {
        let bad: [(Int, Int, Int)] = [
            (4, 3, 47), (4, 3, 49), (4, 3, 0), (1000, 1000, 48), (-4, -3, 48), (0, 3, 0), (Int.max, 2, 48), (1 << 32, 1 << 32, 0),
            (Int.min, Int.min, 0), (-1, Int.min, 4),
        ]
        for (width, height, count) in bad {
            #expect(throws: RasterError.self, "\(width)×\(height), \(count) bytes") {
                _ = try Pixmap(width: width, height: height, pixels: [UInt8](repeating: 0, count: count))
            }
        }
        #expect(Self.black.width == 4 && Self.black.height == 3 && Self.black.pixels.count == 48)
    }

    @Test func differentSizesAndBadThresholdsAreErrorsNotTraps() throws {
        let small = try Self.image(2, 2) { _, _ in [0, 0, 0, 255] }
        #expect(kind { _ = try PixelMatch.compare(Self.black, small) } == .sizeMismatch)
        for threshold in [Double.nan, -0.1, 1.5, .infinity, -.infinity] {
            var options = PixelMatchOptions()
            options.threshold = threshold
            #expect(kind { _ = try PixelMatch.compare(Self.black, Self.white, options: options) } == .invalidOption, "\(threshold)")
        }
        var options = PixelMatchOptions()
        options.threshold = 0
        #expect(try PixelMatch.compare(Self.black, Self.white, options: options).different == 12)
    }

    /// x + width used to overflow for the CLI's --ignore 1,0,9223372036854775807,10.
    @Test func ignoreRegionsAreClippedWithoutOverflow() throws {
        func different(_ regions: [IntRect]) throws -> Int {
            var options = PixelMatchOptions()
            options.ignore = regions
            options.makeDiffImage = true
            return try PixelMatch.compare(Self.black, Self.white, options: options).different
        }
        #expect(try different([]) == 12)
        #expect(try different([IntRect(x: 1, y: 0, width: Int.max, height: 10)]) == 3)  // all but column 0
        #expect(try different([IntRect(x: Int.max, y: Int.max, width: Int.max, height: Int.max)]) == 12)
        #expect(try different([IntRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)]) == 12)  // ends at −1
        #expect(try different([IntRect(x: Int.min, y: Int.min, width: Int.max, height: Int.max),
                               IntRect(x: -1, y: -1, width: 2, height: 2)]) == 11)  // clipped to (0, 0)
        #expect(try different([IntRect(x: -5, y: -5, width: 7, height: 6)]) == 10)  // (0, 0) and (1, 0)
        #expect(try different([IntRect(x: 0, y: 0, width: 0, height: 3), IntRect(x: 0, y: 0, width: -4, height: -3),
                               IntRect(x: 0, y: 0, width: 4, height: Int.min)]) == 12)  // empty regions
        #expect(try different([IntRect(x: 0, y: 0, width: 4, height: 3)]) == 0)
        #expect(IntRect(x: 2, y: 1, width: Int.max, height: Int.max).intersection(Self.black.bounds) == IntRect(minX: 2, minY: 1, maxX: 4, maxY: 3))
    }

    /// Random `Int`s (extremes included) for every public input of `PixelMatch.compare`: image
    /// sizes, ignore rectangles, thresholds and flags. Each call gives a result within the image
    /// or a `ToolError`, never a trap. `RENDER_GRID_FUZZ_SEED` changes the run.
    @Test func pixelMatchTakesAnyIntegers() throws {
        let seed = ProcessInfo.processInfo.environment["RENDER_GRID_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xD1FF
        var rng = SplitMix64(state: seed)
        let ints = [Int.min, Int.min + 1, -(1 << 40), -7, -1, 0, 1, 2, 3, 5, 1 << 40, Int.max - 1, Int.max]
        func int() -> Int { Bool.random(using: &rng) ? ints.randomElement(using: &rng)! : Int.random(in: -8...8, using: &rng) }
        var compared = 0, refused = 0
        for _ in 0..<3000 {
            let w = Int.random(in: 1...5, using: &rng), h = Int.random(in: 1...5, using: &rng)
            let a = try Self.image(w, h) { _, _ in (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) } }
            let sameSize = Int.random(in: 0..<8, using: &rng) > 0
            let b = try Self.image(sameSize ? w : w + 1, h) { _, _ in (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) } }
            var options = PixelMatchOptions()
            options.threshold = [0, 0.1, 1, -0.5, 2, .nan, .infinity].randomElement(using: &rng)!
            options.includeAA = Bool.random(using: &rng)
            options.makeDiffImage = Bool.random(using: &rng)
            options.ignore = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                Bool.random(using: &rng) ? IntRect(x: int(), y: int(), width: int(), height: int())
                    : IntRect(minX: int(), minY: int(), maxX: int(), maxY: int())
            }
            do {
                let result = try PixelMatch.compare(a, b, options: options)
                compared += 1
                #expect(result.different >= 0 && result.antialiased >= 0 && result.different + result.antialiased <= a.area)
                if let box = result.box { #expect(box.intersection(a.bounds) == box, "\(box)") }
                #expect((result.box == nil) == (result.different == 0))
                if options.makeDiffImage { #expect(result.diffImage?.bounds == a.bounds) } else { #expect(result.diffImage == nil) }
            } catch {
                refused += 1
                #expect(error.kind == .sizeMismatch || error.kind == .invalidOption)
                #expect(error.isInputError)
            }
        }
        #expect(compared > 1000 && refused > 100, "\(compared) compared, \(refused) refused, seed \(seed)")
    }

    /// Every refusal of the diff is one `ToolError`, with a kind that says why, and an input error.
    @Test func refusalsAreToolErrorsOfTheRightKind() throws {
        func kindOfRun(_ expected: String, _ actual: String, _ options: DiffOptions = DiffOptions()) -> ToolError.Kind? {
            kind { _ = try ImageDiff.run(expected: expected, actual: actual, options: options) }
        }
        let a = fixtures.appendingPathComponent("labels-a.png").path
        #expect(kindOfRun(a, "/nonexistent/frame.png") == .invalidInput)
        #expect(kindOfRun(a, fixtures.path) == .invalidInput)  // a file with a folder
        var options = DiffOptions()
        options.jobs = 0
        #expect(kindOfRun(a, a, options) == .invalidOption)
        #expect(kind { _ = try PixelMatch.compare(Self.black, try Self.image(3, 4) { _, _ in [0, 0, 0, 255] }) } == .sizeMismatch)
        for kind in [ToolError.Kind.invalidInput, .overLimit, .invalidOption, .sizeMismatch] {
            #expect(ToolError(kind, "x").isInputError)
        }
    }

    @Test func toleranceLimitIsTotal() {
        var options = DiffOptions()
        let cases: [(Double?, Int?, Int, Int)] = [
            (.infinity, nil, 1000, 1000), (.nan, nil, 1000, 0), (-.infinity, nil, 1000, 0), (-1, nil, 1000, 0),
            (2, nil, 1000, 1000), (1, nil, Int.max, Int.max), (0.5, nil, Int.max, Int.max / 2 + 1), (0.001, nil, -5, 0),
            (nil, -5, 1000, 0), (nil, Int.max, 1000, Int.max), (0.5, 3, 1000, 3), (nil, nil, 1000, 0),
        ]
        for (ratio, pixels, total, expected) in cases {
            options.maxDiffRatio = ratio
            options.maxDiffPixels = pixels
            #expect(options.limit(forPixels: total) == expected, "ratio \(String(describing: ratio)) pixels \(String(describing: pixels)) of \(total)")
        }
    }

    @Test func outOfRangeOptionsAreRefusedByName() throws {
        let changes: [(String, (inout DiffOptions) -> Void)] = [
            ("threshold", { $0.match.threshold = .nan }), ("threshold", { $0.match.threshold = -0.5 }),
            ("ratio", { $0.maxDiffRatio = .infinity }), ("ratio", { $0.maxDiffRatio = .nan }),
            ("differing pixels", { $0.maxDiffPixels = -1 }), ("jobs", { $0.jobs = 0 }), ("jobs", { $0.jobs = Int.min }),
            ("pixel limit", { $0.maxPixels = 0 }), ("pixel limit", { $0.maxPixels = Pixmap.maxPixels + 1 }),
            ("file size", { $0.maxFileBytes = 0 }), ("embedded", { $0.maxEmbeddedBytes = -1 }),
        ]
        let a = fixtures.appendingPathComponent("labels-a.png").path, b = fixtures.appendingPathComponent("labels-b.png").path
        for (name, change) in changes {
            var options = DiffOptions()
            change(&options)
            #expect { try ImageDiff.run(expected: a, actual: b, options: options) } throws: {
                ($0 as? ToolError)?.message.contains(name) == true
            }
        }
        #expect(throws: Never.self) { try DiffOptions().validate() }
    }

    @Test func fileSizeLimitAndNonFilesAreRefusedUnread() throws {
        let a = fixtures.appendingPathComponent("labels-a.png").path, b = fixtures.appendingPathComponent("labels-b.png").path
        var options = DiffOptions()
        options.maxFileBytes = 1000
        #expect { try ImageDiff.run(expected: a, actual: b, options: options) } throws: {
            let error = $0 as? ToolError
            return error?.kind == .overLimit && error?.limit == .maxFileBytes && error?.message.contains("the limit is 1000 bytes") == true
        }
        let folder = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect { try ImageDiff.run(expected: fifo, actual: a, options: DiffOptions()) } throws: {
            ($0 as? ToolError)?.kind == .invalidInput && ($0 as? ToolError)?.message.contains("not a regular file") == true
        }
    }
}

/// report.html links the images by default and embeds them only when asked, within a byte limit.
@Suite struct HTMLReportTests {
    /// Two folders of `count` frames that all differ, each a 96×96 PNG of noise stored
    /// uncompressed (about 37 KB).
    func changedFolders(_ count: Int, in root: URL, names: (Int) -> String = { "frame_\($0).png" }) throws -> (String, String) {
        let a = root.appendingPathComponent("expected"), b = root.appendingPathComponent("actual")
        for folder in [a, b] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for i in 0..<count {
            for (folder, salt) in [(a, 0), (b, 1)] {
                let png = PNGBuilder.rgba(width: 96, height: 96) { x, y in
                    [UInt8((x * 31 + y * 17 + i * 7 + salt * 101) & 0xFF), UInt8((x ^ y) & 0xFF), UInt8((x * y + salt) & 0xFF), 255]
                }
                try Data(png).write(to: folder.appendingPathComponent(names(i)))
            }
        }
        return (a.path, b.path)
    }

    func report(_ out: URL) throws -> String { try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8) }

    /// The `src` attributes of the report's images.
    func sources(_ html: String) -> [String] {
        html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func imagesAreLinkedByDefaultSoTheReportStaysSmall() throws {
        let root = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let pairs = 20
        let (a, b) = try changedFolders(pairs, in: root)
        let out = root.appendingPathComponent("diff")
        var options = DiffOptions()
        options.outputDirectory = out.path
        let result = try ImageDiff.run(expected: a, actual: b, options: options)
        #expect(result.count(.changed) == pairs)
        let html = try report(out)
        // 20 pairs of 37 KB frames: a few hundred bytes per frame, not 3 × 37 KB × 4/3.
        let size = html.utf8.count
        #expect(size < 4_000 + pairs * 1_500, "report.html is \(size) bytes")
        let links = sources(html)
        #expect(links.count == pairs * 3)
        #expect(!html.contains("data:image"))
        // Every link resolves, relative to the report folder, to the file it stands for.
        for link in links {
            let target = out.appendingPathComponent(link.removingPercentEncoding ?? link).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: target.path), "\(link)")
        }
        #expect(links.contains("../expected/frame_0.png") && links.contains("../actual/frame_0.png") && links.contains("frame_0-diff.png"))
    }

    @Test func embeddingIsBoundedAndSaysWhatWasLinked() throws {
        let root = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let pairs = 10
        let (a, b) = try changedFolders(pairs, in: root)
        let out = root.appendingPathComponent("diff")
        var options = DiffOptions()
        options.outputDirectory = out.path
        options.embedImages = true
        _ = try ImageDiff.run(expected: a, actual: b, options: options)
        let all = try report(out)
        #expect(sources(all).allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        #expect(all.contains("\(pairs * 3) images embedded.") && !all.contains("linked"))
        // A budget of about five frames' worth: the report is bounded by it, and says the rest are linked.
        let frameBytes = try FileManager.default.attributesOfItem(atPath: a + "/frame_0.png")[.size] as! Int
        options.maxEmbeddedBytes = frameBytes * 5
        _ = try ImageDiff.run(expected: a, actual: b, options: options)
        let bounded = try report(out)
        let embedded = sources(bounded).compactMap { $0.hasPrefix("data:") ? Data(base64Encoded: String($0.dropFirst(22))) : nil }
        let embeddedBytes = embedded.map(\.count).reduce(0, +)
        #expect(embedded.count >= 4 && embeddedBytes <= options.maxEmbeddedBytes, "\(embedded.count) images, \(embeddedBytes) bytes")
        #expect(bounded.utf8.count < options.maxEmbeddedBytes * 4 / 3 + 4_000 + pairs * 1_500, "\(bounded.utf8.count) bytes")
        #expect(bounded.contains("more are linked by relative path, not embedded"))
    }

    @Test func oddFileNamesAreLinkedPercentEncoded() throws {
        let root = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let (a, b) = try changedFolders(1, in: root, names: { _ in "a b&c\"'%<é>.png" })
        let out = root.appendingPathComponent("diff")
        var options = DiffOptions()
        options.outputDirectory = out.path
        _ = try ImageDiff.run(expected: a, actual: b, options: options)
        let html = try report(out)
        #expect(sources(html).contains("../expected/a%20b%26c%22%27%25%3C%C3%A9%3E.png"), "\(sources(html))")
        // The one HTML escaper (`Markup.html`), as check's page: the apostrophe too.
        #expect(html.contains("a b&amp;c&quot;&#39;%&lt;é&gt;.png: changed"))
    }
}
