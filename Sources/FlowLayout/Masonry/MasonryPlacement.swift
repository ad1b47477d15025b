/// The cells of a masonry section placed in its columns (docs/flow-layout.md §22), in the section's own
/// coordinates: x from the leading edge of the width W inside its insets, y from where its cells
/// begin (below the header and the top inset). Running bottoms are exact sums (`FixedLength`), each
/// top rounded to the nearest double once when it is read; frames' origins are rounded to pixels when
/// they are answered.
///
/// Each column's cells, and the full-span ones, are kept together in a lane, in item order: their
/// items, tops and heights side by side, so a query reads a lane's cells one after the other.
/// Placement is O(n log c) for n items in c columns (the columns' running bottoms scanned when they
/// are few, in tournament trees when more: `ColumnBottoms`); a full-span item levels every column in
/// O(1). After updates with kept columns the lanes are runs of such storage instead (`sliced`,
/// §22.5), each cell placed relative to the one before it in its lane. Immutable, and shared by every
/// layout that holds it.
public final class MasonryPlacement: Sendable {
    /// Where one item went.
    public struct Cell: Hashable, Sendable {
        /// Its column; nil for a full-span item.
        public var column: Int?
        public var frame: Rect

        public init(column: Int?, frame: Rect) {
            self.column = column
            self.frame = frame
        }

        /// The frame in content coordinates, left to right and unrounded (§22.3): the column axis
        /// across the scroll axis from `lead` (the leading inset), the running offsets along it from
        /// `start` (the section's offset plus header and scroll-lead inset).
        @inline(__always)
        func frame(lead: Double, start: Double, direction: ScrollDirection) -> Rect {
            direction.rect(along: lead + frame.minX, scroll: start + frame.minY, alongLength: frame.size.width, scrollLength: frame.size.height)
        }
    }

    public let columnCount: Int
    /// c = (W − (n − 1)·s) / n.
    public let columnWidth: Double
    /// s, between columns.
    public let columnSpacing: Double
    /// W, what a full-span cell spans.
    public let width: Double
    /// The cells' extent along the scroll axis: the greatest running bottom of a column a cell has
    /// reached (a full-span item reaches them all), less the trailing spacing; 0 without cells. With a
    /// negative spacing a column's last cell may end above an earlier one, which then reaches past
    /// the extent, as a flow section's lines may (§12).
    public let height: Double
    /// The least top and the greatest bottom of any cell: `0...height` unless negative spacings move
    /// cells outside it; (0, 0) without cells.
    public var reach: (low: Double, high: Double) { (exactReach.low.doubleValue, exactReach.high.doubleValue) }
    private let exactReach: (low: FixedLength, high: FixedLength)
    public let itemCount: Int
    /// The lane of each item (its column, or `columnCount` for a full-span item), its top and its
    /// height: the first `itemCount` of storage that later placements with items appended may share.
    private let laneOfItem: AppendableStorage<UInt16>
    private let tops: AppendableStorage<FixedLength>
    private let heights: AppendableStorage<Double>
    /// The items lane by lane (the columns', then the full-span one), each lane's in item order.
    private let lanes: Lanes
    /// How many items, from the first, have tops that never decrease in item order, with heights and
    /// the spacing ≥ 0, so that in each column a cell ends at or below the one before it ends, and no
    /// cell before a full-span one ends below its top: all of them under shortest-first placement
    /// unless columns are named (§22.4).
    private let ascendingPrefix: Int
    private var topsAscend: Bool { ascendingPrefix == itemCount }
    /// Where placing goes on from at the end (`placing(from:)`): the rule, the spacing between a
    /// column's cells, the columns' running bottoms, and whether a full-span item has levelled them all.
    let rule: MasonryColumns
    let lineSpacing: Double
    let bottoms: [FixedLength]
    let leveled: Bool
    /// No height is negative (nor NaN): with a spacing ≥ 0 and lanes in order, each cell of a lane
    /// starts at or after the end of the one before it, as runs of kept columns need (§22.5).
    private let heightsAreNatural: Bool
    var cellsFollow: Bool { heightsAreNatural && lineSpacing >= 0 && lanes.bounds == nil }
    /// The lanes as runs of other placements' cells, once an update with kept columns has moved some
    /// (`keepingColumns(replacing:work:)`, §22.5); the storage above is then empty.
    let sliced: [SlicedLane]?
    /// What the flat placement the runs started from keeps alive.
    let slicedBaseBytes: Int

