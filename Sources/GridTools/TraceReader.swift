import Foundation

/// The fields of trace.jsonl that the tools use, read leniently (one bad line does not stop a plot).
public struct TraceFrame: Sendable {
    public var frame: Int
    public var t: Double
    public var phase: String
    public var offsetX: Double
    public var offsetY: Double
    public var recenterX: Double?
    public var recenterY: Double?
    public var events: [String]
    public var live: Int
    public var pool: Int
    public var edgeHit: Bool
}

public enum TraceReader {
    /// Reads a trace file; malformed lines are an error naming the line.
    public static func read(_ path: String) throws -> [TraceFrame] {
        guard let data = FileManager.default.contents(atPath: path) else { throw DiffInputError(message: "cannot read trace \(path)") }
        var frames: [TraceFrame] = []
        for (n, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() where !line.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let frame = object["frame"] as? Int, let t = object["t"] as? Double ?? (object["t"] as? Int).map(Double.init),
                  let offset = object["contentOffset"] as? [String: Any] else {
                throw DiffInputError(message: "\(path): line \(n + 1) is not a render-grid trace line")
            }
            func number(_ v: Any?) -> Double? { (v as? Double) ?? (v as? Int).map(Double.init) }
            let recenter = object["recenter"] as? [String: Any]
            let stats = object["stats"] as? [String: Any] ?? [:]
            let events = (object["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            frames.append(TraceFrame(frame: frame, t: t, phase: object["phase"] as? String ?? "?",
                                     offsetX: number(offset["x"]) ?? 0, offsetY: number(offset["y"]) ?? 0,
                                     recenterX: number(recenter?["x"]), recenterY: number(recenter?["y"]),
                                     events: events, live: stats["live"] as? Int ?? 0, pool: stats["pool"] as? Int ?? 0,
                                     edgeHit: object["edgeHit"] as? Bool ?? false))
        }
        return frames
    }

    /// The trace in a render folder: trace.jsonl, or the trace_*.jsonl of split renders, merged.
    public static func read(folder: String) -> [TraceFrame] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0 == "trace.jsonl" || ($0.hasPrefix("trace_") && $0.hasSuffix(".jsonl")) }.sorted()
        let frames = names.flatMap { (try? read((folder as NSString).appendingPathComponent($0))) ?? [] }
        var seen = Set<Int>()
        return frames.filter { seen.insert($0.frame).inserted }.sorted { $0.frame < $1.frame }
    }
}
