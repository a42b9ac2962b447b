#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How one axis responds to a release: its content edges, bounce, paging.
struct AxisRules: Sendable {
    /// Allowed offsets, or nil for an unbounded axis.
    var bounds: ClosedRange<Int64>?
    var bounces: Bool
    var paging: PagingMode
    /// Page size and the content offset of page 0 (`ScrollModel.pageOrigin`: on UIKit's page grid).
    var pageSize: Int64
    var pageOrigin: Int64
    var rate: Double
    /// False for a disabled axis: it never moves.
    var enabled = true
    /// The pages a `"target"` flick may land on (the page where the gesture began ± 1), or nil for no limit
    /// (`pageLimit: "none"`: the projected deceleration's page, however far).
    var pageLimit: ClosedRange<Int64>? = nil
    /// The speed (points/s) below which a free deceleration ends (`scroll.decelerationStop`).
    var stopSpeed = ScrollPhysics.minimumVelocity

    /// The nearest page.
    func page(of offset: Int64) -> Int64 { Fixed.floorDiv(offset - pageOrigin + pageSize / 2, pageSize) }
    func pageOffset(_ page: Int64) -> Int64 {
        let o = pageOrigin + page * pageSize
        guard let bounds else { return o }
        return min(max(o, bounds.lowerBound), bounds.upperBound)
    }

    /// `isPagingEnabled`'s page for a release at `x0` with offset velocity `v0`: a flick faster than
    /// `ScrollPhysics.pagingFlickVelocity` goes to the next page boundary in its direction (one page on
    /// from a page, the page ahead of the offset from between two pages); a slower release goes to the
    /// nearest page. The page the gesture began on does not matter, so a forward flick never goes back.
    func flickPage(from x0: Int64, velocity v0: Double) -> Int64 {
        let relative = x0 - pageOrigin
        if v0 > ScrollPhysics.pagingFlickVelocity { return Fixed.floorDiv(relative, pageSize) + 1 }
        if v0 < -ScrollPhysics.pagingFlickVelocity { return Fixed.ceilDiv(relative, pageSize) - 1 }
        return page(of: x0)
    }

    /// Plans the motion after a finger lifts at t0 from x0 with offset velocity v0 (points/s).
    /// `end` is the deceleration's end from the 2D speed (see `ending(_:besides:…)` for an axis that
    /// stops before it).
    func release(at t0: Double, from x0: Int64, velocity v0: Double, end: Double) -> AxisPlan {
        guard enabled else { return .rest(at: x0, from: t0) }
        if let bounds, !bounds.contains(x0) {
            // Released past an edge (rubber-banded): spring back to it.
            let edge = x0 < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
            var target = edge
            if paging == .viewport || paging == .target { target = pageOffset(page(of: edge)) }
            // UIKit's spring back starts toward the edge at `Spring.releaseKick`·ω times the distance past it,
            // on top of the release velocity (rubberband_top: a finger held 235 pt past the top, lifted).
            let e0 = Fixed.points(x0 - target)
            let v = (bounces ? v0 : 0) - Spring.releaseKick * Spring.omega * e0
            // Heading back faster than ω·|e0|, a critically damped spring would pass the edge (or the page) and
            // come back: it approaches as e0·e^(−ωt) with ω = |v|/|e0| instead, starting at that velocity and
            // resting on the edge without passing it, as paging's settle does.
            if v * e0 < 0, abs(v) > Spring.omega * abs(e0) {
                return springPlan(at: t0, from: x0, velocity: v, to: target, edge: true, omega: abs(v) / abs(e0))
            }
            return springPlan(at: t0, from: x0, velocity: v, to: target, edge: true)
        }
        switch paging {
        case .viewport:
            return pagingPlan(at: t0, from: x0, velocity: v0, to: pageOffset(flickPage(from: x0, velocity: v0)))
        case .target:
            // targetContentOffset: move the natural resting place to the nearest page boundary and
            // choose the release velocity that decelerates exactly onto it.
            let natural = x0 + Fixed.from(points: ScrollPhysics.displacement(v0, rate: rate, at: max(0, end - t0)))
            var landing = page(of: natural)
            if let pageLimit { landing = min(max(landing, pageLimit.lowerBound), pageLimit.upperBound) }
            return self.landing(at: t0, from: x0, on: pageOffset(landing))
        case .none, .snap:
            return decelerationPlan(at: t0, from: x0, velocity: v0, end: end)
        }
    }

