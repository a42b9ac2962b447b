public import GridModel

/// The coverage check's helpers (pattern 3): the speed a blank frame moves at, and whether a loop has so few
/// items that a blank is pattern 3's rather than the seam's.
extension Verifier {
    /// Whether a looping axis's items together are narrower than the viewport on that axis (1, 2 or 3 items of
    /// 100 points in a 390-point viewport): every frame then shows all the items and more than one wrap, so a
    /// blank there is pattern 3 ("blank tiles with 1, 2 or 3 items"), not the seam of pattern 1.
    ///
    /// ```swift
    /// // Two 100-point items in a 390-point viewport.
    /// let grid = GridSpec(tileSize: Size(width: 100, height: 150), columns: 2, rows: 0, loop: .duplicate)
    /// let scenario = Scenario(name: "few", viewport: Viewport(width: 390, height: 150, scale: 2), grid: grid, steps: [])
    /// Verifier.fewItems(scenario, viewport: Size(width: 390, height: 150))  // true
    /// ```
    public static func fewItems(_ scenario: Scenario, viewport: Size) -> Bool {
        guard scenario.grid.loop != .none else { return false }
        func few(_ count: Int?, _ tile: Double, _ size: Double) -> Bool {
            guard let count, count > 0 else { return false }
            return Double(count) * tile < size
        }
        return few(scenario.grid.columns, scenario.grid.tileSize.width, viewport.width)
            || few(scenario.grid.rows, scenario.grid.tileSize.height, viewport.height)
    }

    /// ", moving at N pt/s" for a frame that moved since the previous frame's offset `last` (a recenter's
    /// shift taken out), else "": the speed pattern 3's blank band grows with. A frame with a resize, a jump or
    /// a loop jump has no speed to give: its offset changed without motion.
    static func speed(_ frame: FrameState, after last: Vector?, fps: Int) -> String {
        guard let last else { return "" }
        let jumps = frame.events.contains { event in
            switch event {
            case .resize, .jump, .loopJump: return true
            default: return false
            }
        }
        guard !jumps else { return "" }
        let shift = frame.recenterShift ?? .zero
        let dx = frame.contentOffset.x - last.x - shift.x
        let dy = frame.contentOffset.y - last.y - shift.y
        let speed = (dx * dx + dy * dy).squareRoot() * Double(fps)
        guard speed.isFinite, speed >= 0.5 else { return "" }
        return ", moving at \(Int(speed.rounded())) pt/s"
    }
}
