import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads input files (scenarios, fonts, PNGs, traces) the one safe way: regular files only, opened
/// without blocking (a FIFO or a device is refused, never waited on), and never more than a named
/// number of bytes, checked before the bytes are read.
package enum FileInput {
    /// What a path holds, from `stat` (symbolic links followed).
    package enum Kind: Sendable, Equatable {
        case missing, regular, folder, other
    }

    package static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Whether two paths name the same existing file (same device and inode), however they are
    /// spelled: `./a`, `../x/a`, a link to it.
    package static func isSameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// The whole file at `path`, which must be a regular file of at most `maxBytes` bytes.
    /// - Parameter what: how errors name the file ("scenario", "font", "PNG", "trace").
    /// - Throws: `ExportError(.input)` with one line naming the file and the reason (`file` set; for a
    ///   file over `maxBytes`, `limitValue` is `maxBytes`).
    package static func read(_ path: String, maxBytes: Int, what: String) throws(ExportError) -> [UInt8] {
        let maxBytes = min(max(maxBytes, 0), Int.max - 1)  // so maxBytes + 1 below cannot overflow
        let shown = quoted(path)
        guard !path.isEmpty else { throw ExportError(.input, "\(what) path is empty") }
        guard !path.utf8.contains(0) else {
            throw ExportError(.input, "\(what) path \(shown) contains a NUL character")
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw ExportError(.input, "\(what) \(shown) does not exist", file: path)
            case ENOTDIR:
                throw ExportError(
                    .input, "\(what) \(shown) does not exist (a part of the path is not a folder)", file: path)
            case EACCES: throw ExportError(.input, "cannot read \(what) \(shown): permission denied", file: path)
            default: throw ExportError(.input, "cannot read \(what) \(shown): \(reason(code))", file: path)
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ExportError(.input, "cannot read \(what) \(shown): \(reason(errno))", file: path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ExportError(.input, "\(what) \(shown) is a folder, not a file", file: path)
        default:
            throw ExportError(.input, "\(what) \(shown) is not a regular file (a pipe, socket or device)", file: path)
        }
        let size = Int(info.st_size)
        guard size <= maxBytes else {
            var error = ExportError(
                .input, "\(what) \(shown) is \(size) bytes; the limit is \(maxBytes) bytes", file: path)
            error.limitValue = maxBytes
            throw error
        }
        // The file may grow between fstat and read: read at most maxBytes + 1 and check again.
        var bytes = [UInt8](repeating: 0, count: min(size, maxBytes) + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw ExportError(.input, "cannot read \(what) \(shown): \(reason(errno))", file: path)
            }
            if n == 0 { break }
            filled += n
            if filled > maxBytes {
                var error = ExportError(.input, "\(what) \(shown) is over \(maxBytes) bytes, the limit", file: path)
                error.limitValue = maxBytes
                throw error
            }
            // (A file whose size stat does not know, such as /proc's, grows the buffer in steps.)
            if filled == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: min(65536, maxBytes - filled + 1)))
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// A path as one line: control characters (a newline in a file name) are escaped.
    package static func quoted(_ path: String) -> String { OneLine.quoted(path) }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
