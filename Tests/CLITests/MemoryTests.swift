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
