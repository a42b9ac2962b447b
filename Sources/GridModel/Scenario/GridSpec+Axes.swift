/// Which axes a scenario's content can move along, for checks that must not pass a scroll on an axis that
/// does not scroll (a one-row carousel scrolled up and down).
extension GridSpec {
    /// Whether the content can move along x: any column count but 0 (`columns: 0` disables horizontal
    /// scrolling; the model never moves that axis). A loop over one column is refused unless `rows` is 0, so
    /// a one-item loop is always the only axis that scrolls.
    public var scrollsHorizontally: Bool { columns != 0 }
    /// Whether the content can move along y: any row count but 0 (see `scrollsHorizontally`).
    public var scrollsVertically: Bool { rows != 0 }
}
