extension MasonryPlacement {
    /// This placement after `steps`, applied in order, each replacing a range of items (in the numbers
    /// of its time) by items counted in runs (docs/flow-layout.md §22.5): the cells the placement keeps
    /// stay in their lanes, each following the cell before it there; the items a step brings are
    /// placed by their roles from the columns' running bottoms where it starts; then the first cell of
    /// each lane after the step, the first full-span cell after it, and each column's first cell after
    /// that, are set where the running bottoms put them: the only cells not placed relative to the
    /// cell before them in their lane. So a step costs O(c log s + k log c) for c columns, s runs in the
    /// lanes and k items, whatever the section's size. The items a batch keeps name their columns: only
    /// the ones it brings may be placed by the rule.
    ///
    /// Nil when the cells may not follow each other (a negative height or spacing), or a step comes at
    /// or before an item an earlier one placed by the rule, which it would move: the caller places the
    /// section again.
    func keepingColumns(
        replacing steps: [(range: Range<Int>, items: [(MasonryItem, Int)])], work: inout some WorkCounter
    ) -> MasonryPlacement? {
        guard lineSpacing >= 0, sliced != nil || cellsFollow else { return nil }
        let spacing = FixedLength(lineSpacing)
        var lanes = sliced ?? (0...columnCount).map { wholeLane($0, spacing: spacing) }
        var count = itemCount
        var placedByRule = -1
        for (range, items) in steps {
            guard range.lowerBound > placedByRule else { return nil }
            let inserted = items.reduce(0) { $0 + $1.1 }
            let cut = lanes.map { $0.cutting(range, work: &work) }
            let heads = cut.map(\.head)
            var placer = Placer(
                columns: rule, width: width, interitemSpacing: columnSpacing, lineSpacing: lineSpacing, capacity: inserted,
                after: Self.runningBottoms(heads), leveled: heads[columnCount].root != nil, numberedFrom: range.lowerBound)
            var offset = 0
            for (item, repeats) in items {
                placer.place(item, count: repeats)
                offset += repeats
                if item.role == .byRule { placedByRule = range.lowerBound + offset - 1 }
            }
            guard placer.heightsAreNatural else { return nil }
            work += inserted
            let placed = inserted > 0 ? MasonryPlacement(placer) : nil
            for lane in lanes.indices {
                var joined = heads[lane]
                if let placed, placed.storedCount(lane: lane) > 0 {
                    let first = placed.storedCell(lane: lane, position: 0)
                    joined = joined.appending(LaneSlice(
                        source: placed, lane: lane, positions: 0..<placed.storedCount(lane: lane), lead: first.top - joined.endOrZero,
                        itemLead: range.lowerBound + first.item - joined.lastItem))
                }
                // The first cell kept after the step, renumbered; where it starts is set below.
                let tail = cut[lane].tail.replacingFirstCell { first in
                    first.with(lead: .zero, itemLead: cut[lane].firstAfter! - range.count + inserted - joined.lastItem)
                }
                lanes[lane] = joined.joined(tail)
            }
            count += inserted - range.count
            level(&lanes, from: range.lowerBound + inserted, spacing: spacing, work: &work)
        }
        return MasonryPlacement(sliced: lanes, like: self, itemCount: count, work: &work)
    }

    /// `placing(from:count:_:work:)` for a placement of runs: each lane cut at `start`, and the items
    /// placed on from the columns' running bottoms there, in storage of their own that each lane then
    /// ends with as one run. O(c log s + k log c) for k items; nil when a height or the spacing is
    /// negative, for the caller to place the section again.
    func placing(
        from start: Int, count: Int, _ items: (_ place: (MasonryItem, Int) -> Void) -> Void, after lanes: [SlicedLane],
        work: inout some WorkCounter
    ) -> MasonryPlacement? {
        guard lineSpacing >= 0 else { return nil }
        let heads = lanes.map { $0.split(before: start).0 }
        work += (columnCount + 1) * (heads[0].span.nodes + 1)
        var placer = Placer(
            columns: rule, width: width, interitemSpacing: columnSpacing, lineSpacing: lineSpacing, capacity: count,
            after: Self.runningBottoms(heads), leveled: heads[columnCount].root != nil, numberedFrom: start)
        items { item, count in placer.place(item, count: count) }
        work += placer.placedCount
        guard placer.heightsAreNatural else { return nil }
        let placedCount = placer.placedCount
        let placed = MasonryPlacement(placer)
        var result = heads
        for lane in heads.indices where placed.storedCount(lane: lane) > 0 {
            let first = placed.storedCell(lane: lane, position: 0)
            result[lane] = heads[lane].appending(LaneSlice(
                source: placed, lane: lane, positions: 0..<placed.storedCount(lane: lane), lead: first.top - heads[lane].endOrZero,
                itemLead: start + first.item - heads[lane].lastItem))
        }
        return MasonryPlacement(sliced: result, like: self, itemCount: start + placedCount, work: &work)
    }

