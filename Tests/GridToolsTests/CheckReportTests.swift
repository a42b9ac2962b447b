import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestSupport
@testable import GridTools

/// The reports of `render-grid check`: JSON with a fixed key order, JUnit XML that real parsers read
/// whatever the names hold, and one self-contained report.html with escaped text and relative links.
@Suite struct CheckReportTests {
    /// Strings that break naive writers: markup, quotes, CDATA ends, NUL and other controls, noncharacters.
    static let hostile = ["<script>alert(1)</script>", "quote \" and ' here", "a & b; &amp; <![CDATA[x]]> ]]>",
                          "nul \u{0} bel \u{7} esc \u{1B} del \u{7F} c1 \u{85}", "non\u{FFFE}char \u{FFFF}", "line\nbreak\r\ncr\ttab",
                          "émoji 💥 (1,000, -2,000)", "\u{202E}rtl", "--> <!-- x"]

    static func outcome() -> CheckOutcome {
        var scenarios: [ScenarioOutcome] = [
            ScenarioOutcome(name: "ok", scenarioPath: "Scenarios/ok.json", verdict: .passed, summary: "218 frames match",
                            frameCount: 218, seconds: 0.25),
            ScenarioOutcome(name: "long-fling", scenarioPath: "Scenarios/long-fling.json", verdict: .failed,
                            summary: "frame 139 of 218 differs: 52,113 pixels",
                            details: ["frame 139: expected recenter (shift 0, -1004), got none; first recenter now at frame 141",
                                      "didEndDecelerating: 2.850 s -> 3.117 s"],
                            frameCount: 218, firstFailingFrame: 139, failingFrameCount: 12,
                            artifacts: [.init(kind: .expected, frame: 139, path: "long-fling/frame-139-expected.png"),
                                        .init(kind: .actual, frame: 139, path: "long-fling/frame-139-actual.png"),
                                        .init(kind: .diff, frame: 139, path: "long-fling/frame-139-diff.png"),
                                        .init(kind: .animation, frame: 139, path: "long-fling/failing-139-150.png")],
                            seconds: 1.5),
            ScenarioOutcome(name: "new", scenarioPath: "Scenarios/new.json", verdict: .missing, summary: "no golden; recorded one"),
            ScenarioOutcome(name: "gone", scenarioPath: nil, verdict: .obsolete, summary: "golden without a scenario"),
            ScenarioOutcome(name: "again", scenarioPath: "again.json", verdict: .recorded, summary: "re-recorded"),
        ]
        for (i, text) in hostile.enumerated() {
            scenarios.append(ScenarioOutcome(name: text, scenarioPath: text + ".json", verdict: i % 2 == 0 ? .failed : .passed,
                                             summary: text, details: [text, "second " + text], frameCount: 3,
                                             firstFailingFrame: i % 2 == 0 ? 1 : nil, failingFrameCount: i % 2 == 0 ? 1 : 0,
                                             artifacts: [.init(kind: .actual, frame: 1, path: "\(text)/frame-1-actual.png")],
                                             seconds: i == 1 ? .nan : Double(i)))
        }
        return CheckOutcome(goldensPath: "Scenarios/Goldens <&>", recordMode: .never, scenarios: scenarios)
    }

    // MARK: JSON

