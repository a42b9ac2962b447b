import GridExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The goldens folder as files: reads that stay inside it (a symbolic link that resolves outside is refused,
/// as are folders, pipes and devices where a file should be, and files over a named limit), and recording that
/// replaces one scenario's golden at once (written into a hidden temporary folder inside the goldens folder,
/// then renamed over). Nothing is ever written outside the goldens folder.
struct GoldenStore {
    /// The goldens folder as given.
    let root: String
    /// Set by a signal: a wait for a golden's lock then stops (`lock(folder:)`).
    var cancellation: Cancellation? = nil

    /// The manifest, trace and key-frame file names.
    static let manifestName = "manifest.json"
    static let traceName = TraceFileName.gzipped

    func folder(_ name: String) -> String { join(root, name) }

    func join(_ a: String, _ b: String) -> String { a.hasSuffix("/") ? a + b : a + "/" + b }

    /// What a golden entry is.
    enum Entry { case missing, folder }

    /// Whether `<root>/<name>` exists as a folder inside the goldens folder.
    /// - Throws: `ToolError(.invalidInput)` when it is a file, a pipe, or a link resolving outside the goldens folder,
    ///   or when the goldens folder itself is not a folder.
    func entry(_ name: String) throws(ToolError) -> Entry {
        let path = folder(name)
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // ENOTDIR: the goldens folder (or a folder above it) is a file, not a missing golden.
            if errno == ENOENT { return .missing }
            if errno == ENOTDIR {
                throw ToolError(.invalidInput, "goldens folder \(OneLineName.quoted(root)) is not a folder")
            }
            throw ToolError(
                .invalidInput, "cannot read golden \(OneLineName.quoted(path)): \(String(cString: strerror(errno)))")
        }
        try checkInside(path)
        switch FileInput.kind(of: path) {
        case .folder: return .folder
        case .missing: throw ToolError(.invalidInput, "golden \(OneLineName.quoted(path)) is a broken symbolic link")
        case .regular, .other: throw ToolError(.invalidInput, "golden \(OneLineName.quoted(path)) is not a folder")
        }
    }

    /// Refuses a goldens folder that exists and is not a folder (a file, a pipe), before anything is rendered.
    /// - Throws: `ToolError(.invalidInput)` "goldens folder … is not a folder".
    func checkRoot() throws(ToolError) {
        switch FileInput.kind(of: root) {
        case .folder, .missing: return
        case .regular, .other:
            throw ToolError(.invalidInput, "goldens folder \(OneLineName.quoted(root)) is not a folder")
        }
    }

    /// Refuses a path that resolves (through symbolic links) outside the goldens folder.
    func checkInside(_ path: String) throws(ToolError) {
        guard let rootReal = Self.realPath(root) else { return }
        guard let real = Self.realPath(path) else {
            var info = stat()
            if lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
                throw ToolError(.invalidInput, "golden file \(OneLineName.quoted(path)) is a broken symbolic link")
            }
            return
        }
        let prefix = rootReal.hasSuffix("/") ? rootReal : rootReal + "/"
        guard real.hasPrefix(prefix) else {
            throw ToolError(
                .invalidInput,
                "golden file \(OneLineName.quoted(path)) resolves to \(OneLineName.quoted(real)), outside the goldens folder \(OneLineName.quoted(root)); goldens may not link outside it"
            )
        }
    }

    /// The whole file `<root>/<name>/<file>`, a regular file inside the goldens folder of at most `maxBytes`.
    /// - Throws: `ToolError(.invalidInput)` naming the file and what is wrong (`.overLimit` for its size).
    func read(_ name: String, _ file: String, maxBytes: Int, what: String) throws(ToolError) -> [UInt8] {
        let path = join(folder(name), file)
        try checkInside(path)
        do { return try FileInput.read(path, maxBytes: maxBytes, what: what) } catch {
            if error.limitValue != nil { throw ToolError(.overLimit, error.message, limit: .goldenFileBytes) }
            throw ToolError(.invalidInput, error.message)
        }
    }

    /// The names of the golden folders (not hidden, not temporaries), sorted.
    func names() -> [String] {
        guard FileInput.kind(of: root) == .folder,
            let entries = FilePaths.names(in: root)
        else { return [] }
        return entries.filter { !$0.hasPrefix(".") && FileInput.kind(of: folder($0)) == .folder }.sorted()
    }

    /// A new hidden temporary folder inside the goldens folder for recording `name` (the goldens folder is
    /// made if missing), locked exclusively (`FolderLock`) from before any other run can judge it: hold the lock
    /// until the folder is swapped into place or removed. Abandoned temporaries of killed runs are removed first.
    /// - Throws: `ExportError(.output)` when it cannot be made.
    func makeTemporary(for name: String) throws(ExportError) -> (path: String, lock: FolderLock) {
        try FileOutput.makeDirectory(root)
        removeAbandonedTemporaries()
        for _ in 0..<8 {
            let path = join(
                root, ".\(name).recording-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
            guard mkdir(path, 0o777) == 0 else {
                if errno == EEXIST { continue }
                break
            }
            // Locked right after it is made; a sweeper that took the lock in between removed the (empty) folder,
            // which the check after the lock sees: then make another.
            guard let lock = try? lock(folder: path, wait: false), !lock.isHeld || lock.isStill(path) else {
                rmdir(path)  // (empty: a sweeper may have taken it first; then this does nothing)
                continue
            }
            return (path, lock)
        }
        throw ExportError(
            .output,
            "cannot create a temporary folder in the goldens folder \(OneLineName.quoted(root)): \(String(cString: strerror(errno)))"
        )
    }

    /// Puts the recorded folder `temporary` in place of `<root>/<name>` with one rename: on Linux an existing
    /// golden is swapped with the new one atomically (`renameat2(RENAME_EXCHANGE)`) and what was swapped out is
    /// removed, so a run killed at any point leaves the old golden or the new one, and concurrent recordings of one
    /// golden all succeed (the last exchange wins). Elsewhere the old golden is renamed aside first. The golden
    /// replaced is locked exclusively (`lockGeneration`) while it is swapped out and removed, so no reader is
    /// inside it then and readers see one generation.
    /// - Throws: `ExportError(.output)` when a rename fails (the old golden is then left in place).
    func replace(_ name: String, with temporary: String) throws(ExportError) {
        let target = folder(name)
        func lock() throws(ExportError) -> FolderLock? {
            do { return try lockGeneration(name, exclusive: true) } catch let error as ExportError { throw error } catch
            {
                throw ExportError(.output, (error as? ToolError)?.message ?? "\(error)")
            }
        }
        if let exchange = Self.renameExchange {
            attempts: for _ in 0..<Self.maxGenerationAttempts {
                let held = try lock()
                defer { held?.release() }
                guard held != nil else {
                    // No golden yet: rename into place, unless another run put one there first (then exchange).
                    if rename(temporary, target) == 0 { return }
                    let renameError = errno
                    guard renameError == ENOTEMPTY || renameError == EEXIST else {
                        throw ExportError(
                            .output,
                            "cannot replace golden \(OneLineName.quoted(target)): \(String(cString: strerror(renameError)))"
                        )
                    }
                    continue
                }
                if exchange(AT_FDCWD, temporary, AT_FDCWD, target, Self.exchangeFlag) == 0 {
                    remove(path: temporary)  // now the old golden, still locked
                    return
                }
                let exchangeError = errno
                // a file system without it
                if exchangeError == EINVAL || exchangeError == ENOSYS || exchangeError == EOPNOTSUPP { break attempts }
                guard exchangeError == ENOENT else {
                    throw ExportError(
                        .output,
                        "cannot replace golden \(OneLineName.quoted(target)): \(String(cString: strerror(exchangeError)))"
                    )
                }
            }
        }
        let held = try lock()
        defer { held?.release() }
        var aside: String?
        if held != nil {
            let old = join(root, ".\(name).old-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))")
            guard rename(target, old) == 0 else {
                throw ExportError(
                    .output, "cannot replace golden \(OneLineName.quoted(target)): \(String(cString: strerror(errno)))")
            }
            aside = old
        }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            if let aside { rename(aside, target) }
            throw ExportError(.output, "cannot replace golden \(OneLineName.quoted(target)): \(reason)")
        }
        if let aside { remove(path: aside) }
    }

    /// `renameat2`'s `RENAME_EXCHANGE` flag (Linux).
    static let exchangeFlag: UInt32 = 1 << 1

    /// The C library's `renameat2`, looked up at run time (glibc 2.28 and later), or nil.
    static let renameExchange:
        (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
            #if os(Linux)
                guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)
                        .self)
            #else
                return nil
            #endif
        }()

    /// Removes the hidden folders that recordings of killed runs left (`.NAME.recording-PID-HEX`, and
    /// `.NAME.old-PID-HEX` where the old golden is renamed aside): those whose `flock` no process holds, taken
    /// without waiting and held while the folder goes. A live recorder (or replacer) holds its folder's lock from
    /// before anyone can see it, so its folder is never touched, however young, in any process namespace.
    /// - Returns: the names removed.
    @discardableResult
    func removeAbandonedTemporaries() -> [String] {
        guard let entries = FilePaths.names(in: root) else { return [] }
        var removed: [String] = []
        for entry in entries.sorted() where entry.hasPrefix(".") && Self.writer(ofTemporary: entry) != nil {
            let path = join(root, entry)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
            guard let held = try? lock(folder: path, wait: false), held.isHeld, held.isStill(path) else { continue }
            remove(path: path)
            held.release()
            removed.append(entry)
        }
        return removed
    }

    /// The process id in a recording temporary's name (`.a.recording-123-9f`, `.a.old-123-9f`), or nil.
    static func writer(ofTemporary name: String) -> pid_t? {
        for marker in [".recording-", ".old-"] {
            guard let tail = Self.after(last: marker, in: name) else { continue }
            let parts = tail.split(separator: "-")
            guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1], radix: 16) != nil else {
                return nil
            }
            return pid
        }
        return nil
    }

    /// The text after the last `marker` in `name`, or nil when `name` has none.
    static func after(last marker: String, in name: String) -> Substring? {
        var index = name.endIndex
        while index > name.startIndex {
            index = name.index(before: index)
            if name[index...].hasPrefix(marker) { return name[name.index(index, offsetBy: marker.count)...] }
        }
        return nil
    }

    /// Removes a golden folder (or a temporary), never following a link out of it.
    func remove(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFLNK {
            unlink(path)
            return
        }
        FilePaths.removeTree(path)
    }

    /// `path` as an absolute path with links resolved as far as it exists (the rest appended as written).
    static func absolute(_ path: String) -> String {
        var current = path.hasPrefix("/") ? path : (FilePaths.currentFolder() ?? ".") + "/" + path
        var rest: [String] = []
        while true {
            if let real = realPath(current) {
                let tail = rest.reversed().joined(separator: "/")
                let joined = tail.isEmpty ? real : (real.hasSuffix("/") ? real : real + "/") + tail
                return FilePaths.standardized(joined)
            }
            let parent = FilePaths.deletingLastComponent(current)
            guard parent != current, !parent.isEmpty else { return FilePaths.standardized(path) }
            rest.append(FilePaths.lastComponent(current))
            current = parent
        }
    }

    /// Whether two folders are one, or one lies inside the other (absolute paths from `absolute`).
    static func overlap(_ a: String, _ b: String) -> Bool {
        func inside(_ x: String, _ y: String) -> Bool { x == y || x.hasPrefix(y.hasSuffix("/") ? y : y + "/") }
        return inside(a, b) || inside(b, a)
    }

    /// The path of `file` relative to `folder` (both resolved), e.g. `../Scenarios/rotate.json`, or nil when
    /// either does not exist.
    static func relative(from folder: String, to file: String) -> String? {
        guard let base = realPath(folder), let target = realPath(file) else { return nil }
        let from = base.split(separator: "/")
        let to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        let path = parts.joined(separator: "/")
        return parts.isEmpty || path.utf8.count > 256 ? nil : path  // (a manifest string holds at most 256 bytes)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
