extension BaseLayout {
    /// A compositional section's cells that touch `viewport.bounds`, in item order (§23.9), its row
    /// scrolled sideways by `offset` when orthogonal, until `result` holds more than `limit`.
    /// O(log groups + the cells of the groups in view).
    func appendCells(
        of body: CompositionalBody, section index: Int, viewport: Viewport, offset: Double, limit: Int,
        into result: inout [LayoutAttributes], work: inout some WorkCounter
    ) {
        let cells = CompositionalCells(self, section: index, body: body, viewport: viewport, offset: offset)
        let rect = viewport.bounds
        let search = cells.transform.unmap(rect).outset(by: Swift.max(1, viewport.scale.map { 1 / $0 } ?? 1))
        let (low, high) = body.placement.repeatsAlongX
            ? (search.minX + cells.offset - cells.origin.x, search.maxX + cells.offset - cells.origin.x)
            : (search.minY - cells.origin.y, search.maxY - cells.origin.y)
        body.placement.forEachCell(reaching: low, high, work: &work) { item, cell, work in
            let attributes = cells.attributes(item: item, cell: cell, work: &work)
            if attributes.frame.touches(rect) { result.append(attributes) }
            return result.count <= limit
        }
    }

    /// Cell `item` of a compositional section as `attributes(in:)` gives it for `viewport`, its row at
    /// rest. O(log groups).
    func compositionalAttributes(
        of body: CompositionalBody, section index: Int, item: Int, viewport: Viewport, work: inout some WorkCounter
    ) -> LayoutAttributes {
        work += 1
        let cells = CompositionalCells(self, section: index, body: body, viewport: viewport, offset: 0)
        return cells.attributes(item: item, cell: body.placement.cell(item), work: &work)
    }

    /// A compositional section's background for this viewport (§23.12): the section's whole span
    /// along the scroll axis and the content across, inset by the background's insets; nil when the
    /// section has none.
    func sectionBackgroundFrame(section index: Int, viewport: Viewport) -> Rect? {
        guard case .compositional(let body) = sections[index].body, let insets = body.section.background else { return nil }
        let section = sections[index]
        var frame: Rect
        if scrollDirection == .vertical {
            frame = Rect(
                x: insets.leading, y: section.offset + insets.top, width: Swift.max(0, dimension - insets.leading - insets.trailing),
                height: Swift.max(0, section.length - insets.top - insets.bottom))
            if viewport.layoutDirection == .rightToLeft { frame.origin.x = dimension - frame.maxX }
        } else {
            frame = Rect(
                x: section.offset + insets.leading, y: insets.top, width: Swift.max(0, section.length - insets.leading - insets.trailing),
                height: Swift.max(0, dimension - insets.top - insets.bottom))
            if viewport.layoutDirection == .rightToLeft { frame.origin.x = contentSize.width - frame.maxX }
        }
        return roundOrigin(frame, scale: viewport.scale)
    }

    /// Each orthogonal section's content width (§23.11), by section index. O(sections): once, at build.
    static func orthogonalContentWidths(of sections: [SectionLayout]) -> [(section: Int, width: Double)] {
        sections.indices.compactMap { index in
            guard case .compositional(let body) = sections[index].body, body.isOrthogonal else { return nil }
            return (index, body.orthogonalContentWidth)
        }
    }
}

/// A compositional section's cells as a viewport's answer writes them: each frame placed from the
/// groups' origin (moved by the section's orthogonal offset), mirrored and rounded, with its estimate
/// flag. The section's fields are read once, not once a cell.
struct CompositionalCells {
    let layout: BaseLayout
    let section: Int
    let transform: MirrorTransform
    let scale: Double?
    /// The groups' origin in the content, left to right, at an orthogonal offset of 0.
    let origin: Point
    /// The row's orthogonal offset, 0 unless the section is orthogonal.
    let offset: Double
    let estimated: Int
    let estimatedEverywhere: Bool

    init(_ layout: BaseLayout, section: Int, body: CompositionalBody, viewport: Viewport, offset: Double) {
        self.layout = layout
        self.section = section
        transform = layout.cellTransform(section: section, viewport: viewport)
        scale = viewport.scale
        let laidOut = layout.sections[section]
        origin = body.groupsOrigin(sectionStart: laidOut.offset, linesStart: laidOut.linesStart, direction: layout.scrollDirection)
        self.offset = body.isOrthogonal ? offset : 0
        estimated = laidOut.lines.summary.estimatedCount
        estimatedEverywhere = estimated == laidOut.lines.itemCount
    }

    @inline(__always)
    func attributes(item: Int, cell: CompositionalCell, work: inout some WorkCounter) -> LayoutAttributes {
        var frame = cell.frame
        // (x + origin) − offset, in this order: a client computes a row at any offset from its frames
        // at 0 (x + origin) bit for bit (docs/flow-layout.md §23.15).
        frame.origin.x = (frame.origin.x + origin.x) - offset
        frame.origin.y += origin.y
        // A cell is at its estimate while unmeasured, and only where its leaf is estimated (§23.7).
        let isEstimated = !cell.hasEstimatedLeaf || estimated == 0 ? false
            : estimatedEverywhere || layout.sections[section].lines.item(item, work: &work).isEstimated
        return LayoutAttributes(
            kind: .cell, section: section, item: item, frame: transform.apply(frame, scale: scale), zIndex: 0, isEstimated: isEstimated)
    }
}
