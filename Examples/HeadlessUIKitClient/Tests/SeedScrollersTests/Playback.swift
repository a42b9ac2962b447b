import Foundation
import HeadlessUIKit
import Rasterizer

/// One play of a sample: the recording, and per frame the scroll view's offset and the delegate calls the model
/// named (read back from the recording's trace lines).
struct Playback {
    let recording: ScrollRecording
    /// The scroll view's `contentOffset` after the frame's layout (what the frame shows).
    let offsets: [CGPoint]
    /// The model's events of each frame by name (`didScroll`, `willEndDragging`, `didEndDecelerating`, …).
    let events: [[String]]
    let scale: Int

    /// Plays `steps` on `view` at `scale` and 60 fps, and writes its frames (`frame_00000.png` …, `trace.jsonl`)
    /// to `<RENDER_GRID_EXAMPLES_OUT or the temporary folder>/SeedScrollersTests/<name>` to look at.
    @MainActor
    init(_ view: UIView, scale: Int, steps: String, name: String) throws {
        recording = try ScrollPlayer(scale: scale, fps: 60).play(view, steps: steps)
        self.scale = scale
        var offsets: [CGPoint] = []
        var events: [[String]] = []
        for line in recording.traceLines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            let offset = object["contentOffset"] as? [String: Any] ?? [:]
            offsets.append(CGPoint(x: offset["x"] as? Double ?? .nan, y: offset["y"] as? Double ?? .nan))
            events.append((object["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        }
        self.offsets = offsets
        self.events = events
        let root = ProcessInfo.processInfo.environment["RENDER_GRID_EXAMPLES_OUT"] ?? NSTemporaryDirectory()
        try recording.writeFrames(to: root + "/SeedScrollersTests/" + name)
    }

    /// `verify()`'s report, its lines joined (for a failing expectation's message).
    var verdict: (report: ScreenVerifyReport, text: String) {
        let report = recording.verify()
        return (report, report.lines.joined(separator: "\n"))
    }

    /// The first frame whose events include `name`.
    func firstFrame(with name: String, from start: Int = 0) -> Int? {
        (start..<events.count).first { events[$0].contains(name) }
    }

    /// Frame `index`, decoded.
    func image(_ index: Int) throws -> Pixmap { try PNGCodec.decode(recording.frames[index]) }

    /// The RGBA of the device pixel at point (`x`, `y`) of frame `image`.
    func pixel(_ image: Pixmap, x: CGFloat, y: CGFloat) -> [UInt8] {
        let px = Int(x * CGFloat(scale)), py = Int(y * CGFloat(scale))
        let at = (py * image.width + px) * 4
        return Array(image.pixels[at..<at + 4])
    }
}
