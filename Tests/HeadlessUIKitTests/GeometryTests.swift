import Foundation
import Testing
@testable import HeadlessUIKit

@MainActor
@Suite struct GeometryTests {
    @Test func frameBoundsCenterRoundTrip() {
        let v = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(v.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(v.center == CGPoint(x: 60, y: 45))
    }
}
