import Dispatch
import GridExport
import GridModel
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `render-grid check` as a library: finds the scenarios, renders each in memory, compares it with its golden
/// (or records the golden, per the record mode), finds obsolete goldens, and writes failure images.
///
/// ```swift
/// var options = GoldenOptions()
/// options.record = .never
/// let outcome = try GoldenChecker.run(["Scenarios"], options: options)
/// for scenario in outcome.scenarios { print(scenario.name, scenario.verdict, scenario.summary) }
/// ```
public enum GoldenChecker {
    /// A scenario to check and the goldens folder it belongs to.
    public struct Scenario: Sendable, Equatable {
        /// The scenario file as given (or as found in a folder given).
        public var path: String
        /// The file name without `.json`: the golden's folder name.
        public var name: String
        /// The goldens folder: `GoldenOptions.goldens`, else `Goldens/` beside the scenario file.
        public var goldens: String
    }

    /// The scenarios named by `paths`: each file, and every `*.json` in each folder (not hidden, not a
    /// `*.schema.json`), sorted by name within a folder.
    ///
    /// ```swift
    /// let scenarios = try GoldenChecker.scenarios(["Scenarios"], goldens: nil)  // Scenarios/atRest-edge.json, …
    /// ```
    /// - Throws: `ToolError(.invalidInput)` for a path that does not exist or is neither a file nor a folder,
    ///   a folder without scenarios or with a `*.json` entry that is not a regular file (a folder, a pipe, a device,
    ///   a broken link), a name starting with a dot, or two scenarios of one name for one goldens folder.
    public static func scenarios(_ paths: [String], goldens: String?) throws(ToolError) -> [Scenario] {
        var found: [Scenario] = []
        for path in paths {
            switch FileInput.kind(of: path) {
            case .folder:
                guard let names = FilePaths.names(in: path) else {
                    throw ToolError(.invalidInput, "cannot list scenario folder \(OneLineName.quoted(path))")
                }
                let files = names.filter {
                    $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasPrefix(".")
                }.sorted()
                guard !files.isEmpty else {
                    throw ToolError(
                        .invalidInput, "scenario folder \(OneLineName.quoted(path)) holds no *.json scenario")
                }
                let folder = path.hasSuffix("/") ? path : path + "/"
                for file in files {
                    // A *.json entry that is not a scenario file is named, never skipped silently: a CI run must
                    // not pass with a scenario it did not check.
                    let what: String
                    switch FileInput.kind(of: folder + file) {
                    case .regular: what = ""
                    case .folder: what = "a folder"
                    case .missing: what = "a broken symbolic link"
                    case .other: what = "not a regular file (a pipe, socket or device)"
                    }
                    guard what.isEmpty else {
                        throw ToolError(
                            .invalidInput,
                            "scenario folder \(OneLineName.quoted(path)) holds \(OneLineName.quoted(file)), \(what); check reads every *.json in the folder as a scenario: remove or rename it"
                        )
                    }
                    found.append(
                        Scenario(
                            path: folder + file, name: String(file.dropLast(5)), goldens: goldens ?? folder + "Goldens")
                    )
                }
            case .regular, .other:
                let (folder, file) = FileOutput.split(path)
                var name = file
                if name.hasSuffix(".json") { name.removeLast(5) }
                guard !name.isEmpty, !name.hasPrefix(".") else {
                    throw ToolError(
                        .invalidInput,
                        "scenario \(OneLineName.quoted(path)): a golden is named after the file, and \(OneLineName.quoted(file)) makes no usable folder name"
                    )
                }
                found.append(Scenario(path: path, name: name, goldens: goldens ?? folder + "Goldens"))
            case .missing:
                throw ToolError(.invalidInput, "scenario \(OneLineName.quoted(path)) does not exist")
            }
        }
        var seen: [String: String] = [:]
        for scenario in found {
            let key = (GoldenStore.realPath(scenario.goldens) ?? scenario.goldens) + "\u{0}" + scenario.name
            if let other = seen[key], other != scenario.path {
                throw ToolError(
                    .invalidInput,
                    "scenarios \(OneLineName.quoted(other)) and \(OneLineName.quoted(scenario.path)) share the golden name \(OneLineName.quoted(scenario.name)) in \(OneLineName.quoted(scenario.goldens)); rename one or give another --goldens"
                )
            }
            seen[key] = scenario.path
        }
        // A scenario named twice (a file and its folder) is checked once.
        var unique: [Scenario] = []
        var keys = Set<String>()
        for scenario in found
        where keys.insert((GoldenStore.realPath(scenario.path) ?? scenario.path) + "\u{0}" + scenario.goldens).inserted
        {
            unique.append(scenario)
        }
        return unique
    }

