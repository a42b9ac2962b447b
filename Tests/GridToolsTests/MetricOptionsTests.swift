import Testing
import GridTools

/// Library callers who set pixelmatch's settings on the exact default are told, not compared exactly in silence.
@Suite struct MetricOptionsTests {
    @Test(arguments: ["threshold", "includeAA", "checkerboard"])
    func pixelmatchSettingsUnderTheExactMetricAreRefused(setting: String) throws {
        var options = DiffOptions()
        switch setting {
        case "threshold": options.match.threshold = 0.2
        case "includeAA": options.match.includeAA = true
        default: options.match.checkerboard = false
        }
        #expect(throws: ToolError.self) { try options.validate() }
        var golden = GoldenOptions()
        golden.match = options.match
        #expect(throws: ToolError.self) { try GoldenChecker.run(["Scenarios/rotate.json"], options: golden) }
        options.match.metric = .pixelmatch
        try options.validate()
    }
}
