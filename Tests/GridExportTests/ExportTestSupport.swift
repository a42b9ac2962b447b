import Foundation
import GridExport

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A small, fast scenario (a drag with momentum and a recenter, at scale 1) with `style` as its
/// style object's members.
func smallScenario(style: String = "") -> String {
    """
    { "name": "small", "viewport": { "width": 120, "height": 90, "scale": 1 }, "fps": 30,
      "scroll": { "recenter": "threshold", "contentSize": { "width": 800, "height": 800 } },
      "style": { \(style) },
      "steps": [ { "drag": { "by": { "x": -150, "y": 60 }, "duration": 0.2 } }, { "wait": { "until": "idle", "max": 2 } },
                 { "wait": { "duration": 0.2 } } ] }
    """
}

@discardableResult
func write(_ text: String, to folder: URL, as name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
}

/// A copy of DejaVu Sans at `folder/name`.
func copyDefaultFont(to folder: URL, as name: String) throws {
    let url = folder.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: FontFile.defaultPath(), toPath: url.path)
}
