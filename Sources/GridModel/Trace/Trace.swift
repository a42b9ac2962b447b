/// The per-frame trace as JSON Lines: one object per frame, keys in a fixed order.
///
/// This module owns the format: `Trace+Writer.swift` writes it (`Trace.line(for:)`), `Trace+Reader.swift`
/// reads it back (`Trace.frame(parsing:)`), and both name keys and events only through the enums
/// here, so they cannot drift apart.
package enum Trace {
    /// The members of a trace line, in the order the writer puts them.
    package enum Key: String, CaseIterable, Sendable {
        case frame, t, phase, contentOffset, contentSize, events, recenter, tiles, stats, edgeHit, viewport, page
        case visiblePages, layers
    }

    /// The members of points, sizes, tiles, events and the other nested objects.
    package enum Field: String, CaseIterable, Sendable {
        case x, y, width, height, id, rect, item, loaded, fraction, offset, tile
        case name, velocity, targetContentOffset, willDecelerate, shift, from, to
    }

    /// The members of `stats`.
    package enum Stat: String, CaseIterable, Sendable {
        case live, created, reused, removed, pool, loads
    }
}

extension ScrollEvent {
    /// Which event this is, without its payload: the name the trace writes and reads.
    public enum Kind: String, CaseIterable, Sendable {
        /// One per `ScrollEvent` case, named as it: the gesture and deceleration calls,
        case willBeginDragging, didScroll, willEndDragging, didEndDragging, willBeginDecelerating, didEndDecelerating
        /// the end of an animation, and the events UIKit does not have.
        case didEndScrollingAnimation, recenter, jump, cancel, pageChanged, loopJump, resize
    }

    /// The event's kind, as written to and read from the trace.
    public var kind: Kind {
        switch self {
        case .willBeginDragging: return .willBeginDragging
        case .didScroll: return .didScroll
        case .willEndDragging: return .willEndDragging
        case .didEndDragging: return .didEndDragging
        case .willBeginDecelerating: return .willBeginDecelerating
        case .didEndDecelerating: return .didEndDecelerating
        case .didEndScrollingAnimation: return .didEndScrollingAnimation
        case .recenter: return .recenter
        case .jump: return .jump
        case .cancel: return .cancel
        case .pageChanged: return .pageChanged
        case .loopJump: return .loopJump
        case .resize: return .resize
        }
    }
}
