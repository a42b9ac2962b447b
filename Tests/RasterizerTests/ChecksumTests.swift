import Testing
import CPNGCodec

/// The fast encoder's checksums: known values, and the SSE2 Adler-32 equal to the scalar one at
/// every length and alignment.
@Suite struct ChecksumTests {
    func adler(_ bytes: [UInt8], scalar: Bool, start: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { rg_adler32(start, $0.baseAddress, $0.count, scalar ? 1 : 0) }
    }

    @Test func knownValues() {
        let wikipedia = Array("Wikipedia".utf8)
        #expect(adler(wikipedia, scalar: true) == 0x11E6_0398)
        #expect(adler(wikipedia, scalar: false) == 0x11E6_0398)
        #expect(adler([], scalar: false) == 1)
        let check = Array("123456789".utf8)
        #expect(check.withUnsafeBufferPointer { rg_crc32(0, $0.baseAddress, $0.count) } == 0xCBF4_3926)
        let iend = Array("IEND".utf8)
        #expect(iend.withUnsafeBufferPointer { rg_crc32(0, $0.baseAddress, $0.count) } == 0xAE42_6082)
    }

    /// Lengths around the 16-byte steps and the 5552-byte reduction, all-255 bytes (the largest
    /// sums), and offsets that misalign the loads.
    @Test func simdAdlerEqualsScalar() {
        var random = UInt64(7)
        var bytes = [UInt8](repeating: 0, count: 40_000)
        for i in bytes.indices {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: random >> 33)
        }
        let saturated = [UInt8](repeating: 255, count: 40_000)
        for length in [0, 1, 15, 16, 17, 31, 5551, 5552, 5553, 11_104, 11_120, 39_999] {
            for offset in [0, 1, 7] where offset + length <= bytes.count {
                let slice = Array(bytes[offset..<offset + length])
                #expect(adler(slice, scalar: false) == adler(slice, scalar: true), "length \(length) offset \(offset)")
                let full = Array(saturated[offset..<offset + length])
                #expect(adler(full, scalar: false, start: 0xFFF0_FFF0) == adler(full, scalar: true, start: 0xFFF0_FFF0))
            }
        }
    }
}
