@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §10, left to right, horizontal scrolling: worked example 15 turned on its side.
///
/// Height 320, bounds 480 wide, 2 sections each: header width 40, three 100×320 items, footer width 30.
/// Items are as tall as the line (perLine = floor(330/330) = 1, centred at (320 − 320)/2 = 0); columns at
/// x 40, 150, 260 in a section; end of lines 40 + 3·110 − 10 = 360; footer 360…390; section width 390,
/// section 1 at x 390. Natural: h0 x 0, h1 x 390, f0 x 360, f1 x 750; contentSize (780, 320).
@Suite("Pinned headers and footers, horizontal (docs/flow-layout.md §10)")
struct HorizontalPinningTests {
    static func input(pinHeaders: Bool, pinFooters: Bool, contentInset: EdgeInsets = .zero) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.headerReferenceSize = Size(width: 40, height: 0)
        settings.footerReferenceSize = Size(width: 30, height: 0)
        settings.itemSize = Size(width: 100, height: 320)
        settings.sectionHeadersPinToVisibleBounds = pinHeaders
        settings.sectionFootersPinToVisibleBounds = pinFooters
        return FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(3)), FlowSection(items: .count(3))],
            crossAxisLength: 320, contentInset: contentInset)
    }

    /// The 480×320 bounds at horizontal scroll `offset`.
    static func viewport(_ offset: Double, contentInset: EdgeInsets = .zero, scale: Double? = nil) -> Viewport {
        Viewport(bounds: rect(offset, 0, 480, 320), contentInset: contentInset, scale: scale)
    }

    static func visible(_ layout: BaseLayout, _ viewport: Viewport) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        layout.attributes(in: viewport, into: &result)
        return result
    }

    static func frame(_ kind: LayoutAttributes.Kind, _ section: Int, in attributes: [LayoutAttributes]) -> Rect? {
        attributes.first { $0.kind == kind && $0.section == section }?.frame
    }

    static func header(_ x: Double) -> Rect { rect(x, 0, 40, 320) }
    static func footer(_ x: Double) -> Rect { rect(x, 0, 30, 320) }

    @Test func naturalPositions() {
        let layout = BaseLayout(Self.input(pinHeaders: false, pinFooters: false))
        let all = allAttributes(of: layout)
        #expect(Self.frame(.header, 0, in: all) == Self.header(0))
        #expect(Self.frame(.header, 1, in: all) == Self.header(390))
        #expect(Self.frame(.footer, 0, in: all) == Self.footer(360))
        #expect(Self.frame(.footer, 1, in: all) == Self.footer(750))
        #expect(all.filter { $0.kind == .cell }.map(\.frame) == [
            rect(40, 0, 100, 320), rect(150, 0, 100, 320), rect(260, 0, 100, 320),
            rect(430, 0, 100, 320), rect(540, 0, 100, 320), rect(650, 0, 100, 320),
        ])
        #expect(layout.contentSize == Size(width: 780, height: 320))
        // Unpinned, a header scrolled past stays put and drops out of the answer.
        #expect(Self.frame(.header, 0, in: Self.visible(layout, Self.viewport(20))) == Self.header(0))
        #expect(Self.frame(.header, 0, in: Self.visible(layout, Self.viewport(100))) == nil)
    }

    /// x = max(H.x, V.minX), then clamped to S.maxX − fW − hW:
    /// offset 100 → 100 (100 + 70 ≤ 390); offset 340 → 410 > 390 → 390 − 30 − 40 = 320;
    /// offset 400 → section 1: max(390, 400) = 400 (470 ≤ 780).
    @Test(arguments: [(100.0, 0, 100.0), (340, 0, 320), (400, 1, 400), (200, 0, 200), (0, 0, 0), (330, 0, 320)])
    func pinnedHeader(offset: Double, section: Int, x: Double) {
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: false))
        #expect(Self.frame(.header, section, in: Self.visible(layout, Self.viewport(offset))) == Self.header(x))
        #expect(layout.supplementaryFrame(.header, section: section, viewport: Self.viewport(offset)) == Self.header(x))
    }

    @Test func offSectionHeaderIsNotReturned() {
        // Bounds [400, 880): section 0 ([0, 390)) is off screen, so only h1 comes back, pinned at 400.
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: false))
        let visible = Self.visible(layout, Self.viewport(400))
        #expect(visible.filter { $0.kind == .header }.map(\.section) == [1])
        #expect(visible.filter { $0.kind == .header }.map(\.frame) == [Self.header(400)])
    }

    @Test func secondHeaderStaysNaturalWhileTheFirstIsPushed() {
        // Offset 340: h0 pushed to 320, h1 at max(390, 340) = 390: the two touch, neither overlaps.
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: false))
        let headers = Self.visible(layout, Self.viewport(340)).filter { $0.kind == .header }
        #expect(headers.map(\.section) == [0, 1])
        #expect(headers.map(\.frame) == [Self.header(320), Self.header(390)])
    }

    /// adjustedContentInset.left 64: V.minX = offset + 64. Offset −64 → max(0, 0) = 0; offset 36 → 100.
    @Test(arguments: [(-64.0, 0.0), (36, 100), (-100, 0), (300, 320)])
    func pinnedHeaderUnderContentInset(offset: Double, x: Double) {
        let inset = EdgeInsets(top: 0, left: 64, bottom: 0, right: 0)
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: false, contentInset: inset))
        // A left inset does not change the lines' dimension (height) of a horizontal layout.
        #expect(layout.dimension == 320)
        #expect(Self.frame(.header, 0, in: Self.visible(layout, Self.viewport(offset, contentInset: inset))) == Self.header(x))
    }

    @Test func pinnedHeaderIsPixelRounded() {
        // Offset 100.4 at @2x: round(200.8)/2 = 100.5; at @3x round(301.2)/3 = 301/3.
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: false))
        #expect(layout.supplementaryFrame(.header, section: 0, viewport: Self.viewport(100.4, scale: 2)) == Self.header(100.5))
        #expect(layout.supplementaryFrame(.header, section: 0, viewport: Self.viewport(100.4, scale: 3)) == Self.header(301.0 / 3))
    }

    @Test func pinnedFooterAtTheRightEdgeOfTheBounds() {
        // Offset 0, V.maxX = 480: f1 (natural maxX 780) → 480 − 30 = 450, 450 − 40 ≥ 390 keeps it;
        // f0 (maxX 390 ≤ 480) stays at 360.
        let layout = BaseLayout(Self.input(pinHeaders: false, pinFooters: true))
        let visible = Self.visible(layout, Self.viewport(0))
        #expect(Self.frame(.footer, 1, in: visible) == Self.footer(450))
        #expect(Self.frame(.footer, 0, in: visible) == Self.footer(360))
        // Offset 150, V.maxX = 630: f1 → 600.
        #expect(Self.frame(.footer, 1, in: Self.visible(layout, Self.viewport(150))) == Self.footer(600))
    }

    @Test func pinnedFooterUnderARightContentInset() {
        // inset.right 50, offset 0: V.maxX = 430 → f1 x 400; 400 − 40 = 360 < 390 → clamped to 430.
        // f0: maxX 390 ≤ 430 stays at 360.
        let inset = EdgeInsets(top: 0, left: 0, bottom: 0, right: 50)
        let layout = BaseLayout(Self.input(pinHeaders: false, pinFooters: true, contentInset: inset))
        let viewport = Self.viewport(0, contentInset: inset)
        #expect(layout.supplementaryFrame(.footer, section: 1, viewport: viewport) == Self.footer(430))
        #expect(layout.supplementaryFrame(.footer, section: 0, viewport: viewport) == Self.footer(360))
    }

    @Test func pinnedFooterClampedAfterItsHeader() {
        // Offset −60 with inset.left 60: V.maxX = −60 + 480 = 420 → f1 x 390; 390 − 40 < 390 (S.minX)
        // → 390 + 40 = 430. It lies past the bounds' end (420), so the query leaves it out (§9).
        let inset = EdgeInsets(top: 0, left: 60, bottom: 0, right: 0)
        let layout = BaseLayout(Self.input(pinHeaders: false, pinFooters: true, contentInset: inset))
        let viewport = Self.viewport(-60, contentInset: inset)
        #expect(layout.supplementaryFrame(.footer, section: 1, viewport: viewport) == Self.footer(430))
        #expect(Self.frame(.footer, 1, in: Self.visible(layout, viewport)) == nil)
        #expect(Self.frame(.footer, 0, in: Self.visible(layout, viewport)) == Self.footer(360))
    }

    @Test func pinningBothKeepsTheSameNumbers() {
        // Offset 340: h0 → 320; V.maxX = 820 is past both footers' ends, so they stay natural.
        let layout = BaseLayout(Self.input(pinHeaders: true, pinFooters: true))
        let visible = Self.visible(layout, Self.viewport(340))
        #expect(Self.frame(.header, 0, in: visible) == Self.header(320))
        #expect(Self.frame(.header, 1, in: visible) == Self.header(390))
        #expect(Self.frame(.footer, 0, in: visible) == Self.footer(360))
        #expect(Self.frame(.footer, 1, in: visible) == Self.footer(750))
        // Offset 100: h0 → 100, V.maxX = 580: f1 → 550 (550 − 40 ≥ 390), f0 natural 360.
        let early = Self.visible(layout, Self.viewport(100))
        #expect(Self.frame(.header, 0, in: early) == Self.header(100))
        #expect(Self.frame(.header, 1, in: early) == Self.header(390))
        #expect(Self.frame(.footer, 0, in: early) == Self.footer(360))
        #expect(Self.frame(.footer, 1, in: early) == Self.footer(550))
        // Pinned supplementary views keep zIndex 10 and come after the cells, headers before footers.
        #expect(early.map(\.kind) == [.cell, .cell, .cell, .cell, .cell, .header, .header, .footer, .footer])
        #expect(early.filter { $0.kind != .cell }.allSatisfy { $0.zIndex == 10 })
    }
}
