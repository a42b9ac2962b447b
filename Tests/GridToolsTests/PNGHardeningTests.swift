import Foundation
import Testing
import TestSupport
import Rasterizer
@testable import GridTools

/// PNG reading and the diff's identical-file path, against crafted files: every broken or
/// oversized file is a one-line error, never a trap, a "same", or a big allocation.
@Suite struct PNGHardeningTests {
    typealias Chunk = PNGBuilder.Chunk

    static func valid(width: Int = 3, height: Int = 2) -> [PNGBuilder.Chunk] {
        PNGBuilder.rgbaChunks(width: width, height: height) { x, y in [UInt8(x * 40), UInt8(y * 90), 7, 255] }
    }

    /// Runs the diff on two copies of `bytes` in a temporary folder.
    func diffIdentical(_ bytes: [UInt8], name: String = "f.png", options: DiffOptions = DiffOptions()) throws -> DiffReport {
        let folder = try PNGBuilder.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a-" + name), b = folder.appendingPathComponent("b-" + name)
        try Data(bytes).write(to: a)
        try Data(bytes).write(to: b)
        return try ImageDiff.run(expected: a.path, actual: b.path, options: options)
    }

    /// The error message of a diff of two copies of `bytes`, which must be refused.
    func refusedIdentical(_ bytes: [UInt8], _ label: String, name: String = "f.png") throws -> String {
        var message = ""
        #expect("\(label)") { _ = try diffIdentical(bytes, name: name) } throws: { error in
            message = (error as? ToolError)?.message ?? "not a ToolError: \(error)"
            return error is ToolError
        }
        #expect(!message.contains("\n"), "\(label): \(message)")
        return message
    }

    @Test func identicalValidFilesAreSameWithTheirSize() throws {
        let report = try diffIdentical(PNGBuilder.file(Self.valid(width: 5, height: 3)))
        #expect(report.frames.map(\.status) == [.same])
        #expect(report.frames.first?.totalPixels == 15)
        #expect(report.passed)
    }

    /// The identical-file fast path used to multiply the header's width by its height unchecked,
    /// and to call any two equal files "same" without looking at them.
    @Test func identicalFilesWithAbsurdHeadersAreRefused() throws {
        for side: UInt32 in [0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF, 1_000_001, 100_000] {
            var chunks = Self.valid()
            chunks[0] = PNGBuilder.ihdr(width: side, height: side)
            let message = try refusedIdentical(PNGBuilder.file(chunks), "\(side)×\(side)")
            #expect(message.contains("a-f.png"), "\(message)")
        }
        // Within libpng's side limit but over the pixel limit: named as such.
        var chunks = Self.valid()
        chunks[0] = PNGBuilder.ihdr(width: 100_000, height: 100_000)
        #expect(try refusedIdentical(PNGBuilder.file(chunks), "100000²").contains("more than the limit of 100000000 pixels"))
    }

    @Test func identicalBrokenFilesAreRefused() throws {
        let good = PNGBuilder.file(Self.valid())
        var cases: [(String, [UInt8], String)] = [
            ("zero bytes", [], "signature"),
            ("bad signature", [0x89, 0x51] + good.dropFirst(2), "signature"),
            ("truncated", Array(good.prefix(good.count - 5)), "truncated"),
            ("signature only", PNGBuilder.signature, "truncated"),
        ]
        var v = Self.valid()
        v[1].crc = v[1].rightCRC ^ 1
        cases.append(("bad IDAT CRC", PNGBuilder.file(v), "CRC"))
        v = Self.valid()
        v.insert(Chunk("tEXt", Array("Comment\0hello".utf8), crc: 0), at: 1)
        cases.append(("bad CRC in an ancillary chunk", PNGBuilder.file(v), "CRC"))
        v = Self.valid()
        v.remove(at: 1)
        cases.append(("no IDAT", PNGBuilder.file(v), "IEND"))
        v = Self.valid()
        v.removeLast()
        cases.append(("no IEND", PNGBuilder.file(v), "IEND"))
        v = Self.valid()
        v.swapAt(0, 1)
        cases.append(("IDAT before IHDR", PNGBuilder.file(v), "IHDR"))
        v = Self.valid()
        v[1].data[v[1].data.count - 1] ^= 0xFF  // the Adler-32 of the zlib stream
        cases.append(("bad zlib checksum", PNGBuilder.file(v), "IDAT"))
        v = Self.valid()
        v[1].data.removeLast(12)  // rows missing
        cases.append(("short image data", PNGBuilder.file(v), "image data"))
        v = Self.valid()
        v[0] = PNGBuilder.ihdr(width: 3, height: 2, depth: 3, color: 6)
        cases.append(("bit depth 3", PNGBuilder.file(v), "IHDR"))
        v = Self.valid()
        v.insert(Chunk("ZZZZ", [1, 2, 3]), at: 1)
        cases.append(("unknown critical chunk", PNGBuilder.file(v), "ZZZZ"))
        for (label, bytes, reason) in cases {
            let message = try refusedIdentical(bytes, label)
            #expect(message.contains("a-f.png") && message.contains(reason), "\(label): \(message)")
        }
    }

    @Test func errorsAreOneLineWhateverTheFileName() throws {
        let message = try refusedIdentical(Array(PNGBuilder.file(Self.valid()).prefix(40)), "newline", name: "new\nline\u{7}.png")
        #expect(message.contains("new\\nline\\u{7}.png"), "\(message)")
    }

    /// A 44-byte file whose text, zTXt, iTXt, sPLT, iCCP or unknown chunk claims 2^31−1 bytes made
    /// libpng 1.6 allocate 2 GB before finding the file truncated; the chunk walk refuses it first.
    @Test(arguments: ["tEXt", "zTXt", "iTXt", "sPLT", "iCCP", "abCd", "IDAT", "PLTE"])
    func chunkLengthsBeyondTheFileAreRefusedBeforeLibpng(type: String) throws {
        let bytes = PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1).bytes + PNGBuilder.be32(0x7FFF_FFFF) + Array(type.utf8) + [1, 2, 3]
        #expect(bytes.count == 44)
        #expect { try PNGCodec.decode(bytes) } throws: {
            ($0 as? RasterError)?.message == "file is truncated: chunk '\(type)' at byte 33 claims 2147483647 bytes and a CRC, but only 3 bytes follow"
        }
        #expect { try PNGCodec.validate(bytes) } throws: { ($0 as? RasterError)?.message.contains("claims 2147483647") == true }
        // Over 2^31−1 is not a PNG length at all.
        var over = bytes
        over.replaceSubrange(33..<37, with: PNGBuilder.be32(0x8000_0000))
        #expect { try PNGCodec.decode(over) } throws: { ($0 as? RasterError)?.message.contains("invalid length") == true }
    }

    /// Ancillary chunks are skipped, not parsed: big or odd ones do not stop a valid image.
    @Test func ancillaryChunksAreSkippedUnparsed() throws {
        var chunks = Self.valid()
        let text = Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 9 << 20)  // over libpng's 8 MB chunk limit
        chunks.insert(Chunk("tEXt", text), at: 1)
        chunks.insert(Chunk("zTXt", Array("Comment\0\0".utf8) + [1, 2, 3]), at: 1)  // not zlib at all
        chunks.insert(Chunk("iCCP", [0xFF, 0]), at: 1)
        chunks.insert(contentsOf: (0..<300).map { _ in Chunk("tEXt", Array("k\0v".utf8)) }, at: 1)  // past the cache limit
        let image = try PNGCodec.decode(PNGBuilder.file(chunks))
        #expect(image.width == 3 && image.height == 2 && image.pixels.count == 24)
        #expect(Array(image.pixels[4..<8]) == [40, 0, 7, 255])
    }

    @Test func pixelLimitIsClampedNeverTrapping() throws {
        let bytes = PNGBuilder.file(Self.valid())
        for limit in [-1, 0, Int.min, 5] {
            #expect("\(limit)") { try PNGCodec.decode(bytes, maxPixels: limit) } throws: { ($0 as? RasterError)?.kind == .size }
        }
        #expect(try PNGCodec.decode(bytes, maxPixels: Int.max).pixels.count == 24)
        #expect(try PNGCodec.validate(bytes, maxPixels: 6) == (width: 3, height: 2))
    }

    @Test func validateDecodesEveryRowWithoutKeepingThem() throws {
        // An interlaced image: every pass is read into one row buffer.
        let raw = PNGBuilder.scanlines(width: 1, height: 1) { _, _ in [1, 2, 3, 4] }
        let interlaced = PNGBuilder.file([PNGBuilder.ihdr(width: 1, height: 1, interlace: 1), Chunk("IDAT", PNGBuilder.zlibStored(raw)), Chunk("IEND")])
        #expect(try PNGCodec.validate(interlaced) == (width: 1, height: 1))
        #expect(try PNGCodec.decode(interlaced).pixels == [1, 2, 3, 4])
        // A filter byte out of range is found only by decoding the rows.
        var chunks = Self.valid()
        var rows = PNGBuilder.scanlines(width: 3, height: 2) { _, _ in [0, 0, 0, 255] }
        rows[13] = 9
        chunks[1] = Chunk("IDAT", PNGBuilder.zlibStored(rows))
        #expect(throws: RasterError.self) { try PNGCodec.validate(PNGBuilder.file(chunks)) }
    }
}
