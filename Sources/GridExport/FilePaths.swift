#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path text, folder listings and the process's surroundings (environment, processors, standard error) without
/// Foundation, for the modules the `render-grid` command links: loading Foundation took about 4 ms of every
/// process's start. Paths are joined as `NSString.appendingPathComponent` joins a folder and a name.
package enum FilePaths {
    /// `name` inside `folder`: one "/" between them ("" and "/" are kept as they are).
    package static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        if name.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` with each run of "/" made one.
    static func collapsingSlashes(_ path: String) -> String {
        guard path.contains("//") else { return path }
        var out = ""
        for c in path where !(c == "/" && out.last == "/") { out.append(c) }
        return out
    }

    /// The text after the last "/" that is not at the end ("a/b/" → "b"; "/" → "/").
    package static func lastComponent(_ path: String) -> String {
        var text = Substring(collapsingSlashes(path))
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        if text == "/" { return "/" }
        guard let slash = text.lastIndex(of: "/") else { return String(text) }
        return String(text[text.index(after: slash)...])
    }

    /// The path without its last component ("a/b" → "a"; "b" → ""; "/b" → "/").
    package static func deletingLastComponent(_ path: String) -> String {
        var text = Substring(collapsingSlashes(path))
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        if slash == text.startIndex { return "/" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// The path without the extension of its last component, with runs of "/" made one and no "/" at the end
    /// ("a/t.jsonl" → "a/t"; "a/.t", "a.b/t" and ".." keep their dots).
    package static func deletingExtension(_ path: String) -> String {
        var text = Substring(collapsingSlashes(path))
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        let name = lastComponent(String(text))
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.contains(where: { $0 != "." }) else {
            return String(text)
        }
        return String(text.dropLast(name.distance(from: dot, to: name.endIndex)))
    }

    /// The names in a folder, less "." and "..", in the order the file system gives them, at most `limit` of them;
    /// nil when it cannot be read (or `path` is not a folder), including a read error partway through. A name that
    /// is not UTF-8 comes back with U+FFFD in place of its bad bytes (and names no file); `removeTree` keeps bytes.
    package static func names(in path: String, limit: Int = .max) -> [String]? {
        rawNames(in: Array(path.utf8CString), limit: limit)?.map {
            String(decoding: $0.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The names in a folder as the file system's bytes, each with its terminating zero.
    static func rawNames(in path: [CChar], limit: Int = .max) -> [[CChar]]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [[CChar]] = []
        while names.count < limit {
            errno = 0
            guard let entry = readdir(folder) else {
                if errno != 0 { return nil }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }) + [0]
            }
            if name != [46, 0] && name != [46, 46, 0] { names.append(name) }
        }
        return names
    }

    /// The path with "." and empty components dropped and ".." taken back lexically ("/a/./b/../c/" → "/a/c"), as
    /// `NSString.standardizingPath` gives it for a path whose links are already resolved.
    package static func standardized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty && !path.isEmpty ? "." : joined)
    }

    /// The current working folder, or nil when it cannot be named (removed, or longer than `PATH_MAX`).
    package static func currentFolder() -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(PATH_MAX) + 1) { buffer in
            guard let base = buffer.baseAddress, getcwd(base, buffer.count) != nil else { return nil }
            return String(cString: base)
        }
    }

    /// The deepest folder `removeTree` goes into below the one it removes (deeper ones are left, with their parents).
    static let maxRemoveDepth = 256

    /// Removes `path` and, when it is a folder, everything in it, never following a link (a link is removed, not
    /// what it names) and never going into another file system mounted inside it (as FileManager's `FTS_XDEV` walk
    /// did). Names are used as the file system's bytes, UTF-8 or not. What cannot be removed is left; the walk holds
    /// one list of names per level at a time.
    package static func removeTree(_ path: String) {
        let root = Array(path.utf8CString)
        var info = stat()
        guard lstat(root, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            unlink(root)
            return
        }
        let device = info.st_dev
        // Folders still to empty, each with the names left in it (listed when it is first reached).
        var stack: [(path: [CChar], names: [[CChar]])] = [(root, rawNames(in: root) ?? [])]
        while var top = stack.popLast() {
            guard let name = top.names.popLast() else {
                rmdir(top.path)
                continue
            }
            stack.append(top)
            let child = top.path.dropLast() + [CChar(UInt8(ascii: "/"))] + name
            if lstat(child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR {
                if info.st_dev == device && stack.count <= maxRemoveDepth {
                    stack.append((child, rawNames(in: child) ?? []))
                }
            } else {
                unlink(child)
            }
        }
    }

    /// The whole environment, name by value (the first of a name given twice), as `ProcessInfo` gives it.
    package static func environment() -> [String: String] {
        var values: [String: String] = [:]
        var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        while let pointer = entry?.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "="), values[String(text[..<equals])] == nil {
                values[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry = entry?.advanced(by: 1)
        }
        return values
    }

    /// An environment variable's value.
    package static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// The processors this process may use: the CPUs its affinity mask allows (`Cpus_allowed` in /proc/self/status,
    /// so `taskset` counts), fewer when a CPU quota allows fewer, rounded up (cgroup v2's /sys/fs/cgroup/cpu.max, or
    /// v1's cpu.cfs_quota_us over cpu.cfs_period_us); the online CPUs where neither can be read; at least 1.
    package static var processorCount: Int {
        var count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        if let status = try? FileInput.read("/proc/self/status", maxBytes: 1 << 16, what: "process status"),
            let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: {
                $0.hasPrefix("Cpus_allowed:")
            })
        {
            let mask = line.dropFirst("Cpus_allowed:".count).filter { $0 != "," && $0 != " " && $0 != "\t" }
            let allowed = mask.reduce(0) { $0 + (Int(String($1), radix: 16) ?? 0).nonzeroBitCount }
            if allowed > 0 { count = allowed }
        }
        func number(_ path: String) -> [Int]? {
            guard let bytes = try? FileInput.read(path, maxBytes: 256, what: "cgroup quota") else { return nil }
            let fields = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
            return fields.compactMap { Int($0) }.count == fields.count ? fields.compactMap { Int($0) } : nil
        }
        let quota: [Int]? =
            number("/sys/fs/cgroup/cpu.max")
            ?? number("/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap { q in
                number("/sys/fs/cgroup/cpu/cpu.cfs_period_us").map { q + $0 }
            }
        if let quota, quota.count == 2, quota[0] > 0, quota[1] > 0 {
            count = min(count, (quota[0] + quota[1] - 1) / quota[1])
        }
        return max(1, count)
    }

    /// Writes `text` to standard error, all of it (retrying interrupted and partial writes); errors are ignored, as
    /// there is nowhere left to report them.
    package static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
