import GridModel
import GridTools

enum DiffTraceCommand {
    static let command = Command(
        name: "diff-trace", arguments: "EXPECTED.jsonl ACTUAL.jsonl",
        summary: "what changed in the motion between two traces of one scenario",
        description: """
            Compares two traces (trace.jsonl as render writes it) frame by frame and says in words where
            the motion first differs: phase, events and their payloads (a recenter's shift, a page change,
            a loop jump, a resize, a drag's target), the content offset, the page, the viewport, the
            content size, and tile placement (which tiles, their rectangles, what they show, loaded or
            not). Then it says which events moved in time, and sums up each quantity: frames with
            differing offsets and the largest difference, events added and removed, pages.

            Frames are paired by frame number; the lines may come in any order. Offsets and rectangles
            differ when they are a device pixel (1/scale pt) or more apart; the scale is --scale, else
            read from the traces' tile positions (which lie on the device-pixel grid), else 1.
            """,
        options: [
            Option(
                "--scale", "S", .int(1...Limits.maxScale), default: "read from the tile positions, else 1",
                "device pixels per point the traces were rendered at: the tolerance is 1/S pt"),
            Option(flag: "--json", "print {firstDifferingFrame, findings, summary} as JSON instead of text"),
        ],
        notes: "At most \(TraceDiff.maxFindings) findings are listed; a last line counts the rest.",
        exitCodes: """
            (as diff) 0 the traces agree; 1 they differ; 2 usage error or an unreadable or invalid
            trace (the error names the file and the line).
            """,
        example: "render-grid diff-trace output/rotate/trace.jsonl output/rotate/trace.jsonl  # after render's example")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        let files = args.positionals
        guard files.count == 2 else {
            throw UsageError(
                "diff-trace takes two trace files, EXPECTED and ACTUAL (see render-grid diff-trace --help)")
        }
        // Streamed: memory grows with the frame count, not the tiles (see TraceDiff.compare(expectedFile:)).
        let (diff, frames) = try TraceDiff.compare(
            expectedFile: files[0], actualFile: files[1], scale: args.int("--scale"))
        if args.flag("--json") {
            print(diff.json())
        } else if let first = diff.firstDifferingFrame {
            print("traces differ from frame \(first):")
            for line in diff.findings { print("  " + line) }
            print("summary:")
            for line in diff.summary { print("  " + line) }
        } else {
            print("traces agree (\(frames) frames)")
        }
        return diff.isEmpty ? 0 : 1
    }
}
