/// A run of one lane's cells in the storage of a placement made by placing (docs/flow-layout.md §22.5):
/// lane `lane` of `source`, its cells at `positions`, joined to the lane's cell before it by `lead`
/// (how far below that cell's end, its bottom plus the spacing, the run's first cell starts; from 0
/// for the lane's first cell) and `itemLead` (its first item less that cell's; the item plus one for
/// the lane's first). Everything else is a difference of exact values within the source, so a run
/// moves with the cells before it, and is renumbered with them, without being touched.
struct LaneSlice: Sendable {
    let source: FlatMasonry
    let lane: Int
    let positions: Range<Int>
    let lead: FixedLength
    let itemLead: Int
    /// The source's item and top of the first cell, which every other one is read against.
    private let origin: (item: Int, top: FixedLength)

    init(source: FlatMasonry, lane: Int, positions: Range<Int>, lead: FixedLength, itemLead: Int) {
        (self.source, self.lane, self.positions, self.lead, self.itemLead) = (source, lane, positions, lead, itemLead)
        let first = source.storedCell(lane: lane, position: positions.lowerBound)
        origin = (first.item, first.top)
    }

    /// The cell at `position`: its item less the item of the lane's cell before the run, its top less
    /// that cell's end, and its height.
    @inline(__always)
    func cell(_ position: Int) -> (item: Int, top: FixedLength, height: Double) {
        let stored = source.storedCell(lane: lane, position: position)
        return (itemLead + stored.item - origin.item, lead + stored.top - origin.top, stored.height)
    }

    /// The items the run spans from the lane's cell before it, and where the lane's next cell would
    /// start, with no lead, from that cell's end.
    func span(spacing: FixedLength) -> (items: Int, extent: FixedLength) {
        let last = cell(positions.upperBound - 1)
        return (last.item, last.top + FixedLength(last.height) + spacing)
    }

    /// The run's cells before `position` and from it, the second joined to the first's last cell.
    func split(at position: Int, spacing: FixedLength) -> (LaneSlice, LaneSlice) {
        let (before, at) = (cell(position - 1), cell(position))
        return (
            LaneSlice(source: source, lane: lane, positions: positions.lowerBound..<position, lead: lead, itemLead: itemLead),
            LaneSlice(
                source: source, lane: lane, positions: position..<positions.upperBound,
                lead: at.top - (before.top + FixedLength(before.height) + spacing), itemLead: at.item - before.item))
    }

    /// This run with its first cell `lead` below the end of the lane's cell before it.
    func with(lead: FixedLength) -> LaneSlice { with(lead: lead, itemLead: itemLead) }

    /// This run joined to the lane's cell before it by `lead` and `itemLead`.
    func with(lead: FixedLength, itemLead: Int) -> LaneSlice {
        LaneSlice(source: source, lane: lane, positions: positions, lead: lead, itemLead: itemLead)
    }

    /// The first position whose cell ends at or after `bound` from the run's start (bottoms never
    /// decrease along a run: its lane's cells follow one another): a binary search in the source.
    func firstPosition(endingAtOrAfter bound: FixedLength) -> Int {
        // Read against the source's own tops: one addition a probe.
        let sourceBound = bound - lead + origin.top
        return firstPosition { position in
            let stored = source.storedCell(lane: lane, position: position)
            return !(stored.top + FixedLength(stored.height) < sourceBound)
        }
    }

    /// The first position where `key` holds, for a key that holds from some position on: a binary
    /// search.
    func firstPosition(where key: (Int) -> Bool) -> Int {
        var (lower, upper) = (positions.lowerBound, positions.upperBound)
        while lower < upper {
            let middle = (lower + upper) / 2
            if key(middle) { upper = middle } else { lower = middle + 1 }
        }
        return lower
    }
}

/// What a subtree of runs adds up to: its cells, the items it spans, its extent (as `LaneSlice.span`),
/// and its nodes. Combining two is O(1).
struct SliceSpan: Sendable {
    var cells: Int
    var items: Int
    var extent: FixedLength
    var nodes: Int

    init(cells: Int = 0, items: Int = 0, extent: FixedLength = .zero, nodes: Int = 0) {
        (self.cells, self.items, self.extent, self.nodes) = (cells, items, extent, nodes)
    }

    /// One run's, in a node of its own.
    init(_ slice: LaneSlice, spacing: FixedLength) {
        let (items, extent) = slice.span(spacing: spacing)
        self.init(cells: slice.positions.count, items: items, extent: extent, nodes: 1)
    }

    static func + (a: SliceSpan, b: SliceSpan) -> SliceSpan {
        SliceSpan(cells: a.cells + b.cells, items: a.items + b.items, extent: a.extent + b.extent, nodes: a.nodes + b.nodes)
    }
}

