/// Michael Teeuw's parallax table header: a header image of length `height` above the content (the
/// content inset at its leading edge equals `height`, so at rest the scroll offset is `-height`).
/// Scrolled into the content it moves away at `1/factor` of the content's speed; pulled past its rest
/// position it stays pinned to the visible edge and stretches. Lengths in points; a value type, every
/// member O(1).
public struct StretchHeader: Hashable, Sendable {
    /// The header's length along the scroll axis at rest, in points.
    public var height: Double
    /// How many times slower than the content it moves away once scrolled into the content (> 0).
    public var factor: Double

    /// A header `height` points long moving at `1/factor` of the content's speed.
    public init(height: Double, factor: Double = 2) {
        self.height = height
        self.factor = factor
    }

    /// Behind the cells, in front of background layers.
    static let zIndex = -1

    /// The header's frame in content coordinates for the visible `bounds` (whose origin is the scroll
    /// offset), spanning the bounds across the scroll axis.
    public func frame(bounds: Rect, scrollDirection: ScrollDirection) -> Rect {
        let origin = scrollDirection.scrollMin(bounds)
        let s = origin + height
        let start = s >= 0 ? -height + s / factor : origin
        let length = s >= 0 ? height : height - s
        return scrollDirection == .vertical
            ? Rect(x: bounds.minX, y: start, width: bounds.size.width, height: length)
            : Rect(x: start, y: bounds.minY, width: length, height: bounds.size.height)
    }
}
