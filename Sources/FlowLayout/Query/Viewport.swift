/// What a scroll position adds to a base layout: the visible bounds and how to draw into them. A value
/// type; lengths in points.
public struct Viewport: Hashable, Sendable {
    /// The visible rectangle in content coordinates (points, origin at the content's top-left, y
    /// down); its origin is the scroll offset, UIKit's contentOffset, so a list at rest under a top
    /// content inset of 47 has bounds at y = -47. Its size is the scroll view's.
    public var bounds: Rect
    /// The adjusted content inset, in points; pinned headers and footers stay inside the bounds minus it.
    public var contentInset: EdgeInsets
    /// Screen scale (points to pixels, 2 or 3 on an iPhone) for pixel rounding of origins, or nil for
    /// none (docs/flow-layout.md §8). Sizes are never rounded.
    public var scale: Double?
    /// Right-to-left mirrors the frames as UIKit's flow layout does (docs/flow-layout.md §11).
    public var layoutDirection: LayoutDirection

    /// A viewport of `bounds`, with no inset, no rounding and left to right unless given.
    public init(bounds: Rect, contentInset: EdgeInsets = .zero, scale: Double? = nil, layoutDirection: LayoutDirection = .leftToRight) {
        self.bounds = bounds
        self.contentInset = contentInset
        self.scale = scale
        self.layoutDirection = layoutDirection
    }
}

/// An orthogonal section's scroll offset along x, in points (docs/flow-layout.md §23.11): its cells
/// move by −offset; its header, footer and background stay. Given beside a `Viewport`, not in it, so
/// that a viewport stays a plain value the hot path copies for free.
public struct OrthogonalOffset: Hashable, Sendable {
    public var section: Int
    public var offset: Double

    public init(section: Int, offset: Double) {
        self.section = section
        self.offset = offset
    }
}

extension [OrthogonalOffset] {
    /// Section `section`'s offset: the last one given for it, else 0. O(offsets given).
    @inline(__always)
    public func offset(section: Int) -> Double {
        guard !isEmpty else { return 0 }
        return last { $0.section == section }?.offset ?? 0
    }
}
