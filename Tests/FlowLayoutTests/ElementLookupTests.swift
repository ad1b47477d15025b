@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §20.1: one element's attributes, as the visible query gives them.
@Suite("Element lookup (docs/flow-layout.md §20.1)")
struct ElementLookupTests {
    static func item(
        _ layout: BaseLayout, _ section: Int, _ item: Int, scale: Double? = nil, _ direction: LayoutDirection = .leftToRight
    ) -> LayoutAttributes? {
        var work = 0
        return layout.attributes(ofItem: ItemPath(section: section, item: item), scale: scale, layoutDirection: direction, work: &work)
    }

    static func supplementary(
        _ layout: BaseLayout, _ kind: LayoutAttributes.Kind, _ section: Int, scale: Double? = nil, _ direction: LayoutDirection = .leftToRight
    ) -> LayoutAttributes? {
        layout.attributes(ofSupplementary: kind, section: section, scale: scale, layoutDirection: direction)
    }

    @Test func firstMiddleAndLastItemsHaveTheirGridFrames() {
        let grid = NavigationLayouts.grid
        #expect(Self.item(grid, 0, 0) == LayoutAttributes(kind: .cell, section: 0, item: 0, frame: rect(0, 40, 100, 50), zIndex: 0))
        #expect(Self.item(grid, 0, 4)?.frame == rect(110, 100, 100, 50))
        #expect(Self.item(grid, 0, 6)?.frame == rect(0, 160, 100, 50))
        #expect(Self.item(grid, 1, 2) == LayoutAttributes(kind: .cell, section: 1, item: 2, frame: rect(220, 270, 100, 50), zIndex: 0))
    }

    @Test func indexPathsOutsideTheLayoutHaveNoAttributes() {
        let grid = NavigationLayouts.grid
        #expect(Self.item(grid, 0, 7) == nil)
        #expect(Self.item(grid, 1, 3) == nil)
        #expect(Self.item(grid, 2, 0) == nil)
        #expect(Self.item(grid, -1, 0) == nil)
        #expect(Self.item(grid, 0, -1) == nil)
        #expect(Self.supplementary(grid, .header, 2) == nil)
        #expect(Self.supplementary(grid, .cell, 0) == nil)
        #expect(Self.supplementary(NavigationLayouts.columns, .header, 0) == nil, "a section without a header")
        #expect(grid.itemCount(inSection: 0) == 7 && grid.itemCount(inSection: 1) == 3 && grid.itemCount(inSection: 2) == 0)
    }

    @Test func pinnedHeadersAndFootersAreLookedUpAtRest() {
        let grid = NavigationLayouts.grid
        #expect(Self.supplementary(grid, .header, 0)
            == LayoutAttributes(kind: .header, section: 0, item: 0, frame: rect(0, 0, 320, 40), zIndex: 10))
        #expect(Self.supplementary(grid, .header, 1)?.frame == rect(0, 230, 320, 40))
        #expect(Self.supplementary(grid, .footer, 0)?.frame == rect(0, 210, 320, 20))
        #expect(Self.supplementary(grid, .footer, 1)?.frame == rect(0, 320, 320, 20))
        // Where a view pins them elsewhere, the lookup still answers the frame at rest.
        var pinned: [LayoutAttributes] = []
        grid.attributes(in: Viewport(bounds: rect(0, 250, 320, 60), contentInset: grid.contentInset), into: &pinned)
        #expect(pinned.first { $0.kind == .header && $0.section == 1 }?.frame == rect(0, 270, 320, 40))
    }

    @Test func rightToLeftColumnsAreMirroredAcrossTheContentWidth() {
        let columns = NavigationLayouts.columns
        #expect(Self.item(columns, 0, 0)?.frame == rect(0, 0, 50, 90))
        #expect(Self.item(columns, 0, 0, .rightToLeft)?.frame == rect(240, 0, 50, 90))
        #expect(Self.item(columns, 0, 5, .rightToLeft)?.frame == rect(120, 110, 50, 90))
        #expect(Self.item(columns, 0, 9, .rightToLeft)?.frame == rect(0, 110, 50, 90))
    }

    @Test func originsArePixelRoundedAtTheScale() {
        let fractional = NavigationLayouts.fractional
        #expect(Self.item(fractional, 0, 1)?.frame == rect(137.5, 0, 100, 50))
        #expect(Self.item(fractional, 0, 1, scale: 1)?.frame == rect(138, 0, 100, 50))
        #expect(Self.item(fractional, 0, 4, scale: 3)?.frame == rect(413.0 / 3, 60, 100, 50))
    }

    /// Every element of layouts of both paths, both scroll directions and both layout directions, at
    /// scales with and without rounding, equals the visible query's answer for it.
    @Test(arguments: [ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func everyLookupEqualsTheQuerysElement(direction: ScrollDirection, layoutDirection: LayoutDirection) {
        let layout = NavigationLayouts.varied(direction)
        for scale in [nil, 1, 3] as [Double?] {
            var all: [LayoutAttributes] = []
            layout.attributes(
                in: Viewport(bounds: wholeContent(of: layout), scale: scale, layoutDirection: layoutDirection), into: &all)
            #expect(all.count == 40 + 5 + 9 + 6)
            for element in all {
                let looked = element.kind == .cell
                    ? Self.item(layout, element.section, element.item, scale: scale, layoutDirection)
                    : Self.supplementary(layout, element.kind, element.section, scale: scale, layoutDirection)
                #expect(looked == element, "\(element.kind) \(element.section).\(element.item) at scale \(String(describing: scale))")
            }
        }
    }

    @Test func theLeftToRightShorthandIsTheSameLookup() {
        let layout = NavigationLayouts.varied(.horizontal)
        let path = ItemPath(section: 0, item: 17)
        #expect(layout.attributes(ofItem: path, scale: 2) == Self.item(layout, 0, 17, scale: 2))
    }
}