    /// Each column's running bottom after `lanes` (the columns', then the full-span one): after its last
    /// cell or the last full-span one, whichever ends later; 0 before any.
    static func runningBottoms(_ lanes: [SlicedLane]) -> [FixedLength] {
        let fullSpan = lanes[lanes.count - 1]
        let floor = fullSpan.root == nil ? FixedLength.zero : fullSpan.end
        return lanes.dropLast().map { lane in lane.root == nil ? floor : .max(lane.end, floor) }
    }

    /// Lane `lane` of this placement's own storage as one run.
    private func wholeLane(_ lane: Int, spacing: FixedLength) -> SlicedLane {
        let count = storedCount(lane: lane)
        guard count > 0 else { return SlicedLane(root: nil, spacing: spacing) }
        let first = storedCell(lane: lane, position: 0)
        let slice = LaneSlice(source: self, lane: lane, positions: 0..<count, lead: first.top, itemLead: first.item + 1)
        return SlicedLane(root: SliceNode(slice, spacing: spacing), spacing: spacing)
    }

    /// The cells from item `start` on that follow no cell of theirs in their lane (§22.1) set where the
    /// running bottoms put them: each column's first cell from `start`, then the first full-span one
    /// (below every column), then each column's first cell after that. Every other cell follows from
    /// the one before it in its lane. O(c log s).
    private func level(_ lanes: inout [SlicedLane], from start: Int, spacing: FixedLength, work: inout some WorkCounter) {
        let fullSpan = columnCount
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
        for column in 0..<columnCount { settle(column, from: start) }
        guard let next = lanes[fullSpan].first(from: start, work: &work) else { return }
        let floor = lanes[fullSpan].last(before: next.item, work: &work).map { $0.bottom + spacing } ?? .zero
        var top = floor
        for column in 0..<columnCount {
            if let cell = lanes[column].last(before: next.item, work: &work) { top = .max(top, cell.bottom + spacing) }
        }
        guard top != next.top else { return }
        lanes[fullSpan] = lanes[fullSpan].replacingCell(of: next.item) { $0.with(lead: top - floor) }
        for column in 0..<columnCount { settle(column, from: next.item + 1) }
    }

    /// Where item `item` went, found in the lanes' runs. O(c log s).
    func slicedCell(_ item: Int) -> Cell {
        var uncounted = Uncounted()
        for (lane, cells) in sliced!.enumerated() {
            if let found = cells.first(from: item, work: &uncounted), found.item == item {
                return cell(lane: lane, top: found.top.doubleValue, height: found.height)
            }
        }
        preconditionFailure("item \(item) is not placed")
    }

    /// `forEachCell` in the lanes' runs: each lane searched, its cells found merged by item. The exact
    /// search is a point wider than the span, so that no cell a double reaches is missed; each cell is
    /// then read as the flat storage reads it. O(c log s + k log k).
    func forEachSlicedCell<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, Cell, inout Counter) -> Bool
    ) {
        var found: [(item: Int, lane: Int, top: Double, height: Double)] = []
        let (lower, upper) = (FixedLength(clamping: low - 1), FixedLength(clamping: high + 1))
        for (lane, cells) in sliced!.enumerated() {
            cells.forEachCell(reaching: lower, upper, work: &work) { cell in
                let top = cell.top.doubleValue
                if top + cell.height >= low, top <= high { found.append((cell.item, lane, top, cell.height)) }
                return true
            }
        }
        found.sort { $0.item < $1.item }
        work += found.count
        for cell in found where !body(cell.item, self.cell(lane: cell.lane, top: cell.top, height: cell.height), &work) { return }
    }

    /// Sections of fewer items are placed again whole rather than kept in runs, and flat: they cost
    /// little to place, and runs would keep more bytes than their cells. Tests lower it.
    @TaskLocal static var runsFrom = 4096

    /// Whether these runs are worth keeping: a flat placement's are, and runs of a section of at least
    /// `runsFrom` items while they are at most one per 16 items (and 256). Past that, placing the
    /// section again flat (O(n)) costs about what the updates that made the runs did, amortized O(1)
    /// each, and keeps its bytes to its cells'.
    var keepsItsRuns: Bool {
        guard let sliced else { return true }
        return itemCount >= Self.runsFrom && sliced.reduce(0) { $0 + $1.span.nodes } <= itemCount / 16 + 256
    }

    /// Bytes a placement of runs keeps alive: the flat placement it started from, and per run its node
    /// and a share of the small placement it reads.
    func slicedHeapByteCount(_ lanes: [SlicedLane]) -> Int {
        16 + 160 + slicedBaseBytes + lanes.reduce(0) { $0 + $1.span.nodes } * 512
    }
}
