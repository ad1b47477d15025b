extension BaseLayout {
    /// The content offset (the bounds' origin) at which `scrollToItem(at:at:animated:)` shows `frame`
    /// at `position` in a view of `viewSize`, with the layout's content inset (docs/flow-layout.md
    /// §20.2). `frame` is the element's frame as an answer writes it (pixel-rounded, mirrored), so the
    /// offset places what the view draws. An axis the position does not name keeps `origin`'s
    /// coordinate. Either coordinate is then clamped to the resting offsets, as a scroll view clamps
    /// it (`clampedOffset(_:viewSize:)`, which flings share). O(1).
    ///
    /// Pinned headers are not looked at, as UIKit does not: `top` puts the element at the top of the
    /// area inside the inset, under its section's header when that header is pinned there.
    public func contentOffset(showing frame: Rect, at position: ScrollPosition, viewSize: Size, origin: Point) -> Point {
        let inset = contentInset
        let x = Self.offset(
            placing: frame.minX, length: frame.size.width, at: position.horizontal, otherwise: origin.x, viewLength: viewSize.width,
            insetStart: inset.left, insetEnd: inset.right)
        let y = Self.offset(
            placing: frame.minY, length: frame.size.height, at: position.vertical, otherwise: origin.y, viewLength: viewSize.height,
            insetStart: inset.top, insetEnd: inset.bottom)
        return clampedOffset(Point(x: x, y: y), viewSize: viewSize)
    }

    /// One axis of `contentOffset(showing:at:viewSize:origin:)` before clamping: the offset that puts
    /// the span of `length` from `low` at `placement` in the area inside the insets.
    static func offset(
        placing low: Double, length: Double, at placement: ScrollPosition.Placement?, otherwise: Double, viewLength: Double,
        insetStart: Double, insetEnd: Double
    ) -> Double {
        switch placement {
        case .start: low - insetStart
        case .center: low + length / 2 - (insetStart + (viewLength - insetStart - insetEnd) / 2)
        case .end: low + length - (viewLength - insetEnd)
        case nil: otherwise
        }
    }
}