    /// Places `items` in `width` (W): columns `columns.columnSpacing ?? interitemSpacing` apart, each
    /// cell `lineSpacing` below the one above it in its column.
    public convenience init(items: [MasonryItem], columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
        var placer = Placer(columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, capacity: items.count)
        for item in items { placer.place(item, count: 1) }
        self.init(placer)
    }

    /// The items `placer` placed, from the first.
    convenience init(_ placer: consuming Placer) {
        precondition(placer.firstItem == 0, "a placer that goes on from a placement is finished by `placing(from:)`")
        let placed = placer.placed
        self.init(placer, laneOfItem: placed.lanes, tops: placed.tops, heights: placed.heights, lanes: Lanes(placed, topsAscend: placer.descent == nil))
    }

    private init(
        _ placer: borrowing Placer, laneOfItem: AppendableStorage<UInt16>, tops: AppendableStorage<FixedLength>,
        heights: AppendableStorage<Double>, lanes: Lanes
    ) {
        let count = placer.columnCount
        self.columnCount = count
        self.columnWidth = placer.columnWidth
        self.columnSpacing = placer.spacing
        self.width = placer.width
        self.itemCount = placer.itemCount
        // The columns a cell reached: every one once a full-span item has levelled them.
        let reached = (0..<count).filter { placer.leveled || lanes.counts[$0] > 0 }
        self.height = itemCount == 0 ? 0 : (reached.map { placer.bottoms[$0] }.max()! - FixedLength(placer.lineSpacing)).doubleValue
        self.exactReach = itemCount == 0 ? (.zero, .zero) : (placer.low, placer.high)
        self.ascendingPrefix = placer.descent ?? placer.itemCount
        self.lanes = lanes
        (self.laneOfItem, self.tops, self.heights) = (laneOfItem, tops, heights)
        (rule, lineSpacing, leveled) = (placer.columns, placer.lineSpacing, placer.leveled)
        bottoms = (0..<count).map { placer.bottoms[$0] }
        (heightsAreNatural, sliced, slicedBaseBytes) = (placer.heightsAreNatural, nil, 0)
    }

    /// The placement `like` was, its lanes now `sliced`: what it answers follows from them. O(c log s).
    init(sliced: [SlicedLane], like placement: MasonryPlacement, itemCount: Int, work: inout some WorkCounter) {
        (columnCount, columnWidth, columnSpacing, width) = (placement.columnCount, placement.columnWidth, placement.columnSpacing, placement.width)
        (rule, lineSpacing, heightsAreNatural) = (placement.rule, placement.lineSpacing, true)
        self.itemCount = itemCount
        self.sliced = sliced
        slicedBaseBytes = placement.sliced == nil ? placement.heapByteCount : placement.slicedBaseBytes
        let spacing = FixedLength(placement.lineSpacing)
        leveled = sliced[placement.columnCount].root != nil
        bottoms = Self.runningBottoms(sliced)
        let ends = sliced.filter { $0.root != nil }.map(\.end)
        height = ends.isEmpty ? 0 : (ends.max()! - spacing).doubleValue
        let firstTops = sliced.compactMap { $0.first(from: 0, work: &work)?.top }
        exactReach = ends.isEmpty ? (.zero, .zero) : (firstTops.min()!, ends.max()! - spacing)
        func none<Element>() -> AppendableStorage<Element> { AppendableStorage(capacity: 0, count: 0) { _ in } }
        (laneOfItem, tops, heights) = (none(), none(), none())
        lanes = Lanes(items: [], counts: [])
        ascendingPrefix = 0
    }

    /// Lane `lane`'s cell at `position` in this placement's own storage: its item, exact top and height.
    @inline(__always)
    func storedCell(lane: Int, position: Int) -> (item: Int, top: FixedLength, height: Double) {
        let item = Int(lanes.items[lane][position])
        return (item, tops[item], heights[item])
    }

    /// How many cells lane `lane` holds in this placement's own storage.
    func storedCount(lane: Int) -> Int { lanes.counts[lane] }

