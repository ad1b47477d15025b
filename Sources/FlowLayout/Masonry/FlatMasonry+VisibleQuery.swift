extension FlatMasonry {
    /// Hands `body` the items whose cells reach into [low, high], in item order, with each one's cell
    /// (unrounded, section-relative), until `body` returns false. Where tops ascend in item order, by
    /// one binary search for the last cell starting at or above `high` and a walk back to where no
    /// earlier cell can reach `low`: O(log n + k + c) for k cells found in c columns, unless cells far
    /// taller than their neighbours make the walk pass more than a few cells out of view per column.
    /// Otherwise (and then) by a binary search in each lane, whose cells found are merged by item:
    /// O(c log n + k·min(c, log k)).
    func forEachCell<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, MasonryPlacement.Cell, inout Counter) -> Bool
    ) {
        if topsAscend, let items = itemsAscending(intersecting: low, high, work: &work) {
            for item in items {
                work += 1
                let (top, height) = (tops[item].doubleValue, heights[item])
                if top + height >= low, !body(item, grid.cell(lane: Int(laneOfItem[item]), top: top, height: height), &work) { return }
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
        let columnCount = grid.columnCount
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
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, MasonryPlacement.Cell, inout Counter) -> Bool
    ) {
        let lanes = lanes
        let laneCount = grid.columnCount + 1
        /// The cell at `position` of `lane`, handed to `body` when it reaches [low, high].
        func visit(_ lane: Int, _ position: Int, work: inout Counter) -> Bool {
            work += 1
            let item = Int(lanes.items[lane][position])
            let (top, height) = (tops[item].doubleValue, heights[item])
            guard top + height >= low, top <= high else { return true }
            return body(item, grid.cell(lane: lane, top: top, height: height), &work)
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
}