    @Test func jsonHasAFixedShapeAndOrder() throws {
        let o = Self.outcome()
        let text = CheckReport.json(o)
        #expect(text.hasPrefix(#"{"passed":false,"goldens":"Scenarios/Goldens <&>","recordMode":"never","metric":"exact (a pixel differs when any of its RGBA bytes differs)","counts":{"passed":5,"failed":6,"missing":1,"recorded":1,"obsolete":1,"pruned":0,"error":0},"scenarios":["#))
        let lines = text.split(separator: "\n")
        #expect(lines.count == o.scenarios.count + 2, "one line per scenario")
        #expect(lines[2] == #"{"name":"long-fling","scenario":"Scenarios/long-fling.json","verdict":"failed","summary":"frame 139 of 218 differs: 52,113 pixels","details":["frame 139: expected recenter (shift 0, -1004), got none; first recenter now at frame 141","didEndDecelerating: 2.850 s -> 3.117 s"],"frameCount":218,"firstFailingFrame":139,"failingFrameCount":12,"seconds":1.5,"artifacts":[{"kind":"expected","frame":139,"path":"long-fling/frame-139-expected.png"},{"kind":"actual","frame":139,"path":"long-fling/frame-139-actual.png"},{"kind":"diff","frame":139,"path":"long-fling/frame-139-diff.png"},{"kind":"animation","frame":139,"path":"long-fling/failing-139-150.png"}]},"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["name"] as? String } == o.scenarios.map(\.name), "every name round-trips, hostile ones too")
        #expect(scenarios.map { $0["summary"] as? String } == o.scenarios.map(\.summary))
        #expect(scenarios.map { $0["details"] as? [String] } == o.scenarios.map(\.details))
        #expect(scenarios[3]["scenario"] is NSNull && scenarios[0]["firstFailingFrame"] is NSNull)
        #expect(scenarios[6]["seconds"] as? Double == 0, "NaN seconds are written as 0")
    }

    @Test func jsonOfNoScenarios() throws {
        let text = CheckReport.json(CheckOutcome(goldensPath: "G", recordMode: .all, scenarios: []))
        #expect(text == #"{"passed":true,"goldens":"G","recordMode":"all","metric":"exact (a pixel differs when any of its RGBA bytes differs)","counts":{"passed":0,"failed":0,"missing":0,"recorded":0,"obsolete":0,"pruned":0,"error":0},"scenarios":[]}"# + "\n")
    }

    // MARK: JUnit

    /// Parses with Foundation's XMLParser: the test cases' attributes and failure texts.
    final class JUnitReader: NSObject, XMLParserDelegate {
        var suites: [[String: String]] = []
        var cases: [[String: String]] = []
        var failures: [(message: String, type: String, text: String)] = []
        var systemOut: [String] = []
        var text = ""
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            text = ""
            switch name {
            case "testsuite": suites.append(attributes)
            case "testcase": cases.append(attributes)
            case "failure": failures.append((attributes["message"] ?? "", attributes["type"] ?? "", ""))
            default: break
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "failure" { failures[failures.count - 1].text = text }
            if name == "system-out" { systemOut.append(text) }
        }
    }

