#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File writes that never leave a half-written file under the final name: bytes go to a hidden
/// temporary file in the same folder, which is renamed over the target only once complete.
///
/// Temporaries are named `.NAME.PID.tmp` after the process writing them, so renders that share a
/// folder (shards of one render, or two renders at once) never touch each other's files, and a
/// temporary whose process has died is provably stale and can be removed (`removeStaleTemporaries`).
/// Every write is our own `open`/`write`/`rename`, so no library leaves files of other names.
public enum FileOutput {
    /// The temporary name used by this process while `path` is being written.
    public static func temporaryPath(for path: String) -> String {
        let (folder, name) = split(path)
        return folder + "." + name + "." + String(getpid()) + ".tmp"
    }

    /// The folder part (with its trailing slash, or empty) and the file name of a path.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(RasterError) {
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
    public static func makeDirectory(_ path: String) throws(RasterError) {
        let shown = FileInput.quoted(path)
        guard !path.isEmpty else { throw RasterError(.io, "the output folder path is empty") }
        switch FileInput.kind(of: path) {
        case .folder: break
        case .regular, .other: throw RasterError(.io, "output path \(shown) exists and is not a folder")
        case .missing:
            // Parents first, each created if missing (another process may create one meanwhile).
            var prefix = path.hasPrefix("/") ? "/" : ""
            for part in path.split(separator: "/") {
                prefix += part
                if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                    throw RasterError(.io, "cannot create output folder \(shown): \(reason(errno))")
                }
                prefix += "/"
            }
            guard FileInput.kind(of: path) == .folder else {
                throw RasterError(.io, "cannot create output folder \(shown): a part of the path is not a folder")
            }
        }
        guard access(path, W_OK) == 0 else {
            throw RasterError(.io, "output folder \(shown) is not writable: \(reason(errno))")
        }
    }

    /// The C library's words for an error number ("No space left on device", "Read-only file system").
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// Removes temporaries in `directory` left by processes that no longer run (killed renders),
    /// and never another live process's. Only names this library writes are considered:
    /// `.NAME.PID.tmp`, and, from earlier versions, `.NAME.tmp` and Foundation's
    /// `.dat.nosync*` when they are older than `olderThan` (seconds since 1970, e.g. this run's start).
    /// - Returns: the names removed.
    @discardableResult
    public static func removeStaleTemporaries(in directory: String, olderThan: Int) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") && (name.hasSuffix(".tmp") || name.hasPrefix(".dat.nosync")) { names.append(name) }
            if names.count >= 1_000_000 { break }
        }
        closedir(dir)
        var removed: [String] = []
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if isStale(name, path: path, olderThan: olderThan), unlink(path) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Whether a temporary is provably not being written by a live process.
    static func isStale(_ name: String, path: String, olderThan: Int) -> Bool {
        if name.hasSuffix(".tmp") {
            let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
            if parts.count >= 3, let pid = Int32(parts[parts.count - 1]), pid > 0 {
                if pid == getpid() { return false }
                return kill(pid, 0) != 0 && errno == ESRCH
            }
        }
        // Names without a process id come from earlier versions: stale once older than this run.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        return Int(info.st_mtim.tv_sec) < olderThan
    }
}

/// A file written in pieces under a temporary name and renamed into place by `commit()`;
/// `discard()` (or dropping it uncommitted) removes the temporary file.
public final class StreamingFile {
    public let path: String
    private let temporary: String
    private var fd: Int32

    public init(path: String) throws(RasterError) {
        self.path = path
        temporary = FileOutput.temporaryPath(for: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            let (folder, _) = FileOutput.split(path)
            let reason = code == ENOENT ? "folder \(FileInput.quoted(folder.isEmpty ? "." : folder)) does not exist"
                : code == EACCES ? "permission denied" : FileOutput.reason(code)
            throw RasterError(.io, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
    }

    public func append(_ bytes: [UInt8]) throws(RasterError) {
        guard fd >= 0 else { throw RasterError(.io, "\(FileInput.quoted(path)) is already closed") }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + written, raw.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RasterError(.io, "cannot write \(FileInput.quoted(path)): \(FileOutput.reason(errno))")
            }
            written += n
        }
    }

    public func commit() throws(RasterError) {
        guard fd >= 0 else { return }
        let descriptor = fd
        fd = -1
        // fsync so a crash after the rename cannot leave an empty file under the final name.
        let synced = fsync(descriptor) == 0 ? 0 : errno
        let closed = close(descriptor) == 0 ? 0 : errno
        if synced != 0 || closed != 0 {
            let reason = FileOutput.reason(synced != 0 ? synced : closed)
            unlink(temporary)
            throw RasterError(.io, "cannot write \(FileInput.quoted(path)): \(reason)")
        }
        if rename(temporary, path) != 0 {
            let reason = FileOutput.reason(errno)
            unlink(temporary)
            throw RasterError(.io, "cannot rename \(FileInput.quoted(temporary)) to \(FileInput.quoted(path)): \(reason)")
        }
    }

    public func discard() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
        unlink(temporary)
    }

    deinit { discard() }
}
