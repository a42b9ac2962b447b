public import Foundation

/// A small tmpfs mounted on a fresh temporary folder for one test (a full disk, a read-only file
/// system), unmounted and removed when released. Nil where mounting is not allowed (not root).
public final class TemporaryMount {
    public let url: URL

    /// Mounts a tmpfs with `options` (e.g. "size=1m" or "ro,size=1m"), or returns nil.
    public init?(options: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-mount-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)) != nil else { return nil }
        guard TemporaryMount.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
    }

    deinit {
        _ = TemporaryMount.run("/bin/umount", [url.path])
        try? FileManager.default.removeItem(at: url)
    }

    static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
