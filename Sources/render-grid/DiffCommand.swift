import GridExport
import GridTools
import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum DiffCommand {
    static let command = Command(
        name: "diff", arguments: "EXPECTED ACTUAL",
        summary: "compare PNG files or folders of frames: exact, or pixelmatch-compatible",
        description: """
            Compares two PNG files, or two folders of frames paired by relative path. Each frame is same,
            changed, size-changed, added (only in ACTUAL) or removed (only in EXPECTED). A folder holding
            render frames (frame_NNNNN.png) pairs only its frames: the other PNGs beside them (sheet.png,
            trace.png) are named as not compared. A folder without frames compares every PNG in it.

            By default the metric is exact: a pixel differs when any of its RGBA bytes differs, and no pixel
            may differ. render-grid's frames are deterministic, so this catches any change a person can see
            in a scroll: a tile moved by one device pixel fails, even without labels (its faint border is
            below pixelmatch's threshold 0.1).

            --threshold T selects pixelmatch 7.2's metric instead (--threshold 0.1 is pixelmatch's default),
            reimplemented: the YIQ colour delta with its threshold scale (a pixel differs when the delta
            exceeds 35215·threshold²), translucent pixels blended over its checkerboard, and its
            anti-aliasing detector. The counts and diff images equal pixelmatch 7.2's exactly on any RGBA
            images, with the same threshold, includeAA and checkerboard; 16-bit PNGs are rounded to 8 bits
            as pixelmatch's CLI (pngjs) rounds them.

            The text output is a summary: the counts, the metric and the limit, the first failing frame and
            the frame with the largest difference; --list adds a line per frame that is not the same.
            """,
        options: [
            Option(
                "--threshold", "T", .double(0...1), default: "the exact metric, any changed RGBA byte counts",
                """
                use pixelmatch 7.2's metric with threshold T, 0…1, smaller is more sensitive (0.1 is pixelmatch's \
                default)
                """),
            Option(flag: "--include-aa", "with --threshold, count anti-aliased pixels as differences"),
            Option(
                flag: "--white-blend",
                """
                with --threshold, blend translucent pixels over white, as pixelmatch 6 and older did (7.2's \
                checkerboard: false), instead of 7.2's checkerboard
                """),
            Option.maxDiffPixels,
            Option.maxDiffRatio,
            Option(
                "--ignore", "x,y,w,h", .repeatable,
                """
                exclude a region from counting (repeatable), clipped to the image (x and y may be negative); \
                the images are not painted over
                """),
            Option(
                "--out", "DIR", .string,
                """
                write DIR/<frame>-diff.png for changed frames (grey: same, red: differs, yellow: anti-aliasing under --threshold) \
                and DIR/report.html (expected | actual slider | diff); the report links the images by relative \
                path (nothing is copied), so it opens where it was written or next to the frame folders it points to
                """),
            Option(flag: "--side-by-side", "with --out, also DIR/<frame>-sbs.png: expected | diff | actual"),
            Option(
                flag: "--embed",
                """
                with --out, embed the images in report.html (a self-contained file), up to --max-embed-size bytes \
                of PNG in total; images past that are linked
                """),
            Option(
                "--max-embed-size", "N", .int(0...Int(Int32.max)), default: "67108864, 64 MiB",
                "bytes of PNG --embed puts into report.html at most"),
            Option(flag: "--list", "after the summary, print a line for every frame that is not the same"),
            Option(flag: "--json", "print a machine-readable report (every frame) instead of text"),
            Option("--jobs", "N", .int(1...256), default: "all cores", "frames compared in parallel, 1 to 256"),
            Option(
                "--max-pixels", "N", .int(1...Pixmap.maxPixels), default: "100000000",
                "reject decoded images larger than N pixels"),
            Option(
                "--max-file-size", "N", .int(1...(1 << 40)), default: "268435456, 256 MiB",
                "refuse PNG files larger than N bytes, unread"),
            Option(flag: "--timing", "print the time spent decoding and comparing (to stderr)"),
        ],
        exitCodes: """
            (as diff and cmp) 0 within tolerance; 1 over tolerance, or a size or frame-set
            mismatch; 2 usage error or unreadable input (missing file, not a regular file, not a PNG, truncated,
            bad CRC, too large). Byte-identical files are still decoded once, so a broken file is never "same".
            """,
        example: "render-grid diff output/rotate output/rotate --max-diff-ratio 0.001  # after render's example")

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try command.parse(argv)
        if args.help {
            print(command.help)
            return 0
        }
        var options = DiffOptions()
        if let t = args.double("--threshold") {
            options.match = PixelMatchOptions()
            options.match.threshold = t
        } else {
            // pixelmatch's own switches mean nothing to the exact metric: say so rather than ignore them.
            for flag in ["--include-aa", "--white-blend"] where args.flag(flag) {
                throw UsageError(
                    "\(flag) applies to pixelmatch's metric: add --threshold T (0.1 is pixelmatch's default)")
            }
        }
        options.match.includeAA = args.flag("--include-aa")
        options.match.checkerboard = !args.flag("--white-blend")
        options.maxDiffPixels = args.int("--max-diff-pixels")
        options.maxDiffRatio = args.double("--max-diff-ratio")
        options.match.ignore = try args.strings("--ignore").map(parseRegion)
        options.outputDirectory = args.string("--out")
        options.sideBySide = args.flag("--side-by-side")
        if options.sideBySide && options.outputDirectory == nil { throw UsageError("--side-by-side needs --out DIR") }
        options.embedImages = args.flag("--embed")
        if options.embedImages && options.outputDirectory == nil { throw UsageError("--embed needs --out DIR") }
        if let n = args.int("--max-embed-size") { options.maxEmbeddedBytes = n }
        options.maxEmbeddedBytesName = "--max-embed-size"
        let json = args.flag("--json")
        let list = args.flag("--list")
        let timing = args.flag("--timing")
        options.jobs = args.int("--jobs") ?? FilePaths.processorCount
        if let n = args.int("--max-pixels") { options.maxPixels = n }
        if let n = args.int("--max-file-size") { options.maxFileBytes = n }
        let paths = args.positionals
        guard paths.count == 2 else {
            throw UsageError("diff takes two paths, EXPECTED and ACTUAL (see render-grid diff --help)")
        }

        let report: DiffReport
        do { report = try ImageDiff.run(expected: paths[0], actual: paths[1], options: options) } catch let e
            as ToolError
        {
            throw toolError(e)
        }
        if timing {
            let decode = report.frames.map(\.decodeSeconds).reduce(0, +)
            let compare = report.frames.map(\.compareSeconds).reduce(0, +)
            FilePaths.writeToStandardError(
                "timing: decode \(CFormat.string("%.1f", decode * 1000)) ms, compare \(CFormat.string("%.1f", compare * 1000)) ms (all frames, summed over jobs)\n"
            )
        }
        if json {
            print(report.json())
        } else {
            // The summary first (what a reader of a terminal or of a CI log sees first), then the list if asked.
            for line in report.summary() { print(line) }
            if list {
                for f in report.frames where f.status != .same { print(report.line(for: f)) }
            }
        }
        return report.passed ? 0 : 1
    }

    static func parseRegion(_ text: String) throws(UsageError) -> IntRect {
        // Each number with the spaces and tabs around it trimmed (as `trimmingCharacters(in: .whitespaces)`).
        func isSpace(_ c: Character) -> Bool {
            c == "\t" || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
        }
        let parts = text.split(separator: ",").map { part -> Int? in
            guard let first = part.firstIndex(where: { !isSpace($0) }),
                let last = part.lastIndex(where: { !isSpace($0) })
            else { return nil }
            return Int(part[first...last])
        }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3], w > 0, h > 0
        else {
            throw UsageError(
                "--ignore takes x,y,width,height in pixels (e.g. --ignore 0,0,100,40; x and y may be negative), not '\(FileInput.quoted(text))'"
            )
        }
        return IntRect(x: x, y: y, width: w, height: h)
    }
}
