import Foundation
import Testing
import Rasterizer
@testable import GridTools

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

func fixture(_ name: String) throws -> Pixmap {
    try PNGCodec.decode([UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name + ".png"))))
}

@Suite struct PixelMatchTests {
    /// Counts from pixelmatch 7.2.0 under node (and, for these opaque pairs, equally from the PyPI
    /// port via scripts/pixelmatch-crosscheck.py) on crafted pairs: fractional tile edges
    /// (anti-aliasing) and labels with a changed block and lightened glyphs. Translucent pairs, where
    /// the two differ, are in PixelMatch72Tests.
    static let known: [(pair: String, threshold: Double, includeAA: Bool, count: Int)] = [
        ("subpixel", 0.1, false, 1679), ("subpixel", 0.1, true, 3285),
        ("subpixel", 0.05, false, 1726), ("subpixel", 0.05, true, 3538),
        ("subpixel", 0.2, false, 1580), ("subpixel", 0.2, true, 2807),
        ("labels", 0.1, false, 520), ("labels", 0.1, true, 797),
        ("labels", 0.05, false, 520), ("labels", 0.2, true, 797),
    ]

    @Test(arguments: 0..<known.count)
    func countsEqualPixelmatch(index: Int) throws {
        let k = Self.known[index]
        var options = PixelMatchOptions()
        options.threshold = k.threshold
        options.includeAA = k.includeAA
        let result = try PixelMatch.compare(try fixture(k.pair + "-a"), try fixture(k.pair + "-b"), options: options)
        #expect(result.different == k.count, "\(k.pair) threshold \(k.threshold) includeAA \(k.includeAA)")
        if !k.includeAA { #expect(result.antialiased > 0) }
    }

    @Test func identicalImagesHaveNoDifference() throws {
        let a = try fixture("subpixel-a")
        let result = try PixelMatch.compare(a, a)
        #expect(result.different == 0 && result.antialiased == 0 && result.box == nil)
    }

    @Test func ignoreRegionsExcludeCountingOnly() throws {
        let a = try fixture("labels-a"), b = try fixture("labels-b")
        var options = PixelMatchOptions()
        options.ignore = [IntRect(x: 300, y: 30, width: 30, height: 15)]  // the red block
        let ignored = try PixelMatch.compare(a, b, options: options)
        #expect(ignored.different == 520 - 30 * 15)
        let box = try #require(ignored.box)
        #expect(box.x >= 120 && box.x + box.width <= 200)  // only the lightened glyphs remain
        #expect(b.pixels[(35 * b.width + 310) * 4] == 220)  // the image itself is untouched
    }

    @Test func boundingBoxAndDiffImage() throws {
        let a = try fixture("labels-a"), b = try fixture("labels-b")
        var options = PixelMatchOptions()
        options.makeDiffImage = true
        let result = try PixelMatch.compare(a, b, options: options)
        let box = try #require(result.box)
        #expect(box.x <= 300 && box.y <= 30 && box.x + box.width >= 330 && box.y + box.height >= 45)
        let diff = try #require(result.diffImage)
        let red = (35 * diff.width + 310) * 4
        #expect(Array(diff.pixels[red..<red + 4]) == [255, 0, 0, 255])
        let grey = (5 * diff.width + 5) * 4
        #expect(diff.pixels[grey] > 200 && diff.pixels[grey] == diff.pixels[grey + 1])
    }

    @Test func toleranceTakesTheStricterLimit() {
        var options = DiffOptions()
        #expect(options.limit(forPixels: 1000) == 0)
        options.maxDiffPixels = 50
        #expect(options.limit(forPixels: 1000) == 50)
        options.maxDiffRatio = 0.01
        #expect(options.limit(forPixels: 1000) == 10)
        options.maxDiffPixels = 5
        #expect(options.limit(forPixels: 1000) == 5)
    }
}

@Suite struct FolderDiffTests {
    func folder(_ files: [String: String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rg-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, source) in files {
            let target = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(source + ".png"), to: target)
        }
        return url.path
    }

    @Test func pairsFramesByRelativePath() throws {
        let a = try folder(["f0.png": "subpixel-a", "f1.png": "labels-a", "gone.png": "labels-a", "sub/f2.png": "translucent-a", "size.png": "labels-a"])
        let b = try folder(["f0.png": "subpixel-a", "f1.png": "labels-b", "new.png": "labels-a", "sub/f2.png": "translucent-a", "size.png": "subpixel-a"])
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        var options = DiffOptions()
        options.jobs = 2
        let report = try ImageDiff.run(expected: a, actual: b, options: options)
        let status = Dictionary(uniqueKeysWithValues: report.frames.map { ($0.path, $0.status) })
        #expect(status == ["f0.png": .same, "f1.png": .changed, "gone.png": .removed, "new.png": .added,
                           "sub/f2.png": .same, "size.png": .sizeChanged])
        #expect(!report.passed)
        #expect(report.firstFailure?.path == "f1.png")
        let json = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        #expect((json?["counts"] as? [String: Int])?["removed"] == 1)
        #expect(json?["firstFailure"] as? String == "f1.png")
    }

    @Test func withinToleranceOnlyChangedFramesPass() throws {
        let a = try folder(["f1.png": "labels-a"]), b = try folder(["f1.png": "labels-b"])
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        var options = DiffOptions()
        options.match = PixelMatchOptions()   // pixelmatch's count, 520 pixels (the exact metric counts more)
        options.maxDiffPixels = 520
        #expect(try ImageDiff.run(expected: a, actual: b, options: options).passed)
        options.maxDiffPixels = 519
        #expect(try !ImageDiff.run(expected: a, actual: b, options: options).passed)
    }

    @Test func identicalNonPNGsAreStillRejected() throws {
        let a = try folder(["f.png": "labels-a"]), b = try folder(["f.png": "labels-a"])
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        for dir in [a, b] { try Data("not a png at all, but the same bytes".utf8).write(to: URL(fileURLWithPath: dir).appendingPathComponent("f.png")) }
        #expect(throws: ToolError.self) { try ImageDiff.run(expected: a, actual: b, options: DiffOptions()) }
    }

    @Test func damagedPNGsAreRejectedClearly() throws {
        let a = try folder(["f.png": "labels-a"])
        let b = try folder(["f.png": "labels-a"])
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        let target = URL(fileURLWithPath: b).appendingPathComponent("f.png")
        var bytes = [UInt8](try Data(contentsOf: target))
        for damage in ["truncated", "crc", "signature"] {
            var broken = bytes
            switch damage {
            case "truncated": broken = Array(bytes.prefix(bytes.count / 2))
            case "crc": broken[40] ^= 0x55
            default: broken[1] = 0
            }
            try Data(broken).write(to: target)
            #expect(throws: ToolError.self, "\(damage)") { try ImageDiff.run(expected: a, actual: b, options: DiffOptions()) }
        }
        bytes = []
    }
}
