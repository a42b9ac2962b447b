import Foundation
import Testing
import GridExport
@testable import GridTools
import Rasterizer
import TestSupport

/// The modules `render-grid` links do without Foundation (it took about 4 ms of every process's start); what they
/// use instead gives what Foundation gave, checked here against Foundation itself.
@Suite struct WithoutFoundationTests {
    static let paths = [
        "", "/", "a", "a/", "/a", "/a/", "a/b", "a/b/", "/a/b", "a//b", "a/b//", "./a", "../a", "a/./b", "a/../b",
        "/a/../..", "a/b.c", "a.b/c", "a/.c", "a/b.c.d", ".", "..", "/..", "a/b.", "a b/c é.png", "//a//b//",
    ]

    @Test func pathTextMatchesNSString() {
        for path in Self.paths {
            let ns = path as NSString
            #expect(FilePaths.lastComponent(path) == ns.lastPathComponent, "lastComponent(\(path))")
            // (swift-corelibs-foundation traps on a relative path of one component: "a", "a/", ".".)
            if path.dropLast(path.hasSuffix("/") ? 1 : 0).contains("/") || path.isEmpty || path == ".." {
                #expect(FilePaths.deletingLastComponent(path) == ns.deletingLastPathComponent, "deletingLastComponent(\(path))")
            }
            #expect(FilePaths.deletingExtension(path) == ns.deletingPathExtension, "deletingExtension(\(path))")
            for name in ["x", "x.png", "report.html"] where !path.isEmpty {
                #expect(FilePaths.join(path, name) == ns.appendingPathComponent(name), "join(\(path), \(name))")
            }
        }
        for path in Self.paths where path.hasPrefix("/") {
            #expect(FilePaths.standardized(path) == (path as NSString).standardizingPath, "standardized(\(path))")
        }
    }

