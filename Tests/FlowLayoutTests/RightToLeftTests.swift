@testable import FlowLayout
import Testing

/// docs/flow-layout.md §11 (right-to-left: the layout reports mirrored x), example 13 of §13, the
/// right-to-left header pinning rule of §10, and the visible query of §9 on mirrored frames.
@Suite("Right to left (docs/flow-layout.md §11)")
struct RightToLeftTests {
    // MARK: Helpers

    struct Key: Hashable, CustomStringConvertible {
        var kind: LayoutAttributes.Kind
        var section: Int
        var item: Int
        var description: String { "\(kind) \(section).\(item)" }
    }

    static func key(_ attribute: LayoutAttributes) -> Key {
        Key(kind: attribute.kind, section: attribute.section, item: attribute.item)
    }

    /// Every element of `layout` for a layout direction (bounds far larger than the content: no pinning).
    static func all(
        _ layout: BaseLayout, _ direction: LayoutDirection, scale: Double? = nil, contentInset: EdgeInsets = .zero
    ) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        layout.attributes(
            in: Viewport(bounds: wholeContent(of: layout), contentInset: contentInset, scale: scale, layoutDirection: direction),
            into: &result)
        return result
    }

    static func byKey(_ attributes: [LayoutAttributes]) -> [Key: Rect] {
        Dictionary(attributes.map { (key($0), $0.frame) }, uniquingKeysWith: { first, _ in first })
    }

    static func cells(_ attributes: [LayoutAttributes], section: Int = 0) -> [Rect] {
        attributes.filter { $0.kind == .cell && $0.section == section }.sorted { $0.item < $1.item }.map(\.frame)
    }

    /// docs/flow-layout.md §8 rounding, written out: half away from zero on the pixel grid.
    static func pixel(_ value: Double, _ scale: Double) -> Double {
        scale == 1 ? value.rounded(.toNearestOrAwayFromZero) : (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    static func sizes(_ list: [(Double, Double)]) -> FlowSection {
        FlowSection(items: .sizes(list.map { Size(width: $0.0, height: $0.1) }))
    }

    static func settings(
        _ direction: ScrollDirection, itemSize: Size = Size(width: 50, height: 50), header: Double = 0, footer: Double = 0,
        inset: EdgeInsets = .zero
    ) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.itemSize = itemSize
        settings.headerReferenceSize = Size(width: header, height: header)
        settings.footerReferenceSize = Size(width: footer, height: footer)
        settings.sectionInset = inset
        return settings
    }

    // MARK: Example 13

    static func example13(_ section: FlowSection) -> BaseLayout {
        BaseLayout(FlowLayoutInput(
            settings: settings(.vertical, itemSize: Size(width: 100, height: 50), inset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 0)),
            sections: [section], crossAxisLength: 320))
    }

    @Test(arguments: [nil, 1.0, 2.0, 3.0])
    func example13(scale: Double?) {
        for section in [FlowSection(items: .count(2)), Self.sizes([(100, 50), (100, 50)])] {
            let layout = Self.example13(section)
            #expect(Self.cells(Self.all(layout, .leftToRight, scale: scale)) == [rect(20, 0, 100, 50), rect(220, 0, 100, 50)])
            #expect(Self.cells(Self.all(layout, .rightToLeft, scale: scale)) == [rect(200, 0, 100, 50), rect(0, 0, 100, 50)])
            #expect(layout.contentSize == Size(width: 320, height: 50), "RTL does not change the content size")
        }
    }

    @Test func example13OnTheRowPath() {
        // Heights differ, so the row path: a packed last line at x = 20, 130; mirrored 200, 90.
        let layout = Self.example13(Self.sizes([(100, 50), (100, 40)]))
        #expect(Self.cells(Self.all(layout, .leftToRight)) == [rect(20, 0, 100, 50), rect(130, 5, 100, 40)])
        #expect(Self.cells(Self.all(layout, .rightToLeft)) == [rect(200, 0, 100, 50), rect(90, 5, 100, 40)])
    }

    // MARK: Vertical: every cell mirrored inside `dimension`, headers and footers in place

    static func verticalMixed(contentInset: EdgeInsets = .zero, crossAxis: Double = 360, pinning: Bool = false) -> (BaseLayout, FlowLayoutInput) {
        var settings = VisibleQueryTests.settings(.vertical, header: 40, footer: 20)
        settings.sectionHeadersPinToVisibleBounds = pinning
        settings.sectionFootersPinToVisibleBounds = pinning
        var sections = VisibleQueryTests.mixedSections(seed: 61)
        // An oversized uniform section (centred, overhanging both sides) and an oversized row-path item.
        sections.append(Self.sizes([(400, 50), (400, 50)]))
        sections.append(Self.sizes([(500, 30), (60, 30), (60, 45)]))
        let input = FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: crossAxis, contentInset: contentInset)
        return (BaseLayout(input), input)
    }

    @Test(arguments: [EdgeInsets.zero, EdgeInsets(top: 64, left: 10, bottom: 34, right: 30)])
    func verticalMirrorsEveryCellInsideTheDimension(contentInset: EdgeInsets) {
        let (layout, input) = Self.verticalMixed(contentInset: contentInset)
        let dimension = 360 - contentInset.left - contentInset.right
        #expect(layout.dimension == dimension)
        let ltr = Self.all(layout, .leftToRight, contentInset: contentInset)
        let rtl = Self.all(layout, .rightToLeft, contentInset: contentInset)
        #expect(rtl.count == ltr.count)
        #expect(rtl.filter { $0.kind == .cell }.count == input.itemCount)
        let mirrored = Self.byKey(rtl)
        #expect(mirrored.count == rtl.count)
        for element in ltr {
            guard let frame = mirrored[Self.key(element)] else {
                Issue.record("\(Self.key(element)) missing in RTL")
                continue
            }
            let f = element.frame
            if element.kind == .cell {
                let expected = rect(dimension - f.size.width - f.minX, f.minY, f.size.width, f.size.height)
                #expect(isClose(frame, expected, tolerance: 1e-9), "\(Self.key(element)): \(frame) vs \(expected)")
            } else {
                #expect(frame == f, "\(Self.key(element)) spans the width and is unaffected")
                #expect(frame.minX == 0 && frame.size.width == dimension)
            }
        }
        // UIKit's order still holds: cells, then headers, then footers.
        let order = rtl.map(\.kind.rawValue)
        #expect(order == order.sorted())
    }

    @Test func verticalSectionInsetLeftActsAsLeading() {
        // A packed row-path line starts at the left inset, so in RTL it starts on the right at D − left.
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.vertical, inset: EdgeInsets(top: 0, left: 24, bottom: 0, right: 8)),
            sections: [Self.sizes([(80, 20), (80, 30), (80, 20)])], crossAxisLength: 300))
        let rtl = Self.cells(Self.all(layout, .rightToLeft))
        // LTR: one line holds all three, packed as the last line: x = 24, 114, 204.
        let expected: [Double] = [196, 106, 16]
        #expect(rtl.map(\.minX) == expected)
        #expect(rtl[0].maxX == 300 - 24)
    }

    @Test func verticalPinnedHeadersAndFootersAreTheSameInBothDirections() {
        let inset = EdgeInsets(top: 64, left: 0, bottom: 34, right: 0)
        let (layout, _) = Self.verticalMixed(contentInset: inset, crossAxis: 320, pinning: true)
        for by in stride(from: -64.0, through: layout.contentSize.height, by: 41.5) {
            let bounds = rect(0, by, 320, 568)
            var ltr: [LayoutAttributes] = []
            var rtl: [LayoutAttributes] = []
            layout.attributes(in: Viewport(bounds: bounds, contentInset: inset, scale: 3), into: &ltr)
            layout.attributes(in: Viewport(bounds: bounds, contentInset: inset, scale: 3, layoutDirection: .rightToLeft), into: &rtl)
            #expect(ltr.filter { $0.kind != .cell } == rtl.filter { $0.kind != .cell }, "By \(by)")
            #expect(ltr.filter { $0.kind == .cell }.map(Self.key) .sorted { ($0.section, $0.item) < ($1.section, $1.item) }
                == rtl.filter { $0.kind == .cell }.map(Self.key).sorted { ($0.section, $0.item) < ($1.section, $1.item) })
        }
    }

    // MARK: Vertical: rounding order (row path mirrors before rounding, uniform after)

    /// Items 100.1 wide are not on the @3x grid, so `D − w − round(x)` and `round(D − w − x)` differ.
    static let oddWidth = 100.1

    @Test func uniformPathMirrorsAfterRounding() {
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.vertical, itemSize: Size(width: Self.oddWidth, height: 50)),
            sections: [FlowSection(items: .count(2))], crossAxisLength: 320))
        let unrounded = Self.cells(Self.all(layout, .leftToRight))
        #expect(isClose(unrounded[1], rect(219.9, 0, Self.oddWidth, 50), tolerance: 1e-9))
        let after = unrounded.map { 320 - $0.size.width - Self.pixel($0.minX, 3) }
        let before = unrounded.map { Self.pixel(320 - $0.size.width - $0.minX, 3) }
        for (a, b) in zip(after, before) { #expect(abs(a - b) > 0.05, "the case must tell the two orders apart") }

        let rtl = Self.cells(Self.all(layout, .rightToLeft, scale: 3))
        #expect(rtl.count == 2)
        for (frame, x) in zip(rtl, after) { #expect(abs(frame.minX - x) <= 1e-9, "\(frame.minX) vs \(x)") }
        // x = 0 → 219.9 (off the pixel grid); x = 219.9 → round 220 → −0.1.
        #expect(abs(rtl[0].minX - 219.9) <= 1e-9)
        #expect(abs(rtl[1].minX - -0.1) <= 1e-9)
        #expect(rtl.map(\.minY) == [0, 0])
    }

    @Test func rowPathMirrorsBeforeRounding() {
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.vertical),
            sections: [Self.sizes([(Self.oddWidth, 50), (Self.oddWidth, 40)])], crossAxisLength: 320))
        let unrounded = Self.cells(Self.all(layout, .leftToRight))
        #expect(isClose(unrounded[1], rect(110.1, 5, Self.oddWidth, 40), tolerance: 1e-9))
        let after = unrounded.map { 320 - $0.size.width - Self.pixel($0.minX, 3) }
        let before = unrounded.map { Self.pixel(320 - $0.size.width - $0.minX, 3) }
        for (a, b) in zip(after, before) { #expect(abs(a - b) > 0.05, "the case must tell the two orders apart") }

        let rtl = Self.cells(Self.all(layout, .rightToLeft, scale: 3))
        #expect(rtl.count == 2)
        for (frame, x) in zip(rtl, before) { #expect(abs(frame.minX - x) <= 1e-9, "\(frame.minX) vs \(x)") }
        // 219.9 → 220; 109.8 → 329.4 px → 109.6667.
        expectClose(rtl, [rect(220, 0, Self.oddWidth, 50), rect(109.6667, 5, Self.oddWidth, 40)])
    }

    @Test func bothPathsInOneLayoutEachUseTheirOwnOrder() {
        // Section 0 uniform, section 1 row path, a header between them at a non-pixel height.
        var settings = Self.settings(.vertical, itemSize: Size(width: Self.oddWidth, height: 50), header: 33.3)
        settings.sectionInset = EdgeInsets(top: 0, left: 7.7, bottom: 0, right: 0)
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings,
            sections: [FlowSection(items: .count(5)), Self.sizes([(Self.oddWidth, 50), (Self.oddWidth, 40), (45.45, 20)])],
            crossAxisLength: 320))
        let ltr = Self.byKey(Self.all(layout, .leftToRight))
        let rtl = Self.all(layout, .rightToLeft, scale: 3)
        var told = 0
        for element in rtl {
            let f = ltr[Self.key(element)]!
            switch element.kind {
            case .cell:
                let after = 320 - f.size.width - Self.pixel(f.minX, 3)
                let before = Self.pixel(320 - f.size.width - f.minX, 3)
                if abs(after - before) > 1e-6 { told += 1 }
                let expected = element.section == 0 ? after : before
                #expect(abs(element.frame.minX - expected) <= 1e-9, "\(Self.key(element))")
                #expect(element.frame.minY == Self.pixel(f.minY, 3))
            default:
                #expect(element.frame == rect(0, Self.pixel(f.minY, 3), 320, f.size.height))
            }
        }
        #expect(told >= 4, "most cells tell the orders apart")
    }

    // MARK: Horizontal, uniform sections: a full mirror across the content width

    static func horizontalUniform() -> BaseLayout {
        let settings = Self.settings(.horizontal, header: 30, footer: 20, inset: EdgeInsets(top: 10, left: 5, bottom: 10, right: 5))
        return BaseLayout(FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .count(5)),
                FlowSection(items: .count(11), sectionInset: EdgeInsets(top: 0, left: 12, bottom: 20, right: 3)),
                FlowSection(items: .count(0)),
                FlowSection(items: .count(1), headerReferenceSize: Size(width: 44, height: 44), footerReferenceSize: .zero),
                Self.sizes(Array(repeating: (40, 70), count: 4)),
            ],
            crossAxisLength: 200))
    }

    @Test func example8MirroredHorizontally() {
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.horizontal, header: 30, footer: 20, inset: EdgeInsets(top: 10, left: 5, bottom: 10, right: 5)),
            sections: [FlowSection(items: .count(5))], crossAxisLength: 200))
        #expect(layout.contentSize == Size(width: 170, height: 200))
        let rtl = Self.all(layout, .rightToLeft)
        #expect(Self.cells(rtl) == [rect(85, 10, 50, 50), rect(85, 75, 50, 50), rect(85, 140, 50, 50), rect(25, 10, 50, 50), rect(25, 75, 50, 50)])
        #expect(rtl.first { $0.kind == .header }?.frame == rect(140, 0, 30, 200), "header at the right end")
        #expect(rtl.first { $0.kind == .footer }?.frame == rect(0, 0, 20, 200), "footer at the left end")
    }

    @Test func horizontalUniformIsAFullMirror() {
        let layout = Self.horizontalUniform()
        let width = layout.contentSize.width
        let ltr = Self.all(layout, .leftToRight)
        let rtl = Self.byKey(Self.all(layout, .rightToLeft))
        #expect(rtl.count == ltr.count)
        for element in ltr {
            let f = element.frame
            let expected = rect(width - f.size.width - f.minX, f.minY, f.size.width, f.size.height)
            #expect(rtl[Self.key(element)].map { isClose($0, expected, tolerance: 1e-9) } == true, "\(Self.key(element))")
        }
        // Headers at the right end of their (mirrored) sections, footers at the left end.
        for index in 0..<layout.sectionCount {
            let section = layout.sectionFrame(index)
            let mirroredMaxX = width - section.minX
            let mirroredMinX = width - section.maxX
            if let header = rtl[Key(kind: .header, section: index, item: 0)] {
                #expect(abs(header.maxX - mirroredMaxX) <= 1e-9, "header \(index)")
            }
            if let footer = rtl[Key(kind: .footer, section: index, item: 0)] {
                #expect(abs(footer.minX - mirroredMinX) <= 1e-9, "footer \(index)")
            }
        }
        // Section 0 is now the rightmost.
        #expect(rtl[Key(kind: .header, section: 0, item: 0)]?.maxX == width)
    }

    @Test func horizontalUniformMirrorsAfterRoundingAtScale3() {
        // Non-pixel spacing and sizes: cells are rounded first, then mirrored across the content width;
        // headers and footers are placed (mirrored), then rounded (§10: "afterwards the origin is rounded").
        var settings = Self.settings(.horizontal, itemSize: Size(width: 50.05, height: 50), header: 30.1, footer: 20.2)
        settings.minimumLineSpacing = 10.1
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(7)), FlowSection(items: .count(8))], crossAxisLength: 200))
        let width = layout.contentSize.width
        let ltr = Self.byKey(Self.all(layout, .leftToRight))
        let rtl = Self.all(layout, .rightToLeft, scale: 3)
        #expect(rtl.count == ltr.count)
        for element in rtl {
            let f = ltr[Self.key(element)]!
            let x = element.kind == .cell
                ? width - f.size.width - Self.pixel(f.minX, 3)
                : Self.pixel(width - f.size.width - f.minX, 3)
            #expect(abs(element.frame.minX - x) <= 1e-9, "\(Self.key(element)): \(element.frame.minX) vs \(x)")
            #expect(element.frame.minY == Self.pixel(f.minY, 3))
        }
    }

    // MARK: Horizontal, row path: sections mirrored, columns kept in order

    /// Example 11's column sizes (height 200, interitem 5, line 20).
    static let example11 = [(50.0, 60.0), (60, 60), (50, 100), (40, 40)]

    static func horizontalRows(_ sections: [FlowSection]) -> BaseLayout {
        var settings = Self.settings(.horizontal)
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        return BaseLayout(FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: 200))
    }

    @Test func example11InRightToLeftKeepsItsColumns() {
        // One section spanning the content: mirroring the section is the identity, and the columns are
        // not reversed, so the frames are the left-to-right ones.
        let layout = Self.horizontalRows([Self.sizes(Self.example11)])
        let expected = [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(65, 0, 50, 100), rect(70, 120, 40, 40)]
        #expect(Self.cells(Self.all(layout, .leftToRight)) == expected)
        #expect(Self.cells(Self.all(layout, .rightToLeft)) == expected)
    }

    @Test func horizontalRowPathMirrorsSectionsButNotColumns() {
        let second = [(30.0, 50.0), (70, 50), (45, 120), (20, 20), (90, 30)]
        let layout = Self.horizontalRows([Self.sizes(Self.example11), Self.sizes(second), Self.sizes(Self.example11)])
        let width = layout.contentSize.width
        let ltr = Self.all(layout, .leftToRight)
        let rtl = Self.all(layout, .rightToLeft)
        let mirrored = Self.byKey(rtl)
        #expect(rtl.count == ltr.count)
        for element in ltr {
            let section = layout.sectionFrame(element.section)
            let mirroredMinX = width - section.maxX
            let frame = mirrored[Self.key(element)]!
            // The same place relative to the section's left edge, in the mirrored section.
            #expect(abs((frame.minX - mirroredMinX) - (element.frame.minX - section.minX)) <= 1e-9, "\(Self.key(element))")
            #expect(frame.minY == element.frame.minY)
            #expect(frame.size == element.frame.size)
        }
        // Section 2 is leftmost now, section 0 rightmost; inside each, item 0's column is still left of
        // item 2's (column order not reversed).
        let first = Self.cells(rtl, section: 0)
        let last = Self.cells(rtl, section: 2)
        #expect(last.allSatisfy { $0.maxX <= first.map(\.minX).min()! })
        #expect(first[0].minX < first[2].minX)
        #expect(abs(first.map(\.maxX).max()! - width) <= 1e-9)
        #expect(last.map(\.minX).min()! == 0)
        // Example 11's numbers, shifted to the right end: section 0 occupies [width − 115, width].
        expectClose(first, [rect(5, 0, 50, 60), rect(0, 140, 60, 60), rect(65, 0, 50, 100), rect(70, 120, 40, 40)]
            .map { rect($0.minX + width - 115, $0.minY, $0.size.width, $0.size.height) }, tolerance: 1e-9)
    }

    @Test func horizontalRowPathColumnsSitBetweenTheMirroredFooterAndHeader() {
        // Header 30 and footer 20 of different widths: left to right the columns take [30, 145];
        // mirrored, the footer is at [0, 20] and the header at [135, 165], and the block of columns
        // moves to [20, 135] without reversing its column order.
        var settings = Self.settings(.horizontal)
        settings.minimumInteritemSpacing = 5
        settings.minimumLineSpacing = 20
        settings.headerReferenceSize = Size(width: 30, height: 0)
        settings.footerReferenceSize = Size(width: 20, height: 0)
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [Self.sizes(Self.example11)], crossAxisLength: 200))
        let ltr = Self.all(layout, .leftToRight)
        let rtl = Self.all(layout, .rightToLeft)
        expectClose(Self.cells(ltr), [rect(35, 0, 50, 60), rect(30, 140, 60, 60), rect(95, 0, 50, 100), rect(100, 120, 40, 40)], tolerance: 1e-9)
        expectClose(Self.cells(rtl), [rect(25, 0, 50, 60), rect(20, 140, 60, 60), rect(85, 0, 50, 100), rect(90, 120, 40, 40)], tolerance: 1e-9)
        let header = rtl.first { $0.kind == .header }!.frame
        let footer = rtl.first { $0.kind == .footer }!.frame
        #expect(header == rect(135, 0, 30, 200))
        #expect(footer == rect(0, 0, 20, 200))
        #expect(Self.cells(rtl).allSatisfy { $0.minX >= footer.maxX && $0.maxX <= header.minX })
    }

    @Test func horizontalRowPathMirrorsTheOffsetInsideAColumn() {
        // crossAlignment start puts thinner items at the column's left edge; right to left, at its right.
        var settings = Self.settings(.horizontal)
        settings.crossAlignment = .start
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings, sections: [Self.sizes([(50, 60), (60, 60)])], crossAxisLength: 200))
        #expect(Self.cells(Self.all(layout, .leftToRight))[0].minX == 0)
        #expect(Self.cells(Self.all(layout, .rightToLeft))[0].minX == 10)
    }

    // MARK: Horizontal pinned headers (§10, manual RTL mirroring)

    /// Height 200, 50×50 items, header 30, footer 20: each section is 3 columns, 220 wide; content 440.
    /// Mirrored: section 0 = [220, 440] with its header at [410, 440]; section 1 = [0, 220], header [190, 220].
    static func pinnedHorizontal(headers: Bool = true, footers: Bool = false, contentInset: EdgeInsets = .zero) -> BaseLayout {
        var settings = Self.settings(.horizontal, header: 30, footer: 20)
        settings.sectionHeadersPinToVisibleBounds = headers
        settings.sectionFootersPinToVisibleBounds = footers
        return BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(9)), FlowSection(items: .count(9))],
            crossAxisLength: 200, contentInset: contentInset))
    }

    static func headers(_ layout: BaseLayout, bx: Double, contentInset: EdgeInsets = .zero, scale: Double? = nil) -> [Int: Rect] {
        var result: [LayoutAttributes] = []
        layout.attributes(
            in: Viewport(bounds: rect(bx, 0, 300, 200), contentInset: contentInset, scale: scale, layoutDirection: .rightToLeft),
            into: &result)
        return Dictionary(uniqueKeysWithValues: result.filter { $0.kind == .header }.map { ($0.section, $0.frame) })
    }

    @Test(arguments: [
        (140.0, 410.0 as Double?, 190.0 as Double?),  // V = [140, 440]: nothing to pin
        (100, 370, 190),  // V.maxX 400 < 440: header 0 follows the right edge
        (0, 270, 190),
        (-50, 240, 190),  // 220 − 20 < 220: held at S.minX + fW = 240
        (-120, nil, 150),  // section 0 off screen; header 1 follows the right edge
        (-200, nil, 70),
        (-260, nil, 20),  // 10 − 20 < 0: held at S.minX + fW = 20
    ])
    func pinnedHeaderWorkedValues(bx: Double, header0: Double?, header1: Double?) {
        let headers = Self.headers(Self.pinnedHorizontal(), bx: bx)
        #expect(headers[0]?.minX == header0)
        #expect(headers[1]?.minX == header1)
        for frame in headers.values { #expect(frame.minY == 0 && frame.size == Size(width: 30, height: 200)) }
    }

    @Test func pinnedHeaderUsesTheRightContentInset() throws {
        let inset = EdgeInsets(top: 0, left: 12, bottom: 0, right: 16)
        let headers = Self.headers(Self.pinnedHorizontal(contentInset: inset), bx: 100, contentInset: inset)
        let x = try #require(headers[0]).minX
        #expect(x == 400 - 16 - 30 as Double)  // V.maxX = 100 + 300 − 16
    }

    @Test func pinningOffLeavesHeadersAtTheirMirroredPlace() {
        let headers = Self.headers(Self.pinnedHorizontal(headers: false), bx: 0)
        #expect(headers[0] == nil, "natural header 0 at [410, 440] is outside [0, 300]")
        #expect(headers[1]?.minX == 190)
    }

    /// §10's rule, written out, on mirrored frames; nil when the header is not returned.
    static func expectedPinnedHeader(
        section index: Int, bx: Double, inset: EdgeInsets, layout: BaseLayout, header hW: Double = 30, footer fW: Double = 20
    ) -> Double? {
        let width = layout.contentSize.width
        let section = layout.sectionFrame(index)
        let sMin = width - section.maxX
        let sMax = width - section.minX
        let bounds = rect(bx, 0, 300, 200)
        guard rect(sMin, 0, sMax - sMin, 200).touches(bounds) else { return nil }
        let hX = sMax - hW  // natural header: the right end of the mirrored section
        let vMaxX = bounds.maxX - inset.right
        var x = hX
        if vMaxX < hX + hW { x = vMaxX - hW }
        if x - fW < sMin { x = sMin + fW }
        guard rect(x, 0, hW, 200).touches(bounds) else { return nil }
        return x
    }

    @Test(arguments: [EdgeInsets.zero, EdgeInsets(top: 0, left: 12, bottom: 0, right: 16)])
    func pinnedHeaderSweepFollowsTheRule(inset: EdgeInsets) {
        let layout = Self.pinnedHorizontal(contentInset: inset)
        for bx in stride(from: -420.0, through: 520, by: 3.25) {
            let headers = Self.headers(layout, bx: bx, contentInset: inset)
            for index in 0..<2 {
                let expected = Self.expectedPinnedHeader(section: index, bx: bx, inset: inset, layout: layout)
                #expect(headers[index]?.minX == expected, "bx \(bx) header \(index)")
            }
        }
    }

    @Test func pinnedHeaderIsRoundedAfterPinning() {
        let layout = Self.pinnedHorizontal()
        // V.maxX = 100.1 + 300 < 440 → 370.1 → @3x 370.0 (1110.3 px → 1110).
        let headers = Self.headers(layout, bx: 100.1, scale: 3)
        #expect(abs(headers[0]!.minX - 370) <= 1e-9)
    }

    @Test func rightToLeftFootersFollowTheLeftToRightRule() {
        // §10: footers are not direction-aware; the LTR footer rule runs on the mirrored frames.
        let layout = Self.pinnedHorizontal(headers: false, footers: true)
        let width = layout.contentSize.width
        for bx in stride(from: -420.0, through: 520, by: 3.25) {
            var result: [LayoutAttributes] = []
            let bounds = rect(bx, 0, 300, 200)
            layout.attributes(in: Viewport(bounds: bounds, layoutDirection: .rightToLeft), into: &result)
            let footers = Dictionary(uniqueKeysWithValues: result.filter { $0.kind == .footer }.map { ($0.section, $0.frame.minX) })
            for index in 0..<2 {
                let section = layout.sectionFrame(index)
                let sMin = width - section.maxX
                var expected: Double? = nil
                if rect(sMin, 0, section.size.width, 200).touches(bounds) {
                    var x = sMin  // natural mirrored footer: the left end of the section
                    if bounds.maxX < x + 20 { x = bounds.maxX - 20 }
                    if x - 30 < sMin { x = sMin + 30 }
                    if rect(x, 0, 20, 200).touches(bounds) { expected = x }
                }
                #expect(footers[index] == expected, "bx \(bx) footer \(index)")
            }
        }
    }

    // MARK: Visible query on mirrored frames

    struct QueryCase: CustomTestStringConvertible, Sendable {
        var name: String
        var input: FlowLayoutInput
        var scale: Double?
        var testDescription: String { name }
    }

    static let queryCases: [QueryCase] = {
        var zeroGapHorizontal = VisibleQueryTests.settings(.horizontal)
        zeroGapHorizontal.itemSize = Size(width: 100, height: 100)
        zeroGapHorizontal.minimumInteritemSpacing = 0
        zeroGapHorizontal.minimumLineSpacing = 0
        return [
            QueryCase(name: "vertical uniform", input: FlowLayoutInput(sections: [FlowSection(items: .count(500))], crossAxisLength: 375), scale: nil),
            QueryCase(name: "vertical sections with headers and footers", input: FlowLayoutInput(
                settings: VisibleQueryTests.settings(.vertical, header: 40, footer: 20),
                sections: VisibleQueryTests.mixedSections(seed: 71), crossAxisLength: 320,
                contentInset: EdgeInsets(top: 0, left: 8, bottom: 0, right: 20)), scale: nil),
            QueryCase(name: "vertical sections at scale 3", input: FlowLayoutInput(
                settings: VisibleQueryTests.settings(.vertical, header: 33.3, footer: 17.7),
                sections: VisibleQueryTests.mixedSections(seed: 81), crossAxisLength: 414.5), scale: 3),
            QueryCase(name: "horizontal uniform", input: FlowLayoutInput(
                settings: VisibleQueryTests.settings(.horizontal, header: 30, footer: 20),
                sections: [FlowSection(items: .count(300)), FlowSection(items: .count(41))], crossAxisLength: 480), scale: nil),
            QueryCase(name: "horizontal sections with headers and footers", input: FlowLayoutInput(
                settings: VisibleQueryTests.settings(.horizontal, header: 30, footer: 20),
                sections: VisibleQueryTests.mixedSections(seed: 91), crossAxisLength: 400), scale: nil),
            QueryCase(name: "horizontal sections at scale 3", input: FlowLayoutInput(
                settings: VisibleQueryTests.settings(.horizontal, header: 30.25, footer: 10.1),
                sections: VisibleQueryTests.mixedSections(seed: 101), crossAxisLength: 333), scale: 3),
            QueryCase(name: "zero-gap horizontal tiling", input: FlowLayoutInput(
                settings: zeroGapHorizontal, sections: [FlowSection(items: .count(90)), FlowSection(items: .count(7))],
                crossAxisLength: 300), scale: nil),
        ]
    }()

    /// §9 on the frames as reported (mirrored): the element's section frame (mirrored across the content
    /// width when horizontal) must touch `rect`; uniform cells count when their row touches and their
    /// column starts before the far edge; everything else when its frame touches.
    static func bruteForce(_ all: [LayoutAttributes], layout: BaseLayout, rect: Rect) -> [LayoutAttributes] {
        guard !rect.isEmpty else { return [] }
        let vertical = layout.scrollDirection == .vertical
        return all.filter { element in
            var section = layout.sectionFrame(element.section)
            if !vertical { section.origin.x = layout.contentSize.width - section.maxX }
            guard section.touches(rect) else { return false }
            let frame = element.frame
            guard element.kind == .cell, case .uniform = layout.sections[element.section].body else {
                return frame.touches(rect)
            }
            let (scrollMin, scrollMax) = vertical ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX)
            let (alongMin, alongMax) = vertical ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY)
            let (rectScrollMin, rectScrollMax) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
            let (rectAlongMin, rectAlongMax) = vertical ? (rect.minX, rect.maxX) : (rect.minY, rect.maxY)
            return scrollMax >= rectScrollMin && scrollMin <= rectScrollMax
                && alongMax >= rectAlongMin && alongMin < rectAlongMax
        }
    }

    @Test(arguments: queryCases)
    func visibleQueryEqualsBruteForceFilter(_ testCase: QueryCase) {
        let layout = BaseLayout(testCase.input)
        let all = Self.all(layout, .rightToLeft, scale: testCase.scale)
        #expect(all.filter { $0.kind == .cell }.count == testCase.input.itemCount, "every item is laid out")
        var nonEmpty = 0
        for (index, bounds) in VisibleQueryTests.randomRects(count: 400, around: all, content: layout.contentSize, seed: 77).enumerated() {
            var visible: [LayoutAttributes] = []
            layout.attributes(in: Viewport(bounds: bounds, scale: testCase.scale, layoutDirection: .rightToLeft), into: &visible)
            let expected = Self.bruteForce(all, layout: layout, rect: bounds)
            if !expected.isEmpty { nonEmpty += 1 }
            let missing = expected.filter { !visible.contains($0) }.prefix(3)
            let extra = visible.filter { !expected.contains($0) }.prefix(3)
            #expect(visible == expected, "rect \(index) \(bounds): missing \(missing), extra \(extra)")
        }
        #expect(nonEmpty > 200, "most random rects see something")
    }
}
