import Foundation
import Testing

/// `diff-trace` streams its traces: memory grows with the frame count, not with the tiles or the bytes
/// (issue 22 item 5: a 425 MB trace compared with itself passed 2.3 GB).
@Suite struct DiffTraceMemoryTests {
    /// A trace of `frames` frames of 100 tiles (about 5.3 KB a line) as `render` writes it; `moved` shifts tile
    /// (7, row) of that frame 3 pt right.
    static func write(frames: Int, moved: Int? = nil, to url: URL) throws {
        var text = ""
        text.reserveCapacity(frames * 5_400)
        for frame in 0..<frames {
            let y = Double(frame) * 2.5
            text += #"{"frame":\#(frame),"t":\#(Double(frame) / 60),"phase":"decelerating","contentOffset":{"x":0,"y":\#(y)},"#
            text += #""contentSize":{"width":390,"height":1e9},"events":[{"name":"didScroll"}],"recenter":null,"tiles":["#
            for k in 0..<100 {
                let column = k % 10, row = k / 10 + frame / 40
                let x = Double(column) * 39 + (frame == moved && k == 37 ? 3 : 0)
                let top = Double(row) * 84.5 - y.truncatingRemainder(dividingBy: 84.5)
                text += #"\#(k == 0 ? "" : ","){"x":\#(column),"y":\#(row),"id":\#(k),"rect":[\#(x),\#(top),39,84.5]}"#
            }
            text += #"],"stats":{"live":100,"created":0,"reused":0,"removed":0,"pool":4,"loads":0},"edgeHit":false}"# + "\n"
        }
        try Data(text.utf8).write(to: url)
    }

    /// 3,000 frames × 100 tiles (16 MB), with itself and with one tile moved: the answers are the usual ones
    /// and the peak stays within half the file's size of a 3-frame comparison's (the whole-file reader of
    /// before held the bytes and every tile: about 4.5 times the file's size more).
    @Test func aLargeTraceIsComparedInBoundedMemory() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = folder.appendingPathComponent("small.jsonl"), a = folder.appendingPathComponent("a.jsonl")
        let b = folder.appendingPathComponent("b.jsonl")
        try Self.write(frames: 3, to: small)
        try Self.write(frames: 3_000, to: a)
        try Self.write(frames: 3_000, moved: 2_222, to: b)
        let fileKB = try #require(try FileManager.default.attributesOfItem(atPath: a.path)[.size] as? Int) / 1024
        let (tiny, base) = try CLI.peakKilobytes(["diff-trace", small.path, small.path])
        #expect(tiny.status == 0 && tiny.stdout == "traces agree (3 frames)\n", "\(tiny.stderr)")

        let (same, samePeak) = try CLI.peakKilobytes(["diff-trace", a.path, a.path])
        #expect(same.status == 0 && same.stdout == "traces agree (3000 frames)\n", "\(same.stderr)")
        let (moved, movedPeak) = try CLI.peakKilobytes(["diff-trace", a.path, b.path])
        #expect(moved.status == 1, "\(moved.stderr)")
        #expect(moved.stdout == """
            traces differ from frame 2222:
              frame 2222: tile (7, 58) rect x: 273.0 -> 276.0
            summary:
              tile placement differs in 1 frame, first at frame 2222; largest rect difference 3 pt at frame 2222

            """, "\(moved.stdout)")
        guard let base, let samePeak, let movedPeak else { return }  // (no /usr/bin/time)
        for peak in [samePeak, movedPeak] {
            #expect(peak < base + fileKB / 2, "peak \(peak) kB; a 3-frame diff's \(base) kB; the trace is \(fileKB) kB")
        }
    }
}
