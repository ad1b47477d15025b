/// A section while a batch of updates edits it (docs/flow-layout.md §16): its lines, re-broken after
/// each operation from the line before the change to where lines realign (O(change)), until the batch
/// has cost a part of what breaking every line once would; from then on its items, edited as pieces
/// in an `ItemSequence` without breaking anything, and broken into lines once when the batch ends. So
/// no batch costs much more than registering its result.
struct EditedSection {
    let overrides: FlowSection
    private var lines: SectionLines
    private var sequence: ItemSequence?
    /// The placement of the masonry section this was, and how many of its first items no operation has
    /// reached: the items after them are placed on from it (§22.5).
    private let placement: MasonryPlacement?
    private var untouched: Int
    /// With kept columns, what the batch replaced, in order: the cells the old placement keeps move in
    /// their lanes rather than being placed again (§22.5). Nil past a quarter of the items.
    private let keepsColumns: Bool
    private var keptSteps: [(range: Range<Int>, runs: [(item: FlowItem, count: Int)])]? = []
    private var keptItems = 0
    /// The groups of the compositional section this was, and where the batch's changes end (the
    /// cells from there on are the old ones): its groups fill again from `untouched` to where they
    /// realign with these (§23.8).
    private let groups: CompositionalPlacement?
    private var dirtyEnd = 0
    private var isReached = false

    init(
        overrides: FlowSection, lines: SectionLines, placement: MasonryPlacement? = nil, keepsColumns: Bool = false,
        groups: CompositionalPlacement? = nil
    ) {
        self.overrides = overrides
        self.lines = lines
        self.placement = placement
        self.groups = groups
        self.keepsColumns = keepsColumns
        untouched = lines.itemCount
    }

    var itemCount: Int { sequence?.count ?? lines.itemCount }

    /// From now on, edits go to the items, not the lines. O(1): the items so far are one piece.
    mutating func stopBreakingLines(work: inout some WorkCounter) {
        guard sequence == nil else { return }
        work += 1
        sequence = ItemSequence(seed: lines.summary.hash.sum.1, count: lines.itemCount)
    }

    /// Items `range` replaced by `runs`: in the lines while re-breaking them costs at most `budget`,
    /// else (and from then on) in the items.
    mutating func replace(_ range: Range<Int>, with runs: [(item: FlowItem, count: Int)], budget: Int, work: inout some WorkCounter) {
        untouched = Swift.min(untouched, range.lowerBound)
        let inserted = runs.reduce(0) { $0 + $1.count }
        let shifted = dirtyEnd >= range.upperBound ? dirtyEnd + inserted - range.count
            : dirtyEnd > range.lowerBound ? range.lowerBound + inserted : dirtyEnd
        dirtyEnd = Swift.max(shifted, range.lowerBound + inserted)
        isReached = true
        // Past a quarter of the items, placing them again costs about as much.
        keptItems += range.count + runs.reduce(0) { $0 + $1.count }
        if keepsColumns, keptSteps != nil, keptItems <= itemCount / 4 + 64 {
            keptSteps!.append((range, runs))
        } else {
            keptSteps = nil
        }
        if sequence == nil {
            if let replaced = lines.replacing(range, with: runs, budget: budget, work: &work) {
                lines = replaced
                return
            }
            stopBreakingLines(work: &work)
        }
        sequence!.replace(range, with: runs, work: &work)
    }

    func item(_ index: Int, work: inout some WorkCounter) -> FlowItem {
        guard let sequence else { return lines.item(index, work: &work) }
        switch sequence.piece(holding: index, work: &work) {
        case .items(let item, _): return item
        case .original(let before): return lines.item(before.lowerBound, work: &work)
        }
    }

    /// The items of `range`, a run as one call.
    func forEachRun(in range: Range<Int>, work: inout some WorkCounter, _ body: (FlowItem, Int) -> Void) {
        if sequence != nil {
            for index in range { body(item(index, work: &work), 1) }
            return
        }
        LineTree.forEachRun(in: lines.root, items: range, work: &work) { item, count in
            body(item, count)
            return true
        }
    }

    /// The section's lines: as edited, or broken once from the edited items, the stretches the batch
    /// left alone read from the old lines; and, for a masonry section, its placement with the items
    /// from the first the batch reached placed on from the old one, where it can, or, with kept
    /// columns, the kept cells moved in their lanes' runs (§22.5). `work` grows by the items broken and
    /// placed.
    func finished(seed: UInt64, work: inout some WorkCounter) -> (overrides: FlowSection, lines: SectionLines, placement: MasonryPlacement?) {
        let lines = finishedLines(seed: seed, work: &work)
        guard let placement else { return (overrides, lines, nil) }
        let direction = lines.geometry.direction
        if untouched == lines.itemCount, placement.itemCount == untouched { return (overrides, lines, placement) }
        // Each step walks every lane: past one lane step per 8 items, placing again costs less.
        if let keptSteps, placement.itemCount >= MasonryPlacement.runsFrom,
            keptSteps.count * (placement.columnCount + 1) <= placement.itemCount / 8
        {
            let steps = keptSteps.map { step in (step.range, step.runs.map { (MasonryItem($0.item, direction: direction), $0.count) }) }
            if let kept = placement.keepingColumns(replacing: steps, work: &work), kept.keepsItsRuns { return (overrides, lines, kept) }
        }
        var reading = 0
        let placed = placement.placing(from: untouched, count: lines.itemCount - untouched, { place in
            LineTree.forEachRun(in: lines.root, items: untouched..<lines.itemCount, work: &reading) { item, count in
                place(MasonryItem(item, direction: direction), count)
                return true
            }
        }, work: &work)
        work += reading
        return (overrides, lines, placed?.keepsItsRuns == false ? nil : placed)
    }

    /// A compositional section's groups after the batch, filled again only from where it reached
    /// (§23.8); nil when they are laid out whole: without an estimated dimension or a measured cell
    /// that costs the size of the group tree.
    func finishedGroups(lines: SectionLines, environment: LayoutEnvironment, work: inout some WorkCounter) -> CompositionalPlacement? {
        guard let groups, let section = environment.settings.compositional(of: overrides), section.group.hasEstimatedDimension,
            lines.summary.estimatedCount < lines.itemCount
        else { return nil }
        guard isReached else { return groups }
        return groups.refilled(
            section, container: environment.container(of: section), lines: lines, untouched: untouched, dirtyEnd: dirtyEnd, work: &work)
    }

    private func finishedLines(seed: UInt64, work: inout some WorkCounter) -> SectionLines {
        guard let sequence else { return lines }
        work += sequence.count
        let old = lines.root
        return SectionLines(geometry: lines.geometry, seed: seed) { breaker, breaking in
            sequence.forEachPiece { piece in
                switch piece {
                case .items(let item, let count): breaker.feed(item, count: count, work: &breaking) { _ in true }
                case .original(let before): LineTree.feed(&breaker, from: old, items: before, work: &breaking)
                }
            }
        }
    }
}