    /// Checks every scenario of `paths` against its golden, then lists (or with `prune` removes) goldens whose
    /// scenario no longer exists. With `jobs` over 1 and several scenarios, scenarios run side by side (up to
    /// `jobs` at once, frames split among them); `progress` is called with each outcome in scenario order as soon
    /// as it and those before it are decided, so the output is the same with any `jobs`.
    ///
    /// ```swift
    /// let outcome = try GoldenChecker.run(["Scenarios/long-fling.json"], options: GoldenOptions())
    /// print(outcome.passed)
    /// ```
    /// - Throws: `ToolError` for unusable input (a corrupt golden: its path and what is wrong), `ExportError`
    ///   for a scenario that does not load or render, or a golden that cannot be written; with several
    ///   failing, the first in scenario order.
    public static func run(
        _ paths: [String], options: GoldenOptions,
        progress: (@Sendable (ScenarioOutcome) -> Void)? = nil
    ) throws -> CheckOutcome {
        let (outcome, error) = try runReporting(paths, options: options, progress: progress)
        if let error { throw error }
        return outcome
    }

    /// `run`, but a scenario that stops the run with an error (a damaged golden, a scenario that does not load)
    /// is returned with the outcome of what was checked, as a last `.error` entry, so that the report, JUnit and
    /// JSON can still be written before the error is reported (`progress` is not called for it).
    ///
    /// ```swift
    /// let (outcome, error) = try GoldenChecker.runReporting(["Scenarios"], options: GoldenOptions())
    /// try FileOutput.writeAtomically(Array(CheckReport.junit(outcome).utf8), to: "check.xml")
    /// if let error { throw error }
    /// ```
    /// - Throws: errors found before any scenario is checked: bad options, a scenario path that does not exist,
    ///   a goldens path that is not a folder, a report folder overlapping a goldens folder, a font that does
    ///   not load.
    public static func runReporting(
        _ paths: [String], options: GoldenOptions,
        progress: (@Sendable (ScenarioOutcome) -> Void)? = nil
    ) throws -> (outcome: CheckOutcome, error: (any Error)?) {
        try ToolError.check(options.jobs, in: 1...RenderOptions.maxJobs, "jobs")
        try options.match.checkMetric()
        let list = try scenarios(paths, goldens: options.goldens)
        try checkFolders(list, options: options)
        let font = try options.fontPath.map { path throws(ExportError) in try FontFile.load(path: path) }
        var (outcomes, error) = checkAll(list, font: font, options: options, progress: progress)
        if error == nil {
            do {
                for outcome in try obsolete(list, paths: paths, options: options) {
                    progress?(outcome)
                    outcomes.append(outcome)
                }
            } catch let failure {
                error = failure
            }
        }
        let outcome = CheckOutcome(
            goldensPath: options.goldens ?? Array(Set(list.map(\.goldens))).sorted().joined(separator: ", "),
            recordMode: options.record, scenarios: outcomes, metric: options.match.label)
        return (outcome, error)
    }

    /// Refuses, before anything is rendered, a goldens folder that is not a folder and a report folder that is
    /// a goldens folder, inside one, or holds one (failure images must never land in a golden).
    /// - Throws: `ToolError(.invalidInput)` for a goldens path that is a file, `ToolError(.invalidOption)` for
    ///   overlapping folders.
    static func checkFolders(_ list: [Scenario], options: GoldenOptions) throws(ToolError) {
        var roots: [String] = []
        for scenario in list where !roots.contains(scenario.goldens) { roots.append(scenario.goldens) }
        try checkFolders(roots: roots, report: options.reportFolder)
    }

    /// `checkFolders` for the goldens folders `roots` and the report folder `report`.
    static func checkFolders(roots: [String], report: String?) throws(ToolError) {
        for root in roots {
            let store = GoldenStore(root: root)
            try store.checkRoot()
            // Whatever the record mode: the folders of recordings that were killed go at the next run of any kind.
            store.removeAbandonedTemporaries()
        }
        guard let report else { return }
        let reportPath = GoldenStore.absolute(report)
        for root in roots where GoldenStore.overlap(reportPath, GoldenStore.absolute(root)) {
            throw ToolError(
                .invalidOption,
                "--report \(OneLineName.quoted(report)) and the goldens folder \(OneLineName.quoted(root)) overlap; give a report folder outside the goldens folder (failure images must not land in a golden)"
            )
        }
    }

