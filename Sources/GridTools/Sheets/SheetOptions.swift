import Rasterizer

/// What `ContactSheet.write` draws, and the limits it reads within.
///
/// ```swift
/// let options = SheetOptions(every: 10, columns: 6, output: "sheet.png")
/// ```
public struct SheetOptions: Sendable, Equatable {
    /// Every Nth frame (at least 1); nil picks N so the sheet has at most `maxThumbnails`.
    public var every: Int?
    /// Thumbnails per row (at least 1).
    public var columns: Int
    /// Thumbnail width in pixels, in `thumbnailWidths`.
    public var thumbnailWidth: Int
    /// With `every` nil, the most thumbnails picked (recentering frames are added to them).
    public var maxThumbnails: Int
    /// nil: DIR/sheet.png.
    public var output: String?
    /// The largest sheet in pixels (`--max-sheet-pixels`), checked before the sheet is made.
    public var maxSheetPixels: Int
    /// The largest frame in pixels (`--max-pixels`, as for render), checked from its PNG header
    /// before it is decoded.
    public var maxFramePixels: Int
    /// The largest frame PNG file in bytes (`--max-file-size`).
    public var maxFrameBytes: Int
    /// How much trace is read for the labels.
    public var traceLimits: TraceLimits

    /// The thumbnail widths accepted.
    public static let thumbnailWidths = 1...65_536
    /// A thumbnail is at most this many times as tall as it is wide, whatever the frames' shape.
    public static let maxThumbnailAspect = 4

    /// Options with each argument as its property (see them for the ranges).
    public init(
        every: Int? = nil, columns: Int = 8, thumbnailWidth: Int = 160, maxThumbnails: Int = 48, output: String? = nil,
        maxSheetPixels: Int = 50_000_000, maxFramePixels: Int = 40_000_000, maxFrameBytes: Int = 200_000_000,
        traceLimits: TraceLimits = TraceLimits()
    ) {
        self.every = every
        self.columns = columns
        self.thumbnailWidth = thumbnailWidth
        self.maxThumbnails = maxThumbnails
        self.output = output
        self.maxSheetPixels = maxSheetPixels
        self.maxFramePixels = maxFramePixels
        self.maxFrameBytes = maxFrameBytes
        self.traceLimits = traceLimits
    }

    /// Refuses options out of range, one line naming the property.
    ///
    /// ```swift
    /// try SheetOptions(columns: 0).validate()   // "SheetOptions.columns must be from 1 to …"
    /// ```
    /// - Throws: `ToolError(.invalidOption)` naming the first value out of range.
    public func validate() throws(ToolError) {
        if let every { try ToolError.check(every, in: 1...Int.max, "SheetOptions.every") }
        try ToolError.check(columns, in: 1...Int.max, "SheetOptions.columns")
        try ToolError.check(thumbnailWidth, in: Self.thumbnailWidths, "SheetOptions.thumbnailWidth")
        try ToolError.check(maxThumbnails, in: 1...Int.max, "SheetOptions.maxThumbnails")
        try ToolError.check(maxSheetPixels, in: 1...Pixmap.maxPixels, "SheetOptions.maxSheetPixels")
        try ToolError.check(maxFramePixels, in: 1...Pixmap.maxPixels, "SheetOptions.maxFramePixels")
        try ToolError.check(maxFrameBytes, in: 0...Int.max, "SheetOptions.maxFrameBytes")
        try traceLimits.validate()
        if output?.isEmpty == true { throw ToolError(.invalidOption, "SheetOptions.output is empty") }
    }
}

/// Where the thumbnails of a sheet go: a grid of cells, each a thumbnail over its label.
struct SheetLayout: Equatable {
    static let labelHeight = 18
    static let gap = 6

    let columns: Int
    let rows: Int
    let cellWidth: Int
    let cellHeight: Int
    let width: Int
    let height: Int

    /// The layout of `count` thumbnails of `cellWidth` × `cellHeight`, or an error naming the limit
    /// when the sheet would be over `maxPixels` (checked with overflow-safe arithmetic, before any
    /// memory is allocated).
    init(count: Int, columns: Int, cellWidth: Int, cellHeight: Int, maxPixels: Int) throws(ToolError) {
        precondition(count > 0 && columns > 0 && cellWidth > 0 && cellHeight > 0)
        self.columns = min(columns, count)
        rows = (count - 1) / self.columns + 1
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        func side(_ n: Int, _ cell: Int) -> Int? {
            let (product, overflow) = n.multipliedReportingOverflow(by: cell + Self.gap)
            let (total, overflow2) = product.addingReportingOverflow(Self.gap)
            return overflow || overflow2 ? nil : total
        }
        let width = side(self.columns, cellWidth)
        let height = side(rows, cellHeight + Self.labelHeight)
        let area = width.flatMap { w in
            height.flatMap { h in
                let (a, overflow) = w.multipliedReportingOverflow(by: h)
                return overflow ? nil : a
            }
        }
        guard let width, let height, let area, area <= maxPixels else {
            let size = width.flatMap { w in height.map { h in "\(w)×\(h) pixels" } } ?? "more pixels than memory holds"
            throw ToolError(
                .overLimit,
                "a contact sheet of \(count) thumbnails in \(self.columns) columns is \(size), over the limit of \(maxPixels) pixels (maxSheetPixels)",
                limit: .maxSheetPixels)
        }
        self.width = width
        self.height = height
    }

    /// The top-left corner of thumbnail `i`.
    func origin(_ i: Int) -> (x: Int, y: Int) {
        (
            Self.gap + (i % columns) * (cellWidth + Self.gap),
            Self.gap + (i / columns) * (cellHeight + Self.labelHeight + Self.gap)
        )
    }

    /// The thumbnail height for frames of `width` × `height`: their aspect ratio, at least one pixel
    /// and at most `SheetOptions.maxThumbnailAspect` times the width.
    static func cellHeight(cellWidth: Int, frameWidth: Int, frameHeight: Int) -> Int {
        let exact = (Double(frameHeight) * Double(cellWidth) / Double(frameWidth)).rounded()
        return Int(min(max(exact, 1), Double(cellWidth * SheetOptions.maxThumbnailAspect)))
    }

    /// The size of a frame of `width` × `height` fitted in a cell, keeping its aspect ratio
    /// (within a pixel of the cell, it fills the cell).
    func fitted(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = min(Double(cellWidth) / Double(width), Double(cellHeight) / Double(height))
        var w = min(cellWidth, max(1, Int((Double(width) * scale).rounded())))
        var h = min(cellHeight, max(1, Int((Double(height) * scale).rounded())))
        if cellWidth - w <= 1 { w = cellWidth }
        if cellHeight - h <= 1 { h = cellHeight }
        return (w, h)
    }
}
