import GridExport
import GridModel
import GridTools
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum VerifyCommand {
    static let command = Command(
        name: "verify", arguments: "SCENARIO.json",
        summary: "check seamlessness against the reference plane and the tile invariants",
        description: """
            Renders the scenario and its --reference (the ideal infinite plane: no content edges, no
            recentering) in memory, frame by frame, and checks that:
              - every frame matches the reference pixel for pixel, until a content edge stops the scroll
                (there the scenario shows the edge on purpose; --strict-edges compares every frame);
              - an infinite grid covers every viewport pixel with a tile;
              - no tile lies outside the kept set (visible tiles plus grid.buffer);
              - live tiles never exceed the bound for the viewport, tile size and buffer;
              - the pattern invariants (issues 15 and 21), from the model's offsets, pages and events:
                2 an infinite grid never reaches its content edge; 4 one page per flick, resting on
                the page grid; 5 item indices in [0, N); 6 a resize keeps the page (or the centre);
                7 with insets, pages on the adjusted-inset grid and no cross-axis drift; 8/9 the
                offset follows the ideal within half a device pixel, tiles on whole device pixels;
                10 a release leaves at the ideal's velocity, a free deceleration follows
                v0·d^(1000t) (the ideal's offsets, each frame d^(1000·Δt) × the last) with a speed
                that never rises, it ends once below 10 pt/s, and after a touch-down each frame
                moves as the ideal's finger does; 11 an animated scroll on a loop goes the ideal's way
                round it (not back through every item); 12 a gesture never moves an axis the carousel
                does not scroll (disabled, a loop of one item, a finite axis with no room to scroll).
                Uncovered pixels are pattern 3, pixels that differ on a loop pattern 1 (11 while an
                animated scroll rewinds), far out pattern 8, at a recenter "recenter-visible".
            Each pattern found prints one line: pattern, first frame, the quantity shown and
            expected, and the usual fix; --json lists them under "patterns".
            It also counts recenters, tile reuse and edge hits. Nothing is written to disk.
            """,
        options: [
            ScenarioLoader.Overrides.scale,
            Option("--font", "PATH", .string, default: "style.font, then DejaVu Sans", "font for the labels"),
            Option(flag: "--strict-edges", "keep comparing with the reference after a content edge is hit"),
            Option(flag: "--json", "print a machine-readable report"),
        ] + ScenarioLoader.Overrides.limitOptions,
        exitCodes: """
            0 all checks hold; 1 a check failed (the report names the first frame and where);
            2 usage error or invalid scenario.
            """,
        example: "render-grid verify Scenarios/rotate.json --scale 1")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        let overrides = ScenarioLoader.Overrides(args)
        let fontFlag = args.string("--font")
        let strict = args.flag("--strict-edges")
        let json = args.flag("--json")
        let files = args.positionals
        guard files.count == 1 else {
            throw UsageError("verify takes one scenario file (see render-grid verify --help)")
        }
        let loaded = try ScenarioLoader.load(files[0], overrides: overrides, fontFlag: fontFlag, needsFont: true)
        let scenario = loaded.scenario
        let font = try ScenarioLoader.font(of: loaded)
        let report: VerifyReport
        do {
            report = try Verifier.verify(scenario, font: font, strictEdges: strict, limits: overrides.limits)
        } catch let e as ScenarioError {
            throw ExportError.scenario(e, file: files[0])
        }
        if json {
            print(report.json())
        } else {
            for f in report.failures where f.kind != .pattern {
                let frames = f.throughFrame.map { "frames \(f.frame)–\($0)" } ?? "frame \(f.frame)"
                // Named failures print a pattern line below; a visible recenter is named here.
                let name = f.recenter ? ", recenter-visible" : ""
                print("FAIL \(frames) (\(f.kind.rawValue)\(name)): \(f.detail)")
            }
            for finding in report.patterns { print(finding.line) }
            var line =
                "verify \(files[0]): \(report.frames) frames, \(report.comparedFrames) compared with the reference"
            if let edge = report.firstEdgeFrame, !strict {
                line += " (a content edge stops the comparison at frame \(edge))"
            }
            if let end = report.referenceEndFrame, report.firstEdgeFrame.map({ $0 > end || strict }) ?? true {
                line += " (the reference's timeline ends at frame \(end): a wait until idle ended sooner there)"
            }
            line +=
                "; \(report.recenters) recenters in \(report.recenterFrames) frames; \(report.tilesCreated) tiles created, \(report.tilesReused) reused; max \(report.maxLiveTiles) live"
            if let bound = report.liveTileBound { line += " (bound \(bound))" }
            line += "; \(report.edgeHitFrames) edge-hit frames; "
            line +=
                report.passed
                ? "all checks hold"
                : "FAILED (\(report.failures.count)\(report.failures.count == Verifier.maxReportedFailures ? "+" : "") failures, first at frame \(report.failures[0].frame))"
            print(line)
        }
        return report.passed ? 0 : 1
    }
}
