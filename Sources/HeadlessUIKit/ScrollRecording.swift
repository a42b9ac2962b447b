import Foundation
import GridExport
import GridModel
import GridTools
import Rasterizer

/// What a play drew: one PNG per frame and one trace line per frame (render's `trace.jsonl` format).
public struct ScrollRecording: Sendable {
    /// The frames, PNG-encoded.
    public let frames: [[UInt8]]
    /// One JSON object per frame, as `render` writes `trace.jsonl`.
    public let traceLines: [String]
    /// What `verify()` reports, checked frame by frame while the player played.
    public internal(set) var screenReport = ScreenVerifyReport()

    /// Frames per second of the play.
    public let fps: Int
    /// Frames drawn (also when they were streamed to a folder and `frames` is empty).
    public var frameCount: Int { streamedFrames ?? frames.count }
    /// Frames written to a folder while playing, nil when they are in `frames`.
    var streamedFrames: Int? = nil
    /// The folder a streamed play wrote its frames into (with a trailing `/`), nil when they are in `frames`.
    var folder: String? = nil
    /// Device pixels per point of the frames.
    var scale = 1
    /// The SHA-256 of the steps played, as given (a golden's input hash).
    var stepsSHA256 = ""
    /// The font file labels were drawn with, nil when none loaded.
    var fontPath: String? = nil
    /// The frames' size in device pixels.
    public let pixelWidth: Int, pixelHeight: Int

    /// Writes `frame_00000.png` …, `trace.jsonl` and `frames.ffconcat` into `folder` (created if missing), each
    /// file whole or not at all, as `render-grid render` writes them: `diff`, `diff-trace`, `sheet`, `plot` and the
    /// README's ffmpeg recipes read them as they read a render's.
    ///
    /// - Throws: `HeadlessUIKitError` naming the file that could not be written.
    public func writeFrames(to folder: String) throws(HeadlessUIKitError) {
        if streamedFrames != nil {
            throw HeadlessUIKitError(
                "\(folder): this recording's frames were written to its folder while it played (play(_:steps:writingTo:)); it holds none to write again"
            )
        }
        let sink = try RecordingSink(folder: folder)
        for png in frames { try sink.write(png: png) }
        for line in traceLines { try sink.append(line: line) }
        try sink.finish(fps: fps, width: pixelWidth, height: pixelHeight)
    }
}
