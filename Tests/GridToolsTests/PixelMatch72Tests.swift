import Testing
import Rasterizer
import GridModel
@testable import GridTools

/// `PixelMatch` against pixelmatch 7.2.0 itself on translucent images: counts and diff images
/// recorded by running pixelmatch 7.2.0 under node on the fixture pairs (the counts are kept here,
/// not its code; the tests do not need node). Pairs: `alphaedge` (translucent discs with
/// anti-aliased edges on a transparent background, the second shifted ⅓ px and darker),
/// `alphanear` (small colour and alpha steps around the threshold scale on translucent pixels),
/// `alphabg` (the case in small: #FFFFFF80 against #00000000 around an opaque block), and
/// `translucent` (the older fixture).
@Suite struct PixelMatch72Tests {
    /// (pair, threshold, includeAA, checkerboard, pixelmatch 7.2.0's count). checkerboard false is
    /// pixelmatch 7.2's `checkerboard: false`, the white blend of pixelmatch ≤ 6.x.
    static let known: [(pair: String, threshold: Double, includeAA: Bool, checkerboard: Bool, count: Int)] = [
        ("alphaedge", 0, false, true, 2034), ("alphaedge", 0, true, true, 2335),
        ("alphaedge", 0.05, false, true, 830), ("alphaedge", 0.05, true, true, 981),
        ("alphaedge", 0.05, true, false, 1003), ("alphaedge", 0.1, false, true, 0),
        ("alphaedge", 0.1, true, true, 82), ("alphaedge", 0.1, true, false, 87),
        ("alphaedge", 0.2, true, true, 8), ("alphaedge", 0.2, true, false, 14),
        ("alphanear", 0, false, true, 9396), ("alphanear", 0.05, false, true, 534),
        ("alphanear", 0.05, false, false, 1933), ("alphanear", 0.1, false, true, 0),
        ("alphanear", 0.1, false, false, 26), ("alphanear", 0.2, false, true, 0),
        ("alphabg", 0, false, true, 2832), ("alphabg", 0.1, false, true, 2832),
        ("alphabg", 0.1, true, true, 2832), ("alphabg", 0.1, false, false, 0),
        ("translucent", 0.1, false, true, 4790), ("translucent", 0.1, true, true, 5434),
        ("translucent", 0.05, false, true, 4794), ("translucent", 0.05, true, true, 5492),
        ("translucent", 0.2, false, true, 2530), ("translucent", 0.2, true, true, 2981),
        ("translucent", 0.1, false, false, 4621), ("translucent", 0.05, true, false, 5750),
        ("translucent", 0.2, false, false, 4555), ("translucent", 0.2, true, false, 4916),
    ]

    @Test(arguments: 0..<known.count)
    func countsEqualPixelmatch72(index: Int) throws {
        let k = Self.known[index]
        var options = PixelMatchOptions()
        options.threshold = k.threshold
        options.includeAA = k.includeAA
        options.checkerboard = k.checkerboard
        let result = try PixelMatch.compare(try fixture(k.pair + "-a"), try fixture(k.pair + "-b"), options: options)
        #expect(result.different == k.count, "\(k.pair) threshold \(k.threshold) includeAA \(k.includeAA) checkerboard \(k.checkerboard)")
    }

    /// The default is pixelmatch 7.2's: checkerboard blending on, so a translucent white frame and a
    /// transparent one differ (the bug: they compared equal over white).
    @Test func defaultsBlendOverTheCheckerboard() throws {
        #expect(PixelMatchOptions().checkerboard)
        let result = try PixelMatch.compare(try fixture("alphabg-a"), try fixture("alphabg-b"))
        #expect(result.different == 64 * 48 - 20 * 12)
    }

    /// (pair, threshold, pixelmatch 7.2.0's diff image with `diffColorAlt: [0, 255, 0]`: pixels
    /// drawn red, green (darker in the second image), yellow, and the sum of all its bytes, which
    /// pins the faded-grey background too).
    static let diffImages: [(pair: String, threshold: Double, red: Int, alt: Int, yellow: Int, byteSum: Int)] = [
        ("alphaedge", 0.05, 0, 830, 151, 5_774_658),
        ("alphanear", 0.05, 260, 274, 0, 9_183_897),
        ("labels", 0.1, 70, 450, 277, 95_509_395),
        ("translucent", 0.1, 144, 4646, 644, 40_092_792),
    ]

    @Test(arguments: 0..<diffImages.count)
    func diffImageEqualsPixelmatch72(index: Int) throws {
        let k = Self.diffImages[index]
        var options = PixelMatchOptions()
        options.threshold = k.threshold
        options.makeDiffImage = true
        options.diffColorAlt = RGBA(0, 255, 0)
        let result = try PixelMatch.compare(try fixture(k.pair + "-a"), try fixture(k.pair + "-b"), options: options)
        let image = try #require(result.diffImage)
        var red = 0, alt = 0, yellow = 0, sum = 0
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let p = (image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3])
            if p == (255, 0, 0, 255) { red += 1 } else if p == (0, 255, 0, 255) { alt += 1 } else if p == (255, 255, 0, 255) { yellow += 1 }
            sum += Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2]) + Int(image.pixels[i + 3])
        }
        #expect(red == k.red && alt == k.alt && yellow == k.yellow && sum == k.byteSum, "\(k.pair)")
        #expect(result.different == red + alt)
    }

    /// Without `diffColorAlt` every counted pixel is red, as in pixelmatch.
    @Test func darkerPixelsAreRedWithoutAltColour() throws {
        var options = PixelMatchOptions()
        options.makeDiffImage = true
        let result = try PixelMatch.compare(try fixture("labels-a"), try fixture("labels-b"), options: options)
        let pixels = try #require(result.diffImage).pixels
        let red = stride(from: 0, to: pixels.count, by: 4).filter { pixels[$0] == 255 && pixels[$0 + 1] == 0 && pixels[$0 + 2] == 0 }.count
        #expect(red == 520)
    }

    /// The checkerboard colour at byte offset k, as JavaScript computes `48 + 159 * ((k / φ | 0) % 2)`,
    /// including past 2³¹·φ where `| 0` wraps to a negative Int32 (values from node).
    @Test(arguments: [(0, 48, 48, 48), (4, 48, 48, 207), (12, 48, 207, 48), (400, 48, 207, 48),
                      (3_600_000_000, 48, -111, 48), (3_999_999_996, 48, 48, 207)])
    func checkerboardColourAtOffset(k: Int, r: Int, g: Int, b: Int) {
        let c = PixelMatch.background(k, checkerboard: true)
        #expect(c.0 == Double(r) && c.1 == Double(g) && c.2 == Double(b))
        let white = PixelMatch.background(k, checkerboard: false)
        #expect(white.0 == 255 && white.1 == 255 && white.2 == 255)
    }
}
