/// Reads the cells of one row-path section's chunks for a query: each line's start from the exact
/// running sum (docs/flow-layout.md §6.5), its placement (§6.4), and every cell that touches the
/// bounds. Listed chunks are read from their arrays and runs from their one item, without building an
/// item per cell.
struct LineReader {
    let layout: BaseLayout
    let lines: SectionLines
    let section: Int
    /// The section's offset along the scroll axis.
    let offset: Double
    let viewport: Viewport
    let transform: MirrorTransform
    /// The bounds, unmirrored and grown by the rounding slack, where candidates are looked for.
    let search: Rect
    let crossAlignment: CrossAlignment
    let limit: Int
    /// The search's far edge along the scroll axis, relative to the section.
    let high: Double
    private let spacing: FixedLength
    private let isMonotone: Bool

    init(
        layout: BaseLayout, lines: SectionLines, section: Int, offset: Double, viewport: Viewport,
        transform: MirrorTransform, search: Rect, crossAlignment: CrossAlignment, limit: Int
    ) {
        self.layout = layout
        self.lines = lines
        self.section = section
        self.offset = offset
        self.viewport = viewport
        self.transform = transform
        self.search = search
        self.crossAlignment = crossAlignment
        self.limit = limit
        self.high = layout.scrollDirection.scrollMax(search) - offset
        self.spacing = lines.spacing
        self.isMonotone = lines.isMonotone
    }

    /// Appends the cells of a chunk's lines that touch the bounds; false once past them (lines that
    /// never go backwards) or past `limit`. `low` is the bounds' near edge relative to the first line's
    /// start (as `LineCursor` takes it): lines ending before it are only summed, not placed.
    func read(_ position: LineTree.Position, low: FixedLength, into result: inout [LayoutAttributes], work: inout some WorkCounter) -> Bool {
        switch position.node.chunk.kind {
        case .listed(let listed):
            // The chunk's arrays read in place, once: no reference counted per line.
            return listed.sizes.withUnsafeBufferPointer { sizes in
                listed.thicknesses.withUnsafeBufferPointer { thicknesses in
                    listed.firstItems.withUnsafeBufferPointer { firstItems in
                        guard let marks = listed.marks else {
                            return readListed(
                                position, sizes: sizes, marks: nil, thicknesses: thicknesses, firstItems: firstItems,
                                low: low, into: &result, work: &work)
                        }
                        return marks.withUnsafeBufferPointer { marks in
                            readListed(
                                position, sizes: sizes, marks: marks, thicknesses: thicknesses,
                                firstItems: firstItems, low: low, into: &result, work: &work)
                        }
                    }
                }
            }
        case .run(let run):
            let stride = FixedLength(run.thickness) + spacing
            // Lines of a run are evenly spaced: skip to the first that may reach the bounds.
            var first = 0
            let pitch = (stride + lines.slope).doubleValue
            if isMonotone, pitch > 0 {
                let low = layout.scrollDirection.scrollMin(search) - offset - lines.grow - run.thickness
                let chunkStart = lines.start(relative: position.start, line: position.firstLine)
                // Clamped as a double: a pitch next to nothing puts the quotient past any Int.
                let skipped = ((low - chunkStart) / pitch).rounded(.down) - 1
                first = skipped >= Double(run.lineCount) ? run.lineCount : skipped > 0 ? Int(skipped) : 0
            }
            for line in first..<run.lineCount {
                guard result.count <= limit else { return false }
                work += 1
                let start = lines.start(relative: position.start + stride * line, line: position.firstLine + line)
                if start > high {
                    if isMonotone { return false }
                    continue
                }
                readLine(
                    start: start, thickness: run.thickness + lines.grow, line: position.firstLine + line,
                    items: LineItems(run: run), firstItem: position.firstItem + line * run.perLine, into: &result,
                    work: &work)
            }
            return result.count <= limit
        }
    }