    @Test func junitParsesWithXMLParser() throws {
        let o = Self.outcome()
        let xml = CheckReport.junit(o)
        let reader = JUnitReader()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "XMLParser: \(parser.parserError.map { "\($0)" } ?? "") line \(parser.lineNumber)")
        #expect(reader.suites.count == 1)
        let suite = try #require(reader.suites.first)
        #expect(suite["name"] == "render-grid check" && suite["tests"] == "\(o.scenarios.count)" && suite["failures"] == "8")
        #expect(reader.cases.count == o.scenarios.count)
        #expect(reader.cases.allSatisfy { $0["classname"] == "render-grid.check" })
        #expect(reader.cases.map { $0["name"] } == o.scenarios.map { Markup.visible($0.name) })
        #expect(reader.cases[1]["time"] == "1.500" && reader.cases[1]["file"] == "Scenarios/long-fling.json")
        #expect(reader.cases[6]["time"] == "0.000", "NaN seconds")
        #expect(reader.failures.count == 8)
        let fling = reader.failures[0]
        #expect(fling.message == "frame 139 of 218 differs: 52,113 pixels" && fling.type == "failed")
        #expect(fling.text.contains("frame 139: expected recenter (shift 0, -1004), got none") && fling.text.contains("diff image: long-fling/frame-139-diff.png"))
        #expect(reader.failures.map(\.type) == ["failed", "missing", "obsolete", "failed", "failed", "failed", "failed", "failed"])
        #expect(reader.systemOut == ["recorded: re-recorded"])
        #expect(reader.failures[1].text == "no golden; recorded one", "a failure without details repeats its summary")
    }

    @Test(.tags(.externalTool),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") || RequiredTools.required,
                   "python3 is not installed here: skipped"))
    func junitParsesWithPythonsElementTree() throws {
        let o = Self.outcome()
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("junit.xml")
        try Data(CheckReport.junit(o).utf8).write(to: file)
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            cases = [{"name": c.get("name"), "classname": c.get("classname"), "time": c.get("time"),
                      "failure": (lambda f: None if f is None else [f.get("message"), f.text or ""])(c.find("failure"))}
                     for c in root.iter("testcase")]
            print(json.dumps({"tag": root.tag, "name": root.get("name"), "tests": root.get("tests"), "cases": cases}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 could not parse the JUnit XML: \(errors)")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["tag"] as? String == "testsuite" && object["name"] as? String == "render-grid check")
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(cases.map { $0["name"] as? String } == o.scenarios.map { Markup.visible($0.name) })
        for (c, s) in zip(cases, o.scenarios) {
            let failure = c["failure"] as? [String]
            #expect((failure != nil) == !s.verdict.isPass, "\(s.name)")
            if let failure {
                #expect(failure[0] == Markup.visible(s.summary), "attribute kept tabs and line breaks: \(s.summary)")
                #expect(failure[1].hasPrefix(Markup.visible(s.details.first ?? "")), "\(failure[1])")
            }
        }
    }

    @Test func xmlCannotBeBrokenOutOf() {
        let xml = CheckReport.junit(Self.outcome())
        #expect(!xml.contains("]]>"), "the CDATA end sequence never appears")
        #expect(!xml.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0xFFFE || $0.value == 0xFFFF })
        #expect(!xml.contains("<script>"))
        #expect(CheckReport.xmlAttribute("a\"b'c<d>&\te\nf\rg\u{0}") == "a&quot;b&apos;c&lt;d&gt;&amp;&#9;e&#10;f&#13;g\\u{0}")
        #expect(CheckReport.xmlText("]]> & <x>\r\u{FFFE}") == "]]&gt; &amp; &lt;x&gt;&#13;\\u{FFFE}")
    }

    // MARK: HTML

    @Test func htmlIsSelfContainedWithRelativeLinks() throws {
        let html = CheckReport.html(Self.outcome())
        for external in ["http:", "https:", "<script", "<link", "@import", "url(", "<iframe", "data:", "javascript:"] {
            #expect(!html.lowercased().contains(external), "the page holds \(external)")
        }
        let sources = html.matches(of: /<img src="([^"]*)"/).map { String($0.output.1) }
        #expect(sources.contains("long-fling/frame-139-expected.png") && sources.contains("long-fling/failing-139-150.png"))
        #expect(sources.count == 4 + Self.hostile.count)
        for source in sources {
            #expect(!source.hasPrefix("/") && !source.contains("..") && !source.contains(":"), "\(source)")
            #expect(source.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%/".contains($0)) }, "\(source)")
        }
        // Each segment percent-encoded (this made-up path has a '/' of its own).
        #expect(sources.contains("%3Cscript%3Ealert%281%29%3C/script%3E/frame-1-actual.png"))
        #expect(sources.contains("quote%20%22%20and%20%27%20here/frame-1-actual.png"))
    }

    @Test func htmlListsFailuresFirst() {
        let html = CheckReport.html(Self.outcome())
        let verdicts = html.matches(of: /<section class="scenario (\w+)"/).map { String($0.output.1) }
        #expect(verdicts == ["failed", "failed", "failed", "failed", "failed", "failed", "missing", "obsolete", "recorded",
                             "passed", "passed", "passed", "passed", "passed"])
        let names = html.matches(of: /<section class="scenario \w+" id="scenario-(\d+)"/).map { Int($0.output.1)! }
        #expect(Array(names.prefix(2)) == [1, 5], "checked order within a verdict")
        #expect(html.contains("<title>render-grid check: failed</title>"))
        #expect(html.contains("14 scenarios: <span class=\"failed\">6 failed</span> <span class=\"missing\">1 missing</span>"))
    }

    @Test func htmlEscapesEveryString() throws {
        let html = CheckReport.html(Self.outcome())
        #expect(!html.contains("<script>alert(1)</script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("Scenarios/Goldens &lt;&amp;&gt;"))
        #expect(html.contains("quote &quot; and &#39; here"))
        #expect(html.contains("nul \\u{0} bel \\u{7}"))
        #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t" && $0 != "\r") || $0.value == 0xFFFE || $0.value == 0x85 })
        // Outside the style block, every '<' opens one of the tags the writer uses.
        let body = try #require(html.components(separatedBy: "</style>").last)
        let tags = Set(body.matches(of: /<\/?([a-z0-9!]+)/).map { String($0.output.1) })
        #expect(tags.isSubset(of: ["head", "body", "html", "h1", "h2", "h3", "p", "span", "code", "ol", "ul", "li", "a", "section",
                                   "div", "figure", "figcaption", "img"]), "\(tags)")
    }

    @Test(.tags(.externalTool),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") || RequiredTools.required,
                   "python3 is not installed here: skipped"))
    func htmlTextSurvivesAParser() throws {
        let o = Self.outcome()
        let folder = try ToolTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.html")
        try Data(CheckReport.html(o).utf8).write(to: file)
        let script = """
            import json, sys
            from html.parser import HTMLParser
            class P(HTMLParser):
                def __init__(self):
                    super().__init__(); self.h2 = []; self.inh2 = False; self.tags = set()
                def handle_starttag(self, tag, attrs):
                    self.tags.add(tag)
                    if tag == "h2": self.inh2 = True; self.h2.append("")
                def handle_endtag(self, tag):
                    if tag == "h2": self.inh2 = False
                def handle_data(self, data):
                    if self.inh2: self.h2[-1] += data
            p = P(); p.feed(open(sys.argv[1], encoding="utf-8").read()); p.close()
            print(json.dumps({"h2": p.h2, "tags": sorted(p.tags)}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let headings = try #require(object["h2"] as? [String])
        // Each heading is the badge then the name, as text (HTML parsers read CR LF as LF).
        let names = Set(o.scenarios.map { $0.verdict.rawValue + Markup.visible($0.name).replacingOccurrences(of: "\r\n", with: "\n") })
        #expect(Set(headings) == names)
        #expect(!(object["tags"] as? [String] ?? []).contains("script"))
    }

    @Test func unsafeArtifactPathsAreNotLinked() {
        for path in ["../outside.png", "/etc/passwd", "a//b.png", "./a.png", "a/../../b.png", ""] {
            #expect(CheckReport.relativeLink(path) == nil, "\(path)")
        }
        #expect(CheckReport.relativeLink("javascript:alert(1)") == "javascript%3Aalert%281%29")
        #expect(CheckReport.relativeLink("%2E.%2Fescape/frame-1-actual.png") == "%252E.%252Fescape/frame-1-actual.png")
        let o = CheckOutcome(goldensPath: "G", recordMode: .never, scenarios: [
            ScenarioOutcome(name: "s", scenarioPath: nil, verdict: .failed, summary: "x",
                            artifacts: [.init(kind: .actual, frame: 0, path: "../../etc/passwd")]),
        ])
        let html = CheckReport.html(o)
        #expect(!html.contains("<img") && !html.contains("href=\"..") && html.contains("not linked"))
    }

    /// The example in CheckReport's doc comment.
    @Test func docExample() {
        let outcome = CheckOutcome(goldensPath: "Goldens", recordMode: .never, scenarios: [
            ScenarioOutcome(name: "long-fling", scenarioPath: "long-fling.json", verdict: .failed,
                            summary: "frame 139 of 218 differs: 52,113 pixels", frameCount: 218),
        ])
        let page = CheckReport.html(outcome)
        let xml = CheckReport.junit(outcome)
        let json = CheckReport.json(outcome)
        #expect(page.hasPrefix("<!doctype html>"))
        #expect(xml.contains("<testsuite name=\"render-grid check\" tests=\"1\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"0.000\">"))
        #expect(xml.contains("<testcase classname=\"render-grid.check\" name=\"long-fling\" time=\"0.000\" file=\"long-fling.json\">"))
        #expect(xml.contains("<failure message=\"frame 139 of 218 differs: 52,113 pixels\" type=\"failed\">"))
        #expect(json.hasPrefix(#"{"passed":false,"#))
    }
}
