#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// File writes that never leave a half-written file under the final name: bytes go to a hidden
/// temporary file in the same folder, which is renamed over the target only once complete.
///
/// A temporary is named `.NAME.PID-RANDOM.tmp`, created exclusively (`O_EXCL`, never through a
/// symbolic link) and locked (`flock`) by its writer for as long as it exists. So renders that share a
/// folder (shards of one render, or two renders at once, in any process namespace) never touch each
/// other's files, and a temporary whose lock is free is provably abandoned (`removeStaleTemporaries`).
/// Every write is our own `open`/`write`/`rename`, so no library leaves files of other names.
package enum FileOutput {
    /// A fresh temporary name for `path`: hidden, in the same folder, with this process's id and a
    /// random part, so two writers never pick the same name.
    package static func temporaryPath(for path: String) -> String {
        let (folder, name) = split(path)
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return folder + "." + name + "." + String(getpid()) + "-" + random + ".tmp"
    }

    /// The folder part (with its trailing slash, or empty) and the file name of a path.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    package static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ExportError) {
        let file = try StreamingFile(path: path)
        do {
            try file.append(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Creates a folder and its parents, with a clear error if that is impossible.
    package static func makeDirectory(_ path: String) throws(ExportError) {
        let shown = FileInput.quoted(path)
        guard !path.isEmpty else { throw ExportError(.output, "the output folder path is empty") }
        guard !path.utf8.contains(0) else { throw ExportError(.output, "output folder \(shown) contains a NUL character") }
        switch FileInput.kind(of: path) {
        case .folder: break
        case .regular, .other: throw ExportError(.output, "output path \(shown) exists and is not a folder")
        case .missing:
            // Parents first, each created if missing (another process may create one meanwhile). On
            // failure the folders this call made are removed again, deepest first.
            var prefix = path.hasPrefix("/") ? "/" : ""
            var made: [String] = []
            func undo() { for folder in made.reversed() { rmdir(folder) } }
            for part in path.split(separator: "/") {
                prefix += part
                if mkdir(prefix, 0o777) == 0 {
                    made.append(prefix)
                } else if errno != EEXIST {
                    let code = errno
                    undo()
                    throw ExportError(.output, "cannot create output folder \(shown): \(reason(code))")
                }
                prefix += "/"
            }
            guard FileInput.kind(of: path) == .folder else {
                undo()
                throw ExportError(.output, "cannot create output folder \(shown): a part of the path is a file or a broken link")
            }
        }
        guard access(path, W_OK) == 0 else {
            throw ExportError(.output, "output folder \(shown) is not writable: \(reason(errno))")
        }
    }

    /// The C library's words for an error number ("No space left on device", "Read-only file system").
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// How long a temporary must exist before it can be judged abandoned, in seconds: its writer
    /// locks it right after creating it, so an unlocked temporary this old has no writer.
    static let staleAfterSeconds = 2

    /// Removes temporaries in `directory` that no process is writing (those of killed renders), and
    /// never one a live process is writing, in any process namespace. Only names this library
    /// writes are considered: `.frame_NNNNN.png.*.tmp` and `.trace*.jsonl.*.tmp` (any version), and
    /// Foundation's `.dat.nosync*` that versions before 0.3 left. A temporary is abandoned when it
    /// is older than `staleAfterSeconds` before `now` (seconds since 1970) and its lock is free.
    /// - Returns: the names removed.
    @discardableResult
    package static func removeStaleTemporaries(in directory: String, now: Int) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isOurTemporary(name) { names.append(name) }
            if names.count >= 1_000_000 { break }
        }
        closedir(dir)
        var removed: [String] = []
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if isAbandoned(path, now: now), unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether a name is one of the temporaries render-grid writes in an output folder.
    static func isOurTemporary(_ name: String) -> Bool {
        if name.hasPrefix(".dat.nosync") { return true }
        guard name.hasSuffix(".tmp") else { return false }
        if name.hasPrefix(".frame_") {
            let rest = name.dropFirst(7)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            return digits.count >= 5 && rest.dropFirst(digits.count).hasPrefix(".png.")
        }
        return name.hasPrefix(".trace") && name.contains(".jsonl.")
    }

    /// A regular file, old enough, whose `flock` can be taken: no process is writing it.
    static func isAbandoned(_ path: String, now: Int) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              Int(info.st_mtim.tv_sec) <= now - staleAfterSeconds else { return false }
        return flock(fd, LOCK_EX | LOCK_NB) == 0
    }
}

