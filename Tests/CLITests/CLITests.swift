import Foundation
import Testing

/// End-to-end tests of the real `render-grid` executable.
struct CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable SwiftPM built next to this test bundle.
    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("render-grid")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/render-grid")
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs render-grid (or `program`); `environment`, when given, replaces the inherited environment.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
                    program: URL = executable) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-grid-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A small, fast scenario: a drag with momentum and a recenter, at scale 1.
    static func smallScenario(name: String = "small", extra: String = "") -> String {
        """
        { "name": "\(name)", "viewport": { "width": 120, "height": 90, "scale": 1 }, "fps": 30,
          "scroll": { "recenter": "threshold", "contentSize": { "width": 800, "height": 800 } },
          "steps": [ { "drag": { "by": { "x": -150, "y": 60 }, "duration": 0.2 } }, { "wait": { "until": "idle", "max": 2 } },
                     { "wait": { "duration": 0.2 } }\(extra) ] }
        """
    }

    static func write(_ text: String, to folder: URL, as name: String = "scenario.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Peak memory of a run in kB from /usr/bin/time, or nil where it is not installed.
    static func peakKilobytes(_ arguments: [String]) throws -> (CLI.Result, Int?) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return (try run(arguments), nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "peak %M", executable.path] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var lines = String(decoding: stderr, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let peak = lines.last.flatMap { $0.hasPrefix("peak ") ? Int($0.dropFirst(5)) : nil }
        if peak != nil { lines.removeLast() }
        lines = lines.filter { !$0.hasPrefix("Command exited") }
        return (Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                           stderr: lines.map { $0 + "\n" }.joined()), peak)
    }

    /// Starts the executable in the background; its stderr is the returned pipe (stdout is discarded).
    static func start(_ arguments: [String]) throws -> (process: Process, stderr: Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        return (process, err)
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}

