@_spi(WorkCounting) @testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Masonry placement against a plain reading of its rules (docs/flow-layout.md §22), written here
/// without a tree or lanes, and its visible query against every cell.
@Suite("Masonry properties")
struct MasonryProperties {
    /// Random columns (fixed or fitted), placements, sizings, spacings (negative ones too), full-span
    /// items and named columns.
    struct Case: CustomStringConvertible {
        var items: [MasonryItem]
        var columns: MasonryColumns
        var width: Double
        var interitemSpacing: Double
        var lineSpacing: Double

        init(items: [MasonryItem], columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
            (self.items, self.columns, self.width) = (items, columns, width)
            (self.interitemSpacing, self.lineSpacing) = (interitemSpacing, lineSpacing)
        }

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
            width = pick([320, 390, 414.5, 1000])
            interitemSpacing = pick([0, 8, 7.25, -4])
            lineSpacing = pick([0, 8, 12.5, -20])
            let count: MasonryColumns.Count = random.next() % 3 == 0 ? .minimumWidth(pick([7.5, 80, 150.5, 500])) : .fixed(pick([1, 2, 3, 5, 37]))
            columns = MasonryColumns(
                count: count, columnSpacing: random.next() % 2 == 0 ? nil : pick([0, 12, 3.5]),
                placement: random.next() % 3 == 0 ? .ordered : .shortestFirst, itemSizing: random.next() % 3 == 0 ? .height : .aspectRatio)
            let columnCount = columns.columnCount(width: width, spacing: columns.columnSpacing ?? interitemSpacing)
            items = (0..<Int(random.next() % 300)).map { _ in
                var item = MasonryItem(size: Size(width: Double(random.next() % 400), height: Double(1 + random.next() % 400) + pick([0, 0.5, 1 / 3])))
                switch random.next() % 12 {
                case 0: item.role = .fullSpan
                case 1, 2: item.role = .column(Int(random.next() % UInt64(columnCount)))
                default: break
                }
                return item
            }
        }

        var description: String { "\(items.count) items, \(columns), width \(width), spacings \(interitemSpacing) \(lineSpacing)" }
    }

    /// The rules read plainly: running bottoms as exact sums, each top rounded once (§22.3), the least
    /// bottom by a scan, ties to the lowest index.
    static func reference(_ input: Case) -> (cells: [MasonryPlacement.Cell], height: Double) {
        let spacing = input.columns.columnSpacing ?? input.interitemSpacing
        let count = input.columns.columnCount(width: input.width, spacing: spacing)
        // No narrower than nothing (§22.1).
        let columnWidth = max(0, (input.width - Double(count - 1) * spacing) / Double(count))
        let lineSpacing = FixedLength(input.lineSpacing)
        var bottoms = [FixedLength](repeating: .zero, count: count)
        var reached = [Bool](repeating: false, count: count)
        var cells: [MasonryPlacement.Cell] = []
        for (index, item) in input.items.enumerated() {
            if item.role == .fullSpan {
                let top = bottoms.max()!
                let height = input.columns.height(of: item.size, columnWidth: input.width)
                cells.append(.init(column: nil, frame: Rect(x: 0, y: top.doubleValue, width: input.width, height: height)))
                bottoms = bottoms.map { _ in top + FixedLength(height) + lineSpacing }
                reached = reached.map { _ in true }
                continue
            }
            var column = 0
            if case .column(let named) = item.role {
                // Past the last column, the last one.
                column = min(named, count - 1)
            } else if input.columns.placement == .ordered {
                column = index % count
            } else {
                for candidate in bottoms.indices where bottoms[candidate] < bottoms[column] { column = candidate }
            }
            let height = input.columns.height(of: item.size, columnWidth: columnWidth)
            cells.append(.init(
                column: column, frame: Rect(x: Double(column) * (columnWidth + spacing), y: bottoms[column].doubleValue, width: columnWidth, height: height)))
            bottoms[column] += FixedLength(height) + lineSpacing
            reached[column] = true
        }
        let height = cells.isEmpty ? 0 : (bottoms.indices.filter { reached[$0] }.map { bottoms[$0] }.max()! - lineSpacing).doubleValue
        return (cells, height)
    }

    @Test func placementFollowsTheRulesAndTheQueryFindsEveryCellInView() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in Self.check(seed) }
    }

    static func check(_ seed: UInt64) {
        let input = Case(seed: seed)
        let placed = MasonryPlacement(
            items: input.items, columns: input.columns, width: input.width, interitemSpacing: input.interitemSpacing,
            lineSpacing: input.lineSpacing)
        let expected = reference(input)
        let cells = placed.cells
        #expect(cells == expected.cells, "seed \(seed): \(input)")
        #expect(placed.height == expected.height, "seed \(seed): \(input)")
        var random = SplitMix64(seed: seed ^ 0x5EED)
        for _ in 0..<20 {
            let low = Double(Int(random.next() % UInt64(max(1, placed.height) + 400))) - 200 + (random.next() % 2 == 0 ? 0.5 : 0)
            let high = low + Double(random.next() % 900)
            var work = 0
            let found = placed.items(intersecting: low, high, work: &work)
            let all = cells.indices.filter { cells[$0].frame.maxY >= low && cells[$0].frame.minY <= high }
            #expect(found == all, "seed \(seed): [\(low), \(high)] of \(input)")
        }
    }
}
