import GridExport
import GridModel
import GridTools
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The flag that raises each of the tools' limits, for the hint in the error.
func toolError(_ error: ToolError) -> UsageError {
    let flags: [ToolError.Limit: String] = [
        .maxSheetPixels: "--max-sheet-pixels", .maxFramePixels: "--max-pixels",
        .maxFrameBytes: "--max-file-size", .maxBytes: "--max-file-size",
        .maxFileBytes: "--max-file-size", .maxLines: "--max-lines",
    ]
    guard error.kind == .overLimit, let flag = error.limit.flatMap({ flags[$0] }) else {
        return UsageError(error.message)
    }
    return UsageError("\(error.message); \(flag) raises it")
}

enum SheetCommand {
    static let command = Command(
        name: "sheet", arguments: "DIR",
        summary: "contact sheet of a render's frames, recenters marked",
        description: """
            Writes one PNG contact sheet of every Nth frame_*.png in DIR, each thumbnail labelled with its
            frame number and phase (from DIR's trace); frames with a recenter always appear, framed in red
            and marked "R". Frames of another size than the first are fitted into the same cells. The sheet
            is not a frame: sheet and diff read only frame_NNNNN.png, so it is never a thumbnail of the next
            sheet nor a frame diff pairs.
            """,
        options: [
            Option(
                "--every", "N", .int(1...1_000_000), default: "as many as keep the sheet to 48 thumbnails",
                "every Nth frame"),
            Option("--columns", "C", .int(1...64), default: "8", "thumbnails per row"),
            Option("--width", "W", .int(16...2048), default: "160", "thumbnail width in pixels"),
            Option("--out", "FILE", .string, default: "DIR/sheet.png", "output PNG"),
            Option("--font", "PATH", .string, default: "DejaVu Sans", "label font"),
            Option(
                "--max-sheet-pixels", "N", .int(1...Pixmap.maxPixels), default: "50000000", "largest sheet in pixels"),
            Option(
                "--max-pixels", "N", .int(1...Pixmap.maxPixels), default: "40000000, as for render",
                "largest frame in pixels"),
            Option(
                "--max-file-size", "N", .int(1...(1 << 40)), default: "200000000",
                "largest frame PNG or trace file in bytes"),
        ],
        notes: "A trace file that cannot be read is skipped with a warning (its frames lose their labels).",
        exitCodes: "0 ok, 1 cannot write, 2 usage error, no frames, a bad frame or a limit.",
        example: "render-grid sheet output/rotate --every 4  # after render's example")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        var options = SheetOptions()
        options.every = args.int("--every")
        if let c = args.int("--columns") { options.columns = c }
        if let w = args.int("--width") { options.thumbnailWidth = w }
        if let n = args.int("--max-sheet-pixels") { options.maxSheetPixels = n }
        if let n = args.int("--max-pixels") { options.maxFramePixels = n }
        if let n = args.int("--max-file-size") {
            options.maxFrameBytes = n
            options.traceLimits.maxBytes = n
        }
        options.output = args.string("--out")
        try refuseFolderOutput(options.output)
        let fontPath = args.string("--font")
        let folders = args.positionals
        guard folders.count == 1 else {
            throw UsageError("sheet takes one folder of frames (see render-grid sheet --help)")
        }
        try refuseOverwritingInput(options.output, folder: folders[0])
        let font = try ScenarioLoader.font(flag: fontPath)
        do {
            let path = try ContactSheet.write(folder: folders[0], options: options, font: font) { warning in
                FilePaths.writeToStandardError("render-grid: warning: \(warning); the labels lack its frames\n")
            }
            print(path)
        } catch let e as ToolError { throw toolError(e) }
        return 0
    }
}

