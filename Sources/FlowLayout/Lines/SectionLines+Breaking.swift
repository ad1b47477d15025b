extension SectionLines {
    /// A section's items broken from scratch: `runs` hands each stretch of equal items (or one item)
    /// to its argument in order. O(listed items + runs).
    convenience init(geometry: LineGeometry, seed: UInt64, runs: ((FlowItem, Int) -> Void) -> Void) {
        self.init(geometry: geometry, seed: seed) { breaker, work in
            runs { item, count in breaker.feed(item, count: count, work: &work) { _ in true } }
        }
    }

    /// A section's items broken from scratch by `feed`, which hands them to the breaker.
    convenience init(geometry: LineGeometry, seed: UInt64, feed: (inout LineBreaker, inout Uncounted) -> Void) {
        var breaker = geometry.breaker(restartingAt: nil)
        var uncounted = Uncounted()
        feed(&breaker, &uncounted)
        var priorities = PriorityStream(seed: seed)
        self.init(geometry: geometry, root: LineTree.build(breaker.finish(), priorities: &priorities, lineSpacing: FixedLength(geometry.lineSpacing)))
    }

    /// These lines with items `range` replaced by `runs` (each an item and how many copies), re-broken
    /// from the first line of the chunk before the change to the first line that starts, after the
    /// change, at an item that started a chunk's line before it (docs/flow-layout.md §16); the lines
    /// after that are shared, not rebuilt. `work` grows by the tree nodes and items touched; nil, and
    /// nothing changed, once re-breaking the lines after the change has cost more than `budget`.
    func replacing(
        _ range: Range<Int>, with runs: [(item: FlowItem, count: Int)], budget: Int = .max, work: inout some WorkCounter
    ) -> SectionLines? {
        let oldCount = itemCount
        let inserted = runs.reduce(0) { $0 + $1.count }
        let spacing = self.spacing
        var priorities = PriorityStream(seed: summary.hash.sum.0 ^ UInt64(range.lowerBound) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(inserted))
        guard let root else {
            return SectionLines(geometry: geometry, seed: priorities.next()) { feed in
                for run in runs { feed(run.item, run.count) }
            }
        }
        // Restart where a line starts: the first line of the chunk holding the item before the change
        // (an item at a line's start may move up to the line before), or the section's start.
        // A chunk less than half full is re-broken with the one before it, so that edits in one place
        // do not leave a trail of small chunks (each costs a node).
        var restartLine = 0
        var restartItem: Int?
        if range.lowerBound > 0 {
            var position = LineTree.chunk(holdingItem: range.lowerBound - 1, in: root, work: &work)
            let isSmall = geometry.keepsItems
                ? position.node.own.itemCount < LineBreaker.keptLine / 2 : position.node.own.lineCount < LineChunk.maxLines / 2
            if position.firstLine > 0, isSmall {
                position = LineTree.chunk(holdingLine: position.firstLine - 1, in: root, work: &work)
            }
            if position.firstLine > 0 {
                restartLine = position.firstLine
                restartItem = position.firstItem
            }
        }
        var breaker = geometry.breaker(restartingAt: restartItem)
        var realignLine: Int?
        // Separate counters: the closures below run inside calls that hold `work`.
        var lookups = 0
        var fed = 0
        defer { work += lookups + fed }
        // Past the change, a line starting at an item that started an old chunk's line (any line of a
        // run, the first of a listed chunk) is followed by exactly the old lines.
        // The last old listed chunk looked up: a line start inside it (not its first) cannot realign,
        // so the lines after a change need one lookup per old chunk, not one per line.
        var listedItems = 0..<0
        func lineStarts(_ index: Int) -> Bool {
            guard index >= range.lowerBound + inserted else { return true }
            let old = index - inserted + range.count
            guard old < oldCount, !listedItems.contains(old) || old == listedItems.lowerBound else { return true }
            let position = LineTree.chunk(holdingItem: old, in: root, work: &lookups)
            if case .listed = position.node.chunk.kind {
                listedItems = position.firstItem..<position.firstItem + position.node.own.itemCount
            }
            let offset = old - position.firstItem
            switch position.node.chunk.kind {
            case .run(let run):
                guard offset % run.perLine == 0 else { return true }
                realignLine = position.firstLine + offset / run.perLine
            case .listed(let lines):
                guard offset == 0, !lines.itemRange(ofLine: 0).isEmpty else { return true }
                realignLine = position.firstLine
            }
            return false
        }
        LineTree.forEachRun(in: root, items: (restartItem ?? 0)..<range.lowerBound, work: &work) { item, count in
            breaker.feed(item, count: count, work: &fed, lineStarts: lineStarts)
            return true
        }
        for run in runs { breaker.feed(run.item, count: run.count, work: &fed, lineStarts: lineStarts) }
        var overBudget = false
        LineTree.forEachRun(in: root, items: range.upperBound..<oldCount, work: &work) { item, count in
            breaker.feed(item, count: count, work: &fed, lineStarts: lineStarts)
            overBudget = fed + lookups > budget
            return !breaker.stopped && !overBudget
        }
        if overBudget { return nil }
        let chunks = breaker.finish()
        work += chunks.count
        let middle = LineTree.build(chunks, priorities: &priorities, lineSpacing: spacing)
        let prefix = LineTree.split(root, atLine: restartLine, lineSpacing: spacing, work: &work).0
        let suffix = realignLine.flatMap { LineTree.split(root, atLine: $0, lineSpacing: spacing, work: &work).1 }
        let merged = LineTree.merge(LineTree.merge(prefix, middle, work: &work), suffix, work: &work)
        return SectionLines(geometry: geometry, root: merged)
    }
}

