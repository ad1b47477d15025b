/// A masonry placement whose lanes updates with kept columns have moved (docs/flow-layout.md §22.5):
/// each lane (the columns', then the full-span one) a `SlicedLane`, runs of flat placements' storage,
/// each cell placed relative to the one before it in its lane. Its cells follow one another in their
/// lanes: heights and the spacing are not negative. Immutable, and shared by every layout that holds it.
/// Public only as `MasonryPlacement.sliced`'s payload.
public final class SlicedMasonry: Sendable {
    let grid: MasonryGrid
    let lanes: [SlicedLane]
    let itemCount: Int
    /// `MasonryPlacement.height`.
    let height: Double
    /// The least top and the greatest bottom of any cell, exact: `MasonryPlacement.reach`.
    let exactReach: (low: FixedLength, high: FixedLength)
    /// What the flat placement the runs started from keeps alive.
    let baseBytes: Int

    /// A placement of `itemCount` items in `grid`'s columns, its lanes `lanes`, started from a flat
    /// placement of `baseBytes`: what it answers follows from them. O(c log s).
    init(lanes: [SlicedLane], grid: MasonryGrid, itemCount: Int, baseBytes: Int, work: inout some WorkCounter) {
        (self.lanes, self.grid, self.itemCount, self.baseBytes) = (lanes, grid, itemCount, baseBytes)
        let spacing = FixedLength(grid.lineSpacing)
        // A lane's first cell starts least and its last ends last; none without cells.
        let firstTops = lanes.compactMap { $0.first(from: 0, work: &work)?.top }
        if let end = lanes.filter({ $0.root != nil }).map(\.end).max(), let low = firstTops.min() {
            (height, exactReach) = ((end - spacing).doubleValue, (low, end - spacing))
        } else {
            (height, exactReach) = (0, (.zero, .zero))
        }
    }

    /// Where item `item` went, found in the lanes' runs. O(c log s).
    func cell(_ item: Int) -> MasonryPlacement.Cell {
        var uncounted = Uncounted()
        for (lane, cells) in lanes.enumerated() {
            if let found = cells.first(from: item, work: &uncounted), found.item == item {
                return grid.cell(lane: lane, top: found.top.doubleValue, height: found.height)
            }
        }
        preconditionFailure("item \(item) is not placed")
    }

    /// `MasonryPlacement.forEachCell` in the lanes' runs: each lane searched, its cells found merged by
    /// item. The exact search is a point wider than the span, so that no cell a double reaches is
    /// missed; each cell is then read as the flat storage reads it. O(c log s + k log k). Never inlined:
    /// in a query's own body the optimizer leaves the sort and the lanes' visits as calls.
    @inline(never)
    func forEachCell<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, MasonryPlacement.Cell, inout Counter) -> Bool
    ) {
        var found: [(item: Int, lane: Int, top: Double, height: Double)] = []
        let (lower, upper) = (FixedLength(clamping: low - 1), FixedLength(clamping: high + 1))
        for (lane, cells) in lanes.enumerated() {
            cells.forEachCell(reaching: lower, upper, work: &work) { cell in
                let top = cell.top.doubleValue
                if top + cell.height >= low, top <= high { found.append((cell.item, lane, top, cell.height)) }
                return true
            }
        }
        found.sort { $0.item < $1.item }
        work += found.count
        for cell in found where !body(cell.item, grid.cell(lane: cell.lane, top: cell.top, height: cell.height), &work) { return }
    }

    /// Each column's running bottom after `lanes` (the columns', then the full-span one): after its last
    /// cell or the last full-span one, whichever ends later; 0 before any.
    static func runningBottoms(_ lanes: [SlicedLane]) -> [FixedLength] {
        let fullSpan = lanes[lanes.count - 1]
        let floor = fullSpan.root == nil ? FixedLength.zero : fullSpan.end
        return lanes.dropLast().map { lane in lane.root == nil ? floor : .max(lane.end, floor) }
    }

    /// Whether these runs are worth keeping: in a section of at least `MasonryPlacement.runsFrom` items,
    /// while they are at most one per 16 items (and 256). Past that, placing the section again flat
    /// (O(n)) costs about what the updates that made the runs did, amortized O(1) each, and keeps its
    /// bytes to its cells'.
    var keepsItsRuns: Bool {
        itemCount >= MasonryPlacement.runsFrom && lanes.reduce(0) { $0 + $1.span.nodes } <= itemCount / 16 + 256
    }

    /// Bytes the placement keeps alive: the flat placement it started from, and per run its node and a
    /// share of the small placement it reads.
    var heapByteCount: Int {
        16 + 160 + baseBytes + lanes.reduce(0) { $0 + $1.span.nodes } * 512
    }
}