/// A file written in pieces under a temporary name and renamed into place by `commit()`;
/// `discard()` (or dropping it uncommitted) removes the temporary file.
package final class StreamingFile {
    package let path: String
    private let temporary: String
    private var fd: Int32

    package init(path: String) throws(ExportError) {
        self.path = path
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): not a usable file name")
        }
        // A new file of our own: never an existing one, never through a link. The lock tells other
        // renders that this temporary has a live writer.
        var name = FileOutput.temporaryPath(for: path)
        var descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        for _ in 0..<8 where descriptor < 0 && errno == EEXIST {
            name = FileOutput.temporaryPath(for: path)
            descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        temporary = name
        fd = descriptor
        if fd >= 0 { flock(fd, LOCK_EX) }
        guard fd >= 0 else {
            let code = errno
            let (folder, _) = FileOutput.split(path)
            let reason = code == ENOENT ? "folder \(FileInput.quoted(folder.isEmpty ? "." : folder)) does not exist"
                : code == EACCES ? "permission denied" : FileOutput.reason(code)
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
    }

    package func append(_ bytes: [UInt8]) throws(ExportError) {
        guard fd >= 0 else { throw ExportError(.output, "\(FileInput.quoted(path)) is already closed") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(FileOutput.reason(errno))")
            }
            written += n
        }
    }

    /// Renames the complete file into place. The file is renamed while its lock is still held, so
    /// no other render can take it for abandoned in between.
    package func commit() throws(ExportError) {
        guard fd >= 0 else { return }
        let descriptor = fd
        fd = -1
        defer { close(descriptor) }
        // fsync so a crash after the rename cannot leave an empty file under the final name.
        if fsync(descriptor) != 0 {
            let reason = FileOutput.reason(errno)
            unlink(temporary)
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
        if rename(temporary, path) != 0 {
            let reason = FileOutput.reason(errno)
            unlink(temporary)
            throw ExportError(.output, "cannot rename \(FileInput.quoted(temporary)) to \(FileInput.quoted(path)): \(reason)")
        }
    }

    /// Removes the temporary file (while still holding its lock).
    package func discard() {
        guard fd >= 0 else { return }
        unlink(temporary)
        close(fd)
        fd = -1
    }

    deinit { discard() }
}

