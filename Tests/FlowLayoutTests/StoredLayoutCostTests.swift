import Foundation
@_spi(WorkCounting) @testable import FlowLayout
import LayoutCache
import SeededRandom
import Testing

/// What a stored layout costs: the work of one scroll query (O(log n + k) whatever n is) and the bytes
/// the cache keeps (at most 40 per varied item, O(1) for a uniform `itemCount`).
@Suite("Stored layout cost")
struct StoredLayoutCostTests {
    /// Items of varied sizes, several on a line of 320: the size of item i depends on i only, so the
    /// first thousand items of a million-item list are laid out exactly as a thousand-item list.
    static func variedGrid(_ count: Int) -> FlowLayoutInput {
        let sizes = (0..<count).map { (index: Int) -> Size in
            let width: Int = 40 + (index * 37) % 90
            let height: Int = 30 + (index * 13) % 50
            return Size(width: Double(width), height: Double(height))
        }
        return FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320)
    }

    /// The worst case for memory: one item per line (every item is wider than half the line), each of
    /// its own height.
    static func onePerLine(_ count: Int) -> FlowLayoutInput {
        let sizes = (0..<count).map { (index: Int) -> Size in
            let width: Int = 170 + (index * 7) % 150
            let height: Int = 20 + (index * 11) % 60
            return Size(width: Double(width), height: Double(height))
        }
        return FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320)
    }

    static func uniform(_ count: Int) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 80)
        return FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(count))], crossAxisLength: 320)
    }

    /// The work counted by the query (binary-search probes, lines looked at, elements examined) and the
    /// attributes it returns.
    static func query(_ layout: BaseLayout, _ bounds: Rect) -> (work: Int, attributes: [LayoutAttributes]) {
        var attributes: [LayoutAttributes] = []
        var work = 0
        layout.attributes(in: Viewport(bounds: bounds, scale: 3), into: &attributes, work: &work)
        return (work, attributes)
    }

    /// Work bound c · log2(n) + k + 2 · `LineChunk.maxLines`, with k the attributes returned: the tree's
    /// depth, the elements, and the lines of the chunks at either edge of the view scanned to find it.
    static let c = 4.0

    static func bound(n: Int, k: Int) -> Double { c * log2(Double(n)) + Double(k + 2 * LineChunk.maxLines) }

    @Test(arguments: [("varied", 0), ("itemCount", 1)])
    func theSameViewOnAThousandAndAMillionItemsCostsOnlyTheLogTermMore(kind: String, which: Int) {
        let make = which == 0 ? Self.variedGrid : Self.uniform
        let small = BaseLayout(make(1000))
        let large = BaseLayout(make(1_000_000))
        // A view in the middle of the thousand items, which the million-item layout places identically.
        let bounds = rect(0, small.contentSize.height / 2, 320, 844)
        let (smallWork, smallAttributes) = Self.query(small, bounds)
        let (largeWork, largeAttributes) = Self.query(large, bounds)
        let k = smallAttributes.count
        #expect(k > 10, "\(kind): the view holds a screenful of cells")
        #expect(largeAttributes == smallAttributes, "\(kind): the same view gives the same attributes")
        #expect(Double(smallWork) <= Self.bound(n: 1000, k: k), "\(kind): \(smallWork) for n = 1,000, k = \(k)")
        #expect(Double(largeWork) <= Self.bound(n: 1_000_000, k: k), "\(kind): \(largeWork) for n = 1,000,000, k = \(k)")
        // A thousand times the items: only the search's probes change, by at most about log2(1000) ≈ 10
        // (fewer where the galloping search over the summary starts near the answer).
        #expect(Double(abs(largeWork - smallWork)) <= Self.c * log2(1000), "\(kind): \(smallWork) → \(largeWork)")
        print("\(kind): work \(smallWork) for 1,000 items and \(largeWork) for 1,000,000, k = \(k)")
    }

    @Test func workStaysLogarithmicWhereverTheViewIs() {
        let layout = BaseLayout(Self.variedGrid(1_000_000))
        let height = layout.contentSize.height
        for fraction in [0.0, 0.001, 0.25, 0.5, 0.75, 0.999] {
            let bounds = rect(0, (height - 844) * fraction, 320, 844)
            let (work, attributes) = Self.query(layout, bounds)
            #expect(!attributes.isEmpty)
            #expect(Double(work) <= Self.bound(n: 1_000_000, k: attributes.count), "at \(fraction): \(work) for k = \(attributes.count)")
        }
    }

    @Test(arguments: [1000, 100_000, 1_000_000])
    func aStoredLayoutOfVariedItemsCostsAtMost40BytesAnItem(count: Int) {
        let layout = BaseLayout(Self.onePerLine(count))
        #expect(allAttributes(of: layout).count == count)
        // One item per line: every item has a line of its own, the worst case.
        var lines = 0
        if case .rows(let rows) = layout.sections[0].body { lines = rows.lineCount }
        #expect(lines == count)
        let bytes = layout.storedByteCount
        #expect(bytes > layout.heapByteCount, "the stored size includes the fixed overheads")
        #expect(bytes <= 40 * count, "\(bytes) bytes for \(count) items: \(Double(bytes) / Double(count)) an item")
        print("\(count) items one per line: \(bytes) bytes stored, \(Double(bytes) / Double(count)) an item")
        // And the cache counts exactly that (array capacities, and so bytes, may differ by build).
        let cache = LayoutCache(byteBudget: 1 << 30)
        let input = Self.onePerLine(count)
        let (built, _) = cache.layout(for: input, key: input.contentHash)
        #expect(cache.statistics.bytes == built.storedByteCount)
        #expect(built.storedByteCount <= 40 * count)
    }

    @Test func aUniformLayoutCostsTheSameBytesWhateverItsCount() {
        // A run of whole lines and at most one line listed: bytes bounded whatever the count.
        let thousand = BaseLayout(Self.uniform(1000)).storedByteCount
        let million = BaseLayout(Self.uniform(1_000_000)).storedByteCount
        #expect(thousand < 4096, "\(thousand) bytes")
        #expect(million < 4096, "\(million) bytes")
    }

    @Test func aLayoutLargerThanTheWholeBudgetIsReportedTooLarge() {
        let input = Self.onePerLine(1000)
        let bytes = BaseLayout(input).storedByteCount
        let tight = LayoutCache(byteBudget: bytes - 1)
        guard case .tooLarge(let layout) = tight.store(input, key: input.contentHash) else {
            Issue.record("a layout over the budget is not stored")
            return
        }
        #expect(layout.storedByteCount == bytes)
        #expect(layout.itemCount == 1000)
        #expect(tight.statistics.entries == 0)
        let roomy = LayoutCache(byteBudget: bytes)
        guard case .stored = roomy.store(input, key: input.contentHash) else {
            Issue.record("a layout of exactly the budget is stored")
            return
        }
        guard case .hit = roomy.store(input, key: input.contentHash) else {
            Issue.record("the second registration is a hit")
            return
        }
        #expect(roomy.statistics.bytes == bytes)
    }
}
