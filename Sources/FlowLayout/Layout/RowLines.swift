/// UIKit's row path: items of differing sizes broken into lines one by one (spec §6).
///
/// Only the item sizes and one 24-byte record per line are kept; where each item sits inside its line
/// is recomputed for the lines a query touches, with the same arithmetic as UIKit, so a cached layout
/// costs at most 40 bytes per item.
struct RowLines: Sendable {
    typealias Line = LineTable.Line

    var sizes: [Size]
    var lines: LineTable
    /// Spacing between items inside a line and between lines. The row path swaps UIKit's two spacings
    /// when scrolling horizontally (§6.1).
    var inLineSpacing: Double
    var lineSpacing: Double
    var lineLead: Double
    var lineTrail: Double
    var dimension: Double
    var direction: ScrollDirection
    var placement: LinePlacement
    var crossAlignment: CrossAlignment
    /// Line ends never go backwards (true for non-negative spacing), so lines can be binary searched.
    var isMonotone: Bool

    init(
        sizes: [Size], direction: ScrollDirection, dimension: Double, lineLead: Double, lineTrail: Double,
        inLineSpacing sIn: Double, lineSpacing sLn: Double, firstLineStart: Double,
        placement: LinePlacement = .uikit, crossAlignment: CrossAlignment = .center, breaksLikeCSS: Bool = false
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

        let avail = dimension - lineLead - lineTrail
        precondition(sizes.count <= LineTable.maxItems, "a section holds at most \(LineTable.maxItems) items")
        var lines = LineTable()
        lines.reserveCapacity(Swift.min(sizes.count, 1 << 16))
        var remaining = avail
        var previousRemaining = avail
        var thickness = 0.0
        var start = firstLineStart
        var isMonotone = true
        var lineOpen = false
        var everyEarlierLineHasOneItem = true
        for index in sizes.indices {
            let size = sizes[index]
            let a = direction.along(size)
            if !lineOpen {
                lines.append(Line(start: start, thickness: 0, firstItem: index, isComplete: false))
                lineOpen = true
            }
            // CSS puts the first item of a line on it whatever its size; UIKit may close the empty line
            // first (the empty-first-line quirk, §6.2).
            if a <= remaining || (breaksLikeCSS && lines.firstItem(ofLine: lines.count - 1) == index) {
                remaining -= a + sIn
            } else {
                // Close the current line (possibly empty: the first-item-too-wide quirk) as complete.
                let closed = lines.count - 1
                lines[closed].thickness = thickness
                lines[closed].isComplete = true
                if lines.firstItem(ofLine: closed) != index - 1 { everyEarlierLineHasOneItem = false }
                previousRemaining = remaining
                let nextStart = start + thickness + sLn
                if nextStart < start + thickness { isMonotone = false }
                start = nextStart
                thickness = 0
                lines.append(Line(start: start, thickness: 0, firstItem: index, isComplete: false))
                remaining = avail - (a + sIn)
            }
            thickness = Swift.max(thickness, direction.across(size))
        }
        if !lines.isEmpty {
            let last = lines.count - 1
            lines[last].thickness = thickness
            let lastHasOneItem = lines.firstItem(ofLine: last) == sizes.count - 1
            // §6.3: a lone last item after lone items is centred (A); a last line that fills exactly like
            // the one before is justified (B).
            lines[last].isComplete = (everyEarlierLineHasOneItem && lastHasOneItem)
                || (lines.count >= 2 && remaining == previousRemaining)
        }
        lines.shrinkToFit()
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

    /// Bytes this geometry keeps alive.
    var byteCount: Int {
        sizes.capacity * MemoryLayout<Size>.stride + lines.byteCount
    }
}
