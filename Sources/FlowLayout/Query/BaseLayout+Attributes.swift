extension BaseLayout {
    /// Appends the attributes of every element whose frame intersects `viewport.bounds`, in UIKit's
    /// order: all cells (section by section, line by line), then headers, then footers
    /// (docs/flow-layout.md §9).
    ///
    /// Frames are pixel-rounded, mirrored for right-to-left and pinned for this viewport. Only the
    /// sections, lines and items near the bounds are looked at.
    ///
    /// Once `result` holds more than `limit` elements the search stops (the elements found so far stay
    /// in `result`), so a caller can refuse an answer too large to send at the cost of `limit` elements.
    ///
    /// Frames are in points, in content coordinates (see `BaseLayout`), and `viewport.bounds` is in the
    /// same space: its origin is the scroll offset. Elements are appended; `result` is not emptied
    /// first, so a caller can reuse one array's storage from query to query. O(log n + k) for k
    /// elements in view when sections follow each other (always, unless insets or spacings are
    /// negative or CSS lines overflow a fixed `crossSize`: then O(sections + lines near the bounds)).
    /// Reads the layout only, so any number of threads may query one layout at once.
    ///
    /// `orthogonalOffsets` scrolls orthogonal compositional sections sideways (docs/flow-layout.md §23.11).
    public func attributes(
        in viewport: Viewport, orthogonalOffsets: [OrthogonalOffset] = [], into result: inout [LayoutAttributes], limit: Int = .max
    ) {
        var uncounted = Uncounted()
        attributes(in: viewport, orthogonalOffsets: orthogonalOffsets, into: &result, limit: limit, work: &uncounted)
    }

    /// `attributes(in:into:limit:)`, counting its work: every probe of a binary search, every section
    /// and line looked at and every element examined, so tests can show the work is O(log n + k).
    @_spi(WorkCounting)
    public func attributes(
        in viewport: Viewport, orthogonalOffsets: [OrthogonalOffset] = [], into result: inout [LayoutAttributes], limit: Int = .max,
        work examined: inout some WorkCounter
    ) {
        let rect = viewport.bounds
        guard dimension > 0, !rect.isEmpty else { return }
        let sectionSearch = sectionSearch(viewport)
        let candidates = sectionRange(touching: sectionSearch, probes: &examined)
        for index in candidates where mayHoldElements(section: index, touching: sectionSearch) {
            switch sections[index].body {
            case .uniform(let grid):
                appendCells(of: grid, section: index, viewport: viewport, limit: limit, into: &result, work: &examined)
            case .rows(let lines):
                appendCells(of: lines, section: index, viewport: viewport, limit: limit, into: &result, work: &examined)
            case .masonry(let placement):
                appendCells(of: placement, section: index, viewport: viewport, limit: limit, into: &result, work: &examined)
            case .compositional(let body):
                appendCells(
                    of: body, section: index, viewport: viewport, offset: orthogonalOffsets.offset(section: index), limit: limit,
                    into: &result, work: &examined)
            }
            if result.count > limit { return }
        }
        // Headers, then footers; a function called twice rather than a loop over an array literal,
        // which would be allocated on every query.
        func appendSupplementaries(_ kind: LayoutAttributes.Kind) {
            for index in candidates where mayHoldElements(section: index, touching: sectionSearch) {
                examined += 1
                guard let frame = supplementaryFrame(kind, section: index, viewport: viewport), frame.touches(rect) else {
                    continue
                }
                result.append(LayoutAttributes(
                    kind: kind, section: index, item: 0, frame: frame, zIndex: LayoutAttributes.supplementaryZIndex))
            }
        }
        appendSupplementaries(.header)
        appendSupplementaries(.footer)
        // Compositional sections' backgrounds last (§23.12); most layouts have none and look for none.
        guard hasSectionBackgrounds else { return }
        for index in candidates where mayHoldElements(section: index, touching: sectionSearch) {
            guard let frame = sectionBackgroundFrame(section: index, viewport: viewport), frame.touches(rect) else { continue }
            examined += 1
            result.append(LayoutAttributes(
                kind: .sectionBackground, section: index, item: 0, frame: frame, zIndex: LayoutAttributes.sectionBackgroundZIndex))
        }
    }

    /// The frame a section occupies, left to right: the whole `dimension` across, its length along
    /// the scroll axis; when negative insets or spacings put elements outside that span (or make the
    /// length negative), the span of the section and all its elements, so that every element in view
    /// is still found.
    func sectionFrame(_ index: Int) -> Rect {
        // Fields read in place: a copy of the section would retain and release what it holds.
        guard !sectionsAreOrdered else {
            return scrollDirection.rect(
                along: 0, scroll: sections[index].offset, alongLength: dimension, scrollLength: sections[index].length)
        }
        let extent = sections[index].scrollExtent
        return scrollDirection.rect(
            along: 0, scroll: sections[index].offset + extent.min, alongLength: dimension, scrollLength: extent.max - extent.min)
    }

    /// Whether the section's elements may touch `rect` (in unmirrored content coordinates): its frame
    /// touches it (docs/flow-layout.md §9). When negative insets or spacings put elements outside
    /// their section's span, only the side across the scroll axis is checked here, and each line and
    /// element is checked exactly where it ends up (right-to-left included).
    func mayHoldElements(section index: Int, touching rect: Rect) -> Bool {
        guard !sectionsAreOrdered else { return sectionFrame(index).touches(rect) }
        return scrollDirection.alongMin(rect) <= dimension && scrollDirection.alongMax(rect) >= 0
    }

    var isHorizontal: Bool { scrollDirection == .horizontal }

    /// Right-to-left horizontal layouts mirror sections (and headers and footers) across the content
    /// width; vertical ones leave them in place.
    func contentMirror(_ viewport: Viewport) -> MirrorTransform {
        guard viewport.layoutDirection == .rightToLeft, isHorizontal else { return .identity }
        return MirrorTransform(mapping: .mirror(length: contentSize.width), mirrorsAfterRounding: false)
    }

    /// `viewport.bounds` in unmirrored content coordinates, to find the sections they touch. Mirroring
    /// rounds (the content width less an edge), so a right-to-left search grows by a few ulps of that
    /// width: a section touching the bounds only at an edge is not lost to the rounding; its elements
    /// are then checked against the bounds exactly.
    func sectionSearch(_ viewport: Viewport) -> Rect {
        let unmapped = contentMirror(viewport).unmap(viewport.bounds)
        guard viewport.layoutDirection == .rightToLeft, isHorizontal else { return unmapped }
        return unmapped.outset(by: 4 * contentSize.width.ulp)
    }

    /// How a section's cells map for the viewport's layout direction (docs/flow-layout.md §11): a
    /// masonry section mirrors before its origins are rounded, a vertical one inside the dimension
    /// (column 0 at the right), a horizontal one across the content width (§22.3).
    func cellTransform(section index: Int, viewport: Viewport) -> MirrorTransform {
        guard viewport.layoutDirection == .rightToLeft else { return .identity }
        let uniform: Bool
        switch sections[index].body {
        case .uniform: uniform = true
        case .rows: uniform = false
        case .masonry, .compositional:
            return MirrorTransform(mapping: .mirror(length: isHorizontal ? contentSize.width : dimension), mirrorsAfterRounding: false)
        }
        if !isHorizontal { return MirrorTransform(mapping: .mirror(length: dimension), mirrorsAfterRounding: uniform) }
        if uniform { return MirrorTransform(mapping: .mirror(length: contentSize.width), mirrorsAfterRounding: true) }
        // The block of columns moves to its mirrored place, between the mirrored footer (now on the
        // left) and header (on the right), but keeps its column order.
        let section = sections[index]
        let blockStart = section.offset + section.linesStart
        let blockEnd = section.offset + section.linesEnd
        return MirrorTransform(mapping: .shift(delta: contentSize.width - blockEnd - blockStart), mirrorsAfterRounding: false)
    }

    /// Sections that may intersect `rect` (left to right) along the scroll axis; `probes` counts the
    /// sections looked at to find them.
    func sectionRange(touching rect: Rect, probes: inout some WorkCounter) -> Range<Int> {
        guard sectionsAreOrdered else {
            probes += sections.count
            return sections.indices
        }
        let low = scrollDirection.scrollMin(rect)
        let high = scrollDirection.scrollMax(rect)
        let first = VisibleRange.firstEnding(atOrAfter: low, count: sections.count, probes: &probes) { sections[$0].end }
        var last = first
        while last < sections.count, sections[last].offset <= high {
            probes += 1
            last += 1
        }
        return first..<last
    }

    /// Rounding moves an origin by at most half a pixel, so candidates are found in the bounds grown by
    /// a little more than that, then checked exactly against their final frames.
    private func searchSlack(scale: Double?) -> Double {
        guard let scale, scale > 0 else { return 1 }
        return Swift.max(1, 1 / scale)
    }

    private func appendCells(
        of grid: UniformGrid, section: Int, viewport: Viewport, limit: Int, onlyLine: Int? = nil,
        into result: inout [LayoutAttributes], work examined: inout some WorkCounter
    ) {
        let direction = scrollDirection
        let rect = viewport.bounds
        let transform = cellTransform(section: section, viewport: viewport)
        let search = transform.unmap(rect).outset(by: searchSlack(scale: viewport.scale))
        let offset = sections[section].offset
        let lines = onlyLine.map { $0..<$0 + 1 } ?? gridLines(grid, section: section, viewport: viewport)
        // One probe for the arithmetic that finds the lines, one for each line's columns.
        examined += 1
        let estimates = sections[section].lines.summary
        let estimatedEverywhere = estimates.estimatedCount == estimates.itemCount
        for line in lines {
            if result.count > limit { break }
            examined += 1
            let scroll = offset + grid.scrollOrigin(line: line)
            let (begin, gap) = grid.placement(line: line)
            let columns = VisibleRange.arithmetic(
                count: grid.itemCount(onLine: line), base: begin, stride: grid.alongLength + gap,
                length: grid.alongLength, low: direction.alongMin(search), high: direction.alongMax(search))
            for column in columns where result.count <= limit {
                examined += 1
                let frame = transform.apply(
                    direction.rect(
                        along: begin + (grid.alongLength + gap) * Double(column), scroll: scroll,
                        alongLength: grid.alongLength, scrollLength: grid.acrossLength),
                    scale: viewport.scale)
                // Uniform sections include lines that touch the bounds but not columns that only touch
                // their far edge (docs/flow-layout.md §9).
                guard direction.scrollMax(frame) >= direction.scrollMin(rect),
                    direction.scrollMin(frame) <= direction.scrollMax(rect),
                    direction.alongMax(frame) >= direction.alongMin(rect),
                    direction.alongMin(frame) < direction.alongMax(rect)
                else { continue }
                let item = line * grid.perLine + column
                // Flags are looked up only when some items are estimates and some are not.
                let isEstimated = estimates.estimatedCount == 0 ? false
                    : estimatedEverywhere || sections[section].lines.item(item, work: &examined).isEstimated
                result.append(LayoutAttributes(kind: .cell, section: section, item: item, frame: frame, zIndex: 0, isEstimated: isEstimated))
            }
        }
    }

    /// The lines of a uniform section that may touch `viewport.bounds`, by arithmetic. O(1).
    private func gridLines(_ grid: UniformGrid, section: Int, viewport: Viewport) -> Range<Int> {
        let transform = cellTransform(section: section, viewport: viewport)
        let search = transform.unmap(viewport.bounds).outset(by: searchSlack(scale: viewport.scale))
        return VisibleRange.arithmetic(
            count: grid.lineCount, base: sections[section].offset + grid.firstLineStart, stride: grid.lineStride,
            length: grid.acrossLength, low: scrollDirection.scrollMin(search), high: scrollDirection.scrollMax(search))
    }

    /// The last cell, in UIKit's order, that `attributes(in: viewport)` gives and whose frame contains
    /// `point`: sections, lines (uniform path) and chunks (row path, where lines may go backwards) are
    /// read from the end, so lines that overlap at the point cost only those read until one holds it
    /// (docs/flow-layout.md §20.3). `work` grows as the query's count does.
    func lastCell(containing point: Point, viewport: Viewport, work: inout some WorkCounter) -> LayoutAttributes? {
        guard dimension > 0, !viewport.bounds.isEmpty else { return nil }
        let sectionSearch = sectionSearch(viewport)
        var found: [LayoutAttributes] = []
        func hit() -> LayoutAttributes? {
            defer { found.removeAll(keepingCapacity: true) }
            return found.last { $0.kind == .cell && $0.frame.contains(point) }
        }
        for index in sectionRange(touching: sectionSearch, probes: &work).reversed()
        where mayHoldElements(section: index, touching: sectionSearch) {
            switch sections[index].body {
            case .uniform(let grid):
                for line in gridLines(grid, section: index, viewport: viewport).reversed() {
                    appendCells(of: grid, section: index, viewport: viewport, limit: .max, onlyLine: line, into: &found, work: &work)
                    if let cell = hit() { return cell }
                }
            case .rows(let lines) where lines.isMonotone:
                appendCells(of: lines, section: index, viewport: viewport, limit: .max, into: &found, work: &work)
                if let cell = hit() { return cell }
            case .masonry(let placement):
                appendCells(of: placement, section: index, viewport: viewport, limit: .max, into: &found, work: &work)
                if let cell = hit() { return cell }
            case .compositional(let body):
                appendCells(of: body, section: index, viewport: viewport, offset: 0, limit: .max, into: &found, work: &work)
                if let cell = hit() { return cell }
            case .rows(let lines):
                // Lines may go backwards: the chunks that may reach the bounds, the last first.
                let (reader, relativeLow) = lineReader(lines, section: index, viewport: viewport, limit: .max)
                var cell: LayoutAttributes?
                LineTree.forEachChunkBackwards(
                    in: lines.root, low: relativeLow, high: FixedLength(reader.high) - lines.base, slope: lines.slope, work: &work
                ) { position, work in
                    _ = reader.read(position, low: relativeLow, into: &found, work: &work)
                    cell = hit()
                    return cell == nil
                }
                if let cell { return cell }
            }
        }
        return nil
    }

    /// The reader of a row-path section's lines for `viewport`, and the bounds' near edge relative to
    /// the first line's start (for the tree's relative positions; ends reach `grow` further under CSS
    /// `align-content: stretch`).
    @inline(__always)
    private func lineReader(
        _ lines: SectionLines, section: Int, viewport: Viewport, limit: Int
    ) -> (reader: LineReader, relativeLow: FixedLength) {
        let transform = cellTransform(section: section, viewport: viewport)
        let search = transform.unmap(viewport.bounds).outset(by: searchSlack(scale: viewport.scale))
        let offset = sections[section].offset
        // The offset inside a column is what right-to-left mirrors on this path
        // (docs/flow-layout.md §11).
        let crossAlignment = viewport.layoutDirection == .rightToLeft && isHorizontal
            ? lines.geometry.crossAlignment.mirrored : lines.geometry.crossAlignment
        let reader = LineReader(
            layout: self, lines: lines, section: section, offset: offset, viewport: viewport, transform: transform,
            search: search, crossAlignment: crossAlignment, limit: limit)
        return (reader, FixedLength(scrollDirection.scrollMin(search) - offset) - lines.base - FixedLength(lines.grow))
    }

    /// The cells that `attributes(in:into:)` gives for `viewport` among the line holding `path` and the
    /// other lines of its chunk: only that chunk is read (or, on the uniform path, that line), so
    /// lines elsewhere that overlap it (negative line spacing) cost nothing; in a masonry section, the
    /// cell alone. `path` must exist. O(log n + a chunk's items).
    func appendCells(
        ofLineHolding path: ItemPath, viewport: Viewport, into result: inout [LayoutAttributes], work: inout some WorkCounter
    ) {
        switch sections[path.section].body {
        case .uniform(let grid):
            appendCells(
                of: grid, section: path.section, viewport: viewport, limit: .max, onlyLine: path.item / grid.perLine, into: &result,
                work: &work)
        case .rows(let lines):
            let position = LineTree.chunk(holdingItem: path.item, in: lines.root!, work: &work)
            let (reader, relativeLow) = lineReader(lines, section: path.section, viewport: viewport, limit: .max)
            _ = reader.read(position, low: relativeLow, into: &result, work: &work)
        case .masonry(let placement):
            // A cell is its own line: the cell alone, however many others its span crosses.
            work += 1
            let cells = MasonryCells(self, section: path.section, placement: placement, viewport: viewport)
            result.append(cells.attributes(item: path.item, cell: placement.cell(path.item), work: &work))
        case .compositional(let body):
            // A cell is its own line, as in masonry.
            result.append(compositionalAttributes(of: body, section: path.section, item: path.item, viewport: viewport, work: &work))
        }
    }

    /// A masonry section's cells that touch `viewport.bounds`, in item order (§22.4), until `result`
    /// holds more than `limit`.
    private func appendCells(
        of placement: MasonryPlacement, section index: Int, viewport: Viewport, limit: Int, into result: inout [LayoutAttributes],
        work: inout some WorkCounter
    ) {
        let cells = MasonryCells(self, section: index, placement: placement, viewport: viewport)
        let rect = viewport.bounds
        let search = cells.transform.unmap(rect).outset(by: searchSlack(scale: viewport.scale))
        placement.forEachCell(
            intersecting: scrollDirection.scrollMin(search) - cells.start, scrollDirection.scrollMax(search) - cells.start, work: &work
        ) { item, cell, work in
            let attributes = cells.attributes(item: item, cell: cell, work: &work)
            if attributes.frame.touches(rect) { result.append(attributes) }
            return result.count <= limit
        }
    }

    private func appendCells<Counter: WorkCounter>(
        of lines: SectionLines, section: Int, viewport: Viewport, limit: Int, into result: inout [LayoutAttributes],
        work examined: inout Counter
    ) {
        let (reader, relativeLow) = lineReader(lines, section: section, viewport: viewport, limit: limit)
        var cursorOverflowed = false
        let firstFound = result.count
        if lines.isMonotone {
            // Lines never go backwards: walk down to the first that reaches the bounds, read on from there.
            withUnsafeTemporaryAllocation(of: LineCursor.Pending.self, capacity: LineCursor.stackCapacity) { stack in
                var cursor = LineCursor(
                    lines.root, reaching: relativeLow, spacing: lines.spacing, slope: lines.slope, stack: stack, work: &examined)
                while !cursor.overflowed, let position = cursor.next(work: &examined),
                    reader.read(position, low: relativeLow, into: &result, work: &examined)
                {}
                cursorOverflowed = cursor.overflowed
            }
        }
        if cursorOverflowed { result.removeSubrange(firstFound...) }
        if !lines.isMonotone || cursorOverflowed {
            let relativeHigh = FixedLength(reader.high) - lines.base
            LineTree.forEachChunk(in: lines.root, low: relativeLow, high: relativeHigh, slope: lines.slope, work: &examined) {
                position, examined in reader.read(position, low: relativeLow, into: &result, work: &examined)
            }
        }
    }

    /// Whether a section's header or footer pins: the layout's setting, or a compositional section's own.
    private func pins(_ kind: LayoutAttributes.Kind, section: SectionLayout) -> Bool {
        guard case .compositional(let body) = section.body else { return kind == .header ? pinsHeaders : pinsFooters }
        return (kind == .header ? body.section.header : body.section.footer)?.pinToVisibleBounds ?? false
    }

    /// The frame of a section's header or footer for this viewport, pinned when the layout asks for it
    /// (docs/flow-layout.md §10) unless `pinned` is false, or nil when the section has none.
    func supplementaryFrame(_ kind: LayoutAttributes.Kind, section index: Int, viewport: Viewport, pinned: Bool = true) -> Rect? {
        let isHeader = kind == .header
        // The length first, read in place: a section without this element (most have neither) is not
        // copied, with its arrays' reference counting, on every query.
        let length = isHeader ? sections[index].headerLength : sections[index].footerLength
        guard length > 0 else { return nil }
        let section = sections[index]
        let direction = scrollDirection
        var scroll = section.offset + (isHeader ? 0 : section.footerStart)
        var sectionMin = section.offset
        var sectionMax = section.end
        // Right-to-left horizontal layouts mirror sections across the content width, headers to the right.
        let mirrored = viewport.layoutDirection == .rightToLeft && isHorizontal
        if mirrored {
            let width = contentSize.width
            scroll = width - length - scroll
            (sectionMin, sectionMax) = (width - section.end, width - section.offset)
        }
        let inset = viewport.contentInset
        let visibleMin = direction.scrollMin(viewport.bounds) + direction.scrollLead(inset)
        let visibleMax = direction.scrollMax(viewport.bounds) - direction.scrollTrail(inset)
        if isHeader && pinned && pins(.header, section: section) {
            if mirrored {
                if visibleMax < scroll + length { scroll = visibleMax - length }
                if scroll - section.footerLength < sectionMin { scroll = sectionMin + section.footerLength }
            } else {
                scroll = Swift.max(scroll, visibleMin)
                if scroll + section.headerLength + section.footerLength > sectionMax {
                    scroll = sectionMax - section.footerLength - section.headerLength
                }
            }
        } else if !isHeader && pinned && pins(.footer, section: section) {
            // Footers follow the left-to-right rule in either direction (docs/flow-layout.md §10).
            if visibleMax < scroll + length { scroll = visibleMax - length }
            if scroll - section.headerLength < sectionMin { scroll = sectionMin + section.headerLength }
        }
        var frame = direction.rect(along: 0, scroll: scroll, alongLength: dimension, scrollLength: length)
        if case .compositional(let body) = section.body {
            // At the leading inset, as wide as it resolved (§23.9); mirrored inside the width right to left.
            let across = isHeader ? body.headerAcross : body.footerAcross
            frame.origin.x = viewport.layoutDirection == .rightToLeft ? dimension - across.start - across.length : across.start
            frame.size.width = across.length
        }
        return roundOrigin(frame, scale: viewport.scale)
    }
}

