import Foundation
import Testing
@testable import GridTools

/// The tools' JSON reports escape every string (verify's failure details once went out raw).
@Suite struct JSONTextTests {
    static let hostile = ["plain", "quote \" here", "back\\slash", "line\nbreak", "tab\tand\r", "nul \u{0} del \u{7F}", "é 💥 (1,000, -2,000)"]

    @Test(arguments: hostile)
    func stringsRoundTrip(_ text: String) throws {
        let literal = JSONText.string(text)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
        #expect(!literal.contains("\n"))
    }

    @Test func verifyReportIsValidJSONWhateverTheDetail() throws {
        var report = VerifyReport()
        for (i, text) in Self.hostile.enumerated() {
            report.failures.append(.init(kind: .coverage, frame: i, detail: text))
        }
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
        let details = (object?["failures"] as? [[String: Any]])?.compactMap { $0["detail"] as? String }
        #expect(details == Self.hostile)
    }
}
