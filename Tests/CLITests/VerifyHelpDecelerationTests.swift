import Foundation
import Testing

/// `verify --help` describes pattern 10's checks as they are (review 16, F9): the release velocity, the curve
/// against the ideal, the end below 10 pt/s and the touch-down against the ideal's finger.
@Suite struct VerifyHelpDecelerationTests {
    @Test func verifyHelpDescribesPatternTen() throws {
        let help = try CLI.run(["verify", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("10 a release leaves at the ideal's velocity, a free deceleration follows v0·d^(1000t)"), "\(text)")
        #expect(text.contains("it ends once below 10 pt/s, and after a touch-down each frame moves as the ideal's finger does"))
        #expect(!text.contains("the speed never rises while decelerating and a touch-down stops it"))
    }
}
