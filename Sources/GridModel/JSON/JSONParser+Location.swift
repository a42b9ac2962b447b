extension JSONParser {
    /// "line L, column C" where the value at `path` (a decoder path such as `steps[3].drag.by`) starts in
    /// `bytes`, or nil when the bytes do not parse or hold no such value. Parses again, recording where
    /// each value starts, so the decoder pays for it only when it reports an error.
    static func location(of path: String, in bytes: [UInt8]) -> String? {
        guard let (root, offsets) = try? parse(bytes, recordingOffsets: true) else { return nil }
        var value = root
        var order = 0
        var rest = Substring(path)
        while !rest.isEmpty {
            switch value {
            case .array(let items):
                guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]"),
                    let i = Int(rest[rest.index(after: rest.startIndex)..<close]), items.indices.contains(i)
                else { return nil }
                order += 1 + items[..<i].reduce(0) { $0 + $1.valueCount }
                value = items[i]
                rest = rest[rest.index(after: close)...]
            case .object(let members):
                if order > 0, rest.hasPrefix(".") { rest = rest.dropFirst() }
                // The longest key the path goes on with (a key may itself hold '.' or '[').
                var found: Int? = nil
                for (i, member) in members.enumerated()
                where rest == member.0 || rest.hasPrefix(member.0 + ".") || rest.hasPrefix(member.0 + "[") {
                    if found == nil || member.0.count > members[found!].0.count { found = i }
                }
                guard let i = found else { return nil }
                order += 1 + members[..<i].reduce(0) { $0 + $1.1.valueCount }
                value = members[i].1
                rest = rest.dropFirst(members[i].0.count)
            default:
                return nil
            }
        }
        guard offsets.indices.contains(order) else { return nil }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return start.withUnsafeBufferPointer { position(of: offsets[order], in: $0) }
    }
}

extension JSONValue {
    /// How many values this one holds, itself included (its pre-order size).
    var valueCount: Int {
        switch self {
        case .array(let items): return 1 + items.reduce(0) { $0 + $1.valueCount }
        case .object(let members): return 1 + members.reduce(0) { $0 + $1.1.valueCount }
        default: return 1
        }
    }
}
