import GridModel

/// A 128-bit digest of a frame's tile list (coordinates, rectangles, items, loading, in order): equal tile
/// lists give equal digests, so a frame whose digests agree needs no tiles held to compare it. Two 64-bit
/// mixes of every field; -0 and 0 digest alike, as they compare equal.
struct TileDigest: Hashable, Sendable {
    var a: UInt64 = 0x9E37_79B9_7F4A_7C15, b: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    init() {}

    init(_ tiles: [TraceTile]) {
        add(UInt64(tiles.count))
        for tile in tiles {
            add(tile.coordinate.x)
            add(tile.coordinate.y)
            add(tile.rect.x)
            add(tile.rect.y)
            add(tile.rect.width)
            add(tile.rect.height)
            add(tile.item.x)
            add(tile.item.y)
            add(tile.loaded ? UInt64(1) : 2)
        }
    }

    mutating func add(_ v: Int64) { add(UInt64(bitPattern: v)) }

    mutating func add(_ v: Double) { add((v + 0).bitPattern) }  // + 0 turns -0 into 0

    mutating func add(_ v: UInt64) {
        a = Self.mix(a ^ v) &* 0xFF51_AFD7_ED55_8CCD
        b = Self.mix(b &+ v &* 0xC4CE_B9FE_1A85_EC53) ^ (b >> 29)
    }

    /// SplitMix64's finalizer.
    static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
