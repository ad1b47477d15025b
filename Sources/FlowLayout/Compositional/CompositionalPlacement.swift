/// A compositional section's groups and cells (docs/flow-layout.md §23.8, §23.9): where each group
/// starts along the axis groups follow one another on (the scroll axis, or x in an orthogonal
/// section), and each cell's frame in its group.
///
/// Without estimated dimensions (or without measured cells) every full group is alike: one group's
/// frames and arithmetic answer any cell, O(size of the group tree) to build whatever the count, O(k)
/// to query. Else the groups live in a tree of their extents (`GroupNode`): O(n) to build, O(log n +
/// k) to query, and an update fills again only the groups it reached (`refilled`).
struct CompositionalPlacement: Sendable {
    enum Groups: Sendable {
        /// Every group but perhaps the last holds `period` cells at `template`'s frames; the last holds
        /// `last`'s (the same frames when it is full).
        case periodic(PeriodicGroups)
        /// Groups of measured cells, in a tree of their extents.
        case tree(GroupNode?)
    }

    struct PeriodicGroups: Sendable {
        var period: Int
        var count: Int
        var length: Double
        var across: Double
        var template: [CompositionalCell]
        var lastLength: Double
        var lastAcross: Double
        var last: [CompositionalCell]
    }

    let groups: Groups
    let axes: GroupAxes
    /// Whether groups follow one another along x (a horizontal layout, or an orthogonal section).
    var repeatsAlongX: Bool { axes.alongX }
    var spacing: Double { axes.spacing }
    let itemCount: Int
    /// The groups' total length along their axis, spacings included.
    let extent: Double
    /// The largest group's length across their axis.
    let thickness: Double
    /// How far cells reach beyond their group's span along the axis, before (≤ 0) and after (≥ 0):
    /// what a search for the groups touching a span adds to it. In a tree, from the first group's
    /// start and from the last one's end.
    let reach: (low: Double, high: Double)
    /// The cells' extremes across the axis, from the groups' origin.
    let acrossReach: (low: Double, high: Double)
    /// Whether group starts and ends never go backwards, so a search can stop at the first group past
    /// its bounds.
    var isMonotone: Bool { spacing >= 0 }

    /// Lays out `count` cells in `container` (§23.2): periodically when the tree has no estimated
    /// dimension or no cell is measured, else group by group reading `measured`, into a tree.
    init(
        _ section: CompositionalSection, container: Size, repeatsAlongX: Bool, count: Int, measured: some CellMeasurements
    ) {
        let filler = Filler(section, container: container)
        let axes = GroupAxes(spacing: section.interGroupSpacing, alongX: repeatsAlongX)
        if !section.group.hasEstimatedDimension || !measured.hasMeasurements {
            self.init(periodic: filler.periodic(count: count, axes: axes), axes: axes, count: count)
        } else {
            var builder = GroupChunkBuilder(axes: axes)
            filler.fill(from: 0, count: count, measured: measured, into: &builder) { _ in false }
            self.init(tree: builder.finish(seed: UInt64(count)), axes: axes, count: count)
        }
    }

    private init(periodic: PeriodicGroups, axes: GroupAxes, count: Int) {
        var reaches = Reaches()
        reaches.note(periodic.template[...], length: periodic.length, alongX: axes.alongX)
        reaches.note(periodic.last[...], length: periodic.lastLength, alongX: axes.alongX)
        let groupCount = periodic.count
        self.groups = .periodic(periodic)
        self.axes = axes
        self.itemCount = count
        self.extent = groupCount == 0 ? 0 : Double(groupCount - 1) * (periodic.length + axes.spacing) + periodic.lastLength
        self.thickness = groupCount == 0 ? 0 : Swift.max(groupCount > 1 ? periodic.across : 0, periodic.lastAcross)
        self.reach = reaches.along
        self.acrossReach = reaches.across
    }

    init(tree root: GroupNode?, axes: GroupAxes, count: Int) {
        let summary = root?.summary ?? GroupSummary()
        self.groups = .tree(root)
        self.axes = axes
        self.itemCount = count
        self.extent = summary.groupCount == 0 ? 0 : (summary.advance - FixedLength(axes.spacing)).doubleValue
        self.thickness = summary.thickness
        self.reach = summary.cellCount == 0 ? (0, 0)
            : (Swift.min(0, summary.minStart.doubleValue), Swift.max(0, summary.maxEnd.doubleValue - extent))
        self.acrossReach = summary.cellCount == 0 ? (0, 0) : (Swift.min(0, summary.acrossLow), Swift.max(0, summary.acrossHigh))
    }

