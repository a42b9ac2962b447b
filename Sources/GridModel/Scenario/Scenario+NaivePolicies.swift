/// The naive policies real infinite scrollers ship (issue 15's patterns), each an option whose default is the
/// correct behaviour. A scenario switches one on to reproduce its bug frame by frame; `verify` names it.

/// What a `resize` step (a rotation) keeps.
public enum ResizePolicy: String, Sendable, CaseIterable {
    /// With paging, the page that was showing stays exactly on the new page grid (offset = page × new page size,
    /// what apps do in `viewWillTransition(to:with:)`); without paging, as `center`. The default when paging.
    case page
    /// The point at the viewport's centre stays at its centre. The default without paging.
    case center
    /// The content offset is kept: UIKit's own behaviour with no code, which shows another page after a rotation
    /// (pattern 6's naive side).
    case offset
}

/// How far a flick may carry paging from the page where the gesture began.
public enum PageLimit: String, Sendable, CaseIterable {
    /// The landing page is the start page ± 1 (the usual fix: clamp `targetContentOffset` to one page).
    case one
    /// No limit: `"target"` paging lands on the page nearest the projected deceleration, several pages away
    /// after a fast flick (pattern 4's naive side).
    case none
}

extension Scenario {
    /// The pager flips its pages with its own animation and reads none of `scroll`'s motion policies: each
    /// naive one (patterns 4, 8, 9 and 10) must keep its default with `pager`, or it would be accepted and do
    /// nothing.
    func checkPagerIgnoresNaivePolicies() throws(ScenarioError) {
        // The defaults are `ScrollSpec()`'s, so this list cannot disagree with them.
        let d = ScrollSpec()
        func quoted(_ raw: String) -> String { "\"\(raw)\"" }
        let policies: [(path: String, isDefault: Bool, value: String)] = [
            ("scroll.pageLimit", scroll.pageLimit == d.pageLimit, quoted(d.pageLimit.rawValue)),
            ("scroll.offsetRounding", scroll.offsetRounding == d.offsetRounding, quoted(d.offsetRounding.rawValue)),
            ("scroll.precision", scroll.precision == d.precision, quoted(d.precision.rawValue)),
            ("scroll.flickAdds", scroll.flickAdds == d.flickAdds, String(d.flickAdds)),
            ("scroll.friction", scroll.friction == d.friction, quoted(d.friction.rawValue)),
            ("scroll.touchDown", scroll.touchDown == d.touchDown, quoted(d.touchDown.rawValue)),
            (
                "scroll.decelerationStop", scroll.decelerationStop == d.decelerationStop,
                quoted(d.decelerationStop.rawValue)
            ),
        ]
        if let naive = policies.first(where: { !$0.isDefault }) {
            throw ScenarioError(
                kind: .invalidValue, path: naive.path,
                message: "the pager flips pages with its own animation: \(naive.path) must be \(naive.value) with pager"
            )
        }
    }
}

/// The grid displayed offsets are rounded to.
public enum OffsetRounding: String, Sendable, CaseIterable {
    /// Device pixels, as UIKit does (1/scale point).
    case devicePixel
    /// Whole points (`round()` on an offset at 2x or 3x): motion in steps of `scale` pixels, and a slow scroll's
    /// sub-point deltas do not show until they add up to a point (pattern 9's naive side).
    case point
    /// Each frame's motion added to the last displayed offset and the sum rounded to whole points, as an
    /// auto-scroll written `offset = round(offset + speed * dt)` on a display link does: a step under half a
    /// point is lost every frame, so a 10 pt/s scroll at 60 fps never moves and the content drifts ever
    /// further from where it should be (pattern 9's "tiny deltas lost"). The model's own offset keeps moving.
    case pointEachFrame
}

/// The arithmetic a frame's tile positions are computed in.
public enum Precision: String, Sendable, CaseIterable {
    /// The model's fixed-point integers: exact at any distance from the origin.
    case exact
    /// An app's Double points: exact to 10^-4 points within the largest content, so it shows nothing here.
    case double
    /// Float32 points: near 1.6·10^8 points positions are multiples of 16 points, so the content moves in steps
    /// and tiles gap or overlap (pattern 8's naive side).
    case float
}

/// How a looping axis turns a tile index into its item.
public enum ItemIndexing: String, Sendable, CaseIterable {
    /// The mathematical modulo: always 0 ..< N.
    case modulo
    /// Swift's `%`, negative for a negative index: the item before item 0 is −1, not N − 1 (pattern 5's naive side).
    case remainder
}

extension ScrollSpec {
    /// The resize policy in effect: `resize`, or when nil `.page` with paging and `.center` without.
    ///
    /// ```swift
    /// ScrollSpec(paging: .viewport).effectiveResize == .page
    /// ScrollSpec().effectiveResize == .center
    /// ```
    public var effectiveResize: ResizePolicy { resize ?? (paging == .none ? .center : .page) }
}

extension GridSpec {
    /// The copies of a duplicate loop at each end for a viewport of `viewport` points: `loopCopies`, or when nil
    /// enough that the viewport centred on the first copy is covered: ⌈(viewport / tile + 1) / 2⌉, at least 1
    /// (1 when a tile is the viewport's size, seed 004's carousel). The model takes the widest viewport of the
    /// timeline (the initial one and every `resize`).
    ///
    /// ```swift
    /// GridSpec(tileSize: Size(width: 250, height: 300), columns: 5, loop: .duplicate).copies(viewport: 390) == 2
    /// ```
    public func copies(viewport: Double) -> Int {
        if let loopCopies { return loopCopies }
        let tile = tileSize.width > 0 ? tileSize.width : 1
        let needed = ((viewport / tile + 1) / 2).rounded(.up)
        guard needed.isFinite, needed >= 1 else { return 1 }
        return needed > Double(Limits.maxLoopCopies) ? Limits.maxLoopCopies : Int(needed)
    }

    /// `copies(viewport:)` for the vertical axis.
    func copies(viewportHeight: Double) -> Int {
        var swapped = self
        swapped.tileSize = Size(width: tileSize.height, height: tileSize.width)
        return swapped.copies(viewport: viewportHeight)
    }
}
