import Foundation
import GridTools
import Rasterizer
import GridExport

enum DiffCommand {
    static let help = """
    USAGE: render-grid diff EXPECTED ACTUAL [options]

    Compares two PNG files, or two folders of frames paired by relative path. Each frame is same,
    changed, size-changed, added (only in ACTUAL) or removed (only in EXPECTED).

    The metric is pixelmatch 7.2's, reimplemented: the YIQ colour delta with its threshold scale
    (a pixel differs when the delta exceeds 35215·threshold²) and its anti-aliasing detector. On opaque
    images the counts equal pixelmatch's exactly, with the same threshold and includeAA.

    OPTIONS:
      --threshold T          0…1, smaller is more sensitive (default 0.1, pixelmatch's)
      --include-aa           count anti-aliased pixels as differences
      --max-diff-pixels N    differing pixels allowed per frame (default 0)
      --max-diff-ratio R     fraction of a frame's pixels allowed to differ (0…1); with both, the stricter wins
      --ignore x,y,w,h       exclude a region from counting (repeatable), clipped to the image (x and y may
                             be negative); the images are not painted over
      --out DIR              write DIR/<frame>-diff.png for changed frames (grey: same, red: differs,
                             yellow: anti-aliasing) and DIR/report.html (expected | actual slider | diff);
                             the report links the images by relative path (nothing is copied), so it
                             opens where it was written or next to the frame folders it points to
      --side-by-side         with --out, also DIR/<frame>-sbs.png: expected | diff | actual
      --embed                with --out, embed the images in report.html (a self-contained file), up to
                             --max-embed-size bytes of PNG in total; images past that are linked
      --max-embed-size N     bytes of PNG --embed puts into report.html at most (default 67108864, 64 MiB)
      --json                 print a machine-readable report instead of text
      --jobs N               frames compared in parallel (default: all cores)
      --max-pixels N         reject decoded images larger than N pixels (default 100000000)
      --max-file-size N      refuse PNG files larger than N bytes, unread (default 268435456, 256 MiB)
      --timing               print the time spent decoding and comparing (to stderr)

    EXIT CODES (as diff and cmp): 0 within tolerance; 1 over tolerance, or a size or frame-set
    mismatch; 2 usage error or unreadable input (missing file, not a regular file, not a PNG, truncated,
    bad CRC, too large). Byte-identical files are still decoded once, so a broken file is never "same".

    EXAMPLE:
      render-grid diff output/long-fling-ref output/long-fling --out output/diff --max-diff-ratio 0.001
    """

    static func run(_ argv: [String]) throws -> Int32 {
        var args = Arguments(argv)
        if args.flag("--help") || args.flag("-h") { print(help); return 0 }
        var options = DiffOptions()
        if let t = try args.double("--threshold", in: 0...1) { options.match.threshold = t }
        options.match.includeAA = args.flag("--include-aa")
        options.maxDiffPixels = try args.int("--max-diff-pixels", in: 0...Int(Int32.max))
        options.maxDiffRatio = try args.double("--max-diff-ratio", in: 0...1)
        options.match.ignore = try args.values("--ignore").map(parseRegion)
        options.outputDirectory = try args.value("--out")
        options.sideBySide = args.flag("--side-by-side")
        if options.sideBySide && options.outputDirectory == nil { throw UsageError("--side-by-side needs --out DIR") }
        options.embedImages = args.flag("--embed")
        if options.embedImages && options.outputDirectory == nil { throw UsageError("--embed needs --out DIR") }
        if let n = try args.int("--max-embed-size", in: 0...Int(Int32.max)) { options.maxEmbeddedBytes = n }
        let json = args.flag("--json")
        let timing = args.flag("--timing")
        options.jobs = try args.int("--jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        if let n = try args.int("--max-pixels", in: 1...Pixmap.maxPixels) { options.maxPixels = n }
        if let n = try args.int("--max-file-size", in: 1...(1 << 40)) { options.maxFileBytes = n }
        let paths = try args.positionals()
        guard paths.count == 2 else { throw UsageError("diff takes two paths, EXPECTED and ACTUAL (see render-grid diff --help)") }

        let report: DiffReport
        do { report = try ImageDiff.run(expected: paths[0], actual: paths[1], options: options) } catch let e as ToolError {
            throw UsageError(e.message)
        }
        if timing {
            let decode = report.frames.map(\.decodeSeconds).reduce(0, +), compare = report.frames.map(\.compareSeconds).reduce(0, +)
            FileHandle.standardError.write("timing: decode \(String(format: "%.1f", decode * 1000)) ms, compare \(String(format: "%.1f", compare * 1000)) ms (all frames, summed over jobs)\n".data(using: .utf8)!)
        }
        if json {
            print(report.json())
        } else {
            for f in report.frames where f.status != .same {
                var line = "\(f.failed ? "FAIL" : "ok  ") \(FileInput.quoted(f.path)): \(f.status.rawValue)"
                switch f.status {
                case .changed:
                    line += ", \(f.differentPixels) pixels (\(String(format: "%.4f", f.ratio * 100)) %)"
                    if let b = f.box { line += ", box \(b.x),\(b.y),\(b.width),\(b.height)" }
                    if f.antialiasedPixels > 0 { line += ", \(f.antialiasedPixels) anti-aliased not counted" }
                case .sizeChanged:
                    if let e = f.expectedSize, let a = f.actualSize { line += ", \(e.0)×\(e.1) → \(a.0)×\(a.1)" }
                default: break
                }
                print(line)
            }
            let total = report.frames.first { $0.totalPixels > 0 }?.totalPixels ?? 0
            var limit = "limit \(options.limit(forPixels: total)) pixels per frame"
            if options.maxDiffPixels != nil && options.maxDiffRatio != nil { limit += " (the stricter of --max-diff-pixels and --max-diff-ratio)" }
            var summary = "diff: \(report.frames.count) frames: \(report.count(.same)) same, \(report.count(.changed)) changed, \(report.count(.sizeChanged)) size-changed, \(report.count(.added)) added, \(report.count(.removed)) removed; \(limit); "
            if let first = report.firstFailure {
                summary += "FAILED, first: \(FileInput.quoted(first.path)) (\(first.status.rawValue))"
            } else {
                summary += "within tolerance"
            }
            if let out = options.outputDirectory { summary += "; report \(FileInput.quoted((out as NSString).appendingPathComponent("report.html")))" }
            print(summary)
        }
        return report.passed ? 0 : 1
    }

    static func parseRegion(_ text: String) throws(UsageError) -> IntRect {
        let parts = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w > 0, h > 0 else {
            throw UsageError("--ignore takes x,y,width,height in pixels (e.g. --ignore 0,0,100,40; x and y may be negative), not '\(FileInput.quoted(text))'")
        }
        return IntRect(x: x, y: y, width: w, height: h)
    }
}
