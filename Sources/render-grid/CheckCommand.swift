import GridExport
import GridModel
import GridTools
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum CheckCommand {
    static let command = Command(
        name: "check", arguments: "SCENARIO.json|DIR ...",
        summary: "compare scenarios with their frame-sequence goldens (record, update, prune)",
        description: """
            Renders each scenario in memory (no frame files; the pixels `render` writes) and compares it with its
            golden, Goldens/<scenario name>/ beside the scenario (or in --goldens DIR). A folder argument checks
            every *.json scenario in it (the schema file is skipped). A golden is manifest.json (the SHA-256 of
            every frame's decoded pixels, a digest of its trace line, the options and the rendering identity: font
            file hash and FreeType version), trace.jsonl.gz, and key frames frame-NNNNN.png: the first and last frame,
            every frame with a recenter, page change, loop jump, resize or edge hit, and every Nth.

            Frames are compared by hash; a differing frame with a key frame is compared with it (exactly, or by
            pixelmatch with --threshold) within the tolerance below, one without fails and the semantic trace diff
            explains it. Machine drift (another font file or FreeType than the golden's) is named first.
            """,
        options: [
            Option("--goldens", "DIR", .string, default: "Goldens/ beside the scenarios", "the goldens folder"),
            Option(
                "--record", "MODE", .choice(["missing", "all", "failed", "never"]),
                default: "missing; never when CI is set",
                """
                missing: record goldens that do not exist and fail for them; all: re-record every golden; \
                failed: re-record the scenarios that fail; never: only compare (RENDER_GRID_RECORD sets it too; \
                the flag wins)
                """),
            Option(
                flag: "--prune",
                """
                remove goldens whose scenario no longer exists: not checked, not beside a checked scenario, and not at \
                the path the manifest recorded (without it they fail as obsolete); folders that are not goldens are \
                never touched
                """),
            ScenarioLoader.Overrides.scale,
            Option(
                "--jobs", "N", .int(1...256), default: "all cores",
                "frames rendered and hashed in parallel, 1 to 256; results do not depend on N"),
            Option(
                "--keyframes", "POLICY", .string, default: KeyFramePolicy.default.text,
                """
                every:N, events or all: which frames a recording stores as PNG besides the first, the last and \
                the event frames (every Nth, none, or all)
                """),
            Option(
                "--threshold", "T", .double(0...1), default: "the exact metric, any changed RGBA byte counts",
                """
                compare frames with their key frame by pixelmatch 7.2's metric with threshold T, 0…1, smaller is \
                more sensitive (0.1 is pixelmatch's default)
                """),
            Option.maxDiffPixels,
            Option.maxDiffRatio,
            Option(
                "--report", "DIR", .string,
                """
                write DIR/report.html and, per failing scenario, expected, actual and diff PNGs of its first failing \
                frames and an animated side-by-side of the failing range
                """),
            Option(flag: "--json", "print the outcome as JSON on stdout instead of text"),
            Option("--junit", "FILE", .string, "write a JUnit XML report (one test case per scenario)"),
            Option("--font", "PATH", .string, default: "style.font, then DejaVu Sans", "font for the labels"),
        ],
        notes: """
            Nothing is written outside --goldens and --report, and the two may not overlap: a recording goes into a
            temporary folder inside the goldens folder and is swapped into place whole by one atomic rename. A
            golden that is damaged (wrong frame count, bad hash, a key frame missing, truncated or not matching its
            hash, a link out of the goldens folder, over a size limit) is an error naming the file, never
            re-recorded (--record all refuses it too: delete it to record it again); the report, JUnit and JSON
            still list what was checked, the damaged scenario as an error. An empty RENDER_GRID_RECORD or CI, and
            CI=false or CI=0, count as unset.
            """,
        exitCodes: """
            0 every scenario passes (or was recorded by --record all or failed, or pruned); 1 a scenario
            fails, a golden is missing (also when --record missing just recorded it) or obsolete; 2 usage error,
            invalid scenario, damaged golden, --goldens that is not a folder, or --report overlapping it.
            """,
        example: "render-grid check Scenarios/rotate.json --scale 1 --record never")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        let paths = args.positionals
        guard !paths.isEmpty else {
            throw UsageError("check takes scenario files or folders (see render-grid check --help)")
        }
        var options = try options(args)
        let json = args.flag("--json")
        let junit = args.string("--junit")
        // Output paths are checked before anything is rendered, not after every scenario ran.
        if let report = options.reportFolder, FileInput.kind(of: report) != .missing,
            FileInput.kind(of: report) != .folder
        {
            throw UsageError("--report \(FileInput.quoted(report)) exists and is not a folder")
        }
        if let junit {
            if FileInput.kind(of: junit) == .folder {
                throw UsageError("--junit \(FileInput.quoted(junit)) is a folder; give a file name such as check.xml")
            }
            let folder = FileOutput.split(junit).folder
            // (The report folder is made before the JUnit file is written: `--report report --junit report/junit.xml`.)
            let inReport = options.reportFolder.map { GoldenChecker.samePath($0, folder) } ?? false
            if !folder.isEmpty, FileInput.kind(of: folder) != .folder, !inReport {
                throw UsageError(
                    "--junit \(FileInput.quoted(junit)): folder \(FileInput.quoted(folder)) does not exist")
            }
        }

        // SIGINT and SIGTERM stop the run between frames: a recording leaves the golden as it was and no
        // temporary, and the message says what was stopped (exit 128 + the signal).
        let cancellation = Cancellation()
        options.cancellation = cancellation
        let signalSources = SignalHandling.install(cancellation)
        defer { for source in signalSources { source.cancel() } }
        let (outcome, error) = try GoldenChecker.runReporting(paths, options: options) { scenario in
            guard !json else { return }
            let word = scenario.verdict.isPass ? "ok  " : "FAIL"
            print("\(word) \(FileInput.quoted(scenario.name)) (\(scenario.verdict.rawValue)): \(scenario.summary)")
            for line in scenario.details { print("       \(line)") }
        }
        if let report = options.reportFolder {
            try FileOutput.makeDirectory(report)
            try FileOutput.writeAtomically(
                Array(CheckReport.html(outcome).utf8), to: FilePaths.join(report, "report.html"))
        }
        if let junit { try FileOutput.writeAtomically(Array(CheckReport.junit(outcome).utf8), to: junit) }
        if json {
            print(CheckReport.json(outcome))
        } else {
            print(summaryLine(outcome, report: options.reportFolder))
        }
        // A damaged golden (or a scenario that does not load) stops the run: the reports above list what was
        // checked and the scenario in error; the error itself is reported (exit 2) last.
        if let error { throw error }
        return outcome.passed ? 0 : 1
    }

    /// The check options the flags give (the record mode from `--record`, else the environment).
    static func options(_ args: ParsedOptions) throws -> GoldenOptions {
        var options = GoldenOptions()
        options.goldens = args.string("--goldens")
        options.record = try GoldenOptions.recordMode(
            flag: args.string("--record"), environment: FilePaths.environment())
        options.prune = args.flag("--prune")
        options.scale = args.int("--scale")
        options.jobs = args.int("--jobs") ?? min(FilePaths.processorCount, RenderOptions.maxJobs)
        if let text = args.string("--keyframes") {
            guard let policy = KeyFramePolicy(text) else {
                throw UsageError(
                    "--keyframes takes every:N (N from 1 to \(KeyFramePolicy.maxInterval)), events or all, not '\(text)'"
                )
            }
            options.keyFrames = policy
        }
        if let t = args.double("--threshold") {
            options.match = PixelMatchOptions()
            options.match.threshold = t
        }
        options.maxDiffPixels = args.int("--max-diff-pixels")
        options.maxDiffRatio = args.double("--max-diff-ratio")
        options.reportFolder = args.string("--report")
        if let font = args.string("--font") {
            _ = try ScenarioLoader.font(flag: font)  // a usage error naming --font, before any scenario
            options.fontPath = font
        }
        return options
    }

    /// The closing line of a text run: the count of each verdict, the record mode, the metric and the report.
    static func summaryLine(_ outcome: CheckOutcome, report: String?) -> String {
        let count = { (v: ScenarioOutcome.Verdict) in outcome.scenarios.filter { $0.verdict == v }.count }
        var line =
            "check: \(outcome.scenarios.count) scenario\(outcome.scenarios.count == 1 ? "" : "s"): \(count(.passed)) passed, \(count(.failed)) failed, "
            + "\(count(.missing)) missing, \(count(.recorded)) recorded, \(count(.obsolete)) obsolete, \(count(.pruned)) pruned"
            + (count(.error) > 0 ? ", \(count(.error)) in error" : "")
        line +=
            "; record mode \(outcome.recordMode.rawValue); metric \(outcome.metric); "
            + (outcome.passed ? "ok" : "FAILED")
        if let report {
            line += "; report \(FileInput.quoted(FilePaths.join(report, "report.html")))"
        }
        return line
    }
}
