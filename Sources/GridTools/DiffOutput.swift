import Foundation
import GridModel
import Rasterizer

/// Diff images for changed frames: the pixelmatch-style diff, and optionally an
/// expected | diff | actual strip.
enum DiffImages {
    static func outputName(_ relativePath: String, suffix: String) -> String {
        let base = relativePath.lowercased().hasSuffix(".png") ? String(relativePath.dropLast(4)) : relativePath
        return base.replacingOccurrences(of: "/", with: "__") + suffix + ".png"
    }

    static func write(expected: RGBAImage, actual: RGBAImage, diff: RGBAImage, relativePath: String, to folder: String,
                      sideBySide: Bool) throws {
        let diffCanvas = try canvas(diff)
        try FileOutput.writeAtomically(try PNGCodec.encode(diffCanvas), to: (folder as NSString).appendingPathComponent(outputName(relativePath, suffix: "-diff")))
        guard sideBySide else { return }
        let gap = 4
        var strip = try Canvas(width: expected.width * 3 + gap * 2, height: expected.height, fill: RGBA(255, 0, 255))
        for (i, image) in [expected, diff, actual].enumerated() {
            strip.copy(try canvas(image), x: i * (expected.width + gap), y: 0)
        }
        try FileOutput.writeAtomically(try PNGCodec.encode(strip), to: (folder as NSString).appendingPathComponent(outputName(relativePath, suffix: "-sbs")))
    }

    static func canvas(_ image: RGBAImage) throws -> Canvas {
        try Canvas(width: image.width, height: image.height, pixels: image.pixels)
    }
}

/// A self-contained report.html: expected, actual and diff of every changed frame, side by side,
/// with a slider that wipes between expected and actual. Images are embedded, so the file can be
/// attached to a CI run as is.
enum HTMLReport {
    /// Frames embedded at most (the JSON report lists all).
    static let maxEmbedded = 200

    static func write(_ report: DiffReport, expectedRoot: String, actualRoot: String, folder: Bool, to out: String) throws {
        func source(_ root: String, _ rel: String) -> String { folder ? (root as NSString).appendingPathComponent(rel) : root }
        func dataURI(_ path: String) -> String {
            guard let data = FileManager.default.contents(atPath: path) else { return "" }
            return "data:image/png;base64," + data.base64EncodedString()
        }
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let changed = report.frames.filter { $0.status != .same }
        var html = """
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
        Threshold \(report.options.match.threshold), anti-aliasing \(report.options.match.includeAA ? "counted" : "ignored").
        <span class="\(report.passed ? "ok" : "fail")">\(report.passed ? "Within tolerance." : "Over tolerance: first \(escape(report.firstFailure?.path ?? "")).")</span></p>

        """
        for (n, f) in changed.prefix(maxEmbedded).enumerated() {
            html += "<div class=\"frame\"><h3 class=\"\(f.failed ? "fail" : "ok")\">\(escape(f.path)): \(f.status.rawValue)"
            if f.status == .changed { html += ", \(f.differentPixels) pixels (\(String(format: "%.4f", f.ratio * 100)) %)" }
            html += "</h3>"
            if f.status == .changed || f.status == .sizeChanged {
                let e = dataURI(source(expectedRoot, f.path)), a = dataURI(source(actualRoot, f.path))
                let d = dataURI((out as NSString).appendingPathComponent(DiffImages.outputName(f.path, suffix: "-diff")))
                html += """
                <div class="row"><figure><div class="wipe" id="w\(n)"><img src="\(e)" alt="expected">\
                <div class="top" style="width:50%"><img src="\(a)" alt="actual"></div></div>
                <figcaption>expected ◀ ▶ actual <input type="range" min="0" max="100" value="50" \
                oninput="var w=document.getElementById('w\(n)');w.querySelector('.top').style.width=this.value+'%';\
                w.querySelector('.top img').style.width=w.offsetWidth+'px'"></figcaption></figure>
                """
                if !d.isEmpty { html += "<figure><img src=\"\(d)\" alt=\"diff\"><figcaption>diff: red differs, yellow anti-aliasing</figcaption></figure>" }
                html += "</div>"
            }
            html += "</div>\n"
        }
        if changed.count > maxEmbedded { html += "<p>\(changed.count - maxEmbedded) more changed frames are listed in the JSON report.</p>" }
        html += "<script>document.querySelectorAll('.wipe').forEach(function(w){var i=w.querySelector('.top img');i.style.width=w.offsetWidth+'px'})</script></body></html>\n"
        try FileOutput.writeAtomically(Array(html.utf8), to: (out as NSString).appendingPathComponent("report.html"))
    }
}

extension DiffReport {
    /// Machine-readable report.
    public func json() -> String {
        func box(_ b: (x: Int, y: Int, width: Int, height: Int)?) -> String {
            guard let b else { return "null" }
            return "[\(b.x),\(b.y),\(b.width),\(b.height)]"
        }
        func string(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                default:
                    if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        let frameLines = frames.map { f -> String in
            var s = "{\"path\":\(string(f.path)),\"status\":\"\(f.status.rawValue)\",\"failed\":\(f.failed)"
            if f.status == .same || f.status == .changed {
                s += ",\"diffPixels\":\(f.differentPixels),\"antialiasedPixels\":\(f.antialiasedPixels),\"ratio\":\(f.ratio),\"box\":\(box(f.box)),\"limit\":\(options.limit(forPixels: f.totalPixels))"
            }
            if let e = f.expectedSize, let a = f.actualSize { s += ",\"expectedSize\":[\(e.0),\(e.1)],\"actualSize\":[\(a.0),\(a.1)]" }
            return s + "}"
        }
        var limits: [String] = []
        if let n = options.maxDiffPixels { limits.append("\"maxDiffPixels\":\(n)") }
        if let r = options.maxDiffRatio { limits.append("\"maxDiffRatio\":\(r)") }
        return """
        {"passed":\(passed),"threshold":\(options.match.threshold),"includeAA":\(options.match.includeAA),\
        "limits":{\(limits.joined(separator: ","))},\
        "counts":{"frames":\(frames.count),"same":\(count(.same)),"changed":\(count(.changed)),"sizeChanged":\(count(.sizeChanged)),"added":\(count(.added)),"removed":\(count(.removed)),"failed":\(frames.filter(\.failed).count)},\
        "firstFailure":\(firstFailure.map { string($0.path) } ?? "null"),\
        "frames":[\(frameLines.joined(separator: ","))]}
        """
    }
}
