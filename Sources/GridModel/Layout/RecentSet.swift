/// A set that remembers at most `capacity` elements and forgets the oldest first, so memory stays
/// bounded however many elements pass through it. Deterministic: what it forgets depends only on
/// the order of insertion.
struct RecentSet<Element: Hashable & Sendable>: Sendable {
    let capacity: Int
    private var members: Set<Element> = []
    /// Insertion order, as a ring once full: `order[oldest]` is the next to go.
    private var order: [Element] = []
    private var oldest = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { members.count }

    func contains(_ element: Element) -> Bool { members.contains(element) }

    mutating func insert(_ element: Element) {
        guard capacity > 0, !members.contains(element) else { return }
        if order.count < capacity {
            order.append(element)
        } else {
            members.remove(order[oldest])
            order[oldest] = element
            oldest = (oldest + 1) % capacity
        }
        members.insert(element)
    }
}
