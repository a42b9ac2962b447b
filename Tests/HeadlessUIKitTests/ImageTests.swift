import Foundation
import GridModel
import Rasterizer
import Testing
import TestSupport
@testable import HeadlessUIKit

@Suite struct ImageTests {
    let png = PNGBuilder.rgba(width: 4, height: 2) { x, y in [UInt8(x * 60), UInt8(y * 100), 0, 255] }

    @Test func decodesPNGData() throws {
        let image = try #require(UIImage(data: Data(png)))
        #expect(image.size == CGSize(width: 4, height: 2))
        #expect(image.scale == 1)
        #expect(image.pixmap.pixel(x: 3, y: 1) == RGBA(180, 100, 0, 255))
        let retina = try #require(UIImage(data: Data(png), scale: 2))
        #expect(retina.size == CGSize(width: 2, height: 1))
        #expect(UIImage(data: Data(png), scale: .nan)?.scale == 1)
    }

    @Test func readsFilesWithTheirScale() throws {
        let folder = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("tile.png"), twice = folder.appendingPathComponent("tile@2x.png")
        try Data(png).write(to: plain)
        try Data(png).write(to: twice)
        #expect(UIImage(contentsOfFile: plain.path)?.size == CGSize(width: 4, height: 2))
        #expect(UIImage(contentsOfFile: twice.path)?.scale == 2)
        #expect(UIImage(contentsOfFile: twice.path)?.size == CGSize(width: 2, height: 1))
        #expect(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path) == nil)
        #expect(UIImage(contentsOfFile: folder.path) == nil)
        #expect(UIImage(contentsOfFile: "") == nil)
        #expect(UIImage(contentsOfFile: "/dev/zero") == nil)
    }

    @Test func refusesHugeAndDamagedPNGs() {
        // A 100000 × 100000 header is refused before any pixel memory is allocated.
        let huge = PNGBuilder.file([PNGBuilder.ihdr(width: 100_000, height: 100_000),
                                    PNGBuilder.Chunk("IDAT", PNGBuilder.zlibStored([0])), PNGBuilder.Chunk("IEND")])
        #expect(UIImage(data: Data(huge)) == nil)
        // A chunk with a wrong CRC.
        var chunks = PNGBuilder.rgbaChunks(width: 2, height: 2) { _, _ in [1, 2, 3, 255] }
        chunks[1].crc = 0xDEAD_BEEF
        #expect(UIImage(data: Data(PNGBuilder.file(chunks))) == nil)
        // Truncated, empty, and not a PNG at all.
        #expect(UIImage(data: Data(png.prefix(png.count / 2))) == nil)
        #expect(UIImage(data: Data()) == nil)
        #expect(UIImage(data: Data("GIF89a".utf8)) == nil)
    }

    @MainActor
    @Test func imageViewTakesTheImagesSize() throws {
        let image = try #require(UIImage(data: Data(png), scale: 2))
        let view = UIImageView(image: image)
        #expect(view.frame == CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(view.contentMode == .scaleToFill)
        #expect(!view.isUserInteractionEnabled)
        #expect(UIImageView(image: nil).frame == .zero)
    }
}
