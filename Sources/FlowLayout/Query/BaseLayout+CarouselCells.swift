extension BaseLayout {
    /// Carousel `section`'s cells at offset 0 whose frames reach `from...to` along x, in item order,
    /// left to right and unrounded, whatever the content's width (a carousel band, §23.15): a view at
    /// offset o has each at x − o, then mirrored and rounded as any view is. False, adding nothing,
    /// when the section is not a carousel. Stops past `limit` elements in `result`. O(log groups + k).
    @discardableResult
    public func carouselCells(section: Int, from: Double, to: Double, into result: inout [LayoutAttributes], limit: Int = .max) -> Bool {
        guard sections.indices.contains(section), case .compositional(let body) = sections[section].body, body.isOrthogonal else {
            return false
        }
        var uncounted = Uncounted()
        let cells = CompositionalCells(self, section: section, body: body, viewport: Viewport(bounds: .zero), offset: 0)
        body.placement.forEachCell(reaching: from - cells.origin.x, to - cells.origin.x, work: &uncounted) { item, cell, work in
            let attributes = cells.attributes(item: item, cell: cell, work: &work)
            if attributes.frame.minX <= to && attributes.frame.maxX >= from { result.append(attributes) }
            return result.count <= limit
        }
        return true
    }
}
