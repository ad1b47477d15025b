/// Groups filled one after another, gathered into listed chunks of at most `chunkGroups` (what a
/// split copies), then built into a tree.
struct GroupChunkBuilder {
    static let chunkGroups = 64
    let axes: GroupAxes
    private var chunks: [(chunk: GroupChunk, own: GroupSummary)] = []
    private var open = OpenChunk()

    init(axes: GroupAxes) { self.axes = axes }

    /// Adds a group: `fill` appends its cells to the array it is handed and answers its size.
    mutating func addGroup(_ fill: (inout [CompositionalCell]) -> Size) {
        if open.groups.isEmpty { reserve() }
        open.listFrames()
        if open.cells.isEmpty { open.cells.reserveCapacity(cellsPerChunk) }
        let first = open.cells.count
        let size = fill(&open.cells)
        let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
        // The chunk's summary (`GroupChunk.summary`), gathered here in the pass that places the cells.
        var (low, high) = (Double.infinity, -Double.infinity)
        var (acrossLow, acrossHigh) = (Double.infinity, -Double.infinity)
        for index in first..<open.cells.count {
            let frame = open.cells[index].frame
            let (alongLow, alongHigh) = axes.along(frame)
            let (cellLow, cellHigh) = axes.across(frame)
            (low, high) = (Swift.min(low, alongLow), Swift.max(high, alongHigh))
            (acrossLow, acrossHigh) = (Swift.min(acrossLow, cellLow), Swift.max(acrossHigh, cellHigh))
        }
        open.groups.append(ListedGroups.Group(length: length, firstCell: Int32(first)))
        open.thicknesses.append(across)
        open.tally.note(open.groups.count - 1, length: length, across: across, along: (low, high), acrossExtremes: (acrossLow, acrossHigh), axes: axes)
        if open.groups.count == Self.chunkGroups { flush() }
    }

    /// Adds full groups of `flat` from cell `first` (a group's first) while a whole one remains
    /// below `count`, until `done` says so of the cell the next group would start at; answers that
    /// cell and whether `done` stopped it. A chunk's worth of groups at a time, into buffers, then
    /// appended whole: a registration of self-sizing rows is one loop over their cells, with no call
    /// or check a cell. A chunk that starts with them keeps their cells' spans (`ChunkCells`).
    mutating func addFlatGroups(
        _ flat: FlatGroupFill, from first: Int, count: Int, measured: some CellMeasurements, done: (Int) -> Bool
    ) -> (next: Int, stopped: Bool) {
        let period = flat.period
        // Either axis of the group may be the one groups follow one another on: its own axis is fixed
        // by its template, its across axis moves with the measurements.
        let ownAxisRepeats = (flat.axis == .horizontal) == axes.alongX
        var next = first
        var stopped = false
        guard count - next >= period else { return (next, stopped) }
        // Buffers for a chunk's worth of groups, reused from chunk to chunk.
        let most = Swift.min(Self.chunkGroups, (count - next) / period)
        let scratch = FlatScratch(groups: most, cells: most * period)
        defer { scratch.deallocate() }
        while !stopped, count - next >= period {
            if open.groups.isEmpty { reserve() }
            let wanted = Swift.min(Self.chunkGroups - open.groups.count, (count - next) / period)
            let (firstGroup, firstCell) = (open.groups.count, open.cellCount)
            // The measurements read in one pass, where the rows' cells are.
            measured.measuredLengths(next..<next + wanted * period, heights: flat.axis == .horizontal, into: scratch.lengths)
            var tally = open.tally
            var filled = 0
            flat.withSlots { slots in
                while filled < wanted {
                    let cell = filled * period
                    let (size, acrossLow, acrossHigh) = FlatGroupFill.fill(
                        flat, slots: slots, measured: scratch.lengths + cell, into: scratch.spans + cell)
                    let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
                    scratch.groups[filled] = ListedGroups.Group(length: length, firstCell: Int32(firstCell + cell))
                    scratch.thicknesses[filled] = across
                    let along = ownAxisRepeats ? flat.alongExtremes : (acrossLow, acrossHigh)
                    let acrossExtremes = ownAxisRepeats ? (acrossLow, acrossHigh) : flat.alongExtremes
                    tally.note(firstGroup + filled, length: length, across: across, along: along, acrossExtremes: acrossExtremes, axes: axes)
                    filled += 1
                    next += period
                    if done(next) {
                        stopped = true
                        return
                    }
                }
            }
            open.tally = tally
            open.groups.append(contentsOf: UnsafeBufferPointer(start: scratch.groups, count: filled))
            open.thicknesses.append(contentsOf: UnsafeBufferPointer(start: scratch.thicknesses, count: filled))
            open.add(UnsafeBufferPointer(start: scratch.spans, count: filled * period), of: flat, reserving: cellsPerChunk)
            if open.groups.count == Self.chunkGroups { flush() }
        }
        return (next, stopped)
    }

