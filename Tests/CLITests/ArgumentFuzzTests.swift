import Foundation
import Testing
import TestSupport
@testable import render_grid

/// Random argument vectors for every command, run as real processes: each must end by itself
/// within its time limit with exit 0, 1 or 2 (never a signal, which is how a trap shows), print at
/// most one error line, and write nothing outside its working folder. Seeded and bounded;
/// `RENDER_GRID_FUZZ_SECONDS` and `RENDER_GRID_FUZZ_SEED` widen a run.
@Suite struct ArgumentFuzzTests {
    static let commands = ["render", "diff", "verify", "sheet", "plot", "help", "--help", "frobnicate", ""]
    /// Every option of every command's table (sorted, so a seed gives the same run), and spellings no table has.
    static let flags = Set(OptionTableTests.commands.flatMap { $0.options.map(\.name) }).sorted()
        + ["--help", "-h", "--", "-", "--out=", "--scale=3", "--frames=0:", "--unknown", "--quiet=1"]
    static let values = ["", "0", "1", "2", "-1", "3", "8", "9", "0:0", "0:", "5:2", ":", "1:1:1", "NaN", "inf", "-inf", "1e309",
                         "9223372036854775807", "9223372036854775808", "-9223372036854775808", "0.5", "1.5", "fast", "small",
                         "0,0,10,10", "1,0,9223372036854775807,10", "-5,-5,3,3", "a,b,c,d", "\n", "line\nbreak", "é", "💥",
                         String(repeating: "x", count: 5000)]