/// A node of a lane's persistent treap of runs, in item order.
final class SliceNode: Sendable {
    let left: SliceNode?
    let right: SliceNode?
    let slice: LaneSlice
    let priority: UInt64
    /// The run's own span, and the subtree's (left, run, right).
    let own: SliceSpan
    let span: SliceSpan

    init(_ left: SliceNode?, _ slice: LaneSlice, _ right: SliceNode?, priority: UInt64, own: SliceSpan) {
        (self.left, self.slice, self.right, self.priority, self.own) = (left, slice, right, priority, own)
        span = (left?.span ?? SliceSpan()) + own + (right?.span ?? SliceSpan())
    }

    convenience init(_ slice: LaneSlice, spacing: FixedLength) {
        // The treap's shape never shows in an answer; its priorities only need to be spread.
        var mixed = UInt64(truncatingIfNeeded: slice.positions.lowerBound) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: slice.lead.high)
        mixed ^= slice.lead.low &* 0xBF58_476D_1CE4_E5B9 ^ UInt64(truncatingIfNeeded: slice.itemLead) << 17 ^ UInt64(slice.lane) << 40
        mixed = (mixed ^ mixed >> 31) &* 0x94D0_49BB_1331_11EB
        self.init(nil, slice, nil, priority: mixed ^ mixed >> 29, own: SliceSpan(slice, spacing: spacing))
    }

    func with(left: SliceNode?, right: SliceNode?) -> SliceNode {
        SliceNode(left, slice, right, priority: priority, own: own)
    }
}

/// One lane of a masonry section whose cells updates with kept columns have moved (§22.5): its cells in
/// item order as runs of placements' storage, in a persistent treap. A cell's item and top are sums of
/// leads and differences found on the way down, exact, so an edit moves every later cell of the lane
/// in O(log s) for s runs, and the tops are a fresh placement's, bit for bit. Its cells start and end
/// in order: heights and the spacing are not negative.
struct SlicedLane: Sendable {
    let root: SliceNode?
    let spacing: FixedLength

    /// A cell found, in the section's numbers: its item, exact top and height.
    struct Cell {
        var item: Int
        var top: FixedLength
        var height: Double
        var bottom: FixedLength { top + FixedLength(height) }
    }

    init(root: SliceNode?, spacing: FixedLength) {
        (self.root, self.spacing) = (root, spacing)
    }

    var span: SliceSpan { root?.span ?? SliceSpan() }
    /// Where the lane's next cell would start with no lead: its last cell's bottom plus the spacing.
    var end: FixedLength { span.extent }
    /// `end`, or 0 for a lane without cells: where its first cell's lead counts from.
    var endOrZero: FixedLength { root == nil ? .zero : span.extent }

    /// The lane's last cell whose item is below `item`, and its first from `item` on: one walk down,
    /// then a binary search in the run that holds `item`. O(log s + log r) for runs of r cells.
    func cells(around item: Int, work: inout some WorkCounter) -> (before: Cell?, from: Cell?) {
        var (node, base, start) = (root, -1, FixedLength.zero)
        var (before, from): (Cell?, Cell?) = (nil, nil)
        while let current = node {
            work += 1
            let left = current.left?.span ?? SliceSpan()
            let (runBase, runStart, slice) = (base + left.items, start + left.extent, current.slice)
            func cell(_ position: Int) -> Cell {
                let cell = slice.cell(position)
                return Cell(item: runBase + cell.item, top: runStart + cell.top, height: cell.height)
            }
            if runBase + slice.itemLead >= item {
                from = cell(slice.positions.lowerBound)
                node = current.left
            } else if runBase + current.own.items < item {
                before = cell(slice.positions.upperBound - 1)
                (base, start) = (runBase + current.own.items, runStart + current.own.extent)
                node = current.right
            } else {
                let position = slice.firstPosition { runBase + slice.cell($0).item >= item }
                return (cell(position - 1), cell(position))
            }
        }
        return (before, from)
    }

    /// The lane's last cell whose item is below `item`.
    func last(before item: Int, work: inout some WorkCounter) -> Cell? { cells(around: item, work: &work).before }

    /// The lane's first cell whose item is `item` or above.
    func first(from item: Int, work: inout some WorkCounter) -> Cell? { cells(around: item, work: &work).from }

    /// The cells of items below `item`, and the rest, joined to the first part's last cell.
    func split(before item: Int) -> (SlicedLane, SlicedLane) {
        let (head, tail) = Self.split(root, before: item, base: -1, spacing: spacing)
        return (SlicedLane(root: head, spacing: spacing), SlicedLane(root: tail, spacing: spacing))
    }

