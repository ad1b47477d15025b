@testable import FlowLayout
import Testing

/// docs/flow-layout.md §23.14: the compositional worked examples, with the numbers given there.
@Suite("Compositional worked examples (docs/flow-layout.md §23.14)")
struct CompositionalExampleTests {
    static func lay(
        _ section: CompositionalSection, count: Int, width: Double = 320, height: Double = 480,
        settings: FlowLayoutSettings = FlowLayoutSettings(), items: [Size?]? = nil
    ) -> (layout: BaseLayout, cells: [Rect]) {
        var flow = FlowSection(items: .count(count), compositional: section)
        if let items {
            flow = FlowSection(
                items: .sizes(items.map { $0 ?? .zero }), estimated: items.map { $0 == nil }, compositional: section)
        }
        let input = FlowLayoutInput(settings: settings, sections: [flow], crossAxisLength: width, scrollAxisLength: height)
        let layout = BaseLayout(input)
        var all: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: Rect(x: -1000, y: -1000, width: 1_000_000, height: 1_000_000)), into: &all)
        return (layout, all.filter { $0.kind == .cell }.map(\.frame))
    }

    static func item(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalSubitem {
        .item(CompositionalItem(size: CompositionalSize(width: width, height: height)))
    }

    // Three items of a third of the width with a fixed spacing of 10: two fit in each group.
    @Test func twoOfThreeFit() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(100)),
            subitems: [Self.item(.fractionalWidth(1.0 / 3), .fractionalHeight(1))], interItemSpacing: .fixed(10))
        let laid = Self.lay(CompositionalSection(group: group), count: 5, width: 300)
        #expect(laid.cells == [
            Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 110, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 100, width: 100, height: 100), Rect(x: 110, y: 100, width: 100, height: 100),
            Rect(x: 0, y: 200, width: 100, height: 100),
        ])
        #expect(laid.layout.contentSize == Size(width: 300, height: 300))
    }

    // `count` 3 in a group with insets of 10 and a spacing of 5: (280 − 10) / 3 = 90 each.
    @Test func countWithGroupInsets() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [Self.item(.absolute(1), .fractionalHeight(1))], count: 3, interItemSpacing: .fixed(5),
            contentInsets: DirectionalInsets(top: 10, leading: 10, bottom: 10, trailing: 10))
        let laid = Self.lay(CompositionalSection(group: group, interGroupSpacing: 4), count: 4, width: 300)
        #expect(laid.cells == [
            Rect(x: 10, y: 10, width: 90, height: 30), Rect(x: 105, y: 10, width: 90, height: 30),
            Rect(x: 200, y: 10, width: 90, height: 30), Rect(x: 10, y: 64, width: 90, height: 30),
        ])
        #expect(laid.layout.contentSize.height == 104)
    }
}
