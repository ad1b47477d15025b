/// UIScrollView's deceleration after a fling (docs/flow-layout.md §21.1): every millisecond the speed
/// is multiplied by `rate`, so from a release velocity v (points per second) the offset travels
/// (v / 1000) · r / (1 − r) points in all, the sum of v/1000 · rᵏ over k ≥ 1.
public struct Deceleration: Hashable, Sendable {
    /// The factor the speed keeps each millisecond, strictly between 0 and 1.
    public let rate: Double

    /// `UIScrollView.DecelerationRate.normal`.
    public static let normal = Deceleration(uncheckedRate: 0.998)
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fast = Deceleration(uncheckedRate: 0.99)

    /// Nil unless 0 < `rate` < 1: a rate of 1 never stops, one of 0 stops at once.
    public init?(rate: Double) {
        guard rate > 0, rate < 1 else { return nil }
        self.rate = rate
    }

    private init(uncheckedRate rate: Double) { self.rate = rate }

    /// Where the offset comes to rest, on each axis: offset + (v / 1000) · r / (1 − r) (§21.1), the
    /// projection of WWDC 2018's "Designing Fluid Interfaces". `velocity` is in points per second,
    /// with UIKit's sign: the velocity of the content offset.
    public func projection(of offset: Point, velocity: Point) -> Point {
        let factor = rate / (1 - rate)
        return Point(x: offset.x + velocity.x / 1000 * factor, y: offset.y + velocity.y / 1000 * factor)
    }

    /// ln r, the exponent of the curve r^t (§21.4); negative.
    var logRate: Double { Exponential.log(rate) }
}
