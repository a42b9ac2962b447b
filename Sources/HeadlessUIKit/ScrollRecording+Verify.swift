extension ScrollRecording {
    /// Checks what a person sees of the played frames: content moves on screen exactly with the finger or the
    /// physics (continuity), the content's band stays covered (coverage), content appears and vanishes only at
    /// the viewport's edges (no pop-in) and live views stay bounded. The checks ran while the player played
    /// (`ScreenContentVerifier`), so this is free.
    ///
    /// ```swift
    /// let report = try player.play(scrollView, steps: json).verify()
    /// #expect(report.passed, "\(report.lines.joined(separator: "\n"))")
    /// ```
    public func verify() -> ScreenVerifyReport { screenReport }
}
