import Foundation
import GridModel
import Rasterizer

extension ViewRasterizer {
    /// The most lines a label lays out, whatever its `numberOfLines` and height (bounds the work
    /// for a huge label).
    static let maxTextLines = 1000

    /// Draws a label's text as UILabel does: at its font size (`pointSize × scale` pixels, never
    /// shrunk: `adjustsFontSizeToFitWidth` is false by default), word-wrapped into at most
    /// `numberOfLines` lines (0: any number) and as many as fit the height (at least one), the last
    /// line shown ending in "…" when text is left over or it is too wide; the block centred
    /// vertically in the rectangle; each line placed by `alignment` (natural and justified as
    /// left: one writing direction, no justification); clipped to the rectangle and `clip`.
    ///
    /// Line metrics and rounding are `FrameRenderer`'s for a tile label: lines `ceil(ascender -
    /// descender)` pixels apart, the first baseline at `place(midY - lines × step / 2 + ascender)`,
    /// a centred line's pen at `place(midX - width / 2)`. So a one-line label that fits draws the
    /// pixels a tile label of the same text draws.
    static func drawText(
        _ text: DrawCommand.TextContent, in rect: PixelRect, scale: Double, opacity: Double,
        font: FontRenderer, clip: IntRect, into canvas: inout Pixmap
    ) {
        let color = text.color.scaled(by: opacity)
        let pixelSize = text.pointSize * scale
        guard !text.text.isEmpty, color.a > 0, pixelSize > 0, rect.width > 0, rect.height > 0,
            let clip = rect.pixelBounds.intersection(clip)
        else { return }
        let probe = font.layout("", pixelSize: pixelSize)
        let step = max(1, Int((probe.ascender - probe.descender).rounded(.up)))
        let fitting = max(1, min(Double(maxTextLines), (rect.height / Double(step)).rounded(.down)))
        let most = text.numberOfLines > 0 ? min(text.numberOfLines, Int(fitting)) : Int(fitting)
        let lines = wrap(text.text, width: rect.width, lines: most, font: font, pixelSize: pixelSize)
        let place = FrameRenderer.place
        let baseline = place(rect.y + rect.height / 2 - Double(lines.count * step) / 2 + probe.ascender)
        for (i, line) in lines.enumerated() {
            let layout = font.layout(line, pixelSize: pixelSize)
            let width = Double(layout.width)
            let x: Int
            switch text.alignment {
            case .center: x = place(rect.x + rect.width / 2 - width / 2)
            case .right: x = place(rect.x + rect.width - width)
            case .left, .natural, .justified: x = place(rect.x)
            }
            canvas.draw(layout, x: x, baseline: baseline.clampedAdding(i * step), color: color, clip: clip)
        }
    }

    /// The most characters of a label's text that are laid out; the rest counts as left over (the last line
    /// ends in "…"). Bounds the work for a label holding megabytes of text.
    static let maxTextCharacters = 20_000

    /// The most characters one line of `width` pixels can show at `pixelSize`: no glyph of the default font
    /// that advances the pen is narrower than a tenth of its size (the narrowest, "l" or "i", are over a
    /// quarter). Bounds the prefixes a line's search lays out.
    static func lineCapacity(width: Double, pixelSize: Double) -> Int {
        let size = min(max(pixelSize, 1), FontRenderer.maxPixelSize)  // the sizes the font draws at
        return Int(min(max(width, 0) / (size * 0.1), Double(maxTextCharacters))) + 8
    }

    /// `text` broken into at most `lines` lines no wider than `width` pixels: greedily at spaces
    /// (a word wider than a line is broken between characters), newlines kept; the last line ends
    /// in "…" (at its last whole character that fits) when text is left over or it is too wide.
    /// Only the first `maxTextCharacters` characters are read, and a line looks at most at
    /// `lineCapacity` of them, so the work is bounded whatever the text's length.
    static func wrap(_ text: String, width: Double, lines: Int, font: FontRenderer, pixelSize: Double) -> [String] {
        func fits(_ s: Substring) -> Bool { Double(font.layout(String(s), pixelSize: pixelSize).width) <= width }
        let capacity = lineCapacity(width: width, pixelSize: pixelSize)
        let head = text.prefix(maxTextCharacters)
        let more = head.endIndex < text.endIndex
        var out: [String] = []
        var rest = head
        while !rest.isEmpty && out.count < lines {
            // The longest prefix up to a newline that fits, ending at a space when there is one. A paragraph
            // longer than the line's capacity is looked at up to it.
            let window = rest.prefix(capacity + 1)
            let paragraphEnd = window.firstIndex(of: "\n") ?? window.endIndex
            let paragraph = rest[..<paragraphEnd]
            var end = paragraph.endIndex
            if !fits(paragraph) {
                // Longest fitting prefix by characters (width grows with the prefix).
                var low = 0
                var high = paragraph.count
                while low < high {
                    let mid = (low + high + 1) / 2
                    if fits(paragraph.prefix(mid)) { low = mid } else { high = mid - 1 }
                }
                let cut = paragraph.index(paragraph.startIndex, offsetBy: max(low, 1))
                if cut < paragraph.endIndex, paragraph[cut] == " " {
                    end = cut
                } else if let space = paragraph[..<cut].lastIndex(of: " "), space > paragraph.startIndex {
                    end = space
                } else {
                    end = cut
                }
            }
            let isLast = out.count == lines - 1
            if isLast && (end < rest.endIndex || more) {
                let force = end < paragraphEnd || paragraphEnd < rest.endIndex || more
                out.append(truncated(String(paragraph), width: width, font: font, pixelSize: pixelSize, force: force))
                return out
            }
            out.append(String(paragraph[..<end]))
            rest = rest[end...]
            if rest.first == "\n" || rest.first == " " { rest = rest.dropFirst() }
        }
        return out
    }