    /// This placement's first `start` items followed by `items` (`count` of them, for the arrays they
    /// are placed in), each placed after the ones before as a placement of all of them would (§22.5):
    /// O(c log n + k log c) for k items in c columns, the storage shared with this placement and
    /// extended in place when `start` is where this placement, the latest to hold it, ends (an
    /// append), else copied up to `start` first. Nil when a lane's cells would overlap (a negative
    /// spacing): the search bounds of such a lane are kept for the whole lane.
    func placing(
        from start: Int, count: Int, _ items: (_ place: (MasonryItem, Int) -> Void) -> Void, work: inout some WorkCounter
    ) -> MasonryPlacement? {
        if let sliced { return placing(from: start, count: count, items, after: sliced, work: &work) }
        guard lanes.bounds == nil else { return nil }
        var placer = Placer(continuing: self, at: start, reserving: count, work: &work)
        items { item, count in placer.place(item, count: count) }
        work += placer.placedCount
        guard let lanes = lanes.appending(placer, tops: tops, heights: heights) else { return nil }
        func appended<Element>(_ storage: AppendableStorage<Element>, _ new: [Element]) -> AppendableStorage<Element> {
            storage.appending(after: start, new.count) { _ = $0.initialize(fromContentsOf: new) }
        }
        return MasonryPlacement(
            placer, laneOfItem: appended(laneOfItem, placer.laneOfItem), tops: appended(tops, placer.tops),
            heights: appended(heights, placer.heights), lanes: lanes)
    }

    /// Placement as it goes (§22.1): the columns' running bottoms, and each item's lane, top and height
    /// in item order, which `init(_:)` then gathers lane by lane. Flat arrays written in order: no
    /// lane's array grows item by item.
    struct Placer {
        let columns: MasonryColumns
        let columnCount: Int
        let columnWidth: Double
        let spacing: Double
        let width: Double
        let lineSpacing: Double
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

        init(columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double, capacity: Int) {
            let spacing = columns.columnSpacing ?? interitemSpacing
            let count = columns.columnCount(width: width, spacing: spacing)
            self.columns = columns
            self.columnCount = count
            self.spacing = spacing
            self.width = width
            self.lineSpacing = lineSpacing
            // No column is narrower than nothing: spacings wider than the width leave columns of width 0.
            self.columnWidth = Swift.max(0, (width - Double(count - 1) * spacing) / Double(count))
            firstItem = 0
            bottoms = ColumnBottoms(count: count)
            laneOfItem.reserveCapacity(capacity)
            tops.reserveCapacity(capacity)
            heights.reserveCapacity(capacity)
        }

        /// Placing items numbered from `first` on from the columns' running `bottoms`, in storage of their
        /// own numbered from 0: what a placement of runs goes on with (§22.5).
        init(columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double, capacity: Int,
             after bottoms: [FixedLength], leveled: Bool, numberedFrom first: Int) {
            self.init(columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, capacity: capacity)
            for (column, bottom) in bottoms.enumerated() { self.bottoms[column] = bottom }
            self.leveled = leveled
            numberedFrom = first
        }

        /// Placing on after `placement`'s first `start` items, from its columns' bottoms there: the
        /// ones it ends with, or read from each lane's last cell before `start` and the last full-span
        /// cell, in a placement whose lanes' cells are in order; room for `count` items. O(c log n).
        init(continuing placement: MasonryPlacement, at start: Int, reserving count: Int, work: inout some WorkCounter) {
            (columns, columnCount, columnWidth) = (placement.rule, placement.columnCount, placement.columnWidth)
            (spacing, width, lineSpacing) = (placement.columnSpacing, placement.width, placement.lineSpacing)
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
                if cell >= 0 { bottoms[column] = placement.tops[cell] + FixedLength(placement.heights[cell]) + FixedLength(lineSpacing) }
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
            return Placed(lanes: stored(laneOfItem), tops: stored(tops), heights: stored(heights), count: laneOfItem.count, laneCount: columnCount + 1)
        }

        /// `count` copies of `item`, each placed after the items before.
        mutating func place(_ item: MasonryItem, count repeats: Int) {
            precondition(written == nil, "placeByRule places a section's items in one go")
            let count = columnCount
            // Heights depend on the item alone: computed once per run.
            let fullSpan = item.role == .fullSpan
            let height = columns.height(of: item.size, columnWidth: fullSpan ? width : columnWidth)
            let exactHeight = FixedLength(height)
            let advance = exactHeight + FixedLength(lineSpacing)
            if !(height >= 0) { heightsAreNatural = false }
            var named: Int?
            if case .column(let column) = item.role { named = Swift.min(Swift.max(0, column), count - 1) }
            let ordered = columns.placement == .ordered
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
            var (tops, heights): (AppendableStorage<FixedLength>?, AppendableStorage<Double>?) = (nil, nil)
            let lanes = AppendableStorage<UInt16>(capacity: capacity, count: count) { lanes in
                tops = AppendableStorage(capacity: capacity, count: count) { tops in
                    heights = AppendableStorage(capacity: capacity, count: count) { heights in
                        rule.place(sizes, lanes: lanes, tops: tops, heights: heights)
                    }
                }
            }
            written = Placed(lanes: lanes, tops: tops!, heights: heights!, count: count, laneCount: columnCount + 1)
            for column in 0..<columnCount { bottoms[column] = rule.bottoms[column] }
            (low, high, descent, heightsAreNatural) = (rule.low, rule.high, rule.descent, rule.heightsAreNatural)
            if count > 0 { lastTop = tops![count - 1] }
        }
    }

