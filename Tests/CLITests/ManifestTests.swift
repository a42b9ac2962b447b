import Foundation
import Testing

/// What `Package.swift` asks of a debug build, read back from `swift package dump-package` (the manifest as SwiftPM
/// evaluates it, with its cache off): the C kernels at -O2 and the Swift libraries at -O; nothing with
/// `RENDER_GRID_ONONE` set (for a debugger); nothing at a tagged commit, where SwiftPM would refuse unsafe flags in a
/// dependency pinned to that version.
@Suite struct ManifestTests {
    static let optimised: [String: [String]] = [
        "CPNGCodec": ["-O2"], "CPixels": ["-O2"], "GridModel": ["-O"], "Rasterizer": ["-O"], "GridExport": ["-O"],
        "GridTools": ["-O"], "HeadlessUIKit": ["-O"],
    ]

    /// Every target's unsafe flags, each with the configuration it is limited to.
    static func unsafeFlags(in folder: URL, environment extra: [String: String] = [:]) throws -> [String: [String]] {
        let scratch = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try CLI.run(
            ["swift", "package", "--package-path", folder.path, "--scratch-path", scratch.path, "--manifest-cache", "none",
             "dump-package"],
            environment: ProcessInfo.processInfo.environment.merging(extra) { $1 }, program: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(result.status == 0, "dump-package: \(result.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var flags: [String: [String]] = [:]
        for case let target as [String: Any] in manifest["targets"] as? [Any] ?? [] {
            let name = target["name"] as? String ?? "?"
            for case let setting as [String: Any] in target["settings"] as? [Any] ?? [] {
                guard let kind = setting["kind"] as? [String: Any], let unsafe = kind["unsafeFlags"] as? [String: Any],
                    let values = unsafe["_0"] as? [String]
                else { continue }
                let condition = setting["condition"] as? [String: Any]
                #expect(condition?["config"] as? String == "debug", "\(name)'s \(values) are for debug builds only")
                flags[name, default: []] += values
            }
        }
        return flags
    }

    @Test func debugBuildsAreOptimisedUnlessAskedNotTo() throws {
        #expect(try Self.unsafeFlags(in: CLI.packageRoot) == Self.optimised)
        #expect(try Self.unsafeFlags(in: CLI.packageRoot, environment: ["RENDER_GRID_ONONE": "1"]) == [:])
    }

    /// The manifest in a repository of its own: with flags on an untagged commit, none once it is tagged.
    @Test func aTaggedCommitHasNoUnsafeFlags() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("Package.swift"), to: folder.appendingPathComponent("Package.swift"))
        func git(_ arguments: String...) throws {
            let result = try CLI.run(arguments, in: folder, program: URL(fileURLWithPath: "/usr/bin/git"))
            try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        try git("init", "-q")
        try git("add", "Package.swift")
        try git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "manifest")
        #expect(try Self.unsafeFlags(in: folder) == Self.optimised)
        try git("tag", "1.0.0")
        #expect(try Self.unsafeFlags(in: folder) == [:])
    }
}

/// The command loads no Foundation (its modules do without it: about 4 ms of every process's start).
@Suite struct LinkedLibrariesTests {
    @Test func theCommandDoesNotLoadFoundation() throws {
        let result = try CLI.run([CLI.executable.path], program: URL(fileURLWithPath: "/usr/bin/ldd"))
        try #require(result.status == 0, "ldd: \(result.stderr)")
        #expect(result.stdout.contains("libpng"), "ldd lists the libraries: \(result.stdout)")
        #expect(!result.stdout.contains("libFoundation"), "\(result.stdout)")
    }
}