    /// Whether two paths name one file or folder (links resolved as far as they exist).
    ///
    /// ```swift
    /// GoldenChecker.samePath("report", "./report/")   // true
    /// ```
    public static func samePath(_ a: String, _ b: String) -> Bool {
        GoldenStore.absolute(a) == GoldenStore.absolute(b)
    }

    /// One scenario: load, identify, then record or compare per the record mode. A signal (`options.cancellation`)
    /// stops it between frames with `ExportError(.stopped)` saying what it stopped.
    static func check(_ scenario: Scenario, font: FontRenderer?, options: GoldenOptions) throws -> ScenarioOutcome {
        var recording = false
        do {
            return try check(scenario, font: font, options: options, recording: &recording)
        } catch var error as ExportError where error.kind == .stopped && error.signal != nil {
            let signal =
                error.signal == SIGINT ? "SIGINT" : error.signal == SIGTERM ? "SIGTERM" : "signal \(error.signal!)"
            let golden = OneLineName.quoted(GoldenStore(root: scenario.goldens).folder(scenario.name))
            error.message =
                recording
                ? "interrupted by \(signal) while recording golden \(golden): the golden is as it was, and no temporary is left"
                : "interrupted by \(signal) while checking scenario \(OneLineName.quoted(scenario.path)) against \(golden): nothing was written"
            throw error
        }
    }

