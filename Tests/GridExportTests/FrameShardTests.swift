import Testing
import GridExport

/// `FrameShard`: N contiguous, balanced ranges that cover every frame exactly once.
@Suite struct FrameShardTests {
    @Test func longFlingInThreeShards() throws {
        let ranges = try (1...3).map { try #require(FrameShard($0, of: 3)).frames(total: 218) }
        #expect(ranges == [0...72, 73...145, 146...217])
        #expect(FrameShard(2, of: 3)?.description == "2/3")
    }

    /// Every split of up to 200 frames into up to 40 shards: in order, no gap, no overlap, lengths differ by at most
    /// one and the longer ones come first.
    @Test func shardsCoverEveryFrameOnceAndAreBalanced() throws {
        for total in 1...200 {
            for count in 1...min(total, 40) {
                let ranges = try (1...count).map { try #require(FrameShard($0, of: count)).frames(total: total) }
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == total - 1, "\(total)/\(count)")
                for (a, b) in zip(ranges, ranges.dropFirst()) {
                    #expect(b.lowerBound == a.upperBound + 1, "\(total) in \(count)")
                    #expect(a.count == b.count || a.count == b.count + 1, "\(total) in \(count)")
                }
            }
        }
    }

    @Test func aShardOutside1ToNIsNil() {
        for (index, count) in [(0, 3), (4, 3), (-1, 3), (1, 0), (0, 0), (1, -2), (Int.max, Int.max - 1), (Int.min, 1)] {
            #expect(FrameShard(index, of: count) == nil, "\(index)/\(count)")
        }
        #expect(FrameShard(Int.max, of: Int.max) != nil)
    }

    /// More shards than frames leaves one empty: an error naming the frame count, never an empty or reversed range.
    @Test func moreShardsThanFramesIsAnError() throws {
        for total in [-1, 0, 1, 2, 217] {
            let shard = try #require(FrameShard(1, of: 218))
            #expect {
                _ = try shard.frames(total: total)
            } throws: { error in
                guard let e = error as? ExportError else { return false }
                return e.kind == .frameRange && e.isInputError && e.totalFrames == total && e.message.hasPrefix("shard 1/218 is empty")
            }
        }
        #expect(try FrameShard(218, of: 218)?.frames(total: 218) == 217...217)
    }

    /// The largest values a caller can construct do not overflow.
    @Test func extremeValuesDoNotTrap() throws {
        let last = try #require(FrameShard(Int.max, of: Int.max))
        #expect(try last.frames(total: Int.max) == (Int.max - 1)...(Int.max - 1))
        let half = try #require(FrameShard(2, of: 2))
        #expect(try half.frames(total: Int.max) == (Int.max / 2 + 1)...(Int.max - 1))
        #expect(try FrameShard(1, of: 2)?.frames(total: Int.max) == 0...(Int.max / 2))
    }
}
