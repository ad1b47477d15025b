extension BaseLayout {
    /// The content offset (the bounds' origin) at which `scrollToItem(at:at:animated:)` shows `frame`
    /// at `position` in a view of `viewSize`, with the layout's content inset (docs/flow-layout.md
    /// §20.2). `frame` is the element's frame as an answer writes it (pixel-rounded, mirrored), so the
    /// offset places what the view draws. An axis the position does not name keeps `origin`'s
    /// coordinate. Either coordinate is then clamped to the scrollable range, as a scroll view clamps
    /// it. O(1).
    ///
    /// Pinned headers are not looked at, as UIKit does not: `top` puts the element at the top of the
    /// area inside the inset, under its section's header when that header is pinned there.
    public func contentOffset(showing frame: Rect, at position: ScrollPosition, viewSize: Size, origin: Point) -> Point {
        let inset = contentInset
        let x = Self.offset(
            placing: frame.minX, length: frame.size.width, at: position.horizontal, otherwise: origin.x, viewLength: viewSize.width,
            insetStart: inset.left, insetEnd: inset.right, contentLength: contentSize.width)
        let y = Self.offset(
            placing: frame.minY, length: frame.size.height, at: position.vertical, otherwise: origin.y, viewLength: viewSize.height,
            insetStart: inset.top, insetEnd: inset.bottom, contentLength: contentSize.height)
        return Point(x: x, y: y)
    }

    /// One axis of `contentOffset(showing:at:viewSize:origin:)`: the offset that puts the span of
    /// `length` from `low` at `placement` in the area inside the insets, clamped to
    /// `−insetStart ... contentLength + insetEnd − viewLength`. When that range is empty (the content
    /// and insets are shorter than the view) its lower end wins: the content rests at its start.
    static func offset(
        placing low: Double, length: Double, at placement: ScrollPosition.Placement?, otherwise: Double, viewLength: Double,
        insetStart: Double, insetEnd: Double, contentLength: Double
    ) -> Double {
        let wanted: Double
        switch placement {
        case .start: wanted = low - insetStart
        case .center: wanted = low + length / 2 - (insetStart + (viewLength - insetStart - insetEnd) / 2)
        case .end: wanted = low + length - (viewLength - insetEnd)
        case nil: wanted = otherwise
        }
        let lowest = -insetStart
        let highest = contentLength + insetEnd - viewLength
        return Swift.max(lowest, Swift.min(wanted, highest))
    }
}
