#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileInput {
    /// Reads the regular file at `path` a chunk of at most `chunkBytes` bytes at a time, handing each to
    /// `body`, which returns false to stop early. Memory holds one chunk, whatever the file's size: the
    /// streaming twin of `read`, with its checks and its messages (a FIFO or a device is refused, never
    /// waited on; a file over `maxBytes`, checked before reading and again as it is read, is refused).
    /// - Throws: `ExportError(.input)` as `read` does.
    package static func forEachChunk(
        _ path: String, maxBytes: Int, what: String, chunkBytes: Int = 1 << 20,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(ExportError) {
        let maxBytes = min(max(maxBytes, 0), Int.max - 1)
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
        var chunk = [UInt8](repeating: 0, count: max(1, chunkBytes))
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in chunkRead(fd, buffer.baseAddress!, buffer.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ExportError(.input, "cannot read \(what) \(shown): \(reason(errno))", file: path)
            }
            if n == 0 { return }
            total += n
            // The file may grow while it is read.
            if total > maxBytes {
                var error = ExportError(.input, "\(what) \(shown) is over \(maxBytes) bytes, the limit", file: path)
                error.limitValue = maxBytes
                throw error
            }
            let more = chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            if !more { return }
        }
    }

    private static func chunkRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
