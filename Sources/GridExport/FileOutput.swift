#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File writes that never leave a half-written file under the final name, nor anything else once
/// the run that wrote them is done: bytes go to a new file in the same folder (`PendingFile`: on
/// Linux one without a name, elsewhere a hidden temporary `.NAME.PID-RANDOM.tmp`), which gets the
/// final name only once complete.
///
/// Every new file is locked (`flock`) by its writer from before it has any name until it is closed.
/// So renders that share a folder (shards of one render, or two renders at once, in any process
/// namespace) never touch each other's files, and a temporary name whose lock is free is provably
/// abandoned, however young (`removeAbandonedTemporaries`). Every write is our own
/// `open`/`write`/`link`/`rename`, so no library leaves files of other names.
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

    /// Whether new files may be made without a name (`O_TMPFILE`, Linux): on unless
    /// `RENDER_GRID_NAMED_TEMPORARIES=1`, which makes every file a named temporary first, as on a
    /// file system without `O_TMPFILE` (the tests run both ways).
    package static let anonymousFiles =
        getenv("RENDER_GRID_NAMED_TEMPORARIES").map { String(cString: $0) != "1" } ?? true

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
        guard !path.utf8.contains(0) else {
            throw ExportError(.output, "output folder \(shown) contains a NUL character")
        }
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
                throw ExportError(
                    .output, "cannot create output folder \(shown): a part of the path is a file or a broken link")
            }
        }
        guard access(path, W_OK) == 0 else {
            throw ExportError(.output, "output folder \(shown) is not writable: \(reason(errno))")
        }
    }

    /// The C library's words for an error number ("No space left on device", "Read-only file system").
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// How long a `.dat.nosync*` file (written by Foundation for versions before 0.3, which did not
    /// lock it) must exist before it is judged abandoned, in seconds. Render-grid's own temporaries
    /// are judged by their lock alone.
    static let legacyStaleAfterSeconds = 2

    /// Removes the temporaries in `directory` that no process is writing (those of killed renders),
    /// and never one a live process is writing, in any process namespace, however young. Only names
    /// this library writes are considered: `.frame_NNNNN.png.*.tmp`, `.trace*.jsonl.*.tmp` (any
    /// version), `.frames*.ffconcat.*.tmp`, `.sheet.png.*.tmp`, and Foundation's `.dat.nosync*` that
    /// versions before 0.3 left. A temporary is abandoned when its lock is free: its writer took the
    /// lock before the name existed, or checks after taking it that the name is still its file
    /// (`PendingFile`). A `.dat.nosync*` file must also be older than `legacyStaleAfterSeconds`.
    /// - Returns: the names removed.
    @discardableResult
    package static func removeAbandonedTemporaries(in directory: String, now: Int = Int(time(nil))) -> [String] {
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
            let path = FilePaths.join(directory, name)
            if removeIfAbandoned(path, legacy: name.hasPrefix(".dat.nosync"), now: now) { removed.append(name) }
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
        if name.hasPrefix(".frames") && name.contains(".ffconcat.") { return true }
        // sheet's and plot's defaults
        if name.hasPrefix(".sheet.png.") || name.hasPrefix(".trace.png.") { return true }
        return name.hasPrefix(".trace") && name.contains(".jsonl.")
    }

    /// Removes `path` if it is a regular file whose `flock` can be taken (no process is writing it),
    /// while holding that lock, and only if the name still is the file locked (not renamed into
    /// place and replaced meanwhile). A `legacy` file must also be old enough.
    static func removeIfAbandoned(_ path: String, legacy: Bool, now: Int) -> Bool {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        if legacy && Int(info.st_mtim.tv_sec) > now - legacyStaleAfterSeconds { return false }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, PendingFile.names(fd, path, in: AT_FDCWD) else { return false }
        return unlink(path) == 0
    }
}

/// A file written in pieces as a `PendingFile` (without a name, or under a temporary name) and
/// given its final name by `commit()`; `discard()` (or dropping it uncommitted) leaves nothing.
package final class StreamingFile {
    package let path: String
    private var file: PendingFile?

    package init(path: String) throws(ExportError) {
        self.path = path
        guard !path.isEmpty, !path.utf8.contains(0) else {
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): not a usable file name")
        }
        do {
            file = try PendingFile.create(in: AT_FDCWD, for: path, anonymous: FileOutput.anonymousFiles)
        } catch {
            let (folder, _) = FileOutput.split(path)
            let reason =
                error.code == ENOENT
                ? "folder \(FileInput.quoted(folder.isEmpty ? "." : folder)) does not exist"
                : error.code == EACCES ? "permission denied" : FileOutput.reason(error.code)
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
    }

    package func append(_ bytes: [UInt8]) throws(ExportError) {
        guard let fd = file?.fd else { throw ExportError(.output, "\(FileInput.quoted(path)) is already closed") }
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

    /// Gives the complete file its name, after an `fsync`, so a crash after the rename cannot leave an empty
    /// file under the final name. That happens while its lock is still held, so no other render can take a
    /// temporary name of it for abandoned in between.
    package func commit() throws(ExportError) {
        try commit(durable: true)
    }

    /// `commit()`, with the `fsync` left out when `durable` is false: for a caller that syncs the whole file system
    /// afterwards (`FrameFolder.sync()`) and reports success only then.
    package func commit(durable: Bool) throws(ExportError) {
        guard let file else { return }
        self.file = nil
        if durable && fsync(file.fd) != 0 {
            let reason = FileOutput.reason(errno)
            file.discard()
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
        defer { file.close() }  // after the rename: the lock is held until no temporary name is left
        do { try file.place(as: path) } catch {
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(FileOutput.reason(error.code))")
        }
    }

    /// Removes the temporary file, if it has a name (while still holding its lock), and closes it.
    package func discard() {
        file?.discard()
        file = nil
    }

    deinit { discard() }
}
