@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §13: the worked examples, with the numbers given there. Example 13
/// (right-to-left) is in RightToLeftTests.
@Suite("Worked examples (docs/flow-layout.md §13)")
struct WorkedExampleTests {
    static func lay(
        _ sections: [FlowSection], crossAxis: Double, settings: FlowLayoutSettings = FlowLayoutSettings(),
        scale: Double? = nil, contentInset: EdgeInsets = .zero, safeArea: EdgeInsets = .zero
    ) -> Laid {
        let input = FlowLayoutInput(
            settings: settings, sections: sections, crossAxisLength: crossAxis, contentInset: contentInset,
            safeAreaInsets: safeArea)
        let layout = BaseLayout(input)
        return Laid(layout: layout, attributes: allAttributes(of: layout, scale: scale))
    }

    static func sizes(_ sizes: [(Double, Double)]) -> FlowSection {
        FlowSection(items: .sizes(sizes.map { Size(width: $0.0, height: $0.1) }))
    }

    // MARK: 1. Grid, default item size

    @Test func example1GridWithDefaultItemSize() {
        let laid = Self.lay([FlowSection(items: .count(7))], crossAxis: 320)
        #expect(laid.cells() == [
            rect(0, 0, 50, 50), rect(67.5, 0, 50, 50), rect(135, 0, 50, 50), rect(202.5, 0, 50, 50),
            rect(270, 0, 50, 50), rect(0, 60, 50, 50), rect(67.5, 60, 50, 50),
        ])
        #expect(laid.contentSize == Size(width: 320, height: 110))
    }

    @Test func example1AtScale3() {
        let laid = Self.lay([FlowSection(items: .count(7))], crossAxis: 320, scale: 3)
        expectClose(laid.cells(), [
            rect(0, 0, 50, 50), rect(67.6667, 0, 50, 50), rect(135, 0, 50, 50), rect(202.6667, 0, 50, 50),
            rect(270, 0, 50, 50), rect(0, 60, 50, 50), rect(67.6667, 60, 50, 50),
        ])
        #expect(laid.contentSize == Size(width: 320, height: 110))
    }

    @Test func example1AtScale2IsUnchanged() {
        let laid = Self.lay([FlowSection(items: .count(7))], crossAxis: 320, scale: 2)
        #expect(laid.cells() == Self.lay([FlowSection(items: .count(7))], crossAxis: 320).cells())
        #expect(laid.cells()[1] == rect(67.5, 0, 50, 50))
    }

    // MARK: 2. Two uniform items

    @Test func example2TwoUniformItemsKeepGridColumns() {
        let laid = Self.lay([Self.sizes([(100, 100), (100, 100)])], crossAxis: 375)
        #expect(laid.cells() == [rect(0, 0, 100, 100), rect(137.5, 0, 100, 100)])
        #expect(laid.contentSize == Size(width: 375, height: 100))
    }

    // MARK: 3. Uniform with header and insets

    @Test func example3UniformWithHeaderAndInsets() {
        var settings = FlowLayoutSettings()
        settings.headerReferenceSize = Size(width: 0, height: 40)
        settings.sectionInset = EdgeInsets(top: 20, left: 16, bottom: 8, right: 16)
        settings.itemSize = Size(width: 100, height: 100)
        let laid = Self.lay([FlowSection(items: .count(3))], crossAxis: 375, settings: settings)
        #expect(laid.cells() == [rect(16, 60, 100, 100), rect(137.5, 60, 100, 100), rect(259, 60, 100, 100)])
        #expect(laid.header() == rect(0, 0, 375, 40))
        #expect(laid.footer() == nil)
        #expect(laid.contentSize == Size(width: 375, height: 168))
    }

    // MARK: 4. Rounding

    @Test func example4NoRounding() {
        let laid = Self.lay([Self.sizes([(60, 40), (60, 40)])], crossAxis: 375)
        #expect(laid.cells() == [rect(0, 0, 60, 40), rect(78.75, 0, 60, 40)])
    }

    @Test func example4AtScale3() {
        let laid = Self.lay([Self.sizes([(60, 40), (60, 40)])], crossAxis: 375, scale: 3)
        expectClose(laid.cells(), [rect(0, 0, 60, 40), rect(78.6667, 0, 60, 40)])
    }

    @Test func example4AtScale2RoundsHalfAwayFromZero() {
        let laid = Self.lay([Self.sizes([(60, 40), (60, 40)])], crossAxis: 375, scale: 2)
        #expect(laid.cells() == [rect(0, 0, 60, 40), rect(79, 0, 60, 40)])
    }

    // MARK: 5. Row path: justify, vertical centring, packed last line

    @Test func example5RowPathJustifyCentreAndPackedLastLine() {
        var settings = FlowLayoutSettings()
        settings.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let laid = Self.lay(
            [Self.sizes([(100, 50), (100, 30), (100, 40), (200, 60), (50, 20)])], crossAxis: 375, settings: settings)
        #expect(laid.cells() == [
            rect(10, 10, 100, 50), rect(137.5, 20, 100, 30), rect(265, 15, 100, 40),
            rect(10, 70, 200, 60), rect(220, 90, 50, 20),
        ])
        #expect(laid.contentSize == Size(width: 375, height: 140))
    }

    // MARK: 6. Lone items centred

    @Test func example6LoneItemsAreCentred() {
        let laid = Self.lay([Self.sizes([(200, 50), (250, 50), (100, 50)])], crossAxis: 320)
        #expect(laid.cells() == [rect(60, 0, 200, 50), rect(35, 60, 250, 50), rect(110, 120, 100, 50)])
    }

    @Test func example6FourthItemPacksTheLastLine() {
        let laid = Self.lay([Self.sizes([(200, 50), (250, 50), (100, 50), (50, 50)])], crossAxis: 320)
        #expect(laid.cells() == [
            rect(60, 0, 200, 50), rect(35, 60, 250, 50), rect(0, 120, 100, 50), rect(110, 120, 50, 50),
        ])
    }

    // MARK: 7. Last line equal to the previous one is justified

    @Test func example7LastLineFillingLikeThePreviousIsJustified() {
        let laid = Self.lay([Self.sizes([(100, 50), (150, 50), (150, 50), (100, 50)])], crossAxis: 300)
        #expect(laid.cells() == [rect(0, 0, 100, 50), rect(150, 0, 150, 50), rect(0, 60, 150, 50), rect(200, 60, 100, 50)])
    }

    // MARK: 8. Horizontal uniform

    @Test func example8HorizontalUniformWithHeaderFooterAndInsets() {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.headerReferenceSize = Size(width: 30, height: 0)
        settings.footerReferenceSize = Size(width: 20, height: 0)
        settings.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        let laid = Self.lay([FlowSection(items: .count(5))], crossAxis: 200, settings: settings)
        #expect(laid.cells() == [
            rect(35, 10, 50, 50), rect(35, 75, 50, 50), rect(35, 140, 50, 50),
            rect(95, 10, 50, 50), rect(95, 75, 50, 50),
        ])
        #expect(laid.header() == rect(0, 0, 30, 200))
        #expect(laid.footer() == rect(150, 0, 20, 200))
        #expect(laid.contentSize == Size(width: 170, height: 200))
    }

    @Test func example8HorizontalUniformPlain() {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        let laid = Self.lay([FlowSection(items: .count(5))], crossAxis: 200, settings: settings)
        #expect(laid.cells() == [
            rect(0, 0, 50, 50), rect(0, 75, 50, 50), rect(0, 150, 50, 50), rect(60, 0, 50, 50), rect(60, 75, 50, 50),
        ])
        #expect(laid.contentSize == Size(width: 110, height: 200))
    }

    // MARK: 9. Floating point: uniform vs row path

    static let thirdOf414 = (414.0 - 20) / 3

    @Test func example9UniformFitsThreePerLine() {
        #expect(Self.thirdOf414 == 131.33333333333334)
        let w = Self.thirdOf414
        let laid = Self.lay([Self.sizes([(w, 100), (w, 100), (w, 100)])], crossAxis: 414)
        expectClose(laid.cells(), [rect(0, 0, w, 100), rect(141.3333, 0, w, 100), rect(282.6667, 0, w, 100)])
    }

    @Test func example9RowPathFitsOnlyTwoPerLine() {
        let w = Self.thirdOf414
        let laid = Self.lay([Self.sizes([(w, 100), (w, 100), (w, 100), (50, 100)])], crossAxis: 414)
        expectClose(laid.cells(), [
            rect(0, 0, w, 100), rect(282.6667, 0, w, 100), rect(0, 110, w, 100), rect(141.3333, 110, 50, 100),
        ])
    }

    // MARK: 10. Oversized items

    @Test func example10OversizedFirstItemOnRowPath() {
        let laid = Self.lay([Self.sizes([(400, 50), (100, 50)])], crossAxis: 320)
        #expect(laid.cells() == [rect(0, 10, 400, 50), rect(0, 70, 100, 50)])
    }

    @Test func example10OversizedUniformItemsAreCentredAndOverhang() {
        let laid = Self.lay([Self.sizes([(400, 50), (400, 50)])], crossAxis: 320)
        #expect(laid.cells() == [rect(-40, 0, 400, 50), rect(-40, 60, 400, 50)])
    }

    // MARK: 11. Horizontal row path swaps the spacings

    @Test func example11HorizontalRowPathSwapsSpacings() {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        let laid = Self.lay([Self.sizes([(50, 60), (60, 60), (50, 100), (40, 40)])], crossAxis: 200, settings: settings)
        #expect(laid.cells() == [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(65, 0, 50, 100), rect(70, 120, 40, 40)])
        #expect(laid.contentSize == Size(width: 115, height: 200))
    }

    // MARK: 12. Empty section

    @Test(arguments: [FlowSection.Items.count(0), .sizes([])])
    func example12EmptySectionKeepsHeaderInsetsAndFooter(items: FlowSection.Items) {
        var settings = FlowLayoutSettings()
        settings.headerReferenceSize = Size(width: 0, height: 50)
        settings.footerReferenceSize = Size(width: 0, height: 30)
        settings.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 20, right: 0)
        let laid = Self.lay([FlowSection(items: items)], crossAxis: 320, settings: settings)
        #expect(laid.cells().isEmpty)
        #expect(laid.header() == rect(0, 0, 320, 50))
        #expect(laid.footer() == rect(0, 80, 320, 30))
        #expect(laid.contentSize == Size(width: 320, height: 110))
    }

    // MARK: 14. sectionInsetReference = fromSafeArea

    @Test func example14SectionInsetsFromSafeArea() {
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = .safeArea
        settings.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        settings.itemSize = Size(width: 100, height: 100)
        let laid = Self.lay(
            [FlowSection(items: .count(3))], crossAxis: 844, settings: settings,
            safeArea: EdgeInsets(top: 0, left: 47, bottom: 0, right: 47))
        #expect(laid.cells() == [rect(57, 0, 100, 100), rect(183, 0, 100, 100), rect(309, 0, 100, 100)])
        #expect(laid.contentSize == Size(width: 844, height: 100))
    }

    // MARK: 15. Pinned headers and footers

    static func example15Input(pinHeaders: Bool, pinFooters: Bool, contentInset: EdgeInsets = .zero) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.headerReferenceSize = Size(width: 0, height: 40)
        settings.footerReferenceSize = Size(width: 0, height: 30)
        settings.itemSize = Size(width: 320, height: 100)
        settings.sectionHeadersPinToVisibleBounds = pinHeaders
        settings.sectionFootersPinToVisibleBounds = pinFooters
        return FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(3)), FlowSection(items: .count(3))],
            crossAxisLength: 320, contentInset: contentInset)
    }

    /// Queries the 320×480 bounds at vertical scroll `offset`.
    static func visible(_ layout: BaseLayout, offset: Double, contentInset: EdgeInsets = .zero) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        layout.attributes(
            in: Viewport(bounds: rect(0, offset, 320, 480), contentInset: contentInset), into: &result)
        return result
    }

    static func supplementary(_ kind: LayoutAttributes.Kind, _ section: Int, in attributes: [LayoutAttributes]) -> Rect? {
        attributes.first { $0.kind == kind && $0.section == section }?.frame
    }

    @Test func example15NaturalPositions() {
        let layout = BaseLayout(Self.example15Input(pinHeaders: false, pinFooters: false))
        let all = allAttributes(of: layout)
        #expect(Self.supplementary(.header, 0, in: all) == rect(0, 0, 320, 40))
        #expect(Self.supplementary(.header, 1, in: all) == rect(0, 390, 320, 40))
        #expect(Self.supplementary(.footer, 0, in: all) == rect(0, 360, 320, 30))
        #expect(Self.supplementary(.footer, 1, in: all) == rect(0, 750, 320, 30))
        #expect(layout.contentSize == Size(width: 320, height: 780))
        // Unpinned, a scrolled header stays where it is, and is left out once it is off the bounds.
        #expect(Self.supplementary(.header, 0, in: Self.visible(layout, offset: 20)) == rect(0, 0, 320, 40))
        #expect(Self.supplementary(.header, 0, in: Self.visible(layout, offset: 100)) == nil)
    }

    @Test(arguments: [(100.0, 0, 100.0), (340, 0, 320), (400, 1, 400)])
    func example15PinnedHeader(offset: Double, section: Int, y: Double) {
        let layout = BaseLayout(Self.example15Input(pinHeaders: true, pinFooters: false))
        let visible = Self.visible(layout, offset: offset)
        #expect(Self.supplementary(.header, section, in: visible) == rect(0, y, 320, 40))
    }

    @Test func example15OffSectionHeaderIsNotReturned() {
        let layout = BaseLayout(Self.example15Input(pinHeaders: true, pinFooters: false))
        let visible = Self.visible(layout, offset: 400)
        #expect(visible.filter { $0.kind == .header }.map(\.section) == [1])
    }

    @Test(arguments: [(-64.0, 0.0), (36, 100)])
    func example15PinnedHeaderUnderContentInset(offset: Double, y: Double) {
        let inset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
        let layout = BaseLayout(Self.example15Input(pinHeaders: true, pinFooters: false, contentInset: inset))
        let visible = Self.visible(layout, offset: offset, contentInset: inset)
        #expect(Self.supplementary(.header, 0, in: visible) == rect(0, y, 320, 40))
    }

    @Test func example15PinnedFooterAtTheBottomOfTheBounds() {
        let layout = BaseLayout(Self.example15Input(pinHeaders: false, pinFooters: true))
        let visible = Self.visible(layout, offset: 0)
        #expect(Self.supplementary(.footer, 1, in: visible) == rect(0, 450, 320, 30))
        #expect(Self.supplementary(.footer, 0, in: visible) == rect(0, 360, 320, 30))
    }

    @Test func example15PinnedFooterClampedBelowItsHeader() {
        let inset = EdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        let layout = BaseLayout(Self.example15Input(pinHeaders: false, pinFooters: true, contentInset: inset))
        let viewport = Viewport(bounds: rect(0, -60, 320, 480), contentInset: inset)
        #expect(layout.supplementaryFrame(.footer, section: 1, viewport: viewport) == rect(0, 430, 320, 30))
        // y 430 lies below these bounds (they end at 420), so the query itself leaves the footer out (§9).
        #expect(Self.supplementary(.footer, 1, in: Self.visible(layout, offset: -60, contentInset: inset)) == nil)
    }

    @Test func example15PinningBothKeepsTheSameNumbers() {
        let layout = BaseLayout(Self.example15Input(pinHeaders: true, pinFooters: true))
        let visible = Self.visible(layout, offset: 340)
        #expect(Self.supplementary(.header, 0, in: visible) == rect(0, 320, 320, 40))
        // The bounds reach past the content's end, so both footers stay where they are.
        #expect(Self.supplementary(.footer, 0, in: visible) == rect(0, 360, 320, 30))
        #expect(Self.supplementary(.footer, 1, in: visible) == rect(0, 750, 320, 30))
    }
}
