import Foundation
@testable import FlowLayout
import Testing

/// UIKit's projection of a fling (docs/flow-layout.md §21.1), and the logarithm and exponential the
/// engine computes it with, checked against the C library's.
@Suite("Fling projection")
struct FlingProjectionTests {
    @Test func theNormalRateTravels499TimesTheVelocityInPointsPerMillisecond() {
        // 2000 points/s = 2 points/ms; 0.998 / 0.002 = 499: 998 points further.
        let projected = Deceleration.normal.projection(of: Point(x: 0, y: 100), velocity: Point(x: 0, y: 2000))
        #expect(projected.x == 0)
        #expect(abs(projected.y - 1098) < 1e-9, "\(projected)")
    }

    @Test func theFastRateTravels99TimesTheVelocityInPointsPerMillisecondOnEachAxis() {
        // 0.99 / 0.01 = 99: −1.5 · 99 = −148.5 along x, 3 · 99 = 297 along y.
        let projected = Deceleration.fast.projection(of: Point(x: 40, y: -20), velocity: Point(x: -1500, y: 3000))
        #expect(abs(projected.x - (40 - 148.5)) < 1e-9, "\(projected)")
        #expect(abs(projected.y - (-20 + 297)) < 1e-9, "\(projected)")
    }

    @Test func aCustomRateUsesTheSameFormula() throws {
        // 0.9 / 0.1 = 9: 1000 points/s go 9 points, −250 points/s go back 2.25.
        let deceleration = try #require(Deceleration(rate: 0.9))
        let projected = deceleration.projection(of: Point(x: 10, y: 10), velocity: Point(x: 1000, y: -250))
        #expect(abs(projected.x - 19) < 1e-9, "\(projected)")
        #expect(abs(projected.y - 7.75) < 1e-9, "\(projected)")
    }

    @Test func aRateMustLieStrictlyBetweenZeroAndOne() {
        for rate in [0, 1, -0.5, 1.5, Double.nan, Double.infinity] { #expect(Deceleration(rate: rate) == nil, "\(rate)") }
        #expect(Deceleration(rate: 0.5)?.rate == 0.5)
        #expect(Deceleration.normal.rate == 0.998)
        #expect(Deceleration.fast.rate == 0.99)
    }

    @Test func theEnginesLogarithmAndExponentialAgreeWithTheCLibrarys() {
        let arguments: [Double] = [
            1e-300, 1e-9, 0.001, 0.5, 0.9, 0.99, 0.998, 0.999_999, 1, 1.000_001, 1.4142, 1.4143, 2, 3, 10, 1996, 1e9, 1e300,
        ]
        for x in arguments {
            #expect(abs(Exponential.log(x) - Foundation.log(x)) <= 4 * Foundation.log(x).magnitude.ulp + 1e-300, "log \(x)")
        }
        for x in [-745.0, -700, -20, -7.6, -1, -0.35, -0.0167, -1e-9, 0, 1e-9, 0.2, 0.35, 1, 5, 100, 700] {
            let expected = Foundation.exp(x)
            #expect(abs(Exponential.exp(x) - expected) <= 4 * expected.ulp, "exp \(x)")
            let minusOne = Foundation.expm1(x)
            #expect(abs(Exponential.expMinusOne(x) - minusOne) <= 4 * minusOne.magnitude.ulp + 1e-300, "expm1 \(x)")
        }
        #expect(Exponential.exp(-800) == 0)
        #expect(Exponential.exp(800) == .infinity)
    }
}
