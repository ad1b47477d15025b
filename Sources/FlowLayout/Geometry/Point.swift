/// A point in points, in content coordinates unless a member says otherwise: UIKit's, with the origin at
/// the top-left corner of the content, x growing right and y growing down. A value type.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, in points.
    public var x: Double
    /// Vertical coordinate, in points (growing down).
    public var y: Double

    /// The point (x, y), in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}
