import Foundation
import GridExport

/// Where a recording's files go, as `render` writes them: the PNGs into the folder (each whole under its name, one
/// sync of the folder at the end rather than an fsync per frame), the trace appended to `trace.jsonl` (committed
/// whole at the end), `frames.ffconcat` last. A streamed play writes each frame as it is drawn and holds none, so
/// its memory does not grow with its frame count; `writeFrames` writes a held recording through it.
final class RecordingSink {
    let directory: String
    let frames: FrameFolder
    let trace: StreamingFile
    private(set) var written = 0

    /// A sink writing into `folder` (created if missing).
    init(folder: String) throws(HeadlessUIKitError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw HeadlessUIKitError("\(folder): cannot create the folder (\(error.localizedDescription))")
        }
        directory = folder.hasSuffix("/") ? folder : folder + "/"
        do {
            frames = try FrameFolder(directory: folder)
            trace = try StreamingFile(path: directory + TraceFileName.whole)
        } catch {
            throw HeadlessUIKitError(error.message)
        }
    }

    /// Writes the next frame's PNG.
    func write(png: [UInt8]) throws(HeadlessUIKitError) {
        do { try frames.write(png, name: FrameExporter.frameName(written)) } catch {
            throw HeadlessUIKitError(error.message)
        }
        written += 1
    }

    /// Appends one trace line.
    func append(line: String) throws(HeadlessUIKitError) {
        do { try trace.append(Array((line + "\n").utf8)) } catch { throw HeadlessUIKitError(error.message) }
    }

    /// Commits the trace, writes the frame list, removes the frames of an earlier, longer recording in the folder
    /// and syncs it.
    func finish(fps: Int, width: Int, height: Int) throws(HeadlessUIKitError) {
        do {
            try frames.sync()
            try trace.commit()
            if written > 0 {
                let list = FrameList.text(frames: 0...(written - 1), fps: fps, width: width, height: height)
                try FileOutput.writeAtomically(Array(list.utf8), to: directory + FrameList.fileName)
            } else {
                try? FileManager.default.removeItem(atPath: directory + FrameList.fileName)
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for name in names where name.hasPrefix("frame_") && name.hasSuffix(".png") && name.count == 15 {
                if let index = Int(name.dropFirst(6).dropLast(4)), index >= written {
                    try? FileManager.default.removeItem(atPath: directory + name)
                }
            }
        } catch {
            throw HeadlessUIKitError(error.message)
        }
    }

    /// A play that stopped with an error leaves no partial trace (frames already written stay, whole).
    deinit { trace.discard() }
}