    /// `line` ending in "…" at its last whole character that fits `width` with it (`force`: even
    /// when the whole line fits, because text after it is not shown); "" when not even "…" fits.
    static func truncated(_ line: String, width: Double, font: FontRenderer, pixelSize: Double, force: Bool) -> String {
        func fits(_ s: String) -> Bool { Double(font.layout(s, pixelSize: pixelSize).width) <= width }
        if !force && fits(line) { return line }
        let ellipsis = font.hasGlyph("\u{2026}") ? "\u{2026}" : "..."
        let characters = Array(line)
        var low = 0
        var high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            if fits(String(characters[..<mid]) + ellipsis) { low = mid } else { high = mid - 1 }
        }
        let cut = String(characters[..<low]).trimmingTrailingSpaces + ellipsis
        return fits(cut) ? cut : ""
    }

    /// Draws an image placed by its content mode in `rect`: scaleToFill stretches it to the
    /// rectangle, scaleAspectFit / scaleAspectFill scale it uniformly to fit inside / cover it,
    /// centred, and center keeps its size in points, centred. Not clipped to `rect` (a UIImageView's
    /// `clipsToBounds` is false by default; a clipping view's bounds come in `clip`).
    ///
    /// Resampling is nearest-neighbour: each device pixel whose centre lies in the placed image takes
    /// the image pixel under that centre, blended source-over (straight alpha, times `opacity`).
    /// Edges are hard (no partial coverage).
    static func drawImage(
        _ image: DrawCommand.ImageContent, in rect: PixelRect, scale: Double, opacity: Double,
        clip: IntRect, into canvas: inout Pixmap
    ) {
        let iw = Double(image.size.width) * scale
        let ih = Double(image.size.height) * scale
        guard iw > 0, ih > 0, iw.isFinite, ih.isFinite, rect.width > 0, rect.height > 0 else { return }
        let placed: PixelRect
        let cx = rect.x + rect.width / 2
        let cy = rect.y + rect.height / 2
        switch image.mode {
        case .scaleToFill:
            placed = rect
        case .scaleAspectFit, .scaleAspectFill:
            let fit = min(rect.width / iw, rect.height / ih)
            let fill = max(rect.width / iw, rect.height / ih)
            let k = image.mode == .scaleAspectFit ? fit : fill
            placed = PixelRect(x: cx - iw * k / 2, y: cy - ih * k / 2, width: iw * k, height: ih * k)
        case .center:
            placed = PixelRect(x: cx - iw / 2, y: cy - ih / 2, width: iw, height: ih)
        }
        guard placed.width > 0, placed.height > 0, placed.width.isFinite, placed.height.isFinite,
            let area = placed.pixelBounds.intersection(clip)?.intersection(canvas.bounds)
        else { return }
        let source = image.pixels
        for py in area.y..<area.maxY {
            let sy = min(
                source.height - 1,
                max(0, Int(((Double(py) + 0.5 - placed.y) / placed.height * Double(source.height)).rounded(.down))))
            for px in area.x..<area.maxX {
                let sx = min(
                    source.width - 1,
                    max(0, Int(((Double(px) + 0.5 - placed.x) / placed.width * Double(source.width)).rounded(.down))))
                guard let pixel = source.pixel(x: sx, y: sy), pixel.a > 0 else { continue }
                canvas.fill(PixelRect(x: Double(px), y: Double(py), width: 1, height: 1), pixel.scaled(by: opacity))
            }
        }
    }
}

extension Int {
    /// `self + other`, saturating instead of trapping.
    func clampedAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension String {
    /// The string without trailing spaces (a truncated line's "…" follows its last visible character).
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
