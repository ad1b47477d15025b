/// Groups filled one after another, gathered into listed chunks of at most `chunkGroups` (what a
/// split copies), then built into a tree.
struct GroupChunkBuilder {
    static let chunkGroups = 64
    let axes: GroupAxes
    private var chunks: [(chunk: GroupChunk, own: GroupSummary)] = []
    private var lengths: [Double] = []
    private var thicknesses: [Double] = []
    private var firstCells: [Int32] = []
    private var cells: [CompositionalCell] = []
    private var reach = (low: 0.0, high: 0.0)
    /// The chunk's summary as its groups come, and where the next group starts in it.
    private var summary = GroupSummary()
    private var position = FixedLength.zero

    init(axes: GroupAxes) { self.axes = axes }

    /// Adds a group: `fill` appends its cells to the array it is handed and answers its size.
    mutating func addGroup(_ fill: (inout [CompositionalCell]) -> Size) {
        if lengths.isEmpty { reserve() }
        let first = cells.count
        let size = fill(&cells)
        let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
        lengths.append(length)
        thicknesses.append(across)
        firstCells.append(Int32(first))
        // The chunk's summary (`GroupChunk.summary`), gathered here in the pass that places the cells.
        var (low, high) = (Double.infinity, -Double.infinity)
        for index in first..<cells.count {
            let frame = cells[index].frame
            let (alongLow, alongHigh) = axes.along(frame)
            let (acrossLow, acrossHigh) = axes.across(frame)
            (low, high) = (Swift.min(low, alongLow), Swift.max(high, alongHigh))
            summary.acrossLow = Swift.min(summary.acrossLow, acrossLow)
            summary.acrossHigh = Swift.max(summary.acrossHigh, acrossHigh)
        }
        if low <= high {
            reach = (Swift.min(reach.low, low), Swift.max(reach.high, high - length))
            summary.minStart = FixedLength.min(summary.minStart, position + FixedLength(converting: low))
            summary.maxEnd = FixedLength.max(summary.maxEnd, position + FixedLength(converting: high))
        }
        summary.thickness = Swift.max(summary.thickness, across)
        position += axes.stride(length)
        if lengths.count == Self.chunkGroups { flush() }
    }

    /// Adds the full group of cells `first..<first + flat.period`, filled by `flat`: as `addGroup`,
    /// with its cells' extremes along the group's own axis read from the template rather than from
    /// each group's cells.
    mutating func addFlatGroup(_ flat: FlatGroupFill, from first: Int, measured: some CellMeasurements) {
        if lengths.isEmpty { reserve() }
        let firstCell = cells.count
        let (size, acrossLow, acrossHigh) = flat.fill(from: first, measured: measured, into: &cells)
        let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
        lengths.append(length)
        thicknesses.append(across)
        firstCells.append(Int32(firstCell))
        // The group's own axis is fixed by its template; its across axis moves with the measurements.
        // Either may be the axis groups follow one another on.
        let ownAxisRepeats = (flat.axis == .horizontal) == axes.alongX
        let (low, high) = ownAxisRepeats ? flat.alongExtremes : (acrossLow, acrossHigh)
        let (crossLow, crossHigh) = ownAxisRepeats ? (acrossLow, acrossHigh) : flat.alongExtremes
        if low <= high {
            reach = (Swift.min(reach.low, low), Swift.max(reach.high, high - length))
            summary.minStart = FixedLength.min(summary.minStart, position + FixedLength(converting: low))
            summary.maxEnd = FixedLength.max(summary.maxEnd, position + FixedLength(converting: high))
        }
        summary.acrossLow = Swift.min(summary.acrossLow, crossLow)
        summary.acrossHigh = Swift.max(summary.acrossHigh, crossHigh)
        summary.thickness = Swift.max(summary.thickness, across)
        position += axes.stride(length)
        if lengths.count == Self.chunkGroups { flush() }
    }

    /// Room for a whole chunk, its cells as many a group as the last chunk's: arrays grown by
    /// doubling would be copied six times a chunk.
    private mutating func reserve() {
        lengths.reserveCapacity(Self.chunkGroups)
        thicknesses.reserveCapacity(Self.chunkGroups)
        firstCells.reserveCapacity(Self.chunkGroups)
        cells.reserveCapacity(cellsPerChunk)
    }

    /// Cells the last chunk held, what the next one reserves.
    private var cellsPerChunk = Self.chunkGroups

    /// Adds a chunk made before, after the groups added so far.
    mutating func add(_ chunk: GroupChunk) {
        flush()
        chunks.append((chunk, chunk.summary(axes)))
    }

    private mutating func flush() {
        guard !lengths.isEmpty else { return }
        let listed = ListedGroups(lengths: lengths, thicknesses: thicknesses, firstCells: firstCells, cells: cells, reach: reach, axes: axes)
        summary.groupCount = lengths.count
        summary.cellCount = cells.count
        summary.advance = position
        summary.reachLow = reach.low
        summary.bytes = GroupChunk.nodeBytes + listed.heapByteCount
        chunks.append((.listed(listed), summary))
        cellsPerChunk = cells.count
        (lengths, thicknesses, firstCells, cells) = ([], [], [], [])
        (reach, summary, position) = ((0, 0), GroupSummary(), .zero)
    }

    /// The tree of every group added, its priorities drawn from `seed`.
    mutating func finish(seed: UInt64) -> GroupNode? {
        flush()
        var priorities = PriorityStream(seed: seed)
        return GroupTree.build(chunks, priorities: &priorities)
    }
}
