// TEMPORARY (golden branch): the contract's API with trivial bodies, replaced by report's at merge.
import Foundation

/// The texts of a check run: HTML report, JUnit XML and JSON.
public enum CheckReport {
    /// A minimal HTML page listing the scenarios and their verdicts.
    public static func html(_ o: CheckOutcome) -> String {
        var out = "<!doctype html><meta charset=utf-8><title>render-grid check</title><ul>\n"
        for s in o.scenarios {
            out += "<li>\(escape(s.name)): \(s.verdict.rawValue): \(escape(s.summary))"
            for a in s.artifacts { out += " <a href=\"\(escape(a.path))\">\(a.kind.rawValue) \(a.frame)</a>" }
            out += "</li>\n"
        }
        return out + "</ul>\n"
    }

    /// A minimal JUnit XML document, one test case per scenario.
    public static func junit(_ o: CheckOutcome) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"render-grid check\" tests=\"\(o.scenarios.count)\" failures=\"\(o.scenarios.filter { !$0.verdict.isPass }.count)\">\n"
        for s in o.scenarios {
            out += "  <testcase name=\"\(escape(s.name))\">"
            if !s.verdict.isPass { out += "<failure message=\"\(escape(s.summary))\"/>" }
            out += "</testcase>\n"
        }
        return out + "</testsuite>\n"
    }

    /// A minimal JSON object: whether the run passed and each scenario's name and verdict.
    public static func json(_ o: CheckOutcome) -> String {
        let items = o.scenarios.map { "{\"name\":\(JSONText.string($0.name)),\"verdict\":\"\($0.verdict.rawValue)\",\"summary\":\(JSONText.string($0.summary))}" }
        return "{\"passed\":\(o.passed),\"scenarios\":[\(items.joined(separator: ","))]}"
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
