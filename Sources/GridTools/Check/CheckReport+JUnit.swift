extension CheckReport {
    /// The run as JUnit XML (`render-grid check --junit FILE`), the format GitHub, GitLab and Jenkins read:
    /// one `<testsuite name="render-grid check">` with one `<testcase classname="render-grid.check">` per
    /// scenario (and per obsolete golden), in the order they were checked. A failed, missing or obsolete
    /// scenario has a `<failure>` whose `message` is its summary and whose text is its details, its first
    /// failing frame and the images written for it (or the summary again when there are none); a recorded or
    /// pruned one says so in `<system-out>`.
    ///
    /// Every name and text is escaped for XML, and characters XML 1.0 cannot carry at all (NUL and other
    /// controls, U+FFFE, U+FFFF) are written as visible `\u{XXXX}`, so the file is well-formed whatever
    /// the scenario names and details hold.
    ///
    /// ```swift
    /// let xml = CheckReport.junit(outcome)
    /// // <?xml version="1.0" encoding="UTF-8"?>
    /// // <testsuite name="render-grid check" tests="1" failures="1" errors="0" skipped="0" time="0.412">
    /// //   <testcase classname="render-grid.check" name="long-fling" time="0.412" file="long-fling.json">
    /// //     <failure message="frame 139 of 218 differs: 52,113 pixels" type="failed">...</failure>
    /// ```
    public static func junit(_ o: CheckOutcome) -> String {
        let failures = o.scenarios.filter { !$0.verdict.isPass && $0.verdict != .error }.count
        let errors = o.scenarios.filter { $0.verdict == .error }.count
        let total = o.scenarios.reduce(0.0) { $0 + seconds($1.seconds) }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuite name=\"render-grid check\" tests=\"\(o.scenarios.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        xml += " time=\"\(secondsText(total))\">\n"
        xml += "  <properties>\n"
        xml += "    <property name=\"goldens\" value=\"\(xmlAttribute(o.goldensPath))\"/>\n"
        xml += "    <property name=\"recordMode\" value=\"\(o.recordMode.rawValue)\"/>\n"
        xml += "    <property name=\"metric\" value=\"\(xmlAttribute(o.metric))\"/>\n"
        xml += "  </properties>\n"
        for s in o.scenarios {
            xml +=
                "  <testcase classname=\"render-grid.check\" name=\"\(xmlAttribute(s.name))\" time=\"\(secondsText(s.seconds))\""
            if let path = s.scenarioPath { xml += " file=\"\(xmlAttribute(path))\"" }
            var body: [String] = []
            if s.verdict == .error {
                body.append(
                    "    <error message=\"\(xmlAttribute(s.summary))\" type=\"error\">" + xmlText(s.summary)
                        + "</error>")
            } else if !s.verdict.isPass {
                var lines = s.details
                if let frame = s.firstFailingFrame {
                    lines.append(
                        "first failing frame: \(frame) ("
                            + (ScenarioOutcome.failingFramesText(s.failingFrameCount) ?? "") + ")")
                }
                lines += s.artifacts.map { "\($0.kind.rawValue) image: \($0.path)" }
                if lines.isEmpty { lines = [s.summary] }
                body.append(
                    "    <failure message=\"\(xmlAttribute(s.summary))\" type=\"\(s.verdict.rawValue)\">"
                        + xmlText(lines.joined(separator: "\n")) + "</failure>")
            } else if s.verdict != .passed {
                body.append(
                    "    <system-out>"
                        + xmlText(([s.verdict.rawValue + ": " + s.summary] + s.details).joined(separator: "\n"))
                        + "</system-out>")
            }
            xml += body.isEmpty ? "/>\n" : ">\n" + body.joined(separator: "\n") + "\n  </testcase>\n"
        }
        xml += "</testsuite>\n"
        return xml
    }

    /// `text` for an XML attribute value in double quotes: `&`, `<`, `>`, `"` and `'` as entities, tab and
    /// line breaks as character references (so attribute normalization keeps them), characters XML cannot
    /// carry as visible `\u{XXXX}`.
    static func xmlAttribute(_ text: String) -> String {
        Markup.entities(
            Markup.visible(text),
            [
                "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\t": "&#9;", "\n": "&#10;",
                "\r": "&#13;",
            ])
    }

    /// `text` for XML character data: `&`, `<` and `>` as entities (so `]]>` cannot appear), carriage
    /// returns as `&#13;` (which parsers would otherwise turn into line feeds), characters XML cannot carry
    /// as visible `\u{XXXX}`.
    static func xmlText(_ text: String) -> String {
        Markup.entities(Markup.visible(text), ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"])
    }
}
