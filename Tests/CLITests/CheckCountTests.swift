import Foundation
import Testing
import TestSupport

/// `check` states one failing-frame count, the same in its text, report.html, JUnit XML and `--json`, frames
/// only one sequence has included; and a pixel line names the stored picture a frame was compared with.
@Suite struct CheckCountTests {
    /// A golden of `a.json`, then `a.json` changed so that its frames move and it has `extraFrames` more.
    static func changedGolden(extraFrames: Int) throws -> URL {
        let folder = try CLI.temporaryFolder()
        _ = try CLI.write(CheckCommandTests.scenario("a"), to: folder, as: "a.json")
        #expect(try CheckCommandTests.run(["check", folder.path, "--record", "all"]).status == 0)
        let seconds = 0.2 + Double(extraFrames) / 30 + 0.001  // 30 fps
        let changed = CheckCommandTests.scenario("a", dx: -160)
            .replacingOccurrences(of: #"{ "wait": { "duration": 0.2 } }"#, with: #"{ "wait": { "duration": \#(seconds) } }"#)
        try #require(changed.contains("\(seconds)"))
        _ = try CLI.write(changed, to: folder, as: "a.json")
        return folder
    }

    @Test(arguments: [3, -3])
    func oneCountInEveryReport(extraFrames: Int) throws {
        let folder = try Self.changedGolden(extraFrames: extraFrames)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report"), junit = folder.appendingPathComponent("junit.xml")
        let text = try CheckCommandTests.run(["check", folder.path, "--record", "never", "--report", report.path,
                                              "--junit", junit.path])
        #expect(text.status == 1, "\(text.stdout)\(text.stderr)")
        let json = try CheckCommandTests.run(["check", folder.path, "--record", "never", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let scenario = try #require((object["scenarios"] as? [[String: Any]])?.first)
        let count = try #require(scenario["failingFrameCount"] as? Int)
        let frames = try #require(scenario["frameCount"] as? Int)
        // The golden has frames - extraFrames frames; each frame only one sequence has fails, and so do changed ones.
        #expect(count > abs(extraFrames) && count <= max(frames, frames - extraFrames), "\(count) of \(frames)")
        let phrase = "\(count) failing frames"
        let summary = try #require(text.stdout.split(separator: "\n").first.map(String.init))
        #expect(summary.hasSuffix("(\(phrase))"), "text: \(summary)")
        #expect((scenario["summary"] as? String)?.hasSuffix("(\(phrase))") == true, "json: \(scenario["summary"] ?? "")")
        let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains(phrase), "html")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("(\(phrase))"), "junit: \(xml)")
        // No report states another count of failing frames.
        for (name, body) in [("text", text.stdout), ("html", html), ("junit", xml)] {
            let counts = body.matches(of: /([0-9,]+) failing frame/).map { String($0.output.1) }
            #expect(Set(counts) == [String(count)], "\(name) states \(counts)")
        }
    }

    /// "frame N: … pixels differ from …" names the key frame the comparison used: frame N's own, or the stored
    /// frame whose pixels frame N's golden hash equals (a frame at rest shares the last frame's picture).
    @Test func pixelLinesNameTheFrameCompared() throws {
        let folder = try Self.changedGolden(extraFrames: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = Set(CLI.files(in: folder.appendingPathComponent("Goldens/a")).compactMap { name -> Int? in
            guard name.hasPrefix("frame-") else { return nil }
            return Int(name.dropFirst(6).prefix(5))
        })
        let result = try CheckCommandTests.run(["check", folder.path, "--record", "never"])
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains("pixels differ from") }
        #expect(!lines.isEmpty, "\(result.stdout)")
        #expect(!result.stdout.contains("its key frame"), "\(result.stdout)")
        var sawShared = false
        for line in lines {
            if let m = line.firstMatch(of: /^frame (\d+): [0-9,]+ pixels differ from the golden's key frame (\d+) \(allowed 0\)$/) {
                #expect(m.output.1 == m.output.2 && stored.contains(Int(m.output.2)!), "\(line) — stored: \(stored.sorted())")
            } else if let m = line.firstMatch(of: /^frame (\d+): [0-9,]+ pixels differ from the golden's frame (\d+) \(its pixels are stored once, as key frame (\d+)\) \(allowed 0\)$/) {
                #expect(m.output.1 == m.output.2 && m.output.2 != m.output.3 && stored.contains(Int(m.output.3)!)
                        && !stored.contains(Int(m.output.1)!), "\(line) — stored: \(stored.sorted())")
                sawShared = true
            } else {
                Issue.record("unexpected wording: \(line)")
            }
        }
        #expect(sawShared, "this change makes a frame at rest fail against the last frame's picture: \(result.stdout)")
    }

    /// Every report names the metric its pixel counts used, in the same words (`PixelMatchOptions.label`).
    @Test(arguments: [([], "exact (a pixel differs when any of its RGBA bytes differs)"),
                      (["--threshold", "0.1"], "pixelmatch 7.2 (threshold 0.1, anti-aliasing ignored, translucent pixels blended over pixelmatch 7's checkerboard)")])
    func everyReportNamesTheMetric(flags: [String], label: String) throws {
        let folder = try Self.changedGolden(extraFrames: 0)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report"), junit = folder.appendingPathComponent("junit.xml")
        let text = try CheckCommandTests.run(["check", folder.path, "--record", "never", "--report", report.path, "--junit", junit.path] + flags)
        #expect(text.stdout.split(separator: "\n").last?.contains("; metric \(label); FAILED") == true, "\(text.stdout)")
        let json = try CheckCommandTests.run(["check", folder.path, "--record", "never", "--json"] + flags)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["metric"] as? String == label)
        let html = try String(contentsOf: report.appendingPathComponent("report.html"), encoding: .utf8)
        // (The labels' only character an escaper changes is the apostrophe of "pixelmatch 7's": compare before it.)
        let plain = String(label.prefix { $0 != "'" })
        #expect(html.contains("metric " + plain), "html")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<property name=\"metric\" value=\"\(plain)"), "\(xml)")
    }
}

/// Counts agree with their nouns.
extension CheckCountTests {
    /// Counts in messages agree with their nouns: "1 key frame" (two equal frames store one picture).
    @Test func countsAgreeWithTheirNouns() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try CLI.write("""
            {"name":"one","viewport":{"width":32,"height":32,"scale":1},"fps":30,"steps":[{"wait":{"duration":0.01}}]}
            """, to: folder, as: "one.json")
        var result = try CheckCommandTests.run(["check", path, "--record", "all"])
        #expect(result.stdout.contains("(2 frames, 1 key frame)"), "\(result.stdout)")
        result = try CheckCommandTests.run(["check", path, "--record", "never"])
        #expect(result.stdout.contains("2 frames match"), "\(result.stdout)")
    }
}
