extension SlicedMasonry {
    /// `lanes`, a placement's of `itemCount` items, after `steps`, applied in order, each replacing a
    /// range of items (in the numbers of its time) by items counted in runs (docs/flow-layout.md §22.5):
    /// the cells the placement keeps stay in their lanes, each following the cell before it there; the
    /// items a step brings are placed by their roles from the columns' running bottoms where it starts;
    /// then the first cell of each lane after the step, the first full-span cell after it, and each
    /// column's first cell after that, are set where the running bottoms put them: the only cells not
    /// placed relative to the cell before them in their lane. So a step costs O(c log s + k log c) for c
    /// columns, s runs in the lanes and k items, whatever the section's size. The items a batch keeps
    /// name their columns: only the ones it brings may be placed by the rule.
    ///
    /// Nil when the cells may not follow each other (a negative height or spacing), or a step comes at
    /// or before an item an earlier one placed by the rule, which it would move: the caller places the
    /// section again.
    static func keepingColumns(
        of lanes: [SlicedLane], grid: MasonryGrid, itemCount: Int, baseBytes: Int,
        replacing steps: [(range: Range<Int>, items: [(MasonryItem, Int)])], work: inout some WorkCounter
    ) -> SlicedMasonry? {
        guard grid.lineSpacing >= 0 else { return nil }
        let spacing = FixedLength(grid.lineSpacing)
        let fullSpan = grid.columnCount
        var lanes = lanes
        var count = itemCount
        var placedByRule = -1
        for (range, items) in steps {
            guard range.lowerBound > placedByRule else { return nil }
            let inserted = items.reduce(0) { $0 + $1.1 }
            let cut = lanes.map { $0.cutting(range, work: &work) }
            let heads = cut.map(\.head)
            var placer = MasonryPlacer(
                grid: grid, capacity: inserted, after: runningBottoms(heads), leveled: heads[fullSpan].root != nil,
                numberedFrom: range.lowerBound)
            var offset = 0
            for (item, repeats) in items {
                placer.place(item, count: repeats)
                offset += repeats
                if item.role == .byRule { placedByRule = range.lowerBound + offset - 1 }
            }
            guard placer.heightsAreNatural else { return nil }
            work += inserted
            let placed = inserted > 0 ? FlatMasonry(placer) : nil
            for lane in lanes.indices {
                var joined = heads[lane]
                if let placed, placed.storedCount(lane: lane) > 0 {
                    let first = placed.storedCell(lane: lane, position: 0)
                    joined = joined.appending(LaneSlice(
                        source: placed, lane: lane, positions: 0..<placed.storedCount(lane: lane), lead: first.top - joined.endOrZero,
                        itemLead: range.lowerBound + first.item - joined.lastItem))
                }
                // The first cell kept after the step, renumbered; where it starts is set below.
                var tail = cut[lane].tail
                if let firstAfter = cut[lane].firstAfter {
                    tail = tail.replacingFirstCell { $0.with(lead: .zero, itemLead: firstAfter - range.count + inserted - joined.lastItem) }
                }
                lanes[lane] = joined.joined(tail)
            }
            count += inserted - range.count
            level(&lanes, from: range.lowerBound + inserted, spacing: spacing, work: &work)
        }
        return SlicedMasonry(lanes: lanes, grid: grid, itemCount: count, baseBytes: baseBytes, work: &work)
    }

    /// `keepingColumns(of:grid:itemCount:baseBytes:replacing:work:)` from these lanes.
    func keepingColumns(
        replacing steps: [(range: Range<Int>, items: [(MasonryItem, Int)])], work: inout some WorkCounter
    ) -> SlicedMasonry? {
        Self.keepingColumns(of: lanes, grid: grid, itemCount: itemCount, baseBytes: baseBytes, replacing: steps, work: &work)
    }

    /// `FlatMasonry.placing(from:count:_:work:)` for runs: each lane cut at `start`, and the items placed
    /// on from the columns' running bottoms there, in storage of their own that each lane then ends
    /// with as one run. O(c log s + k log c) for k items; nil when a height or the spacing is negative,
    /// for the caller to place the section again.
    func placing(
        from start: Int, count: Int, _ items: (_ place: (MasonryItem, Int) -> Void) -> Void, work: inout some WorkCounter
    ) -> SlicedMasonry? {
        guard grid.lineSpacing >= 0 else { return nil }
        let heads = lanes.map { $0.split(before: start).0 }
        work += (grid.columnCount + 1) * (heads[0].span.nodes + 1)
        var placer = MasonryPlacer(
            grid: grid, capacity: count, after: Self.runningBottoms(heads), leveled: heads[grid.columnCount].root != nil,
            numberedFrom: start)
        items { item, count in placer.place(item, count: count) }
        work += placer.placedCount
        guard placer.heightsAreNatural else { return nil }
        let placedCount = placer.placedCount
        let placed = FlatMasonry(placer)
        var result = heads
        for lane in heads.indices where placed.storedCount(lane: lane) > 0 {
            let first = placed.storedCell(lane: lane, position: 0)
            result[lane] = heads[lane].appending(LaneSlice(
                source: placed, lane: lane, positions: 0..<placed.storedCount(lane: lane), lead: first.top - heads[lane].endOrZero,
                itemLead: start + first.item - heads[lane].lastItem))
        }
        return SlicedMasonry(lanes: result, grid: grid, itemCount: start + placedCount, baseBytes: baseBytes, work: &work)
    }

    /// The cells from item `start` on that follow no cell of theirs in their lane (§22.1) set where the
    /// running bottoms put them: each column's first cell from `start`, then the first full-span one
    /// (below every column), then each column's first cell after that. Every other cell follows from
    /// the one before it in its lane. O(c log s).
    private static func level(_ lanes: inout [SlicedLane], from start: Int, spacing: FixedLength, work: inout some WorkCounter) {
        let fullSpan = lanes.count - 1
        /// Column `column`'s first cell from `item`, at the running bottom of its column there; a cell
        /// already there is left as it is, its run whole.
        func settle(_ column: Int, from item: Int) {
            guard let cell = lanes[column].first(from: item, work: &work) else { return }
            let end = lanes[column].last(before: cell.item, work: &work).map { $0.bottom + spacing } ?? .zero
            let floor = lanes[fullSpan].last(before: cell.item, work: &work).map { $0.bottom + spacing } ?? .zero
            let top = FixedLength.max(end, floor)
            guard top != cell.top else { return }
            lanes[column] = lanes[column].replacingCell(of: cell.item) { $0.with(lead: top - end) }
        }
        for column in 0..<fullSpan { settle(column, from: start) }
        guard let next = lanes[fullSpan].first(from: start, work: &work) else { return }
        let floor = lanes[fullSpan].last(before: next.item, work: &work).map { $0.bottom + spacing } ?? .zero
        var top = floor
        for column in 0..<fullSpan {
            if let cell = lanes[column].last(before: next.item, work: &work) { top = .max(top, cell.bottom + spacing) }
        }
        guard top != next.top else { return }
        lanes[fullSpan] = lanes[fullSpan].replacingCell(of: next.item) { $0.with(lead: top - floor) }
        for column in 0..<fullSpan { settle(column, from: next.item + 1) }
    }
}
