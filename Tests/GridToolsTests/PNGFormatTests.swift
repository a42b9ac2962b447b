import Foundation
import Testing
import Rasterizer
@testable import GridTools

/// diff reads any valid PNG: 16-bit, palette (with tRNS), grey (1- and 8-bit, with alpha) and
/// interlaced images decode to the expected RGBA8 pixels (fixtures written by a small generator).
@Suite struct PNGFormatTests {
    static let width = 13, height = 9
    static func rgba(_ x: Int, _ y: Int) -> [UInt8] { [UInt8((x * 19 + y * 7) % 256), UInt8((x * 5 + y * 31) % 256), UInt8((x * y * 3) % 256), 255] }
    static func grey(_ x: Int, _ y: Int) -> UInt8 { UInt8((x * 17 + y * 11) % 256) }

    static let expected: [String: @Sendable (Int, Int) -> [UInt8]] = [
        "fmt-rgb16": { x, y in rgba(x, y) },
        "fmt-interlaced": { x, y in rgba(x, y) },
        "fmt-grey8": { x, y in let g = grey(x, y); return [g, g, g, 255] },
        "fmt-greyalpha16": { x, y in let g = grey(x, y); return [g, g, g, UInt8((x * 40) % 256)] },
        "fmt-grey1": { x, y in let g: UInt8 = (x + y) % 2 == 1 ? 255 : 0; return [g, g, g, 255] },
        "fmt-palette": { x, y in
            let palette: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 255], [10, 20, 30, 0]]
            return palette[(x + y) % 4]
        },
    ]

    @Test(arguments: expected.keys.sorted())
    func decodesExactly(name: String) throws {
        let image = try fixture(name)
        #expect(image.width == Self.width && image.height == Self.height)
        let make = Self.expected[name]!
        var wrong = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let i = (y * Self.width + x) * 4
                if Array(image.pixels[i..<i + 4]) != make(x, y) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(name): \(wrong) pixels decoded wrong")
    }

    @Test func sameContentInDifferentFormatsDiffsClean() throws {
        // 16-bit RGB and interlaced 8-bit RGBA hold the same pixels.
        #expect(try PixelMatch.compare(try fixture("fmt-rgb16"), try fixture("fmt-interlaced")).different == 0)
    }
}