    @Test func numbersFormatAsStringFormat() {
        var generator = SplitMix64(state: 26)
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -2.5, 0.125, 1e9, 1e-9, 12345.6789, -1e300, 99999.95, .pi]
        for _ in 0..<500 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for value in values {
            for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.2g", "%.3g", "%.6g", "%.0fk", "%.3f s"] {
                #expect(CFormat.string(format, value) == String(format: format, value), "\(format) of \(value)")
            }
        }
    }

    @Test func base64MatchesData() {
        var generator = SplitMix64(state: 64)
        for count in [0, 1, 2, 3, 4, 5, 6, 7, 100, 1001] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(HTMLReport.base64(bytes) == Data(bytes).base64EncodedString(), "\(count) bytes")
        }
    }

    @Test func processorsAndEnvironmentMatchProcessInfo() {
        // The affinity mask's CPUs (a cgroup quota may allow fewer), as many as ProcessInfo counts on an unrestricted
        // machine like this one.
        #expect((1...max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))).contains(FilePaths.processorCount))
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let mask = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }),
            !FileManager.default.fileExists(atPath: "/sys/fs/cgroup/cpu.max"),
            !FileManager.default.fileExists(atPath: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
        {
            let bits = mask.dropFirst("Cpus_allowed:".count).compactMap { Int(String($0), radix: 16)?.nonzeroBitCount }
            #expect(FilePaths.processorCount == bits.reduce(0, +))
        }
        #expect(FilePaths.environment() == ProcessInfo.processInfo.environment)
        #expect(FilePaths.environment("PATH") == ProcessInfo.processInfo.environment["PATH"])
        #expect(FilePaths.currentFolder() == FileManager.default.currentDirectoryPath)
    }

    /// A tree with hidden files, a folder named *.png, nested folders, a link to a file and a link to a folder.
    static func tree() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-nofoundation-\(UUID().uuidString)")
        let fm = FileManager.default
        for folder in ["a/b/c", "d.png", ".hidden", "e"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["1.png", "a/2.PNG", "a/b/3.png", "a/b/c/4.png", ".5.png", ".hidden/6.png", "e/7.txt", "d.png/8.png"] {
            try Data("x".utf8).write(to: root.appendingPathComponent(file))
        }
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("link.png").path, withDestinationPath: "1.png")
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("e/away").path, withDestinationPath: "../a")
        return root
    }

    @Test func namesMatchContentsOfDirectory() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(FilePaths.names(in: root.path)?.sorted() == (try FileManager.default.contentsOfDirectory(atPath: root.path)).sorted())
        #expect(FilePaths.names(in: root.path, limit: 2)?.count == 2)
        #expect(FilePaths.names(in: root.appendingPathComponent("1.png").path) == nil)
        #expect(FilePaths.names(in: root.appendingPathComponent("missing").path) == nil)
    }

    /// The PNGs `diff` finds in a folder: what FileManager's enumerator found (links are not followed into).
    @Test func pngWalkMatchesTheEnumerator() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        var expected: [String] = []
        let walker = try #require(FileManager.default.enumerator(atPath: root.path))
        while let rel = walker.nextObject() as? String {
            let isFolder = walker.fileAttributes?[.type] as? FileAttributeType == .typeDirectory
            if rel.lowercased().hasSuffix(".png") && !(rel as NSString).lastPathComponent.hasPrefix(".") && !isFolder {
                expected.append(rel)
            }
        }
        #expect(try ImageDiff.pngFiles(in: root.path, maxEntries: 100) == expected.sorted())
        #expect(try ImageDiff.pngFiles(in: root.path, maxEntries: 100) == [".hidden/6.png", "1.png", "a/2.PNG", "a/b/3.png", "a/b/c/4.png", "d.png/8.png", "link.png"])
        // 16 entries in all (links and hidden ones count): 16 is within the limit, 15 is not.
        #expect(try ImageDiff.pngFiles(in: root.path, maxEntries: 16).count == 7)
        #expect(throws: ToolError.self) { try ImageDiff.pngFiles(in: root.path, maxEntries: 15) }
        #expect(throws: ToolError.self) { try ImageDiff.pngFiles(in: root.path, maxEntries: 5) }
        #expect(throws: ToolError.self) { try ImageDiff.pngFiles(in: root.path, maxEntries: -1) }
        #expect(try ImageDiff.pngFiles(in: root.path, maxEntries: .max).count == 7)
    }

    /// A removed tree takes its links with it, never what they name.
    @Test func removeTreeDoesNotFollowLinks() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("a")
        FilePaths.removeTree(root.appendingPathComponent("e").path)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("e").path))
        #expect(FileManager.default.fileExists(atPath: outside.appendingPathComponent("b/c/4.png").path))
        // A name that is not UTF-8 is removed too (the walk keeps the file system's bytes).
        let odd = root.path + "/a/b/"
        let fd = open(odd + "\u{FF}", O_CREAT | O_WRONLY, 0o644)
        var bad = Array(odd.utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]
        let rawFd = open(&bad, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0 && rawFd >= 0)
        close(fd)
        close(rawFd)
        FilePaths.removeTree(root.path)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    /// A file system mounted inside a removed tree is left with everything on it (as FileManager's walk left it).
    @Test func removeTreeStaysOnItsFileSystem() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(at: root) }
        let mountPoint = root.appendingPathComponent("a/mounted")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        func run(_ tool: String, _ arguments: [String]) throws -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            process.standardError = Pipe()
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
        guard try run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path]) else {
            print("mounting is not allowed here; skipped")
            return
        }
        defer { _ = try? run("/bin/umount", [mountPoint.path]) }
        let kept = mountPoint.appendingPathComponent("kept.txt")
        try Data("on another file system".utf8).write(to: kept)
        FilePaths.removeTree(root.path)
        #expect(FileManager.default.fileExists(atPath: kept.path), "the mounted file system was emptied")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("1.png").path))
        // diff's walk does not go there either.
        try Data("x".utf8).write(to: mountPoint.appendingPathComponent("9.png"))
        #expect(try ImageDiff.pngFiles(in: root.path, maxEntries: 100).allSatisfy { !$0.hasPrefix("a/mounted/") })
    }

    /// No module the command links imports Foundation, and the command does not load it.
    @Test func theCommandsModulesDoNotImportFoundation() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        for module in ["GridModel", "Rasterizer", "GridExport", "GridTools", "render-grid"] {
            let folder = sources.appendingPathComponent(module)
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            while let rel = walker.nextObject() as? String {
                guard rel.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(rel), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("import Foundation") {
                    Issue.record("\(module)/\(rel): \(line)")
                }
            }
        }
    }
}
