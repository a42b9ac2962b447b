import Rasterizer

/// How `PixelMatch.compare` decides that a pixel differs.
///
/// render-grid's own frames are deterministic (the same scenario, scale, font and version give the same bytes),
/// so `exact` is the default of `diff` and `check`: a tile moved by one device pixel changes the pixels along its
/// edges, and those count, however faint the border. pixelmatch's threshold 0.1 is made for photographs and
/// browsers' anti-aliasing: a 10 % black border over 50 % grey is below it, so a moved grid without labels
/// compares "same" under it.
///
/// ```swift
/// var options = PixelMatchOptions()        // pixelmatch 7.2's metric, threshold 0.1
/// options.metric = .exact                  // any changed RGBA byte counts
/// options.label                            // "exact (a pixel differs when any of its RGBA bytes differs)"
/// ```
public enum PixelMetric: String, Sendable, CaseIterable {
    /// A pixel differs when any of its R, G, B or A bytes differs: no threshold, no anti-aliasing exclusion
    /// (an anti-aliased edge that moved by one device pixel counts), translucent pixels compared as stored.
    case exact
    /// pixelmatch 7.2's: the YIQ colour delta over 35215·threshold², translucent pixels blended first,
    /// anti-aliased pixels excluded unless `includeAA`.
    case pixelmatch
}

extension PixelMatchOptions {
    /// The exact metric: any changed RGBA byte counts (the default of `DiffOptions` and `GoldenOptions`).
    ///
    /// ```swift
    /// let result = try PixelMatch.compare(expected, actual, options: .exact)
    /// print(result.different)   // every pixel whose bytes differ, none excused as anti-aliasing
    /// ```
    public static var exact: PixelMatchOptions {
        var options = PixelMatchOptions()
        options.metric = .exact
        return options
    }

    /// Refuses pixelmatch's settings (`threshold`, `includeAA`, `checkerboard`) changed from their defaults under the
    /// exact metric, which reads none of them: code written when `DiffOptions` and `GoldenOptions` defaulted to
    /// pixelmatch would otherwise compare exactly without a word.
    ///
    /// ```swift
    /// var options = PixelMatchOptions.exact
    /// options.threshold = 0.2
    /// try options.checkMetric()   // ToolError(.invalidOption): set metric = .pixelmatch
    /// ```
    /// - Throws: `ToolError(.invalidOption)` naming the setting and the fix.
    public func checkMetric() throws(ToolError) {
        guard metric == .exact else { return }
        let pixelmatch = PixelMatchOptions()
        for (name, changed) in [
            ("threshold", threshold != pixelmatch.threshold), ("includeAA", includeAA != pixelmatch.includeAA),
            ("checkerboard", checkerboard != pixelmatch.checkerboard),
        ] where changed {
            throw ToolError(
                .invalidOption,
                "\(name) belongs to the pixelmatch metric, and the metric is exact: set match.metric = .pixelmatch to use it (the CLI's --threshold does)"
            )
        }
    }

    /// The metric in words, as text reports, report.html and `--help` name it: one definition everywhere.
    ///
    /// ```swift
    /// PixelMatchOptions().label
    /// // "pixelmatch 7.2 (threshold 0.1, anti-aliasing ignored, translucent pixels blended over pixelmatch 7's checkerboard)"
    /// PixelMatchOptions.exact.label    // "exact (a pixel differs when any of its RGBA bytes differs)"
    /// ```
    public var label: String {
        switch metric {
        case .exact:
            return "exact (a pixel differs when any of its RGBA bytes differs)"
        case .pixelmatch:
            return "pixelmatch 7.2 (threshold \(threshold), anti-aliasing \(includeAA ? "counted" : "ignored"), "
                + "translucent pixels blended over \(checkerboard ? "pixelmatch 7's checkerboard" : "white"))"
        }
    }
}

extension PixelMatch {
    /// The exact metric: counts the pixels whose 4 bytes differ outside `ignore`; the diff image is
    /// pixelmatch's style (unchanged pixels faded grey, changed ones red, or `diffColorAlt` where the second
    /// image is darker), with no yellow since nothing is taken for anti-aliasing.
    static func compareExact(_ a: Pixmap, _ b: Pixmap, options: PixelMatchOptions) -> PixelMatchResult {
        let width = a.width
        let height = a.height
        let ignore = options.ignore.compactMap { $0.intersection(a.bounds) }
        var different = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1
        var output: [UInt8] = options.makeDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : []
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt8.self)
                let pb = rb.bindMemory(to: UInt8.self)
                for y in 0..<height {
                    for x in 0..<width {
                        let pos = (y * width + x) * 4
                        let same =
                            ra.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                            == rb.loadUnaligned(fromByteOffset: pos, as: UInt32.self)
                        if !same && !(!ignore.isEmpty && ignore.contains { $0.contains(x: x, y: y) }) {
                            different += 1
                            minX = min(minX, x)
                            maxX = max(maxX, x)
                            minY = min(minY, y)
                            maxY = max(maxY, y)
                            if options.makeDiffImage {
                                if let alt = options.diffColorAlt,
                                    colorDelta(pa, pb, pos, pos, yOnly: false, checkerboard: options.checkerboard) < 0
                                {
                                    put(&output, pos, alt.r, alt.g, alt.b)
                                } else {
                                    put(&output, pos, 255, 0, 0)
                                }
                            }
                        } else if options.makeDiffImage {
                            let v = grey(pa[pos], pa[pos + 1], pa[pos + 2], pa[pos + 3])
                            put(&output, pos, v, v, v)
                        }
                    }
                }
            }
        }
        let diffImage = options.makeDiffImage ? try? Pixmap(width: width, height: height, pixels: output) : nil
        return PixelMatchResult(
            different: different, antialiased: 0,
            box: maxX < 0 ? nil : IntRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1),
            diffImage: diffImage)
    }
}