    static func check(
        _ scenario: Scenario, font: FontRenderer?, options: GoldenOptions, recording: inout Bool
    ) throws -> ScenarioOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var loaded = try ScenarioFile.load(path: scenario.path, limits: options.limits, font: font)
        if let scale = options.scale { loaded = try loaded.scaled(to: scale) }
        let identity = try identify(loaded, options: options)
        let source = GoldenSource.scenario(loaded, identity: identity, limits: options.limits)
        return try check(
            source, name: scenario.name, goldens: scenario.goldens, options: options, start: start,
            recording: &recording)
    }

    /// Checks frames that come from elsewhere than a scenario file (a HeadlessUIKit recording) against the golden
    /// `name` in the folder `goldens`, with `check`'s record modes, tolerance and failure report.
    /// - Throws: `ToolError(.invalidInput)` for a name that makes no folder name or a goldens path that is not a
    ///   folder, `ToolError(.invalidOption)` for a report folder overlapping the goldens folder, and what `check`
    ///   throws for a damaged golden or one that cannot be written.
    package static func check(
        _ source: GoldenSource, name: String, goldens: String, options: GoldenOptions
    ) throws -> ScenarioOutcome {
        try ToolError.check(options.jobs, in: 1...RenderOptions.maxJobs, "jobs")
        try options.match.checkMetric()
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\u{0}"),
            name.utf8.count <= maxGoldenNameBytes
        else {
            throw ToolError(
                .invalidInput,
                "golden name \(OneLineName.quoted(name)) makes no folder name: give 1 to \(maxGoldenNameBytes) bytes, no '/', not starting with '.'"
            )
        }
        try checkFolders(roots: [goldens], report: options.reportFolder)
        var recording = false
        return try check(
            source, name: name, goldens: goldens, options: options,
            start: DispatchTime.now().uptimeNanoseconds, recording: &recording)
    }

    /// The longest golden name, in UTF-8 bytes (a folder name).
    static let maxGoldenNameBytes = 200

    /// Records or compares `source` per the record mode; `start` is when the check began (for its seconds).
    static func check(
        _ source: GoldenSource, name: String, goldens: String, options: GoldenOptions, start: UInt64,
        recording: inout Bool
    ) throws -> ScenarioOutcome {
        func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        let scenarioPath = source.scenarioPath
        var store = GoldenStore(root: goldens)
        store.cancellation = options.cancellation
        let folder = OneLineName.quoted(store.folder(name))
        func outcome(
            _ verdict: ScenarioOutcome.Verdict, _ summary: String, details: [String] = [],
            frames: Int = 0
        ) -> ScenarioOutcome {
            ScenarioOutcome(
                name: name, scenarioPath: scenarioPath, verdict: verdict, summary: summary,
                details: details, frameCount: frames, seconds: seconds())
        }
        // The golden is read under a shared lock on its current generation (`GoldenStore.lockGeneration`), held
        // until the comparison ends: a recording that swaps it waits, so this run sees one generation.
        var generation: FolderLock?
        if try store.entry(name) == .folder { generation = try store.lockGeneration(name, exclusive: false) }
        if generation != nil && options.record == .all {
            try checkWhole(name, store: store, folder: folder, limits: options.limits)
        }
        if generation == nil || options.record == .all {
            generation?.release()  // the recording locks it exclusively to replace it
            switch options.record {
            case .never:
                return outcome(
                    .missing,
                    "no golden at \(folder); record it with --record missing (or RENDER_GRID_RECORD=missing) and commit it"
                )
            case .missing:
                recording = true
                let manifest = try GoldenRecorder.record(source, name: name, store: store, options: options)
                return outcome(
                    .missing,
                    "recorded a new golden at \(folder) (\(recordedText(manifest))); review and commit it, then check again",
                    frames: manifest.frameCount)
            case .all, .failed:
                recording = true
                let manifest = try GoldenRecorder.record(source, name: name, store: store, options: options)
                return outcome(
                    .recorded, "recorded golden \(folder) (\(recordedText(manifest)))", frames: manifest.frameCount)
            }
        }
        let bytes = try store.read(
            name, GoldenStore.manifestName, maxBytes: GoldenManifest.maxBytes, what: "golden manifest")
        let manifest = try GoldenManifest.parse(bytes, path: store.join(store.folder(name), GoldenStore.manifestName))
        let trace = try GoldenComparison.validate(manifest, name: name, store: store, limits: options.limits)
        let result = try GoldenComparison.compare(
            source, name: name, manifest: manifest,
            expectedTrace: trace, store: store, options: options)
        var final = ScenarioOutcome(
            name: name, scenarioPath: scenarioPath, verdict: result.failed ? .failed : .passed,
            summary: result.summary, details: result.details, frameCount: result.frameCount,
            firstFailingFrame: result.firstFailingFrame, failingFrameCount: result.failingFrameCount)
        generation?.release()
        if result.failed && options.record == .failed {
            recording = true
            let manifest = try GoldenRecorder.record(source, name: name, store: store, options: options)
            final.verdict = .recorded
            final.summary = "re-recorded golden \(folder) (\(recordedText(manifest))); it failed: " + result.summary
        } else if result.failed, let report = options.reportFolder {
            try FileOutput.makeDirectory(report)
            final.artifacts = try CheckArtifacts.write(
                scenario: name, frames: result.failing, animation: result.animation,
                fps: Double(source.identity.fps), options: options.match, reportFolder: report)
        }
        final.seconds = seconds()
        return final
    }

    /// "218 frames, 3 key frames": what a recording stored.
    static func recordedText(_ manifest: GoldenManifest) -> String {
        let keys = manifest.frames.filter(\.key).count
        return
            "\(GoldenComparison.grouped(manifest.frameCount)) frame\(manifest.frameCount == 1 ? "" : "s"), \(keys) key frame\(keys == 1 ? "" : "s")"
    }

    /// A damaged golden is never replaced silently: `--record all` replaces only goldens that read back whole.
    /// - Throws: the `ToolError` that says what is damaged, and that the golden must be deleted to record it again.
    static func checkWhole(_ name: String, store: GoldenStore, folder: String, limits: Limits) throws {
        do {
            let bytes = try store.read(
                name, GoldenStore.manifestName, maxBytes: GoldenManifest.maxBytes, what: "golden manifest")
            let manifest = try GoldenManifest.parse(
                bytes, path: store.join(store.folder(name), GoldenStore.manifestName))
            _ = try GoldenComparison.validate(manifest, name: name, store: store, limits: limits)
        } catch {
            throw ToolError(
                error.kind,
                error.message
                    + "; --record all does not replace a damaged golden: delete \(folder) to record it again",
                limit: error.limit)
        }
    }

    /// The golden identity of a loaded scenario on this machine.
    static func identify(_ loaded: ScenarioFile, options: GoldenOptions) throws -> GoldenIdentity {
        let scenarioBytes = try FileInput.read(loaded.path, maxBytes: options.limits.maxFileBytes, what: "scenario")
        let fontPath =
            FrameRenderer.drawsText(loaded.scenario)
            ? try options.fontPath ?? ScenarioFile.fontPath(for: loaded.scenario, file: loaded.path)
                ?? FontFile.defaultPath()
            : nil
        return try GoldenIdentity.current(
            inputSHA256: SHA256.hex(scenarioBytes), scale: loaded.scenario.viewport.scale,
            fps: loaded.scenario.fps, fontPath: fontPath)
    }
}
