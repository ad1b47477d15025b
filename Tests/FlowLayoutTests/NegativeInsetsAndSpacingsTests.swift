@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// Negative section insets and spacings are used as given, as UIKit uses them (docs/flow-layout.md
/// §12: not validated, overlaps possible), but the content size is never negative: a scroll-axis total
/// below zero is 0 (§7). The visible query still finds exactly the elements in view when lines overlap or run
/// backwards, and finds them without walking every line of a counted section.
@Suite("Negative insets and spacings")
struct NegativeInsetsAndSpacingsTests {
    static func settings(
        _ direction: ScrollDirection = .vertical, lineSpacing: Double = 10, interitemSpacing: Double = 10,
        inset: EdgeInsets = .zero, itemSize: Size = Size(width: 50, height: 50)
    ) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.minimumLineSpacing = lineSpacing
        settings.minimumInteritemSpacing = interitemSpacing
        settings.sectionInset = inset
        settings.itemSize = itemSize
        return settings
    }

    static func query(_ layout: BaseLayout, _ bounds: Rect, layoutDirection: LayoutDirection = .leftToRight)
        -> (visible: [LayoutAttributes], examined: Int)
    {
        var visible: [LayoutAttributes] = []
        var examined = 0
        layout.attributes(in: Viewport(bounds: bounds, layoutDirection: layoutDirection), into: &visible, work: &examined)
        return (visible, examined)
    }

    @Test func negativeTopInsetKeepsTheItemWhereUIKitPutsItAndTheHeightAtZero() {
        // The case: one 50×50 item under `sectionInset.top: -500`. The section sums to
        // -500 + 50 = -450 along y; the item sits at y = -500 as in UIKit, the content height is 0.
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(inset: EdgeInsets(top: -500)), sections: [FlowSection(items: .count(1))],
            crossAxisLength: 320))
        #expect(layout.contentSize == Size(width: 320, height: 0))
        let (visible, _) = Self.query(layout, rect(0, -600, 320, 200))
        #expect(visible.map(\.frame) == [rect(0, -500, 50, 50)])
    }

    @Test func negativeBottomInsetShortensTheContentButNotBelowZero() {
        // 50 + 10 + 50 = 110 of lines; a bottom inset of -30 gives 80, one of -200 would give -90.
        let shortened = BaseLayout(FlowLayoutInput(
            settings: Self.settings(inset: EdgeInsets(bottom: -30), itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(items: .count(2))], crossAxisLength: 320))
        #expect(shortened.contentSize == Size(width: 320, height: 80))
        let clamped = BaseLayout(FlowLayoutInput(
            settings: Self.settings(inset: EdgeInsets(bottom: -200), itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(items: .count(2))], crossAxisLength: 320))
        #expect(clamped.contentSize == Size(width: 320, height: 0))
    }

    @Test func hugeNegativeLineSpacingGivesZeroHeightAndTheQueryFindsTheLinesInO1() {
        // 200,000 lines of one 50×50 item at -1e9 spacing: the sum would be about -2e14.
        let count = 200_000
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(lineSpacing: -1e9, itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(items: .count(count))], crossAxisLength: 320))
        #expect(layout.contentSize == Size(width: 320, height: 0))
        // Line i starts at i · (50 - 1e9): line 1234 at -1,233,999,938,300.
        let start = 1234 * (50 - 1e9)
        let (visible, examined) = Self.query(layout, rect(0, start + 10, 320, 5))
        #expect(visible.map(\.item) == [1234])
        #expect(visible.map(\.frame) == [rect(0, start, 320, 50)])
        // Found by arithmetic, as for positive spacing, not by looking at all 200,000 lines.
        #expect(examined < 20, "examined \(examined)")
        let (last, _) = Self.query(layout, rect(0, Double(count - 1) * (50 - 1e9), 320, 1))
        #expect(last.map(\.item) == [count - 1])
    }

    @Test func overlappingUniformLinesAreAllFound() {
        // 50-high lines 20 apart (spacing -30): a 1-point rect at y = 45 is inside lines 0, 1 and 2.
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(lineSpacing: -30, itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(items: .count(10))], crossAxisLength: 320))
        #expect(layout.contentSize == Size(width: 320, height: 230))
        #expect(Self.query(layout, rect(0, 45, 320, 1)).visible.map(\.item) == [0, 1, 2])
    }

    @Test func linesRunningBackwardsAreFoundInOrder() {
        // Spacing -100 with 50-high lines: line i starts at -50 i, each line above the one before.
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(lineSpacing: -100, itemSize: Size(width: 320, height: 50)),
            sections: [FlowSection(items: .count(5))], crossAxisLength: 320))
        #expect(layout.contentSize == Size(width: 320, height: 0))
        // [-60, -40] touches line 1 ([-50, 0]) and line 2 ([-100, -50]); UIKit's order is by item.
        #expect(Self.query(layout, rect(0, -60, 320, 20)).visible.map(\.item) == [1, 2])
        #expect(Self.query(layout, rect(0, -190, 320, 10)).visible.map(\.item) == [4])
    }

    @Test func horizontalNegativeLeftInsetGivesZeroWidth() {
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.horizontal, inset: EdgeInsets(left: -500)), sections: [FlowSection(items: .count(3))],
            crossAxisLength: 200))
        #expect(layout.contentSize == Size(width: 0, height: 200))
        // Right to left mirrors across the content width it reports: x' = 0 - x - 50.
        let ltr = Self.query(layout, rect(-600, 0, 700, 200)).visible.map(\.frame)
        let rtl = Self.query(layout, rect(-100, 0, 700, 200), layoutDirection: .rightToLeft).visible.map(\.frame)
        #expect(ltr.map(\.minX) == [-500, -500, -500])
        #expect(rtl.map(\.minX) == [450, 450, 450])
    }

    @Test func cssNegativePaddingGivesZeroLength() {
        // The column-wrapping CSS case schemathesis found: no items, a padding of -282,910,431 on top
        // and 1.9 below, in a horizontal (column) container: the width was -282,910,429.1.
        var settings = FlowLayoutSettings()
        var css = CSSFlexLayout()
        css.flexDirection = .column
        css.padding = EdgeInsets(top: -282_910_431.5, left: -98_772_752.6, bottom: 1.9, right: 32_682_664.8)
        css.rowGap = 115_487_225.3
        settings.css = css
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .sizes([]))], crossAxisLength: 484_713_066.25))
        #expect(layout.contentSize.width == 0)
        #expect(layout.contentSize.height == 484_713_066.25)
    }

    @Test func sectionsThatEndBeforeTheyStartStillFollowEachOther() {
        // Section 0 sums to -450 (inset -500 and one item); section 1 starts there, as in UIKit, and
        // its two items end at -450 + 50 + 10 + 50 = -340: the whole content is still 0 high.
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(itemSize: Size(width: 320, height: 50)),
            sections: [
                FlowSection(items: .count(1), sectionInset: EdgeInsets(top: -500)),
                FlowSection(items: .count(2)),
            ],
            crossAxisLength: 320))
        #expect(layout.contentSize == Size(width: 320, height: 0))
        let frames = Self.query(layout, rect(0, -1000, 320, 2000)).visible.map(\.frame)
        #expect(frames == [rect(0, -500, 320, 50), rect(0, -450, 320, 50), rect(0, -390, 320, 50)])
    }

    /// Random layouts with negative insets and spacings: the content size is never negative, and the
    /// query returns exactly what a brute-force filter of every element returns.
    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func randomNegativeLayoutsQueryLikeBruteForce(direction: ScrollDirection) {
        var random = SplitMix64(seed: direction == .vertical ? 5 : 6)
        for round in 0..<40 {
            func value(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &random) * 2).rounded() / 2 }
            var settings = Self.settings(
                direction, lineSpacing: value(-120...20), interitemSpacing: value(-60...20),
                inset: EdgeInsets(top: value(-300...30), left: value(-40...30), bottom: value(-300...30), right: value(-40...30)),
                itemSize: Size(width: value(10...90), height: value(10...90)))
            settings.headerReferenceSize = Size(width: value(0...40), height: value(0...40))
            settings.footerReferenceSize = Size(width: value(0...40), height: value(0...40))
            let sections = (0..<3).map { index in
                index == 1
                    ? FlowSection(items: .sizes(VisibleQueryTests.randomSizes(30, seed: UInt64(round), width: 10...120, height: 10...90)),
                                  minimumLineSpacing: value(-80...10))
                    : FlowSection(items: .count(Int(value(0...40))))
            }
            let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: sections, crossAxisLength: 320))
            #expect(layout.contentSize.width >= 0 && layout.contentSize.height >= 0)
            // Everything, from far enough around the content on every side.
            let everything = rect(-1e5, -1e5, 2e5, 2e5)
            let all = Self.query(layout, everything).visible
            #expect(all.filter { $0.kind == .cell }.count == layout.itemCount)
            for _ in 0..<60 {
                let bounds = rect(value(-4000...600), value(-4000...600), value(1...400), value(1...400))
                let expected = VisibleQueryTests.bruteForce(all, layout: layout, rect: bounds)
                #expect(Self.query(layout, bounds).visible == expected, "round \(round), bounds \(bounds)")
            }
        }
    }
}
