import Foundation
import GridModel
import Rasterizer

/// Draws and encodes a play's frames (their draw commands; GridExport's `FramePipeline` does the same for a
/// scenario's tiles) on `jobs` threads while the main thread lays out the next ones: each frame's
/// draw commands are values, so a frame is rasterized and PNG-encoded on its own, and the PNGs come back in frame
/// order (the bytes do not depend on `jobs`). At most `jobs` frames are in flight, so memory holds `jobs` canvases.
final class ViewFramePipeline: Sendable {
    /// One frame to draw: its commands and where they go.
    struct Job: Sendable {
        var index: Int
        var commands: [DrawCommand]
        var size: CGSize
        var scale: Int
        var background: RGBA
        var font: FontRenderer?
    }

    let jobs: Int
    private let slots: DispatchSemaphore
    private let group = DispatchGroup()
    /// Results not yet taken, by frame index, and the next frame index to hand out in order.
    private let state = Locked((done: [Int: Result<[UInt8], RasterError>](), next: 0))

    init(jobs: Int) {
        self.jobs = max(1, jobs)
        slots = DispatchSemaphore(value: self.jobs)
    }

    /// Starts drawing `job` (waits while `jobs` frames are in flight).
    func submit(_ job: Job) {
        slots.wait()
        group.enter()
        DispatchQueue.global().async { [self] in
            let result: Result<[UInt8], RasterError>
            do throws(RasterError) {
                result = .success(
                    try ViewRasterizer.png(
                        commands: job.commands, size: job.size, scale: job.scale,
                        background: job.background, font: job.font))
            } catch {
                result = .failure(error)
            }
            state.withLock { $0.done[job.index] = result }
            slots.signal()
            group.leave()
        }
    }

    /// The frames finished so far in order, from the first not yet taken (all of them after `waitForAll`).
    func takeFinished() -> [(index: Int, result: Result<[UInt8], RasterError>)] {
        state.withLock { state in
            var out: [(index: Int, result: Result<[UInt8], RasterError>)] = []
            while let result = state.done.removeValue(forKey: state.next) {
                out.append((state.next, result))
                state.next += 1
            }
            return out
        }
    }

    /// Waits until every submitted frame is drawn.
    func waitForAll() { group.wait() }
}
