extension CheckReport {
    /// The run as one self-contained HTML page (`render-grid check --report DIR` writes it as
    /// `DIR/report.html`): the verdict and counts, then every scenario, failures first (failed, missing,
    /// obsolete, then recorded, pruned, passed; in checked order within each), with its summary, its
    /// details (drift, sequence verdicts, the trace diff, pixel counts) and its images.
    ///
    /// The page loads nothing from elsewhere (its style is inline; no scripts, fonts or remote images);
    /// images are linked by their path relative to the report folder, not embedded, so the page stays
    /// small and works wherever the folder is copied. Every string is HTML-escaped; an artifact path that
    /// is not a plain relative path inside the report folder (absolute, empty segments, `.` or `..`) is
    /// shown as text, not linked.
    ///
    /// ```swift
    /// let page = CheckReport.html(outcome)
    /// try page.write(toFile: "check-report/report.html", atomically: true, encoding: .utf8)
    /// ```
    public static func html(_ o: CheckOutcome) -> String {
        let ordered = o.scenarios.enumerated().sorted { a, b in
            let ra = verdictOrder.firstIndex(of: a.element.verdict) ?? 0
            let rb = verdictOrder.firstIndex(of: b.element.verdict) ?? 0
            return ra != rb ? ra < rb : a.offset < b.offset
        }
        let verdict = o.passed ? "passed" : "failed"
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>render-grid check: \(verdict)</title>
            <style>
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:20px 28px;background:#f5f5f7;color:#1d1d1f}
            h1{font-size:22px;margin:0 0 6px} h2{font-size:17px;margin:0 0 6px;word-break:break-all}
            code{font:12px ui-monospace,Menlo,Consolas,monospace;background:#e8e8ed;padding:1px 4px;border-radius:4px;word-break:break-all}
            .badge{display:inline-block;font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;
            padding:2px 8px;border-radius:10px;color:#fff;vertical-align:2px;margin-right:6px}
            .failed .badge,.missing .badge,.obsolete .badge,.badge.failed{background:#c62828}
            .passed .badge,.badge.passed{background:#2e7d32} .recorded .badge,.pruned .badge{background:#1565c0}
            .counts span{margin-right:10px} .index{columns:3 16em;padding-left:20px;margin:8px 0 16px}
            .index a{color:inherit} .scenario{background:#fff;border:1px solid #d2d2d7;border-left-width:5px;border-radius:8px;
            padding:12px 16px;margin:12px 0} .scenario.failed,.scenario.missing,.scenario.obsolete{border-left-color:#c62828}
            .scenario.passed{border-left-color:#2e7d32} .scenario.recorded,.scenario.pruned{border-left-color:#1565c0}
            .summary{font-weight:600;margin:4px 0;white-space:pre-wrap} .meta{color:#6e6e73;font-size:12px;margin:4px 0}
            .details{margin:6px 0;padding-left:20px;white-space:pre-wrap;font:12px/1.5 ui-monospace,Menlo,Consolas,monospace}
            .frames{display:flex;flex-wrap:wrap;gap:14px;margin-top:8px} .frame{border:1px solid #e5e5ea;border-radius:6px;padding:8px}
            .frame h3{font-size:12px;margin:0 0 6px;color:#6e6e73} .row{display:flex;gap:8px;flex-wrap:wrap;align-items:flex-start}
            figure{margin:0} figcaption{font-size:11px;color:#6e6e73} img{display:block;max-width:320px;max-height:320px;
            border:1px solid #d2d2d7;image-rendering:pixelated;background:#fff} .animation img{max-width:660px;max-height:420px}
            .unlinked{color:#c62828;font-size:12px}
            </style></head><body>

            """
        html += "<h1><span class=\"badge \(verdict)\">\(verdict)</span>render-grid check</h1>\n"
        html += "<p class=\"counts\">\(o.scenarios.count) scenario\(o.scenarios.count == 1 ? "" : "s"): "
        html += counts(o).map { "<span class=\"\($0.verdict.rawValue)\">\($0.count) \($0.verdict.rawValue)</span>" }
            .joined(separator: " ")
        html +=
            "</p>\n<p class=\"meta\">goldens <code>\(Markup.html(o.goldensPath))</code> · record mode <code>\(o.recordMode.rawValue)</code> · metric \(Markup.html(o.metric))</p>\n"
        if !ordered.isEmpty {
            html += "<ol class=\"index\">\n"
            for (index, s) in ordered {
                html +=
                    "<li class=\"\(s.verdict.rawValue)\"><a href=\"#scenario-\(index)\">\(Markup.html(s.name))</a> \(s.verdict.rawValue)</li>\n"
            }
            html += "</ol>\n"
        }
        for (index, s) in ordered { html += section(s, id: "scenario-\(index)") }
        html += "</body></html>\n"
        return html
    }

    /// One scenario's section.
    static func section(_ s: ScenarioOutcome, id: String) -> String {
        var html = "<section class=\"scenario \(s.verdict.rawValue)\" id=\"\(id)\">\n"
        html += "<h2><span class=\"badge\">\(s.verdict.rawValue)</span>\(Markup.html(s.name))</h2>\n"
        html += "<p class=\"summary\">\(Markup.html(s.summary))</p>\n"
        var meta: [String] = []
        if let path = s.scenarioPath {
            meta.append("scenario <code>\(Markup.html(path))</code>")
        } else {
            meta.append("no scenario file")
        }
        if s.frameCount > 0 { meta.append("\(s.frameCount) frames") }
        if let frame = s.firstFailingFrame { meta.append("first failing frame \(frame)") }
        if let failing = ScenarioOutcome.failingFramesText(s.failingFrameCount) { meta.append(failing) }
        if seconds(s.seconds) > 0 { meta.append(secondsText(s.seconds) + " s") }
        html += "<p class=\"meta\">" + meta.joined(separator: " · ") + "</p>\n"
        if !s.details.isEmpty {
            html += "<ul class=\"details\">\n" + s.details.map { "<li>\(Markup.html($0))</li>\n" }.joined() + "</ul>\n"
        }
        if !s.artifacts.isEmpty { html += images(s.artifacts) }
        html += "</section>\n"
        return html
    }

    /// The artifacts as figures: one box per frame (expected, actual, diff in that order), then the animations.
    static func images(_ artifacts: [ScenarioOutcome.Artifact]) -> String {
        var frames: [Int] = []
        for a in artifacts where a.kind != .animation && !frames.contains(a.frame) { frames.append(a.frame) }
        var html = "<div class=\"frames\">\n"
        for frame in frames {
            html += "<div class=\"frame\"><h3>frame \(frame)</h3><div class=\"row\">\n"
            for kind in [ScenarioOutcome.Artifact.Kind.expected, .actual, .diff] {
                for a in artifacts where a.frame == frame && a.kind == kind {
                    html += figure(a, caption: kind.rawValue)
                }
            }
            html += "</div></div>\n"
        }
        for a in artifacts where a.kind == .animation {
            html += "<div class=\"frame animation\"><h3>from frame \(a.frame): expected | actual</h3>\n"
            html += figure(a, caption: "animated PNG; the left panel is hatched where the golden keeps only a hash")
            html += "</div>\n"
        }
        return html + "</div>\n"
    }

    static func figure(_ a: ScenarioOutcome.Artifact, caption: String) -> String {
        guard let link = relativeLink(a.path) else {
            return
                "<figure><p class=\"unlinked\">\(Markup.html(a.path)) (not linked: not a relative path inside the report folder)</p>"
                + "<figcaption>\(Markup.html(caption))</figcaption></figure>\n"
        }
        return
            "<figure><a href=\"\(link)\"><img src=\"\(link)\" alt=\"\(a.kind.rawValue), frame \(a.frame)\" loading=\"lazy\"></a>"
            + "<figcaption>\(Markup.html(caption)) · <code>\(Markup.html(a.path))</code></figcaption></figure>\n"
    }

    /// `path` as a URL relative to the report folder, each segment percent-encoded; nil for a path that is
    /// absolute or has an empty, `.` or `..` segment (it could leave the folder or name a scheme).
    static func relativeLink(_ path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return segments.map { HTMLReport.percentEncoded(String($0)) }.joined(separator: "/")
    }
}
