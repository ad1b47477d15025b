/// A layer behind the list, as Path's overscroll background: at rest `position` on screen, it follows
/// the content at `rate` (1 = attached) while scrolling normally and at `overscrollRate` when the
/// content is pulled past its start. Several layers with different rates give depth. Lengths in points;
/// a value type, every member O(1).
public struct BackgroundLayer: Hashable, Sendable {
    /// Rest position along the scroll axis, in screen (viewport) coordinates.
    public var position: Double
    /// Length along the scroll axis.
    public var length: Double
    /// How fast the layer follows the content while scrolling normally: 1 moves with it, 0 stays put.
    public var rate: Double
    /// How fast it follows while the content is pulled past its start (scroll offset below 0).
    public var overscrollRate: Double

    /// A layer at rest at `position` (screen coordinates), `length` points long.
    public init(position: Double, length: Double, rate: Double = 1, overscrollRate: Double = 1.0 / 3) {
        self.position = position
        self.length = length
        self.rate = rate
        self.overscrollRate = overscrollRate
    }

    static let zIndex = -2

    /// Screen position for scroll offset `s`: `position − s · overscrollRate` while `s < 0`, else
    /// `position − s · rate`.
    public func screenPosition(scrollOffset s: Double) -> Double {
        position - s * (s < 0 ? overscrollRate : rate)
    }

    /// The layer's frame in content coordinates, spanning the bounds across the scroll axis.
    public func frame(bounds: Rect, scrollDirection: ScrollDirection) -> Rect {
        let origin = scrollDirection.scrollMin(bounds)
        let start = screenPosition(scrollOffset: origin) + origin
        return scrollDirection == .vertical
            ? Rect(x: bounds.minX, y: start, width: bounds.size.width, height: length)
            : Rect(x: start, y: bounds.minY, width: length, height: bounds.size.height)
    }
}