    /// Files the vectors point at: good and bad scenarios, frames, a trace, a pipe, a folder.
    static func makeFixtures(in folder: URL) throws -> [String] {
        let good = try CLI.write(CLI.smallScenario(), to: folder, as: "good.json")
        let bad = try CLI.write("{ \"name\": \"x\", \"viewport\": { \"width\": -1 } }", to: folder, as: "bad.json")
        let frames = folder.appendingPathComponent("frames")
        let rendered = try CLI.run(["render", good, "--out", frames.path, "--quiet", "--frames", "0:3"])
        try #require(rendered.status == 0, "\(rendered.stderr)")
        let fifo = folder.appendingPathComponent("pipe")
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        make.arguments = [fifo.path]
        try make.run()
        make.waitUntilExit()
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("cut.png"))
        return [good, bad, frames.path, frames.appendingPathComponent("frame_00000.png").path,
                frames.appendingPathComponent("frame_00001.png").path, frames.appendingPathComponent("trace_00000-00003.jsonl").path,
                fifo.path, folder.appendingPathComponent("cut.png").path, folder.path, "/nonexistent/x.json", "/dev/null", "/etc"]
    }

    /// Which flags each command takes, so most vectors get past argument parsing.
    static let commandFlags: [String: [String]] = [
        "render": ["--out", "--scale", "--frames", "--reference", "--jobs", "--font", "--compression", "--encoder", "--max-frames",
                   "--max-pixels", "--max-file-size", "--hud", "--show-reuse", "--sheet", "--resume", "--link-repeats", "--quiet"],
        "verify": ["--scale", "--font", "--strict-edges", "--json", "--max-frames", "--max-pixels"],
        "diff": ["--threshold", "--include-aa", "--white-blend", "--max-diff-pixels", "--max-diff-ratio", "--ignore", "--side-by-side",
                 "--json", "--timing", "--jobs", "--max-pixels"],
        "sheet": ["--every", "--columns", "--width", "--out", "--font"],
        "plot": ["--width", "--height", "--out", "--font"],
    ]

    /// A vector shaped like a real command line most of the time (the command, its positionals,
    /// its flags with hostile values), and pure noise otherwise.
    static func vector(_ rng: inout SplitMix64, files: [String], out: String) -> [String] {
        let command = commands.randomElement(using: &rng)!
        var argv = [command]
        let shaped = Int.random(in: 0..<4, using: &rng) != 0
        if shaped, let known = commandFlags[command] {
            let positionals = command == "diff" ? 2 : 1
            for _ in 0..<positionals { argv.append(files.randomElement(using: &rng)!) }
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                let flag = known.randomElement(using: &rng)!
                argv.append(flag)
                if Bool.random(using: &rng) { argv.append(values.randomElement(using: &rng)!) }
            }
        } else {
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: argv.append(files.randomElement(using: &rng)!)
                case 1: argv.append(flags.randomElement(using: &rng)!)
                case 2: argv.append(contentsOf: [flags.randomElement(using: &rng)!, values.randomElement(using: &rng)!])
                default: argv.append(values.randomElement(using: &rng)!)
                }
            }
        }
        // Outputs go to the working folder unless a vector says otherwise; frame counts are capped
        // so a valid render stays quick.
        if command == "render" || command == "diff" { argv += ["--out", out] }
        if command == "render" { argv += ["--frames", "0:2", "--jobs", "1"] }
        return argv
    }

    struct Outcome {
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var stderr: String
    }

    static func run(_ argv: [String], in folder: URL, limit: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = argv
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                       timedOut: timedOut, stderr: stderr)
    }

    /// Every file under `folder` (relative paths), to see that a run wrote nowhere else.
    static func tree(_ folder: URL) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [])
    }

    @Test func randomArgumentVectors() throws {
        let env = ProcessInfo.processInfo.environment
        // A fixed count by default (the same vectors on every machine); RENDER_GRID_FUZZ_SECONDS runs longer.
        let seconds = env["RENDER_GRID_FUZZ_SECONDS"].flatMap(Double.init) ?? 0
        let seed = env["RENDER_GRID_FUZZ_SEED"].flatMap(UInt64.init) ?? 0xA26
        var rng = SplitMix64(state: seed)
        let root = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = root.appendingPathComponent("inputs"), work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let files = try Self.makeFixtures(in: inputs)
        let inputsBefore = Self.tree(inputs)
        let contents = inputsBefore.filter { $0 != "pipe" }.map { ($0, FileManager.default.contents(atPath: inputs.appendingPathComponent($0).path)) }
        let started = Date()
        var runs = 0, byStatus: [Int32: Int] = [:]
        while (Date().timeIntervalSince(started) < seconds || runs < 150) && runs < 10_000 {
            let argv = Self.vector(&rng, files: files, out: work.appendingPathComponent("out").path)
            let outcome = try Self.run(argv, in: work, limit: 20)
            runs += 1
            byStatus[outcome.status, default: 0] += 1
            let shown = argv.map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }
            #expect(!outcome.timedOut, "hung: \(shown)")
            #expect(!outcome.signalled && [0, 1, 2].contains(outcome.status), "\(shown): status \(outcome.status): \(outcome.stderr)")
            let errorLines = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("render-grid:") }
            // diff's exit 1 means "differences" (reported on stdout); every other failure is one line.
            let failed = outcome.status == 2 || (outcome.status == 1 && argv.first != "diff")
            #expect(errorLines.count <= 1 && (!failed || errorLines.count == 1), "\(shown): \(outcome.stderr)")
            if outcome.timedOut || outcome.signalled { break }
        }
        // Inputs are never changed; the only files added beside them are the documented default
        // outputs of sheet (DIR/sheet.png) and plot (TRACE.png).
        let added = Self.tree(inputs).subtracting(inputsBefore)
        #expect(added.isSubset(of: ["frames/sheet.png", "frames/trace_00000-00003.png"]), "\(added)")
        for (path, bytes) in contents { #expect(FileManager.default.contents(atPath: inputs.appendingPathComponent(path).path) == bytes, "\(path) changed") }
        print("argument fuzz: \(runs) vectors from seed \(seed) in \(Int(Date().timeIntervalSince(started))) s; exit codes \(byStatus.sorted { $0.key < $1.key })")
        #expect(runs >= 10)
    }
}
