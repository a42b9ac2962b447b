import Foundation
import GridTools

/// Continuity and pop-in: each item of the previous frame is expected at its rectangle moved by −displacement,
/// each item of this frame came from its rectangle moved by +displacement; a view that stays exactly where it was
/// on screen is pinned by the app (a sticky header) and is not judged.
extension ScreenContentVerifier {
    /// Items by identity and by position (origins quantized to the tolerance; a lookup checks the 3 × 3
    /// neighbouring keys), so a frame of thousands of items is checked in linear time.
    struct ItemIndex {
        struct Key: Hashable {
            var x: Int64
            var y: Int64
        }
        let items: [ScreenItem]
        var byID: [Int: Int] = [:]
        var byPlace: [Key: [Int]] = [:]

        init(_ items: [ScreenItem]) {
            self.items = items
            for (i, item) in items.enumerated() {
                byID[item.id] = i
                byPlace[Self.key(item.rect.origin), default: []].append(i)
            }
        }

        static func key(_ p: CGPoint) -> Key {
            func q(_ v: CGFloat) -> Int64 {
                let s = (Double(v) / ScreenContentVerifier.tolerance).rounded()
                return s.isFinite ? Int64(min(max(s, -1e17), 1e17)) : 0
            }
            return Key(x: q(p.x), y: q(p.y))
        }

        /// Whether an item that looks like `signature` (and is `id`, when given) sits at `origin`.
        func has(_ signature: ScreenItem.Signature?, id: Int?, at origin: CGPoint) -> Bool {
            let k = Self.key(origin)
            for dx in -1...1 {
                for dy in -1...1 {
                    for i in byPlace[Key(x: k.x + Int64(dx), y: k.y + Int64(dy))] ?? [] {
                        let item = items[i]
                        guard close(item.rect.origin, origin) else { continue }
                        if let id, item.id == id { return true }
                        if let signature, item.signature == signature { return true }
                    }
                }
            }
            return false
        }
    }

    static func close(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(Double(a.x - b.x)) <= tolerance && abs(Double(a.y - b.y)) <= tolerance
    }

    /// Whether `rect` overlaps `viewport` by more than the tolerance on both axes.
    static func overlaps(_ rect: CGRect, _ viewport: CGRect) -> Bool {
        Double(min(rect.maxX, viewport.maxX) - max(rect.minX, viewport.minX)) > tolerance
            && Double(min(rect.maxY, viewport.maxY) - max(rect.minY, viewport.minY)) > tolerance
    }

    mutating func checkMotion(from previous: ScreenFrame, to frame: ScreenFrame) {
        let d = frame.displacement
        let before = ItemIndex(previous.items)
        let now = ItemIndex(frame.items)
        var jumps: [(item: ScreenItem, expected: CGPoint, actual: CGPoint)] = []
        var vanished: [ScreenItem] = []
        var jumped = Set<Int>()
        var followed = 0
        for item in previous.items {
            let expected = item.rect.offsetBy(dx: -d.x, dy: -d.y)
            guard Self.overlaps(expected, frame.viewport) else { continue }
            if now.has(item.signature, id: item.id, at: expected.origin) {
                followed += 1
                continue
            }
            if let j = now.byID[item.id] {
                jumped.insert(item.id)
                // A view the app keeps still on screen while the content moves (a sticky header, a floating
                // button) is pinned, not a jump: no broken recenter keeps a tile exactly where it was.
                if Self.close(now.items[j].rect.origin, item.rect.origin) { continue }
                jumps.append((item, expected.origin, now.items[j].rect.origin))
            } else {
                vanished.append(item)
            }
        }
        var appeared: [ScreenItem] = []
        for item in frame.items where !jumped.contains(item.id) {
            let origin = item.rect.offsetBy(dx: d.x, dy: d.y)
            if before.has(item.signature, id: item.id, at: origin.origin) { continue }
            if Self.overlaps(origin, previous.viewport) { appeared.append(item) }
        }
        if let first = jumps.first { reportJump(first, count: jumps.count, frame: frame) }
        guard !appeared.isEmpty || !vanished.isEmpty else { return }
        // Nothing on screen followed the scroll and the app moved the offset: its content stayed behind.
        if jumps.isEmpty, followed == 0, !vanished.isEmpty,
            max(abs(Double(frame.appShift.x)), abs(Double(frame.appShift.y))) > Self.tolerance
        {
            reportLeftBehind(appeared, vanished, frame: frame)
        } else {
            reportPopIn(appeared, vanished, frame: frame)
        }
    }

