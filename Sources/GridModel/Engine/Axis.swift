/// One axis of the grid: how its tiles are numbered, where its content edges are and whether it
/// recenters. Values are fixed-point.
struct Axis: Sendable {
    enum Kind: Sendable, Equatable {
        case infinite
        /// Scrolling disabled: tiles extend without end, the offset never moves.
        case disabled
        /// `count` tiles in the content, numbered 0…count−1 (including a duplicate loop's two copies).
        case finite(count: Int64)
    }

    let kind: Kind
    let tile: Int64
    var viewport: Int64
    /// The scroll view's content size on this axis.
    private(set) var contentSize: Int64
    /// Whether the content has edges the offset cannot pass.
    let bounded: Bool
    /// Whether the scenario's recenter strategy applies.
    let recenters: Bool
    /// Loop item count: labels show index mod count.
    let itemCount: Int64?
    /// The duplicate-ends carousel: content index = item + `copies`, with `copies` copies at each end.
    let duplicate: Bool
    /// Copies of the items at each end of a duplicate loop (0 otherwise).
    let copies: Int64
    /// How a tile index turns into its item on a looping axis.
    let indexing: ItemIndexing
    /// The adjusted content inset before the content (left or top) and after it (right or bottom).
    let leadingInset: Int64
    let trailingInset: Int64

    init(
        count: Int?, loop: LoopMode, tile: Int64, viewport: Int64, contentSize: Int64, reference: Bool,
        strategy: RecenterStrategy, insets: (leading: Int64, trailing: Int64) = (0, 0), copies: Int = 1,
        indexing: ItemIndexing = .modulo
    ) {
        self.tile = tile
        self.indexing = indexing
        self.viewport = viewport
        leadingInset = insets.leading
        trailingInset = insets.trailing
        let looping = loop != .none && (count ?? 0) > 0
        if let count, count == 0 {
            kind = .disabled
            self.contentSize = contentSize
            bounded = false
            recenters = false
            itemCount = nil
            duplicate = false
            self.copies = 0
        } else if let count, !(looping && (loop == .seamless || reference)) {
            // A finite run of tiles, or the duplicate-ends carousel's strip with a duplicate at each end.
            duplicate = looping
            self.copies = looping ? Int64(max(1, copies)) : 0
            let tiles = Int64(count) + 2 * self.copies
            kind = .finite(count: tiles)
            self.contentSize = tiles * tile
            bounded = true
            recenters = false
            itemCount = looping ? Int64(count) : nil
        } else {
            // Infinite, or an endless strip (seamless loop, or the reference for any loop).
            kind = .infinite
            self.contentSize = contentSize
            bounded = !reference
            recenters = !reference && strategy != .none
            itemCount = looping ? Int64(count!) : nil
            duplicate = false
            self.copies = 0
        }
    }

    /// An app changed its scroll view's `contentSize` (HeadlessUIKit): the edges of an axis that has edges and no
    /// tiles or recentering of its own follow it. Whether it changed.
    mutating func setContentSize(_ size: Int64) -> Bool {
        guard case .infinite = kind, bounded, !recenters, size != contentSize else { return false }
        contentSize = size
        return true
    }

    var enabled: Bool { kind != .disabled }
    var isFinite: Bool { if case .finite = kind { return true } else { return false } }

    /// Allowed offsets, or nil when unbounded.
    var bounds: ClosedRange<Int64>? { bounded ? edges : nil }

    /// UIKit's offset range with the adjusted inset: from −leading inset to contentSize − viewport + trailing
    /// inset (no less than the lower end: a content shorter than the viewport rests at −leading inset). The
    /// reference plane, which has no edges, uses it only to place its start like the model's.
    var edges: ClosedRange<Int64> { -leadingInset...max(-leadingInset, contentSize - viewport + trailingInset) }

    /// The offset in the middle of `edges`, as far from one edge as from the other: where an infinite axis
    /// starts and recenters. Without insets, the middle of the content.
    var center: Int64 { Fixed.floorDiv(edges.lowerBound + edges.upperBound, 2) }

    /// Content tile indices that exist, or nil for no limit.
    var tiles: ClosedRange<Int64>? { if case .finite(let count) = kind { return 0...(count - 1) } else { return nil } }

    /// The item a tile index shows: 0 ..< N, or with `.remainder` Swift's `%`, negative left of item 0.
    func item(_ index: Int64) -> Int64 {
        guard let n = itemCount else { return index }
        let shifted = duplicate ? index - copies : index
        return indexing == .remainder ? shifted % n : ((shifted % n) + n) % n
    }

    /// The tile index that shows `item` when the view starts, jumps or scrolls there: within a
    /// finite axis's tiles (a duplicate loop maps any item index onto its N items).
    func index(ofItem item: Int64) -> Int64 {
        if duplicate, let n = itemCount { return ((item % n) + n) % n + copies }
        if let range = tiles { return min(max(item, range.lowerBound), range.upperBound) }
        return item
    }
}
