/// The cells of a masonry section placed in its columns (docs/flow-layout.md §22), in the section's own
/// coordinates: x from the leading edge of the width W inside its insets, y from where its cells
/// begin (below the header and the top inset). Running bottoms are exact sums (`FixedLength`), each
/// top rounded to the nearest double once when it is read; frames' origins are rounded to pixels when
/// they are answered.
///
/// Each column's cells, and the full-span ones, are kept together in a lane, in item order. A placement
/// is flat storage, as placing makes it, or, after updates with kept columns, runs of such storage
/// (§22.5); either answers the same queries, and this dispatches them. Immutable, and shared by every
/// layout that holds it.
public enum MasonryPlacement: Sendable {
    /// Each item's lane, top and height side by side, placed in order.
    case flat(FlatMasonry)
    /// Each lane's cells as runs of flat placements' storage, moved by updates with kept columns.
    case sliced(SlicedMasonry)

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

    /// Places `items` in `width` (W): columns `columns.columnSpacing ?? interitemSpacing` apart, each
    /// cell `lineSpacing` below the one above it in its column.
    public init(items: [MasonryItem], columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
        self = .flat(FlatMasonry(items: items, columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing))
    }

    var grid: MasonryGrid {
        switch self {
        case .flat(let placement): placement.grid
        case .sliced(let placement): placement.grid
        }
    }

    public var columnCount: Int { grid.columnCount }
    /// c = (W − (n − 1)·s) / n.
    public var columnWidth: Double { grid.columnWidth }
    /// s, between columns.
    public var columnSpacing: Double { grid.columnSpacing }
    /// W, what a full-span cell spans.
    public var width: Double { grid.width }

    public var itemCount: Int {
        switch self {
        case .flat(let placement): placement.itemCount
        case .sliced(let placement): placement.itemCount
        }
    }

    /// The cells' extent along the scroll axis: the greatest running bottom of a column a cell has
    /// reached (a full-span item reaches them all), less the trailing spacing; 0 without cells. With a
    /// negative spacing a column's last cell may end above an earlier one, which then reaches past
    /// the extent, as a flow section's lines may (§12).
    public var height: Double {
        switch self {
        case .flat(let placement): placement.height
        case .sliced(let placement): placement.height
        }
    }

    /// The least top and the greatest bottom of any cell: `0...height` unless negative spacings move
    /// cells outside it; (0, 0) without cells. Inlined: a query reads it for each section it culls.
    @inline(__always)
    public var reach: (low: Double, high: Double) {
        let exact = switch self {
        case .flat(let placement): placement.exactReach
        case .sliced(let placement): placement.exactReach
        }
        return (exact.low.doubleValue, exact.high.doubleValue)
    }

    /// An item's column; nil for a full-span item. O(1); O(c log s) in runs.
    public func column(ofItem item: Int) -> Int? {
        switch self {
        case .flat(let placement): placement.column(ofItem: item)
        case .sliced(let placement): placement.cell(item).column
        }
    }

    /// Where item `item` went. O(1); O(c log s) in runs.
    public func cell(_ item: Int) -> Cell {
        switch self {
        case .flat(let placement): placement.cell(item)
        case .sliced(let placement): placement.cell(item)
        }
    }

    /// Every item's cell, in item order. O(n): for tests and tools, not queries.
    public var cells: [Cell] { (0..<itemCount).map(cell) }

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
    /// (unrounded, section-relative), until `body` returns false (§22.4).
    func forEachCell<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, Cell, inout Counter) -> Bool
    ) {
        switch self {
        case .flat(let placement): placement.forEachCell(intersecting: low, high, work: &work, body)
        case .sliced(let placement): placement.forEachCell(intersecting: low, high, work: &work, body)
        }
    }

    /// This placement's first `start` items followed by `items` (`count` of them), each placed after
    /// the ones before as a placement of all of them would (§22.5); nil when the section must be
    /// placed again whole.
    func placing(
        from start: Int, count: Int, _ items: (_ place: (MasonryItem, Int) -> Void) -> Void, work: inout some WorkCounter
    ) -> MasonryPlacement? {
        switch self {
        case .flat(let placement): placement.placing(from: start, count: count, items, work: &work).map(MasonryPlacement.flat)
        case .sliced(let placement): placement.placing(from: start, count: count, items, work: &work).map(MasonryPlacement.sliced)
        }
    }

    /// This placement after `steps`, each replacing a range of items, the cells it keeps moved in their
    /// lanes (§22.5): always runs. Nil when the caller must place the section again.
    func keepingColumns(
        replacing steps: [(range: Range<Int>, items: [(MasonryItem, Int)])], work: inout some WorkCounter
    ) -> MasonryPlacement? {
        switch self {
        case .flat(let placement): placement.keepingColumns(replacing: steps, work: &work).map(MasonryPlacement.sliced)
        case .sliced(let placement): placement.keepingColumns(replacing: steps, work: &work).map(MasonryPlacement.sliced)
        }
    }

    /// Sections of fewer items are placed again whole rather than kept in runs, and flat: they cost
    /// little to place, and runs would keep more bytes than their cells. Tests lower it.
    @TaskLocal static var runsFrom = 4096

    /// Whether this placement is worth keeping: a flat one is; runs while they are few
    /// (`SlicedMasonry.keepsItsRuns`).
    var keepsItsRuns: Bool {
        switch self {
        case .flat: true
        case .sliced(let placement): placement.keepsItsRuns
        }
    }

    /// Bytes the placement keeps alive.
    var heapByteCount: Int {
        switch self {
        case .flat(let placement): placement.heapByteCount
        case .sliced(let placement): placement.heapByteCount
        }
    }
}
