/// An axis-aligned rectangle. Sizes are expected to be non-negative (the engine never makes others).
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    /// True when either side is zero or negative, as CGRect.isEmpty.
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Closed intersection: rectangles that only touch along an edge count as intersecting, which is
    /// what swift-corelibs-foundation does and what docs/flow-layout.md §9 keeps until measured on a
    /// device.
    public func touches(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The rectangle grown by `amount` on every side.
    public func outset(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: size.width + 2 * amount, height: size.height + 2 * amount)
    }
}
