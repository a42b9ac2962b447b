#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// writes are considered: `.frame_NNNNN.png.*.tmp`, `.trace*.jsonl.*.tmp` (any version), `.frames*.ffconcat.*.tmp`, and
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
        if name.hasPrefix(".frames") && name.contains(".ffconcat.") { return true }
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
            throw ExportError(.output, "cannot write \(FileInput.quoted(path)): \(reason)")
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
