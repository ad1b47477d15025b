@_spi(WorkCounting) @testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Layouts of masonry sections against a plain reading of docs/flow-layout.md §22 written here: headers,
/// footers, insets, both scroll directions, right to left and pixel rounding around the placement
/// that `MasonryProperties.reference` states; and every query against the frames it gives.
@Suite("Masonry layout properties")
struct MasonryLayoutProperties {
    struct Case: CustomStringConvertible {
        var input: FlowLayoutInput
        var scale: Double?
        var layoutDirection: LayoutDirection

        init(seed: UInt64) {
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
            var settings = FlowLayoutSettings()
            settings.scrollDirection = random.next() % 3 == 0 ? .horizontal : .vertical
            settings.minimumLineSpacing = pick([0, 5, 12.5, -6])
            settings.minimumInteritemSpacing = pick([0, 10, 7.25])
            settings.sectionInset = EdgeInsets(top: pick([0, 8, 13.3]), left: pick([0, 10, 16.5]), bottom: pick([0, 8]), right: pick([0, 10, 4.25]))
            settings.headerReferenceSize = Size(width: pick([0, 30]), height: pick([0, 44]))
            settings.footerReferenceSize = Size(width: pick([0, 20]), height: pick([0, 20.5]))
            settings.masonry = MasonryColumns(
                count: pick([.fixed(1), .fixed(2), .fixed(3), .minimumWidth(100), .minimumWidth(70.5)]),
                columnSpacing: pick([nil, 0, 6, 3.5]), placement: random.next() % 3 == 0 ? .ordered : .shortestFirst,
                itemSizing: random.next() % 3 == 0 ? .height : .aspectRatio)
            let sections = (0..<1 + Int(random.next() % 3)).map { _ in
                var section = FlowSection(items: .count(0))
                let count = Int(random.next() % 60)
                section.items = .sizes((0..<count).map { _ in
                    Size(width: Double(random.next() % 300), height: Double(1 + random.next() % 300) + pick([0, 0.5, 1 / 3]))
                })
                if random.next() % 3 == 0 {
                    section.masonryRoles = (0..<count).map { _ in
                        switch random.next() % 10 {
                        case 0: .fullSpan
                        case 1: .column(Int(random.next() % 4))
                        default: .byRule
                        }
                    }
                }
                if random.next() % 4 == 0 { section.masonry = MasonryColumns(count: .fixed(pick([2, 5])), columnSpacing: 1) }
                if random.next() % 4 == 0 { section.headerReferenceSize = Size(width: 12, height: 12) }
                return section
            }
            input = FlowLayoutInput(
                settings: settings, sections: sections, crossAxisLength: pick([320, 390, 414.5]),
                contentInset: EdgeInsets(top: 0, left: pick([0, 8]), bottom: 0, right: pick([0, 12])))
            scale = pick([nil, 1, 2, 3])
            layoutDirection = random.next() % 3 == 0 ? .rightToLeft : .leftToRight
        }

        var description: String {
            "\(input.settings.scrollDirection), \(layoutDirection), scale \(scale.map { "\($0)" } ?? "nil"), "
                + "\(input.sections.map(\.items.count)) items, \(input.settings.masonry!)"
        }
    }

    /// Every cell's attributes, section by section, by the rules read plainly, and each section's span
    /// along the scroll axis (§7).
    static func reference(
        _ input: FlowLayoutInput, scale: Double?, layoutDirection: LayoutDirection
    ) -> (cells: [LayoutAttributes], spans: [(start: Double, end: Double)]) {
        let settings = input.settings
        let vertical = settings.scrollDirection == .vertical
        let dimension = vertical
            ? input.crossAxisLength - input.contentInset.left - input.contentInset.right
            : input.crossAxisLength - input.contentInset.top - input.contentInset.bottom
        var offset = 0.0
        var cells: [LayoutAttributes] = []
        var spans: [(start: Double, end: Double)] = []
        for (index, section) in input.sections.enumerated() {
            let inset = section.sectionInset ?? settings.sectionInset
            let header = section.headerReferenceSize ?? settings.headerReferenceSize
            let footer = section.footerReferenceSize ?? settings.footerReferenceSize
            let (lead, trail, top, bottom) = vertical
                ? (inset.left, inset.right, inset.top, inset.bottom) : (inset.top, inset.bottom, inset.left, inset.right)
            let items = (0..<section.items.count).map { item in
                let size = section.item(item, countedItem: settings.countedItem).size
                // Across the scroll axis is the placement's width: a horizontal section transposed.
                return MasonryItem(
                    size: vertical ? size : Size(width: size.height, height: size.width),
                    role: section.masonryRoles?[item] ?? .byRule)
            }
            let placed = MasonryProperties.reference(MasonryProperties.Case(
                items: items, columns: section.masonry ?? settings.masonry!, width: max(0, dimension - lead - trail),
                interitemSpacing: section.minimumInteritemSpacing ?? settings.minimumInteritemSpacing,
                lineSpacing: section.minimumLineSpacing ?? settings.minimumLineSpacing))
            // Section-relative lengths summed first, then placed at the section's offset (§3, §22.3).
            let cellsStart = max(0, vertical ? header.height : header.width) + top
            let start = offset + cellsStart
            for (item, cell) in placed.cells.enumerated() {
                let frame = vertical
                    ? Rect(x: lead + cell.frame.minX, y: start + cell.frame.minY, width: cell.frame.size.width, height: cell.frame.size.height)
                    : Rect(x: start + cell.frame.minY, y: lead + cell.frame.minX, width: cell.frame.size.height, height: cell.frame.size.width)
                cells.append(LayoutAttributes(kind: .cell, section: index, item: item, frame: frame, zIndex: 0, column: cell.column))
            }
            let sectionStart = offset
            offset += cellsStart + placed.height + bottom + max(0, vertical ? footer.height : footer.width)
            spans.append((sectionStart, offset))
        }
        let contentWidth = vertical ? dimension : max(0, offset)
        let answered = cells.map { cell in
            var cell = cell
            if layoutDirection == .rightToLeft {
                // Column 0 at the trailing edge: a vertical layout mirrored in its width, a horizontal one in the content's.
                cell.frame.origin.x = (vertical ? dimension : contentWidth) - cell.frame.size.width - cell.frame.minX
            }
            if let scale {
                func round(_ value: Double) -> Double { (value * scale).rounded(.toNearestOrAwayFromZero) / scale }
                cell.frame.origin = Point(x: round(cell.frame.minX), y: round(cell.frame.minY))
            }
            return cell
        }
        return (answered, spans)
    }

