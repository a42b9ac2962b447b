/// Fits a two-part label into a tile: the largest size from the style's down to the smallest at which it fits
/// on one line or two, else cut with an ellipsis at the smallest (`FrameRenderer.fit`).
struct LabelFitter {
    let font: FontRenderer
    /// The style's size in pixels, and the smallest the label shrinks to.
    let full: Double, smallest: Double
    /// The room, in pixels.
    let width: Double, height: Double
    let slack = FrameRenderer.labelSlack

    init(font: FontRenderer, full: Double, width: Double, height: Double) {
        self.font = font
        self.full = full
        self.width = width
        self.height = height
        smallest = FrameRenderer.smallestSize(full)
    }

    /// Lines measured at one size.
    struct Candidate {
        var lines: [FittedLabel.Line]
        var size: Double
        var ascender: Double
        var step: Int
        /// Room needed, ink overhanging the advance boxes included.
        var width: Double
        var height: Double
    }

    func measure(_ texts: [String], _ size: Double) -> Candidate {
        let lines = texts.map { FittedLabel.Line(text: $0, layout: font.layout($0, pixelSize: size, keep: false)) }
        let ascender = lines[0].layout.ascender
        let descender = lines[0].layout.descender
        let step = max(1, Int((ascender - descender).rounded(.up)))
        let n = lines.count
        var needWidth = 0
        var over = 0.0
        for (i, line) in lines.enumerated() {
            let ink = line.layout.inkBounds
            guard ink.right > ink.left else { continue }
            let overhang = max(0, -ink.left, ink.right - line.layout.width)
            needWidth = max(needWidth, line.layout.width + 2 * overhang)
            let baseline = ascender + Double(i * step)  // from the block's top
            over = max(over, Double(ink.above) - baseline, baseline + Double(ink.below) - Double(n * step))
        }
        return Candidate(
            lines: lines, size: size, ascender: ascender, step: step,
            width: Double(needWidth), height: Double(n * step) + 2 * over)
    }

    func fitsWidth(_ c: Candidate) -> Bool { c.width + slack <= width }
    func fits(_ c: Candidate) -> Bool { fitsWidth(c) && c.height + slack <= height }
    /// Sizes snap down to quarter pixels, which bounds the glyph cache.
    func snapped(_ size: Double) -> Double { max(smallest, (size * 4).rounded(.down) / 4) }

    /// The largest size from `full` down to `smallest` at which `texts` fit. Width is nearly proportional to size;
    /// hinting makes it not quite, so refine a few times.
    func largest(_ texts: [String], from first: Candidate? = nil) -> Candidate? {
        var c = first ?? measure(texts, full)
        var tries = 0
        while !fits(c) && c.size > smallest && tries < 8 {
            let ratio = min((width - slack) / c.width, (height - slack) / c.height)
            let size = snapped(min(c.size - 0.25, c.size * (ratio.isFinite ? ratio : 0)))
            c = measure(texts, size)
            tries += 1
        }
        return fits(c) ? c : nil
    }

    func label(_ c: Candidate, truncated: Bool = false, fits: Bool = true) -> FittedLabel {
        FittedLabel(
            lines: c.lines, size: c.size, ascender: c.ascender, lineStep: c.step, truncated: truncated, fits: fits)
    }

    func fit(_ first: String, _ second: String) -> FittedLabel {
        // The common case first: one line at the full size.
        let one = first + " " + second
        let whole = measure([one], full)
        if fits(whole) { return label(whole) }

        // Too narrow for even an ellipsis, or too short for one line, at the smallest size (tiny
        // tiles): no label, rather than a cut one.
        let ellipsis = font.hasGlyph("\u{2026}") ? "\u{2026}" : "..."
        let least = measure([ellipsis], smallest)
        let flat = measure([one], smallest)
        guard fitsWidth(least), flat.height + slack <= height else {
            return FittedLabel(
                lines: [], size: smallest, ascender: least.ascender, lineStep: least.step, truncated: true, fits: true)
        }

        let single = largest([one], from: whole)
        let double = largest([first, second])
        switch (single, double) {
        case (let s?, let d?): return label(d.size > s.size ? d : s)
        case (let s?, nil): return label(s)
        case (nil, let d?): return label(d)
        case (nil, nil): break
        }
        return cut(first, second, one: one, ellipsis: ellipsis)
    }

    /// Too large even at the smallest size: two lines if they are not too tall, and each line too wide ends in an
    /// ellipsis at its last whole glyph.
    func cut(_ first: String, _ second: String, one: String, ellipsis: String) -> FittedLabel {
        let two = measure([first, second], smallest)
        let texts = two.height + slack <= height ? [first, second] : [one]
        var truncated = false
        let shortened = texts.map { text -> String in
            if fitsWidth(measure([text], smallest)) { return text }
            truncated = true
            let characters = Array(text)
            // The longest prefix that fits with the ellipsis (width grows with the prefix).
            var low = 0
            var high = characters.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if fitsWidth(measure([String(characters[..<mid]) + ellipsis], smallest)) {
                    low = mid
                } else {
                    high = mid - 1
                }
            }
            let cut = String(characters[..<low]) + ellipsis
            return fitsWidth(measure([cut], smallest)) ? cut : ""
        }
        let c = measure(shortened, smallest)
        return label(c, truncated: truncated, fits: c.height + slack <= height)
    }
}
