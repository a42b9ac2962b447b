/// A signed integer with up to 127 bits of magnitude, for the few exact products that do not fit
/// in `Int64`: a linked layer's position is factor × the ideal scroll position, and the ideal
/// position of a viewport around tile 2^53 is already about 2^84 fixed units. (Swift's `Int128`
/// needs macOS 15; this keeps GridModel building wherever it builds today.)
///
/// Sign and magnitude; zero is never negative. Every operation reports overflow as nil.
struct Wide: Sendable, Equatable, CustomStringConvertible {
    private(set) var negative: Bool
    private(set) var high: UInt64
    private(set) var low: UInt64

    init(_ value: Int64) {
        negative = value < 0
        high = 0
        low = value.magnitude
    }

    private init(negative: Bool, high: UInt64, low: UInt64) {
        let zero = high == 0 && low == 0
        self.negative = negative && !zero
        self.high = high
        self.low = low
    }

    /// The largest magnitude allowed, 2^127 − 1, so that negation never overflows.
    private static let maxHigh = UInt64(Int64.max)

    var isZero: Bool { high == 0 && low == 0 }

    private static func magnitudeLess(_ a: Wide, _ b: Wide) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }

    func adding(_ other: Wide) -> Wide? {
        if negative == other.negative {
            let (l, carry) = low.addingReportingOverflow(other.low)
            let (h1, o1) = high.addingReportingOverflow(other.high)
            let (h, o2) = h1.addingReportingOverflow(carry ? 1 : 0)
            guard !o1, !o2, h <= Wide.maxHigh else { return nil }
            return Wide(negative: negative, high: h, low: l)
        }
        // Opposite signs: the larger magnitude minus the smaller, with the larger one's sign.
        let (big, small) = Wide.magnitudeLess(self, other) ? (other, self) : (self, other)
        let (l, borrow) = big.low.subtractingReportingOverflow(small.low)
        let h = big.high - small.high - (borrow ? 1 : 0)
        return Wide(negative: big.negative, high: h, low: l)
    }

    func adding(_ value: Int64) -> Wide? { adding(Wide(value)) }

    func multiplied(by m: Int64) -> Wide? {
        let factor = m.magnitude
        let (h1, l) = low.multipliedFullWidth(by: factor)
        let (overflow, h2) = high.multipliedFullWidth(by: factor)
        let (h, o) = h2.addingReportingOverflow(h1)
        guard overflow == 0, !o, h <= Wide.maxHigh else { return nil }
        return Wide(negative: negative != (m < 0), high: h, low: l)
    }

    /// ⌊self / d⌋ and the remainder in 0..<d, for d > 0.
    func floorDivided(by d: Int64) -> (quotient: Wide, remainder: Int64) {
        precondition(d > 0, "Wide.floorDivided needs a positive divisor")
        let divisor = UInt64(d)
        let qHigh = high / divisor
        let (qLow, r) = divisor.dividingFullWidth((high: high % divisor, low: low))
        var q = Wide(negative: negative, high: qHigh, low: qLow)
        guard negative, r != 0 else { return (q, Int64(r)) }
        // Toward −∞: one more in magnitude, and the remainder from the other side.
        let (l, carry) = qLow.addingReportingOverflow(1)
        q = Wide(negative: true, high: qHigh + (carry ? 1 : 0), low: l)
        return (q, d - Int64(r))
    }

    /// The value as an `Int64`, if it fits.
    var int64: Int64? {
        guard high == 0 else { return nil }
        if negative { return low <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- low) : nil }
        return low <= UInt64(Int64.max) ? Int64(low) : nil
    }

    var double: Double {
        let magnitude = Double(high) * 0x1p64 + Double(low)
        return negative ? -magnitude : magnitude
    }

    var description: String {
        if let v = int64 { return String(v) }
        // Rare (only in error messages): groups of 18 digits, least significant first.
        var groups: [Int64] = []
        var rest = Wide(negative: false, high: high, low: low)
        while !rest.isZero {
            let (q, r) = rest.floorDivided(by: 1_000_000_000_000_000_000)
            groups.append(r)
            rest = q
        }
        var text = negative ? "-" : ""
        for (i, group) in groups.reversed().enumerated() {
            let digits = String(group)
            if i > 0 { text += String(repeating: "0", count: 18 - digits.count) }
            text += digits
        }
        return text
    }
}
