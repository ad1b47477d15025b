@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// docs/flow-layout.md §2 (`sectionInsetReference` = layoutMargins / safeArea) and §1 / §3 per-section
/// overrides (UIKit's delegate methods for insets, spacings, header and footer sizes), with frames
/// worked out by hand in the comments.
@Suite("sectionInsetReference and per-section overrides")
struct SectionOptionsTests {
    static func lay(_ input: FlowLayoutInput) -> Laid {
        let layout = BaseLayout(input)
        return Laid(layout: layout, attributes: allAttributes(of: layout))
    }

    // MARK: layoutMargins, vertical

    /// Width 400, adjustedContentInset (t 8, l 0, b 10, r 4), layoutMargins (t 20, l 16, b 30, r 24),
    /// sectionInset (t 5, l 10, b 6, r 10), header height 40, items 100×50, spacings 10.
    /// dimension = 400 − 0 − 4 = 396.
    /// Cross insets: left' = max(10 + 16 − 0, 0) = 26, right' = max(10 + 24 − 4, 0) = 30.
    /// Pads: lead = max(20 − 8, 0) = 12, trail = max(30 − 10, 0) = 20.
    /// avail = 396 − 56 = 340 → perLine = floor(350/110) = 3, gap = (340 − 300)/2 = 20 → x 26, 146, 266.
    /// Section 0 at 12: header (0, 12, 396, 40); lines at 12 + 40 + 5 = 57 and 117; end 167 + 6 → 173.
    /// Section 1 at 173: header (0, 173, 396, 40); one item at (26, 173 + 45 = 218); end 268 + 6 = 274.
    /// contentSize (396, 274 + 20 = 294).
    static func marginsInput(reference: SectionInsetReference) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = reference
        settings.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 6, right: 10)
        settings.headerReferenceSize = Size(width: 0, height: 40)
        settings.itemSize = Size(width: 100, height: 50)
        return FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(5)), FlowSection(items: .count(1))],
            crossAxisLength: 400, contentInset: EdgeInsets(top: 8, left: 0, bottom: 10, right: 4),
            // A safe area that must be ignored for `.layoutMargins`.
            safeAreaInsets: EdgeInsets(top: 99, left: 99, bottom: 99, right: 99),
            layoutMargins: EdgeInsets(top: 20, left: 16, bottom: 30, right: 24))
    }

    @Test func layoutMarginsVertical() {
        let laid = Self.lay(Self.marginsInput(reference: .layoutMargins))
        #expect(laid.cells(0) == [
            rect(26, 57, 100, 50), rect(146, 57, 100, 50), rect(266, 57, 100, 50),
            rect(26, 117, 100, 50), rect(146, 117, 100, 50),
        ])
        #expect(laid.cells(1) == [rect(26, 218, 100, 50)])
        #expect(laid.header(0) == rect(0, 12, 396, 40))
        #expect(laid.header(1) == rect(0, 173, 396, 40))
        #expect(laid.contentSize == Size(width: 396, height: 294))
    }

    @Test func contentInsetReferenceIgnoresMarginsAndSafeArea() {
        // Insets as given: avail = 396 − 20 = 376 → perLine = floor(386/110) = 3, gap = 38 → x 10, 148, 286.
        // Section 0 at 0: lines 45 and 105, end 155 + 6 = 161. Section 1 at 161: item y 206, end 262.
        let laid = Self.lay(Self.marginsInput(reference: .contentInset))
        #expect(laid.cells(0) == [
            rect(10, 45, 100, 50), rect(148, 45, 100, 50), rect(286, 45, 100, 50),
            rect(10, 105, 100, 50), rect(148, 105, 100, 50),
        ])
        #expect(laid.cells(1) == [rect(10, 206, 100, 50)])
        #expect(laid.header(1) == rect(0, 161, 396, 40))
        #expect(laid.contentSize == Size(width: 396, height: 262))
    }

    @Test func layoutMarginsFloorAtZero() {
        // Width 300, content inset (l 30, r 0), margins (l 8, r 8), sectionInset l/r 10, no header.
        // dimension 270; left' = max(10 + 8 − 30, 0) = 0 (the content inset is the floor), right' = 18.
        // avail 252; items 80×40: perLine = floor(262/90) = 2, gap = 252 − 160 = 92 → x 0, 172.
        // Pads: margins top/bottom 0 → none.
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = .layoutMargins
        settings.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        settings.itemSize = Size(width: 80, height: 40)
        let laid = Self.lay(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(3))], crossAxisLength: 300,
            contentInset: EdgeInsets(top: 0, left: 30, bottom: 0, right: 0),
            layoutMargins: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8)))
        #expect(laid.cells(0) == [rect(0, 0, 80, 40), rect(172, 0, 80, 40), rect(0, 50, 80, 40)])
        #expect(laid.contentSize == Size(width: 270, height: 90))
    }

    @Test func layoutMarginsOnTheRowPath() {
        // Width 320, margins (t 0, l 20, b 0, r 20), sectionInset 0: left' = right' = 20, avail 280.
        // Sizes 100×40, 120×20, 150×30: 280 −110 → 170 −130 → 40; 150 > 40 → line 1.
        // Line 0 complete: gap 280 − 220 = 60 → x 20, 180; y 0 and (40 − 20)/2 = 10.
        // Line 1 (last, lone after a two-item line → packed) at y 50: x 20.
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = .layoutMargins
        let laid = Self.lay(FlowLayoutInput(
            settings: settings,
            sections: [FlowSection(items: .sizes([
                Size(width: 100, height: 40), Size(width: 120, height: 20), Size(width: 150, height: 30),
            ]))],
            crossAxisLength: 320, layoutMargins: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20)))
        #expect(laid.cells(0) == [rect(20, 0, 100, 40), rect(180, 10, 120, 20), rect(20, 50, 150, 30)])
        #expect(laid.contentSize == Size(width: 320, height: 80))
    }

    // MARK: safeArea, horizontal (left/right are the scroll-axis pads)

    /// Landscape phone scrolling horizontally: bounds height 420, adjustedContentInset (t 30, l 0, b 0,
    /// r 20), safeArea (t 0, l 47, b 21, r 47), sectionInset (t 10, l 5, b 10, r 5), items 100×100.
    /// dimension = 420 − 30 − 0 = 390.
    /// Cross insets: top' = max(10 + 0 − 30, 0) = 0, bottom' = max(10 + 21 − 0, 0) = 31.
    /// Pads: lead = max(47 − 0, 0) = 47, trail = max(47 − 20, 0) = 27.
    /// avail = 390 − 31 = 359 → perLine = floor(369/110) = 3, gap = (359 − 300)/2 = 29.5 → y 0, 129.5, 259.
    /// Columns at x 47 + 5 = 52 and 162; end of lines 262, + 5 = 267; contentSize (267 + 27 = 294, 390).
    static func safeAreaHorizontalInput(reference: SectionInsetReference) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.sectionInsetReference = reference
        settings.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        settings.itemSize = Size(width: 100, height: 100)
        return FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(4))], crossAxisLength: 420,
            contentInset: EdgeInsets(top: 30, left: 0, bottom: 0, right: 20),
            safeAreaInsets: EdgeInsets(top: 0, left: 47, bottom: 21, right: 47),
            // Margins that must be ignored for `.safeArea`.
            layoutMargins: EdgeInsets(top: 77, left: 77, bottom: 77, right: 77))
    }

    @Test func safeAreaHorizontalWithLeftAndRightPads() {
        let laid = Self.lay(Self.safeAreaHorizontalInput(reference: .safeArea))
        #expect(laid.cells(0) == [
            rect(52, 0, 100, 100), rect(52, 129.5, 100, 100), rect(52, 259, 100, 100), rect(162, 0, 100, 100),
        ])
        #expect(laid.contentSize == Size(width: 294, height: 390))
    }

    @Test func safeAreaHorizontalHeaderAndFooterSitInsideThePads() {
        // Header width 30, footer width 25 added: section 0 at x 47: header (47, 0, 30, 390); columns at
        // 47 + 30 + 5 = 82 and 192; end of lines 292, + 5 → footer (297, 0, 25, 390); section ends at
        // 322; contentSize (322 + 27 = 349, 390).
        var input = Self.safeAreaHorizontalInput(reference: .safeArea)
        input.settings.headerReferenceSize = Size(width: 30, height: 0)
        input.settings.footerReferenceSize = Size(width: 25, height: 0)
        let laid = Self.lay(input)
        #expect(laid.header(0) == rect(47, 0, 30, 390))
        #expect(laid.footer(0) == rect(297, 0, 25, 390))
        #expect(laid.cells(0) == [
            rect(82, 0, 100, 100), rect(82, 129.5, 100, 100), rect(82, 259, 100, 100), rect(192, 0, 100, 100),
        ])
        #expect(laid.contentSize == Size(width: 349, height: 390))
    }

    @Test func safeAreaVerticalWithLeftAndRightPadding() {
        // Vertical: only left/right change; the safe area's top/bottom become the pads.
        // Width 844, content inset 0, safeArea (t 10, l 47, b 21, r 47), sectionInset l/r 10:
        // 57 each side, avail 730, items 100×100: perLine = floor(740/110) = 6, gap = (730 − 600)/5 = 26
        // → x 57, 183, 309, 435, 561, 687; y 10 (lead pad); contentSize (844, 10 + 100 + 21 = 131).
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = .safeArea
        settings.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        settings.itemSize = Size(width: 100, height: 100)
        let laid = Self.lay(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(6))], crossAxisLength: 844,
            safeAreaInsets: EdgeInsets(top: 10, left: 47, bottom: 21, right: 47)))
        #expect(laid.cells(0) == [57.0, 183, 309, 435, 561, 687].map { rect($0, 10, 100, 100) })
        #expect(laid.contentSize == Size(width: 844, height: 131))
    }

    @Test func layoutMarginsHorizontalUsesTheMarginsNotTheSafeArea() {
        // The same input with `.layoutMargins` (77 all round): top' = max(10 + 77 − 30, 0) = 57,
        // bottom' = 10 + 77 = 87, avail = 390 − 144 = 246 → perLine = floor(256/110) = 2,
        // gap = 246 − 200 = 46 → y 57, 203. Pads: lead 77, trail 77 − 20 = 57.
        // Columns at 77 + 5 = 82 and 192; end 292 + 5 = 297; contentSize (297 + 57 = 354, 390).
        let laid = Self.lay(Self.safeAreaHorizontalInput(reference: .layoutMargins))
        #expect(laid.cells(0) == [
            rect(82, 57, 100, 100), rect(82, 203, 100, 100), rect(192, 57, 100, 100), rect(192, 203, 100, 100),
        ])
        #expect(laid.contentSize == Size(width: 354, height: 390))
    }

    // MARK: Per-section overrides, vertical

    /// Width 320; layout: sectionInset 10 all round, spacings 10, header 30, footer 20, items 50×50.
    ///
    /// Section 0 (no overrides), 3 items: avail 300, perLine = floor(310/60) = 5, gap (300 − 250)/4 = 12.5
    /// → x 10, 72.5, 135 at y 30 + 10 = 40; end 90; footer (0, 100, 320, 20); length 120.
    ///
    /// Section 1 at 120, overrides: inset (t 4, l 20, b 8, r 0), line 25, interitem 2, header 50,
    /// footer 0 (none); sizes 100×40, 100×20, 96×30, 50×50 (row path). avail 300:
    /// 300 −102 → 198 −102 → 96; 96 ≤ 96 → −2; 50 > −2 → line 1.
    /// Line 0 (complete): gap (300 − 296)/2 = 2 → x 20, 122, 224; start 120 + 50 + 4 = 174, thick 40,
    /// y 174, 184, 179. Line 1 (last, packed) at 174 + 40 + 25 = 239: x 20. End 289, + 8 → 297; no footer.
    ///
    /// Section 2 at 297, overrides: interitem 100, footer 45; 2 items: perLine = floor(400/150) = 2,
    /// gap 300 − 100 = 200 → x 10, 260 at y 297 + 30 + 10 = 337; end 387, + 10 → footer (0, 397, 320, 45).
    /// contentSize (320, 442).
    static func overridesInput() -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        settings.headerReferenceSize = Size(width: 0, height: 30)
        settings.footerReferenceSize = Size(width: 0, height: 20)
        return FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .count(3)),
                FlowSection(
                    items: .sizes([
                        Size(width: 100, height: 40), Size(width: 100, height: 20), Size(width: 96, height: 30),
                        Size(width: 50, height: 50),
                    ]),
                    sectionInset: EdgeInsets(top: 4, left: 20, bottom: 8, right: 0), minimumLineSpacing: 25,
                    minimumInteritemSpacing: 2, headerReferenceSize: Size(width: 0, height: 50),
                    footerReferenceSize: .zero),
                FlowSection(
                    items: .count(2), minimumInteritemSpacing: 100, footerReferenceSize: Size(width: 999, height: 45)),
            ],
            crossAxisLength: 320)
    }

    @Test func perSectionOverridesVertical() {
        let laid = Self.lay(Self.overridesInput())
        #expect(laid.cells(0) == [rect(10, 40, 50, 50), rect(72.5, 40, 50, 50), rect(135, 40, 50, 50)])
        #expect(laid.header(0) == rect(0, 0, 320, 30))
        #expect(laid.footer(0) == rect(0, 100, 320, 20))
        #expect(laid.cells(1) == [
            rect(20, 174, 100, 40), rect(122, 184, 100, 20), rect(224, 179, 96, 30), rect(20, 239, 50, 50),
        ])
        #expect(laid.header(1) == rect(0, 120, 320, 50))
        #expect(laid.footer(1) == nil)
        #expect(laid.cells(2) == [rect(10, 337, 50, 50), rect(260, 337, 50, 50)])
        #expect(laid.header(2) == rect(0, 297, 320, 30))
        #expect(laid.footer(2) == rect(0, 397, 320, 45))
        #expect(laid.contentSize == Size(width: 320, height: 442))
    }

    @Test func perSectionOverridesWithPinnedHeaders() {
        // Pinning clamps to each section's own frame with its own header and footer lengths:
        // offset 240 → h1 = max(120, 240) = 240; 240 + 50 + 0 = 290 ≤ 297 keeps it.
        // offset 260 → 260 + 50 > 297 → 297 − 0 − 50 = 247 (section 1 has no footer).
        var input = Self.overridesInput()
        input.settings.sectionHeadersPinToVisibleBounds = true
        let layout = BaseLayout(input)
        let at240 = layout.supplementaryFrame(.header, section: 1, viewport: Viewport(bounds: rect(0, 240, 320, 400)))
        let at260 = layout.supplementaryFrame(.header, section: 1, viewport: Viewport(bounds: rect(0, 260, 320, 400)))
        #expect(at240 == rect(0, 240, 320, 50))
        #expect(at260 == rect(0, 247, 320, 50))
        // Section 0 (header 30, footer 20, ends at 120): offset 90 → 120 − 20 − 30 = 70.
        let h0 = layout.supplementaryFrame(.header, section: 0, viewport: Viewport(bounds: rect(0, 90, 320, 400)))
        #expect(h0 == rect(0, 70, 320, 30))
    }

    // MARK: Per-section overrides, horizontal

    /// Height 200, layout spacings 10/10, no insets, example 11's sizes (50×60, 60×60, 50×100, 40×40)
    /// in two sections; section 1 overrides interitem 5, line 20 and a header width 15.
    /// The row path swaps the spacings in horizontal mode (§6.1), per section too.
    /// Section 0 (both 10): 200 −70 → 130 −70 → 60; 100 > 60 → column 1, 200 − 110 = 90; 40 ≤ 90.
    /// Column 0 (complete, gap 200 − 120 = 80): y 0, 140; thick 60, x 5, 0. Column 1 at 60 + 10 = 70
    /// (last, packed with 10): y 0, 110; thick 50, x 70, 75. Section width 120.
    /// Section 1 at 120: header (120, 0, 15, 200); example 11's frames shifted by 135:
    /// (140, 0) (135, 140) (200, 0) (205, 120); ends at 135 + 115 = 250. contentSize (250, 200).
    @Test func perSectionOverridesHorizontal() {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        let sizes = [Size(width: 50, height: 60), Size(width: 60, height: 60), Size(width: 50, height: 100), Size(width: 40, height: 40)]
        let laid = Self.lay(FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .sizes(sizes)),
                FlowSection(
                    items: .sizes(sizes), minimumLineSpacing: 20, minimumInteritemSpacing: 5,
                    headerReferenceSize: Size(width: 15, height: 999)),
            ],
            crossAxisLength: 200))
        #expect(laid.cells(0) == [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(70, 0, 50, 100), rect(75, 110, 40, 40)])
        #expect(laid.header(0) == nil)
        #expect(laid.header(1) == rect(120, 0, 15, 200))
        #expect(laid.cells(1) == [rect(140, 0, 50, 60), rect(135, 140, 60, 60), rect(200, 0, 50, 100), rect(205, 120, 40, 40)])
        #expect(laid.contentSize == Size(width: 250, height: 200))
    }

    @Test func perSectionInsetOverrideIsAdjustedByTheReference() {
        // A section's own inset goes through sectionInsetReference like the layout's: width 400,
        // layoutMargins l/r 16, section inset l 4 r 0 → left' 20, right' 16; avail 364;
        // items 100×50, interitem 10: perLine = floor(374/110) = 3, gap (364 − 300)/2 = 32 → x 20, 152, 284.
        var settings = FlowLayoutSettings()
        settings.sectionInsetReference = .layoutMargins
        settings.sectionInset = EdgeInsets(top: 0, left: 50, bottom: 0, right: 50)
        settings.itemSize = Size(width: 100, height: 50)
        let laid = Self.lay(FlowLayoutInput(
            settings: settings,
            sections: [FlowSection(items: .count(3), sectionInset: EdgeInsets(top: 0, left: 4, bottom: 0, right: 0))],
            crossAxisLength: 400, layoutMargins: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)))
        #expect(laid.cells(0) == [rect(20, 0, 100, 50), rect(152, 0, 100, 50), rect(284, 0, 100, 50)])
    }
}
