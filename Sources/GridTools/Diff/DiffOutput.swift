import GridExport
import GridModel
import Rasterizer
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Diff images for changed frames: the pixelmatch-style diff, and optionally an
/// expected | diff | actual strip.
enum DiffImages {
    static func outputName(_ relativePath: String, suffix: String) -> String {
        let base = relativePath.lowercased().hasSuffix(".png") ? String(relativePath.dropLast(4)) : relativePath
        return base.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "__") + suffix + ".png"
    }

    static func write(
        expected: Pixmap, actual: Pixmap, diff: Pixmap, relativePath: String, to folder: String,
        sideBySide: Bool
    ) throws {
        try FileOutput.writeAtomically(
            try PNGCodec.encode(diff),
            to: FilePaths.join(folder, outputName(relativePath, suffix: "-diff")))
        guard sideBySide else { return }
        let gap = 4
        var strip = try Pixmap(width: expected.width * 3 + gap * 2, height: expected.height, fill: RGBA(255, 0, 255))
        for (i, image) in [expected, diff, actual].enumerated() {
            strip.copy(image, x: i * (expected.width + gap), y: 0)
        }
        try FileOutput.writeAtomically(
            try PNGCodec.encode(strip),
            to: FilePaths.join(folder, outputName(relativePath, suffix: "-sbs")))
    }
}

/// report.html: expected, actual and diff of every changed frame, side by side, with a slider that
/// wipes between expected and actual.
///
/// By default the images are linked, not copied: expected and actual by their path relative to the
/// report folder (which may lead out of it, e.g. `../a/frame_00001.png`), the diff images by name.
/// The page is small whatever the frames weigh, and works where it was written, or wherever the
/// report folder is copied along with the frame folders in the same layout. With `embedImages` the
/// images are embedded as data URIs instead, so the file can be attached to a CI run alone, up to
/// `maxEmbeddedBytes` of PNG in total; images past that are linked, and the page says how many.
enum HTMLReport {
    /// Frames shown at most (the JSON report lists all).
    static let maxShown = 200

    static func write(
        _ report: DiffReport, expectedRoot: String, actualRoot: String, folder: Bool,
        options: DiffOptions, to out: String
    ) throws {
        func source(_ root: String, _ rel: String) -> String {
            folder ? FilePaths.join(root, rel) : root
        }
        let outPath = absolutePath(out)
        var embedBudget = options.embedImages ? options.maxEmbeddedBytes : 0
        var embedded = 0
        var linkedOverBudget = 0
        /// A data URI while the budget lasts (with `embedImages`), else a relative link.
        func image(_ path: String) -> String {
            if options.embedImages {
                if embedBudget > 0,
                    let bytes = try? FileInput.read(path, maxBytes: min(embedBudget, options.maxFileBytes), what: "PNG")
                {
                    embedBudget -= bytes.count
                    embedded += 1
                    return "data:image/png;base64," + base64(bytes)
                }
                linkedOverBudget += 1
            }
            return Markup.html(link(from: outPath, to: absolutePath(path)))
        }
        let changed = report.frames.filter { $0.status != .same }
        var html = head(report)
        for (n, f) in changed.prefix(maxShown).enumerated() {
            html +=
                "<div class=\"frame\"><h3 class=\"\(f.failed ? "fail" : "ok")\">\(Markup.html(f.path)): \(f.status.rawValue)"
            if f.status == .changed { html += ", \(f.differentPixels) pixels (\(DiffReport.percent(f.ratio)) %)" }
            html += "</h3>"
            if f.status == .changed || f.status == .sizeChanged {
                let e = image(source(expectedRoot, f.path))
                let a = image(source(actualRoot, f.path))
                let diffPath = FilePaths.join(out, DiffImages.outputName(f.path, suffix: "-diff"))
                let d = FileInput.kind(of: diffPath) == .regular ? image(diffPath) : nil
                html += """
                    <div class="row"><figure><div class="wipe" id="w\(n)"><img src="\(e)" alt="expected" loading="lazy">\
                    <div class="top" style="width:50%"><img src="\(a)" alt="actual" loading="lazy"></div></div>
                    <figcaption>expected ◀ ▶ actual <input type="range" min="0" max="100" value="50" \
                    oninput="var w=document.getElementById('w\(n)');w.querySelector('.top').style.width=this.value+'%';\
                    w.querySelector('.top img').style.width=w.offsetWidth+'px'"></figcaption></figure>
                    """
                let legend = report.options.match.metric == .exact ? "red differs" : "red differs, yellow anti-aliasing"
                if let d {
                    html +=
                        "<figure><img src=\"\(d)\" alt=\"diff\" loading=\"lazy\"><figcaption>diff: \(legend)</figcaption></figure>"
                }
                html += "</div>"
            }
            html += "</div>\n"
        }
        if changed.count > maxShown {
            html += "<p>\(changed.count - maxShown) more changed frames are listed in the JSON report.</p>\n"
        }
        if options.embedImages {
            html += "<p>\(embedded) images embedded"
            if linkedOverBudget > 0 {
                html +=
                    "; \(linkedOverBudget) more are linked by relative path, not embedded: embedded images are capped at \(options.maxEmbeddedBytes) bytes in total (\(Markup.html(options.maxEmbeddedBytesName)))"
            }
            html += ".</p>\n"
        }
        html +=
            "<script>document.querySelectorAll('.wipe').forEach(function(w){var i=w.querySelector('.top img');i.style.width=w.offsetWidth+'px'})</script></body></html>\n"
        try FileOutput.writeAtomically(Array(html.utf8), to: FilePaths.join(out, "report.html"))
    }

