@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §20.3: the element at a content point, as `indexPathForItem(at:)` finds it.
@Suite("Hit testing (docs/flow-layout.md §20.3)")
struct HitTestTests {
    static func hit(
        _ layout: BaseLayout, _ x: Double, _ y: Double, kind: LayoutAttributes.Kind = .cell, scale: Double? = nil,
        _ direction: LayoutDirection = .leftToRight
    ) -> ItemPath? {
        var work = 0
        return layout.hitTest(Point(x: x, y: y), kind: kind, scale: scale, layoutDirection: direction, work: &work)
            .map { ItemPath(section: $0.section, item: $0.item) }
    }

    static func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

    @Test func theLeftAndTopEdgesAreInsideTheRightAndBottomOnesOutside() {
        let grid = NavigationLayouts.grid
        #expect(Self.hit(grid, 0, 40) == Self.path(0, 0), "minX and minY of item 0")
        #expect(Self.hit(grid, 99.999, 89.999) == Self.path(0, 0))
        #expect(Self.hit(grid, 100, 40) == nil, "maxX of item 0, the gap before item 1")
        #expect(Self.hit(grid, 50, 90) == nil, "maxY of item 0, the gap before the next row")
        #expect(Self.hit(grid, 110, 40) == Self.path(0, 1))
        #expect(Self.hit(grid, 50, 100) == Self.path(0, 3))
        #expect(Self.hit(grid, 319.5, 300) == Self.path(1, 2))
        #expect(Self.hit(grid, 320, 300) == nil, "the right edge of the content")
    }

    @Test func gapsHeadersAndPointsOutsideTheContentHitNoCell() {
        let grid = NavigationLayouts.grid
        #expect(Self.hit(grid, 105, 60) == nil, "between two items of a line")
        #expect(Self.hit(grid, 150, 170) == nil, "beside the short last line")
        #expect(Self.hit(grid, 50, 10) == nil, "a header is not a cell")
        #expect(Self.hit(grid, 50, -5) == nil)
        #expect(Self.hit(grid, 50, 1000) == nil)
    }

    @Test func headersAndFootersAreTestedAtRest() {
        let grid = NavigationLayouts.grid
        #expect(Self.hit(grid, 5, 0, kind: .header) == Self.path(0, 0))
        #expect(Self.hit(grid, 5, 40, kind: .header) == nil, "the header's maxY")
        #expect(Self.hit(grid, 5, 230, kind: .header) == Self.path(1, 0))
        #expect(Self.hit(grid, 5, 250, kind: .footer) == nil)
        #expect(Self.hit(grid, 5, 229.9, kind: .footer) == Self.path(0, 0))
        #expect(Self.hit(grid, 5, 339, kind: .footer) == Self.path(1, 0))
        #expect(Self.hit(grid, 5, 100, kind: .header) == nil, "where a pinned header would cover the cells")
        #expect(Self.hit(grid, 5, 50, kind: .stretchHeader) == nil)
    }

    @Test func whereCellsOverlapTheLastInUIKitOrderWins() {
        // Item k spans y 30k to 30k + 50: y 35 is in items 0 and 1, y 65 in items 1 and 2.
        let overlapping = NavigationLayouts.overlapping
        #expect(Self.hit(overlapping, 50, 10) == Self.path(0, 0))
        #expect(Self.hit(overlapping, 50, 35) == Self.path(0, 1))
        #expect(Self.hit(overlapping, 50, 65) == Self.path(0, 2))
        #expect(Self.hit(overlapping, 50, 139) == Self.path(0, 3))
    }

    @Test func framesAreTheAnswersForTheScaleAndDirection() {
        // Item 1 at x 137.5, or 138 rounded at scale 1.
        let fractional = NavigationLayouts.fractional
        #expect(Self.hit(fractional, 137.7, 10) == Self.path(0, 1))
        #expect(Self.hit(fractional, 137.7, 10, scale: 1) == nil)
        #expect(Self.hit(fractional, 237.8, 10) == nil)
        #expect(Self.hit(fractional, 237.8, 10, scale: 1) == Self.path(0, 1))
        // Right to left, item 0 moves to x 240 and item 8 from there to x 0.
        let columns = NavigationLayouts.columns
        #expect(Self.hit(columns, 245, 5) == Self.path(0, 8))
        #expect(Self.hit(columns, 245, 5, .rightToLeft) == Self.path(0, 0))
        #expect(Self.hit(columns, 5, 150, .rightToLeft) == Self.path(0, 9))
    }

    /// At the centre of every element of the varied layouts, the hit test finds that element.
    @Test(arguments: [ScrollDirection.vertical, .horizontal], [LayoutDirection.leftToRight, .rightToLeft])
    func theCentreOfEveryElementHitsIt(direction: ScrollDirection, layoutDirection: LayoutDirection) {
        let layout = NavigationLayouts.varied(direction)
        var all: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: wholeContent(of: layout), scale: 3, layoutDirection: layoutDirection), into: &all)
        for element in all {
            var work = 0
            let found = layout.hitTest(element.center, kind: element.kind, scale: 3, layoutDirection: layoutDirection, work: &work)
            #expect(found == element, "\(element.kind) \(element.section).\(element.item)")
        }
    }
}