    var groupCount: Int {
        switch groups {
        case .periodic(let periodic): return periodic.count
        case .tree(let root): return root?.summary.groupCount ?? 0
        }
    }

    /// The groups as a tree: a periodic placement's full groups as one alike chunk, its partial last
    /// group listed. O(1).
    var tree: GroupNode? {
        switch groups {
        case .tree(let root): return root
        case .periodic(let periodic):
            guard periodic.count > 0 else { return nil }
            var builder = GroupChunkBuilder(axes: axes)
            let partial = periodic.last.count < periodic.period
            let full = periodic.count - (partial ? 1 : 0)
            if full > 0 {
                builder.add(.alike(count: full, AlikeGroup(
                    length: periodic.length, thickness: periodic.across, template: periodic.template, alongX: axes.alongX)))
            }
            if partial {
                builder.addGroup { cells in
                    cells.append(contentsOf: periodic.last)
                    return axes.alongX
                        ? Size(width: periodic.lastLength, height: periodic.lastAcross)
                        : Size(width: periodic.lastAcross, height: periodic.lastLength)
                }
            }
            return builder.finish(seed: UInt64(periodic.count))
        }
    }

    /// Cell `item`'s frame from the first group's origin, and whether its leaf is estimated.
    func cell(_ item: Int) -> CompositionalCell {
        var start: Double
        var cell: CompositionalCell
        switch groups {
        case .periodic(let periodic):
            let g = item / periodic.period
            let frames = g == periodic.count - 1 ? periodic.last : periodic.template
            cell = frames[item - g * periodic.period]
            start = Double(g) * (periodic.length + spacing)
        case .tree(let root):
            var work = 0
            let position = GroupTree.chunk(holding: item, byCells: true, in: root!, work: &work)
            let chunk = position.node.chunk
            let g = chunk.group(holdingCell: item - position.firstCell)
            cell = chunk.cell(item - position.firstCell, groupFirst: chunk.cellRange(ofGroup: g).lowerBound)
            start = (position.start + chunk.span(ofGroup: g, axes).start).doubleValue
        }
        offset(&cell.frame, by: start)
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
        switch groups {
        case .periodic(let periodic):
            let count = periodic.count
            guard count > 0 else { return }
            let pitch = periodic.length + spacing
            // Group starts never go backwards: the walk ends at the first group past `high`.
            let isMonotone = pitch >= 0
            var firstGroup = 0
            if pitch > 0 {
                // Arithmetic: the first group that may reach `low`, or one before it (§23.8). O(1).
                work += 1
                let reachable = (low - reach.high - Swift.max(periodic.length, periodic.lastLength)) / pitch
                firstGroup = reachable > 0 ? Int(Swift.min(reachable.rounded(.down), Double(count))) : 0
            }
            for g in firstGroup..<count {
                work += 1
                let start = Double(g) * pitch
                let length = g == count - 1 ? periodic.lastLength : periodic.length
                if start + reach.low > high {
                    if isMonotone { break }
                    continue
                }
                if start + length + reach.high < low { continue }
                let frames = g == count - 1 ? periodic.last : periodic.template
                for (offsetInGroup, cell) in frames.enumerated() {
                    work += 1
                    var placed = cell
                    offset(&placed.frame, by: start)
                    if !body(g * periodic.period + offsetInGroup, placed, &work) { return }
                }
            }
        case .tree(let root):
            let (lowBound, highBound) = (FixedLength(clamping: low), FixedLength(clamping: high))
            if isMonotone {
                let reachLow = FixedLength(root?.summary.reachLow ?? 0)
                GroupTree.forEachChunkInOrder(in: root, low: lowBound, high: highBound, reachLow: reachLow, work: &work) { position, work in
                    forEachCell(of: position, reaching: low, high, work: &work, body)
                }
            } else {
                GroupTree.forEachChunk(in: root, low: lowBound, high: highBound, work: &work) { position, work in
                    forEachCell(of: position, reaching: low, high, work: &work, body)
                }
            }
        }
    }

