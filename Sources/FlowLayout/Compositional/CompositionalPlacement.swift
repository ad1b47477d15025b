/// A compositional section's groups and cells (docs/flow-layout.md §23.8, §23.9): where each group
/// starts along the axis groups follow one another on (the scroll axis, or x in an orthogonal
/// section), and each cell's frame in its group.
///
/// Without estimated dimensions (or without measured cells) every full group is alike: one group's
/// frames and arithmetic answer any cell, O(size of the group tree) to build whatever the count, O(k)
/// to query. Else each group's start and first cell are kept: O(n) to build, O(log n + k) to query.
struct CompositionalPlacement: Sendable {
    enum Groups: Sendable {
        /// Every group but perhaps the last holds `period` cells at `template`'s frames; the last holds
        /// `last`'s (the same frames when it is full).
        case periodic(period: Int, count: Int, length: Double, template: [CompositionalCell], lastLength: Double, last: [CompositionalCell])
        /// Group g starts at `starts[g]`, is `lengths[g]` long and holds cells `firstCells[g]..<firstCells[g + 1]`
        /// (the last up to `cells.count`), at `cells`' frames.
        case listed(starts: [Double], lengths: [Double], firstCells: [Int], cells: [CompositionalCell])
    }

    let groups: Groups
    /// Whether groups follow one another along x (a horizontal layout, or an orthogonal section).
    let repeatsAlongX: Bool
    let spacing: Double
    let itemCount: Int
    /// The groups' total length along their axis, spacings included.
    let extent: Double
    /// The largest group's length across their axis.
    let thickness: Double
    /// How far cells reach beyond their group's span along the axis, before (≤ 0) and after (≥ 0):
    /// what a search for the groups touching a span adds to it.
    let reach: (low: Double, high: Double)
    /// The cells' extremes across the axis, from the groups' origin.
    let acrossReach: (low: Double, high: Double)
    /// Whether group starts and ends never go backwards, so groups can be binary searched.
    let isMonotone: Bool

    /// Lays out `count` cells in `container` (§23.2): periodically when the tree has no estimated
    /// dimension or no cell is measured, else group by group reading `measured`.
    init(
        _ section: CompositionalSection, container: Size, repeatsAlongX: Bool, count: Int, measured: some CellMeasurements
    ) {
        let group = section.group
        let declared = Size(
            width: Swift.max(0, group.size.width.resolved(in: container)),
            height: Swift.max(0, group.size.height.resolved(in: container)))
        self.repeatsAlongX = repeatsAlongX
        self.spacing = section.interGroupSpacing
        self.itemCount = count
        func length(_ size: Size) -> Double { repeatsAlongX ? size.width : size.height }
        func across(_ size: Size) -> Double { repeatsAlongX ? size.height : size.width }
        // How far cells reach beyond their groups, gathered as groups fill (a value, not captured by a
        // closure: a captured variable is checked for exclusivity at run time, cell by cell).
        var reaches = Reaches()
        let perGroup = CompositionalSection.maximumCellsPerGroup
        if !group.hasEstimatedDimension || !measured.hasMeasurements {
            // §23.8: one full group's frames, and the last group's when it is partial.
            var template: [CompositionalCell] = []
            var next = 0
            let fill = GroupFill(measured: NoMeasurements())
            let size = fill.fill(group, declared: declared, next: &next, end: Swift.min(count, perGroup), into: &template)
            let period = Swift.max(1, next)
            let groupCount = count == 0 ? 0 : (count + period - 1) / period
            let remainder = count - (groupCount - 1) * period
            var last = template
            var lastSize = size
            if groupCount > 0 && remainder < period {
                last = []
                var taken = 0
                lastSize = fill.fill(group, declared: declared, next: &taken, end: remainder, into: &last)
            }
            reaches.note(template[...], length: length(size), alongX: repeatsAlongX)
            reaches.note(last[...], length: length(lastSize), alongX: repeatsAlongX)
            groups = .periodic(
                period: period, count: groupCount, length: length(size), template: template, lastLength: length(lastSize), last: last)
            extent = groupCount == 0 ? 0
                : Double(groupCount - 1) * (length(size) + spacing) + length(lastSize)
            thickness = groupCount == 0 ? 0 : Swift.max(groupCount > 1 ? across(size) : 0, across(lastSize))
            isMonotone = length(size) + spacing >= 0
        } else {
            var starts: [Double] = []
            var lengths: [Double] = []
            var firstCells: [Int] = []
            var cells: [CompositionalCell] = []
            cells.reserveCapacity(count)
            var next = 0
            var position = 0.0
            var thickest = 0.0
            var monotone = true
            let fill = GroupFill(measured: measured)
            while next < count {
                let first = next
                let before = cells.count
                let size = fill.fill(group, declared: declared, next: &next, end: Swift.min(count, first + perGroup), into: &cells)
                reaches.note(cells[before...], length: length(size), alongX: repeatsAlongX)
                if let previous = starts.last, position < previous || position + length(size) < previous + lengths[lengths.count - 1] {
                    monotone = false
                }
                starts.append(position)
                lengths.append(length(size))
                firstCells.append(first)
                thickest = Swift.max(thickest, across(size))
                position += length(size) + spacing
            }
            groups = .listed(starts: starts, lengths: lengths, firstCells: firstCells, cells: cells)
            extent = starts.isEmpty ? 0 : position - spacing
            thickness = thickest
            isMonotone = monotone
        }
        self.reach = reaches.along
        self.acrossReach = reaches.across
    }