enum PlotCommand {
    static let command = Command(
        name: "plot", arguments: "TRACE.jsonl",
        summary: "chart of offset, velocity and tiles over time",
        description: """
            Draws a PNG chart of a trace: content offset x/y over time with recenter markers (red) and
            gesture event ticks, velocity x/y (recenter jumps taken out), and live and pooled tiles.
            The lines may come in any order (shard traces concatenated): they are sorted by frame, and a
            line repeated exactly counts once. The chart beside the trace (trace.png in a render folder) is
            not a frame: diff and sheet read only frame_NNNNN.png.
            """,
        options: [
            Option("--out", "FILE", .string, default: "next to the trace, <name>.png", "output PNG"),
            Option("--width", "W", .int(PlotOptions.sizes), default: "1200", "width in pixels, 200 to 8000"),
            Option("--height", "H", .int(PlotOptions.sizes), default: "900", "height in pixels, 200 to 8000"),
            Option("--font", "PATH", .string, default: "DejaVu Sans", "label font"),
            Option("--max-file-size", "N", .int(1...(1 << 40)), default: "512000000", "largest trace in bytes"),
            Option("--max-lines", "N", .int(1...1_000_000_000), default: "1000000", "most trace lines"),
        ],
        exitCodes: """
            0 ok, 1 cannot write, 2 usage error or an unreadable or invalid trace (the error
            names the line).
            """,
        example: "render-grid plot output/rotate/trace.jsonl  # after render's example")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        var options = PlotOptions()
        if let w = args.int("--width") { options.width = w }
        if let h = args.int("--height") { options.height = h }
        var limits = TraceLimits()
        if let n = args.int("--max-file-size") { limits.maxBytes = n }
        if let n = args.int("--max-lines") { limits.maxLines = n }
        let out = args.string("--out")
        let fontPath = args.string("--font")
        let files = args.positionals
        guard files.count == 1 else { throw UsageError("plot takes one trace file (see render-grid plot --help)") }
        let trace = files[0]
        try refuseFolderOutput(out)
        // A gzip trace is a golden's (`trace.jsonl.gz`): a chart beside it would land in the golden, which is committed.
        if out == nil && trace.hasSuffix(".gz") {
            throw UsageError(
                "the plot of \(FileInput.quoted(trace)) would be written beside it, into a golden's folder; pass --out FILE"
            )
        }
        let path = out ?? (FilePaths.deletingExtension(trace) + ".png")
        // A chart named like a frame would be one to diff and sheet (or replace one): only when asked for.
        if out == nil && ImageDiff.isFrameName(FilePaths.lastComponent(path)) {
            throw UsageError(
                "the plot of \(FileInput.quoted(trace)) would be \(FileInput.quoted(path)), a frame's name; pass --out FILE"
            )
        }
        guard path != trace && !FileInput.isSameFile(path, trace) else {
            throw UsageError("the plot would replace the trace \(FileInput.quoted(trace)); pass another --out")
        }
        let font = try ScenarioLoader.font(flag: fontPath)
        let canvas: Pixmap
        do {
            let frames = try TraceReader.read(trace, limits: limits)
            do {
                canvas = try TracePlot.render(frames, options: options, font: font, title: FileInput.quoted(trace))
            } catch let e as ToolError {
                throw ToolError(e.kind, "trace \(FileInput.quoted(trace)): \(e.message)", limit: e.limit)
            }
        } catch let e as ToolError { throw toolError(e) }
        try FileOutput.writeAtomically(try PNGCodec.encode(canvas), to: path)
        print(path)
        return 0
    }
}

/// `--out FILE` naming a folder is a usage error (exit 2), before anything is read, as `check --junit` naming one is.
func refuseFolderOutput(_ output: String?) throws(UsageError) {
    guard let output, FileInput.kind(of: output) == .folder else { return }
    throw UsageError(
        "--out \(FileInput.quoted(output)) is a folder; give a file name such as \(FileInput.quoted(FilePaths.join(output, "out.png")))"
    )
}

/// `--out` must not name one of the sheet's own inputs (a frame or a trace in the folder), however
/// the path is spelled.
func refuseOverwritingInput(_ output: String?, folder: String) throws(UsageError) {
    guard let output, FileInput.kind(of: output) == .regular,
        let names = FilePaths.names(in: folder)
    else { return }
    for name in names where (name.hasPrefix("frame_") && name.hasSuffix(".png")) || TraceFileName.isTrace(name) {
        let input = FilePaths.join(folder, name)
        if FileInput.isSameFile(output, input) {
            throw UsageError(
                "--out \(FileInput.quoted(output)) is the input \(FileInput.quoted(input)); choose another file")
        }
    }
}
