import Foundation

/// File writes that never leave a half-written file under the final name: bytes go to a hidden
/// temporary file in the same folder, which is renamed over the target only once complete.
public enum FileOutput {
    /// The temporary name used while `path` is being written.
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".tmp").path
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

    /// A short reason for a write error, in the words of the C library where there is one
    /// ("No space left on device").
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain && ns.code == CocoaError.fileWriteOutOfSpace.rawValue { return String(cString: strerror(ENOSPC)) }
        return ns.localizedDescription
    }

    /// Creates a folder and its parents, with a clear error if that is impossible.
    public static func makeDirectory(_ path: String) throws(RasterError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw RasterError(.io, "output path \(path) exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw RasterError(.io, "cannot create output folder \(path): \(writeFailureReason(path))")
            }
        }
        guard FileManager.default.isWritableFile(atPath: path) else {
            throw RasterError(.io, "output folder \(path) is not writable")
        }
    }

    static func writeFailureReason(_ path: String) -> String {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: parent) { return "folder \(parent) does not exist" }
        if !FileManager.default.isWritableFile(atPath: parent) { return "permission denied" }
        return String(cString: strerror(errno))
    }
}

/// A file written in pieces under a temporary name and renamed into place by `commit()`;
/// `discard()` (or dropping it uncommitted) removes the temporary file.
public final class StreamingFile {
    public let path: String
    private let temporary: String
    private var handle: FileHandle?

    public init(path: String) throws(RasterError) {
        self.path = path
        temporary = FileOutput.temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw RasterError(.io, "cannot write \(path): \(FileOutput.writeFailureReason(temporary))")
        }
        self.handle = handle
    }

    public func append(_ bytes: [UInt8]) throws(RasterError) {
        guard let handle else { throw RasterError(.io, "\(path) is already closed") }
        do { try handle.write(contentsOf: bytes) } catch {
            throw RasterError(.io, "cannot write \(path): \(FileOutput.reason(error))")
        }
    }

    public func commit() throws(RasterError) {
        guard let handle else { return }
        self.handle = nil
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw RasterError(.io, "cannot write \(path): \(FileOutput.reason(error))")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw RasterError(.io, "cannot rename \(temporary) to \(path): \(reason)")
        }
    }

    public func discard() {
        guard let handle else { return }
        self.handle = nil
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }

    deinit { discard() }
}
