import GridExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A held `flock` on a folder in the goldens folder. On a golden (`GoldenStore.lockGeneration`): readers hold
/// it shared for as long as they read the golden (manifest, trace and key frames, through the whole comparison),
/// so they see one generation, never parts of two; a recording holds it exclusive while it swaps the new folder
/// in and removes the old one. On a recording's temporary folder (`GoldenStore.makeTemporary`): its recorder
/// holds it from the moment the folder exists, so a folder whose lock is free is abandoned, however young and
/// in whatever process namespace its writer ran. The lock lives on the folder itself (`flock` works on a
/// folder's descriptor on Linux and macOS), so no lock file is ever left behind, and the kernel releases it when
/// its process dies.
final class FolderLock {
    private var descriptor: Int32
    /// Whether the lock is held: false on a file system where a folder cannot be locked (NFS refuses `flock` on a
    /// descriptor not open for writing), where render-grid works as it did before it locked goldens: a reader may
    /// then see a golden replaced under it, and abandoned recordings are never removed.
    let isHeld: Bool

    fileprivate init(_ descriptor: Int32, held: Bool) {
        self.descriptor = descriptor
        isHeld = held
    }

    /// Releases the lock (also done when the generation is freed).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // closing the last descriptor of the open file releases its flock
        descriptor = -1
    }

    deinit { release() }

    /// Whether `path` still names the folder this lock is on (not removed, not replaced).
    func isStill(_ path: String) -> Bool {
        var held = stat()
        var current = stat()
        guard descriptor >= 0, fstat(descriptor, &held) == 0, stat(path, &current) == 0 else { return false }
        return current.st_dev == held.st_dev && current.st_ino == held.st_ino
    }
}

extension GoldenStore {
    /// How long a wait for a lock sleeps between tries, in microseconds: the wait polls, so that a signal
    /// (`cancellation`) stops it.
    static let lockPollMicroseconds: UInt32 = 10_000

    /// A lock on the folder `path`, exclusive or shared, waiting for it unless `wait` is false (nil then when another
    /// process holds it; nil too when the folder is gone). A wait ends with `ExportError(.stopped)` once
    /// `cancellation` is set. Where the file system cannot lock a folder, the lock returned is not held (`isHeld`).
    /// - Throws: `ToolError(.invalidInput)` when the folder cannot be opened; `ExportError(.stopped)` for a signal.
    func lock(folder path: String, exclusive: Bool = true, wait: Bool = true) throws -> FolderLock? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw ToolError(
                .invalidInput, "cannot open \(OneLineName.quoted(path)): \(String(cString: strerror(errno)))")
        }
        while true {
            if flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 { return FolderLock(fd, held: true) }
            switch errno {
            case EINTR: continue
            case EWOULDBLOCK:
                guard wait else {
                    close(fd)
                    return nil
                }
                if let signal = cancellation?.signalNumber {
                    close(fd)
                    var stopped = ExportError(.stopped, "interrupted while waiting for \(OneLineName.quoted(path))")
                    stopped.signal = signal
                    throw stopped
                }
                usleep(Self.lockPollMicroseconds)
            default:
                return FolderLock(fd, held: false)  // EBADF (NFS), ENOLCK, EINVAL: no folder locks here
            }
        }
    }

    /// How often a lock is taken again when the golden was swapped while the lock was awaited. Each retry
    /// means another recording finished in between; past this many, the golden is being re-recorded
    /// without pause and the run says so.
    static let maxGenerationAttempts = 64

    /// Locks the current generation of golden `name`, shared (to read it) or exclusive (to replace it), waiting
    /// for the other kind; nil when there is no golden folder. A folder swapped while the lock was awaited is
    /// let go and the new one locked, so the generation returned is the one at `<root>/<name>` now.
    /// - Throws: `ToolError(.invalidInput)` when the folder cannot be opened; `ExportError(.stopped)` for a signal.
    func lockGeneration(_ name: String, exclusive: Bool) throws -> FolderLock? {
        let path = folder(name)
        for _ in 0..<Self.maxGenerationAttempts {
            guard let generation = try lock(folder: path, exclusive: exclusive) else { return nil }
            if !generation.isHeld || generation.isStill(path) { return generation }
            var current = stat()
            if stat(path, &current) != 0 && errno == ENOENT { return nil }  // removed (pruned) while we waited
            generation.release()  // swapped while we waited: lock the new one
        }
        throw ToolError(
            .invalidInput,
            "golden \(OneLineName.quoted(path)) was replaced \(Self.maxGenerationAttempts) times while this run waited to read it; is a loop re-recording it?"
        )
    }
}