    /// Room for a whole chunk's groups (its cells' as they come, as many as the last chunk's): arrays
    /// grown by doubling would be copied six times a chunk.
    private mutating func reserve() {
        open.groups.reserveCapacity(Self.chunkGroups)
        open.thicknesses.reserveCapacity(Self.chunkGroups)
    }

    /// Cells the last chunk held, what the next one reserves.
    private var cellsPerChunk = Self.chunkGroups

    /// Adds a chunk made before, after the groups added so far.
    mutating func add(_ chunk: GroupChunk) {
        flush()
        chunks.append((chunk, chunk.summary(axes)))
    }

    private mutating func flush() {
        guard !open.groups.isEmpty else { return }
        let tally = open.tally
        let listed = ListedGroups(
            groups: open.groups, thicknesses: open.thicknesses, cells: open.chunkCells, reach: tally.reach, fences: tally.fences,
            advance: tally.position)
        var summary = tally.finished
        summary.groupCount = open.groups.count
        summary.cellCount = open.cellCount
        summary.advance = tally.position
        summary.reachLow = tally.reach.low
        summary.bytes = GroupChunk.nodeBytes + listed.heapByteCount
        chunks.append((.listed(listed), summary))
        cellsPerChunk = open.cellCount
        open = OpenChunk()
    }

    /// The tree of every group added, its priorities drawn from `seed`.
    mutating func finish(seed: UInt64) -> GroupNode? {
        flush()
        var priorities = PriorityStream(seed: seed)
        return GroupTree.build(chunks, priorities: &priorities)
    }
}

/// The chunk a builder is filling: its groups, their thicknesses and cells, and its tally. Its cells
/// are listed frames, or the spans of flat groups of `flat`'s while it holds only those.
private struct OpenChunk {
    var groups: [ListedGroups.Group] = []
    var thicknesses: [Double] = []
    var cells: [CompositionalCell] = []
    var spans: [AcrossSpan] = []
    var flat: FlatGroupFill?
    var tally = ChunkTally()

    var cellCount: Int { flat == nil ? cells.count : spans.count }

    var chunkCells: ChunkCells { flat?.cells(spans) ?? .listed(cells) }

    /// Adds the cells of full groups of `flat`, given by their spans, room for `capacity` of them
    /// made at the first. A section's fill (`Filler.fill`) adds its full flat groups before any
    /// other, so a chunk's cells are spans of one template until its last group.
    mutating func add(_ newSpans: UnsafeBufferPointer<AcrossSpan>, of flat: FlatGroupFill, reserving capacity: Int) {
        precondition(cells.isEmpty && (self.flat == nil || self.flat === flat), "flat groups come first in a chunk")
        if self.flat == nil {
            self.flat = flat
            spans.reserveCapacity(capacity)
        }
        spans.append(contentsOf: newSpans)
    }

    /// Turns spans into listed frames, before a group of other cells joins them.
    mutating func listFrames() {
        guard let flat else { return }
        (cells, spans, self.flat) = (flat.cells(spans).listedFrames, [], nil)
    }
}

/// A run of flat groups' buffers: the measurements read, and the spans, groups and thicknesses written.
private struct FlatScratch {
    let lengths: UnsafeMutablePointer<Double?>
    let spans: UnsafeMutablePointer<AcrossSpan>
    let groups: UnsafeMutablePointer<ListedGroups.Group>
    let thicknesses: UnsafeMutablePointer<Double>

    init(groups: Int, cells: Int) {
        lengths = .allocate(capacity: cells)
        spans = .allocate(capacity: cells)
        self.groups = .allocate(capacity: groups)
        thicknesses = .allocate(capacity: groups)
    }

