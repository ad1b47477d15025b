import Foundation
@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// The path of a fling (docs/flow-layout.md §21.4): p(t) = p0 + D · (1 − rᵗ) / (1 − r^T), T the time
/// UIKit's deceleration takes to come within half a point of the target, frames every 1000 / f ms.
@Suite("Fling curve")
struct FlingCurveTests {
    /// A fling of 998 points down (2000 points/s at the normal rate, unsnapped).
    static let curve = FlingCurve(from: Point(x: 0, y: 100), to: Point(x: 0, y: 1098), deceleration: .normal)

    @Test func theDurationIsWhenTheDecelerationComesWithinHalfAPoint() {
        // 998 · 0.998^T = 0.5: T = ln 1996 / −ln 0.998 ≈ 3795.6 ms.
        let expected = Foundation.log(1996) / -Foundation.log(0.998)
        #expect(abs(Self.curve.duration - expected) < 1e-9, "\(Self.curve.duration)")
        #expect(abs(Self.curve.duration - 3795.6) < 0.1)
        // Both axes share the curve: the length of the vector counts (3-4-5: 500 points).
        let diagonal = FlingCurve(from: .zero, to: Point(x: 300, y: -400), deceleration: .fast)
        #expect(abs(diagonal.duration - Foundation.log(1000) / -Foundation.log(0.99)) < 1e-9)
        // Within half a point there is nothing to wait for.
        #expect(FlingCurve(from: .zero, to: Point(x: 0, y: 0.5), deceleration: .normal).duration == 0)
    }

    @Test func theCurveStartsAtTheOffsetAndEndsExactlyOnTheTarget() {
        #expect(Self.curve.position(at: 0) == Point(x: 0, y: 100))
        #expect(Self.curve.position(at: Self.curve.duration) == Point(x: 0, y: 1098))
        #expect(Self.curve.position(at: Self.curve.duration + 500) == Point(x: 0, y: 1098))
        #expect(Self.curve.position(at: -1) == Point(x: 0, y: 100))
    }

    @Test func theCurveHasUIKitsExponentialShape() {
        let r = 0.998
        let T = Self.curve.duration
        for t in [1.0, 16.0, 250, 1000, 3000] {
            let expected = 100 + 998 * (1 - Foundation.pow(r, t)) / (1 - Foundation.pow(r, T))
            #expect(abs(Self.curve.position(at: t).y - expected) < 1e-9, "t = \(t)")
        }
        // Scaled by 1 / (1 − r^T) = 1 / (1 − 0.5/998): a second in, 998 · (1 − 0.998^1000) · that.
        let oneSecond = Self.curve.position(at: 1000).y
        #expect(abs(oneSecond - (100 + 998 * (1 - 0.135_064_522_494_3) / (1 - 0.5 / 998))) < 1e-6, "\(oneSecond)")
    }

    @Test(arguments: [(60, 229), (120, 457)])
    func framesRunFromNowToTheTargetAndNeverGoBack(frameRate: Int, count: Int) {
        // N = ⌈3795.6 · f / 1000⌉: 228 at 60 Hz, 456 at 120 Hz, and frame 0.
        #expect(Self.curve.frameCount(frameRate: frameRate) == Double(count))
        let frames = (0..<count).map { Self.curve.frame($0, frameRate: frameRate) }
        #expect(frames.first == Point(x: 0, y: 100))
        #expect(frames.last == Point(x: 0, y: 1098))
        for index in 1..<count {
            #expect(frames[index].y > frames[index - 1].y, "frame \(index)")
            #expect(frames[index].x == 0)
        }
        // Frame k is at t = k · 1000 / f.
        #expect(frames[30] == Self.curve.position(at: 30 * 1000 / Double(frameRate)))
        // Two frames before the end the curve is still short of the target, by less than a point.
        #expect(1098 - frames[count - 2].y < 1)
    }

    @Test func aFlingBackwardsDecreasesMonotonically() {
        let curve = FlingCurve(from: Point(x: 500, y: 0), to: Point(x: -50, y: 0), deceleration: .fast)
        let count = Int(curve.frameCount(frameRate: 120))
        let frames = (0..<count).map { curve.frame($0, frameRate: 120) }
        #expect(frames.last == Point(x: -50, y: 0))
        for index in 1..<count { #expect(frames[index].x < frames[index - 1].x) }
    }

    @Test func aFlingThatStaysHasOneFrameAndOneThatBarelyMovesTwo() {
        let still = FlingCurve(from: Point(x: 3, y: 4), to: Point(x: 3, y: 4), deceleration: .normal)
        #expect(still.duration == 0)
        #expect(still.frameCount(frameRate: 60) == 1)
        #expect(still.frame(0, frameRate: 60) == Point(x: 3, y: 4))
        let nudge = FlingCurve(from: Point(x: 0, y: 10), to: Point(x: 0, y: 10.25), deceleration: .normal)
        #expect(nudge.frameCount(frameRate: 120) == 2)
        #expect(nudge.frame(0, frameRate: 120) == Point(x: 0, y: 10))
        #expect(nudge.frame(1, frameRate: 120) == Point(x: 0, y: 10.25))
    }

    @Test func theFlingOfALayoutEndsItsCurveOnItsTarget() {
        var work = 0
        let fling = FlingSnapTests.grid().fling(
            Viewport(bounds: rect(0, 0, 320, 400)), velocity: Point(x: 0, y: 500), deceleration: .normal, snap: .line, work: &work)
        #expect(abs(fling.projectedContentOffset.y - 249.5) < 1e-9)
        #expect(fling.curve.start == .zero)
        #expect(fling.curve.target == fling.targetContentOffset)
        #expect(fling.curve.frame(Int(fling.curve.frameCount(frameRate: 60)) - 1, frameRate: 60) == Point(x: 0, y: 280))
    }
}
