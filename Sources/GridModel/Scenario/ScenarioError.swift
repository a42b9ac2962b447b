/// Everything that can be wrong with a scenario, with what a user needs to fix it:
/// the JSON path (`steps[3].drag.duration`), what was found and what is allowed.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, CaseIterable {
        /// The bytes are not JSON (or not UTF-8).
        case malformedJSON
        /// A value of the wrong JSON type (a string where a number belongs).
        case wrongType
        /// A required key is absent.
        case missingKey
        /// A key the schema does not have (the message suggests the nearest one).
        case unknownKey
        /// A step of an unknown kind.
        case unknownStep
        /// A number outside its allowed range.
        case outOfRange
        /// A value that is not one of the allowed ones, or a combination that cannot work.
        case invalidValue
        /// The scenario runs into one of the `Limits` (`limit` names which, if it can be raised).
        case limitExceeded
        /// The scenario is valid JSON but cannot be simulated (e.g. an animated scroll too far to represent).
        case simulation
    }

    /// The `Limits` setting a `.limitExceeded` error ran into, so a caller can say how to raise it
    /// (the CLI adds its flag); nil for limits that cannot be raised.
    public enum Limit: String, Sendable {
        /// The `Limits` property of that name.
        case maxFrames, maxPixelsPerFrame, maxFileBytes
    }

    /// What is wrong.
    public var kind: Kind
    /// JSON path of the offending value; empty for the document itself.
    public var path: String
    /// What was found and what is allowed, in one line.
    public var message: String
    /// For `.limitExceeded`: the limit that can be raised, or nil.
    public var limit: Limit?

    /// An error at JSON path `path`.
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
                line +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
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
package func closestName(to name: String, in candidates: [String]) -> String? {
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