    func deallocate() {
        lengths.deallocate()
        spans.deallocate()
        groups.deallocate()
        thicknesses.deallocate()
    }
}

/// What the groups of a chunk add up to as they come: how far their cells reach beyond them, the
/// summary, and where the next group starts.
private struct ChunkTally {
    var reach = (low: 0.0, high: 0.0)
    /// The summary but for its cells' least start and greatest end, which `finished` adds.
    var summary = GroupSummary()
    var position = FixedLength.zero
    /// Where groups 16, 32 and 48 start (`ListedGroups.fences`).
    var fences = (FixedLength.zero, FixedLength.zero, FixedLength.zero)
    /// `position` summed in doubles too, and the sum of the strides' magnitudes, which bounds how far
    /// apart the two are: what lets `Extreme` compare groups' reaches without an exact sum a group.
    var approximate = 0.0
    var magnitude = 0.0
    var least = Extreme(keepsGreatest: false)
    var greatest = Extreme(keepsGreatest: true)

    /// Notes the chunk's group `index`, just added, `length` long and `across` thick, whose cells
    /// reach `along` on the axis groups follow one another on (from its start) and `acrossExtremes`
    /// across it (`GroupChunk.summary`, gathered in the pass that places the cells).
    @inline(__always)
    mutating func note(
        _ index: Int, length: Double, across: Double, along: (low: Double, high: Double), acrossExtremes: (low: Double, high: Double),
        axes: GroupAxes
    ) {
        ListedGroups.note(group: index, startingAt: position, in: &fences)
        if along.low <= along.high {
            reach = (Swift.min(reach.low, along.low), Swift.max(reach.high, along.high - length))
            least.note(start: position, approximate: approximate, offset: along.low, magnitude: magnitude)
            greatest.note(start: position, approximate: approximate, offset: along.high, magnitude: magnitude)
        }
        summary.acrossLow = Swift.min(summary.acrossLow, acrossExtremes.low)
        summary.acrossHigh = Swift.max(summary.acrossHigh, acrossExtremes.high)
        summary.thickness = Swift.max(summary.thickness, across)
        // `axes.stride(length)`, with its double kept.
        let stride = length + axes.spacing
        position += FixedLength(stride)
        approximate += stride
        magnitude += Swift.abs(stride)
    }

    /// The summary, with the least start and greatest end of its cells, exact.
    var finished: GroupSummary {
        var finished = summary
        if let low = least.exact, let high = greatest.exact { (finished.minStart, finished.maxEnd) = (low, high) }
        return finished
    }
}

/// The least (or greatest) exact sum `start + offset` over a chunk's groups. The groups are compared
/// by their double sums, exactly only when these are too close to tell them apart; one exact sum is
/// made, for the group kept. The same value as comparing exact sums a group, at a few double
/// operations a group.
struct Extreme {
    let keepsGreatest: Bool
    /// The group kept: its start, offset and double sum.
    private var kept: (start: FixedLength, offset: Double, approximate: Double)?

    init(keepsGreatest: Bool) { self.keepsGreatest = keepsGreatest }

    /// Notes a group at `start` (exact) whose double sum of strides is `approximate`, that sum's
    /// strides' magnitudes summing to `magnitude`.
    @inline(__always)
    mutating func note(start: FixedLength, approximate: Double, offset: Double, magnitude: Double) {
        let sum = approximate + offset
        guard let current = kept else {
            kept = (start, offset, sum)
            return
        }
        // A chunk's at most 64 double sums, and this one, are each within 2⁻⁴⁷ of their magnitudes
        // of the exact sums (and tiny strides' truncations, 2⁻⁶⁴ each, within 2⁻⁵⁰).
        let tolerance = (magnitude + Swift.abs(offset) + Swift.abs(current.offset)) * 0x1p-40 + 0x1p-50
        let beyond = keepsGreatest ? sum - current.approximate : current.approximate - sum
        if beyond > tolerance {
            kept = (start, offset, sum)
        } else if beyond >= -tolerance {
            let exact = start + FixedLength(offset)
            let currentExact = current.start + FixedLength(current.offset)
            if keepsGreatest ? exact > currentExact : exact < currentExact { kept = (start, offset, sum) }
        }
    }

    /// The kept group's exact sum; nil before any.
    var exact: FixedLength? { kept.map { $0.start + FixedLength($0.offset) } }
}
