@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §20.2: the content offset `scrollToItem(at:at:animated:)` scrolls to, worked by
/// hand on `NavigationLayouts`.
@Suite("Scroll to item (docs/flow-layout.md §20.2)")
struct ScrollToItemTests {
    static func offset(
        _ layout: BaseLayout, _ section: Int, _ item: Int, _ position: ScrollPosition, view: Size, origin: Point = Point(x: 0, y: 0),
        scale: Double? = nil, _ direction: LayoutDirection = .leftToRight
    ) -> Point? {
        var work = 0
        guard let frame = layout.attributes(ofItem: ItemPath(section: section, item: item), scale: scale, layoutDirection: direction, work: &work)?.frame
        else { return nil }
        return layout.contentOffset(showing: frame, at: position, viewSize: view, origin: origin)
    }

    /// `grid` in a 320 × 200 view: inset top 20, bottom 30, so y runs from −20 to 340 + 30 − 200 = 170.
    static let gridView = Size(width: 320, height: 200)

    @Test func topPutsTheItemAtTheTopOfTheAreaInsideTheInset() {
        let grid = NavigationLayouts.grid
        #expect(Self.offset(grid, 0, 4, .top, view: Self.gridView) == Point(x: 0, y: 80), "y 100 − inset 20")
        #expect(Self.offset(grid, 0, 0, .top, view: Self.gridView) == Point(x: 0, y: 20))
        // Item 1.2 at y 270 would want 250: clamped to the end of the range.
        #expect(Self.offset(grid, 1, 2, .top, view: Self.gridView) == Point(x: 0, y: 170))
    }

    @Test func bottomPutsTheTrailingEdgeAtTheBottomOfTheArea() {
        let grid = NavigationLayouts.grid
        #expect(Self.offset(grid, 0, 6, .bottom, view: Self.gridView) == Point(x: 0, y: 40), "maxY 210 − (200 − 30)")
        // Item 0 ends at 90: 90 − 170 = −80, clamped to the start of the range, −inset.top.
        #expect(Self.offset(grid, 0, 0, .bottom, view: Self.gridView) == Point(x: 0, y: -20))
    }

    @Test func centeredVerticallyCentresInTheAreaInsideTheInset() {
        let grid = NavigationLayouts.grid
        // midY 125 − (20 + (200 − 20 − 30) / 2) = 125 − 95.
        #expect(Self.offset(grid, 0, 4, .centeredVertically, view: Self.gridView) == Point(x: 0, y: 30))
    }

    @Test func theAxisThePositionDoesNotNameKeepsTheOriginClamped() {
        let grid = NavigationLayouts.grid
        // x may only be 0 (content 320 wide in a 320-point view); y stays at 60.
        #expect(Self.offset(grid, 0, 4, .left, view: Self.gridView, origin: Point(x: 50, y: 60)) == Point(x: 0, y: 60))
        #expect(Self.offset(grid, 0, 4, .left, view: Self.gridView, origin: Point(x: 0, y: 999)) == Point(x: 0, y: 170))
        #expect(Self.offset(grid, 0, 4, ScrollPosition(), view: Self.gridView, origin: Point(x: 0, y: -50)) == Point(x: 0, y: -20))
    }

    @Test func aViewTallerThanTheContentRestsAtTheStart() {
        // y may run from −20 to 340 + 30 − 500 = −130: an empty range, whose start wins.
        let tall = Size(width: 320, height: 500)
        for position in [ScrollPosition.top, .centeredVertically, .bottom] {
            #expect(Self.offset(NavigationLayouts.grid, 1, 2, position, view: tall) == Point(x: 0, y: -20))
        }
    }

    /// `columns` in a 100 × 150 view: x from −15 to 290 + 25 − 100 = 215, y from 0 to 200 − 150 = 50.
    static let columnsView = Size(width: 100, height: 150)

    @Test func horizontalPositionsWithInsetsAndBothEnds() {
        let columns = NavigationLayouts.columns
        #expect(Self.offset(columns, 0, 4, .left, view: Self.columnsView) == Point(x: 105, y: 0), "x 120 − inset 15")
        #expect(Self.offset(columns, 0, 9, .left, view: Self.columnsView) == Point(x: 215, y: 0), "225, clamped")
        #expect(Self.offset(columns, 0, 9, .right, view: Self.columnsView) == Point(x: 215, y: 0), "maxX 290 − (100 − 25), exactly the end")
        #expect(Self.offset(columns, 0, 0, .right, view: Self.columnsView) == Point(x: -15, y: 0), "50 − 75, clamped")
        // midX 145 − (15 + (100 − 15 − 25) / 2) = 145 − 45.
        #expect(Self.offset(columns, 0, 4, .centeredHorizontally, view: Self.columnsView) == Point(x: 100, y: 0))
        #expect(Self.offset(columns, 0, 0, .centeredHorizontally, view: Self.columnsView) == Point(x: -15, y: 0), "25 − 45, clamped")
    }

    @Test func oneVerticalAndOneHorizontalPositionTogether() {
        let columns = NavigationLayouts.columns
        // Item 5: column 2 (x 120), second in it (y 110 to 200).
        let bottomLeft = ScrollPosition(vertical: .end, horizontal: .start)
        #expect(Self.offset(columns, 0, 5, bottomLeft, view: Self.columnsView) == Point(x: 105, y: 50), "y: 200 − 150")
        let topRight = ScrollPosition(vertical: .start, horizontal: .end)
        #expect(Self.offset(columns, 0, 5, topRight, view: Self.columnsView) == Point(x: 95, y: 50), "x: 170 − 75; y: 110, clamped")
        let centred = ScrollPosition(vertical: .center, horizontal: .center)
        #expect(Self.offset(columns, 0, 0, centred, view: Self.columnsView) == Point(x: -15, y: 0), "y: 45 − 75, clamped")
    }

    @Test func rightToLeftScrollsToTheMirroredFrame() {
        let columns = NavigationLayouts.columns
        // Item 0 at x 240 and item 9 at x 0 once mirrored.
        #expect(Self.offset(columns, 0, 0, .left, view: Self.columnsView, .rightToLeft) == Point(x: 215, y: 0))
        #expect(Self.offset(columns, 0, 9, .left, view: Self.columnsView, .rightToLeft) == Point(x: -15, y: 0))
        #expect(Self.offset(columns, 0, 6, .right, view: Self.columnsView, .rightToLeft) == Point(x: 35, y: 0), "x 60: 110 − 75")
    }

    @Test func theOffsetFollowsThePixelRoundedFrame() {
        // 375 wide in a 200-point view: x from 0 to 175. Item 1 at x 137.5, 138 at scale 1.
        let fractional = NavigationLayouts.fractional
        let view = Size(width: 200, height: 100)
        #expect(Self.offset(fractional, 0, 1, .left, view: view) == Point(x: 137.5, y: 0))
        #expect(Self.offset(fractional, 0, 1, .left, view: view, scale: 1) == Point(x: 138, y: 0))
        #expect(Self.offset(fractional, 0, 1, .left, view: view, scale: 2) == Point(x: 137.5, y: 0))
        #expect(Self.offset(fractional, 0, 1, .centeredHorizontally, view: view, scale: 1) == Point(x: 88, y: 0), "188 − 100")
    }
}
