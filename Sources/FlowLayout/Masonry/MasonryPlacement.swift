/// The cells of a masonry section placed in its columns (docs/flow-layout.md §22), in the section's own
/// coordinates: x from the leading edge of the width W inside its insets, y from where its cells
/// begin (below the header and the top inset). Unrounded: frames' origins are rounded when they are
/// answered; running bottoms never are.
///
/// Placement is O(n log c) for n items in c columns (the columns' running bottoms in a tournament
/// tree), and O(c) more for each full-span item, which levels every column.
public struct MasonryPlacement: Sendable {
    /// Where one item went.
    public struct Cell: Hashable, Sendable {
        /// Its column; nil for a full-span item.
        public var column: Int?
        public var frame: Rect

        public init(column: Int?, frame: Rect) {
            self.column = column
            self.frame = frame
        }
    }

    public let columnCount: Int
    /// c = (W − (n − 1)·s) / n.
    public let columnWidth: Double
    /// s, between columns.
    public let columnSpacing: Double
    /// Item by item.
    public let cells: [Cell]
    /// The cells' extent along the scroll axis: the greatest running bottom of a column a cell has
    /// reached (a full-span item reaches them all), less the trailing spacing; 0 without cells. With a
    /// negative spacing a column's last cell may end above an earlier one, which then reaches past
    /// the extent, as a flow section's lines may (§12).
    public let height: Double
    /// The items of each column, then (last) the full-span items, each in item order.
    private let lanes: [Lane]

    /// The least top and the greatest bottom of any cell: `0...height` unless negative spacings move
    /// cells outside it; (0, 0) without cells.
    public let reach: (low: Double, high: Double)

    /// Places `items` in `width` (W): columns `columns.columnSpacing ?? interitemSpacing` apart, each
    /// cell `lineSpacing` below the one above it in its column.
    public init(items: [MasonryItem], columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
        self.init(columns: columns, width: width, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, capacity: items.count) { place in
            for item in items { place(item, 1) }
        }
    }

    /// Places the items that `runs` hands over as runs of equal items (an item and how many).
    init(
        columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double, capacity: Int,
        runs: (_ place: (MasonryItem, Int) -> Void) -> Void
    ) {
        let spacing = columns.columnSpacing ?? interitemSpacing
        let count = columns.columnCount(width: width, spacing: spacing)
        // No column is narrower than nothing: spacings wider than the width leave columns of width 0.
        let columnWidth = Swift.max(0, (width - Double(count - 1) * spacing) / Double(count))
        let stride = columnWidth + spacing
        var bottoms = ColumnBottoms(count: count)
        var cells: [Cell] = []
        cells.reserveCapacity(capacity)
        var members = [[Int]](repeating: [], count: count + 1)
        var low = Double.infinity
        var high = -Double.infinity
        runs { item, repeats in
            // Heights depend on the item alone: computed once per run.
            let fullSpan = item.role == .fullSpan
            let height = columns.height(of: item.size, columnWidth: fullSpan ? width : columnWidth)
            for _ in 0..<repeats {
                let index = cells.count
                let column: Int
                switch item.role {
                case .fullSpan:
                    // Below every column, across all of them; every column then continues below it.
                    let top = bottoms.greatest
                    cells.append(Cell(column: nil, frame: Rect(x: 0, y: top, width: width, height: height)))
                    members[count].append(index)
                    bottoms.level(at: top + (height + lineSpacing))
                    low = Swift.min(low, top)
                    high = Swift.max(high, top + height)
                    continue
                case .column(let named): column = Swift.min(Swift.max(0, named), count - 1)
                case .byRule: column = columns.placement == .ordered ? index % count : bottoms.least
                }
                let top = bottoms[column]
                cells.append(Cell(column: column, frame: Rect(x: Double(column) * stride, y: top, width: columnWidth, height: height)))
                members[column].append(index)
                bottoms[column] = top + (height + lineSpacing)
                low = Swift.min(low, top)
                high = Swift.max(high, top + height)
            }
        }
        self.columnCount = count
        self.columnWidth = columnWidth
        self.columnSpacing = spacing
        self.cells = cells
        self.height = cells.isEmpty ? 0 : bottoms.greatestReached - lineSpacing
        self.reach = cells.isEmpty ? (0, 0) : (low, high)
        lanes = members.map { Lane(items: $0, cells: cells) }
    }

    /// Bytes the placement keeps alive: its cells and each column's index.
    var heapByteCount: Int {
        let arrayOverhead = 48
        return cells.count * (MemoryLayout<Cell>.stride + 3 * 8) + lanes.count * (3 * arrayOverhead + 24) + arrayOverhead
    }