    /// A deceleration from x0 at t0 that ends exactly on `target`: the release velocity whose deceleration
    /// (v − 10)·F covers the distance (`targetContentOffset`, UIKit's and `"target"` paging's).
    func landing(at t0: Double, from x0: Int64, on target: Int64) -> AxisPlan {
        let distance = Fixed.points(target - x0)
        if abs(distance) < 0.001 { return .rest(at: target, from: t0) }
        let v =
            distance / ScrollPhysics.distanceFactor(rate: rate) + (distance > 0 ? 1 : -1)
            * ScrollPhysics.minimumVelocity
        let duration = ScrollPhysics.decelerationDuration(speed: abs(v), rate: rate)
        return AxisPlan(pieces: [
            .decelerate(start: t0, end: t0 + duration, from: x0, velocity: v, rate: rate),
            .hold(start: t0 + duration, at: target),
        ])
    }

    /// The plan after a recenter shifted the offset by `s`. A deceleration still in its first piece is
    /// planned again from its shifted start, so a content edge it was heading for is now further away;
    /// anything else (a bounce, a paging snap) moves with the content.
    func replan(
        _ plan: AxisPlan, shift s: Int64, _ t0: Double, _ x0: Int64, _ v0: Double, _ end: Double, now: Double
    ) -> AxisPlan {
        guard s != 0 else { return plan }
        if paging == .none || paging == .snap, plan.piece(at: now) == 0, case .decelerate = plan.pieces[0] {
            return decelerationPlan(at: t0, from: x0, velocity: v0, end: end)
        }
        return plan.shifted(by: s)
    }

    /// A free deceleration (one no edge stops) ends when the content's speed falls below
    /// `ScrollPhysics.minimumVelocity`. While the other axis decelerates freely too, that is the 2D speed,
    /// which gives `end`; once the other axis has stopped (at a content edge, or it never moved), only
    /// this axis's own speed counts. So this axis ends at the later of its own 1D end and the other
    /// axis's stop, and never after the 2D end. Other plans (an edge stop or bounce, paging) are returned
    /// as they are.
    ///
    /// The other axis's stop is taken from its plan as the edges make it, never from an end this rule
    /// shortened, so the result does not depend on the order the axes are planned in (a recenter may
    /// re-plan one axis and not the other).
    func ending(
        _ plan: AxisPlan, besides other: AxisPlan, _ t0: Double, _ x0: Int64, _ v0: Double, _ end: Double
    ) -> AxisPlan {
        guard paging == .none || paging == .snap, Self.isFree(plan) else { return plan }
        let otherStop = Self.isFree(other) ? end : other.decelerationEnd
        let own = t0 + ScrollPhysics.decelerationDuration(speed: abs(v0), rate: rate, stop: stopSpeed)
        let stop = min(end, max(own, otherStop))
        guard stop != plan.decelerationEnd else { return plan }
        return decelerationPlan(at: t0, from: x0, velocity: v0, end: stop)
    }

    /// A deceleration that no content edge stops.
    static func isFree(_ plan: AxisPlan) -> Bool {
        guard !plan.hitsEdge, case .decelerate? = plan.pieces.first else { return false }
        return true
    }

