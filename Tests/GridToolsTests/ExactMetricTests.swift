import Foundation
import Testing
import Rasterizer
import GridModel
@testable import GridTools

/// The exact metric (issue 21): every pixel whose RGBA bytes differ counts, anti-aliasing included, and it is
/// the default of `DiffOptions` and `GoldenOptions`, while `PixelMatchOptions()` stays pixelmatch 7.2's.
@Suite struct ExactMetricTests {
    /// The pixels whose 4 bytes differ, counted directly.
    static func differingPixels(_ a: Pixmap, _ b: Pixmap) -> (count: Int, first: Int?) {
        var count = 0, first: Int?
        for i in stride(from: 0, to: a.pixels.count, by: 4) where a.pixels[i..<i + 4] != b.pixels[i..<i + 4] {
            count += 1
            if first == nil { first = i / 4 }
        }
        return (count, first)
    }

    /// On fractional tile edges (anti-aliasing) and on translucent pixels, exact counts every changed pixel,
    /// where pixelmatch 0.1 excuses the anti-aliased ones; the diff image is red exactly there.
    @Test(arguments: ["subpixel", "labels", "translucent", "alphaedge"])
    func countsEveryChangedPixel(pair: String) throws {
        let a = try fixture(pair + "-a"), b = try fixture(pair + "-b")
        var options = PixelMatchOptions.exact
        options.makeDiffImage = true
        let result = try PixelMatch.compare(a, b, options: options)
        let direct = Self.differingPixels(a, b)
        #expect(result.different == direct.count && result.antialiased == 0, "\(pair)")
        #expect(result.different > (try PixelMatch.compare(a, b).different), "\(pair): pixelmatch 0.1 counts fewer")
        let diff = try #require(result.diffImage)
        var red = 0
        for i in stride(from: 0, to: diff.pixels.count, by: 4) {
            let isRed = diff.pixels[i] == 255 && diff.pixels[i + 1] == 0 && diff.pixels[i + 2] == 0
            let differs = a.pixels[i..<i + 4] != b.pixels[i..<i + 4]
            #expect(isRed == differs, "\(pair) pixel \(i / 4)")
            if isRed { red += 1 }
            if red > 10_000 { break }
        }
        if let first = direct.first {
            let box = try #require(result.box)
            #expect(box.contains(x: first % a.width, y: first / a.width))
        }
    }

    /// Ignored regions are left out under exact too, and `diffColorAlt` marks the pixels darker in the second image.
    @Test func ignoreAndDiffColorAltApply() throws {
        let a = try Pixmap(width: 4, height: 2, fill: RGBA(200, 200, 200))
        var b = a
        b.fill(PixelRect(x: 0, y: 0, width: 1, height: 1), RGBA(10, 10, 10))      // darker
        b.fill(PixelRect(x: 3, y: 1, width: 1, height: 1), RGBA(250, 250, 250))   // brighter
        var options = PixelMatchOptions.exact
        #expect(try PixelMatch.compare(a, b, options: options).different == 2)
        options.ignore = [IntRect(x: 3, y: 1, width: 5, height: 5)]
        #expect(try PixelMatch.compare(a, b, options: options).different == 1)
        options.ignore = []
        options.makeDiffImage = true
        options.diffColorAlt = RGBA(0, 200, 0)
        let diff = try #require(try PixelMatch.compare(a, b, options: options).diffImage)
        #expect(Array(diff.pixels[0..<4]) == [0, 200, 0, 255])
        #expect(Array(diff.pixels[28..<32]) == [255, 0, 0, 255])
    }

    /// The defaults: diff and check are exact; the pixelmatch type keeps pixelmatch 7.2's defaults.
    @Test func defaults() {
        #expect(DiffOptions().match.metric == .exact)
        #expect(GoldenOptions().match.metric == .exact)
        #expect(PixelMatchOptions().metric == .pixelmatch && PixelMatchOptions().threshold == 0.1)
    }

    /// The JSON report names the metric, with pixelmatch's settings null under exact, and the largest difference.
    @Test func jsonNamesTheMetric() throws {
        let a = FrameComparison(path: "frame_00001.png", status: .changed, differentPixels: 5, totalPixels: 100)
        let b = FrameComparison(path: "frame_00002.png", status: .changed, differentPixels: 9, totalPixels: 100)
        var report = DiffReport(frames: [a, b], options: DiffOptions())
        var json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(json["metric"] as? String == "exact" && json["threshold"] is NSNull && json["blend"] is NSNull)
        #expect(json["largest"] as? String == "frame_00002.png" && json["firstFailure"] as? String == "frame_00001.png")
        #expect(report.summary().contains("largest difference: frame_00002.png: changed, 9 pixels (9.0000 %)"))
        report.options.match = PixelMatchOptions()
        json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        #expect(json["metric"] as? String == "pixelmatch" && json["threshold"] as? Double == 0.1 && json["blend"] as? String == "checkerboard")
    }

    /// Render's frame names, and only they, make a folder a frame folder.
    @Test func frameNames() {
        #expect(ImageDiff.isFrameName("frame_00042.png") && ImageDiff.isFrameName("frame_100000.png"))
        for name in ["sheet.png", "trace.png", "frame_42.png", "frame_0004x.png", "frame_00042-diff.png", "frame-00042.png", "frame_00042.PNG"] {
            #expect(!ImageDiff.isFrameName(name), "\(name)")
        }
        let (compared, skipped) = ImageDiff.framesOnly(["a/frame_00000.png", "a/sheet.png", "b/photo.png", "sheet.png"])
        #expect(compared == ["a/frame_00000.png", "b/photo.png", "sheet.png"] && skipped == ["a/sheet.png"])
    }
}
