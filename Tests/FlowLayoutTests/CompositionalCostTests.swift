@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// What a compositional section costs (docs/flow-layout.md §23.8): periodic sections keep one group's
/// frames whatever their count and answer a view in O(k); sections of measured cells answer in
/// O(log n + k), and an update costs what it changes. Work is counted, not timed.
@Suite("Compositional cost")
struct CompositionalCostTests {
    /// Cards two a row: fixed heights, or estimated ones with every cell measured (the height of cell i
    /// depends on i only, so the first thousand cells of a million are laid out alike).
    static func cards(_ count: Int, estimated: Bool) -> FlowLayoutInput {
        let height: CompositionalDimension = estimated ? .estimated(100) : .absolute(100)
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: height),
            subitems: [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.5), height: height)))])
        let items: FlowSection.Items = estimated
            ? .sizes((0..<count).map { Size(width: 160, height: Double(60 + ($0 * 37) % 90)) }) : .count(count)
        return FlowLayoutInput(
            sections: [FlowSection(items: items, compositional: CompositionalSection(group: group, interGroupSpacing: 8))],
            crossAxisLength: 320, scrollAxisLength: 700)
    }

    static func query(_ layout: BaseLayout, _ bounds: Rect) -> (work: Int, attributes: [LayoutAttributes]) {
        var attributes: [LayoutAttributes] = []
        var work = 0
        layout.attributes(in: Viewport(bounds: bounds, scale: 3), into: &attributes, work: &work)
        return (work, attributes)
    }

    @Test func aPeriodicSectionKeepsOneGroupWhateverItsCount() {
        let small = BaseLayout(Self.cards(1000, estimated: false))
        let large = BaseLayout(Self.cards(1_000_000, estimated: false))
        // The lines of a counted section and one group's frames: a few KB at either count.
        #expect(small.heapByteCount < 8192 && large.heapByteCount < 8192, "\(small.heapByteCount) and \(large.heapByteCount) bytes")
        // The same view: the same work, k and a constant, not a search.
        let bounds = Rect(x: 0, y: 10_000, width: 320, height: 844)
        let (smallWork, smallAttributes) = Self.query(small, bounds)
        let (largeWork, largeAttributes) = Self.query(large, bounds)
        #expect(smallAttributes == largeAttributes && !largeAttributes.isEmpty)
        #expect(largeWork <= smallWork + 2, "\(smallWork) against \(largeWork)")
        #expect(largeWork <= 2 * largeAttributes.count + 8, "\(largeWork) for k = \(largeAttributes.count)")
    }

    @Test func measuredCellsAreFoundByAWalkDownTheirTree() {
        let small = BaseLayout(Self.cards(1000, estimated: true))
        let large = BaseLayout(Self.cards(1_000_000, estimated: true))
        let bounds = Rect(x: 0, y: small.contentSize.height / 2, width: 320, height: 844)
        let (smallWork, smallAttributes) = Self.query(small, bounds)
        let (largeWork, largeAttributes) = Self.query(large, bounds)
        #expect(smallAttributes == largeAttributes && !largeAttributes.isEmpty)
        // The tree of 7,800 chunks of groups against 8: a few levels more, never n.
        #expect(largeWork - smallWork <= 12, "\(smallWork) against \(largeWork)")
        // The walk's levels and the 16 groups from a fence at most, two units a cell, a few more.
        let bound = 40 + 2 * largeAttributes.count + 8
        #expect(largeWork <= bound, "\(largeWork) for k = \(largeAttributes.count)")
    }

    /// The work of `updates` on `layout`, and the result.
    static func update(_ layout: BaseLayout, _ updates: [LayoutUpdate]) -> (work: Int, layout: BaseLayout) {
        var work = 0
        let result = try! layout.updated(by: updates, work: &work)
        return (work, result.layout)
    }

    /// Cards of estimated heights, every one measured or (`measured` false) none.
    static func estimatedCards(_ count: Int, measured: Bool) -> BaseLayout {
        var input = Self.cards(count, estimated: true)
        if !measured { input.sections[0].items = .count(count) }
        return BaseLayout(input)
    }

    /// A measurement fills its group again and shares every other (§23.8): the same work at a
    /// thousand cells and at a million, whether the others are measured or all at their estimate.
    @Test(arguments: [true, false])
    func aMeasurementCostsALogarithm(othersMeasured: Bool) {
        let small = Self.estimatedCards(1000, measured: othersMeasured)
        let large = Self.estimatedCards(1_000_000, measured: othersMeasured)
        func measure(_ layout: BaseLayout) -> (work: Int, layout: BaseLayout) {
            Self.update(layout, [.resizeItems(section: 0, at: layout.itemCount / 2 + 1, sizes: [Size(width: 160, height: 517)])])
        }
        let (smallWork, smallResult) = measure(small)
        let (largeWork, largeResult) = measure(large)
        // The row holding the cell grew by 517 − its old height: the content by as much.
        let grown = largeResult.contentSize.height - large.contentSize.height
        #expect(grown > 0 && grown == smallResult.contentSize.height - small.contentSize.height)
        // Paths down the lines' and the groups' trees, and the chunks cut (a constant): a few hundred
        // units more for a thousand times the cells, where filling the groups again costs a million.
        #expect(largeWork <= smallWork + 300, "\(smallWork) against \(largeWork)")
        #expect(largeWork <= 1000, "\(largeWork)")
    }

    /// Appending k measured cards fills the last group and the k new cells' groups: O(k + log n).
    @Test func anAppendCostsItsCells() {
        let page = (0..<100).map { FlowItem(size: Size(width: 160, height: Double(50 + $0))) }
        let small = Self.update(Self.estimatedCards(1000, measured: true), [.appendItems(section: 0, items: page)])
        let large = Self.update(Self.estimatedCards(1_000_000, measured: true), [.appendItems(section: 0, items: page)])
        #expect(large.work <= small.work + 120, "\(small.work) against \(large.work)")
        #expect(large.work <= 1000, "\(large.work)")
    }

    /// An insert ahead of groups of two slots re-pairs every later group (as UIKit's): about a
    /// registration's fill, not more.
    @Test func anInsertAheadFillsTheLaterGroupsOnce() {
        let layout = Self.estimatedCards(10_000, measured: true)
        let (work, inserted) = Self.update(layout, [.insertItems(section: 0, at: 0, items: [FlowItem(size: Size(width: 160, height: 70))])])
        #expect(inserted.itemCount == 10_001)
        #expect(work <= 4 * 10_001, "\(work)")
    }
}
