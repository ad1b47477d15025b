/// What a scroll position adds to a base layout: the visible bounds and how to draw into them.
public struct Viewport: Hashable, Sendable {
    /// The visible rectangle in content coordinates; its origin is the scroll offset.
    public var bounds: Rect
    /// The adjusted content inset; pinned headers and footers stay inside the bounds minus it.
    public var contentInset: EdgeInsets
    /// Screen scale for pixel rounding of origins, or nil for none.
    public var scale: Double?
    public var layoutDirection: LayoutDirection

    public init(bounds: Rect, contentInset: EdgeInsets = .zero, scale: Double? = nil, layoutDirection: LayoutDirection = .leftToRight) {
        self.bounds = bounds
        self.contentInset = contentInset
        self.scale = scale
        self.layoutDirection = layoutDirection
    }
}