    /// Items placed in a row, in storage: each one's lane, top and height.
    struct Placed {
        let lanes: AppendableStorage<UInt16>
        let tops: AppendableStorage<FixedLength>
        let heights: AppendableStorage<Double>
        let count: Int
        let laneCount: Int
    }

    /// `Placer.placeByRule`'s loop: the placer's rule and state in locals, a few columns' bottoms
    /// scanned for the least instead of kept in a tree.
    private struct RuleLoop {
        let columns: Int
        let aspectRatio: Bool
        let ordered: Bool
        let vertical: Bool
        let columnWidth: Double
        let lineSpacing: FixedLength
        var tree: ColumnBottoms
        var bottoms: [FixedLength]
        var low: FixedLength
        var high: FixedLength
        /// `Placer.descent` and `Placer.heightsAreNatural`.
        var descent: Int?
        var heightsAreNatural = true

        init(_ placer: Placer, direction: ScrollDirection) {
            columns = placer.columnCount
            aspectRatio = placer.columns.itemSizing == .aspectRatio
            ordered = placer.columns.placement == .ordered
            vertical = direction == .vertical
            (columnWidth, lineSpacing) = (placer.columnWidth, FixedLength(placer.lineSpacing))
            tree = placer.bottoms
            bottoms = (0..<placer.columnCount).map { placer.bottoms[$0] }
            (low, high) = (placer.low, placer.high)
        }

        mutating func place(
            _ sizes: UnsafeBufferPointer<Size>, lanes: UnsafeMutableBufferPointer<UInt16>, tops: UnsafeMutableBufferPointer<FixedLength>,
            heights: UnsafeMutableBufferPointer<Double>
        ) {
            let scanned = columns <= ColumnBottoms.scanned
            let spacingIsNatural = lineSpacing >= .zero
            // The state in locals, the bottoms in a buffer: no copy-on-write check a cell.
            var (last, low, high, descent, natural, next) = (FixedLength.least, low, high, descent, heightsAreNatural, 0)
            var tree = tree
            bottoms.withUnsafeMutableBufferPointer { bottoms in
                for item in 0..<sizes.count {
                    let size = sizes[item]
                    let height = vertical
                        ? MasonryColumns.height(width: size.width, height: size.height, columnWidth: columnWidth, aspectRatio: aspectRatio)
                        : MasonryColumns.height(width: size.height, height: size.width, columnWidth: columnWidth, aspectRatio: aspectRatio)
                    var lane = 0
                    if ordered {
                        lane = next
                        next = next + 1 == columns ? 0 : next + 1
                    } else if scanned {
                        var least = bottoms[0]
                        for column in 1..<columns where bottoms[column] < least { (lane, least) = (column, bottoms[column]) }
                    } else {
                        lane = tree.leastColumn
                    }
                    let top = bottoms[lane]
                    let bottom = top + FixedLength(converting: height)
                    bottoms[lane] = bottom + lineSpacing
                    if !scanned { tree[lane] = bottoms[lane] }
                    lanes.initializeElement(at: item, to: UInt16(truncatingIfNeeded: lane))
                    tops.initializeElement(at: item, to: top)
                    heights.initializeElement(at: item, to: height)
                    if descent == nil, !(height >= 0 && spacingIsNatural && top >= last) {
                        descent = item
                        if !(height >= 0) { natural = false }
                    }
                    last = top
                }
            }
            // Cells that follow one another start no higher than the first and end no lower than their
            // column's last: the reach from the ends, else from every cell.
            if descent == nil {
                if sizes.count > 0 { (low, high) = (.min(low, tops[0]), .max(high, bottoms.max()! - lineSpacing)) }
            } else {
                for item in 0..<sizes.count {
                    if !(heights[item] >= 0) { natural = false }
                    (low, high) = (.min(low, tops[item]), .max(high, tops[item] + FixedLength(heights[item])))
                }
            }
            (self.low, self.high, self.descent, self.heightsAreNatural, self.tree) = (low, high, descent, natural, tree)
        }
    }

    /// An item's column; nil for a full-span item. O(1); O(c log s) in runs.
    public func column(ofItem item: Int) -> Int? {
        if sliced != nil { return slicedCell(item).column }
        let lane = Int(laneOfItem[item])
        return lane == columnCount ? nil : lane
    }

