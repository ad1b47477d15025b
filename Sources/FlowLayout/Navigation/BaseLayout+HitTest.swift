extension BaseLayout {
    /// The element of `kind` whose frame contains `point` (content coordinates), as UIKit's
    /// `indexPathForItem(at:)` finds it (docs/flow-layout.md §20.3); nil when none does.
    ///
    /// Containment is `CGRect.contains`: half-open, minX ≤ x < maxX and minY ≤ y < maxY, so a point on
    /// the edge two cells share belongs to the later one, and an empty frame contains nothing. Frames
    /// are the answers' for this scale and layout direction; headers and footers are tested at rest,
    /// never pinned. When several frames contain the point (negative spacings or insets), the last in
    /// UIKit's order wins: the one drawn on top, since elements of one kind share a zIndex.
    ///
    /// Cells come from the visible query for a strip two points thick around the point, across the
    /// whole content and out to the point, read from the end (`lastCell(containing:…)`): O(log n + the
    /// cells of the lines read until one holds the point), overlapping lines or not; headers and
    /// footers by the binary search of the sections and one frame per section found, O(log sections).
    public func hitTest(
        _ point: Point, kind: LayoutAttributes.Kind = .cell, scale: Double?, layoutDirection: LayoutDirection
    ) -> LayoutAttributes? {
        var uncounted = Uncounted()
        return hitTest(point, kind: kind, scale: scale, layoutDirection: layoutDirection, work: &uncounted)
    }

    /// `hitTest(_:kind:scale:layoutDirection:)`, counting as the visible query counts.
    @_spi(WorkCounting)
    public func hitTest(
        _ point: Point, kind: LayoutAttributes.Kind = .cell, scale: Double?, layoutDirection: LayoutDirection, work: inout some WorkCounter
    ) -> LayoutAttributes? {
        guard dimension > 0, point.x.isFinite, point.y.isFinite else { return nil }
        // Two points along the scroll axis, and across it everything from the content's width to the
        // point: the visible query culls by section frames (§9, as UIKit does), and negative insets
        // or cells wider than a line put cells beside those frames, where the point may be.
        let direction = scrollDirection
        let (across, along) = direction == .vertical ? (point.x, point.y) : (point.y, point.x)
        let from = Swift.min(0, across) - 1
        let around = direction.rect(
            along: from, scroll: along - 1, alongLength: Swift.max(dimension, across) + 1 - from, scrollLength: 2)
        let viewport = Viewport(bounds: around, scale: scale, layoutDirection: layoutDirection)
        switch kind {
        case .cell:
            return lastCell(containing: point, viewport: viewport, work: &work)
        case .header, .footer, .sectionBackground:
            let search = sectionSearch(viewport)
            var hit: LayoutAttributes?
            for section in sectionRange(touching: search, probes: &work) where mayHoldElements(section: section, touching: search) {
                work += 1
                let frame = kind == .sectionBackground
                    ? sectionBackgroundFrame(section: section, viewport: viewport)
                    : supplementaryFrame(kind, section: section, viewport: viewport, pinned: false)
                guard let frame, frame.contains(point) else { continue }
                let zIndex = kind == .sectionBackground ? LayoutAttributes.sectionBackgroundZIndex : LayoutAttributes.supplementaryZIndex
                hit = LayoutAttributes(kind: kind, section: section, item: 0, frame: frame, zIndex: zIndex)
            }
            return hit
        case .stretchHeader, .background:
            return nil
        }
    }
}
