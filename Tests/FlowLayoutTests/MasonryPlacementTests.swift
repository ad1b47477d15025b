@_spi(WorkCounting) import FlowLayout
import Testing

/// Masonry placement by hand (docs/flow-layout.md §22): two columns 45 wide in 100 with 10 between
/// them, cells 5 apart in a column.
@Suite("Masonry placement")
struct MasonryPlacementTests {
    static func place(
        _ items: [MasonryItem], _ columns: MasonryColumns = MasonryColumns(count: .fixed(2)), lineSpacing: Double = 5
    ) -> MasonryPlacement {
        MasonryPlacement(items: items, columns: columns, width: 100, interitemSpacing: 10, lineSpacing: lineSpacing)
    }

    static func sized(_ sizes: [(Double, Double)]) -> [MasonryItem] {
        sizes.map { MasonryItem(size: Size(width: $0.0, height: $0.1)) }
    }

    @Test func shortestColumnFirstWithTiesToTheLowestIndex() {
        // Heights by aspect ratio in a 45-wide column: 45, 90, 22.5, 45.
        let placed = Self.place(Self.sized([(90, 90), (45, 90), (90, 45), (90, 90)]))
        #expect(placed.columnCount == 2 && placed.columnWidth == 45)
        #expect(placed.cells.map(\.column) == [0, 1, 0, 0])
        #expect(placed.cells.map(\.frame) == [
            Rect(x: 0, y: 0, width: 45, height: 45), Rect(x: 55, y: 0, width: 45, height: 90),
            Rect(x: 0, y: 50, width: 45, height: 22.5), Rect(x: 0, y: 77.5, width: 45, height: 45),
        ])
        // Column 0 ends at 122.5 + 5, column 1 at 90 + 5: the cells' extent is 122.5.
        #expect(placed.height == 122.5)
    }

    @Test func equalBottomsGoToTheLowestColumn() {
        let placed = Self.place(Self.sized([(45, 45), (45, 45), (45, 45), (45, 45)]), MasonryColumns(count: .fixed(3)), lineSpacing: 0)
        // Three columns of 26.666…: heights of 26.666…, all equal, so the fourth returns to column 0.
        #expect(placed.cells.map(\.column) == [0, 1, 2, 0])
        #expect(placed.cells[3].frame.minY == placed.cells[0].frame.maxY)
    }

    @Test func aFullSpanItemStartsBelowEveryColumnAndLevelsThem() {
        var items = Self.sized([(90, 90), (45, 90)])
        items.append(MasonryItem(size: Size(width: 100, height: 20), role: .fullSpan))
        items += Self.sized([(90, 90), (90, 90)])
        let placed = Self.place(items)
        // Column 1 ends lowest (90 + 5); the full-span item starts there, 100 wide and 20 tall.
        #expect(placed.cells[2] == MasonryPlacement.Cell(column: nil, frame: Rect(x: 0, y: 95, width: 100, height: 20)))
        // Both columns continue 5 below it: equal, so column 0 first.
        #expect(placed.cells[3].column == 0 && placed.cells[3].frame.minY == 120)
        #expect(placed.cells[4].column == 1 && placed.cells[4].frame.minY == 120)
        #expect(placed.height == 165)
    }

    @Test func orderedPlacementAndNamedColumns() {
        let ordered = Self.place(Self.sized([(45, 90), (45, 10), (45, 10), (45, 10)]), MasonryColumns(count: .fixed(2), placement: .ordered))
        #expect(ordered.cells.map(\.column) == [0, 1, 0, 1])
        var items = Self.sized([(45, 10), (45, 10), (45, 10)])
        items[1].role = .column(0)
        let named = Self.place(items)
        // The named column wins; the third cell then goes to the empty column 1.
        #expect(named.cells.map(\.column) == [0, 0, 1])
        #expect(named.cells[1].frame.minY == 15)
        // Past the last column, the last one.
        items[2].role = .column(7)
        #expect(Self.place(items).cells.map(\.column) == [0, 0, 1])
    }

    @Test func columnCountsFromAMinimumWidthAndHeightsAsGiven() {
        let columns = { (minimum: Double) in MasonryColumns(count: .minimumWidth(minimum)).columnCount(width: 100, spacing: 10) }
        // ⌊(100 + 10) / (w + 10)⌋, at least one.
        #expect([columns(30), columns(26.6), columns(45), columns(46), columns(500)] == [2, 3, 2, 1, 1])
        // Bounded however small the minimum or large the count; never negative widths.
        let tiny = MasonryColumns(count: .minimumWidth(1e-9)).columnCount(width: 100, spacing: 0)
        let many = MasonryColumns(count: .fixed(1 << 40)).columnCount(width: 100, spacing: 10)
        // With spacing 10 a tiny minimum still fits ⌊110 / 10⌋ = 10; w + s = 0 fits without bound.
        #expect([tiny, many, columns(1e-9), columns(-10)] == [MasonryColumns.maximumColumnCount, MasonryColumns.maximumColumnCount, 10, 1024])
        #expect(Self.place(Self.sized([(10, 10)]), MasonryColumns(count: .fixed(20))).columnWidth == 0)
        let placed = Self.place(Self.sized([(90, 33)]), MasonryColumns(count: .fixed(2), columnSpacing: 20, itemSizing: .height))
        #expect(placed.columnWidth == 40 && placed.cells[0].frame == Rect(x: 0, y: 0, width: 40, height: 33))
        #expect(Self.place([]).height == 0)
    }

    /// A view's query binary-searches each column: 1,000 and 1,000,000 items differ by the search.
    @Test func aVisibleQueryCostsTheSearchAndTheCellsFound() {
        func work(_ count: Int) -> (work: Int, found: Int) {
            let items = (0..<count).map { MasonryItem(size: Size(width: 100, height: Double(50 + ($0 * 37) % 200))) }
            let placed = MasonryPlacement(
                items: items, columns: MasonryColumns(count: .fixed(3)), width: 390, interitemSpacing: 8, lineSpacing: 8)
            var work = 0
            let found = placed.items(intersecting: 20_000, 20_844, work: &work)
            return (work, found.count)
        }
        let (small, large) = (work(1_000), work(1_000_000))
        #expect(small.found == large.found && small.found > 10)
        // Four lanes (three columns and the full-span items), each log₂(1,000) = 10 probes more.
        #expect(large.work - small.work <= 4 * 11, "\(small) \(large)")
    }

    /// Tops ascend under shortest-first placement: the query walks back from the last cell starting
    /// in view. One cell far taller than the others makes that walk long, and the query then searches
    /// each column instead; both find exactly the cells in view, and the long walk costs no more than
    /// the columns' searches.
    @Test func aTallCellSendsTheQueryToTheColumnsSearches() {
        // Column 0 gets a cell 100,000 tall; the other two take the next 2,000 cells, 100 tall each.
        var items = [MasonryItem(size: Size(width: 45, height: 100_000))]
        items += (0..<2000).map { _ in MasonryItem(size: Size(width: 45, height: 100)) }
        let placed = MasonryPlacement(
            items: items, columns: MasonryColumns(count: .fixed(3), itemSizing: .height), width: 155, interitemSpacing: 10,
            lineSpacing: 0)
        #expect(placed.cells[1].column == 1 && placed.cells[2].column == 2 && placed.cells[2000].column == 2)
        func query(_ low: Double, _ high: Double) -> (items: [Int], work: Int) {
            var work = 0
            let found = placed.items(intersecting: low, high, work: &work)
            return (found, work)
        }
        let cells = placed.cells
        for (low, high) in [(50_000.0, 50_500.0), (0, 150), (99_950, 100_050)] {
            let (found, work) = query(low, high)
            #expect(found == cells.indices.filter { cells[$0].frame.maxY >= low && cells[$0].frame.minY <= high }, "[\(low), \(high)]")
            // The walk gives up after 4 · 3 + 32 cells out of view, then each lane costs its search:
            // never the walk past the thousand cells of columns 1 and 2 above the view.
            #expect(work < 200, "[\(low), \(high)]: \(work)")
        }
    }

    /// An aspect ratio of a width next to nothing gives the tallest height, not an infinite one.
    @Test func anAspectRatioHeightIsAtMostTheTallest() {
        let placed = Self.place([MasonryItem(size: Size(width: 1e-300, height: 1e9)), MasonryItem(size: Size(width: 1e-300, height: 1e9))])
        #expect(placed.cells.map(\.frame.size.height) == [MasonryColumns.maximumHeight, MasonryColumns.maximumHeight])
        #expect(placed.height == MasonryColumns.maximumHeight)
    }
}