/// A masonry section's cells as a viewport's answer writes them (§22.3): each cell's frame placed in
/// the content from the section's start and leading inset, mirrored and rounded, with its estimate
/// flag and its column. The section's fields are read once, not once a cell.
private struct MasonryCells {
    let layout: BaseLayout
    let section: Int
    let direction: ScrollDirection
    let transform: MirrorTransform
    let scale: Double?
    /// Where the section's cells begin along the scroll axis, and its leading inset across it.
    let start: Double
    let lead: Double
    let estimated: Int
    let estimatedEverywhere: Bool

    init(_ layout: BaseLayout, section: Int, placement: MasonryPlacement, viewport: Viewport) {
        self.layout = layout
        self.section = section
        direction = layout.scrollDirection
        transform = layout.cellTransform(section: section, viewport: viewport)
        scale = viewport.scale
        start = layout.sections[section].offset + layout.sections[section].linesStart
        lead = layout.sections[section].lines.geometry.lineLead
        estimated = layout.sections[section].lines.summary.estimatedCount
        estimatedEverywhere = estimated == placement.itemCount
    }

    @inline(__always)
    func attributes(item: Int, cell: MasonryPlacement.Cell, work: inout some WorkCounter) -> LayoutAttributes {
        let frame = transform.apply(cell.frame(lead: lead, start: start, direction: direction), scale: scale)
        // Flags are looked up only when some items are estimates and some are not.
        let isEstimated = estimated == 0 ? false
            : estimatedEverywhere || layout.sections[section].lines.item(item, work: &work).isEstimated
        return LayoutAttributes(kind: .cell, section: section, item: item, frame: frame, zIndex: 0, isEstimated: isEstimated, column: cell.column)
    }
}
