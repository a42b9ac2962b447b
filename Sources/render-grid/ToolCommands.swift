import Foundation
import GridModel
import GridTools
import Rasterizer
import GridExport

/// The flag that raises each of the tools' limits, for the hint in the error.
func toolError(_ error: ToolError) -> UsageError {
    let flags = ["maxSheetPixels": "--max-sheet-pixels", "maxFramePixels": "--max-pixels", "maxFrameBytes": "--max-file-size",
                 "maxBytes": "--max-file-size", "maxLines": "--max-lines"]
    guard error.kind == .overLimit, let flag = error.limit.flatMap({ flags[$0] }) else { return UsageError(error.message) }
    return UsageError("\(error.message); \(flag) raises it")
}


enum SheetCommand {
    static let help = """
    USAGE: render-grid sheet DIR [options]

    Writes one PNG contact sheet of every Nth frame_*.png in DIR, each thumbnail labelled with its
    frame number and phase (from DIR's trace); frames with a recenter always appear, framed in red
    and marked "R". Frames of another size than the first are fitted into the same cells.

    OPTIONS:
      --every N        every Nth frame (default: as many as keep the sheet to 48 thumbnails)
      --columns C      thumbnails per row (default 8)
      --width W        thumbnail width in pixels (default 160)
      --out FILE       output PNG (default DIR/sheet.png)
      --font PATH      label font (default DejaVu Sans)
      --max-sheet-pixels N   largest sheet in pixels (default 50000000)
      --max-pixels N         largest frame in pixels (default 40000000, as for render)
      --max-file-size N      largest frame PNG or trace file in bytes (default 200000000)

    A trace file that cannot be read is skipped with a warning (its frames lose their labels).
    EXIT CODES: 0 ok, 1 cannot write, 2 usage error, no frames, a bad frame or a limit.
    EXAMPLE:
      render-grid sheet output/long-fling --every 10
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { print(help); return 0 }
        var options = SheetOptions()
        options.every = try args.int("--every", in: 1...1_000_000)
        if let c = try args.int("--columns", in: 1...64) { options.columns = c }
        if let w = try args.int("--width", in: 16...2048) { options.thumbnailWidth = w }
        if let n = try args.int("--max-sheet-pixels", in: 1...Pixmap.maxPixels) { options.maxSheetPixels = n }
        if let n = try args.int("--max-pixels", in: 1...Pixmap.maxPixels) { options.maxFramePixels = n }
        if let n = try args.int("--max-file-size", in: 1...(1 << 40)) {
            options.maxFrameBytes = n
            options.traceLimits.maxBytes = n
        }
        options.output = try args.value("--out")
        let fontPath = try args.value("--font")
        let folders = try args.positionals()
        guard folders.count == 1 else { throw UsageError("sheet takes one folder of frames (see render-grid sheet --help)") }
        try refuseOverwritingInput(options.output, folder: folders[0])
        let font = try ScenarioLoader.font(flag: fontPath)
        do {
            let path = try ContactSheet.write(folder: folders[0], options: options, font: font) { warning in
                FileHandle.standardError.write("render-grid: warning: \(warning); the labels lack its frames\n".data(using: .utf8)!)
            }
            print(path)
        } catch let e as ToolError { throw toolError(e) }
        return 0
    }
}

enum PlotCommand {
    static let help = """
    USAGE: render-grid plot TRACE.jsonl [options]

    Draws a PNG chart of a trace: content offset x/y over time with recenter markers (red) and
    gesture event ticks, velocity x/y (recenter jumps taken out), and live and pooled tiles.
    The lines may come in any order (shard traces concatenated): they are sorted by frame, and a
    line repeated exactly counts once.

    OPTIONS:
      --out FILE       output PNG (default: next to the trace, <name>.png)
      --width W, --height H   size in pixels, 200 to 8000 (default 1200 × 900)
      --font PATH      label font (default DejaVu Sans)
      --max-file-size N   largest trace in bytes (default 512000000)
      --max-lines N       most trace lines (default 1000000)

    EXIT CODES: 0 ok, 1 cannot write, 2 usage error or an unreadable or invalid trace (the error
    names the line).
    EXAMPLE:
      render-grid plot output/long-fling/trace.jsonl
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { print(help); return 0 }
        var options = PlotOptions()
        if let w = try args.int("--width", in: PlotOptions.sizes) { options.width = w }
        if let h = try args.int("--height", in: PlotOptions.sizes) { options.height = h }
        var limits = TraceLimits()
        if let n = try args.int("--max-file-size", in: 1...(1 << 40)) { limits.maxBytes = n }
        if let n = try args.int("--max-lines", in: 1...1_000_000_000) { limits.maxLines = n }
        let out = try args.value("--out")
        let fontPath = try args.value("--font")
        let files = try args.positionals()
        guard files.count == 1 else { throw UsageError("plot takes one trace file (see render-grid plot --help)") }
        let trace = files[0]
        let path = out ?? ((trace as NSString).deletingPathExtension + ".png")
        guard path != trace && !FileInput.isSameFile(path, trace) else {
            throw UsageError("the plot would replace the trace \(FileInput.quoted(trace)); pass another --out")
        }
        let font = try ScenarioLoader.font(flag: fontPath)
        let canvas: Pixmap
        do {
            let frames = try TraceReader.read(trace, limits: limits)
            do {
                canvas = try TracePlot.render(frames, options: options, font: font, title: FileInput.quoted(trace))
            } catch let e as ToolError { throw ToolError(e.kind, "trace \(FileInput.quoted(trace)): \(e.message)", limit: e.limit) }
        } catch let e as ToolError { throw toolError(e) }
        try FileOutput.writeAtomically(try PNGCodec.encode(canvas), to: path)
        print(path)
        return 0
    }
}

/// `--out` must not name one of the sheet's own inputs (a frame or a trace in the folder), however
/// the path is spelled.
func refuseOverwritingInput(_ output: String?, folder: String) throws(UsageError) {
    guard let output, FileInput.kind(of: output) == .regular,
          let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where (name.hasPrefix("frame_") && name.hasSuffix(".png")) || (name.hasPrefix("trace") && name.hasSuffix(".jsonl")) {
        let input = (folder as NSString).appendingPathComponent(name)
        if FileInput.isSameFile(output, input) {
            throw UsageError("--out \(FileInput.quoted(output)) is the input \(FileInput.quoted(input)); choose another file")
        }
    }
}
