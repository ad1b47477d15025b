/// A width and a height, in points. The engine makes no negative sizes; an item size it is given may
/// be zero. A value type.
public struct Size: Hashable, Sendable {
    /// Extent along x, in points.
    public var width: Double
    /// Extent along y, in points.
    public var height: Double

    /// A size of `width` × `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero by zero.
    public static let zero = Size(width: 0, height: 0)
}