extension LineTree {
    /// Calls `body` with the items of `items` in order, a run's as one call with how many; stops when
    /// `body` answers false. O(depth + chunks touched + listed items given).
    @discardableResult
    static func forEachRun(
        in node: LineNode?, items: Range<Int>, before: Int = 0, work: inout some WorkCounter, _ body: (FlowItem, Int) -> Bool
    ) -> Bool {
        guard let node, !items.isEmpty else { return true }
        let total = node.summary.itemCount
        guard before < items.upperBound, before + total > items.lowerBound else { return true }
        work += 1
        guard forEachRun(in: node.left, items: items, before: before, work: &work, body) else { return false }
        let first = before + (node.left?.summary.itemCount ?? 0)
        let lower = Swift.max(first, items.lowerBound)
        let upper = Swift.min(first + node.own.itemCount, items.upperBound)
        if lower < upper {
            let mine = lower..<upper
            switch node.chunk.kind {
            case .run(let run):
                guard body(run.item, mine.count) else { return false }
            case .listed(let lines):
                for index in mine {
                    work += 1
                    guard body(lines.item(index - first), 1) else { return false }
                }
            }
        }
        return forEachRun(in: node.right, items: items, before: first + node.own.itemCount, work: &work, body)
    }
}

extension LineTree {
    /// Hands the items of `items` to `breaker` in order: a run as one feed, the plain sizes of a
    /// listed chunk (no estimate, no depth) as one slice, as registration feeds them, other items one
    /// by one. O(depth + chunks touched + items).
    static func feed(_ breaker: inout LineBreaker, from node: LineNode?, items: Range<Int>, before: Int = 0, work: inout some WorkCounter) {
        guard let node, !items.isEmpty else { return }
        guard before < items.upperBound, before + node.summary.itemCount > items.lowerBound else { return }
        work += 1
        feed(&breaker, from: node.left, items: items, before: before, work: &work)
        let first = before + (node.left?.summary.itemCount ?? 0)
        let lower = Swift.max(first, items.lowerBound)
        let upper = Swift.min(first + node.own.itemCount, items.upperBound)
        if lower < upper {
            switch node.chunk.kind {
            case .run(let run):
                breaker.feed(run.item, count: upper - lower, work: &work) { _ in true }
            case .listed(let lines) where lines.holdsSizesOnly:
                lines.sizes.withUnsafeBufferPointer { sizes in
                    breaker.feed(sizes: UnsafeBufferPointer(rebasing: sizes[(lower - first)..<(upper - first)]), work: &work)
                }
            case .listed(let lines):
                for index in lower..<upper {
                    breaker.feed(lines.item(index - first), count: 1, work: &work) { _ in true }
                }
            }
        }
        feed(&breaker, from: node.right, items: items, before: first + node.own.itemCount, work: &work)
    }
}
