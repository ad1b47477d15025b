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

    /// Every element of `input`'s layout for a viewport of `bounds`, in the query's order.
    static func all(
        _ input: FlowLayoutInput, bounds: Rect = Rect(x: -1000, y: -1000, width: 1_000_000, height: 1_000_000), scale: Double? = nil,
        layoutDirection: LayoutDirection = .leftToRight, offsets: [OrthogonalOffset] = []
    ) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        BaseLayout(input).attributes(
            in: Viewport(bounds: bounds, scale: scale, layoutDirection: layoutDirection), orthogonalOffsets: offsets, into: &all)
        return all
    }

    static func cell(_ item: Int, _ frame: Rect, section: Int = 0, estimated: Bool = false) -> LayoutAttributes {
        LayoutAttributes(kind: .cell, section: section, item: item, frame: frame, zIndex: 0, isEstimated: estimated)
    }

    // Items of 60 with a flexible spacing of at least 10 in a row of 300: 60 + 3 × (10 + 60) = 270
    // fits, a fifth (340) does not; the leftover 300 − 270 = 30 goes to the 3 gaps, 10 each, so the
    // gaps are 20: x = 0, 80, 160, 240. The fifth cell starts the next row at y = 50.
    @Test func flexibleSpacingSharesTheLeftover() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [Self.item(.absolute(60), .fractionalHeight(1))], interItemSpacing: .flexible(10))
        let laid = Self.lay(CompositionalSection(group: group), count: 5, width: 300)
        #expect(laid.cells == [
            Rect(x: 0, y: 0, width: 60, height: 50), Rect(x: 80, y: 0, width: 60, height: 50),
            Rect(x: 160, y: 0, width: 60, height: 50), Rect(x: 240, y: 0, width: 60, height: 50),
            Rect(x: 0, y: 50, width: 60, height: 50),
        ])
        #expect(laid.layout.contentSize == Size(width: 300, height: 100))
    }

    // Items 100 × 40 in a row 300 × 100: three fit (0 + 100 + 100 + 100 = 300 ≤ 300.0001). The free
    // height is 100 − 40 = 60. Flexible top and bottom edges (minimum 0) centre: y = 60 / 2 = 30; a
    // flexible top edge alone puts the item at the bottom: y = 60. Subitems alternate: centred, at the
    // bottom, centred.
    @Test func flexibleEdgesCentreAcross() {
        let centred = CompositionalSubitem.item(CompositionalItem(
            size: CompositionalSize(width: .absolute(100), height: .absolute(40)),
            edgeSpacing: CompositionalEdgeSpacing(top: .flexible(0), bottom: .flexible(0))))
        let bottom = CompositionalSubitem.item(CompositionalItem(
            size: CompositionalSize(width: .absolute(100), height: .absolute(40)), edgeSpacing: CompositionalEdgeSpacing(top: .flexible(0))))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(100)), subitems: [centred, bottom])
        let laid = Self.lay(CompositionalSection(group: group), count: 3, width: 300)
        #expect(laid.cells == [
            Rect(x: 0, y: 30, width: 100, height: 40), Rect(x: 100, y: 60, width: 100, height: 40),
            Rect(x: 200, y: 30, width: 100, height: 40),
        ])
    }

    // The playground's screen, 400 wide: a header 400 × 44 at y = 0, then a row 200 high of a tile
    // 0.75 × 400 = 300 wide and a vertical group 0.25 × 400 = 100 wide (300 + 100 = 400 fits) of two
    // halves 100 × 100: the tile at (0, 44), the small ones at (300, 44) and (300, 144). Content
    // height 44 + 200 = 244.
    @Test func headerAndALargeTileBesideTwoSmallOnes() {
        let small = CompositionalGroup(
            axis: .vertical, size: CompositionalSize(width: .fractionalWidth(0.25), height: .fractionalHeight(1)),
            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(200)),
            subitems: [Self.item(.fractionalWidth(0.75), .fractionalHeight(1)), .group(small)])
        let section = CompositionalSection(
            group: group, header: CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(44))))
        let input = FlowLayoutInput(
            sections: [FlowSection(items: .count(3), compositional: section)], crossAxisLength: 400, scrollAxisLength: 800)
        #expect(Self.all(input) == [
            Self.cell(0, Rect(x: 0, y: 44, width: 300, height: 200), estimated: false),
            Self.cell(1, Rect(x: 300, y: 44, width: 100, height: 100)),
            Self.cell(2, Rect(x: 300, y: 144, width: 100, height: 100)),
            LayoutAttributes(kind: .header, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 400, height: 44), zIndex: 10),
        ])
        #expect(BaseLayout(input).contentSize == Size(width: 400, height: 244))
    }

    // Cards half the width (150 of 300) and of estimated height 100, in rows of estimated height:
    // each row is as tall as its tallest card. Row 1: cards measured 120 and 80 high → 120 (the
    // measured widths, 999, are ignored: the width is not estimated). Row 2 at 120 + 10 = 130: an
    // unmeasured card (its estimate, 100, marked estimated) and one measured 60 → 100. Content height
    // 130 + 100 = 230.
    @Test func estimatedRowsAreAsTallAsTheirTallestCard() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(100)),
            subitems: [Self.item(.fractionalWidth(0.5), .estimated(100))])
        let laid = Self.lay(
            CompositionalSection(group: group, interGroupSpacing: 10), count: 4, width: 300,
            items: [Size(width: 999, height: 120), Size(width: 999, height: 80), nil, Size(width: 999, height: 60)])
        #expect(laid.cells == [
            Rect(x: 0, y: 0, width: 150, height: 120), Rect(x: 150, y: 0, width: 150, height: 80),
            Rect(x: 0, y: 130, width: 150, height: 100), Rect(x: 150, y: 130, width: 150, height: 60),
        ])
        #expect(laid.layout.contentSize == Size(width: 300, height: 230))
        var all: [LayoutAttributes] = []
        laid.layout.attributes(in: Viewport(bounds: Rect(x: 0, y: 0, width: 300, height: 300)), into: &all)
        #expect(all.map(\.isEstimated) == [false, false, true, false])
    }

    // An orthogonal row 300 wide, insets of 10 leading and trailing, groups 120 × 80 with a spacing of
    // 10: x = 10, 140, 270, 400; the row's content is 10 + 4 × 120 + 3 × 10 + 10 = 530 wide. Scrolled
    // by 100: x = −90, 40, 170, 300. Bounds x 0 ..< 299 miss the last (300 > 299); the background
    // (0, 0, 300, 80) stays where it is.
    @Test func anOrthogonalRowAtAnOffset() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .absolute(120), height: .absolute(80)),
            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = CompositionalSection(
            group: group, interGroupSpacing: 10, contentInsets: DirectionalInsets(leading: 10, trailing: 10),
            orthogonalScrolling: .continuous, background: .zero)
        let input = FlowLayoutInput(
            sections: [FlowSection(items: .count(4), compositional: section)], crossAxisLength: 300, scrollAxisLength: 600)
        let layout = BaseLayout(input)
        #expect(layout.orthogonalContentWidths.map(\.width) == [530])
        #expect(layout.contentSize == Size(width: 300, height: 80))
        #expect(Self.all(input, bounds: Rect(x: 0, y: 0, width: 299, height: 80), offsets: [OrthogonalOffset(section: 0, offset: 100)]) == [
            Self.cell(0, Rect(x: -90, y: 0, width: 120, height: 80)), Self.cell(1, Rect(x: 40, y: 0, width: 120, height: 80)),
            Self.cell(2, Rect(x: 170, y: 0, width: 120, height: 80)),
            LayoutAttributes(kind: .sectionBackground, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 300, height: 80), zIndex: -1),
        ])
    }

    // 300 wide, a leading inset of 20 (container 280), cells 100 wide with a spacing of 10.25: two fit
    // (100 + 10.25 + 100 = 210.25; a third ends at 320.5 > 280). Left to right x = 20 and 130.25;
    // mirrored x' = 300 − x − 100: 180 and 69.75; at scale 2 rounded after mirroring: 69.75 × 2 =
    // 139.5 → 140 → 70.
    @Test func rightToLeftMirrorsThenRounds() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [Self.item(.absolute(100), .fractionalHeight(1))], interItemSpacing: .fixed(10.25))
        let section = CompositionalSection(group: group, contentInsets: DirectionalInsets(leading: 20))
        let input = FlowLayoutInput(
            sections: [FlowSection(items: .count(2), compositional: section)], crossAxisLength: 300, scrollAxisLength: 600)
        #expect(Self.all(input, layoutDirection: .rightToLeft).map(\.frame) == [
            Rect(x: 180, y: 0, width: 100, height: 50), Rect(x: 69.75, y: 0, width: 100, height: 50),
        ])
        #expect(Self.all(input, scale: 2, layoutDirection: .rightToLeft).map(\.frame) == [
            Rect(x: 180, y: 0, width: 100, height: 50), Rect(x: 70, y: 0, width: 100, height: 50),
        ])
    }

    // Two sections 20 apart, each: a header of 40, a top inset of 10, two rows of 50 with 5 between,
    // a bottom inset of 10 and a footer of 30: 40 + 10 + 50 + 5 + 50 + 10 + 30 = 195 long. The
    // background, inset 4 top, 8 leading, 6 bottom, 12 trailing, spans the whole section:
    // (8, 4, 300 − 8 − 12 = 280, 195 − 4 − 6 = 185), and (8, 215 + 4 = 219, 280, 185) in the second.
    // Content height 195 + 20 + 195 = 410.
    @Test func backgroundsSpanTheirSections() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = CompositionalSection(
            group: group, interGroupSpacing: 5, contentInsets: DirectionalInsets(top: 10, bottom: 10),
            header: CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(40))),
            footer: CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(30))),
            background: DirectionalInsets(top: 4, leading: 8, bottom: 6, trailing: 12))
        var settings = FlowLayoutSettings()
        settings.compositional = section
        settings.interSectionSpacing = 20
        let input = FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(2)), FlowSection(items: .count(2))], crossAxisLength: 300,
            scrollAxisLength: 600)
        let all = Self.all(input)
        #expect(all.filter { $0.kind == .sectionBackground } == [
            LayoutAttributes(kind: .sectionBackground, section: 0, item: 0, frame: Rect(x: 8, y: 4, width: 280, height: 185), zIndex: -1),
            LayoutAttributes(kind: .sectionBackground, section: 1, item: 0, frame: Rect(x: 8, y: 219, width: 280, height: 185), zIndex: -1),
        ])
        #expect(all.filter { $0.kind == .cell }.map(\.frame) == [
            Rect(x: 0, y: 50, width: 300, height: 50), Rect(x: 0, y: 105, width: 300, height: 50),
            Rect(x: 0, y: 265, width: 300, height: 50), Rect(x: 0, y: 320, width: 300, height: 50),
        ])
        #expect(all.map(\.kind) == [.cell, .cell, .cell, .cell, .header, .header, .footer, .footer, .sectionBackground, .sectionBackground])
        #expect(all.filter { $0.kind == .footer }.map(\.frame) == [
            Rect(x: 0, y: 165, width: 300, height: 30), Rect(x: 0, y: 380, width: 300, height: 30),
        ])
        #expect(BaseLayout(input).contentSize == Size(width: 300, height: 410))
    }

    // A compositional section is culled by its frame as every section is (docs/flow-layout.md §9, as
    // UIKit culls by section): its unrounded span along the scroll axis, 0 ... dimension across. So:
    // 1. A group 400 wide in a layout 300 wide holds two cells 200 wide, at x = 0 and x = 200 (the
    //    second overflows the content, 200 ... 400). Bounds (310, 0, 50, 50) touch it but lie beside
    //    the content (x > 300): the engine answers nothing. The same for an orthogonal row scrolled
    //    past the content (its cells at x < 0) and bounds at x < 0.
    // 2. Section 0 is one row 100.3 high; section 1 starts at 100.3 and its cell, rounded at scale 1,
    //    at y = 100. Bounds (0, 50, 300, 50) end at y = 100 and touch it, but not section 1's span
    //    (100.3 ...): the engine answers only cell 0.0.
    @Test func sectionsAreCulledByTheirFrames() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .absolute(400), height: .absolute(50)),
            subitems: [Self.item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let input = FlowLayoutInput(
            sections: [FlowSection(items: .count(2), compositional: CompositionalSection(group: group))], crossAxisLength: 300,
            scrollAxisLength: 600)
        #expect(Self.all(input).map(\.frame) == [Rect(x: 0, y: 0, width: 200, height: 50), Rect(x: 200, y: 0, width: 200, height: 50)])
        #expect(Self.all(input, bounds: Rect(x: 310, y: 0, width: 50, height: 50)) == [])
        #expect(Self.all(input, bounds: Rect(x: 250, y: 0, width: 50, height: 50)) == [
            Self.cell(1, Rect(x: 200, y: 0, width: 200, height: 50)),
        ])
        // The row of `anOrthogonalRowAtAnOffset` scrolled by 300: x = −290, −160, −30, 100.
        let row = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .absolute(120), height: .absolute(80)),
            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let orthogonal = FlowLayoutInput(
            sections: [FlowSection(items: .count(4), compositional: CompositionalSection(
                group: row, interGroupSpacing: 10, contentInsets: DirectionalInsets(leading: 10, trailing: 10),
                orthogonalScrolling: .continuous))],
            crossAxisLength: 300, scrollAxisLength: 600)
        #expect(Self.all(orthogonal, bounds: Rect(x: -200, y: 0, width: 100, height: 80), offsets: [OrthogonalOffset(section: 0, offset: 300)]) == [])
        #expect(Self.all(orthogonal, bounds: Rect(x: 0, y: 0, width: 300, height: 80), offsets: [OrthogonalOffset(section: 0, offset: 300)]) == [
            Self.cell(2, Rect(x: -30, y: 0, width: 120, height: 80)), Self.cell(3, Rect(x: 100, y: 0, width: 120, height: 80)),
        ])
        let tall = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(100.3)),
            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let rows = FlowLayoutInput(
            sections: [
                FlowSection(items: .count(1), compositional: CompositionalSection(group: tall)),
                FlowSection(items: .count(1), compositional: CompositionalSection(group: tall)),
            ],
            crossAxisLength: 300, scrollAxisLength: 600)
        #expect(Self.all(rows, bounds: Rect(x: 0, y: 50, width: 300, height: 50), scale: 1) == [
            Self.cell(0, Rect(x: 0, y: 0, width: 300, height: 100.3)),
        ])
    }

    // A top-level group takes at most 256 cells (§23.13). Items 0 wide in a row 300 wide all fit
    // (0 ≤ 300.0001): 300 cells make a row of 256 at y = 0 and one of 44 at y = 10, 20 tall in all.
    @Test func aGroupTakesAtMost256Cells() {
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(10)),
            subitems: [Self.item(.absolute(0), .fractionalHeight(1))])
        let laid = Self.lay(CompositionalSection(group: group), count: 300, width: 300)
        #expect(laid.cells[255] == Rect(x: 0, y: 0, width: 0, height: 10))
        #expect(laid.cells[256] == Rect(x: 0, y: 10, width: 0, height: 10))
        #expect(laid.layout.contentSize.height == 20)
    }

    // What the service refuses still lays out through the engine's API: a group without subitems
    // holds one item filling it, a count below 1 is 1 (every group takes a cell, so nothing loops).
    @Test func descriptionsTheServiceRefusesStillLayOut() {
        let empty = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(20)), subitems: [])
        #expect(Self.lay(CompositionalSection(group: empty), count: 2, width: 100).cells == [
            Rect(x: 0, y: 0, width: 100, height: 20), Rect(x: 0, y: 20, width: 100, height: 20),
        ])
        var zero = empty
        zero.subitems = [Self.item(.absolute(10), .absolute(10))]
        zero.count = 0
        #expect(Self.lay(CompositionalSection(group: zero), count: 2, width: 100).cells == [
            Rect(x: 0, y: 0, width: 100, height: 10), Rect(x: 0, y: 20, width: 100, height: 10),
        ])
    }
}
