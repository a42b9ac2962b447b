import Foundation
import Testing

/// `render-grid verify` on the real executable, with one pair of the pattern gallery (`PatternGalleryTests` in
/// GridToolsTests checks what verify finds for every pair): the naive scenario exits 1 naming its pattern in the
/// text and in `--json`, with every field; its correct twin exits 0 with no pattern.
@Suite struct VerifyCommandTests {
    @Test func naiveExitsOneNamingItsPatternAndCorrectExitsZero() throws {
        let naive = "Scenarios/patterns/01-seam-at-wrap-naive.json"
        let json = try CLI.run(["verify", naive, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let patterns = (object?["patterns"] as? [[String: Any]]) ?? []
        #expect(json.status == 1 && patterns.compactMap { $0["pattern"] as? Int } == [1], "\(json.stdout)")
        for key in ["name", "frame", "expected", "actual", "fix"] {
            #expect(patterns.first?[key] != nil, "pattern 1 without \(key)")
        }
        let text = try CLI.run(["verify", naive])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("pattern 1 (") && $0.contains("; fix: ") },
                "no 'pattern 1 (' line\n\(text.stdout)")
        let correct = try CLI.run(["verify", naive.replacingOccurrences(of: "-naive", with: "-correct"), "--json"])
        let twin = try JSONSerialization.jsonObject(with: Data(correct.stdout.utf8)) as? [String: Any]
        #expect(correct.status == 0 && (twin?["patterns"] as? [Any])?.isEmpty == true, "\(correct.stdout)")
    }
}
