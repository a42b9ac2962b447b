import GridModel
import Rasterizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the trace diff writes numbers, points, sizes and lists: short, exact enough to act on, bounded in
/// length whatever the value.
enum TraceText {
    /// "0", "-1004", "2008.5", "120.333"; "1.5e+20" from 10^9 up; "nan", "inf".
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v < 0 ? "-inf" : "inf") }
        if v == v.rounded(), v.magnitude < 1e15 { return String(Int64(v)) }
        if v.magnitude >= 1e9 { return CFormat.string("%.6g", v) }
        var text = CFormat.string("%.3f", v)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "0" || text == "-0" ? CFormat.string("%.3g", v) : text
    }

    /// A difference of two finite values: `number`, except that one too large for a Double (1e308 less
    /// -1e308 is infinite) reads "over 1.79769e+308" rather than "inf".
    static func difference(_ v: Double) -> String {
        v == .infinity ? "over " + number(.greatestFiniteMagnitude) : number(v)
    }

    /// A coordinate of a tile rectangle, with at least one decimal: "120.5", "121.0".
    static func rectNumber(_ v: Double) -> String {
        let text = number(v)
        return v.isFinite && !text.contains(".") && !text.contains("e") ? text + ".0" : text
    }

    /// "2.850 s".
    static func seconds(_ v: Double) -> String {
        guard v.isFinite else { return number(v) + " s" }
        return CFormat.string(v.magnitude < 1e9 ? "%.3f s" : "%.6g s", v)
    }

    /// "(0, -1004)".
    static func point(_ x: Double, _ y: Double) -> String { "(\(number(x)), \(number(y)))" }

    static func point(_ v: Vector) -> String { point(v.x, v.y) }

    /// "(3, -2)", or "none".
    static func coordinate(_ c: TileCoordinate?) -> String { c?.description ?? "none" }

    /// "390 x 844", or "none".
    static func size(_ s: Size?) -> String { s.map { "\(number($0.width)) x \(number($0.height))" } ?? "none" }

    /// " (shift 0, -1004)": an event's payload in words, empty for an event without one (or unknown).
    static func payload(_ event: ScrollEvent?) -> String {
        switch event {
        case .willEndDragging(_, let target)?: return " (target \(number(target.x)), \(number(target.y)))"
        case .didEndDragging(let willDecelerate)?: return " (willDecelerate \(willDecelerate))"
        case .recenter(let shift)?: return " (shift \(number(shift.x)), \(number(shift.y)))"
        case .jump(let tile)?: return " (tile \(tile))"
        case .pageChanged(let page)?: return " (page \(page))"
        case .loopJump(let from, let to)?: return " (from \(point(from)) to \(point(to)))"
        case .resize(let width, let height)?: return " (\(size(Size(width: width, height: height))))"
        default: return ""
        }
    }

    /// "first" … "ninth" spelled out, then "10th", "11th", "22nd" (one style throughout: AP's).
    static func ordinal(_ n: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        if (1...9).contains(n) { return words[n - 1] }
        let suffix = (n % 100) / 10 == 1 ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// "1 frame", "12 frames".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "a, b, c" with at most `max` items named: "a, b and 3 more".
    static func list(_ items: [String], max: Int = 8) -> String {
        guard items.count > max else { return items.joined(separator: ", ") }
        return items.prefix(max).joined(separator: ", ") + " and \(items.count - max) more"
    }
}
