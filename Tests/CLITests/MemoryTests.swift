import Foundation
import Testing

/// Memory of whole render processes, from /usr/bin/time (skipped where it is not installed).
@Suite struct MemoryTests {
    /// A worker draws into its frame buffer in place: holding a second reference to it while
    /// drawing once made every frame copy the buffer (peak memory of two buffers, 708 MB instead
    /// of 407 MB for 40-megapixel frames at --jobs 2).
    @Test func frameBufferIsDrawnInPlace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // 4000 × 4000 pixels: one buffer is 64 MB. Two frames are the fewest that show a copy: the
        // first frame's buffer is new, the second reuses it (and copied it while the bug held it twice).
        let scenario = try CLI.write("""
            { "name": "mem", "viewport": { "width": 4000, "height": 4000, "scale": 1 }, "fps": 60,
              "grid": { "tileSize": { "width": 300, "height": 300 } }, "style": { "fontSize": 0 },
              "scroll": { "recenter": "threshold" },
              "steps": [ { "drag": { "by": { "x": -300, "y": -120 }, "duration": 0.04, "release": "hold" } } ] }
            """, to: folder)
        let (result, peak) = try CLI.peakKilobytes(["render", scenario, "--out", folder.appendingPathComponent("o").path,
                                                     "--jobs", "1", "--quiet", "--frames", "0:1"])
        #expect(result.status == 0, "\(result.stderr)")
        guard let peak else { print("frameBufferIsDrawnInPlace: /usr/bin/time not installed; memory not checked"); return }
        // One buffer (62,500 kB) plus the process and PNG encoding; a copy per frame adds another buffer.
        #expect(peak < 62_500 + 55_000, "peak \(peak) kB")
    }
}

/// `check`'s memory against its frame count.
extension MemoryTests {
    /// check's memory is flat in the frame count: the traces keep tiles only for the first frames whose line
    /// differs and the golden trace is decompressed a chunk at a time (before: ~65 KB a frame with 10-pt tiles,
    /// 438 MB for 6,000 frames).
    @Test func checkMemoryIsFlatInFrameCount() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func peak(frames: Int) throws -> Int? {
            let name = "m\(frames)"
            let scenario = try CLI.write("""
                {"name":"\(name)","viewport":{"width":200,"height":200,"scale":1},"fps":30,"style":{"fontSize":0},
                 "grid":{"tileSize":{"width":10,"height":10}},
                 "steps":[{"drag":{"by":{"x":-3000,"y":-2000},"duration":\(Double(frames) / 30),"release":"hold"}}]}
                """, to: folder, as: name + ".json")
            #expect(try CheckCommandTests.run(["check", scenario, "--record", "all", "--jobs", "2"]).status == 0)
            let (result, peak) = try CLI.peakKilobytes(["check", scenario, "--record", "never", "--jobs", "2"])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            return peak
        }
        guard let small = try peak(frames: 240), let large = try peak(frames: 720) else {
            print("checkMemoryIsFlatInFrameCount: /usr/bin/time not installed; memory not checked")
            return
        }
        // 960 more frames held ~62 MB more before the fix (~65 kB a frame): 480 more would hold ~31 MB.
        #expect(large - small < 16_000, "240 frames \(small) kB, 720 frames \(large) kB")
    }
}
