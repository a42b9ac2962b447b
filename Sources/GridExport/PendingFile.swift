#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A new file being written in a folder: it gets its final name only once complete, and its writer
/// holds a `flock` on it from before it has any name until it is closed, after the last rename.
///
/// On Linux it is made with `O_TMPFILE`: a file without a name, so a writer killed while writing
/// leaves nothing at all, which `linkat` names once it is complete (straight under the final name
/// when that is free, else under a hidden temporary renamed over the final name, so a reader sees
/// the old file or the new one, never half of one). Where the file system has no `O_TMPFILE` (NFS,
/// FAT, some overlayfs, other systems) it is a hidden temporary `.NAME.PID-RANDOM.tmp`, created
/// exclusively and locked at once; a writer that finds its temporary gone, or another file under
/// its name, once it holds the lock (a cleanup took the still free lock in between) makes another.
/// So every temporary name with a free lock is abandoned, whatever its age and from whatever
/// process namespace one looks (`FileOutput.removeAbandonedTemporaries`).
///
/// Closing is idempotent (the descriptor is forgotten once closed, so a second close cannot hit a
/// file another thread has opened since), and a file dropped unclosed is discarded.
final class PendingFile {
    /// The open file, locked; -1 once closed.
    private(set) var fd: Int32
    /// The folder the names are relative to: a folder's descriptor, or `AT_FDCWD` for paths.
    let folder: Int32
    /// The hidden name it was created under, or nil for a file made without a name (or named since).
    private(set) var temporary: String?

    private init(fd: Int32, folder: Int32, temporary: String?) {
        self.fd = fd
        self.folder = folder
        self.temporary = temporary
    }

    deinit { discard() }

    /// An error number from the C library.
    struct Failure: Error {
        var code: Int32
    }

    /// A new file to be named `name` (relative to `folder`): without a name when `anonymous` and the
    /// file system allows, else under a fresh temporary name. `beforeLock` runs between creating a
    /// named temporary and locking it (a test runs a cleanup in that instant).
    /// - Throws: `Failure` with the C library's error number when no file can be made.
    static func create(
        in folder: Int32, for name: String, anonymous: Bool,
        beforeLock: () -> Void = {}
    ) throws(Failure) -> PendingFile {
        if anonymous, let fd = openAnonymous(in: folder, for: name) {
            flock(fd, LOCK_EX)  // before it has a name, so every name it gets is locked from the start
            return PendingFile(fd: fd, folder: folder, temporary: nil)
        }
        var code = EEXIST
        for _ in 0..<16 {
            // A new file of our own: never an existing one, never through a link.
            let temporary = FileOutput.temporaryPath(for: name)
            let fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                code = errno
                if code == EEXIST { continue }
                throw Failure(code: code)
            }
            beforeLock()
            flock(fd, LOCK_EX)
            // Until the lock was taken the file looked abandoned: if a cleanup removed it meanwhile,
            // this descriptor writes to a file without a name, so start again under another.
            if names(fd, temporary, in: folder) { return PendingFile(fd: fd, folder: folder, temporary: temporary) }
            _ = systemClose(fd)
            code = ENOENT
        }
        throw Failure(code: code)
    }

    /// Whether `name` in `folder` is the file open as `fd` (not removed, not replaced).
    static func names(_ fd: Int32, _ name: String, in folder: Int32) -> Bool {
        var open = stat()
        var named = stat()
        return fstat(fd, &open) == 0 && fstatat(folder, name, &named, AT_SYMLINK_NOFOLLOW) == 0
            && open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }

    /// Gives the complete file the name `name`, replacing any file of that name at once.
    /// - Throws: `Failure` with the C library's error number; no temporary name is left then.
    func place(as name: String) throws(Failure) {
        if let temporary {
            self.temporary = nil
            guard renameat(folder, temporary, folder, name) == 0 else {
                let code = errno
                unlinkat(folder, temporary, 0)
                throw Failure(code: code)
            }
            return
        }
        guard try link(as: name) else { throw Failure(code: errno) }
    }

    /// Gives the complete file the name `name` as well (a hard link, for a run of identical frames),
    /// replacing any file of that name at once. Call it before `place`, which moves a temporary name.
    /// - Returns: false when the file system refuses a link (nothing changed, `errno` says why).
    /// - Throws: `Failure` when the link is made but cannot be renamed into place (it is removed).
    func link(as name: String) throws(Failure) -> Bool {
        if temporary == nil {
            if linkAnonymous(to: name) { return true }
            guard errno == EEXIST else { return false }
        }
        // A temporary name of the same file, so the same lock, renamed over the final name.
        var link = FileOutput.temporaryPath(for: name)
        var made = linked(to: link)
        for _ in 0..<8 where !made && errno == EEXIST {
            link = FileOutput.temporaryPath(for: name)
            made = linked(to: link)
        }
        guard made else { return false }
        guard renameat(folder, link, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, link, 0)
            throw Failure(code: code)
        }
        return true
    }

    private func linked(to name: String) -> Bool {
        if let temporary { return linkat(folder, temporary, folder, name, 0) == 0 }
        return linkAnonymous(to: name)
    }

    /// Removes the temporary name, if the file still has it (the file stays open and locked).
    func removeTemporaryName() {
        if let temporary { unlinkat(folder, temporary, 0) }
        temporary = nil
    }

    /// Removes the temporary name, if the file still has it, and closes the file.
    func discard() {
        removeTemporaryName()
        close()
    }

    /// Closes the file (after the last rename, so the lock is held until no temporary name is left).
    func close() {
        guard fd >= 0 else { return }
        _ = systemClose(fd)
        fd = -1
    }

    #if os(Linux)
        /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`; Swift's Glibc does not declare this GNU extension).
        private static let openTemporary = Int32(0o20000000) | O_DIRECTORY
        /// Whether `/proc/self/fd` names open files, which is how a process links one without a name
        /// (`linkat` with `AT_EMPTY_PATH` would need `CAP_DAC_READ_SEARCH`); without it, files are named
        /// temporaries from the start.
        private static let procFileDescriptors = access("/proc/self/fd", F_OK) == 0
    #endif

    /// Whether the file system of `folder` (a descriptor) makes files without a name: one is made
    /// and closed.
    static func makesFilesWithoutName(in folder: Int32) -> Bool {
        guard let fd = openAnonymous(in: folder, for: "probe") else { return false }
        _ = systemClose(fd)
        return true
    }

    /// A new file without a name in the folder `name` would be in, or nil where there is none.
    private static func openAnonymous(in folder: Int32, for name: String) -> Int32? {
        #if os(Linux)
            guard procFileDescriptors else { return nil }
            let (directory, _) = FileOutput.split(name)
            let fd = openat(folder, directory.isEmpty ? "." : directory, openTemporary | O_WRONLY | O_CLOEXEC, 0o644)
            return fd >= 0 ? fd : nil
        #else
            return nil
        #endif
    }

    /// Links the file made without a name to `name`; false (with `errno`) when that fails.
    private func linkAnonymous(to name: String) -> Bool {
        #if os(Linux)
            return linkat(AT_FDCWD, "/proc/self/fd/\(fd)", folder, name, AT_SYMLINK_FOLLOW) == 0
        #else
            errno = ENOTSUP
            return false
        #endif
    }
}

/// The C library's `close`, under a name `PendingFile.close` does not hide.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
