extension BaseLayout {
    /// One cell's attributes for `viewport`'s scale, exactly as `attributes(in:into:)` gives them,
    /// wherever the viewport is; nil when the index path does not exist or nothing is laid out.
    /// Left-to-right content coordinates. O(log n + the items of the cell's line).
    public func attributes(ofItem path: ItemPath, scale: Double? = nil) -> LayoutAttributes? {
        var uncounted = Uncounted()
        return attributes(ofItem: path, scale: scale, layoutDirection: .leftToRight, work: &uncounted)
    }

    /// A header's or footer's frame for a viewport at `bounds` (pinning reads them); nil when the
    /// section has none or does not exist. Left-to-right content coordinates.
    public func frame(of kind: LayoutAttributes.Kind, section: Int, bounds: Rect, scale: Double? = nil) -> Rect? {
        guard dimension > 0, sections.indices.contains(section), kind == .header || kind == .footer else { return nil }
        return supplementaryFrame(kind, section: section, viewport: Viewport(bounds: bounds, scale: scale))
    }

    /// Absolute scroll-axis start and length of the line holding an item (a masonry cell's own span),
    /// left to right; `work` counts the tree nodes walked and the lines of the chunk summed. O(log n +
    /// a chunk's lines).
    func lineSpan(of path: ItemPath, work: inout some WorkCounter) -> (start: Double, length: Double) {
        let section = sections[path.section]
        switch section.body {
        case .uniform(let grid):
            work += 1
            let line = path.item / grid.perLine
            return (section.offset + grid.scrollOrigin(line: line), grid.acrossLength)
        case .rows(let lines):
            let position = LineTree.chunk(holdingItem: path.item, in: lines.root!, work: &work)
            let chunk = position.node.chunk
            let line = chunk.line(holdingItem: path.item - position.firstItem)
            var relative = position.start
            for earlier in 0..<line { relative += FixedLength(chunk.thickness(ofLine: earlier)) + lines.spacing }
            work += line + 1
            let start = lines.start(relative: relative, line: position.firstLine + line)
            return (section.offset + start, chunk.thickness(ofLine: line) + lines.grow)
        case .masonry(let placement):
            // A cell is its own line: the query around it is the query of its span.
            work += 1
            let frame = section.frame(of: placement.cell(path.item), direction: scrollDirection)
            return (scrollDirection.scrollMin(frame), scrollDirection.scrollMax(frame) - scrollDirection.scrollMin(frame))
        case .compositional(let body):
            // A cell is its own line; an orthogonal section's cells at its offset 0.
            let frame = compositionalAttributes(
                of: body, section: path.section, item: path.item, viewport: Viewport(bounds: .zero), work: &work).frame
            return (scrollDirection.scrollMin(frame), scrollDirection.scrollMax(frame) - scrollDirection.scrollMin(frame))
        }
    }
}