    /// The items whose cells reach into [low, high] along the scroll axis (bottom ≥ low, top ≤ high),
    /// in item order: a binary search in each column's cells, then the cells found. O(c log n + k log k)
    /// for k cells found, when each column's cells follow each other (spacing + height ≥ 0); a column
    /// whose cells overlap (negative spacing) is read across its overlap.
    public func items(intersecting low: Double, _ high: Double) -> [Int] {
        var uncounted = Uncounted()
        return items(intersecting: low, high, work: &uncounted)
    }

    /// `items(intersecting:_:)`, counting the cells and search probes it reads.
    @_spi(WorkCounting)
    public func items(intersecting low: Double, _ high: Double, work: inout some WorkCounter) -> [Int] {
        var found: [Int] = []
        forEachItem(intersecting: low, high, work: &work) { item, _ in found.append(item) }
        found.sort()
        return found
    }

    /// Hands `body` the items of `items(intersecting:_:)`, column by column (the full-span ones last),
    /// each column's in item order.
    func forEachItem<Counter: WorkCounter>(
        intersecting low: Double, _ high: Double, work: inout Counter, _ body: (Int, inout Counter) -> Void
    ) {
        for lane in lanes { lane.forEach(intersecting: low, high, cells: cells, work: &work, body) }
    }

    /// One column's items (or the full-span ones), with what bounds a search among them: the greatest
    /// bottom so far and the least top from here on, which a binary search may rely on even where
    /// negative spacings make cells overlap.
    private struct Lane: Sendable {
        let items: [Int]
        let bottomsSoFar: [Double]
        let topsFromHere: [Double]

        init(items: [Int], cells: [Cell]) {
            self.items = items
            var greatest = -Double.infinity
            bottomsSoFar = items.map { item in
                greatest = Swift.max(greatest, cells[item].frame.maxY)
                return greatest
            }
            var least = Double.infinity
            topsFromHere = items.reversed().map { item in
                least = Swift.min(least, cells[item].frame.minY)
                return least
            }.reversed()
        }

        func forEach<Counter: WorkCounter>(
            intersecting low: Double, _ high: Double, cells: [Cell], work: inout Counter, _ body: (Int, inout Counter) -> Void
        ) {
            // No cell before `first` reaches down to `low`.
            var lower = 0
            var upper = items.count
            while lower < upper {
                let middle = (lower + upper) / 2
                work += 1
                if bottomsSoFar[middle] < low { lower = middle + 1 } else { upper = middle }
            }
            var position = lower
            // No cell from `position` on starts at or above `high` once the least top left is below it.
            while position < items.count, topsFromHere[position] <= high {
                work += 1
                let frame = cells[items[position]].frame
                if frame.maxY >= low, frame.minY <= high { body(items[position], &work) }
                position += 1
            }
        }
    }
}

/// The running bottom of each column, and the least of them (ties to the lowest index) in O(1), kept in
/// a tournament tree: O(log c) to change one, O(c) to level them all.
private struct ColumnBottoms {
    private let count: Int
    /// Leaves from `size` on; each inner node holds the column of its subtree's least bottom.
    private var winners: [Int]
    private var values: [Double]
    /// Whether a cell (or a full-span one) has set the column's bottom.
    private var reached: [Bool]
    private let size: Int

    init(count: Int) {
        self.count = count
        var size = 1
        while size < count { size *= 2 }
        self.size = size
        values = [Double](repeating: 0, count: count)
        reached = [Bool](repeating: false, count: count)
        winners = [Int](repeating: 0, count: 2 * size)
        rebuild()
    }

    subscript(column: Int) -> Double {
        get { values[column] }
        set {
            values[column] = newValue
            reached[column] = true
            var node = (size + column) / 2
            while node >= 1 {
                winners[node] = winner(winners[2 * node], winners[2 * node + 1])
                node /= 2
            }
        }
    }

    /// The column whose bottom is least, the lowest of equal ones.
    var least: Int { winners[1] }

    /// Where the lowest column ends now: where a full-span item starts.
    var greatest: Double { values.max() ?? 0 }

    /// The greatest bottom of the columns a cell has reached.
    var greatestReached: Double {
        values.indices.filter { reached[$0] }.map { values[$0] }.max() ?? 0
    }

    /// Every column to `bottom`.
    mutating func level(at bottom: Double) {
        for column in values.indices { values[column] = bottom }
        reached = [Bool](repeating: true, count: count)
        rebuild()
    }

    private mutating func rebuild() {
        for leaf in 0..<size { winners[size + leaf] = Swift.min(leaf, count - 1) }
        var node = size - 1
        while node >= 1 {
            winners[node] = winner(winners[2 * node], winners[2 * node + 1])
            node -= 1
        }
    }

    /// The column of the lesser bottom, the lower index when they are equal.
    private func winner(_ left: Int, _ right: Int) -> Int {
        let (a, b) = (values[left], values[right])
        if a < b { return left }
        if b < a { return right }
        return Swift.min(left, right)
    }
}