    /// Where item `item` went. O(1); O(c log s) in runs.
    public func cell(_ item: Int) -> Cell {
        if sliced != nil { return slicedCell(item) }
        return cell(lane: Int(laneOfItem[item]), top: tops[item].doubleValue, height: heights[item])
    }

    /// Every item's cell, in item order. O(n): for tests and tools, not queries.
    public var cells: [Cell] { (0..<itemCount).map(cell) }

    @inline(__always)
    func cell(lane: Int, top: Double, height: Double) -> Cell {
        lane == columnCount
            ? Cell(column: nil, frame: Rect(x: 0, y: top, width: width, height: height))
            : Cell(column: lane, frame: Rect(x: Double(lane) * (columnWidth + columnSpacing), y: top, width: columnWidth, height: height))
    }

    /// The items whose cells reach into [low, high] along the scroll axis (bottom ≥ low, top ≤ high),
    /// in item order.
    public func items(intersecting low: Double, _ high: Double) -> [Int] {
        var uncounted = Uncounted()
        return items(intersecting: low, high, work: &uncounted)
    }

    /// `items(intersecting:_:)`, counting the search probes and the cells it reads.
    @_spi(WorkCounting)
    public func items(intersecting low: Double, _ high: Double, work: inout some WorkCounter) -> [Int] {
        var found: [Int] = []
        forEachCell(intersecting: low, high, work: &work) { item, _, _ in
            found.append(item)
            return true
        }
        return found
    }

    /// Hands `body` the items whose cells reach into [low, high], in item order, with each one's cell
    /// (unrounded, section-relative), until `body` returns false. Where tops ascend in item order, by
    /// one binary search for the last cell starting at or above `high` and a walk back to where no
    /// earlier cell can reach `low`: O(log n + k + c) for k cells found in c columns, unless cells far
    /// taller than their neighbours make the walk pass more than a few cells out of view per column.
    /// Otherwise (and then) by a binary search in each lane, whose cells found are merged by item:
    /// O(c log n + k·min(c, log k)).
    func forEachCell<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, Cell, inout Counter) -> Bool
    ) {
        if sliced != nil { return forEachSlicedCell(intersecting: low, high, work: &work, body) }
        if topsAscend, let items = itemsAscending(intersecting: low, high, work: &work) {
            for item in items {
                work += 1
                let (top, height) = (tops[item].doubleValue, heights[item])
                if top + height >= low, !body(item, cell(lane: Int(laneOfItem[item]), top: top, height: height), &work) { return }
            }
            return
        }
        forEachCellByLane(intersecting: low, high, work: &work, body)
    }

    /// Where tops ascend: the items from which every cell that reaches [low, high] is found, in item
    /// order (some of them reach only above `low`); nil when the walk back would pass more cells out
    /// of view than `walkBudget`.
    private func itemsAscending(intersecting low: Double, _ high: Double, work: inout some WorkCounter) -> Range<Int>? {
        // The cells that start at or above `high`: a prefix, tops ascending.
        var lower = 0
        var upper = itemCount
        while lower < upper {
            let middle = (lower + upper) / 2
            work += 1
            if tops[middle].doubleValue <= high { lower = middle + 1 } else { upper = middle }
        }
        let end = lower
        // Back from there: a column is done at its first cell ending above `low` (its earlier ones end
        // earlier still), everything at a full-span cell starting above `low` (every earlier one ends
        // above its top).
        let budget = 4 * columnCount + 32
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: columnCount) { done in
            done.initialize(repeating: false)
            var start = end
            var open = columnCount
            var passed = 0
            while start > 0, open > 0 {
                let item = start - 1
                work += 1
                start = item
                let lane = Int(laneOfItem[item])
                if lane == columnCount {
                    if tops[item].doubleValue < low { break }
                } else if done[lane] {
                    passed += 1
                    if passed > budget { return nil }
                } else if tops[item].doubleValue + heights[item] < low {
                    done[lane] = true
                    open -= 1
                }
            }
            return start..<end
        }
    }

    /// `forEachCell` by a binary search in each lane, the lanes' cells found merged by item. A lane
    /// whose cells follow each other (spacing + height ≥ 0) stops at the first past `high`; one whose
    /// cells overlap (a negative spacing) is read across its overlap, as the flow layout reads lines (§12).
    private func forEachCellByLane<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, Cell, inout Counter) -> Bool
    ) {
        let lanes = lanes
        let laneCount = columnCount + 1
        /// The cell at `position` of `lane`, handed to `body` when it reaches [low, high].
        func visit(_ lane: Int, _ position: Int, work: inout Counter) -> Bool {
            work += 1
            let item = Int(lanes.items[lane][position])
            let (top, height) = (tops[item].doubleValue, heights[item])
            guard top + height >= low, top <= high else { return true }
            return body(item, cell(lane: lane, top: top, height: height), &work)
        }
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: laneCount) { ranges in
            for lane in 0..<laneCount {
                ranges.initializeElement(at: lane, to: lanes.positions(lane: lane, reaching: low, high, tops: tops, heights: heights, work: &work))
            }
            guard laneCount <= Self.mergedLanes else {
                // Many columns: the cells found, sorted by item, rather than a scan of the lanes per cell.
                var found: [(item: UInt32, lane: Int, position: Int)] = []
                for lane in 0..<laneCount {
                    for position in ranges[lane] { found.append((lanes.items[lane][position], lane, position)) }
                }
                found.sort { $0.item < $1.item }
                work += found.count
                for cell in found where !visit(cell.lane, cell.position, work: &work) { return }
                return
            }
            // The lanes' next cells, the least item first: each lane's items ascend.
            while true {
                var next = -1
                var least = UInt32.max
                for lane in 0..<laneCount where !ranges[lane].isEmpty {
                    let item = lanes.items[lane][ranges[lane].lowerBound]
                    if item < least { (next, least) = (lane, item) }
                }
                if next < 0 { return }
                let position = ranges[next].lowerBound
                ranges[next] = position + 1..<ranges[next].upperBound
                if !visit(next, position, work: &work) { return }
            }
        }
    }

    /// Up to this many lanes the cells found are merged by scanning the lanes' next cells; beyond,
    /// sorted.
    private static let mergedLanes = 17

    /// Bytes the placement keeps alive: per item its lane, item number, top and height, and what a
    /// lane of overlapping cells adds.
    var heapByteCount: Int {
        if let sliced { return slicedHeapByteCount(sliced) }
        let arrayOverhead = 48
        return 16 + 160 + itemCount * (2 + 16 + 8) + 3 * arrayOverhead + bottoms.count * 8 + lanes.heapByteCount
    }
}

