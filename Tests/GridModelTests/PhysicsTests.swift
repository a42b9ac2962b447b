import Foundation
import Testing
@testable import GridModel

@Suite struct PhysicsTests {
    @Test(arguments: [0.998, 0.99])
    func displacementIsTheIntegralOfVelocity(rate: Double) {
        // Integrate v(t) = v0·d^(1000t) numerically and compare with the closed form.
        let v0 = 3000.0, dt = 1e-5
        var x = 0.0, t = 0.0
        while t < 0.5 {
            x += (ScrollPhysics.velocity(v0, rate: rate, at: t) + ScrollPhysics.velocity(v0, rate: rate, at: t + dt)) / 2 * dt
            t += dt
        }
        #expect(abs(x - ScrollPhysics.displacement(v0, rate: rate, at: t)) < 1e-6 * v0)
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
        // UIKit's rule of thumb: a fling at v comes to rest about v/2 points away with the normal rate.
        let end = ScrollPhysics.decelerationDuration(speed: 4000, rate: 0.998)
        let distance = ScrollPhysics.displacement(4000, rate: 0.998, at: end)
        #expect(abs(distance - (4000 - 10) / (-1000 * log(0.998))) < 1e-6)
        #expect(distance > 1990 && distance < 2000)
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
