import GridModel

/// Pattern 10: release velocities, a speed that only falls, a touch-down that stops the content.
extension PatternMonitor {
    /// 10: a flick on moving content leaves at the ideal plane's release velocity. The ideal never adds
    /// the content's old velocity, so a naive release (`scroll.flickAdds`) differs from it at once.
    mutating func checkRelease(_ frame: FrameState, _ ideal: FrameState?) {
        guard let ideal, let p = previous, p.phase == .decelerating || p.phase == .bouncing,
              let mine = Self.releaseVelocity(frame), let theirs = Self.releaseVelocity(ideal) else { return }
        let speed = (mine.x * mine.x + mine.y * mine.y).squareRoot()
        let expected = (theirs.x * theirs.x + theirs.y * theirs.y).squareRoot()
        guard abs(mine.x - theirs.x) > 1 + 0.01 * expected || abs(mine.y - theirs.y) > 1 + 0.01 * expected else { return }
        found(.deceleration, frame.index,
              expected: "a release at \(num(expected)) pt/s (the finger's; a touch-down stops the moving content)",
              actual: "\(num(speed)) pt/s (the content's old velocity added)")
        diverged = true
    }

    /// The velocity of a frame's `willEndDragging`, if it has one.
    static func releaseVelocity(_ frame: FrameState) -> Vector? {
        for case .willEndDragging(let velocity, _) in frame.events { return velocity }
        return nil
    }

    /// 10: speed non-increasing while decelerating; a touch-down stops the deceleration at once.
    mutating func checkDeceleration(_ frame: FrameState, absolute: Vector, touched: Bool, resized: Bool) {
        guard let p = previous else { return }
        let pAbs = absoluteOffset(p, before: frame)
        let delta = Vector(x: absolute.x - pAbs.x, y: absolute.y - pAbs.y)
        let speed = (delta.x * delta.x + delta.y * delta.y).squareRoot()
        if !facts.paging, let q = beforePrevious, q.phase == .decelerating, p.phase == .decelerating, frame.phase == .decelerating,
           !touched, !resized, !frame.edgeHit, !p.edgeHit, !p.events.contains(where: Self.restarts) {
            let qAbs = absoluteOffset(q, [p, frame])
            let d1 = Vector(x: pAbs.x - qAbs.x, y: pAbs.y - qAbs.y)
            let before = (d1.x * d1.x + d1.y * d1.y).squareRoot()
            if speed > before + 1e-3 {
                found(.deceleration, frame.index, expected: "at most \(num(before)) pt/frame (the speed only falls while decelerating)",
                      actual: "\(num(speed)) pt/frame")
            }
        }
        if touched, p.phase == .decelerating {
            touchDown = (frame.index, nil)
        } else if let t = touchDown {
            guard frame.phase == .dragging, !frame.edgeHit, !resized else { touchDown = nil; return }
            if let last = t.lastDelta, abs(delta.x - last.x) > 1e-3 || abs(delta.y - last.y) > 1e-3 {
                found(.deceleration, frame.index,
                      expected: "the finger's \(pt(last)) per frame (a touch-down at frame \(t.frame) stops the deceleration)",
                      actual: "\(pt(delta)) per frame")
                touchDown = nil
            } else {
                touchDown = (t.frame, delta)
            }
        }
    }

    static func restarts(_ e: ScrollEvent) -> Bool {
        switch e {
        case .willBeginDragging, .resize, .jump, .willBeginDecelerating, .willEndDragging: return true
        default: return false
        }
    }
}
