import Foundation
import Testing
import GridModel
import Synchronization
@testable import GridExport

/// Issue 21: a finished render leaves no temporary, however soon after a kill it started, and never
/// removes one a live writer holds. New files are locked before they have a name, or checked after
/// the lock is taken, so the cleanup judges by the lock alone, without waiting for an age.
@Suite struct TemporaryCleanupTests {
    static let scenario = FrameSyncTests.scenario

    func hidden(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".") }.sorted()
    }

    /// A temporary still locked when the render starts (a killed render whose process is not gone
    /// yet) and freed while it runs is removed by the sweep once the run's own writers are done.
    @Test func aTemporaryFreedDuringTheRunIsRemovedAtTheEnd() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out").path
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let names = [".frame_00002.png.4000000-1a2b.tmp", ".trace.jsonl.4000000-3c4d.tmp"]
        let holders = Mutex<[Int32]>([])
        for name in names {
            let fd = open(out + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
            holders.withLock { $0.append(fd) }
        }
        defer { holders.withLock { for fd in $0 { close(fd) } } }
        var options = RenderOptions(outputDirectory: out)
        let seenAtStart = Mutex<[String]?>(nil)
        options.progress = { _, _ in
            // After the first batch: the start's sweep has run and kept them (locked); now the writer dies.
            let first = seenAtStart.withLock { seen in
                if seen != nil { return false }
                seen = hidden(out)
                return true
            }
            if first { holders.withLock { for fd in $0 { close(fd) }; $0.removeAll() } }
        }
        _ = try FrameExporter.render(Self.scenario, font: nil, options: options)
        #expect(seenAtStart.withLock { $0 } == names.sorted(), "held temporaries were removed while locked")
        #expect(hidden(out).isEmpty, "left: \(hidden(out))")
    }

    /// Named temporaries (no `O_TMPFILE`): a cleanup that runs between a writer's `open` and its
    /// `flock` finds the lock free and removes the file; the writer sees that once it holds the
    /// lock and makes another, so the file still ends up whole under its name, with nothing left.
    @Test func aWriterWhoseTemporaryIsRemovedBeforeItsLockMakesAnother() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/frame_00000.png"
        var sweeps = 0, removed: [String] = []
        let file = try PendingFile.create(in: AT_FDCWD, for: path, anonymous: false) {
            sweeps += 1
            if sweeps == 1 { removed = FileOutput.removeAbandonedTemporaries(in: folder.path) }
        }
        #expect(sweeps == 2 && removed.count == 1 && removed[0].hasPrefix(".frame_00000.png."), "\(sweeps) \(removed)")
        #expect(hidden(folder.path) == [String(file.temporary!.split(separator: "/").last!)])
        // Held now: a cleanup leaves it alone.
        #expect(FileOutput.removeAbandonedTemporaries(in: folder.path).isEmpty)
        let bytes = Array("complete".utf8)
        #expect(write(file.fd, bytes, bytes.count) == bytes.count)
        try file.place(as: path)
        file.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        #expect(hidden(folder.path).isEmpty)
    }

    /// A failed frame write discards its new file and then closes it again (the cleanup path and a
    /// `defer`): the second close must not close a file another thread opened in between under the
    /// same descriptor number.
    @Test(arguments: [true, false]) func closingTwiceLeavesOtherFilesOpen(anonymous: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PendingFile.create(in: AT_FDCWD, for: folder.path + "/frame_00000.png", anonymous: anonymous)
        let number = file.fd
        file.discard()
        let other = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(other) }
        // Usually the lowest free number is the one just freed; if another test's thread took it
        // first, this run cannot tell.
        guard other == number else { print("closingTwiceLeavesOtherFilesOpen: descriptor \(number) taken meanwhile; inconclusive"); return }
        file.close()
        #expect(fcntl(other, F_GETFD) >= 0, "the other file was closed")
        #expect(hidden(folder.path).isEmpty)
    }

    /// On Linux a new file has no name until it is complete: while it is written the folder shows
    /// nothing, and one dropped unnamed (its writer killed) leaves nothing.
    @Test func aFileWithoutANameLeavesNothing() throws {
        #if os(Linux)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        guard PendingFile.makesFilesWithoutName(in: descriptor) else {
            print("aFileWithoutANameLeavesNothing: no O_TMPFILE on this file system; skipped")
            return
        }
        let dropped = try PendingFile.create(in: descriptor, for: "trace.jsonl", anonymous: true)
        #expect(dropped.temporary == nil)
        #expect(write(dropped.fd, "partial", 7) == 7)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty)
        dropped.discard()
        let kept = try PendingFile.create(in: descriptor, for: "trace.jsonl", anonymous: true)
        #expect(write(kept.fd, "whole", 5) == 5)
        try kept.place(as: "trace.jsonl")
        kept.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["trace.jsonl"])
        #expect(try String(contentsOf: folder.appendingPathComponent("trace.jsonl"), encoding: .utf8) == "whole")
        #endif
    }
}

/// `FrameFolder` gives the same files both ways it makes them (without a name first, or under a
/// named temporary): whole frames, identical runs as links with `linkRepeats`, old frames replaced
/// by new files (a link to an old frame keeps the old bytes), and no temporary left.
@Suite struct FrameFolderWaysTests {
    @Test(arguments: [true, false]) func newFramesReplaceOldOnesAndLeaveNoTemporary(anonymous: Bool) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mode = plainFileMode(in: folder)
        let names = (3...6).map(FrameExporter.frameName)
        let old = folder.appendingPathComponent(names[1]), keep = folder.appendingPathComponent("keep")
        try Data("old".utf8).write(to: old)
        try FileManager.default.linkItem(at: old, to: keep)
        for linkRepeats in [false, true] {
            let frames = try FrameFolder(directory: folder.path, linkRepeats: linkRepeats, anonymousFiles: anonymous)
            let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* (linkRepeats ? 13 : 7)) }
            var count = 0
            try frames.write(bytes, names: names) { count += 1 }
            try frames.write(bytes, name: "frame_00009.png")
            try frames.sync()
            #expect(count == names.count)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names + ["frame_00009.png", "keep"])
            var inodes = Set<UInt64>()
            for name in names {
                let path = folder.appendingPathComponent(name).path
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
                var info = stat()
                #expect(stat(path, &info) == 0 && info.st_nlink == nlink_t(linkRepeats ? names.count : 1))
                #expect(info.st_mode & 0o7777 == mode)
                inodes.insert(UInt64(info.st_ino))
            }
            #expect(inodes.count == (linkRepeats ? 1 : names.count))
        }
        #expect(try String(contentsOf: keep, encoding: .utf8) == "old")
    }

    /// The mode `open(…, 0o644)` gives a new file here (the process's umask applied), as frames had it.
    func plainFileMode(in folder: URL) -> mode_t {
        let path = folder.appendingPathComponent("plain").path
        close(open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644))
        defer { unlink(path) }
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }
}