/// The items lane by lane (each column's, then the full-span ones), each lane's in item order, in
/// storage that placements with items appended share. When a lane's cells overlap (a negative
/// spacing), the greatest bottom so far and the least top from each cell on in the lane, which a
/// binary search may rely on where tops and bottoms are not in order.
private struct Lanes: Sendable {
    /// Lane k's items are the first `counts[k]` of `items[k]`.
    let items: [AppendableStorage<UInt32>]
    let counts: [Int]
    /// Nil when in every lane each cell starts and ends at or after the one before it: then the
    /// bottoms and tops themselves are in order.
    let bounds: Bounds?

    struct Bounds {
        /// Lane k's cells are `starts[k]..<starts[k + 1]` in each array.
        let starts: [Int]
        let bottomsSoFar: [Double]
        let topsFromHere: [Double]
    }

    /// The items of `placed`, by lane, item order kept (a counting sort). O(n + c).
    init(_ placed: MasonryPlacement.Placed, topsAscend: Bool) {
        let (laneOfItem, tops, heights) = (placed.lanes.prefix(placed.count), placed.tops.prefix(placed.count), placed.heights.prefix(placed.count))
        var counts = [Int](repeating: 0, count: placed.laneCount)
        for lane in laneOfItem { counts[Int(lane)] += 1 }
        // Each lane's slots, filled by the sort right after: trivial values, before the storage is shared.
        let items = withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt32>.self, capacity: placed.laneCount) { next in
            let items = counts.indices.map { lane in
                AppendableStorage<UInt32>(capacity: AppendableStorage<UInt32>.capacity(reserving: counts[lane]), count: counts[lane]) {
                    next.initializeElement(at: lane, to: $0.baseAddress!)
                }
            }
            for (item, lane) in laneOfItem.enumerated() {
                let lane = Int(lane)
                next[lane].initialize(to: UInt32(item))
                next[lane] += 1
            }
            return items
        }
        (self.items, self.counts) = (items, counts)
        // In order when every cell starts and ends at or after the one before it in its lane, as
        // ascending tops with no cell ending above the one before it in its column guarantee.
        var inOrder = true
        for lane in counts.indices where inOrder && !topsAscend {
            var previous = -1
            for position in 0..<counts[lane] {
                let item = Int(items[lane][position])
                if previous >= 0, tops[item] < tops[previous] || tops[item] + FixedLength(heights[item]) < tops[previous] + FixedLength(heights[previous]) {
                    inOrder = false
                    break
                }
                previous = item
            }
        }
        guard !inOrder else {
            bounds = nil
            return
        }
        var starts = [0]
        for count in counts { starts.append(starts[starts.count - 1] + count) }
        var bottomsSoFar = [Double](repeating: 0, count: placed.count)
        var topsFromHere = [Double](repeating: 0, count: placed.count)
        for lane in counts.indices {
            var greatest = -Double.infinity
            for position in 0..<counts[lane] {
                let item = Int(items[lane][position])
                greatest = Swift.max(greatest, tops[item].doubleValue + heights[item])
                bottomsSoFar[starts[lane] + position] = greatest
            }
            var least = Double.infinity
            for position in (0..<counts[lane]).reversed() {
                least = Swift.min(least, tops[Int(items[lane][position])].doubleValue)
                topsFromHere[starts[lane] + position] = least
            }
        }
        bounds = Bounds(starts: starts, bottomsSoFar: bottomsSoFar, topsFromHere: topsFromHere)
    }

    fileprivate init(items: [AppendableStorage<UInt32>], counts: [Int]) {
        (self.items, self.counts, self.bounds) = (items, counts, nil)
    }

    /// How many of lane `lane`'s cells are of items below `item`: a binary search. O(log n).
    func count(lane: Int, below item: Int, work: inout some WorkCounter) -> Int {
        var (lower, upper) = (0, counts[lane])
        while lower < upper {
            let middle = (lower + upper) / 2
            work += 1
            if Int(items[lane][middle]) < item { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    /// The item of lane `lane`'s first cell, if it has one before its position `position`.
    func first(lane: Int, before position: Int) -> Int? {
        position > 0 ? Int(items[lane][0]) : nil
    }

    /// The item of lane `lane`'s cell before its position `position`, if any.
    func last(lane: Int, before position: Int) -> Int? {
        position > 0 ? Int(items[lane][position - 1]) : nil
    }

    /// These lanes with each one's cells before the item `placer` went on from, then the items it
    /// placed, each lane's storage extended; nil when a cell would start or end above the one before
    /// it in its lane. O(c + k).
    func appending(_ placer: borrowing MasonryPlacement.Placer, tops: AppendableStorage<FixedLength>, heights: AppendableStorage<Double>) -> Lanes? {
        precondition(bounds == nil)
        let (start, kept) = (placer.firstItem, placer.laneCounts)
        // Each lane's last cell so far (its top and bottom), and how many cells it gains.
        var last = kept.indices.map { lane in
            self.last(lane: lane, before: kept[lane]).map { (top: tops[$0], bottom: tops[$0] + FixedLength(heights[$0])) }
        }
        var gained = [Int](repeating: 0, count: counts.count)
        for index in placer.laneOfItem.indices {
            let lane = Int(placer.laneOfItem[index])
            let (top, bottom) = (placer.tops[index], placer.tops[index] + FixedLength(placer.heights[index]))
            if let previous = last[lane], !(top >= previous.top && bottom >= previous.bottom) { return nil }
            last[lane] = (top, bottom)
            gained[lane] += 1
        }
        var added = gained.map { count in
            var items: [UInt32] = []
            items.reserveCapacity(count)
            return items
        }
        for (index, lane) in placer.laneOfItem.enumerated() { added[Int(lane)].append(UInt32(start + index)) }
        let items = counts.indices.map { lane in
            self.items[lane].appending(after: kept[lane], added[lane].count) { _ = $0.initialize(fromContentsOf: added[lane]) }
        }
        return Lanes(items: items, counts: counts.indices.map { kept[$0] + added[$0].count })
    }

    /// The positions in lane `lane` of the cells that may reach into [low, high]: from the first whose
    /// bottom (or greatest bottom so far) reaches `low`, to the first from which every top is past `high`.
    func positions(
        lane: Int, reaching low: Double, _ high: Double, tops: AppendableStorage<FixedLength>, heights: AppendableStorage<Double>,
        work: inout some WorkCounter
    ) -> Range<Int> {
        let items = items[lane]
        var lower = 0
        var upper = counts[lane]
        let end = upper
        let start = bounds?.starts[lane] ?? 0
        while lower < upper {
            let middle = (lower + upper) / 2
            work += 1
            let item = Int(items[middle])
            if (bounds?.bottomsSoFar[start + middle] ?? tops[item].doubleValue + heights[item]) < low { lower = middle + 1 } else { upper = middle }
        }
        var last = lower
        if let bounds {
            while last < end, bounds.topsFromHere[start + last] <= high { last += 1 }
        } else {
            while last < end, tops[Int(items[last])].doubleValue <= high { last += 1 }
        }
        return lower..<last
    }

    var heapByteCount: Int {
        let arrayOverhead = 48
        let total = counts.reduce(0, +)
        let bounds = bounds == nil ? 0 : 2 * (total * 8 + arrayOverhead) + counts.count * 8
        return 2 * arrayOverhead + counts.count * (48 + 8) + total * 4 + bounds
    }
}

/// The running bottom of each column, the least of them (ties to the lowest index) and the greatest.
/// A few columns are scanned. More are kept in two tournament trees (least and greatest), O(log c) to
/// change one column; levelling them all (a full-span item) is O(1): it raises a floor and starts an
/// epoch, and a column or tree node not written in the current epoch stands at the floor.
struct ColumnBottoms {
    /// Up to this many columns the least is found by a scan, cheaper than keeping a tree.
    static let scanned = 8
    private let count: Int
    private var values: [FixedLength]
    private let size: Int
    /// Per node (leaves from `size` on): the column of its subtree's least and greatest bottom, and
    /// the epoch they were found in; per column, the epoch of its value. Empty for scanned columns.
    private var least: [Int] = []
    private var greatest: [Int] = []
    private var nodeEpochs: [Int] = []
    private var valueEpochs: [Int] = []
    /// Each node's first column, where every bottom in its subtree is the floor; -1 past the last.
    private var firstColumns: [Int] = []
    private var epoch = 0
    private var floor = FixedLength.zero

    init(count: Int) {
        self.count = count
        var size = 1
        while size < count { size *= 2 }
        self.size = size
        values = [FixedLength](repeating: .zero, count: count)
        guard count > Self.scanned else { return }
        least = [Int](repeating: 0, count: 2 * size)
        greatest = least
        nodeEpochs = [Int](repeating: -1, count: 2 * size)
        valueEpochs = [Int](repeating: -1, count: count)
        firstColumns = (0..<2 * size).map { node in
            var leaf = Swift.max(node, 1)
            while leaf < size { leaf *= 2 }
            return leaf - size < count ? leaf - size : -1
        }
    }

    private var isTree: Bool { count > Self.scanned }

    subscript(column: Int) -> FixedLength {
        get { !isTree || valueEpochs[column] == epoch ? values[column] : floor }
        set {
            values[column] = newValue
            guard isTree else { return }
            valueEpochs[column] = epoch
            var node = (size + column) / 2
            while node >= 1 {
                let (left, right) = (winners(2 * node), winners(2 * node + 1))
                least[node] = lesser(left.least, right.least)
                greatest[node] = greater(left.greatest, right.greatest)
                nodeEpochs[node] = epoch
                node /= 2
            }
        }
    }

    /// The column whose bottom is least, the lowest of equal ones.
    var leastColumn: Int {
        guard isTree else {
            var least = 0
            for column in 1..<count where values[column] < values[least] { least = column }
            return least
        }
        return winners(1).least
    }

    /// Where the lowest column ends now: where a full-span item starts.
    var greatestBottom: FixedLength {
        guard isTree else { return values.max() ?? .zero }
        return self[winners(1).greatest]
    }

    /// Every column to `bottom`.
    mutating func level(at bottom: FixedLength) {
        guard isTree else {
            for column in values.indices { values[column] = bottom }
            return
        }
        floor = bottom
        epoch += 1
    }

    /// A node's least and greatest column (-1 for none): a leaf's own column, a node written in this
    /// epoch its winners, any other its first column, where every bottom is the floor.
    private func winners(_ node: Int) -> (least: Int, greatest: Int) {
        if node >= size {
            let column = node - size
            return column < count ? (column, column) : (-1, -1)
        }
        if nodeEpochs[node] == epoch { return (least[node], greatest[node]) }
        return (firstColumns[node], firstColumns[node])
    }

    /// The column of the lesser bottom, the lower index when they are equal.
    private func lesser(_ left: Int, _ right: Int) -> Int {
        if left < 0 || right < 0 { return Swift.max(left, right) }
        let (a, b) = (self[left], self[right])
        if a < b { return left }
        if b < a { return right }
        return Swift.min(left, right)
    }

    /// The column of the greater bottom, the lower index when they are equal.
    private func greater(_ left: Int, _ right: Int) -> Int {
        if left < 0 || right < 0 { return Swift.max(left, right) }
        let (a, b) = (self[left], self[right])
        if a > b { return left }
        if b > a { return right }
        return Swift.min(left, right)
    }
}