    @Test func framesFollowTheRulesAndEveryQueryFindsThem() async {
        await propertyCheck(count: 300, input: Gen.uint64(in: 0...UInt64.max)) { seed in Self.check(seed) }
    }

    /// A full-span cell after cells of a negative spacing: those end below its top, so the walk back
    /// from the view may not stop there (the query then searches each column).
    @Test func aFullSpanCellAfterANegativeSpacing() { Self.check(6339237664495923912) }

    static func check(_ seed: UInt64) {
        let input = Case(seed: seed)
        let layout = BaseLayout(input.input)
        let (expected, spans) = reference(input.input, scale: input.scale, layoutDirection: input.layoutDirection)
        let size = layout.contentSize
        func cells(in bounds: Rect) -> [LayoutAttributes] {
            var found: [LayoutAttributes] = []
            layout.attributes(in: Viewport(bounds: bounds, scale: input.scale, layoutDirection: input.layoutDirection), into: &found)
            return found.filter { $0.kind == .cell }
        }
        let everything = Rect(x: -5000, y: -5000, width: size.width + 10_000, height: size.height + 10_000)
        #expect(cells(in: everything) == expected, "seed \(seed): \(input)")
        #expect(layout.contentHash == input.input.contentHash, "seed \(seed)")
        var random = SplitMix64(seed: seed ^ 0xB0B)
        let vertical = layout.scrollDirection == .vertical
        let length = max(1, vertical ? size.height : size.width)
        for _ in 0..<8 {
            let low = Double(random.next() % UInt64(length + 400)) - 200 + (random.next() % 2 == 0 ? 0.5 : 0)
            let extent = Double(1 + random.next() % 700)
            let bounds = vertical
                ? Rect(x: 0, y: low, width: size.width, height: extent) : Rect(x: low, y: 0, width: extent, height: size.height)
            // The query reads the sections whose spans touch the view when sections follow each other
            // (§9): a cell that rounding carries past its section's end is not found from outside it.
            func considered(_ section: Int) -> Bool {
                guard layout.hasOrderedSections else { return true }
                var (low, high) = vertical ? (bounds.minY, bounds.maxY) : (bounds.minX, bounds.maxX)
                if !vertical, input.layoutDirection == .rightToLeft { (low, high) = (size.width - high, size.width - low) }
                return spans[section].start <= high && low <= spans[section].end
            }
            #expect(
                cells(in: bounds) == expected.filter { $0.frame.touches(bounds) && considered($0.section) },
                "seed \(seed): \(bounds) of \(input)")
        }
        for cell in expected.prefix(5) + expected.suffix(5) {
            let found = layout.attributes(
                ofItem: ItemPath(section: cell.section, item: cell.item), scale: input.scale, layoutDirection: input.layoutDirection)
            #expect(found == cell, "seed \(seed): item \(cell.section).\(cell.item) of \(input)")
            // Where nothing else overlaps it, a point inside the cell hits it.
            let centre = cell.frame.center
            if cell.frame.size.width > 0, cell.frame.size.height > 0,
                expected.filter({ $0.frame.contains(centre) }).last == cell
            {
                let hit = layout.hitTest(centre, scale: input.scale, layoutDirection: input.layoutDirection)
                #expect(hit == cell, "seed \(seed): hit at \(centre) of \(input)")
            }
        }
    }
}
