import Testing
import Rasterizer
@testable import GridTools

/// SHA-256 against the FIPS 180-4 / NIST example vectors, and the streaming API against the one-shot one.
@Suite struct GoldenSHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hex(Array(message.utf8)) == digest)
    }

    /// One million 'a's, fed in uneven pieces so every path of `update` (partial block, whole blocks, rest) runs.
    @Test func aMillionAs() {
        var hash = SHA256()
        var fed = 0, piece = 1
        while fed < 1_000_000 {
            let n = min(piece, 1_000_000 - fed)
            hash.update([UInt8](repeating: UInt8(ascii: "a"), count: n))
            fed += n
            piece = piece * 3 % 1000 + 1
        }
        #expect(SHA256.hexString(hash.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Messages of every length around the padding boundary (55, 56, 63, 64 bytes) agree streamed and whole.
    @Test func paddingBoundaries() {
        let bytes = (0..<130).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in 0...bytes.count {
            let message = Array(bytes[..<length])
            var hash = SHA256()
            hash.update(Array(message.prefix(length / 2)))
            hash.update(Array(message.dropFirst(length / 2)))
            #expect(SHA256.hexString(hash.finalize()) == SHA256.hex(message), "length \(length)")
        }
        // Known value at the 56-byte boundary (two-block padding) is the 448-bit vector above.
    }

    /// The SHA-NI path (where this CPU has it) and the portable code give the same digests on seeded data of
    /// many lengths, fed whole and in pieces.
    @Test func acceleratedAndPortableAgree() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 4096 + 17, 1_318_416] {
            let bytes = (0..<length).map { _ -> UInt8 in
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: seed >> 56)
            }
            var fast = SHA256(), slow = SHA256(portable: true)
            fast.update(Array(bytes.prefix(length / 3)))
            fast.update(Array(bytes.dropFirst(length / 3)))
            slow.update(bytes)
            #expect(fast.finalize() == slow.finalize(), "length \(length)")
        }
        // The vectors through the portable code too.
        var slow = SHA256(portable: true)
        slow.update(Array("abc".utf8))
        #expect(SHA256.hexString(slow.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    /// The pixel digest is the SHA-256 of its documented stream (size, then per row 1 for a repeat or 0 and the
    /// row), computed here byte by byte; a changed pixel in a repeated row changes it, as does the size alone.
    @Test func pixelDigestIsTheDocumentedStream() throws {
        let width = 7, height = 5
        var bytes = [UInt8](repeating: 200, count: width * height * 4)
        for x in 0..<width * 4 { bytes[x] = UInt8(x) }            // row 0 unique; row 1 (all 200) differs from it
        for x in 0..<width * 4 { bytes[2 * width * 4 + x] = 9 }   // row 2 differs from row 1; rows 3, 4 repeat it
        for x in 0..<width * 4 { bytes[3 * width * 4 + x] = 9; bytes[4 * width * 4 + x] = 9 }
        let image = try Pixmap(width: width, height: height, pixels: bytes)
        var stream: [UInt8] = [0, 0, 0, 7, 0, 0, 0, 5]
        for y in 0..<height {
            let row = Array(bytes[(y * width * 4)..<((y + 1) * width * 4)])
            if y > 0 && row == Array(bytes[((y - 1) * width * 4)..<(y * width * 4)]) { stream.append(1) } else { stream += [0] + row }
        }
        #expect(stream.count == 8 + 3 * (1 + width * 4) + 2)
        #expect(SHA256.pixels(image) == SHA256.hex(stream))
        #expect(SHA256.pixels(image, portable: true) == SHA256.hex(stream))
        var changed = bytes
        changed[4 * width * 4 + 5] = 10
        #expect(SHA256.pixels(try Pixmap(width: width, height: height, pixels: changed)) != SHA256.pixels(image))
        // The same bytes at another size (a rotated blank frame) are another picture.
        #expect(SHA256.pixels(try Pixmap(width: height, height: width, pixels: bytes)) != SHA256.pixels(image))
    }
}
