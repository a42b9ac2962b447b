import Foundation
import Testing
import TestSupport

/// Renders that users run side by side, tested with real concurrent processes: shards of one
/// render into one folder (docs/recipes.md), two full renders into one folder, and the
/// temporaries a killed run leaves.
@Suite struct ConcurrencyTests {
    /// 120 frames that all differ, small enough to render quickly in several processes at once.
    static let scenario = """
    { "name": "shards", "viewport": { "width": 120, "height": 90, "scale": 1 }, "fps": 60,
      "scroll": { "recenter": "threshold", "contentSize": { "width": 2000, "height": 2000 } },
      "steps": [ { "drag": { "by": { "x": -600, "y": -240 }, "duration": 2, "release": "hold" } } ] }
    """

    /// Starts every argument list as a process at once and waits for all of them; `named` sets
    /// `RENDER_GRID_NAMED_TEMPORARIES=1` (every new file a named temporary first, as without `O_TMPFILE`).
    static func runTogether(_ commands: [[String]], named: Bool = false) throws -> [CLI.Result] {
        var environment = ProcessInfo.processInfo.environment
        environment["RENDER_GRID_NAMED_TEMPORARIES"] = named ? "1" : nil
        let started = try commands.map { arguments -> (Process, Pipe, Pipe) in
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = arguments
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            return (process, out, err)
        }
        return started.map { process, out, err in
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return CLI.Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                              stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    /// Polls (up to 20 s) until another process holds `path` locked with `flock`.
    static func waitUntilLocked(_ path: String) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let fd = open(path, O_RDONLY)
            guard fd >= 0 else { return false }
            let free = flock(fd, LOCK_EX | LOCK_NB) == 0
            close(fd)  // also releases the lock if this test took it
            if !free { return true }
            usleep(5_000)
        }
        return false
    }

