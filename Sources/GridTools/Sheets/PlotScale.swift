import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A linear map from a range of values onto a span of pixels. Any finite range works, from a
/// single value to ±1e308 (the arithmetic is done on halves, so it never overflows); a value
/// without a finite position has none.
struct PlotScale {
    let lo: Double
    let hi: Double
    let start: Double
    let length: Double

    /// The range of the finite `values` (0...1 without any), widened by ±1 (or a millionth of the
    /// magnitude) when it is flat, with `padding` of its span added on both sides.
    init(values: [Double], padding: Double, start: Double, length: Double) {
        var lo = Double.infinity
        var hi = -Double.infinity
        for v in values where v.isFinite {
            lo = min(lo, v)
            hi = max(hi, v)
        }
        if lo > hi {
            lo = 0
            hi = 1
        }
        if hi / 2 - lo / 2 < 5e-10 {
            let d = max(1, max(abs(lo), abs(hi)) * 1e-6)
            lo -= d
            hi += d
        }
        let pad = (hi / 2 - lo / 2) * 2 * padding
        self.init(lo: lo - pad, hi: hi + pad, start: start, length: length)
    }

    init(lo: Double, hi: Double, start: Double, length: Double) {
        let biggest = Double.greatestFiniteMagnitude
        self.lo = lo.isNaN ? 0 : min(max(lo, -biggest), biggest)
        self.hi = hi.isNaN ? 1 : min(max(hi, -biggest), biggest)
        self.start = start
        self.length = length
    }

    /// The pixel position of `v`, clamped to the span; nil for NaN and infinities.
    func position(_ v: Double) -> Double? {
        guard v.isFinite else { return nil }
        let half = hi / 2 - lo / 2
        let fraction = half > 0 ? (v / 2 - lo / 2) / half : 0.5
        return start + min(max(fraction, 0), 1) * length
    }

    /// At most this many ticks on an axis.
    static let maxTicks = 20

    /// "Nice" tick values (1, 2, 5 × 10^k) covering [lo, hi], about six of them, at most
    /// `maxTicks`; none for a range that is empty or not finite.
    static func ticks(_ lo: Double, _ hi: Double) -> [Double] {
        guard lo.isFinite, hi.isFinite, hi > lo else { return [] }
        let raw = hi / 6 - lo / 6
        guard raw > 0, raw.isFinite else { return [] }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        guard magnitude > 0, magnitude.isFinite,
            let step = [1.0, 2, 5, 10].lazy.map({ $0 * magnitude }).first(where: { $0 >= raw && $0.isFinite })
        else { return [] }
        var v = (lo / step).rounded(.up) * step
        var out: [Double] = []
        while v <= hi, out.count < maxTicks {
            if v >= lo { out.append(v) }
            let next = v + step
            guard next > v else { break }  // a step under the values' precision
            v = next
        }
        return out
    }

    /// The labels of `ticks` (ascending, as `ticks(_:_:)` makes them): `format`'s short form, or, when
    /// that gives two neighbours the same label (50,000 to 50,020 pt reads "50k" five times), every
    /// digit the step needs ("50004", "50008", or "0.125" for a step of 0.005).
    ///
    /// ```swift
    /// PlotScale.labels([50_000, 50_005, 50_010])  // ["50000", "50005", "50010"]
    /// ```
    static func labels(_ ticks: [Double]) -> [String] {
        let short = ticks.map(format)
        guard zip(short, short.dropFirst()).contains(where: { $0 == $1 }) else { return short }
        let step = zip(ticks, ticks.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? 1
        let decimals = min(9, max(0, Int((-log10(step)).rounded(.up))))
        return ticks.map { v in
            guard v.isFinite, abs(v) < 1e15 else { return format(v) }
            return CFormat.string("%.\(decimals)f", v)
        }
    }

    /// A short axis label; 1e9 and over (and NaN and infinities) in %g form, so 1e308 is "1e+308".
    static func format(_ v: Double) -> String {
        if abs(v) < 1e-9 { return "0" }
        if abs(v) >= 1e9 { return CFormat.string("%.3g", v) }
        if abs(v) >= 10000 { return CFormat.string("%.0fk", v / 1000) }
        if v == v.rounded() { return CFormat.string("%.0f", v) }
        return CFormat.string("%.2g", v)
    }
}
