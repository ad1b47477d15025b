import FlowLayout
import Testing

/// Masonry sections in a layout by hand (docs/flow-layout.md §22.3 to §22.6): the worked example, right
/// to left, rounding, a horizontal section, kept columns and the element lookups.
@Suite("Masonry layouts")
struct MasonryLayoutTests {
    /// §22.3's example: 320 wide, insets 10 at the sides and 8 on top, a 44 header, two columns 10
    /// apart, cells 5 apart in a column.
    static func example(_ change: (inout FlowLayoutSettings) -> Void = { _ in }) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.masonry = MasonryColumns(count: .fixed(2))
        settings.minimumInteritemSpacing = 10
        settings.minimumLineSpacing = 5
        settings.sectionInset = EdgeInsets(top: 8, left: 10, bottom: 0, right: 10)
        settings.headerReferenceSize = Size(width: 0, height: 44)
        change(&settings)
        let section = FlowSection(
            items: .sizes([
                Size(width: 100, height: 100), Size(width: 100, height: 200), Size(width: 100, height: 50),
                Size(width: 100, height: 100), Size(width: 100, height: 100),
            ]),
            masonryRoles: [.byRule, .byRule, .fullSpan, .column(1), .byRule])
        return FlowLayoutInput(settings: settings, sections: [section], crossAxisLength: 320)
    }

    static func cells(_ layout: BaseLayout, _ direction: LayoutDirection = .leftToRight, scale: Double? = nil) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        let size = layout.contentSize
        layout.attributes(
            in: Viewport(bounds: Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2), scale: scale, layoutDirection: direction),
            into: &found)
        return found.filter { $0.kind == .cell }
    }

    @Test func theWorkedExample() {
        let layout = BaseLayout(Self.example())
        let cells = Self.cells(layout)
        #expect(cells.map(\.frame) == [
            Rect(x: 10, y: 52, width: 145, height: 145), Rect(x: 165, y: 52, width: 145, height: 290),
            Rect(x: 10, y: 347, width: 300, height: 150), Rect(x: 165, y: 502, width: 145, height: 145),
            Rect(x: 10, y: 502, width: 145, height: 145),
        ])
        #expect(cells.map(\.column) == [0, 1, nil, 1, 0])
        #expect(layout.contentSize == Size(width: 320, height: 44 + 8 + 595))
        // Right to left: mirrored inside the dimension, column 0 at the right.
        #expect(Self.cells(layout, .rightToLeft).prefix(2).map(\.frame.minX) == [165, 10])
    }

    @Test func originsAreRoundedAndSizesAreNot() {
        // Three columns in W = 300, 10 apart: c = 280 / 3 = 93.333…; origins at @2x.
        let layout = BaseLayout(Self.example { settings in
            settings.masonry = MasonryColumns(count: .fixed(3))
            settings.headerReferenceSize = Size(width: 0, height: 10.3)
        })
        let cells = Self.cells(layout, scale: 2)
        // Below a header of 10.3 and the inset of 8: 18.3, rounded to 18.5.
        let c = 280.0 / 3
        #expect(cells[0].frame.origin == Point(x: 10, y: 18.5))
        #expect(cells[0].frame.size == Size(width: c, height: 100 * c / 100))
        // 10 + c + 10 = 113.333…, rounded to 113.5; unrounded without a scale.
        #expect(cells[1].frame.minX == 113.5)
        #expect(Self.cells(layout)[1].frame.minX == 10 + 1 * (c + 10))
    }

    @Test func aHorizontalSectionIsTransposed() {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.masonry = MasonryColumns(count: .fixed(2), columnSpacing: 0, itemSizing: .height)
        settings.minimumLineSpacing = 4
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .sizes([Size(width: 30, height: 1), Size(width: 50, height: 1), Size(width: 20, height: 1)]))],
            crossAxisLength: 200))
        // Rows 100 tall; `height` sizing takes each item's width as given along the scroll axis.
        #expect(Self.cells(layout).map(\.frame) == [
            Rect(x: 0, y: 0, width: 30, height: 100), Rect(x: 0, y: 100, width: 50, height: 100), Rect(x: 34, y: 0, width: 20, height: 100),
        ])
        #expect(layout.contentSize == Size(width: 54, height: 200))
    }

    @Test func keptColumnsStayWhenAnItemAboveIsMeasured() throws {
        var settings = FlowLayoutSettings()
        settings.masonry = MasonryColumns(count: .fixed(2), itemSizing: .height)
        settings.minimumLineSpacing = 0
        let sizes = [50.0, 60, 10, 10, 10].map { Size(width: 10, height: $0) }
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 100))
        // 50 | 60, then 10s: columns 0, 1, 0, 0, 1 (bottoms 50/60, 60/60, 70/60).
        #expect(Self.cells(layout).map(\.column) == [0, 1, 0, 0, 1])
        let measured: [LayoutUpdate] = [.resizeItems(section: 0, at: 0, sizes: [Size(width: 10, height: 100)])]
        let replaced = try layout.updated(by: measured).layout
        let kept = try layout.updated(by: measured, keepColumns: true).layout
        // By the rule the cells after the taller first one move to column 1; kept, they slide down in column 0.
        #expect(Self.cells(replaced).map(\.column) == [0, 1, 1, 1, 1])
        #expect(Self.cells(kept).map(\.column) == [0, 1, 0, 0, 1])
        #expect(Self.cells(kept).map(\.frame.minY) == [0, 0, 100, 110, 60])
        var named = FlowSection(items: .sizes([Size(width: 10, height: 100)] + sizes.dropFirst()))
        named.masonryRoles = [0, 1, 0, 0, 1].map(MasonryRole.column)
        let fresh = FlowLayoutInput(settings: settings, sections: [named], crossAxisLength: 100)
        #expect(kept.contentHash == fresh.contentHash && kept.contentHash != replaced.contentHash)
    }

    @Test func lookupsHitTestsAndSnapsReadTheCells() {
        let layout = BaseLayout(Self.example())
        let cells = Self.cells(layout, scale: 3)
        for cell in cells {
            #expect(layout.attributes(ofItem: ItemPath(section: 0, item: cell.item), scale: 3, layoutDirection: .leftToRight) == cell)
            #expect(layout.hitTest(cell.center, scale: 3, layoutDirection: .leftToRight) == cell)
        }
        #expect(layout.hasMasonrySections)
        #expect(!BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .count(3))], crossAxisLength: 320)).hasMasonrySections)
    }
}
