import Foundation
@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// The work of a lookup and of a hit test is O(log n + k) (docs/flow-layout.md §20): the same element
/// of a layout of 1,000 items and of one of 1,000,000 costs the same but for the depth of the search.
@Suite("Navigation cost")
struct NavigationCostTests {
    /// c · log2(n) + k + 2 · `LineChunk.maxLines`, as `StoredLayoutCostTests` bounds a query's work: the
    /// tree's depth, the elements near the one looked for, and a chunk's lines scanned at either end.
    static func bound(n: Int, k: Int) -> Double { StoredLayoutCostTests.bound(n: n, k: k) }

    /// Elements of the line looked at, or near the point: a line of 320 points holds at most 8 cells
    /// of the varied grid (at least 40 wide), and the query may read the lines either side.
    static let k = 3 * 8

    static func lookupWork(_ layout: BaseLayout, _ path: ItemPath) -> (work: Int, found: LayoutAttributes?) {
        var work = 0
        let found = layout.attributes(ofItem: path, scale: 3, layoutDirection: .leftToRight, work: &work)
        return (work, found)
    }

    static func hitWork(_ layout: BaseLayout, _ point: Point) -> (work: Int, found: LayoutAttributes?) {
        var work = 0
        let found = layout.hitTest(point, scale: 3, layoutDirection: .leftToRight, work: &work)
        return (work, found)
    }

    @Test(arguments: [("varied", 0), ("itemCount", 1)])
    func aLookupAndAHitTestCostTheSameOnAThousandAndAMillionItems(kind: String, which: Int) {
        let make = which == 0 ? StoredLayoutCostTests.variedGrid : StoredLayoutCostTests.uniform
        let small = BaseLayout(make(1000))
        let large = BaseLayout(make(1_000_000))
        let path = ItemPath(section: 0, item: 500)
        let (smallLookup, smallItem) = Self.lookupWork(small, path)
        let (largeLookup, largeItem) = Self.lookupWork(large, path)
        guard let item = smallItem else {
            Issue.record("\(kind): item 500 is found")
            return
        }
        #expect(largeItem == item, "\(kind): the first thousand items are laid out alike")
        let (smallHit, smallFound) = Self.hitWork(small, item.center)
        let (largeHit, largeFound) = Self.hitWork(large, item.center)
        #expect(smallFound == item && largeFound == item, "\(kind): the hit test finds the item at its centre")
        for (name, smallWork, largeWork) in [("lookup", smallLookup, largeLookup), ("hit test", smallHit, largeHit)] {
            #expect(Double(smallWork) <= Self.bound(n: 1000, k: Self.k), "\(kind) \(name): \(smallWork) for n = 1,000")
            #expect(Double(largeWork) <= Self.bound(n: 1_000_000, k: Self.k), "\(kind) \(name): \(largeWork) for n = 1,000,000")
            #expect(Double(abs(largeWork - smallWork)) <= StoredLayoutCostTests.c * log2(1000), "\(kind) \(name): \(smallWork) → \(largeWork)")
            print("\(kind) \(name): work \(smallWork) for 1,000 items and \(largeWork) for 1,000,000")
        }
    }

    @Test func theLastItemOfAMillionCostsNoMoreThanTheFirst() {
        let layout = BaseLayout(StoredLayoutCostTests.variedGrid(1_000_000))
        for item in [0, 1, 499_999, 999_998, 999_999] {
            let (work, found) = Self.lookupWork(layout, ItemPath(section: 0, item: item))
            #expect(found?.item == item)
            #expect(Double(work) <= Self.bound(n: 1_000_000, k: Self.k), "item \(item): \(work)")
            guard let found else { continue }
            let (hitWork, hit) = Self.hitWork(layout, found.center)
            #expect(hit == found)
            #expect(Double(hitWork) <= Self.bound(n: 1_000_000, k: Self.k), "hit at item \(item): \(hitWork)")
        }
    }

    @Test func headersAreFoundByTheSectionSearch() {
        var settings = FlowLayoutSettings()
        settings.headerReferenceSize = Size(width: 0, height: 30)
        let sections = (0..<10_000).map { _ in FlowSection(items: .count(3)) }
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: 320))
        let header = layout.attributes(ofSupplementary: .header, section: 7_777, scale: nil, layoutDirection: .leftToRight)
        guard let header else {
            Issue.record("section 7,777 has a header")
            return
        }
        var work = 0
        #expect(layout.hitTest(header.center, kind: .header, scale: nil, layoutDirection: .leftToRight, work: &work) == header)
        #expect(Double(work) <= 2 * log2(10_000) + 4, "\(work) for 10,000 sections")
    }

    /// Every line on top of every other (50-point cells, `minimumLineSpacing` -50, one a line): a view
    /// at the top holds all n of them, yet a lookup and a hit test read only what they answer
    /// (docs/flow-layout.md §20), counted or listed, on 1,000 and on 1,000,000 items.
    @Test(arguments: [false, true])
    func overlappingLinesCostNoMoreThanOthers(listed: Bool) throws {
        func make(_ count: Int) -> BaseLayout {
            var settings = FlowLayoutSettings()
            settings.itemSize = Size(width: 50, height: 50)
            settings.minimumLineSpacing = -50
            // Listed: alternate widths (one a line still) so the row path, a tree of lines, holds them.
            let items: FlowSection.Items = listed
                ? .sizes((0..<count).map { Size(width: $0 % 2 == 0 ? 50 : 49, height: 50) }) : .count(count)
            return BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: items)], crossAxisLength: 50))
        }
        var figures: [(lookup: Int, hit: Int, anchor: Int)] = []
        for count in [1000, 1_000_000] {
            let layout = make(count)
            let (lookup, first) = Self.lookupWork(layout, ItemPath(section: 0, item: 0))
            #expect(first?.frame.origin == Point(x: 0, y: 0))
            let (hit, found) = Self.hitWork(layout, Point(x: 10, y: 10))
            #expect(found?.item == count - 1, "the last of the cells that all hold the point")
            var work = 0
            let (updated, mapping) = try layout.updated(by: [.deleteItems(section: 0, at: 0, count: 3)], work: &work)
            var anchorWork = 0
            let adjustment = layout.contentOffsetAdjustment(
                to: updated, mapping: mapping, anchor: Rect(x: 0, y: 0, width: 50, height: 50), scale: nil, limit: .max,
                work: &anchorWork)
            #expect(adjustment == Point(x: 0, y: 0), "the fourth cell, the first that survives, stays where it was")
            figures.append((lookup, hit, anchorWork))
            print("overlapping (listed: \(listed)), \(count) items: lookup \(lookup), hit \(hit), anchor \(anchorWork)")
        }
        // The hit test walks the tree from its last chunk back (down the right spine, then up to the
        // chunk that holds the point): twice a search's depth term.
        for (name, small, large, depths) in [
            ("lookup", figures[0].lookup, figures[1].lookup, 1.0), ("hit test", figures[0].hit, figures[1].hit, 2.0),
            // The anchor: a query for its first few cells, then a lookup of a survivor in the new layout.
            ("anchor", figures[0].anchor, figures[1].anchor, 2.0),
        ] {
            #expect(Double(large) <= Self.bound(n: 1_000_000, k: Self.k), "\(name): \(large) for n = 1,000,000")
            #expect(Double(abs(large - small)) <= depths * StoredLayoutCostTests.c * log2(1000), "\(name): \(small) → \(large)")
        }
    }
}
