/// Everything that can be wrong with a scenario, with what a user needs to fix it:
/// the JSON path (`steps[3].drag.duration`), what was found and what is allowed.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case malformedJSON
        case wrongType
        case missingKey
        case unknownKey
        case unknownStep
        case outOfRange
        case invalidValue
        case limitExceeded
        /// The scenario is valid JSON but cannot be simulated (e.g. an animated scroll too far to represent).
        case simulation
    }

    /// The `Limits` setting a `.limitExceeded` error ran into, so a caller can say how to raise it
    /// (the CLI adds its flag); nil for limits that cannot be raised.
    public enum Limit: String, Sendable {
        case maxFrames, maxPixelsPerFrame, maxFileBytes
    }

    public var kind: Kind
    /// JSON path of the offending value; empty for the document itself.
    public var path: String
    public var message: String
    public var limit: Limit?

    public init(kind: Kind, path: String, message: String, limit: Limit? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.limit = limit
    }

    /// One line: control characters from the input (in a key, say) are shown escaped.
    public var description: String {
        let text = path.isEmpty ? message : "\(path): \(message)"
        var line = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                line += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        return line
    }
}

/// Input text as quoted in a message or path: at most `limit` characters, so that an error stays one
/// readable line whatever the input (a key can be megabytes long).
func excerpt(_ text: String, limit: Int = 60) -> String {
    text.count > limit ? String(text.prefix(limit)) + "…" : text
}

/// Suggests the closest known name for a misspelt key or step ("did you mean"). Candidates whose
/// length alone differs by more than the allowed distance are skipped without computing it, so a
/// megabyte-long key costs no more than reading it.
func closestName(to name: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
    let lowered = Array(name.lowercased())
    let allowed = max(2, name.count / 3)
    let scored = candidates.compactMap { candidate -> (String, Int)? in
        let other = Array(candidate.lowercased())
        guard abs(lowered.count - other.count) <= allowed else { return nil }  // the distance is at least that
        return (candidate, distance(lowered, other))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= allowed ? best.0 : nil
}
