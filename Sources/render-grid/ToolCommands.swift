import Foundation
import GridModel
import GridTools
import Rasterizer

enum SheetCommand {
    static let help = """
    USAGE: render-grid sheet DIR [options]

    Writes one PNG contact sheet of every Nth frame_*.png in DIR, each thumbnail labelled with its
    frame number and phase (from DIR's trace); frames with a recenter always appear, framed in red
    and marked "R".

    OPTIONS:
      --every N        every Nth frame (default: as many as keep the sheet to 48 thumbnails)
      --columns C      thumbnails per row (default 8)
      --width W        thumbnail width in pixels (default 160)
      --out FILE       output PNG (default DIR/sheet.png)
      --font PATH      label font (default DejaVu Sans)

    EXIT CODES: 0 ok, 1 cannot write, 2 usage error or no frames.
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
        options.output = try args.value("--out")
        let fontPath = try args.value("--font")
        let folders = try args.positionals()
        guard folders.count == 1 else { throw UsageError("sheet takes one folder of frames (see render-grid sheet --help)") }
        let font = try FontRenderer(path: fontPath ?? FontRenderer.defaultFontPath())
        do {
            print(try ContactSheet.write(folder: folders[0], options: options, font: font))
        } catch let e as DiffInputError { throw UsageError(e.message) }
        return 0
    }
}

enum PlotCommand {
    static let help = """
    USAGE: render-grid plot TRACE.jsonl [options]

    Draws a PNG chart of a trace: content offset x/y over time with recenter markers (red) and
    gesture event ticks, velocity x/y (recenter jumps taken out), and live and pooled tiles.

    OPTIONS:
      --out FILE       output PNG (default: next to the trace, <name>.png)
      --width W, --height H   size in pixels (default 1200 × 900)
      --font PATH      label font (default DejaVu Sans)

    EXIT CODES: 0 ok, 1 cannot write, 2 usage error or unreadable trace.
    EXAMPLE:
      render-grid plot output/long-fling/trace.jsonl
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { print(help); return 0 }
        var options = PlotOptions()
        if let w = try args.int("--width", in: 300...8000) { options.width = w }
        if let h = try args.int("--height", in: 300...8000) { options.height = h }
        let out = try args.value("--out")
        let fontPath = try args.value("--font")
        let files = try args.positionals()
        guard files.count == 1 else { throw UsageError("plot takes one trace file (see render-grid plot --help)") }
        let font = try FontRenderer(path: fontPath ?? FontRenderer.defaultFontPath())
        let canvas: Canvas
        do {
            canvas = try TracePlot.render(try TraceReader.read(files[0]), options: options, font: font, title: files[0])
        } catch let e as DiffInputError { throw UsageError(e.message) } catch let e as ToolInputError { throw UsageError(e.message) }
        let path = out ?? ((files[0] as NSString).deletingPathExtension + ".png")
        try FileOutput.writeAtomically(try PNGCodec.encode(canvas), to: path)
        print(path)
        return 0
    }
}
