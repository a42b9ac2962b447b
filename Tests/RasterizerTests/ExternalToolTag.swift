import Testing

extension Tag {
    /// Tests that run an outside program (pngcheck, ffmpeg, python3, mount): the fast part skips them with
    /// `swift test --skip CLITests --skip tag:externalTool`.
    @Tag static var externalTool: Self
}
