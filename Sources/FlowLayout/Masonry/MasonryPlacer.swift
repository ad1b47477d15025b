/// Placement as it goes (docs/flow-layout.md §22.1): the columns' running bottoms, and each item's
/// lane, top and height in item order, which `FlatMasonry.init(_:)` then gathers lane by lane. Flat
/// arrays written in order: no lane's array grows item by item. The columns' bottoms are scanned when
/// they are few, in tournament trees when more (`ColumnBottoms`): O(log c) an item in c columns, and a
/// full-span item levels every column in O(1).
struct MasonryPlacer {
    let grid: MasonryGrid
    /// The item the first one placed here is: 0, or the count of the placement this goes on from.
    let firstItem: Int
    private(set) var bottoms: ColumnBottoms
    private(set) var laneOfItem: [UInt16] = []
    private(set) var tops: [FixedLength] = []
    private(set) var heights: [Double] = []
    /// What `placeByRule` wrote straight into storage.
    private var written: Placed?
    /// A full-span item has set every column's bottom.
    private(set) var leveled = false
    private(set) var heightsAreNatural = true
    /// The first item whose top is above the one before it (or with a height or spacing below 0),
    /// if any; and the last item's top.
    private(set) var descent: Int?
    private var lastTop: FixedLength?
    /// How many of the items before `firstItem` each lane holds.
    private(set) var laneCounts: [Int] = []
    /// What the first item's number is for `ordered` placement, when that is not `firstItem`.
    private var numberedFrom = 0
    private(set) var low = FixedLength.greatest
    private(set) var high = FixedLength.least

    /// Items in a row, in storage: each one's lane, top and height.
    struct Placed {
        let lanes: AppendableStorage<UInt16>
        let tops: AppendableStorage<FixedLength>
        let heights: AppendableStorage<Double>
        let count: Int
        let laneCount: Int
    }

    /// Placing in `grid`'s columns from the first item, with room for `capacity` items.
    init(grid: MasonryGrid, capacity: Int) {
        self.grid = grid
        firstItem = 0
        bottoms = ColumnBottoms(count: grid.columnCount)
        laneOfItem.reserveCapacity(capacity)
        tops.reserveCapacity(capacity)
        heights.reserveCapacity(capacity)
    }

    /// Placing in `width` (W), columns `columns.columnSpacing ?? interitemSpacing` apart, each cell
    /// `lineSpacing` below the one above it in its column.
    init(columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double, capacity: Int) {
        self.init(grid: MasonryGrid(columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing), capacity: capacity)
    }

    /// Placing items numbered from `first` on from the columns' running `bottoms`, in storage of their
    /// own numbered from 0: what a placement of runs goes on with (§22.5).
    init(grid: MasonryGrid, capacity: Int, after bottoms: [FixedLength], leveled: Bool, numberedFrom first: Int) {
        self.init(grid: grid, capacity: capacity)
        for (column, bottom) in bottoms.enumerated() { self.bottoms[column] = bottom }
        self.leveled = leveled
        numberedFrom = first
    }

    /// Placing on after `placement`'s first `start` items, from its columns' bottoms there: the
    /// ones it ends with, or read from each lane's last cell before `start` and the last full-span
    /// cell, in a placement whose lanes' cells are in order; room for `count` items. O(c log n).
    init(continuing placement: FlatMasonry, at start: Int, reserving count: Int, work: inout some WorkCounter) {
        grid = placement.grid
        let columnCount = grid.columnCount
        firstItem = start
        bottoms = ColumnBottoms(count: columnCount)
        work += columnCount
        laneOfItem.reserveCapacity(count)
        tops.reserveCapacity(count)
        heights.reserveCapacity(count)
        if placement.ascendingPrefix < start { descent = placement.ascendingPrefix }
        if start > 0 { lastTop = placement.tops[start - 1] }
        if start == placement.itemCount {
            for (column, bottom) in placement.bottoms.enumerated() { bottoms[column] = bottom }
            leveled = placement.leveled
            laneCounts = placement.lanes.counts
            if start > 0 { (low, high) = placement.exactReach }
            return
        }
        laneCounts = (0...columnCount).map { placement.lanes.count(lane: $0, below: start, work: &work) }
        // The running bottom a column ends at before `start`: after its last cell, or after the last
        // full-span cell where that came later (§22.3's exact sums).
        let lastFullSpan = placement.lanes.last(lane: columnCount, before: laneCounts[columnCount])
        leveled = lastFullSpan != nil
        for column in 0..<columnCount {
            let cell = Swift.max(placement.lanes.last(lane: column, before: laneCounts[column]) ?? -1, lastFullSpan ?? -1)
            if cell >= 0 { bottoms[column] = placement.tops[cell] + FixedLength(placement.heights[cell]) + FixedLength(grid.lineSpacing) }
        }
        // In order, a lane's first cell starts least and its last before `start` ends last.
        for lane in 0...columnCount {
            guard let first = placement.lanes.first(lane: lane, before: laneCounts[lane]),
                let last = placement.lanes.last(lane: lane, before: laneCounts[lane])
            else { continue }
            low = .min(low, placement.tops[first])
            high = .max(high, placement.tops[last] + FixedLength(placement.heights[last]))
        }
    }

