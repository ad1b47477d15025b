/// An axis-aligned rectangle in points, in content coordinates unless a member says otherwise (origin
/// at the content's top-left, y growing down). `origin` is the top-left corner (the minimum x and y).
/// Sizes are expected to be non-negative (the engine never makes others). A value type; every member
/// is O(1).
public struct Rect: Hashable, Sendable {
    /// The top-left corner: the minimum x and the minimum y.
    public var origin: Point
    /// Width and height, in points, expected non-negative.
    public var size: Size

    /// The rectangle at `origin` (its top-left corner) of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle with its top-left corner at (x, y), `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge: `minX + width`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge: `minY + height`.
    public var maxY: Double { origin.y + size.height }
    /// Halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// Halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The centre point, (`midX`, `midY`), as UIKit's `center` of a layout attribute.
    public var center: Point { Point(x: midX, y: midY) }

    /// True when either side is zero or negative, as CGRect.isEmpty.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Closed intersection: rectangles that only touch along an edge count as intersecting, which is
    /// what swift-corelibs-foundation does and what docs/flow-layout.md §9 keeps until measured on a
    /// device.
    public func touches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether `point` is inside, as `CGRect.contains`: half-open, minX ≤ x < maxX and minY ≤ y < maxY,
    /// so a point on an edge two adjacent rectangles share belongs to one of them only, and an empty
    /// rectangle contains nothing.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The rectangle grown by `amount` on every side.
    public func outset(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: size.width + 2 * amount, height: size.height + 2 * amount)
    }
}