@Suite struct RenderCommandTests {
    @Test func rendersFramesAndATrace() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("out")
        let result = try CLI.run(["render", scenario, "--out", out.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("ms/frame"))
        let files = CLI.files(in: out)
        let frames = files.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
        #expect(frames.first == "frame_00000.png")
        #expect(files.contains("trace.jsonl"))
        #expect(!files.contains { $0.hasPrefix(".") }, "temporary files left: \(files)")
        let trace = try String(contentsOf: out.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        let lines = trace.split(separator: "\n")
        #expect(lines.count == frames.count)
        #expect(frames.count > 20)
        // Every line is a JSON object with the documented keys.
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            for key in ["frame", "t", "phase", "contentOffset", "contentSize", "events", "recenter", "tiles", "stats", "edgeHit"] {
                #expect(object?[key] != nil, "trace line lacks \(key)")
            }
        }
        #expect(trace.contains(#""name":"recenter""#))
        // PNGs are 8-bit RGB with the viewport's pixel size.
        let png = try Data(contentsOf: out.appendingPathComponent("frame_00000.png"))
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png[19] == 120 && png[23] == 90 && png[25] == 2)
    }

    @Test func framesRangeAndJobsDoNotChangeBytes() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let full = folder.appendingPathComponent("full"), part = folder.appendingPathComponent("part")
        #expect(try CLI.run(["render", scenario, "--out", full.path, "--jobs", "1", "--quiet"]).status == 0)
        let partial = try CLI.run(["render", scenario, "--out", part.path, "--jobs", "3", "--frames", "5:12"])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(CLI.files(in: part) == (5...12).map { String(format: "frame_%05d.png", $0) }
                + ["frames.ffconcat", "frames_00005-00012.ffconcat", "trace_00005-00012.jsonl"])
        for name in CLI.files(in: part) where name.hasSuffix(".png") {
            #expect(try Data(contentsOf: part.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
        // The partial trace is the same lines as the full trace's.
        let fullTrace = try String(contentsOf: full.appendingPathComponent("trace.jsonl"), encoding: .utf8).split(separator: "\n")
        let partTrace = try String(contentsOf: part.appendingPathComponent("trace_00005-00012.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(Array(fullTrace[5...12]) == partTrace)
        // Rendering again gives the same bytes.
        let again = folder.appendingPathComponent("again")
        #expect(try CLI.run(["render", scenario, "--out", again.path, "--jobs", "2", "--quiet"]).status == 0)
        for name in CLI.files(in: full) {
            #expect(try Data(contentsOf: again.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func referenceMatchesTheStrategy() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        #expect(try CLI.run(["render", scenario, "--out", a.path, "--quiet"]).status == 0)
        #expect(try CLI.run(["render", scenario, "--out", b.path, "--reference", "--quiet"]).status == 0)
        let frames = CLI.files(in: a).filter { $0.hasSuffix(".png") }
        #expect(frames == CLI.files(in: b).filter { $0.hasSuffix(".png") })
        for name in frames {
            #expect(try Data(contentsOf: a.appendingPathComponent(name)) == Data(contentsOf: b.appendingPathComponent(name)), "\(name)")
        }
    }

    @Test func defaultOutputFolderIsNamedSafely() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(name: "../../escape/x"), to: folder)
        let result = try CLI.run(["render", scenario, "--frames", "0:0", "--quiet"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(CLI.files(in: folder) == ["output", "scenario.json"])
        #expect(CLI.files(in: folder.appendingPathComponent("output")) == ["_._.._escape_x"])
    }

    @Test func helpAndScaleOverride() throws {
        let help = try CLI.run(["render", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLE"))
        #expect(try CLI.run(["--help"]).stdout.contains("render"))
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("x3")
        #expect(try CLI.run(["render", scenario, "--out", out.path, "--scale", "3", "--frames", "0:0", "--quiet"]).status == 0)
        let png = try Data(contentsOf: out.appendingPathComponent("frame_00000.png"))
        #expect(png[18] == 1 && png[19] == 104 && png[23] == 14)  // 360 × 270
    }
}

@Suite struct BadInputTests {
    struct Case: Sendable, CustomStringConvertible {
        var label: String
        var scenario: String
        var arguments: [String] = []
        var status: Int32 = 2
        var mentions: [String]
        var description: String { label }
    }

    static let cases: [Case] = [
        // Errors in the scenario itself are the shared corpus's (BadScenarioCLITests); these are the flags'.
        Case(label: "missing font", scenario: CLI.smallScenario(), arguments: ["--font", "/nonexistent/x.ttf"],
             mentions: ["/nonexistent/x.ttf", "does not exist"]),
        Case(label: "unwritable output", scenario: CLI.smallScenario(), arguments: ["--out", "/dev/null/frames"],
             status: 1, mentions: ["/dev/null/frames"]),
        Case(label: "frames out of range", scenario: CLI.smallScenario(), arguments: ["--frames", "0:100000"],
             mentions: ["--frames 0:100000", "outside"]),
        Case(label: "bad jobs", scenario: CLI.smallScenario(), arguments: ["--jobs", "0"], mentions: ["--jobs"]),
        Case(label: "unknown option", scenario: CLI.smallScenario(), arguments: ["--bogus"], mentions: ["unknown option --bogus"]),
    ]

    @Test(arguments: cases)
    func clearErrorRightExitCodeNoPartialFiles(_ c: Case) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(c.scenario, to: folder)
        var arguments = ["render", scenario]
        if !c.arguments.contains("--out") { arguments += ["--out", folder.appendingPathComponent("out").path] }
        let result = try CLI.run(arguments + c.arguments)
        #expect(result.status == c.status, "stderr: \(result.stderr)")
        for text in c.mentions { #expect(result.stderr.contains(text), "stderr lacks \(text): \(result.stderr)") }
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
        // Nothing written: no output folder, or an empty one.
        #expect(CLI.files(in: folder.appendingPathComponent("out")).isEmpty)
    }

    @Test func missingScenarioFileAndUnknownCommand() throws {
        let missing = try CLI.run(["render", "/nonexistent/scenario.json"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/scenario.json"))
        let unknown = try CLI.run(["paint"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown command"))
        let none = try CLI.run(["render"])
        #expect(none.status == 2 && none.stderr.contains("needs a scenario"))
    }

    @Test func everyBundledScenarioRendersItsFirstFrame() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenarios = CLI.files(in: CLI.packageRoot.appendingPathComponent("Scenarios")).filter { $0.hasSuffix(".json") && !$0.contains("schema") }
        for name in scenarios {
            let out = folder.appendingPathComponent(name)
            let result = try CLI.run(["render", "Scenarios/\(name)", "--out", out.path, "--frames", "0:0", "--scale", "1", "--quiet"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
        }
    }
}

@Suite struct ToolCommandTests {
    @Test func diffExitCodesAndReports() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        #expect(try CLI.run(["render", scenario, "--out", a.path, "--quiet"]).status == 0)
        #expect(try CLI.run(["render", scenario, "--out", b.path, "--quiet", "--scale", "2"]).status == 0)
        // Identical folders: 0.
        let same = try CLI.run(["diff", a.path, a.path])
        #expect(same.status == 0 && same.stdout.contains("within tolerance"), "\(same.stdout)\(same.stderr)")
        // One frame replaced by another: 1, named, with JSON, a diff image and report.html.
        let c = folder.appendingPathComponent("c")
        try FileManager.default.copyItem(at: a, to: c)
        try FileManager.default.removeItem(at: c.appendingPathComponent("frame_00003.png"))
        try FileManager.default.copyItem(at: a.appendingPathComponent("frame_00010.png"), to: c.appendingPathComponent("frame_00003.png"))
        let out = folder.appendingPathComponent("diff")
        let changed = try CLI.run(["diff", a.path, c.path, "--out", out.path, "--side-by-side"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("frame_00003.png: changed"))
        #expect(CLI.files(in: out).contains("report.html"))
        #expect(CLI.files(in: out).contains("frame_00003-diff.png") && CLI.files(in: out).contains("frame_00003-sbs.png"))
        let json = try CLI.run(["diff", a.path, c.path, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["firstFailure"] as? String == "frame_00003.png")
        // Within a generous tolerance: 0, and the limit used is printed.
        let tolerant = try CLI.run(["diff", a.path, c.path, "--max-diff-ratio", "1", "--max-diff-pixels", "999999"])
        #expect(tolerant.status == 0 && tolerant.stdout.contains("stricter"), "\(tolerant.stdout)")
        // Sizes differ (scale 1 against scale 2): 1, said distinctly.
        let sizes = try CLI.run(["diff", a.path, b.path])
        #expect(sizes.status == 1 && sizes.stdout.contains("size-changed"))
        // Unreadable input and usage errors: 2.
        let junk = folder.appendingPathComponent("junk.png")
        try Data("not a png".utf8).write(to: junk)
        let bad = try CLI.run(["diff", junk.path, a.appendingPathComponent("frame_00000.png").path])
        #expect(bad.status == 2 && bad.stderr.contains("junk.png"))
        #expect(try CLI.run(["diff", a.path]).status == 2)
        #expect(try CLI.run(["diff", a.path, c.path, "--ignore", "1,2,3"]).status == 2)
        #expect(try CLI.run(["diff", a.path, c.path, "--threshold", "2"]).status == 2)
    }

    @Test func verifyPassesAndReports() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let ok = try CLI.run(["verify", scenario])
        #expect(ok.status == 0 && ok.stdout.contains("all checks hold"), "\(ok.stdout)\(ok.stderr)")
        let json = try CLI.run(["verify", scenario, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect((object?["recenters"] as? Int ?? 0) > 0)
        let bad = try CLI.run(["verify", try CLI.write("{", to: folder, as: "bad.json")])
        #expect(bad.status == 2)
        // No file is written.
        #expect(CLI.files(in: folder) == ["bad.json", "scenario.json"])
    }

    @Test func sheetPlotAndHUD() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let plain = folder.appendingPathComponent("plain"), hud = folder.appendingPathComponent("hud")
        #expect(try CLI.run(["render", scenario, "--out", plain.path, "--quiet", "--sheet"]).status == 0)
        #expect(try CLI.run(["render", scenario, "--out", hud.path, "--quiet", "--hud", "--show-reuse"]).status == 0)
        #expect(CLI.files(in: plain).contains("sheet.png"))
        // The HUD draws on the frames only when asked.
        let a = try Data(contentsOf: plain.appendingPathComponent("frame_00005.png"))
        let b = try Data(contentsOf: hud.appendingPathComponent("frame_00005.png"))
        #expect(a != b)
        let again = folder.appendingPathComponent("again")
        #expect(try CLI.run(["render", scenario, "--out", again.path, "--quiet"]).status == 0)
        #expect(try Data(contentsOf: again.appendingPathComponent("frame_00005.png")) == a)
        let sheet = try CLI.run(["sheet", plain.path, "--every", "3", "--out", folder.appendingPathComponent("s.png").path])
        #expect(sheet.status == 0 && FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.png").path))
        let plot = try CLI.run(["plot", plain.appendingPathComponent("trace.jsonl").path, "--out", folder.appendingPathComponent("p.png").path])
        #expect(plot.status == 0, "\(plot.stderr)")
        let png = try Data(contentsOf: folder.appendingPathComponent("p.png"))
        #expect(png[16...19] == Data([0, 0, 4, 176]))  // 1200 pixels wide
        #expect(try CLI.run(["sheet", folder.path]).status == 2)  // no frames there
        let junk = try CLI.write("not json\n", to: folder, as: "t.jsonl")
        #expect(try CLI.run(["plot", junk]).status == 2)
    }
}