    @inline(__always)
    private func readListed(
        _ position: LineTree.Position, sizes: UnsafeBufferPointer<Size>, marks: UnsafeBufferPointer<UInt16>?,
        thicknesses: UnsafeBufferPointer<Double>, firstItems: UnsafeBufferPointer<UInt32>, low: FixedLength,
        into result: inout [LayoutAttributes], work: inout some WorkCounter
    ) -> Bool {
        var relative = position.start
        var line = 0
        if isMonotone, lines.slope == .zero {
            // Skip the lines that end before the bounds (a line does when the next one starts less than
            // a spacing past `low`): only their sum is needed.
            let nextStartBound = low + spacing
            let fenced = position.node.listedFence(startingBelow: nextStartBound - position.start)
            line = fenced.line
            relative = position.start + fenced.start
            while line < thicknesses.count {
                let next = relative + FixedLength(thicknesses[line]) + spacing
                if !(next < nextStartBound) { break }
                relative = next
                line += 1
            }
            work += 1 + line - fenced.line
        }
        while line < thicknesses.count {
            guard result.count <= limit else { return false }
            work += 1
            let thickness = thicknesses[line]
            let start = lines.start(relative: relative, line: position.firstLine + line)
            relative += FixedLength(thickness) + spacing
            if start > high {
                if isMonotone { return false }
                line += 1
                continue
            }
            let first = Int(firstItems[line])
            let end = line + 1 < firstItems.count ? Int(firstItems[line + 1]) : sizes.count
            readLine(
                start: start, thickness: thickness + lines.grow, line: position.firstLine + line,
                items: LineItems(sizes: sizes, marks: marks, range: first..<end),
                firstItem: position.firstItem + first, into: &result, work: &work)
            line += 1
        }
        return result.count <= limit
    }

    /// One line at `start` (relative to the section): its placement, then each of its cells.
    @inline(__always)
    private func readLine(
        start: Double, thickness: Double, line: Int, items: LineItems, firstItem: Int, into result: inout [LayoutAttributes],
        work: inout some WorkCounter
    ) {
        let direction = layout.scrollDirection
        let lineStart = offset + start
        let lineFrame = direction.rect(along: 0, scroll: lineStart, alongLength: layout.dimension, scrollLength: thickness)
        guard lineFrame.touches(search) else { return }
        let (begin, gap) = lines.geometry.placement(count: items.count, isComplete: lines.isComplete(line: line)) {
            direction.along(items.size($0))
        }
        var along = begin
        for index in 0..<items.count where result.count <= limit {
            work += 1
            let size = items.size(index)
            let a = direction.along(size)
            let c = direction.across(size)
            let frame = transform.apply(
                direction.rect(
                    along: along, scroll: lineStart + crossAlignment.offset(lineThickness: thickness, itemThickness: c),
                    alongLength: a, scrollLength: c),
                scale: viewport.scale)
            along += a + gap
            if frame.touches(viewport.bounds) {
                result.append(LayoutAttributes(
                    kind: .cell, section: section, item: firstItem + index, frame: frame, zIndex: 0,
                    isEstimated: items.isEstimated(index)))
            }
        }
    }
}

/// The items of one line as a query reads them: a listed chunk's sizes in place, or a run's one item.
private struct LineItems {
    private let sizes: UnsafeBufferPointer<Size>?
    /// `ListedLines.marks`: bit 0 is the estimate flag.
    private let marks: UnsafeBufferPointer<UInt16>?
    private let first: Int
    let count: Int
    private let item: Size
    private let itemIsEstimated: Bool

    init(sizes: UnsafeBufferPointer<Size>, marks: UnsafeBufferPointer<UInt16>?, range: Range<Int>) {
        self.sizes = sizes
        self.marks = marks
        self.first = range.lowerBound
        self.count = range.count
        self.item = .zero
        self.itemIsEstimated = false
    }

    init(run: RunLines) {
        self.sizes = nil
        self.marks = nil
        self.first = 0
        self.count = run.perLine
        self.item = run.item.size
        self.itemIsEstimated = run.item.isEstimated
    }

    @inline(__always) func size(_ index: Int) -> Size { sizes.map { $0[first + index] } ?? item }
    @inline(__always) func isEstimated(_ index: Int) -> Bool { marks.map { $0[first + index] & 1 != 0 } ?? itemIsEstimated }
}