    /// The page's head, styles and the summary paragraph.
    static func head(_ report: DiffReport) -> String {
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>render-grid diff</title><style>
            body{font:14px system-ui,sans-serif;margin:20px;background:#f6f6f6;color:#222}
            .frame{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px;margin:12px 0}
            .row{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap} figure{margin:0} figcaption{font-size:12px;color:#666}
            .wipe{position:relative;display:inline-block} .wipe img{display:block;max-height:600px}
            .wipe .top{position:absolute;top:0;left:0;overflow:hidden;height:100%} .wipe .top img{max-width:none}
            img{max-height:600px;image-rendering:pixelated} .fail{color:#b00020;font-weight:600} .ok{color:#087f23}
            </style></head><body>
            <h1>render-grid diff</h1>
            <p>\(report.frames.count) frames: \(report.count(.same)) same, \(report.count(.changed)) changed,
            \(report.count(.sizeChanged)) size-changed, \(report.count(.added)) added, \(report.count(.removed)) removed.
            Metric: \(Markup.html(report.options.match.label)).
            <span class="\(report.passed ? "ok" : "fail")">\(report.passed ? "Within tolerance." : "Over tolerance: first \(Markup.html(report.firstFailure?.path ?? "")).")</span>
            \(report.largest.map { "Largest difference: \(Markup.html($0.path)), \($0.differentPixels) pixels (\(DiffReport.percent($0.ratio)) %)." } ?? "")
            \(report.skipped.isEmpty ? "" : "Not compared: \(report.skipped.count) PNG\(report.skipped.count == 1 ? "" : "s") beside the frames (\(Markup.html(report.skipped.prefix(5).joined(separator: ", ")))\(report.skipped.count > 5 ? ", …" : "")).")</p>

            """
    }

    /// `path` made absolute against the working folder, with symbolic links resolved where they exist.
    static func absolutePath(_ path: String) -> String { GoldenStore.absolute(path) }

    /// A relative URL from folder `base` to file `target` (absolute paths), each path segment percent-encoded.
    static func link(from base: String, to target: String) -> String {
        let from = base.split(separator: "/").map(String.init)
        let to = target.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count && common < to.count && from[common] == to[common] { common += 1 }
        let segments = Array(repeating: "..", count: from.count - common) + to[common...].map(percentEncoded)
        return segments.joined(separator: "/")
    }

    /// `bytes` in base64 (RFC 4648's alphabet, padded with "=", no line breaks), for a data URI.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for k in 0..<4 {
                out.append(k <= count ? alphabet[Int(group >> UInt32(18 - 6 * k) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A path segment with everything but RFC 3986 unreserved characters percent-encoded.
    static func percentEncoded(_ segment: String) -> String {
        var out = ""
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += CFormat.string("%%%02X", Int32(byte))
            }
        }
        return out
    }
}

extension DiffReport {
    /// A ratio as the text and HTML reports print it: percent with four decimals.
    static func percent(_ ratio: Double) -> String { CFormat.string("%.4f", ratio * 100) }

    /// One frame as `diff --list` prints it: verdict, path, status and, for a changed frame, its differing
    /// pixels, their share, their bounding box and the anti-aliased pixels not counted.
    ///
    /// ```swift
    /// report.line(for: report.frames[1])   // "FAIL frame_00001.png: changed, 2376 pixels (0.2200 %), box 0,0,900,1200"
    /// ```
    public func line(for f: FrameComparison) -> String {
        "\(f.failed ? "FAIL" : "ok  ") \(description(of: f))"
    }

    /// Path, status and numbers of a frame, without the verdict.
    func description(of f: FrameComparison) -> String {
        var line = "\(FileInput.quoted(f.path)): \(f.status.rawValue)"
        switch f.status {
        case .changed:
            line += ", \(f.differentPixels) pixels (\(Self.percent(f.ratio)) %)"
            if let b = f.box { line += ", box \(b.x),\(b.y),\(b.width),\(b.height)" }
            if f.antialiasedPixels > 0 { line += ", \(f.antialiasedPixels) anti-aliased not counted" }
        case .sizeChanged:
            if let e = f.expectedSize, let a = f.actualSize { line += ", \(e.0)×\(e.1) → \(a.0)×\(a.1)" }
        default: break
        }
        return line
    }

    /// The summary `diff` prints first: the counts and the verdict, the metric and the limit, the first failing
    /// frame, the frame with the largest difference, the PNGs not compared, and where report.html went.
    ///
    /// ```swift
    /// for line in report.summary() { print(line) }
    /// // diff: 211 frames: 16 same, 195 changed, 0 size-changed, 0 added, 0 removed; FAILED (195 failing)
    /// // metric: exact (a pixel differs when any of its RGBA bytes differs); limit 0 pixels per frame
    /// // first failing: frame_00001.png: changed, 2376 pixels (0.2200 %), box 0,0,900,1200
    /// // largest difference: frame_00120.png: changed, 5712 pixels (0.5289 %), box 0,0,900,1200
    /// ```
    public func summary() -> [String] {
        let failed = frames.filter(\.failed).count
        var lines = [
            "diff: \(frames.count) frame\(frames.count == 1 ? "" : "s"): \(count(.same)) same, \(count(.changed)) changed, "
                + "\(count(.sizeChanged)) size-changed, \(count(.added)) added, \(count(.removed)) removed; "
                + (failed == 0 ? "within tolerance" : "FAILED (\(failed) failing)")
        ]
        let total = frames.first { $0.totalPixels > 0 }?.totalPixels ?? 0
        var limit = "limit \(options.limit(forPixels: total)) pixels per frame"
        if options.maxDiffPixels != nil && options.maxDiffRatio != nil {
            limit += " (the stricter of --max-diff-pixels and --max-diff-ratio)"
        }
        lines.append("metric: \(options.match.label); \(limit)")
        let first = firstFailure
        let most = largest
        if let first {
            lines.append(
                (most?.path == first.path ? "first failing, and the largest difference: " : "first failing: ")
                    + description(of: first))
        }
        if let most, most.path != first?.path { lines.append("largest difference: " + description(of: most)) }
        if !skipped.isEmpty {
            let shown =
                skipped.prefix(5).map(FileInput.quoted).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            lines.append(
                "not compared: \(skipped.count) PNG\(skipped.count == 1 ? "" : "s") beside the frames, not frame_NNNNN.png (\(shown))"
            )
        }
        if let out = options.outputDirectory {
            lines.append("report: \(FileInput.quoted(FilePaths.join(out, "report.html")))")
        }
        return lines
    }

    /// Machine-readable report.
    public func json() -> String {
        func box(_ b: IntRect?) -> String {
            guard let b else { return "null" }
            return "[\(b.x),\(b.y),\(b.width),\(b.height)]"
        }
        let string = JSONText.string
        let frameLines = frames.map { f -> String in
            var s = "{\"path\":\(string(f.path)),\"status\":\"\(f.status.rawValue)\",\"failed\":\(f.failed)"
            if f.status == .same || f.status == .changed {
                s +=
                    ",\"diffPixels\":\(f.differentPixels),\"antialiasedPixels\":\(f.antialiasedPixels),\"ratio\":\(f.ratio),\"box\":\(box(f.box)),\"limit\":\(options.limit(forPixels: f.totalPixels))"
            }
            if let e = f.expectedSize, let a = f.actualSize {
                s += ",\"expectedSize\":[\(e.0),\(e.1)],\"actualSize\":[\(a.0),\(a.1)]"
            }
            return s + "}"
        }
        var limits: [String] = []
        if let n = options.maxDiffPixels { limits.append("\"maxDiffPixels\":\(n)") }
        if let r = options.maxDiffRatio { limits.append("\"maxDiffRatio\":\(r)") }
        // Under the exact metric pixelmatch's settings do not apply: null, not a number that was not used.
        let pixelmatch = options.match.metric == .pixelmatch
        let threshold = pixelmatch ? "\(options.match.threshold)" : "null"
        let includeAA = pixelmatch ? "\(options.match.includeAA)" : "null"
        let blend = pixelmatch ? (options.match.checkerboard ? "\"checkerboard\"" : "\"white\"") : "null"
        return """
            {"passed":\(passed),"metric":"\(options.match.metric.rawValue)","threshold":\(threshold),"includeAA":\(includeAA),\
            "blend":\(blend),\
            "limits":{\(limits.joined(separator: ","))},\
            "counts":{"frames":\(frames.count),"same":\(count(.same)),"changed":\(count(.changed)),"sizeChanged":\(count(.sizeChanged)),"added":\(count(.added)),"removed":\(count(.removed)),"failed":\(frames.filter(\.failed).count)},\
            "firstFailure":\(firstFailure.map { string($0.path) } ?? "null"),\
            "largest":\(largest.map { string($0.path) } ?? "null"),\
            "skipped":[\(skipped.map(string).joined(separator: ","))],\
            "frames":[\(frameLines.joined(separator: ","))]}
            """
    }
}