/// The frame files of one render, written without an `fsync` each and made durable together by
/// `sync()` at the end of the run.
///
/// A frame is written as `writeAtomically` writes a file (a fresh `O_EXCL` temporary, locked with
/// `flock` until renamed, so concurrent renders and stale-temporary cleanup work as before), but
/// through a descriptor of the folder (`openat`, `renameat`: no path lookup per frame) and with no
/// `fsync` before the rename: one `open`, `flock`, `write`, `rename`, `close` per frame. A run of
/// identical frames is one file and hard links to it (`write(_:names:renamed:)`), so a tool that
/// edits one of them in place, instead of writing a new file, changes them all.
///
/// What that guarantees:
/// - A killed *process* (any signal, `kill -9`) never leaves a truncated frame under its final name:
///   the rename happens only after the last byte is in the kernel's page cache, which outlives the
///   process. At worst a temporary is left, which the next render removes.
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
    /// The names written, kept only when there is no `syncfs` (so `sync()` can `fsync` each).
    private let written = Mutex<[String]>([])
    /// Writes each frame with `FileOutput.writeAtomically` (an `fsync` per frame) instead: the path
    /// before `FrameFolder`, kept for `scripts/bench.sh` (`RENDER_GRID_FSYNC_EACH_FRAME=1`).
    private let fsyncEachFrame: Bool

    private typealias SyncFunction = @convention(c) (Int32) -> Int32

    /// Opens `directory` (an existing folder) for writing frames.
    /// - Throws: `ExportError(.output)` when the folder cannot be opened.
    package init(directory: String, fsyncEachFrame: Bool = false) throws(ExportError) {
        self.directory = directory
        self.fsyncEachFrame = fsyncEachFrame
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportError(.output, "cannot open output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
        }
        syncFileSystem = Self.lookUpSyncfs()
    }

    /// `syncfs(2)`, looked up at run time: Swift's Glibc module does not declare it (it is a GNU
    /// extension), and other systems do not have it.
    private static func lookUpSyncfs() -> SyncFunction? {
        #if os(Linux)
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFunction.self)
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

    /// Writes `bytes` under each of `names` (a run of identical frames): one new file, and a hard
    /// link to it for every other name, each whole under its name or not at all; `renamed` is
    /// called after each name is in place.
    ///
    /// Creating a file is most of a small frame's cost (ext4 searches its inode bitmap, skipping
    /// recently deleted inodes), and a link creates none: an idle run costs one `linkat` and one
    /// `renameat` per frame. Links are made from the locked temporary, before it is renamed, so the
    /// source is always this writer's complete file; each link gets a temporary name of its own
    /// first (the same inode, so the same lock). Where links are refused (FAT, some network file
    /// systems, a full link count), the bytes are written again instead.
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
        let (fd, temporary) = try create(name: first)
        defer { close(fd) }  // after the renames: the lock is held until the temporary is gone
        var linking = names.count > 1
        do throws(ExportError) {
            try writeAll(bytes, to: fd, name: first)
            for name in names.dropFirst() {
                if linking {
                    let link = FileOutput.temporaryPath(for: name)
                    if linkat(descriptor, temporary, descriptor, link, 0) == 0 {
                        try rename(link, to: name)
                        renamed()
                        continue
                    }
                    linking = false  // refused here: the rest are written as files
                }
                try writeFile(bytes, name: name)
                renamed()
            }
            try rename(temporary, to: first)
            renamed()
        } catch {
            unlinkat(descriptor, temporary, 0)
            throw error
        }
    }

    /// `bytes` in a new file `name`: a temporary, renamed.
    private func writeFile(_ bytes: [UInt8], name: String) throws(ExportError) {
        let (fd, temporary) = try create(name: name)
        defer { close(fd) }
        do throws(ExportError) {
            try writeAll(bytes, to: fd, name: name)
            try rename(temporary, to: name)
        } catch {
            unlinkat(descriptor, temporary, 0)
            throw error
        }
    }

    /// A new temporary for `name`, created exclusively (never an existing file, never through a
    /// link) and locked: the lock tells other renders' cleanup that it has a live writer, even if
    /// this process is stopped for longer than `staleAfterSeconds` before the rename.
    private func create(name: String) throws(ExportError) -> (fd: Int32, temporary: String) {
        var temporary = FileOutput.temporaryPath(for: name)
        var fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        for _ in 0..<8 where fd < 0 && errno == EEXIST {
            temporary = FileOutput.temporaryPath(for: name)
            fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else {
            let code = errno
            throw ExportError(.output, "cannot write \(FileInput.quoted(path(of: name))): \(code == EACCES ? "permission denied" : FileOutput.reason(code))")
        }
        flock(fd, LOCK_EX)
        return (fd, temporary)
    }

    /// Renames `temporary` to `name` (removing `temporary` if that fails).
    private func rename(_ temporary: String, to name: String) throws(ExportError) {
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let reason = FileOutput.reason(errno)
            unlinkat(descriptor, temporary, 0)
            throw ExportError(.output, "cannot rename \(FileInput.quoted(temporary)) to \(FileInput.quoted(path(of: name))): \(reason)")
        }
        if syncFileSystem == nil { written.withLock { $0.append(name) } }
    }

    /// All of `bytes` to `fd` (the file for `name`), through short writes and interruptions.
    private func writeAll(_ bytes: [UInt8], to fd: Int32, name: String) throws(ExportError) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { raw in systemWrite(fd, raw.baseAddress! + done, raw.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw ExportError(.output, "cannot write \(FileInput.quoted(path(of: name))): \(FileOutput.reason(n < 0 ? errno : ENOSPC))")
            }
            done += n
        }
    }

    private func path(of name: String) -> String { directory.hasSuffix("/") ? directory + name : directory + "/" + name }

    /// Makes every frame written so far, and its name in the folder, durable: `syncfs` on Linux,
    /// else an `fsync` of each frame written and of the folder.
    /// - Throws: `ExportError(.output)` when the file system reports a write error.
    package func sync() throws(ExportError) {
        if let syncFileSystem {
            if syncFileSystem(descriptor) == 0 { return }
            throw ExportError(.output, "cannot sync output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
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
                throw ExportError(.output, "cannot sync \(FileInput.quoted(name)) in \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
            }
        }
        guard fsync(descriptor) == 0 else {
            throw ExportError(.output, "cannot sync output folder \(FileInput.quoted(directory)): \(FileOutput.reason(errno))")
        }
    }

    deinit { close(descriptor) }
}

/// The C library's `write`, under a name `FrameFolder.write` does not hide.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(fd, bytes, count) }
