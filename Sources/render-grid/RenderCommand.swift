import GridExport
import GridModel
import GridTools
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum RenderCommand {
    static let command = Command(
        name: "render", arguments: "SCENARIO.json",
        summary: "write PNG frames and a per-frame trace",
        description: "Runs the scenario and writes DIR/frame_00000.png, frame_00001.png, ... and DIR/trace.jsonl.",
        options: [
            Option("--out", "DIR", .string, default: "output/<scenario name>/", "output folder"),
            ScenarioLoader.Overrides.scale,
            Option(
                "--frames", "A:B", .string,
                """
                render only frames A to B (0-based, inclusive; A: means to the last frame); the bytes equal those of \
                a full run; the trace is written as trace_AAAAA-BBBBB.jsonl. Shards may write one folder at the same time
                """),
            Option(
                "--shard", "K/N", .string,
                """
                render only the K-th of N contiguous frame ranges of balanced length (1 <= K <= N; the first ranges \
                take one frame more when N does not divide the frame count), written as --frames writes that range; \
                not with --frames
                """),
            Option(flag: "--reference", "render the ideal infinite plane (no content edges, no recentering)"),
            Option(
                "--jobs", "N", .int(1...256), default: "all cores",
                "frames rendered in parallel, 1 to 256; output does not depend on N"),
            Option("--font", "PATH", .string, default: "style.font, then DejaVu Sans", "a TrueType/OpenType font"),
            Option(
                "--compression", "C", .choice(["fast", "small"]), default: "fast",
                "fast (Up filter, written by --encoder) or small (libpng, zlib level 9, adaptive)"),
            Option(
                "--encoder", "E", .choice(["fast", "libpng"]), default: "fast",
                "PNG encoder of opaque frames at --compression fast: fast (ours) or libpng (zlib level 1)"),
        ] + ScenarioLoader.Overrides.limitOptions + [
            Option(
                flag: "--hud",
                """
                overlay frame number, time, phase, offset, live tiles and a minimap of contentSize showing where \
                the viewport is (and each recenter's jump back)
                """),
            Option(flag: "--show-reuse", "tint tiles by how often their object was reused (green few, red 20+)"),
            Option(
                flag: "--sheet",
                """
                also write DIR/sheet.png, a contact sheet (see render-grid sheet); not a frame: diff and sheet \
                read only frame_NNNNN.png
                """),
            Option(
                flag: "--resume",
                """
                keep frames already in DIR that are complete PNGs of the right size and render only the missing \
                or damaged ones (after an interrupted run)
                """),
            Option(
                flag: "--link-repeats",
                """
                store a run of identical frames as hard links to one file: idle frames cost a link, not a file;                 a tool that edits one frame in place then changes them all
                """),
            Option(flag: "--quiet", "no summary line"),
            Option(
                flag: "--preview-commands",
                """
                then print the ffmpeg commands (bash) that make DIR.apng, DIR.gif and DIR.mp4 from DIR/frames.ffconcat
                """),
        ],
        notes: """
            SIGINT / SIGTERM stop the render cleanly: frames being written finish, no partial file is left,
            a line says how far it got, and the exit code is 130 / 143; --resume then finishes the job with
            the same bytes as an uninterrupted run.
            """,
        exitCodes: """
            0 ok, 1 runtime failure (e.g. output not writable, disk full), 2 usage or invalid
            scenario, 130 SIGINT, 143 SIGTERM.
            """,
        example: "render-grid render Scenarios/rotate.json --out output/rotate --scale 1 --jobs 2")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        let overrides = ScenarioLoader.Overrides(args)
        let out = args.string("--out")
        let frames = try args.string("--frames").map(parseRange)
        let shard = try args.string("--shard").map { text throws(UsageError) in
            try parseShard(text, maxCount: overrides.limits.maxFrames)
        }
        if frames != nil && shard != nil {
            throw UsageError("--shard and --frames cannot be given together: each picks the frames")
        }
        let reference = args.flag("--reference")
        let jobs = args.int("--jobs") ?? FilePaths.processorCount
        let fontFlag = args.string("--font")
        // Checked by the table: one of Compression's raw values.
        let compression = args.string("--compression").flatMap(Compression.init(rawValue:)) ?? .fast
        let quiet = args.flag("--quiet")
        let hud = args.flag("--hud")
        let showReuse = args.flag("--show-reuse")
        let sheet = args.flag("--sheet")
        let resume = args.flag("--resume")
        let files = args.positionals
        guard files.count == 1 else {
            throw UsageError(
                files.isEmpty
                    ? "render needs a scenario file (see render-grid render --help)"
                    : "render takes one scenario file, got \(files.count)")
        }
        let file = files[0]
        // style.font is relative to the scenario file; --font to the working directory.
        let loaded = try ScenarioLoader.load(file, overrides: overrides, fontFlag: fontFlag, needsFont: hud)
        let scenario = loaded.scenario
        let font = loaded.font

        var options = RenderOptions(outputDirectory: out ?? "output/" + ScenarioLoader.safeName(scenario.name))
        options.frames = frames
        if let shard {
            options.frames = try Self.frames(
                of: shard, file: file, scenario: scenario, reference: reference,
                limits: overrides.limits)
        }
        options.reference = reference
        options.jobs = jobs
        options.compression = compression
        options.encoder = args.string("--encoder").flatMap(PNGEncoder.init(rawValue:)) ?? .fast
        options.hud = hud
        options.showReuse = showReuse
        options.resume = resume
        options.linkRepeats = args.flag("--link-repeats")
        options.limits = overrides.limits
        let cancellation = Cancellation()
        options.cancellation = cancellation
        let signalSources = SignalHandling.install(cancellation)
        defer { for source in signalSources { source.cancel() } }
        let terminal = isatty(STDERR_FILENO) == 1 && !quiet
        if terminal {
            options.progress = { done, total in
                FilePaths.writeToStandardError("\rrender-grid: frame \(done)/\(total)")
            }
        }
        let summary: RenderSummary
        do {
            summary = try FrameExporter.render(scenario, font: font, options: options)
        } catch {
            throw error.located(in: file)
        }
        if terminal { FilePaths.writeToStandardError("\r\u{1B}[K") }
        if !quiet { print(line(summary, folder: options.outputDirectory)) }
        if args.flag("--preview-commands") {
            print(PreviewCommands.script(folder: options.outputDirectory, list: summary.frameList), terminator: "")
        }
        if sheet { try writeSheet(options.outputDirectory, loaded: loaded, quiet: quiet) }
        return 0
    }

    /// The frames of `shard` of the scenario in `file`.
    static func frames(
        of shard: FrameShard, file: String, scenario: Scenario, reference: Bool, limits: Limits
    ) throws
        -> ClosedRange<Int>
    {
        let total: Int
        do { total = try FrameExporter.countFrames(scenario, reference: reference, limits: limits) } catch {
            throw error.located(in: file)
        }
        guard let range = try? shard.frames(total: total) else {
            throw UsageError(
                "--shard \(shard) is empty: \(file) has \(total) frame\(total == 1 ? "" : "s"), so N is at most \(total)"
            )
        }
        return range
    }

    /// `--sheet`: the contact sheet of the rendered folder.
    static func writeSheet(_ folder: String, loaded: ScenarioFile, quiet: Bool) throws {
        let path: String
        do {
            path = try ContactSheet.write(
                folder: folder, options: SheetOptions(), font: ScenarioLoader.font(of: loaded))
        } catch let e as ToolError {
            throw toolError(e)
        }
        if !quiet { print("contact sheet \(path)") }
    }

    /// The line a render prints when it is done.
    static func line(_ summary: RenderSummary, folder: String) -> String {
        let ms = CFormat.string("%.2f", summary.msPerFrame)
        let seconds = CFormat.string("%.2f", summary.seconds)
        let keptNote = summary.framesKept > 0 ? ", \(summary.framesKept) kept from an earlier run" : ""
        let repeated = max(0, summary.framesWritten - summary.framesRasterized)
        return
            "rendered \(summary.framesWritten) frames (\(summary.framesRasterized) rasterized, \(repeated) repeated\(keptNote)) "
            + "to \(folder) in \(seconds) s, \(ms) ms/frame; \(summary.recenters) recenter frames, "
            + "\(summary.edgeHitFrames) edge-hit frames; trace \(summary.tracePath)"
    }

    /// `K/N` of `--shard`: shard K of N, 1 <= K <= N <= `maxCount` (the frame limit: more shards than frames
    /// would leave some empty).
    /// - Throws: `UsageError` naming what is allowed.
    static func parseShard(_ text: String, maxCount: Int) throws(UsageError) -> FrameShard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let numbers = parts.map { part in part.allSatisfy { $0.isASCII && $0.isNumber } ? Int(part) : nil }
        guard numbers.count == 2, let k = numbers[0], let n = numbers[1] else {
            throw UsageError(
                "--shard takes K/N, shard K of N shards with 1 <= K <= N (e.g. --shard 2/3), not '\(text)'")
        }
        guard n >= 1, n <= maxCount else {
            throw UsageError("--shard K/N takes N from 1 to \(maxCount) (the frame limit), not '\(text)'")
        }
        guard let shard = FrameShard(k, of: n) else {
            throw UsageError("--shard K/N takes K from 1 to N (1 to \(n)), not '\(text)'")
        }
        return shard
    }

    static func parseRange(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = parts[1].isEmpty ? Int.max : Int(parts[1]), a >= 0,
            b >= a
        else {
            throw UsageError(
                "--frames takes A:B with 0 <= A <= B, or A: for A to the last frame (e.g. --frames 0:59), not '\(text)'"
            )
        }
        // Int.max as B means "to the last frame" (`RenderOptions.frames`): a B written out can never be that.
        guard parts[1].isEmpty || b < Int.max else {
            throw UsageError(
                "--frames \(text): B must be below \(Int.max); write \(a): for frame \(a) to the last frame")
        }
        return a...b
    }
}
