import Foundation
import Testing
import GridModel
import Synchronization
@testable import GridExport

/// Frames are made durable once per run (one sync of the folder), not one `fsync` each, and also
/// when a run stops part way; `FrameFolder` writes whole files or nothing.
@Suite struct FrameSyncTests {
    /// A scenario without text: a drag, then a wait while held (identical frames), 60 × 40 pixels.
    static let scenario = Scenario(name: "sync", viewport: Viewport(width: 60, height: 40, scale: 1),
                                   scroll: { var s = ScrollSpec(); s.recenter = .threshold; s.contentSize = Size(width: 400, height: 400); return s }(),
                                   style: { var s = Style(); s.fontSize = 0; return s }(),
                                   steps: [.drag(by: Vector(x: -150, y: 60), duration: 0.2, release: .hold), .wait(duration: 0.5)])

    func frameNames(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("frame_") }.sorted()
    }

    /// One sync per run, after every frame and the trace are under their final names; with any jobs.
    @Test(arguments: [1, 3]) func oneSyncPerRunAfterTheLastFrame(jobs: Int) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions(outputDirectory: folder.appendingPathComponent("out").path)
        options.jobs = jobs
        let syncs = Mutex<[(frames: Int, trace: Bool)]>([])
        let summary = try FrameExporter.render(Self.scenario, font: nil, options: options) { frames throws(ExportError) in
            let seen = (frameNames(frames.directory).count,
                        FileManager.default.fileExists(atPath: frames.directory + "/trace.jsonl"))
            syncs.withLock { $0.append(seen) }
            try frames.sync()
        }
        #expect(summary.framesWritten > 20)
        let seen = syncs.withLock { $0 }
        #expect(seen.count == 1, "syncs: \(seen.count) for \(summary.framesWritten) frames")
        #expect(seen.first?.frames == summary.framesWritten && seen.first?.trace == true)
    }

    /// A run stopped part way (a signal's cancellation) still syncs, once, the frames it wrote.
    @Test func aStoppedRunSyncsWhatItWrote() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions(outputDirectory: folder.appendingPathComponent("out").path)
        let cancellation = Cancellation()
        options.cancellation = cancellation
        options.progress = { done, _ in if done >= 8 { cancellation.cancel(signal: SIGINT) } }
        let syncs = Mutex<[Int]>([])
        #expect {
            _ = try FrameExporter.render(Self.scenario, font: nil, options: options) { frames throws(ExportError) in
                syncs.withLock { $0.append(frameNames(frames.directory).count) }
                try frames.sync()
            }
        } throws: { ($0 as? ExportError)?.kind == .stopped }
        let seen = syncs.withLock { $0 }
        #expect(seen.count == 1 && seen[0] > 0, "\(seen)")
    }

    /// A failing sync fails the run (exit 1 from the CLI): the frames' durability is not assumed.
    @Test func aFailedSyncFailsTheRun() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let options = RenderOptions(outputDirectory: folder.appendingPathComponent("out").path)
        #expect {
            _ = try FrameExporter.render(Self.scenario, font: nil, options: options) { _ throws(ExportError) in
                throw ExportError(.output, "cannot sync output folder: Input/output error")
            }
        } throws: { ($0 as? ExportError)?.kind == .output && !(($0 as? ExportError)?.isInputError ?? true) }
    }

    /// `write` puts the whole bytes under the name (replacing an older file) and leaves no
    /// temporary; `sync` succeeds on a real folder.
    @Test func writeIsWholeAndLeavesNoTemporary() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try FrameFolder(directory: folder.path)
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try frames.write([1, 2, 3], name: "frame_00000.png")
        try frames.write(big, name: "frame_00000.png")
        try frames.write([], name: "frame_00001.png")
        try frames.sync()
        #expect(try Data(contentsOf: folder.appendingPathComponent("frame_00000.png")) == Data(big))
        #expect(try Data(contentsOf: folder.appendingPathComponent("frame_00001.png")).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["frame_00000.png", "frame_00001.png"])
    }

    /// With `linkRepeats`, identical frames are one file and hard links to it: whole under every
    /// name, no temporary left, `renamed` once per name.
    @Test func identicalFramesAreLinksToOneFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = try FrameFolder(directory: folder.path, linkRepeats: true)
        let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let names = (3...7).map(FrameExporter.frameName)
        var count = 0
        try frames.write(bytes, names: names) { count += 1 }
        #expect(count == names.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
        var inodes = Set<UInt64>()
        for name in names {
            let path = folder.appendingPathComponent(name).path
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_nlink == nlink_t(names.count))
            inodes.insert(UInt64(info.st_ino))
        }
        #expect(inodes.count == 1)
    }

    /// With `linkRepeats`, a render's idle frames (a wait) are links to one file per batch and its moving frames files
    /// of their own; by default every frame is a file of its own (a tool editing one in place changes only that one).
    @Test(arguments: [false, true])
    func anIdleRunLinksItsFramesOnlyWhenAsked(linkRepeats: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = RenderOptions(outputDirectory: folder.appendingPathComponent("out").path)
        options.jobs = 2
        options.linkRepeats = linkRepeats
        let summary = try FrameExporter.render(Self.scenario, font: nil, options: options)
        let links = frameNames(options.outputDirectory).map { name -> Int in
            var info = stat()
            return stat(options.outputDirectory + "/" + name, &info) == 0 ? Int(info.st_nlink) : 0
        }
        #expect(links.count == summary.framesWritten && !links.contains(0))
        if linkRepeats {
            #expect(links.first == 1 && (links.max() ?? 0) > 1, "link counts: \(links)")
        } else {
            #expect(links.allSatisfy { $0 == 1 }, "link counts: \(links)")
        }
    }

    /// A folder removed under a render is a clear `.output` error, not a crash; a folder that is
    /// missing cannot be opened.
    @Test func aMissingFolderIsAnOutputError() throws {
        let folder = try temporaryFolder()
        let frames = try FrameFolder(directory: folder.path)
        try FileManager.default.removeItem(at: folder)
        #expect { try frames.write([1, 2, 3], name: "frame_00000.png") } throws: {
            ($0 as? ExportError)?.kind == .output && "\($0)".contains("frame_00000.png")
        }
        #expect { _ = try FrameFolder(directory: folder.path) } throws: { ($0 as? ExportError)?.kind == .output }
    }
}