    func expectSameFrames(_ folder: URL, as reference: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frames = CLI.files(in: reference).filter { $0.hasPrefix("frame_") }
        #expect(CLI.files(in: folder).filter { $0.hasPrefix("frame_") } == frames, sourceLocation: sourceLocation)
        for name in frames {
            #expect(try Data(contentsOf: folder.appendingPathComponent(name)) == Data(contentsOf: reference.appendingPathComponent(name)),
                    "\(name)", sourceLocation: sourceLocation)
        }
        #expect(!CLI.files(in: folder).contains { $0.hasPrefix(".") }, "temporaries left: \(CLI.files(in: folder))",
                sourceLocation: sourceLocation)
    }

    /// docs/recipes.md's "Splitting a long render" recipe: three shards into one folder at once, three
    /// rounds. Every shard succeeds, the frames are a full render's bytes, and the shard traces,
    /// concatenated in name order, are the full trace. Both ways new files are made (without a name
    /// first, or as named temporaries).
    @Test(arguments: [false, true]) func shardsIntoOneFolder(named: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(Self.scenario, to: folder)
        let full = folder.appendingPathComponent("full")
        #expect(try CLI.run(["render", scenario, "--out", full.path, "--quiet", "--jobs", "1"]).status == 0)
        for round in 0..<3 {
            let split = folder.appendingPathComponent("split\(round)")
            let results = try Self.runTogether(["0:39", "40:79", "80:"].map {
                ["render", scenario, "--frames", $0, "--out", split.path, "--jobs", "1", "--quiet"]
            }, named: named)
            for r in results { #expect(r.status == 0, "round \(round): \(r.stderr)") }
            try expectSameFrames(split, as: full)
            let traces = CLI.files(in: split).filter { $0.hasPrefix("trace_") }
            #expect(traces == ["trace_00000-00039.jsonl", "trace_00040-00079.jsonl", "trace_00080-00120.jsonl"])
            let joined = try traces.map { try Data(contentsOf: split.appendingPathComponent($0)) }.reduce(Data(), +)
            #expect(joined == (try Data(contentsOf: full.appendingPathComponent("trace.jsonl"))))
        }
    }

    /// Two full renders of one scenario into one folder at once both succeed with a full render's
    /// bytes, both ways new files are made.
    @Test(arguments: [false, true]) func twoRendersIntoOneFolder(named: Bool) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(Self.scenario, to: folder)
        let full = folder.appendingPathComponent("full"), both = folder.appendingPathComponent("both")
        #expect(try CLI.run(["render", scenario, "--out", full.path, "--quiet"]).status == 0)
        let results = try Self.runTogether([["render", scenario, "--out", both.path, "--quiet", "--jobs", "2"],
                                            ["render", scenario, "--out", both.path, "--quiet", "--jobs", "1"]], named: named)
        for r in results { #expect(r.status == 0, "\(r.stderr)") }
        try expectSameFrames(both, as: full)
        #expect(try Data(contentsOf: both.appendingPathComponent("trace.jsonl")) == Data(contentsOf: full.appendingPathComponent("trace.jsonl")))
    }

    /// A render removes the temporaries no process is writing (unlocked: killed renders, however
    /// young, of every kind it writes, the sheet's too) and nothing else: not a temporary another
    /// process holds locked, not a link, not a fresh `.dat.nosync*` of a version before 0.3 (which
    /// did not lock), and never a user's own dot-files that happen to end in `.tmp`.
    @Test func onlyAbandonedTemporariesAreRemoved() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = try CLI.write(CLI.smallScenario(), to: folder)
        let out = folder.appendingPathComponent("o")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let abandoned = [".frame_00003.png.4000000-1a2b.tmp", ".frame_00005.png.tmp", ".trace.jsonl.77.tmp", ".dat.nosyncab12.Xyz9",
                         ".sheet.png.4000000-3c4d.tmp"]
        let young = [".frame_00006.png.2-ee.tmp", ".trace_00000-00002.jsonl.5-aa.tmp", ".frames.ffconcat.6-bb.tmp"]
        let held = ".frame_00004.png.1-ff.tmp", fresh = ".dat.nosyncfe12.Abc3", link = ".frame_00007.png.3-dd.tmp"
        let users = [".bash_history.tmp", ".notes.12345678.tmp", ".config.tmp"]
        for name in abandoned + young + [held, fresh] + users { try Data("partial".utf8).write(to: out.appendingPathComponent(name)) }
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("victim".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(link).path, withDestinationPath: victim.path)
        let past = Date().addingTimeInterval(-3600)
        for name in abandoned + [held] + users {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: out.appendingPathComponent(name).path)
        }
        // Another process, in any namespace, holds its temporary locked while it writes.
        // `--no-fork` makes the lock holder `sleep` itself, so killing it ends it; SIGKILL, because
        // `sleep` may inherit an ignored SIGTERM (`terminate()` here once waited out all 30 s).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--no-fork", out.appendingPathComponent(held).path, "sleep", "30"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL); holder.waitUntilExit() }
        try #require(Self.waitUntilLocked(out.appendingPathComponent(held).path), "flock did not take the lock")
        let result = try CLI.run(["render", scenario, "--out", out.path, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let hidden = Set(CLI.files(in: out).filter { $0.hasPrefix(".") })
        #expect(hidden == Set([held, fresh, link] + users), "\(hidden.sorted())")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
    }

    /// A render in another process namespace (a container on a shared volume) sees other pids as
    /// dead; it must still leave a live render's temporaries alone. The outer render's trace
    /// temporary lives for the whole render, so a cleanup that judged by pid broke it every time.
    /// Every render here makes named temporaries (`RENDER_GRID_NAMED_TEMPORARIES=1`, as on a file
    /// system without `O_TMPFILE`), so the outer one's trace has a name to keep throughout.
    @Test func rendersInOtherPidNamespacesDoNotInterfere() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { print("unshare not installed; skipped"); return }
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let long = try CLI.write(Self.scenario.replacingOccurrences(of: #""duration": 2,"#, with: #""duration": 40,"#), to: folder, as: "long.json")
        let small = try CLI.write(CLI.smallScenario(), to: folder, as: "small.json")
        let shared = folder.appendingPathComponent("shared"), alone = folder.appendingPathComponent("alone")
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        probe.arguments = ["--pid", "--fork", "/bin/true"]
        try probe.run()
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { print("unshare --pid not permitted here; skipped"); return }
        // The render to compare with runs beside the outer one (it only has to finish).
        let (single, singleErr) = try CLI.start(["render", long, "--out", alone.path, "--quiet", "--jobs", "1"])
        var named = ProcessInfo.processInfo.environment
        named["RENDER_GRID_NAMED_TEMPORARIES"] = "1"
        let outer = Process(), err = Pipe()
        outer.executableURL = CLI.executable
        outer.arguments = ["render", long, "--out", shared.path, "--quiet", "--jobs", "1"]
        outer.environment = named
        outer.standardOutput = FileHandle.nullDevice
        outer.standardError = err
        try outer.run()
        // Polls until the outer render's trace temporary exists, then runs the others back to back.
        let deadline = Date().addingTimeInterval(60)
        while outer.isRunning && Date() < deadline && !CLI.files(in: shared).contains(where: { $0.hasPrefix(".trace") }) { usleep(2_000) }
        var others = 0
        while outer.isRunning && others < 6 {
            let inner = Process()
            inner.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            inner.arguments = ["--pid", "--fork", CLI.executable.path, "render", small, "--out", shared.path, "--quiet", "--jobs", "1",
                               "--frames", "0:2"]  // its own trace name
            inner.standardError = Pipe()
            inner.environment = named
            try inner.run()
            inner.waitUntilExit()
            #expect(inner.terminationStatus == 0)
            others += 1
        }
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        outer.waitUntilExit()
        #expect(outer.terminationStatus == 0, "\(message)")
        let singleMessage = String(decoding: singleErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        single.waitUntilExit()
        #expect(single.terminationStatus == 0, "\(singleMessage)")
        // On a loaded machine a render in the other namespace takes long; one while the outer runs is the case.
        #expect(others >= 1, "the outer render ended before another could run")
        #expect(try Data(contentsOf: shared.appendingPathComponent("trace.jsonl")) == Data(contentsOf: alone.appendingPathComponent("trace.jsonl")))
    }
}

/// Input and output files as hostile as a user's: pipes, folders, odd names, read-only disks.
@Suite struct FileSurfaceTests {
    func mkfifo(_ url: URL) throws {
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/mkfifo")
        make.arguments = [url.path]
        try make.run()
        make.waitUntilExit()
        try #require(make.terminationStatus == 0)
    }

    /// A FIFO given as the font (`--font` or `style.font`) or as the scenario is refused at once
    /// (exit 2, one line naming where it came from), never waited on.
    @Test func pipesAreRefusedNotWaitedOn() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("font.ttf")
        try mkfifo(fifo)
        let plain = try CLI.write(CLI.smallScenario(), to: folder)
        let styled = try CLI.write(CLI.smallScenario().replacingOccurrences(of: #""fps": 30,"#, with: #""fps": 30, "style": { "font": "font.ttf" },"#),
                                   to: folder, as: "styled.json")
        let out = folder.appendingPathComponent("o").path
        let started = Date()
        let cases: [([String], [String])] = [
            (["render", plain, "--font", fifo.path, "--out", out], ["--font", "not a regular file"]),
            (["render", styled, "--out", out], ["styled.json", "style.font", "not a regular file"]),
            (["verify", styled], ["styled.json", "style.font"]),
            (["render", fifo.path, "--out", out], ["scenario", "not a regular file"]),
            (["render", plain, "--font", folder.path, "--out", out], ["--font", "is a folder"]),
        ]
        for (arguments, words) in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            for word in words { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A file name with a newline still gives one line; an empty option value is a usage error.
    @Test func oneLineErrorsAndEmptyValues() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = try CLI.write("{ \"name\": 5 }", to: folder, as: "bad\nname.json")
        let result = try CLI.run(["render", odd, "--out", folder.appendingPathComponent("o").path])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("bad\\nname.json"), "\(result.stderr)")
        let missing = try CLI.run(["render", folder.appendingPathComponent("no\nsuch.json").path])
        #expect(missing.status == 2 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
        let plain = try CLI.write(CLI.smallScenario(), to: folder)
        for arguments in [["render", plain, "--out", ""], ["render", plain, "--out="], ["render", plain, "--font", ""]] {
            let r = try CLI.run(arguments)
            #expect(r.status == 2 && r.stderr.contains("empty"), "\(arguments): \(r.stderr)")
        }
    }

    /// A read-only file system is named as such (exit 1), and nothing is left behind.
    @Test func readOnlyFileSystem() throws {
        guard let mount = TemporaryMount(options: "ro,size=1m") else {
            print("readOnlyFileSystem: cannot mount a tmpfs here (not root, or no CAP_SYS_ADMIN); skipped")
            return
        }
        let mountPoint = mount.url
        let source = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: source) }
        let scenario = try CLI.write(CLI.smallScenario(), to: source)
        for out in [mountPoint.appendingPathComponent("frames").path, mountPoint.path] {
            let result = try CLI.run(["render", scenario, "--out", out])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("Read-only file system"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(CLI.files(in: mountPoint).isEmpty)
    }
}
