/// Distances from the four edges of a rectangle, as UIEdgeInsets, in points. Positive values shrink the
/// rectangle; negative ones are allowed where UIKit allows them and grow it. A value type.
public struct EdgeInsets: Hashable, Sendable {
    /// Inset from the top edge (minimum y), in points.
    public var top: Double
    /// Inset from the left edge (minimum x), in points.
    public var left: Double
    /// Inset from the bottom edge (maximum y), in points.
    public var bottom: Double
    /// Inset from the right edge (maximum x), in points.
    public var right: Double

    /// Insets in points; every edge 0 unless given.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