    /// Items placed here, and the items placed in all.
    var placedCount: Int { written?.count ?? laneOfItem.count }
    var itemCount: Int { firstItem + placedCount }

    /// The items placed here, in storage.
    var placed: Placed {
        if let written { return written }
        func stored<Element>(_ array: [Element]) -> AppendableStorage<Element> {
            AppendableStorage(capacity: AppendableStorage<Element>.capacity(reserving: array.count), count: array.count) {
                _ = $0.initialize(fromContentsOf: array)
            }
        }
        return Placed(lanes: stored(laneOfItem), tops: stored(tops), heights: stored(heights), count: laneOfItem.count, laneCount: grid.columnCount + 1)
    }

    /// `count` copies of `item`, each placed after the items before.
    mutating func place(_ item: MasonryItem, count repeats: Int) {
        precondition(written == nil, "placeByRule places a section's items in one go")
        let count = grid.columnCount
        let lineSpacing = grid.lineSpacing
        // Heights depend on the item alone: computed once per run.
        let fullSpan = item.role == .fullSpan
        let height = grid.rule.height(of: item.size, columnWidth: fullSpan ? grid.width : grid.columnWidth)
        let exactHeight = FixedLength(height)
        let advance = exactHeight + FixedLength(lineSpacing)
        if !(height >= 0) { heightsAreNatural = false }
        var named: Int?
        if case .column(let column) = item.role { named = Swift.min(Swift.max(0, column), count - 1) }
        let ordered = grid.rule.placement == .ordered
        for _ in 0..<repeats {
            let lane: Int
            let top: FixedLength
            if fullSpan {
                // Below every column, across all of them; every column then continues below it.
                lane = count
                top = bottoms.greatestBottom
                bottoms.level(at: top + advance)
                leveled = true
            } else {
                lane = named ?? (ordered ? (numberedFrom + firstItem + laneOfItem.count) % count : bottoms.leastColumn)
                top = bottoms[lane]
                bottoms[lane] = top + advance
            }
            if descent == nil, !(height >= 0 && lineSpacing >= 0 && top >= (lastTop ?? top)) { descent = firstItem + laneOfItem.count }
            lastTop = top
            laneOfItem.append(UInt16(truncatingIfNeeded: lane))
            tops.append(top)
            heights.append(height)
            low = .min(low, top)
            high = .max(high, top + exactHeight)
        }
    }

    /// `sizes`, each by the rule and taken across and along `direction`, as `place(_:count:)` places
    /// them one by one: a registration's common case, in one loop writing each item once, straight
    /// into the storage a placement keeps. The placer must be new.
    mutating func placeByRule(_ sizes: UnsafeBufferPointer<Size>, direction: ScrollDirection) {
        precondition(placedCount == 0 && firstItem == 0, "placeByRule places a section's items from the first")
        let count = sizes.count
        let capacity = AppendableStorage<Double>.capacity(reserving: count)
        var rule = RuleLoop(self, direction: direction)
        // Storage the loop writes all three of at once: each starts empty, its first `count` slots
        // claimed for the loop (none without sizes, when it has nothing to place).
        func empty<Element>() -> AppendableStorage<Element> { AppendableStorage(capacity: capacity, count: 0) { _ in } }
        var (tops, heights): (AppendableStorage<FixedLength>, AppendableStorage<Double>) = (empty(), empty())
        let lanes = AppendableStorage<UInt16>(capacity: capacity, count: count) { lanes in
            tops = tops.appending(after: 0, count) { tops in
                heights = heights.appending(after: 0, count) { heights in
                    rule.place(sizes, lanes: lanes, tops: tops, heights: heights)
                }
            }
        }
        written = Placed(lanes: lanes, tops: tops, heights: heights, count: count, laneCount: grid.columnCount + 1)
        for column in 0..<grid.columnCount { bottoms[column] = rule.bottoms[column] }
        (low, high, descent, heightsAreNatural) = (rule.low, rule.high, rule.descent, rule.heightsAreNatural)
        if count > 0 { lastTop = tops[count - 1] }
    }
}
