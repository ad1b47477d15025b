extension BaseLayout {
    /// Items in `section`; 0 when there is no such section. O(1).
    public func itemCount(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].itemCount : 0
    }

    /// One cell's attributes exactly as `attributes(in:into:)` gives them for a viewport of this scale
    /// and layout direction, wherever that viewport is (docs/flow-layout.md §20.1); nil when the index
    /// path does not exist or nothing is laid out (`dimension` is 0).
    ///
    /// The answer is the visible query's own, for bounds around the cell's line: the line's span along
    /// the scroll axis, mapped as the section's cells are for right-to-left (§11), and everything
    /// across it. So the frame is the one a scroll answer writes, by construction. O(log n + a chunk's
    /// items), overlapping lines or not.
    public func attributes(ofItem path: ItemPath, scale: Double?, layoutDirection: LayoutDirection) -> LayoutAttributes? {
        var uncounted = Uncounted()
        return attributes(ofItem: path, scale: scale, layoutDirection: layoutDirection, work: &uncounted)
    }

    /// `attributes(ofItem:scale:layoutDirection:)`, counting the tree nodes and lines walked to find the
    /// line, then the items of its chunk read.
    @_spi(WorkCounting)
    public func attributes(ofItem path: ItemPath, scale: Double?, layoutDirection: LayoutDirection, work: inout some WorkCounter) -> LayoutAttributes? {
        lineAttributes(holding: path, scale: scale, layoutDirection: layoutDirection, work: &work)
            .last { $0.kind == .cell && $0.section == path.section && $0.item == path.item }
    }

    /// The visible query's cells for the bounds around an item's line (see `attributes(ofItem:…)`),
    /// read from that line's chunk only: every cell of the line, and those of its chunk's other lines
    /// that the bounds touch, each exactly as a scroll answer has it; empty when the index path does
    /// not exist. For callers that need many cells of one line, which would otherwise pay for the
    /// line once per cell. O(log n + a chunk's items), however many other lines overlap it.
    func lineAttributes(holding path: ItemPath, scale: Double?, layoutDirection: LayoutDirection, work: inout some WorkCounter) -> [LayoutAttributes] {
        guard dimension > 0, sections.indices.contains(path.section), path.item >= 0,
            path.item < sections[path.section].itemCount
        else { return [] }
        let span = lineSpan(of: path, work: &work)
        // Grown by a point along the scroll axis, and by the dimension across it, so that a line of no
        // thickness still has an area and pixel rounding (at most a pixel, a point at scale 0.5 and
        // above) cannot carry the cell out of the bounds.
        let direction = scrollDirection
        let reach = Swift.max(1, dimension)
        let around = direction.rect(
            along: -reach, scroll: span.start - 1, alongLength: dimension + 2 * reach, scrollLength: span.length + 2)
        var viewport = Viewport(bounds: around, scale: scale, layoutDirection: layoutDirection)
        viewport.bounds = cellTransform(section: path.section, viewport: viewport).map(around)
        var found: [LayoutAttributes] = []
        // The line's chunk alone (a masonry cell alone), not everything in the bounds: lines elsewhere may overlap this one
        // (negative line spacing), all of them, and none of them is asked for.
        appendCells(ofLineHolding: path, viewport: viewport, into: &found, work: &work)
        return found
    }

    /// A header's or footer's attributes at rest, never pinned (docs/flow-layout.md §20.1): the frame a
    /// scroll answer writes for it whenever pinning leaves it in place, pixel-rounded at `scale` and
    /// mirrored for right-to-left (§11). Nil when the section does not exist or has no such element.
    /// O(1).
    public func attributes(
        ofSupplementary kind: LayoutAttributes.Kind, section: Int, scale: Double?, layoutDirection: LayoutDirection
    ) -> LayoutAttributes? {
        guard dimension > 0, sections.indices.contains(section), kind == .header || kind == .footer else { return nil }
        let viewport = Viewport(bounds: .zero, scale: scale, layoutDirection: layoutDirection)
        guard let frame = supplementaryFrame(kind, section: section, viewport: viewport, pinned: false) else { return nil }
        return LayoutAttributes(kind: kind, section: section, item: 0, frame: frame, zIndex: LayoutAttributes.supplementaryZIndex)
    }
}