    /// Deceleration that stops at (bounces: false) or bounces off (true) a content edge. An axis that
    /// does not move rests at once.
    func decelerationPlan(at t0: Double, from x0: Int64, velocity v0: Double, end: Double) -> AxisPlan {
        guard v0 != 0, end > t0 else { return .rest(at: x0, from: t0) }
        var last = x0 + Fixed.from(points: ScrollPhysics.displacement(v0, rate: rate, at: end - t0))
        // A deceleration the edge does not reach (below) ends within it, whatever the rounding to units.
        if let bounds, bounds.contains(x0) { last = min(max(last, bounds.lowerBound), bounds.upperBound) }
        var plan = AxisPlan(pieces: [
            .decelerate(start: t0, end: end, from: x0, velocity: v0, rate: rate), .hold(start: end, at: last),
        ])
        guard let bounds else { return plan }
        let edge = v0 > 0 ? bounds.upperBound : bounds.lowerBound
        guard let hit = ScrollPhysics.timeToCover(Fixed.points(edge - x0), from: v0, rate: rate), t0 + hit < end else {
            return plan
        }
        let th = t0 + hit
        plan.pieces[0] = .decelerate(start: t0, end: th, from: x0, velocity: v0, rate: rate)
        plan.hitsEdge = true
        if bounces {
            // The spring starts at the speed the drawn curve has at the edge (its slope; within 0.1 % of v0·d^(1000t)
            // at the normal rate), so the motion has no jump in speed where it meets the edge.
            let vh = ScrollPhysics.slope(v0, rate: rate, at: hit)
            let settle = Spring.duration(0, velocity: vh, omega: Spring.omega, rest: Spring.edgeRestDistance)
            plan.pieces[1] = .spring(
                start: th, end: th + settle, from: edge, velocity: vh, to: edge, omega: Spring.omega)
            plan.pieces.append(.hold(start: th + settle, at: edge))
        } else {
            // The edge stops the axis dead: its motion ends here, whatever the other axis does.
            plan.pieces[1] = .hold(start: th, at: edge)
        }
        plan.bounceFrom = 1
        return plan
    }

    /// A spring from x0 to `target` with the critical damping ω = `Spring.omega`. `edge`: a spring back
    /// from past a content edge (a bounce).
    func springPlan(
        at t0: Double, from x0: Int64, velocity v0: Double, to target: Int64, edge: Bool,
        omega: Double = Spring.omega
    ) -> AxisPlan {
        let rest = edge ? Spring.edgeRestDistance : Spring.pageRestDistance
        let settle = Spring.duration(Fixed.points(x0 - target), velocity: v0, omega: omega, rest: rest)
        var plan = AxisPlan(pieces: [
            .spring(start: t0, end: t0 + settle, from: x0, velocity: v0, to: target, omega: omega),
            .hold(start: t0 + settle, at: target),
        ])
        if edge {
            plan.bounceFrom = 0
            plan.hitsEdge = true
        }
        return plan
    }

    /// `isPagingEnabled`'s settle onto `target`, which never passes it. A critically damped spring
    /// e(t) = (e0 + (v0 + ω·e0)·t)·e^(−ωt) crosses its target only when it heads there faster than
    /// ω·|e0|. So a release heading to the page faster than `Spring.omega`·|e0| uses ω = |v0|/|e0|
    /// instead: then e(t) = e0·e^(−ωt), an exponential approach that starts at the release velocity
    /// and slows onto the page. A slower release (or one moving away from the page) is the ordinary
    /// spring, which cannot cross either. Ends exactly on the page.
    ///
    /// The one motion allowed past its page is a flick outward on the first or last page of a finite
    /// content (with `bounces`): the page is the content edge, so it bounces off it as a deceleration would.
    func pagingPlan(at t0: Double, from x0: Int64, velocity v0: Double, to target: Int64) -> AxisPlan {
        let e0 = Fixed.points(x0 - target)
        if x0 == target {
            guard bounces, let bounds, v0 != 0, target == (v0 > 0 ? bounds.upperBound : bounds.lowerBound) else {
                return .rest(at: target, from: t0)
            }
            return springPlan(at: t0, from: x0, velocity: v0, to: target, edge: true)
        }
        var omega = Spring.omega
        if v0 * e0 < 0, abs(v0) > omega * abs(e0) { omega = abs(v0) / abs(e0) }
        return springPlan(at: t0, from: x0, velocity: v0, to: target, edge: false, omega: omega)
    }
}
