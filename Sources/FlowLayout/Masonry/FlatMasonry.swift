/// A masonry placement as placing makes it (docs/flow-layout.md §22): per item its lane, top and
/// height, and each lane's items in item order, so a query reads a lane's cells one after the other.
/// Placement is O(n log c) for n items in c columns (`MasonryPlacer`); items appended extend the
/// storage in place (`placing(from:count:_:work:)`). Immutable, and shared by every layout that holds
/// it and every run that reads it (`LaneSlice`). Public only as `MasonryPlacement.flat`'s payload.
public final class FlatMasonry: Sendable {
    let grid: MasonryGrid
    let itemCount: Int
    /// `MasonryPlacement.height`.
    let height: Double
    /// The least top and the greatest bottom of any cell, exact: `MasonryPlacement.reach`.
    let exactReach: (low: FixedLength, high: FixedLength)
    /// The lane of each item (its column, or `columnCount` for a full-span item), its top and its
    /// height: the first `itemCount` of storage that later placements with items appended may share.
    let laneOfItem: AppendableStorage<UInt16>
    let tops: AppendableStorage<FixedLength>
    let heights: AppendableStorage<Double>
    /// The items lane by lane (the columns', then the full-span one), each lane's in item order.
    let lanes: Lanes
    /// How many items, from the first, have tops that never decrease in item order, with heights and
    /// the spacing ≥ 0, so that in each column a cell ends at or below the one before it ends, and no
    /// cell before a full-span one ends below its top: all of them under shortest-first placement
    /// unless columns are named (§22.4).
    let ascendingPrefix: Int
    var topsAscend: Bool { ascendingPrefix == itemCount }
    /// Where placing goes on from at the end (`placing(from:count:_:work:)`): the columns' running
    /// bottoms, and whether a full-span item has levelled them all.
    let bottoms: [FixedLength]
    let leveled: Bool
    /// No height is negative (nor NaN): with a spacing ≥ 0 and lanes in order, each cell of a lane
    /// starts at or after the end of the one before it, as runs of kept columns need (§22.5).
    private let heightsAreNatural: Bool
    var cellsFollow: Bool { heightsAreNatural && grid.lineSpacing >= 0 && lanes.bounds == nil }

    /// Places `items` as `MasonryPlacement.init(items:columns:width:interitemSpacing:lineSpacing:)`.
    convenience init(items: [MasonryItem], columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
        var placer = MasonryPlacer(columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, capacity: items.count)
        for item in items { placer.place(item, count: 1) }
        self.init(placer)
    }

    /// The items `placer` placed, from the first.
    convenience init(_ placer: consuming MasonryPlacer) {
        precondition(placer.firstItem == 0, "a placer that goes on from a placement is finished by `placing(from:)`")
        let placed = placer.placed
        self.init(placer, laneOfItem: placed.lanes, tops: placed.tops, heights: placed.heights, lanes: Lanes(placed, topsAscend: placer.descent == nil))
    }

    private init(
        _ placer: borrowing MasonryPlacer, laneOfItem: AppendableStorage<UInt16>, tops: AppendableStorage<FixedLength>,
        heights: AppendableStorage<Double>, lanes: Lanes
    ) {
        let count = placer.grid.columnCount
        grid = placer.grid
        itemCount = placer.itemCount
        // The columns a cell reached: every one once a full-span item has levelled them; none without cells.
        let reached = (0..<count).filter { placer.leveled || lanes.counts[$0] > 0 }
        height = reached.map { placer.bottoms[$0] }.max().map { ($0 - FixedLength(placer.grid.lineSpacing)).doubleValue } ?? 0
        exactReach = placer.itemCount == 0 ? (.zero, .zero) : (placer.low, placer.high)
        ascendingPrefix = placer.descent ?? placer.itemCount
        self.lanes = lanes
        (self.laneOfItem, self.tops, self.heights) = (laneOfItem, tops, heights)
        leveled = placer.leveled
        bottoms = (0..<count).map { placer.bottoms[$0] }
        heightsAreNatural = placer.heightsAreNatural
    }

