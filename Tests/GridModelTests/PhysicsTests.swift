import Foundation
import Testing
@testable import GridModel

@Suite struct PhysicsTests {
    @Test(arguments: [0.998, 0.99])
    func displacementIsThePerMillisecondSum(rate: Double) {
        // UIKit multiplies the velocity by d each millisecond and moves by it: after n ms, Σ v0·dⁱ/1000.
        let v0 = 3000.0
        var x = 0.0
        for n in 1...500 {
            x += v0 * ScrollPhysics.power(rate, Double(n)) / 1000
            if n % 50 == 0 { #expect(abs(x - ScrollPhysics.displacement(v0, rate: rate, at: Double(n) / 1000)) < 1e-9 * v0) }
        }
        // Not the continuous integral of v(t) = v0·d^(1000t), which goes (1 − d)/(d·(−ln d)) times as far (0.1 % further at 0.998).
        let integral = v0 / (-1000 * log(rate))
        #expect(abs(integral / ScrollPhysics.displacement(v0, rate: rate, at: 1000) - 1 / rate * (1 - rate) / -log(rate)) < 1e-6)
    }

    @Test func velocityDecaysByTheRatePerMillisecond() {
        #expect(abs(ScrollPhysics.velocity(1000, rate: 0.998, at: 0.001) - 998) < 1e-9)
        #expect(abs(ScrollPhysics.velocity(1000, rate: 0.99, at: 0.002) - 980.1) < 1e-9)
    }

    @Test(arguments: [20.0, 500, 4000, 1e6])
    func motionEndsWhenSpeedFallsBelowTenPointsPerSecond(speed: Double) {
        let end = ScrollPhysics.decelerationDuration(speed: speed, rate: 0.998)
        #expect(abs(ScrollPhysics.velocity(speed, rate: 0.998, at: end) - 10) < 1e-6)
        #expect(ScrollPhysics.decelerationDuration(speed: 9.99, rate: 0.998) == 0)
    }

    @Test func restingDistanceOfANormalFling() {
        // UIKit's rule of thumb: a fling at v comes to rest about v/2 points away with the normal rate; exactly
        // (v − 10)·0.499, the per-millisecond sum until the speed falls below 10 pt/s (UIKit's own
        // targetContentOffset in the recorded traces: 5074 + 740·0.499 = 5443.26, UIKit 5443.33).
        let end = ScrollPhysics.decelerationDuration(speed: 4000, rate: 0.998)
        let distance = ScrollPhysics.displacement(4000, rate: 0.998, at: end)
        #expect(abs(distance - (4000 - 10) * 0.499) < 1e-6)
        #expect(abs(ScrollPhysics.displacement(750, rate: 0.998, at: ScrollPhysics.decelerationDuration(speed: 750, rate: 0.998)) + 5074 - 5443.26) < 0.01)
    }

    @Test func timeToCoverInvertsDisplacement() throws {
        let t = try #require(ScrollPhysics.timeToCover(700, from: 2500, rate: 0.998))
        #expect(abs(ScrollPhysics.displacement(2500, rate: 0.998, at: t) - 700) < 1e-9)
        #expect(ScrollPhysics.timeToCover(5000, from: 2500, rate: 0.998) == nil)  // never that far
        #expect(ScrollPhysics.timeToCover(100, from: 0, rate: 0.998) == nil)
    }

    @Test func easeInOutIsCoreAnimationsCurve() {
        #expect(ScrollPhysics.easeInOut(0) == 0)
        #expect(ScrollPhysics.easeInOut(1) == 1)
        #expect(abs(ScrollPhysics.easeInOut(0.5) - 0.5) < 1e-12)
        // Symmetric and monotonic, slow at both ends.
        #expect(abs(ScrollPhysics.easeInOut(0.2) + ScrollPhysics.easeInOut(0.8) - 1) < 1e-12)
        #expect(ScrollPhysics.easeInOut(0.1) < 0.1 && ScrollPhysics.easeInOut(0.9) > 0.9)
        var last = 0.0
        for i in 1...100 {
            let v = ScrollPhysics.easeInOut(Double(i) / 100)
            #expect(v >= last)
            last = v
        }
    }

    @Test func fixedPointRoundingAndDivision() {
        #expect(Fixed.floorDiv(-7, 2) == -4)
        #expect(Fixed.floorDiv(7, 2) == 3)
        #expect(Fixed.ceilDiv(-7, 2) == -3)
        #expect(Fixed.ceilDiv(7, 2) == 4)
        #expect(Fixed.round(5, toMultipleOf: 10) == 10)
        #expect(Fixed.round(-5, toMultipleOf: 10) == 0)
        #expect(Fixed.round(-6, toMultipleOf: 10) == -10)
        for scale in 1...8 { #expect(Fixed.unitsPerPoint % Int64(scale) == 0) }
    }
}
