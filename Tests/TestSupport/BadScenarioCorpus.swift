public import Foundation

/// One bad scenario of the shared corpus (`Tests/TestSupport/BadScenarios/`), with the error it must give, as
/// listed in `expected.tsv`: the error kind, the JSON path (empty for the document) and, optionally, a text the
/// message must contain. GridModelTests decode every file in-process; CLITests run one file of each kind through
/// the real executable.
public struct BadScenario: Sendable, CustomStringConvertible {
    public var file: String
    /// `ScenarioError.Kind`'s raw value.
    public var kind: String
    public var path: String
    /// Text the error message must contain; empty when the kind and path say enough.
    public var mentions: String
    public var description: String { file }

    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadScenarios")

    /// Every row of expected.tsv, in order.
    public static let all: [BadScenario] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func field(_ i: Int) -> String { i < parts.count ? parts[i] : "" }
            return BadScenario(file: field(0), kind: field(1), path: field(2), mentions: field(3))
        }
    }()

    /// The first corpus file of each error kind, in table order.
    public static var onePerKind: [BadScenario] {
        var seen = Set<String>()
        return all.filter { seen.insert($0.kind).inserted }
    }

    /// The `schema-*` rows: the rules that join keys and the string lengths the schema and the decoder must agree
    /// on (they were inline cases of the schema's agreement test).
    public static var schemaRules: [BadScenario] { all.filter { $0.file.hasPrefix("schema-") } }

    public var url: URL { BadScenario.folder.appendingPathComponent(file) }

    /// The file's bytes.
    public func bytes() throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