    /// Lane `lane`'s cell at `position`: its item, exact top and height.
    @inline(__always)
    func storedCell(lane: Int, position: Int) -> (item: Int, top: FixedLength, height: Double) {
        let item = Int(lanes.items[lane][position])
        return (item, tops[item], heights[item])
    }

    /// How many cells lane `lane` holds.
    func storedCount(lane: Int) -> Int { lanes.counts[lane] }

    /// An item's column; nil for a full-span item. O(1).
    func column(ofItem item: Int) -> Int? {
        let lane = Int(laneOfItem[item])
        return lane == grid.columnCount ? nil : lane
    }

    /// Where item `item` went. O(1).
    func cell(_ item: Int) -> MasonryPlacement.Cell {
        grid.cell(lane: Int(laneOfItem[item]), top: tops[item].doubleValue, height: heights[item])
    }

    /// This placement's first `start` items followed by `items` (`count` of them, for the arrays they
    /// are placed in), each placed after the ones before as a placement of all of them would (§22.5):
    /// O(c log n + k log c) for k items in c columns, the storage shared with this placement and
    /// extended in place when `start` is where this placement, the latest to hold it, ends (an
    /// append), else copied up to `start` first. Nil when a lane's cells would overlap (a negative
    /// spacing): the search bounds of such a lane are kept for the whole lane.
    func placing(
        from start: Int, count: Int, _ items: (_ place: (MasonryItem, Int) -> Void) -> Void, work: inout some WorkCounter
    ) -> FlatMasonry? {
        guard lanes.bounds == nil else { return nil }
        var placer = MasonryPlacer(continuing: self, at: start, reserving: count, work: &work)
        items { item, count in placer.place(item, count: count) }
        work += placer.placedCount
        guard let lanes = lanes.appending(placer, tops: tops, heights: heights) else { return nil }
        func appended<Element>(_ storage: AppendableStorage<Element>, _ new: [Element]) -> AppendableStorage<Element> {
            storage.appending(after: start, new.count) { _ = $0.initialize(fromContentsOf: new) }
        }
        return FlatMasonry(
            placer, laneOfItem: appended(laneOfItem, placer.laneOfItem), tops: appended(tops, placer.tops),
            heights: appended(heights, placer.heights), lanes: lanes)
    }

    /// `SlicedMasonry.keepingColumns` from this placement's lanes, each one run. Nil when the cells may
    /// not follow each other in their lanes (a negative height or spacing): the caller places the
    /// section again.
    func keepingColumns(
        replacing steps: [(range: Range<Int>, items: [(MasonryItem, Int)])], work: inout some WorkCounter
    ) -> SlicedMasonry? {
        guard cellsFollow else { return nil }
        let spacing = FixedLength(grid.lineSpacing)
        return SlicedMasonry.keepingColumns(
            of: (0...grid.columnCount).map { wholeLane($0, spacing: spacing) }, grid: grid, itemCount: itemCount,
            baseBytes: heapByteCount, replacing: steps, work: &work)
    }

    /// Lane `lane` as one run.
    private func wholeLane(_ lane: Int, spacing: FixedLength) -> SlicedLane {
        let count = storedCount(lane: lane)
        guard count > 0 else { return SlicedLane(root: nil, spacing: spacing) }
        let first = storedCell(lane: lane, position: 0)
        let slice = LaneSlice(source: self, lane: lane, positions: 0..<count, lead: first.top, itemLead: first.item + 1)
        return SlicedLane(root: SliceNode(slice, spacing: spacing), spacing: spacing)
    }

    /// Bytes the placement keeps alive: per item its lane, item number, top and height, and what a
    /// lane of overlapping cells adds.
    var heapByteCount: Int {
        let arrayOverhead = 48
        return 16 + 160 + itemCount * (2 + 16 + 8) + 3 * arrayOverhead + bottoms.count * 8 + lanes.heapByteCount
    }
}
