import Foundation
import Testing
import TestSupport
@testable import GridModel

/// The shared bad-scenario corpus (Tests/TestSupport/BadScenarios) through the executable: one file of each error
/// kind (GridModelTests decode every file in-process). The CLI exits 2 with one line naming the file, the JSON path
/// and the row's text, adds the flag that raises a limit, and writes nothing.
@Suite struct BadScenarioCLITests {
    static let cases: [BadScenario] = {
        let limits = BadScenario.all.filter { $0.file == "huge-viewport.json" || $0.file == "billions-of-frames.json" }
        return BadScenario.onePerKind + limits.filter { limit in !BadScenario.onePerKind.contains { $0.file == limit.file } }
    }()

    @Test(arguments: cases)
    func rejectedByTheCLI(_ bad: BadScenario) throws {
        let out = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CLI.run(["render", bad.url.path, "--out", out.appendingPathComponent("frames").path])
        #expect(result.status == 2, "\(bad.file): \(result.stderr)")
        #expect(result.stderr.contains(bad.file))
        if !bad.path.isEmpty { #expect(result.stderr.contains(bad.path + ":"), "\(result.stderr)") }
        if !bad.mentions.isEmpty { #expect(result.stderr.contains(bad.mentions), "\(result.stderr)") }
        let hints = ["huge-viewport.json": "(--max-pixels raises it)", "billions-of-frames.json": "(--max-frames raises it)"]
        if let hint = hints[bad.file] { #expect(result.stderr.contains(hint), "\(result.stderr)") }
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(CLI.files(in: out).isEmpty)
    }

    @Test func hundredMegabyteFileIsRefusedUnread() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 100_000_000)  // sparse: 100 MB without writing them
        try handle.close()
        let started = Date()
        let result = try CLI.run(["render", big.path, "--out", folder.appendingPathComponent("o").path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("100000000 bytes") && result.stderr.contains("--max-file-size"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func flagsRaiseTheLimits() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let padded = CLI.smallScenario() + String(repeating: " ", count: 4_100_000)
        let file = try CLI.write(padded, to: folder)
        let out = folder.appendingPathComponent("o").path
        #expect(try CLI.run(["render", file, "--out", out, "--frames", "0:0"]).status == 2)
        #expect(try CLI.run(["render", file, "--out", out, "--frames", "0:0", "--max-file-size", "5000000"]).status == 0)
        let long = try CLI.write(CLI.smallScenario(extra: #", { "wait": { "duration": 3600 } }"#), to: folder, as: "long.json")
        let refused = try CLI.run(["render", long, "--out", out, "--frames", "0:0"])
        #expect(refused.status == 2 && refused.stderr.contains("--max-frames"))
        #expect(try CLI.run(["render", long, "--out", out, "--frames", "0:0", "--max-frames", "200000"]).status == 0)
    }
}

@Suite struct InterruptionTests {
    /// A scenario long enough to interrupt: 600 frames that all differ (about 0.15 s of a debug build's work after the
    /// twentieth frame, which the tests wait for; 120 frames were done within 25 ms of it).
    static let scenario = """
    { "name": "interrupt", "viewport": { "width": 160, "height": 120, "scale": 1 }, "fps": 60,
      "scroll": { "recenter": "threshold", "contentSize": { "width": 3000, "height": 3000 } },
      "steps": [ { "drag": { "by": { "x": -800, "y": -300 }, "duration": 10, "release": "hold" } } ] }
    """

    func frames(_ folder: URL) -> [String] { CLI.files(in: folder).filter { $0.hasPrefix("frame_") } }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptedRunResumesToTheSameBytes(signal: Int32, status: Int32) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(Self.scenario, to: folder)
        let full = folder.appendingPathComponent("full"), cut = folder.appendingPathComponent("cut")
        #expect(try CLI.run(["render", scenario, "--out", full.path, "--quiet", "--jobs", "2"]).status == 0)

        let (process, err) = try CLI.start(["render", scenario, "--out", cut.path, "--jobs", "2"])
        let deadline = Date().addingTimeInterval(60)
        while frames(cut).count < 20 && process.isRunning && Date() < deadline { usleep(5_000) }
        kill(process.processIdentifier, signal)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "\(message)")
        #expect(message.contains("--resume") && message.contains("frames are complete"))
        let partial = frames(cut)
        #expect(partial.count < frames(full).count, "the render finished before the signal")
        #expect(!CLI.files(in: cut).contains { $0.hasPrefix(".") }, "temporary files left")
        for name in partial {  // every frame on disk is complete
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)))
        }
        // Damage one kept frame too: --resume must re-render it.
        if let first = partial.first {
            try Data("broken".utf8).write(to: cut.appendingPathComponent(first))
        }
        let resumed = try CLI.run(["render", scenario, "--out", cut.path, "--resume", "--jobs", "1"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("kept from an earlier run"))
        #expect(CLI.files(in: cut) == CLI.files(in: full))
        for name in CLI.files(in: full) {
            #expect(try Data(contentsOf: cut.appendingPathComponent(name)) == Data(contentsOf: full.appendingPathComponent(name)), "\(name)")
        }
    }

    /// A signal stops a render while it is still counting a long scenario's frames (90,001 frames of 2,500 tiles
    /// each: tens of seconds before the first frame is written); it once had to wait for the count to finish. (With a
    /// 200-point viewport of 100-point tiles the count took under 0.2 s once the model was compiled optimised, and the
    /// signal came after it.)
    @Test func signalStopsTheFrameCount() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write("""
            { "name": "long", "viewport": { "width": 2000, "height": 2000, "scale": 1 }, "fps": 60,
              "grid": { "tileSize": { "width": 40, "height": 40 } },
              "steps": [ { "drag": { "by": { "x": -90000, "y": 40000 }, "duration": 1500, "release": "hold" } } ] }
            """, to: folder)
        let out = folder.appendingPathComponent("o")
        let (process, err) = try CLI.start(["render", scenario, "--out", out.path, "--jobs", "1"])
        usleep(700_000)
        let signalled = Date()
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(Date().timeIntervalSince(signalled) < 5)
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.contains("SIGINT") && message.split(separator: "\n").count == 1, "\(message)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    /// A full disk (a 1 MB tmpfs) is a clear error with exit 1; the frames already written stay
    /// valid and no temporary file is left.
    @Test func diskFull() throws {
        guard let mount = TemporaryMount(options: "size=1m") else {
            print("diskFull: cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN); skipped")
            return
        }
        let mountPoint = mount.url
        let source = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: source) }
        let big = Self.scenario.replacingOccurrences(of: #""width": 160, "height": 120, "scale": 1"#, with: #""width": 390, "height": 844, "scale": 2"#)
        try #require(big != Self.scenario)
        let scenario = try CLI.write(big, to: source)
        let out = mountPoint.appendingPathComponent("frames")
        let result = try CLI.run(["render", scenario, "--out", out.path, "--jobs", "2"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device") && result.stderr.contains("frames are complete"))
        #expect(!CLI.files(in: out).contains { $0.hasPrefix(".") }, "temporary files left: \(CLI.files(in: out))")
        let written = frames(out)
        #expect(!written.isEmpty)
        for name in written {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(data.count > 100 && Array(data.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "\(name) is not a complete PNG")
        }
    }

    @Test func everyWrittenPNGPassesPngcheck() throws {
        let pngcheck = ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let pngcheck else { print("pngcheck not installed; skipped"); return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("o")
        #expect(try CLI.run(["render", scenario, "--out", out.path, "--quiet", "--sheet"]).status == 0)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: pngcheck)
        check.arguments = ["-q"] + CLI.files(in: out).filter { $0.hasSuffix(".png") }.map { out.appendingPathComponent($0).path }
        let pipe = Pipe()
        check.standardOutput = pipe
        try check.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "\(report)")
    }
}
