/// The failures real infinite scrollers ship, as `verify` names them: issue 15's ten, and two that carousels
/// ship (issue 21): an animated scroll that rewinds across the loop, and a scroll on an axis the carousel does
/// not scroll.
///
/// ```swift
/// let p = Pattern.multiPageFlick
/// print(p.rawValue, p.name, p.title)  // 4 multi-page-flick fast flick moves several pages
/// ```
public enum Pattern: Int, Sendable, CaseIterable {
    /// 1: a looping carousel shows an empty column or a duplicated item at the wrap.
    case seamAtWrap = 1
    /// 2: recentering only at rest, so repeated flicks reach the content edge of an "infinite" grid.
    case edgeReached
    /// 3: background shows where the ideal plane has a tile (fast flings, very few items).
    case blankTiles
    /// 4: one flick moves more than one page, or paging rests off the page grid.
    case multiPageFlick
    /// 5: an item or page index outside [0, N) (Swift's `%` at the wrap).
    case indexOutOfRange
    /// 6: a resize (rotation) lands on another page, or moves the centred point.
    case rotationPage
    /// 7: insets or the safe area shift the page grid, or the cross axis drifts.
    case insetPageGrid
    /// 8: the offset or tile frames lose precision far from the origin.
    case precision
    /// 9: offsets off the device-pixel grid, or tiny deltas lost (rounded to points).
    case pixelGrid
    /// 10: a deceleration that leaves UIKit's v0·d^(1000t) (a release that adds the old velocity, a speed that
    /// rises or decays per frame, a model offset that leaves the ideal's while both decelerate freely, a creep
    /// below 10 pt/s), or a touch-down that does not stop it.
    case deceleration
    /// 11: an animated scroll on a loop runs the other way round it than the ideal plane (a carousel's
    /// auto-advance from the last item back through every item to the first, instead of on to the first).
    case rewindAtWrap
    /// 12: content moves on an axis the carousel does not scroll (a disabled axis, a loop of one item, or a
    /// finite axis with no room to scroll: a one-row carousel dragged vertically).
    case lockedAxisMoves

    /// The short name `--json` carries and the contract uses, e.g. `multi-page-flick`.
    public var name: String {
        switch self {
        case .seamAtWrap: return "seam-at-wrap"
        case .edgeReached: return "edge-reached"
        case .blankTiles: return "blank-tiles"
        case .multiPageFlick: return "multi-page-flick"
        case .indexOutOfRange: return "index-out-of-range"
        case .rotationPage: return "rotation-page"
        case .insetPageGrid: return "inset-page-grid"
        case .precision: return "precision"
        case .pixelGrid: return "pixel-grid"
        case .deceleration: return "deceleration"
        case .rewindAtWrap: return "rewind-at-wrap"
        case .lockedAxisMoves: return "locked-axis-moves"
        }
    }

    /// What a user sees, in a few words (the parenthesis of verify's line).
    public var title: String {
        switch self {
        case .seamAtWrap: return "seam at the wrap"
        case .edgeReached: return "recentering only at rest reaches the content edge"
        case .blankTiles: return "blank tiles"
        case .multiPageFlick: return "fast flick moves several pages"
        case .indexOutOfRange: return "index out of range at the wrap"
        case .rotationPage: return "rotation lands on another page"
        case .insetPageGrid: return "insets shift the page grid"
        case .precision: return "precision far from the origin"
        case .pixelGrid: return "offset off the device-pixel grid"
        case .deceleration: return "deceleration anomaly"
        case .rewindAtWrap: return "animated scroll rewinds across the loop"
        case .lockedAxisMoves: return "scroll on an axis the carousel does not scroll"
        }
    }

    /// The usual fix, one clause.
    public var fix: String {
        switch self {
        case .seamAtWrap:
            return
                "duplicate enough items at each end to cover the viewport and a peeking neighbour and jump back while scrolling, not only at rest (a fling longer than the copies reaches the strip's end), or use loop: \"seamless\""
        case .edgeReached:
            return "recenter while moving (recenter: \"threshold\" or \"wholeTiles\"), not only at rest"
        case .blankTiles:
            return
                "lay out every tile the visible range needs before the frame is drawn (plus a buffer), with a placeholder until its content arrives, and give a loop of few items copies enough to cover the viewport"
        case .multiPageFlick:
            return "clamp the target to one page from where the drag began, on a multiple of the page size"
        case .indexOutOfRange:
            return "wrap indices with a true modulo, ((i % n) + n) % n, not Swift's %"
        case .rotationPage:
            return "keep the page index across the resize and set offset = page × new page size (viewWillTransition)"
        case .insetPageGrid:
            return
                "compute page offsets from the adjusted content inset (or set contentInsetAdjustmentBehavior = .never), and lock the cross axis"
        case .precision:
            return "recenter to keep offsets near the origin and keep positions in exact units, not Float"
        case .pixelGrid:
            return "keep the unrounded offset and round what is displayed to device pixels (1/scale), not to points"
        case .deceleration:
            return
                "decay the release velocity by time, v × rate^(1000·t) (not by a factor per frame), end it below 10 pt/s, and stop it at touch-down"
        case .rewindAtWrap:
            return
                "animate on to the duplicate past the end (the copy of the item it is going to), then jump without animation to the real item, as the loop does at rest; or use loop: \"seamless\", whose scrollTo goes the ideal plane's way"
        case .lockedAxisMoves:
            return
                "disable the axis the carousel does not scroll (rows: 0 or columns: 0, not rows: 1 or columns: 1); in an app, keep the content no taller (or wider) than the bounds, with alwaysBounceVertical (or Horizontal) off"
        }
    }
}

/// One pattern found in a run: which pattern, at which frame, and the quantity expected and shown.
///
/// ```swift
/// let f = PatternFinding(pattern: .multiPageFlick, frame: 37, expected: "page 3 (start 2 ± 1)", actual: "page 4")
/// print(f.line)
/// // pattern 4 (fast flick moves several pages): frame 37 shows page 4, expected page 3 (start 2 ± 1); fix: clamp ...
/// ```
public struct PatternFinding: Sendable, Equatable {
    /// The pattern.
    public internal(set) var pattern: Pattern
    /// The first frame that shows it.
    public internal(set) var frame: Int
    /// The quantity the ideal (or the invariant) has, with its unit.
    public internal(set) var expected: String
    /// The quantity the frame shows, with its unit.
    public internal(set) var actual: String

    /// A finding of `pattern` at `frame`.
    public init(pattern: Pattern, frame: Int, expected: String, actual: String) {
        self.pattern = pattern
        self.frame = frame
        self.expected = expected
        self.actual = actual
    }

    /// The usual fix for the pattern.
    public var fix: String { pattern.fix }

    /// verify's one line: pattern, name, first frame, quantity (expected vs actual) and fix.
    public var line: String {
        "pattern \(pattern.rawValue) (\(pattern.title)): frame \(frame) shows \(actual), expected \(expected); fix: \(fix)"
    }
}
