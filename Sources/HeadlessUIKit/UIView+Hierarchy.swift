import Foundation

extension UIView {
    /// Whether the view is `view` or one of its descendants (up the superview chain).
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superviewStorage
        }
        return false
    }

    /// The view, or the first of its descendants (depth first), whose `tag` is `tag`. Visits at most
    /// `ViewLimits.maxViewsPerFrame` views.
    public func viewWithTag(_ tag: Int) -> UIView? {
        var stack: [UIView] = [self]
        var visited = 0
        while let v = stack.popLast(), visited < ViewLimits.maxViewsPerFrame {
            visited += 1
            if v.tag == tag { return v }
            stack.append(contentsOf: v.subviewsStorage.reversed())
        }
        return nil
    }

    /// Inserts `view` at `index` (clamped to 0…count): removed from its old superview first; a cycle (this view
    /// is `view` or one of its descendants) does nothing. With `adjustingFor`, `index` was taken before `view`
    /// left this same superview and is corrected for its removal.
    func insert(_ view: UIView, at index: Int, adjustingFor: Bool = false) {
        // A view without subviews can only be an ancestor of this one if it is this one: building a chain from the
        // top down stays linear.
        guard view !== self, view.subviewsStorage.isEmpty || !isDescendant(of: view) else { return }
        var index = index
        if view.superviewStorage === self, adjustingFor,
            let old = subviewsStorage.firstIndex(where: { $0 === view }), old < index
        {
            index -= 1
        }
        let moving = view.superviewStorage !== self
        if moving { view.willMove(toSuperview: self) }
        view.detachFromSuperview(notifying: moving)
        let i = min(max(index, 0), subviewsStorage.count)
        subviewsStorage.insert(view, at: i)
        view.superviewStorage = self
        setNeedsLayout()
        view.setNeedsLayout()
        if moving { view.didMoveToSuperview() }
        didAddSubview(view)
    }

    /// Takes the view out of its superview's `subviews`: at once from a list of up to
    /// `ViewLimits.lazyRemovalCount` views, or at its end; from a larger list at its next read (`compactSubviews`),
    /// so that removing all of a huge list, in any order, is linear.
    func detachFromSuperview(notifying: Bool = true) {
        guard let parent = superviewStorage else { return }
        if notifying {
            parent.willRemoveSubview(self)
            willMove(toSuperview: nil)
        }
        if parent.subviewList.count > ViewLimits.lazyRemovalCount {
            if parent.removedSubviews.isEmpty, parent.subviewList.last === self {
                parent.subviewList.removeLast()
            } else {
                parent.removedSubviews.insert(ObjectIdentifier(self))
            }
        } else if let i = parent.subviewsStorage.firstIndex(where: { $0 === self }) {
            parent.subviewsStorage.remove(at: i)
        }
        superviewStorage = nil
        parent.setNeedsLayout()
        if notifying { didMoveToSuperview() }
    }

    /// Takes the views removed lazily out of `subviewList`, in one pass.
    func compactSubviews() {
        guard !removedSubviews.isEmpty else { return }
        let removed = removedSubviews
        removedSubviews = []
        subviewList.removeAll { removed.contains(ObjectIdentifier($0)) }
    }
}