    /// `forEachCell` in one chunk of a tree: its groups from the first that may reach `low` (from
    /// the fence before it, when they never go backwards); false once `body` or the walk is done.
    private func forEachCell<Counter: WorkCounter>(
        of position: GroupTree.Position, reaching low: Double, _ high: Double, work: inout Counter,
        _ body: (Int, CompositionalCell, inout Counter) -> Bool
    ) -> Bool {
        let chunk = position.node.chunk
        let reach = chunk.reach
        // Bounds from the chunk's start, exact: a group's start is a sum of strides from there.
        let lowBound = FixedLength(clamping: low - reach.high) - position.start
        let highBound = FixedLength(clamping: high - reach.low) - position.start
        var g = 0
        var start = FixedLength.zero
        if isMonotone {
            switch chunk.kind {
            case .listed(let listed):
                (g, start) = listed.fencedGroup(startingBelow: lowBound)
            case .alike(let count, let group) where group.length + spacing > 0:
                // Arithmetic, as in a periodic section: a group or so before the first that may reach `low`.
                let reachable = (lowBound.doubleValue - group.length) / (group.length + spacing) - 1
                g = reachable > 0 ? Int(Swift.min(reachable.rounded(.down), Double(count))) : 0
                start = axes.stride(group.length) * g
            case .alike: break
            }
        }
        // The chunk's cells read once, not a group at a time: an alike chunk's as a flat one's
        // template, without spans.
        let cells: ChunkCells
        var isAlike = false
        switch chunk.kind {
        case .alike(_, let group): (cells, isAlike) = (.listed(group.template), true)
        case .listed(let listed): cells = listed.cells
        }
        let count = chunk.groupCount
        while g < count {
            work += 1
            let length = chunk.length(ofGroup: g)
            let stride = axes.stride(length)
            defer {
                start += stride
                g += 1
            }
            if highBound < start {
                if isMonotone { return false }
                continue
            }
            if start + FixedLength(length) < lowBound { continue }
            let origin = (position.start + start).doubleValue
            let range = chunk.cellRange(ofGroup: g)
            for index in range {
                work += 1
                var placed = isAlike ? cells.frames[index - range.lowerBound] : cells.cell(index, groupFirst: range.lowerBound)
                offset(&placed.frame, by: origin)
                if !body(position.firstCell + index, placed, &work) { return false }
            }
        }
        return true
    }
}

/// A section's group resolved in its container: fills groups of cells from any cell on.
struct Filler {
    let group: CompositionalGroup
    let declared: Size

    init(_ section: CompositionalSection, container: Size) {
        group = section.group
        declared = Size(
            width: Swift.max(0, group.size.width.resolved(in: container)),
            height: Swift.max(0, group.size.height.resolved(in: container)))
    }

    /// The fast fill of full groups whose cells measurements move only across (`FlatGroupFill`).
    var flat: FlatGroupFill? { FlatGroupFill(group, declared: declared) }

    /// The groups of `count` unmeasured cells (§23.8): one full group's frames, and the last one's
    /// when it is partial.
    func periodic(count: Int, axes: GroupAxes) -> CompositionalPlacement.PeriodicGroups {
        func along(_ size: Size) -> Double { axes.alongX ? size.width : size.height }
        func across(_ size: Size) -> Double { axes.alongX ? size.height : size.width }
        var template: [CompositionalCell] = []
        var next = 0
        let fill = GroupFill(measured: NoMeasurements())
        let size = fill.fill(group, declared: declared, next: &next, end: Swift.min(count, CompositionalSection.maximumCellsPerGroup), into: &template)
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
        return .init(
            period: period, count: groupCount, length: along(size), across: across(size), template: template,
            lastLength: along(lastSize), lastAcross: across(lastSize), last: last)
    }

    /// Fills groups from cell `first` (a group's first) of `count` into `builder`, reading `measured`,
    /// until the cells end or `done` says so of the cell the next group would start at.
    func fill(
        from first: Int, count: Int, measured: some CellMeasurements, into builder: inout GroupChunkBuilder, done: (Int) -> Bool
    ) {
        let fill = GroupFill(measured: measured)
        let flat = self.flat
        var next = first
        while next < count {
            let start = next
            if let flat, count - start >= flat.period {
                let (after, stopped) = builder.addFlatGroups(flat, from: start, count: count, measured: measured, done: done)
                if stopped { return }
                next = after
                continue
            }
            builder.addGroup { cells in
                fill.fill(group, declared: declared, next: &next, end: Swift.min(count, start + CompositionalSection.maximumCellsPerGroup), into: &cells)
            }
            if done(next) { return }
        }
    }
}

/// The extremes of cells' frames: along the groups' axis beyond their group's span, across it from the
/// groups' origin.
struct Reaches {
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
    /// Approximate bytes kept alive: the frames (one group's when periodic), and the tree's nodes.
    var heapByteCount: Int {
        switch groups {
        case .periodic(let periodic):
            return 2 * 48 + (periodic.template.count + periodic.last.count) * MemoryLayout<CompositionalCell>.stride
        case .tree(let root):
            return root?.summary.bytes ?? 0
        }
    }
}
