import Foundation
import GridExport

/// Where a streamed play writes each frame as it is drawn: the PNGs into the folder (each whole under its name),
/// the trace appended to `trace.jsonl` (committed whole at the end), `frames.ffconcat` last. Holds no frame, so
/// a play's memory does not grow with its frame count.
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
            trace = try StreamingFile(path: directory + "trace.jsonl")
        } catch {
            throw HeadlessUIKitError(error.message)
        }
    }

    /// Writes the next frame's PNG.
    func write(png: [UInt8]) throws(HeadlessUIKitError) {
        do { try frames.write(png, name: FrameExporter.frameName(written)) } catch { throw HeadlessUIKitError(error.message) }
        written += 1
    }

    /// Appends one trace line.
    func append(line: String) throws(HeadlessUIKitError) {
        do { try trace.append(Array((line + "\n").utf8)) } catch { throw HeadlessUIKitError(error.message) }
    }

    /// Commits the trace, writes the frame list and syncs the folder.
    func finish(fps: Int, width: Int, height: Int) throws(HeadlessUIKitError) {
        do {
            try frames.sync()
            try trace.commit()
            if written > 0 {
                let list = FrameList.text(frames: 0...(written - 1), fps: fps, width: width, height: height)
                try FileOutput.writeAtomically(Array(list.utf8), to: directory + FrameList.fileName)
            }
        } catch {
            throw HeadlessUIKitError(error.message)
        }
    }

    /// A play that stopped with an error leaves no partial trace (frames already written stay, whole).
    deinit { trace.discard() }
}
