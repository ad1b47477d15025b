/// The path of a fling from the current offset to its target, frame by frame (docs/flow-layout.md
/// §21.4): UIScrollView's exponential deceleration, scaled to end exactly on the (snapped) target.
///
/// With r the rate per millisecond, D = target − start and T the duration in milliseconds,
/// p(t) = start + D · (1 − rᵗ) / (1 − r^T) for 0 ≤ t ≤ T: exactly `start` at 0 and `target` at T, with
/// the shape of the deceleration that comes to rest at the target by itself. T is when that
/// deceleration comes within half a point of the target: |D| · r^T = ½, so T = ln(2 |D|) / −ln r, and
/// 0 when |D| ≤ ½ (|D| the length of the vector, both axes sharing the curve).
public struct FlingCurve: Hashable, Sendable {
    public let start: Point
    public let target: Point
    public let deceleration: Deceleration
    /// T, in milliseconds.
    public let duration: Double

    /// How close the deceleration comes to the target before the curve ends on it, in points.
    public static let settleDistance = 0.5

    public init(from start: Point, to target: Point, deceleration: Deceleration) {
        self.start = start
        self.target = target
        self.deceleration = deceleration
        let dx = target.x - start.x
        let dy = target.y - start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        duration = distance > Self.settleDistance
            ? Exponential.log(distance / Self.settleDistance) / -deceleration.logRate : 0
    }

    /// p(t), t in milliseconds: `start` up to 0, `target` from T on (exactly), the curve between.
    public func position(at t: Double) -> Point {
        guard t > 0 else { return start }
        guard t < duration else { return target }
        let logRate = deceleration.logRate
        // (1 − rᵗ) / (1 − r^T) as (e^{t ln r} − 1) / (e^{T ln r} − 1), exact near t = 0; below 1 for t < T.
        let fraction = Swift.min(1, Exponential.expMinusOne(t * logRate) / Exponential.expMinusOne(duration * logRate))
        return Point(x: start.x + (target.x - start.x) * fraction, y: start.y + (target.y - start.y) * fraction)
    }

    /// The display frames from now to the target at `frameRate` per second: frame k at
    /// t = k · 1000 / frameRate ms for k = 0…N, N = ⌈T · frameRate / 1000⌉ (at least 1 when the target
    /// is not the start), the last exactly on the target. Counted as a double, so a duration too long
    /// for any answer is still compared with the limit.
    public func frameCount(frameRate: Int) -> Double {
        let last = (duration * Double(frameRate) / 1000).rounded(.up)
        return (start == target ? last : Swift.max(1, last)) + 1
    }

    /// Frame k of `frameCount(frameRate:)`, k ≥ 0; the last and any after it are the target.
    public func frame(_ k: Int, frameRate: Int) -> Point {
        Double(k + 1) >= frameCount(frameRate: frameRate) ? target : position(at: Double(k) * 1000 / Double(frameRate))
    }
}
