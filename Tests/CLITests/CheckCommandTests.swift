import Foundation
import Testing
import TestSupport
import GridModel
import Rasterizer

/// `render-grid check` end to end, on the real executable: record → pass → a scenario change fails at the
/// right first frame → `--record failed` re-records only that scenario → `--prune` removes an orphan; drift
/// named first; record modes from flags and the environment; every damaged golden exits 2.
@Suite struct CheckCommandTests {
    /// Runs render-grid with `CI` and `RENDER_GRID_RECORD` removed from the environment, then `environment` added.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> CLI.Result {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["RENDER_GRID_RECORD"] = nil
        for (key, value) in environment { env[key] = value }
        return try CLI.run(arguments, in: directory, environment: env)
    }

    /// A small scenario whose first drag moves by `dx` points (labels drawn, so the font matters).
    static func scenario(_ name: String, dx: Int = -150) -> String {
        CLI.smallScenario(name: name).replacingOccurrences(of: "\"x\": -150", with: "\"x\": \(dx)")
    }

    /// A folder with scenarios a.json and b.json.
    static func folder() throws -> URL {
        let folder = try CLI.temporaryFolder()
        _ = try CLI.write(scenario("a"), to: folder, as: "a.json")
        _ = try CLI.write(scenario("b"), to: folder, as: "b.json")
        return folder
    }

    /// The bytes of every file in a golden, by name.
    static func snapshot(_ golden: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: golden.path) {
            files[name] = try Data(contentsOf: golden.appendingPathComponent(name))
        }
        return files
    }

    /// The first frame where two scenarios' traces differ, from the model itself.
    static func firstDifferingFrame(_ a: String, _ b: String) throws -> Int {
        var x = try Simulation(scenario: try ScenarioDecoder.decode(Array(a.utf8)))
        var y = try Simulation(scenario: try ScenarioDecoder.decode(Array(b.utf8)))
        var index = 0
        while true {
            let f = try x.next(), g = try y.next()
            guard let f, let g else { return index }
            if TraceFrame(f) != TraceFrame(g) { return index }
            index += 1
        }
    }

    @Test func recordPassFailUpdatePrune() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("Goldens")

        // 1. No goldens: `missing` records them and fails.
        var result = try Self.run(["check", folder.path, "--jobs", "2"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAIL a (missing): recorded a new golden"))
        #expect(result.stdout.contains("FAIL b (missing): recorded a new golden"))
        for name in ["a", "b"] {
            let files = CLI.files(in: goldens.appendingPathComponent(name))
            #expect(files.contains("manifest.json") && files.contains("trace.jsonl.gz") && files.contains("frame-00000.png"), "\(files)")
        }
        #expect(CLI.files(in: goldens).allSatisfy { !$0.hasPrefix(".") }, "no temporary left: \(CLI.files(in: goldens))")
        #expect(CLI.files(in: folder) == ["Goldens", "a.json", "b.json"], "nothing written outside the goldens folder")

        // 2. Checked again: passes, with any --jobs.
        result = try Self.run(["check", folder.path, "--jobs", "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   a (passed): ") && result.stdout.contains("ok   b (passed): "))
        let goldenA = try Self.snapshot(goldens.appendingPathComponent("a"))

        // 3. b changes: it fails at the first frame whose trace differs, with a trace finding for that frame.
        let changed = Self.scenario("b", dx: -190)
        let first = try Self.firstDifferingFrame(Self.scenario("b"), changed)
        _ = try CLI.write(changed, to: folder, as: "b.json")
        result = try Self.run(["check", folder.path, "--record", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ok   a (passed): "))
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("FAIL b (failed): ") }, "\(result.stdout)")
        #expect(line.contains("frame \(first) of ") || line.contains("from frame \(first) of "), "\(line), expected frame \(first)")
        // The first trace finding names the first frame whose offset differs by more than a device pixel.
        #expect(result.stdout.contains("\n       frame \(first): "), "\(result.stdout)")

        // 4. --record failed re-records b only; a's golden is byte for byte the same.
        let oldB = try Self.snapshot(goldens.appendingPathComponent("b"))
        result = try Self.run(["check", folder.path, "--record", "failed"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   a (passed): ") && result.stdout.contains("ok   b (recorded): re-recorded golden"))
        #expect(try Self.snapshot(goldens.appendingPathComponent("a")) == goldenA)
        #expect(try Self.snapshot(goldens.appendingPathComponent("b"))["manifest.json"] != oldB["manifest.json"])
        #expect(try Self.run(["check", folder.path, "--record", "never"]).status == 0)

        // 5. a's scenario is removed: its golden is obsolete (exit 1) until --prune removes it.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("a.json"))
        result = try Self.run(["check", folder.path, "--record", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL a (obsolete): "), "\(result.stdout)")
        result = try Self.run(["check", folder.path, "--record", "never", "--prune"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   a (pruned): "))
        #expect(CLI.files(in: goldens) == ["b"])
    }

    /// A golden drawn with another font: the failure names the drift first, with the fix.
    @Test func anotherFontIsReportedAsDriftFirst() throws {
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        try #require(FileManager.default.fileExists(atPath: bold), "fonts-dejavu-core installs \(bold)")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.scenario("a"), to: folder, as: "a.json")
        #expect(try Self.run(["check", folder.path, "--font", bold]).status == 1)
        #expect(try Self.run(["check", folder.path, "--font", bold]).status == 0)
        let result = try Self.run(["check", folder.path, "--record", "never"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("FAIL a (failed): ") }, "\(result.stdout)")
        #expect(lines[index].hasPrefix("FAIL a (failed): machine drift; frame 0 of "), "\(lines[index])")
        #expect(lines[index + 1].hasPrefix("       machine drift: the golden was drawn with font DejaVuSans-Bold.ttf"), "\(lines[index + 1])")
        #expect(lines[index + 1].contains("this run with font DejaVuSans.ttf") && lines[index + 1].contains("--font or style.font"))
    }

    /// Frames whose hash differs but whose pixels are within tolerance of their stored picture pass; the drift is
    /// still noted. Without the tolerance they fail.
    @Test func withinToleranceOfAKeyFramePasses() throws {
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        try #require(FileManager.default.fileExists(atPath: bold), "fonts-dejavu-core installs \(bold)")
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.scenario("a"), to: folder, as: "a.json")
        #expect(try Self.run(["check", folder.path, "--font", bold, "--keyframes", "all"]).status == 1)
        var result = try Self.run(["check", folder.path, "--record", "never", "--max-diff-ratio", "0.5"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   a (passed): "), "\(result.stdout)")
        #expect(result.stdout.contains("within tolerance of their key frames); note: machine drift: "), "\(result.stdout)")
        result = try Self.run(["check", folder.path, "--record", "never", "--max-diff-pixels", "3"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("pixels differ from the golden's key frame"), "\(result.stdout)")
    }

    /// Record modes: the flag wins over RENDER_GRID_RECORD, which wins over CI; `never` writes nothing.
    @Test func recordModeFromFlagAndEnvironment() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = folder.appendingPathComponent("Goldens")
        var result = try Self.run(["check", folder.path], environment: ["CI": "true"])
        #expect(result.status == 1 && result.stdout.contains("FAIL a (missing): no golden at"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: goldens.path))
        result = try Self.run(["check", folder.path], environment: ["RENDER_GRID_RECORD": "never"])
        #expect(result.status == 1 && !FileManager.default.fileExists(atPath: goldens.path))
        result = try Self.run(["check", folder.path], environment: ["CI": "1", "RENDER_GRID_RECORD": "all"])
        #expect(result.status == 0 && result.stdout.contains("ok   a (recorded): "), "\(result.stdout)")
        result = try Self.run(["check", folder.path, "--record", "never"], environment: ["RENDER_GRID_RECORD": "all"])
        #expect(result.status == 0 && result.stdout.contains("ok   a (passed): "), "\(result.stdout)")
        result = try Self.run(["check", folder.path], environment: ["RENDER_GRID_RECORD": "sometimes"])
        #expect(result.status == 2)
        #expect(result.stderr == "render-grid: error: RENDER_GRID_RECORD is 'sometimes'; it takes missing, all, failed or never\n")
    }

    /// --report, --junit and --json for a failing run.
    @Test func reportJUnitAndJSON() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.scenario("a"), to: folder, as: "a.json")
        #expect(try Self.run(["check", folder.path, "--keyframes", "all"]).status == 1)
        _ = try CLI.write(Self.scenario("a", dx: -160), to: folder, as: "a.json")
        let report = folder.appendingPathComponent("report"), junit = folder.appendingPathComponent("junit.xml")
        let result = try Self.run(["check", folder.path, "--record", "never", "--report", report.path, "--junit", junit.path, "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json != nil, "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL "), "--json prints only JSON")
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("report.html").path))
        let images = CLI.files(in: report.appendingPathComponent("a"))
        #expect(images.contains { $0.hasSuffix("-actual.png") } && images.contains { $0.hasSuffix("-expected.png") }
                && images.contains { $0.hasSuffix("-diff.png") }, "\(images)")
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<testcase"))
    }

    /// A damaged golden: what to do to it, and words its one-line error must hold.
    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var message: String
        var apply: @Sendable (URL) throws -> Void
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "wrong frame count", file: "manifest.json", message: "\"frameCount\" is ") { golden in
            let url = golden.appendingPathComponent("manifest.json")
            let text = try String(contentsOf: url, encoding: .utf8)
            let replaced = text.replacingOccurrences(of: #""frameCount": (\d+)"#, with: "\"frameCount\": 1", options: .regularExpression)
            try Data(replaced.utf8).write(to: url)
        },
        Damage(name: "bad hash", file: "manifest.json", message: "frames[0].pixels is not 64 lower-case hex digits") { golden in
            let url = golden.appendingPathComponent("manifest.json")
            let text = try String(contentsOf: url, encoding: .utf8)
            let replaced = text.replacingOccurrences(of: #"\{"frame": 0, "pixels": "[0-9a-f]{64}""#, with: "{\"frame\": 0, \"pixels\": \"xyz\"",
                                                     options: .regularExpression)
            try Data(replaced.utf8).write(to: url)
        },
        Damage(name: "missing key frame", file: "frame-00000.png", message: "does not exist") { golden in
            try FileManager.default.removeItem(at: golden.appendingPathComponent("frame-00000.png"))
        },
        Damage(name: "truncated PNG", file: "frame-00000.png", message: "is not a usable PNG") { golden in
            let url = golden.appendingPathComponent("frame-00000.png")
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
        },
        Damage(name: "key frame of the wrong size", file: "frame-00000.png", message: "is 10×10; the manifest says frame 0 is 120×90") { golden in
            let png = try PNGCodec.encode(try Pixmap(width: 10, height: 10, fill: RGBA(1, 2, 3, 255)))
            try Data(png).write(to: golden.appendingPathComponent("frame-00000.png"))
        },
        Damage(name: "1 GB manifest", file: "manifest.json", message: "is 1073741824 bytes; the limit is 67108864 bytes") { golden in
            let handle = try FileHandle(forWritingTo: golden.appendingPathComponent("manifest.json"))
            try handle.truncate(atOffset: 1 << 30)  // sparse: no disk used
            try handle.close()
        },
        Damage(name: "symlink out of the goldens folder", file: "manifest.json", message: "outside the goldens folder") { golden in
            let manifest = golden.appendingPathComponent("manifest.json")
            let outside = golden.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("elsewhere.json")
            try FileManager.default.moveItem(at: manifest, to: outside)
            try FileManager.default.createSymbolicLink(at: manifest, withDestinationURL: outside)
        },
        Damage(name: "a folder where a file should be", file: "trace.jsonl.gz", message: "is a folder, not a file") { golden in
            let trace = golden.appendingPathComponent("trace.jsonl.gz")
            try FileManager.default.removeItem(at: trace)
            try FileManager.default.createDirectory(at: trace, withIntermediateDirectories: false)
        },
        Damage(name: "a FIFO", file: "manifest.json", message: "is not a regular file") { golden in
            let manifest = golden.appendingPathComponent("manifest.json")
            try FileManager.default.removeItem(at: manifest)
            #expect(mkfifo(manifest.path, 0o644) == 0)
        },
        // Issue 22 item 4: without key frames, a frame is compared by its hash alone; the size must still be checked.
        Damage(name: "frame size edited, no key frames", file: "manifest.json",
               message: "says frame 0 is 1×1 pixels, but its trace line's viewport is 120×90 points at scale 1, 120×90 pixels") { golden in
            let url = golden.appendingPathComponent("manifest.json")
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(of: #""width": \d+,"#, with: "\"width\": 1,", options: .regularExpression)
                .replacingOccurrences(of: #""height": \d+,"#, with: "\"height\": 1,", options: .regularExpression)
                .replacingOccurrences(of: #""key": true"#, with: "\"key\": false")
            try Data(text.utf8).write(to: url)
            for name in try FileManager.default.contentsOfDirectory(atPath: golden.path) where name.hasPrefix("frame-") {
                try FileManager.default.removeItem(at: golden.appendingPathComponent(name))
            }
        },
        Damage(name: "trace not gzip", file: "trace.jsonl.gz", message: "golden trace") { golden in
            try Data("{}\n".utf8).write(to: golden.appendingPathComponent("trace.jsonl.gz"))
        },
    ]

    /// Each damaged golden is one line naming the file and the fault, exit 2, even with --record failed
    /// (a damaged golden is never re-recorded silently); nothing is written.
    @Test(arguments: CheckCommandTests.damages)
    func damagedGoldenExits2(damage: Damage) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.scenario("a"), to: folder, as: "a.json")
        #expect(try Self.run(["check", folder.path]).status == 1)
        let golden = folder.appendingPathComponent("Goldens/a")
        try damage.apply(golden)
        let before = CLI.files(in: golden)
        let result = try Self.run(["check", folder.path, "--record", "failed"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("render-grid: error: ") && result.stderr.contains(damage.message), "\(result.stderr)")
        #expect(result.stderr.contains(golden.appendingPathComponent(damage.file).path), "\(result.stderr)")
        #expect(CLI.files(in: golden) == before)
        #expect(CLI.files(in: folder.appendingPathComponent("Goldens")) == ["a"])
    }

    /// `--goldens DIR` keeps the goldens elsewhere; a scenario given as a file uses the same names.
    @Test func goldensElsewhere() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let elsewhere = folder.appendingPathComponent("store/goldens")
        var result = try Self.run(["check", folder.appendingPathComponent("a.json").path, "--goldens", elsewhere.path])
        #expect(result.status == 1 && CLI.files(in: elsewhere) == ["a"], "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Goldens").path))
        // b.json beside a.json is not obsolete for a's golden folder; a checked alone passes.
        result = try Self.run(["check", folder.appendingPathComponent("a.json").path, "--goldens", elsewhere.path, "--record", "never"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // The whole folder: b is missing there.
        result = try Self.run(["check", folder.path, "--goldens", elsewhere.path, "--record", "never"])
        #expect(result.status == 1 && result.stdout.contains("ok   a (passed)") && result.stdout.contains("FAIL b (missing)"), "\(result.stdout)")
    }

    /// Sequence verdicts: another scale fails at once as "recorded with other options"; a longer scenario names the
    /// frame count change and fails at the first new frame.
    @Test func sequenceVerdicts() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(Self.scenario("a"), to: folder, as: "a.json")
        #expect(try Self.run(["check", folder.path]).status == 1)
        var result = try Self.run(["check", folder.path, "--record", "never", "--scale", "2"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL a (failed): recorded with other options: scale 1, this run scale 2"), "\(result.stdout)")
        let count = try #require(try Self.snapshot(folder.appendingPathComponent("Goldens/a"))["manifest.json"]
            .flatMap { String(decoding: $0, as: UTF8.self).firstMatch(of: #/"frameCount": (\d+)/#) }.map { Int($0.1)! })
        _ = try CLI.write(CLI.smallScenario(name: "a", extra: ", { \"wait\": { \"duration\": 0.1 } }"), to: folder, as: "a.json")
        result = try Self.run(["check", folder.path, "--record", "never"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL a (failed): frame count changed: \(count) -> "), "\(result.stdout)")
        #expect(result.stdout.contains("       frame count changed: \(count) -> "), "\(result.stdout)")
    }

    /// Scenarios run side by side with --jobs: the output (order, verdicts, goldens) is the same with any jobs, and
    /// a damaged golden among them is still the one error.
    @Test func outputDoesNotDependOnJobs() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, name) in ["e", "c", "a", "d", "b"].enumerated() {
            _ = try CLI.write(Self.scenario(name, dx: -150 - 10 * index), to: folder, as: "\(name).json")
        }
        let recorded = try Self.run(["check", folder.path, "--jobs", "4"])
        #expect(recorded.status == 1)
        #expect(recorded.stdout.split(separator: "\n").prefix(5).map { String($0.prefix(7)) } == ["FAIL a ", "FAIL b ", "FAIL c ", "FAIL d ", "FAIL e "])
        _ = try CLI.write(Self.scenario("c", dx: -190), to: folder, as: "c.json")
        let outputs = try [1, 2, 5].map { jobs in try Self.run(["check", folder.path, "--record", "never", "--jobs", "\(jobs)"]) }
        for result in outputs {
            #expect(result.status == 1)
            #expect(result.stdout == outputs[0].stdout, "\(result.stdout)")
        }
        #expect(outputs[0].stdout.contains("FAIL c (failed): "))
        let golden = folder.appendingPathComponent("Goldens/d/frame-00000.png")
        try Data("not a png".utf8).write(to: golden)
        let damaged = try Self.run(["check", folder.path, "--record", "never", "--jobs", "3"])
        #expect(damaged.status == 2 && damaged.stderr.contains(golden.path) && damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
    }

    /// Usage errors: no scenario, a bad --keyframes, a missing scenario path.
    @Test(arguments: [
        (["check"], "check takes scenario files or folders"),
        (["check", "Scenarios/rotate.json", "--keyframes", "every:0"], "--keyframes takes every:N"),
        (["check", "no-such-scenario.json"], "scenario no-such-scenario.json does not exist"),
    ])
    func usageErrorsExit2(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// The bundled scenarios' committed goldens (scale 1) hold on this machine for a sample of scenarios (CI's
    /// `.ci/run` checks them all), and every committed manifest reads.
    @Test func bundledGoldensPass() throws {
        let result = try Self.run(["check", "Scenarios/long-fling.json", "Scenarios/rotate.json", "Scenarios/pager-locks.json",
                                   "--scale", "1", "--record", "never"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let goldens = CLI.packageRoot.appendingPathComponent("Scenarios/Goldens")
        let scenarios = CLI.files(in: CLI.packageRoot.appendingPathComponent("Scenarios"))
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }.map { String($0.dropLast(5)) }
        #expect(CLI.files(in: goldens) == scenarios.sorted())
    }

    /// A real change to a bundled scenario (long-fling's drag 40 pt shorter) fails at the right first frame, and the
    /// trace diff says what changed in the motion in words: the recenter moved a frame later, and why the pixels differ.
    @Test func aScenarioChangeIsExplainedByTheTraceDiff() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/long-fling.json"), encoding: .utf8)
        _ = try CLI.write(original, to: folder, as: "long-fling.json")
        #expect(try Self.run(["check", folder.path, "--jobs", "2"]).status == 1, "missing: recorded, and fails")
        #expect(try Self.run(["check", folder.path, "--record", "never"]).status == 0)
        let changed = original.replacingOccurrences(of: #""x": -600,"#, with: #""x": -560,"#)
        try #require(changed != original)
        _ = try CLI.write(changed, to: folder, as: "long-fling.json")
        let result = try Self.run(["check", folder.path, "--record", "never"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == "FAIL long-fling (failed): frame 1 of 217 differs (no key frame stored; see the trace diff) (217 failing frames)",
                "\(result.stdout)")
        for sentence in ["the scenario file changed since the golden was recorded",
                         "frame count changed: 218 -> 217",
                         "frame 1: content offset (1397, 1147) -> (1390.538, 1146.736)",
                         "frame 8: expected recenter (shift -779.5, 0), got none; first recenter now at frame 9",
                         "recenter: 0.133 s -> 0.150 s (frame 8 -> 9); 5 more moved",
                         "didEndDecelerating: 3.417 s -> 3.400 s (frame 205 -> 204)",
                         "frame 8: 81,801 pixels differ from the golden's key frame 8 (allowed 0)"] {
            #expect(lines.contains(sentence), "missing: \(sentence)\n\(result.stdout)")
        }
        #expect(lines.filter { $0.hasPrefix("frame count") }.count == 1, "the changed count is said once: \(result.stdout)")

        // The report shows the first failing frame (hash only: no expected picture) and the first failing frames
        // with a stored picture, as expected | actual | diff, and animates the failing range.
        let report = folder.appendingPathComponent("report")
        #expect(try Self.run(["check", folder.path, "--record", "never", "--report", report.path]).status == 1)
        let files = Set(CLI.files(in: report.appendingPathComponent("long-fling")))
        #expect(files == ["frame-1-actual.png", "frame-8-expected.png", "frame-8-actual.png", "frame-8-diff.png",
                          "frame-11-expected.png", "frame-11-actual.png", "frame-11-diff.png", "failing-1-25.png"], "\(files)")
    }

    /// A report that cannot be written (a full disk) is the machine's failure: exit 1, not 2 (`ToolError.output`).
    @Test func unwritableReportExitsOne() throws {
        guard let mount = TemporaryMount(options: "size=64k") else {
            print("unwritableReportExitsOne: cannot mount a tmpfs here (not root); skipped")
            return
        }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Scenarios/long-fling.json"), encoding: .utf8)
        _ = try CLI.write(original, to: folder, as: "long-fling.json")
        _ = try Self.run(["check", folder.path, "--jobs", "2"])
        _ = try CLI.write(original.replacingOccurrences(of: #""x": -600,"#, with: #""x": -560,"#), to: folder, as: "long-fling.json")
        let result = try Self.run(["check", folder.path, "--record", "never", "--report", mount.url.appendingPathComponent("r").path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    }
}

/// Recording temporaries a killed run left in the goldens folder are removed by the next recording once their
/// process is gone and they are a minute old; a live process's, or a fresh one, is kept.
@Suite struct CheckTemporaryTests {
    @Test func staleRecordingFoldersAreRemoved() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try CLI.write(CheckCommandTests.scenario("a"), to: folder, as: "a.json")
        let goldens = folder.appendingPathComponent("Goldens")
        // Judged by their lock alone: a folder whose lock is free is abandoned however young and whatever pid
        // its name holds (another pid namespace); one whose lock is held is never touched.
        let dead = ".a.recording-2147483646-1f", deadOld = ".b.old-2147483646-2e", fresh = ".a.recording-2147483645-3d"
        let live = ".a.recording-2147483644-4c", other = ".a.recording-x-5b"
        for name in [dead, deadOld, fresh, live, other] {
            let url = goldens.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.appendingPathComponent("inner"), withIntermediateDirectories: true)
            if name != fresh {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: url.path)
            }
        }
        let held = open(goldens.appendingPathComponent(live).path, O_RDONLY | O_DIRECTORY)
        #expect(held >= 0 && flock(held, LOCK_EX) == 0)
        defer { close(held) }
        let result = try CheckCommandTests.run(["check", folder.path])
        #expect(result.status == 1 && result.stdout.contains("FAIL a (missing): recorded"), "\(result.stdout)\(result.stderr)")
        #expect(CLI.files(in: goldens) == [live, other, "a"].sorted())
    }

}
