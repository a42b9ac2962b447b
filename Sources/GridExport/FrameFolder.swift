import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The frame files of one render, written without an `fsync` each and made durable together by
/// `sync()` at the end of the run.
///
/// A frame is written as `writeAtomically` writes a file (a `PendingFile`: on Linux a file without a
/// name, elsewhere a fresh `O_EXCL` temporary, locked with `flock` until named, so concurrent renders
/// and the cleanup of abandoned temporaries work as before), but through a descriptor of the folder
/// (`openat`, `linkat`, `renameat`: no path lookup per frame) and with no `fsync` before it is named:
/// one `open`, `flock`, `write`, `link` (or `rename`), `close` per frame. On Linux each frame's write-back to the
/// disk is started as soon as it is written (`sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which does not wait),
/// so the disk works while later frames are drawn and `sync()` has little left to wait for. A run of identical frames
/// is one file and hard links to it (`write(_:names:renamed:)`), so a tool that edits one of them in
/// place, instead of writing a new file, changes them all.
///
/// What that guarantees:
/// - A killed *process* (any signal, `kill -9`) never leaves a truncated frame under its final name:
///   the file is named only after the last byte is in the kernel's page cache, which outlives the
///   process. A file without a name leaves nothing; at worst a temporary name is left (killed
///   between the link and the rename, or without `O_TMPFILE`), which the next render removes.
/// - After `sync()` returns, every frame renamed before it, and the folder entries, are on stable
///   storage (Linux: `syncfs` of the folder's file system, which writes the data, the metadata and
///   the renames and flushes the disk cache; elsewhere: `fsync` of each frame and of the folder).
/// - A power loss or kernel crash *before* `sync()` may lose frames of this run: a frame may be
///   missing, or present but empty or cut short, because a rename can reach the disk before the
///   file's data (ext4 with delayed allocation, XFS). Over an existing frame (`--resume`, a second
///   render) ext4's default `auto_da_alloc` and btrfs write the data before the rename, so the old
///   or the new frame is seen, but that is a file-system heuristic, not a promise. `--resume`
///   decodes every frame in full and renders again any that is damaged, so rerunning it repairs
///   such a folder; a render reports success only after `sync()`.
package final class FrameFolder: Sendable {
    /// The folder the frames go to, as given.
    package let directory: String
    private let descriptor: Int32
    /// `syncfs`, where the C library has it (Linux); nil means `fsync` each written frame instead.
    private let syncFileSystem: SyncFunction?
    /// `sync_file_range`, where the C library has it (Linux) and `syncfs` is used.
    private let startWriteBack: WriteBackFunction?
    /// The names written, kept only when there is no `syncfs` (so `sync()` can `fsync` each).
    private let written = Locked<[String]>([])
    /// Writes each frame with `FileOutput.writeAtomically` (an `fsync` per frame) instead: the path
    /// before `FrameFolder`, kept for `scripts/bench.sh` (`RENDER_GRID_FSYNC_EACH_FRAME=1`).
    private let fsyncEachFrame: Bool
    /// Store a run of identical frames as hard links to one file (`RenderOptions.linkRepeats`).
    private let linkRepeats: Bool
    /// Make each frame without a name first (`O_TMPFILE`) where the folder's file system has it; each file falls
    /// back to a named temporary where it does not (one failed `open`, no file made: no probe file per run).
    private let anonymous: Bool

    private typealias SyncFunction = @convention(c) (Int32) -> Int32
    private typealias WriteBackFunction = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    /// `SYNC_FILE_RANGE_WRITE`: start writing the dirty pages of the range, without waiting.
    private static let syncFileRangeWrite: UInt32 = 2

    /// Whether `sync()` makes every file of the folder's file system durable (`syncfs`), so a file written
    /// beside the frames (the trace) needs no `fsync` of its own before `sync()`.
    package var syncsWholeFileSystem: Bool { syncFileSystem != nil }

    /// Opens `directory` (an existing folder) for writing frames; `anonymousFiles: false` makes every
    /// frame a named temporary first, as where the file system has no `O_TMPFILE`.
    /// - Throws: `ExportError(.output)` when the folder cannot be opened.
    package init(
        directory: String, fsyncEachFrame: Bool = false, linkRepeats: Bool = false,
        anonymousFiles: Bool = FileOutput.anonymousFiles
    ) throws(ExportError) {
        self.directory = directory
        self.fsyncEachFrame = fsyncEachFrame
        self.linkRepeats = linkRepeats
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportError(
                .output, "cannot open output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
        }
        syncFileSystem = Self.lookUp("syncfs", as: SyncFunction.self)
        startWriteBack = syncFileSystem == nil ? nil : Self.lookUp("sync_file_range", as: WriteBackFunction.self)
        anonymous = anonymousFiles
    }

    /// `syncfs(2)` or `sync_file_range(2)`, looked up at run time: Swift's Glibc module does not declare them (they
    /// are GNU extensions), and other systems do not have them.
    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
        #if os(Linux)
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        #else
            return nil
        #endif
    }

    /// Writes `bytes` to the file `name` in the folder: whole under that name, or not at all.
    /// - Throws: `ExportError(.output)` when the temporary cannot be made, written or renamed (the
    ///   temporary is removed then).
    package func write(_ bytes: [UInt8], name: String) throws(ExportError) {
        if fsyncEachFrame { return try FileOutput.writeAtomically(bytes, to: path(of: name)) }
        try writeFile(bytes, name: name)
    }

    /// Writes `bytes` under each of `names` (a run of identical frames), each whole under its name or
    /// not at all; `renamed` is called after each name is in place. Each name is a file of its own,
    /// or, with `linkRepeats`, one new file and a hard link to it for every other name.
    ///
    /// Creating a file is most of a small frame's cost (ext4 searches its inode bitmap, skipping
    /// recently deleted inodes), and a link creates none: an idle run costs one `linkat` (and a
    /// `renameat` over an existing frame) per frame. Links are made from the locked new file, before
    /// it gets its own name, so the source is always this writer's complete file; a link that
    /// replaces a file gets a temporary name of its own first (the same inode, so the same lock).
    /// Where links are refused (FAT, some network file systems, a full link count), the bytes are
    /// written again instead.
    /// - Throws: `ExportError(.output)`, as `write(_:name:)`; names already renamed stay complete.
    package func write(_ bytes: [UInt8], names: [String], renamed: () -> Void) throws(ExportError) {
        guard let first = names.first else { return }
        if fsyncEachFrame {
            for name in names {
                try FileOutput.writeAtomically(bytes, to: path(of: name))
                renamed()
            }
            return
        }
        let file = try create(name: first)
        defer { file.close() }  // after the renames: the lock is held until no temporary name is left
        var linking = linkRepeats && names.count > 1
        do throws(ExportError) {
            try writeAll(bytes, to: file.fd, name: first)
            for name in names.dropFirst() {
                if linking {
                    let made: Bool
                    do { made = try file.link(as: name) } catch { throw failure(name, error.code) }
                    if made {
                        placed(name)
                        renamed()
                        continue
                    }
                    linking = false  // refused here: the rest are written as files
                }
                try writeFile(bytes, name: name)
                renamed()
            }
            try place(file, as: first)
            renamed()
        } catch {
            file.removeTemporaryName()  // (closed by the defer)
            throw error
        }
    }

    /// `bytes` in a new file `name`.
    private func writeFile(_ bytes: [UInt8], name: String) throws(ExportError) {
        let file = try create(name: name)
        defer { file.close() }
        do throws(ExportError) {
            try writeAll(bytes, to: file.fd, name: name)
            try place(file, as: name)
        } catch {
            file.removeTemporaryName()  // (closed by the defer)
            throw error
        }
    }

    /// A new file for `name`, locked: the lock tells other renders' cleanup that a temporary name
    /// of it has a live writer, even if this process is stopped for a long time before the rename.
    private func create(name: String) throws(ExportError) -> PendingFile {
        do { return try PendingFile.create(in: descriptor, for: name, anonymous: anonymous) } catch {
            throw failure(name, error.code)
        }
    }

    /// Names `file` `name` (removing any temporary name of it if that fails).
    private func place(_ file: PendingFile, as name: String) throws(ExportError) {
        do { try file.place(as: name) } catch { throw failure(name, error.code) }
        placed(name)
    }

    /// Keeps `name` for `sync()` where there is no `syncfs`.
    private func placed(_ name: String) {
        if syncFileSystem == nil { written.withLock { $0.append(name) } }
    }

    private func failure(_ name: String, _ code: Int32) -> ExportError {
        ExportError(
            .output,
            "cannot write \(FileInput.quoted(path(of: name))): \(code == EACCES ? "permission denied" : FileOutput.reason(code))"
        )
    }

    /// All of `bytes` to `fd` (the file for `name`), through short writes and interruptions.
    private func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(ExportError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in systemWrite(fd, raw.baseAddress! + done, raw.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw ExportError(
                    .output,
                    "cannot write \(FileInput.quoted(path(of: name))): \(FileOutput.reason(n < 0 ? errno : ENOSPC))")
            }
            done += n
        }
        // Only a start: an error here (an unsupported file system) is reported, if it matters, by `sync()`.
        _ = startWriteBack?(fd, 0, 0, Self.syncFileRangeWrite)
    }

    private func path(of name: String) -> String {
        FilePaths.join(directory, name)
    }

    /// Makes every frame written so far, and its name in the folder, durable: `syncfs` on Linux,
    /// else an `fsync` of each frame written and of the folder.
    /// - Throws: `ExportError(.output)` when the file system reports a write error.
    package func sync() throws(ExportError) {
        if let syncFileSystem {
            if syncFileSystem(descriptor) == 0 { return }
            throw ExportError(
                .output, "cannot sync output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
        }
        let names = written.withLock { names in
            defer { names.removeAll() }
            return names
        }
        for name in names {
            let fd = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }  // replaced or removed since (another render's, synced by it)
            defer { close(fd) }
            guard fsync(fd) == 0 else {
                throw ExportError(
                    .output,
                    "cannot sync \(FileInput.quoted(name)) in \(FileInput.quoted(directory)): \(FileOutput.reason(errno))"
                )
            }
        }
        guard fsync(descriptor) == 0 else {
            throw ExportError(
                .output, "cannot sync output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
        }
    }

    deinit { close(descriptor) }
}

/// The C library's `write`, under a name `FrameFolder.write` does not hide.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