    private static func split(_ node: SliceNode?, before item: Int, base: Int, spacing: FixedLength) -> (SliceNode?, SliceNode?) {
        guard let node else { return (nil, nil) }
        let runBase = base + (node.left?.span.items ?? 0)
        if runBase + node.slice.itemLead >= item {
            let (head, tail) = split(node.left, before: item, base: base, spacing: spacing)
            return (head, node.with(left: tail, right: node.right))
        }
        if runBase + node.own.items < item {
            let (head, tail) = split(node.right, before: item, base: runBase + node.own.items, spacing: spacing)
            return (node.with(left: node.left, right: head), tail)
        }
        let position = node.slice.firstPosition { runBase + node.slice.cell($0).item >= item }
        let (first, second) = node.slice.split(at: position, spacing: spacing)
        return (
            SliceNode(node.left, first, nil, priority: node.priority, own: SliceSpan(first, spacing: spacing)),
            SliceNode(nil, second, node.right, priority: node.priority, own: SliceSpan(second, spacing: spacing)))
    }

    /// The cells of items below `range` and those past it, the second part's first cell still joined
    /// to the last cell of `range` (or of the first part), and that first cell's item.
    func cutting(_ range: Range<Int>, work: inout some WorkCounter) -> (head: SlicedLane, tail: SlicedLane, firstAfter: Int?) {
        let firstAfter = first(from: range.upperBound, work: &work)?.item
        let (head, rest) = split(before: range.lowerBound)
        // `rest` counts its items from the first part's last cell.
        return (head, rest.split(before: range.upperBound - head.lastItem - 1).1, firstAfter)
    }

    /// The lane with its first cell's run of one replaced by what `replace` gives.
    func replacingFirstCell(_ replace: (LaneSlice) -> LaneSlice) -> SlicedLane {
        var uncounted = Uncounted()
        guard let first = first(from: 0, work: &uncounted) else { return self }
        return replacingCell(of: first.item, replace)
    }

    /// This lane's cells, then `next`'s, which continue from this one's last cell.
    func joined(_ next: SlicedLane) -> SlicedLane {
        SlicedLane(root: Self.merge(root, next.root), spacing: spacing)
    }

    /// This lane's cells, then `slice`'s.
    func appending(_ slice: LaneSlice) -> SlicedLane {
        joined(SlicedLane(root: SliceNode(slice, spacing: spacing), spacing: spacing))
    }

    private static func merge(_ a: SliceNode?, _ b: SliceNode?) -> SliceNode? {
        guard let a else { return b }
        guard let b else { return a }
        if a.priority >= b.priority { return a.with(left: a.left, right: merge(a.right, b)) }
        return b.with(left: merge(a, b.left), right: b.right)
    }

    /// The lane with the cell of `item` (which it must hold) replaced: `replace` is handed that cell's
    /// run of one and gives the one to put in its place. O(log s).
    func replacingCell(of item: Int, _ replace: (LaneSlice) -> LaneSlice) -> SlicedLane {
        let (head, rest) = split(before: item)
        let (cell, tail) = rest.split(before: item - head.lastItem)
        guard let old = cell.root else { preconditionFailure("item \(item) is not in this lane") }
        return head.appending(replace(old.slice)).joined(tail)
    }

    /// The item of the lane's last cell, -1 when it has none.
    var lastItem: Int { span.items - 1 }

    /// Hands `body` the lane's cells that reach into [low, high] (bottom ≥ low, top ≤ high), in item
    /// order, until it returns false (by exact values: a caller reading doubles widens the span).
    /// O(log s + k).
    func forEachCell(reaching low: FixedLength, _ high: FixedLength, work: inout some WorkCounter, _ body: (Cell) -> Bool) {
        _ = visit(root, base: -1, start: .zero, low: low, high: high, work: &work, body)
    }

    private func visit(
        _ node: SliceNode?, base: Int, start: FixedLength, low: FixedLength, high: FixedLength, work: inout some WorkCounter,
        _ body: (Cell) -> Bool
    ) -> Bool {
        // Cells start at or after `start` and end by the subtree's end: skip what cannot reach.
        guard let node, !(high < start), !(start + node.span.extent - spacing < low) else { return true }
        work += 1
        let left = node.left?.span ?? SliceSpan()
        guard visit(node.left, base: base, start: start, low: low, high: high, work: &work, body) else { return false }
        let (runBase, runStart) = (base + left.items, start + left.extent)
        let slice = node.slice
        var position = slice.firstPosition(endingAtOrAfter: low - runStart)
        while position < slice.positions.upperBound {
            work += 1
            let cell = slice.cell(position)
            let top = runStart + cell.top
            if high < top { return false }
            if !body(Cell(item: runBase + cell.item, top: top, height: cell.height)) { return false }
            position += 1
        }
        return visit(node.right, base: runBase + node.own.items, start: runStart + node.own.extent, low: low, high: high, work: &work, body)
    }
}