    var groupCount: Int {
        switch groups {
        case .periodic(_, let count, _, _, _, _): return count
        case .listed(let starts, _, _, _): return starts.count
        }
    }

    /// Group `g`'s start and length along the groups' axis, from the first group's start.
    func span(ofGroup g: Int) -> (start: Double, length: Double) {
        switch groups {
        case .periodic(_, let count, let length, _, let lastLength, _):
            return (Double(g) * (length + spacing), g == count - 1 ? lastLength : length)
        case .listed(let starts, let lengths, _, _):
            return (starts[g], lengths[g])
        }
    }

    /// The cells of group `g`: their first item and frames.
    @inline(__always)
    func cells(ofGroup g: Int) -> (first: Int, frames: ArraySlice<CompositionalCell>) {
        switch groups {
        case .periodic(let period, let count, _, let template, _, let last):
            return (g * period, g == count - 1 ? last[...] : template[...])
        case .listed(let starts, _, let firstCells, let cells):
            let end = g + 1 < starts.count ? firstCells[g + 1] : cells.count
            return (firstCells[g], cells[firstCells[g]..<end])
        }
    }

    /// The group holding `item`. O(1) periodic, O(log groups) listed.
    func group(holding item: Int) -> Int {
        switch groups {
        case .periodic(let period, _, _, _, _, _):
            return item / period
        case .listed(_, _, let firstCells, _):
            var low = 0
            var high = firstCells.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if firstCells[middle] <= item { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// Cell `item`'s frame from the first group's origin, and whether its leaf is estimated.
    func cell(_ item: Int) -> CompositionalCell {
        let g = group(holding: item)
        let (first, frames) = cells(ofGroup: g)
        var cell = frames[frames.startIndex + item - first]
        offset(&cell.frame, by: span(ofGroup: g).start)
        return cell
    }

    @inline(__always)
    func offset(_ frame: inout Rect, by start: Double) {
        if repeatsAlongX { frame.origin.x += start } else { frame.origin.y += start }
    }

    /// Hands `body` every cell of the groups that may reach `low...high` along the groups' axis (from
    /// the first group's start), in item order, with its frame from there; stops when `body` answers
    /// false. O(1 + the cells of those groups) when periodic, O(log groups + …) else; every group
    /// when they go backwards.
    func forEachCell<Counter: WorkCounter>(
        reaching low: Double, _ high: Double, work: inout Counter, _ body: (Int, CompositionalCell, inout Counter) -> Bool
    ) {
        let count = groupCount
        guard count > 0 else { return }
        var firstGroup = 0
        if case .periodic(_, _, let length, _, let lastLength, _) = groups, length + spacing > 0 {
            // Arithmetic: the first group that may reach `low`, or one before it (§23.8). O(1).
            work += 1
            let reachable = (low - reach.high - Swift.max(length, lastLength)) / (length + spacing)
            firstGroup = reachable > 0 ? Int(Swift.min(reachable.rounded(.down), Double(count))) : 0
        } else if isMonotone {
            // The first group whose span, grown by the reach, ends at or after `low`.
            var lowIndex = 0
            var highIndex = count
            while lowIndex < highIndex {
                work += 1
                let middle = (lowIndex + highIndex) / 2
                let span = span(ofGroup: middle)
                if span.start + span.length + reach.high < low { lowIndex = middle + 1 } else { highIndex = middle }
            }
            firstGroup = lowIndex
        }
        for g in firstGroup..<count {
            work += 1
            let span = span(ofGroup: g)
            if span.start + reach.low > high {
                if isMonotone { break }
                continue
            }
            if span.start + span.length + reach.high < low { continue }
            let (first, frames) = cells(ofGroup: g)
            for (offsetInGroup, cell) in frames.enumerated() {
                work += 1
                var placed = cell
                offset(&placed.frame, by: span.start)
                if !body(first + offsetInGroup, placed, &work) { return }
            }
        }
    }
}

/// The extremes of cells' frames: along the groups' axis beyond their group's span, across it from the
/// groups' origin.
private struct Reaches {
    var along = (low: 0.0, high: 0.0)
    var across = (low: 0.0, high: 0.0)

    mutating func note(_ cells: ArraySlice<CompositionalCell>, length: Double, alongX: Bool) {
        for cell in cells {
            let frame = cell.frame
            let (low, high) = alongX ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
            along.low = Swift.min(along.low, low)
            along.high = Swift.max(along.high, high - length)
            let (acrossLow, acrossHigh) = alongX ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
            across.low = Swift.min(across.low, acrossLow)
            across.high = Swift.max(across.high, acrossHigh)
        }
    }
}

extension CompositionalPlacement {
    /// Approximate bytes kept alive: the frames (one group's when periodic) and each group's start,
    /// length and first cell.
    var heapByteCount: Int {
        let arrayOverhead = 48
        let cell = MemoryLayout<CompositionalCell>.stride
        switch groups {
        case .periodic(_, _, _, let template, _, let last):
            return 2 * arrayOverhead + (template.count + last.count) * cell
        case .listed(let starts, _, _, let cells):
            return 4 * arrayOverhead + starts.count * 24 + cells.count * cell
        }
    }
}