    /// Content that vanished inside the viewport, none of it followed by what was on screen, in the frame where
    /// the app moved `contentOffset` (a recenter whose tiles did not follow the offset, then were replaced): a
    /// jump by the app's shift.
    mutating func reportLeftBehind(_ appeared: [ScreenItem], _ vanished: [ScreenItem], frame: ScreenFrame) {
        let item = vanished.first ?? appeared[0]
        let shift = frame.appShift
        let moved = CGPoint(x: -shift.x, y: -shift.y)
        let pattern: Pattern? = wholePeriods(shift) ? .seamAtWrap : nil
        let count = vanished.count + appeared.count
        let detail =
            "the app moved contentOffset by \(Self.text(shift)) and the content did not follow: "
            + "\(item.name) \(vanished.isEmpty ? "appears" : "vanishes") inside the viewport, the content moved by "
            + "\(Self.text(moved)) on screen besides the scroll (\(count) items appear or vanish)"
        let finding = pattern.map {
            PatternFinding(
                pattern: $0, frame: frame.index, expected: "\(item.name) moved with the offset",
                actual: "\(item.name) left behind by \(Self.text(moved))")
        }
        add(.init(kind: .continuity, frame: frame.index, pattern: finding, detail: detail))
    }

    mutating func reportJump(
        _ jump: (item: ScreenItem, expected: CGPoint, actual: CGPoint), count: Int,
        frame: ScreenFrame
    ) {
        let dx = Double(jump.actual.x - jump.expected.x)
        let dy = Double(jump.actual.y - jump.expected.y)
        let pattern: Pattern?
        if max(abs(dx), abs(dy)) < 1 {
            pattern = .pixelGrid
        } else if wholePeriods(frame.appShift) {
            pattern = .seamAtWrap
        } else {
            pattern = nil
        }
        let d = frame.displacement
        let others = count > 1 ? " (and \(count - 1) more items)" : ""
        let shift = frame.appShift == .zero ? "" : "; the app moved contentOffset by \(Self.text(frame.appShift))"
        let detail =
            "\(jump.item.name) jumps to \(Self.text(jump.actual)) on screen, expected "
            + "\(Self.text(jump.expected)) (the content moved by \(Self.text(CGPoint(x: -d.x, y: -d.y)))), off by "
            + "\(Self.text(CGPoint(x: dx, y: dy)))\(others)\(shift)"
        let finding = pattern.map {
            PatternFinding(
                pattern: $0, frame: frame.index,
                expected: "\(jump.item.name) at \(Self.text(jump.expected))",
                actual: "\(jump.item.name) at \(Self.text(jump.actual))")
        }
        add(.init(kind: .continuity, frame: frame.index, pattern: finding, detail: detail))
    }

    /// Whether the app's shift is about a whole, non-zero number of pages on an axis (and none on the other).
    func wholePeriods(_ shift: CGPoint) -> Bool {
        guard let period else { return false }
        func whole(_ s: CGFloat, _ p: CGFloat) -> Bool? {
            guard abs(s) >= 0.5 else { return nil }
            guard p > 0 else { return false }
            let n = (s / p).rounded()
            return n != 0 && abs(s - n * p) <= 0.5
        }
        let x = whole(shift.x, period.width)
        let y = whole(shift.y, period.height)
        return (x ?? true) && (y ?? true) && (x != nil || y != nil)
    }

    mutating func reportPopIn(_ appeared: [ScreenItem], _ vanished: [ScreenItem], frame: ScreenFrame) {
        var parts: [String] = []
        if let a = appeared.first {
            let more = appeared.count > 1 ? " (and \(appeared.count - 1) more)" : ""
            parts.append("\(a.name) appears at \(Self.text(a.rect.origin)) inside the viewport\(more)")
        }
        if let v = vanished.first {
            let d = frame.displacement
            let more = vanished.count > 1 ? " (and \(vanished.count - 1) more)" : ""
            let at = v.rect.offsetBy(dx: -d.x, dy: -d.y).origin
            parts.append("\(v.name) vanishes at \(Self.text(at)) inside the viewport\(more)")
        }
        let item = appeared.first ?? vanished[0]
        let finding = PatternFinding(
            pattern: .blankTiles, frame: frame.index,
            expected: "content entering and leaving only at the viewport's edges",
            actual: appeared.isEmpty
                ? "\(item.name) vanishing inside it"
                : "\(item.name) appearing inside it")
        add(.init(kind: .popIn, frame: frame.index, pattern: finding, detail: parts.joined(separator: "; ")))
    }
}
