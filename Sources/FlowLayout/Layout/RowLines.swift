/// UIKit's row path: items of differing sizes broken into lines one by one (docs/flow-layout.md §6).
///
/// Only the item sizes and one 20-byte record per line are kept; where each item sits inside its line
/// is recomputed for the lines a query touches, with the same arithmetic as UIKit, so a cached layout
/// costs at most 40 bytes per item.
///
/// A class, immutable once built: a query reads a section's lines in place, never a copy of its arrays.
final class RowLines: Sendable {
    typealias Line = LineTable.Line

    let sizes: [Size]
    let lines: LineTable
    /// Spacing between items inside a line and between lines. The row path swaps UIKit's two spacings
    /// when scrolling horizontally (§6.1).
    let inLineSpacing: Double
    let lineSpacing: Double
    let lineLead: Double
    let lineTrail: Double
    let dimension: Double
    let direction: ScrollDirection
    let placement: LinePlacement
    let crossAlignment: CrossAlignment
    /// Line ends never go backwards (true for non-negative spacing), so lines can be binary searched.
    let isMonotone: Bool

    init(
        sizes: [Size], direction: ScrollDirection, dimension: Double, lineLead: Double, lineTrail: Double,
        inLineSpacing sIn: Double, lineSpacing sLn: Double, firstLineStart: Double,
        placement: LinePlacement = .uikit, crossAlignment: CrossAlignment = .center, breaksLikeCSS: Bool = false,
        adjustingLines adjust: (inout LineTable) -> Void = { _ in }
    ) {
        self.sizes = sizes
        self.inLineSpacing = sIn
        self.lineSpacing = sLn
        self.lineLead = lineLead
        self.lineTrail = lineTrail
        self.dimension = dimension
        self.direction = direction
        self.placement = placement
        self.crossAlignment = crossAlignment

        precondition(sizes.count <= LineTable.maxItems, "a section holds at most \(LineTable.maxItems) items")
        let breaking = LineBreaking(
            direction: direction, available: dimension - lineLead - lineTrail, inLineSpacing: sIn, lineSpacing: sLn,
            firstLineStart: firstLineStart, breaksLikeCSS: breaksLikeCSS)
        // Two passes, one counting and one writing into tables of exactly that size: cheaper on a long
        // list than growing three arrays by doubling and trimming them, which touches three times the
        // memory (and its page faults) and copies it twice.
        let count = sizes.withUnsafeBufferPointer { sizes in
            var count = 0
            _ = breaking.breakLines(sizes) { _ in count += 1 }
            return count
        }
        var isMonotone = true
        var lines = LineTable(count: count) { table in
            isMonotone = sizes.withUnsafeBufferPointer { sizes in breaking.breakLines(sizes) { table.append($0) } }
        }
        adjust(&lines)
        self.lines = lines
        self.isMonotone = isMonotone
    }

    /// Where the lines end (the last line's far edge).
    func endOfLines(firstLineStart: Double) -> Double {
        guard let last = lines.last else { return firstLineStart }
        return last.start + last.thickness
    }

    @inline(__always) func itemRange(ofLine line: Int) -> Range<Int> {
        let first = lines.firstItem(ofLine: line)
        let end = line + 1 < lines.count ? lines.firstItem(ofLine: line + 1) : sizes.count
        return first..<end
    }

    /// Along offset of the line's first item and the gap after each item, as UIKit places them (§6.4).
    func placement(ofLine line: Int) -> (begin: Double, gap: Double) {
        let range = itemRange(ofLine: line)
        if case .uikit = placement {} else {
            var sum = 0.0
            for index in range { sum += direction.along(sizes[index]) }
            return placement.place(
                count: range.count, sum: sum, lineLead: lineLead, lineTrail: lineTrail, dimension: dimension,
                spacing: inLineSpacing)
        }
        guard lines[line].isComplete else { return (lineLead, inLineSpacing) }
        if range.count == 1 {
            let a = direction.along(sizes[range.lowerBound])
            let avail = dimension - lineLead - lineTrail
            return (a <= avail ? lineLead + (avail - a) / 2 : lineLead, inLineSpacing)
        }
        var sum = 0.0
        for index in range { sum += direction.along(sizes[index]) }
        return (lineLead, (dimension - lineLead - lineTrail - sum) / Double(range.count - 1))
    }

    /// Bytes this geometry keeps alive: the object (a header of two words and the stored properties,
    /// laid out as this tuple of their types) and its arrays' elements.
    var byteCount: Int {
        typealias Fields = ([Size], LineTable, Double, Double, Double, Double, Double, ScrollDirection, LinePlacement, CrossAlignment, Bool)
        return 16 + MemoryLayout<Fields>.size + sizes.capacity * MemoryLayout<Size>.stride + lines.byteCount
    }
}

/// UIKit's line breaking (§6.2, §6.3): items go on the open line while they fit, with the first-item
/// quirks of each mode and the completeness rules of the last line.
private struct LineBreaking {
    var direction: ScrollDirection
    var available: Double
    var inLineSpacing: Double
    var lineSpacing: Double
    var firstLineStart: Double
    var breaksLikeCSS: Bool

    /// Hands each line to `emit` in order, once it is closed; returns whether line ends never go backwards.
    @inline(__always)
    func breakLines(_ sizes: UnsafeBufferPointer<Size>, emit: (LineTable.Line) -> Void) -> Bool {
        guard !sizes.isEmpty else { return true }
        var isMonotone = true
        var everyEarlierLineHasOneItem = true
        var isFirstLine = true
        var firstItem = 0
        var start = firstLineStart
        var thickness = 0.0
        var remaining = available
        var previousRemaining = available
        for index in sizes.indices {
            let along = direction.along(sizes[index])
            // CSS puts the first item of a line on it whatever its size; UIKit may close the empty line
            // first (the empty-first-line quirk, §6.2).
            if along <= remaining || (breaksLikeCSS && firstItem == index) {
                remaining -= along + inLineSpacing
            } else {
                // Close the open line (possibly empty: the first-item-too-wide quirk) as complete.
                emit(LineTable.Line(start: start, thickness: thickness, firstItem: firstItem, isComplete: true))
                isFirstLine = false
                if firstItem != index - 1 { everyEarlierLineHasOneItem = false }
                previousRemaining = remaining
                let nextStart = start + thickness + lineSpacing
                if nextStart < start + thickness { isMonotone = false }
                start = nextStart
                thickness = 0
                firstItem = index
                remaining = available - (along + inLineSpacing)
            }
            thickness = Swift.max(thickness, direction.across(sizes[index]))
        }
        // §6.3: a lone last item after lone items is centred (A); a last line that fills exactly like the
        // one before is justified (B).
        let lastHasOneItem = firstItem == sizes.count - 1
        let isComplete = (everyEarlierLineHasOneItem && lastHasOneItem) || (!isFirstLine && remaining == previousRemaining)
        emit(LineTable.Line(start: start, thickness: thickness, firstItem: firstItem, isComplete: isComplete))
        return isMonotone
    }
}
