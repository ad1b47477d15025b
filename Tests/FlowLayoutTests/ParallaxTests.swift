@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// docs/parallax.md §2.1, `center` model: the worked values table and the identities behind it.
@Suite("Parallax: center model")
struct ParallaxTests {
    static let m = 30.0
    static let viewportHeight = 568.0
    static let cellHeight = 200.0

    static func viewport(_ by: Double) -> Viewport {
        Viewport(bounds: rect(0, by, 320, viewportHeight))
    }

    /// A 320×200 cell whose centre is at `centreY`.
    static func cell(centreY: Double) -> Rect {
        rect(0, centreY - cellHeight / 2, 320, cellHeight)
    }

    static func offset(
        _ frame: Rect, _ viewport: Viewport, clamp: Bool = false, direction: CellParallax.Direction = .natural,
        scrollDirection: ScrollDirection = .vertical, maxOffset: Double = m
    ) -> Double {
        CellParallax(model: .center, maxOffset: maxOffset, clamp: clamp, direction: direction)
            .effect(frame: frame, viewport: viewport, scrollDirection: scrollDirection).offset
    }

    // MARK: Worked values (M = 30, H = 568, h = 200)

    @Test(arguments: [
        (0.0, 200.0, 6.5625, 6.5625),
        (1000, 1668, -30, -30),
        (1000, 900, 30, 30),
        (1000, 1800, -40.3125, -30),
        (0, 284, 0, 0),
    ])
    func workedValue(by: Double, centreY: Double, unclamped: Double, clamped: Double) {
        let frame = Self.cell(centreY: centreY)
        #expect(Self.offset(frame, Self.viewport(by)) == unclamped)
        #expect(Self.offset(frame, Self.viewport(by), clamp: true) == clamped)
    }

    @Test func centerModelReportsNoProgress() {
        let effect = CellParallax(model: .center, maxOffset: Self.m)
            .effect(frame: Self.cell(centreY: 200), viewport: Self.viewport(0), scrollDirection: .vertical)
        #expect(effect.progress == nil)
    }

    // MARK: Identities

    /// Random bounds and cells, seeded.
    static func cases(count: Int, seed: UInt64) -> [(by: Double, height: Double, cellHeight: Double, m: Double)] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (Double.random(in: -500...5000, using: &random), Double.random(in: 100...1000, using: &random),
             Double.random(in: 1...600, using: &random), Double.random(in: 1...80, using: &random))
        }
    }

    @Test func exactlyPlusMWhenTheCellTouchesTheTopEdge() {
        for c in Self.cases(count: 200, seed: 1) {
            let bounds = Viewport(bounds: rect(0, c.by, 320, c.height))
            // The cell's bottom edge on the bounds' top edge: it is leaving.
            let frame = rect(0, c.by - c.cellHeight, 320, c.cellHeight)
            let value = Self.offset(frame, bounds, maxOffset: c.m)
            #expect(abs(value - c.m) <= 1e-9 * c.m, "\(c): \(value)")
        }
    }

    @Test func exactlyMinusMWhenTheCellTouchesTheBottomEdge() {
        for c in Self.cases(count: 200, seed: 2) {
            let bounds = Viewport(bounds: rect(0, c.by, 320, c.height))
            // The cell's top edge on the bounds' bottom edge: it is entering.
            let frame = rect(0, c.by + c.height, 320, c.cellHeight)
            let value = Self.offset(frame, bounds, maxOffset: c.m)
            #expect(abs(value + c.m) <= 1e-9 * c.m, "\(c): \(value)")
        }
    }

    @Test func zeroAtTheCentre() {
        for c in Self.cases(count: 200, seed: 3) {
            let bounds = Viewport(bounds: rect(0, c.by, 320, c.height))
            let frame = rect(0, c.by + c.height / 2 - c.cellHeight / 2, 320, c.cellHeight)
            let value = Self.offset(frame, bounds, maxOffset: c.m)
            #expect(abs(value) <= 1e-9 * c.m, "\(c): \(value)")
        }
    }

    @Test func clampKeepsTheOffsetWithinPlusMinusM() {
        var random = SplitMix64(seed: 40)
        for c in Self.cases(count: 200, seed: 4) {
            let bounds = Viewport(bounds: rect(0, c.by, 320, c.height))
            let y = c.by + Double.random(in: -3000...3000, using: &random)
            let frame = rect(0, y, 320, c.cellHeight)
            let unclamped = Self.offset(frame, bounds, maxOffset: c.m)
            let clamped = Self.offset(frame, bounds, clamp: true, maxOffset: c.m)
            #expect(clamped == min(max(unclamped, -c.m), c.m))
        }
    }

    @Test func reverseIsTheNegation() {
        var random = SplitMix64(seed: 5)
        for c in Self.cases(count: 200, seed: 5) {
            let bounds = Viewport(bounds: rect(0, c.by, 320, c.height))
            let frame = rect(0, c.by + Double.random(in: -1000...1000, using: &random), 320, c.cellHeight)
            for clamp in [false, true] {
                let natural = Self.offset(frame, bounds, clamp: clamp, maxOffset: c.m)
                let reverse = Self.offset(frame, bounds, clamp: clamp, direction: .reverse, maxOffset: c.m)
                #expect(reverse == -natural)
            }
        }
    }

    @Test func horizontalLayoutsUseX() {
        var random = SplitMix64(seed: 6)
        for c in Self.cases(count: 200, seed: 6) {
            let along = Double.random(in: -1000...1000, using: &random)
            // The vertical case, transposed: the y of the horizontal frame and bounds must not matter.
            let verticalFrame = rect(17, c.by + along, 90, c.cellHeight)
            let vertical = Viewport(bounds: rect(0, c.by, 320, c.height))
            let horizontalFrame = rect(c.by + along, 12_345, c.cellHeight, 90)
            let horizontal = Viewport(bounds: rect(c.by, -777, c.height, 320))
            let expected = Self.offset(verticalFrame, vertical, maxOffset: c.m)
            #expect(Self.offset(horizontalFrame, horizontal, scrollDirection: .horizontal, maxOffset: c.m) == expected)
        }
    }

    @Test func workedValuesTransposedForHorizontalLayouts() {
        // By = 0, cell centre x = 200, W = 568, w = 200.
        let frame = rect(100, 0, 200, 50)
        let viewport = Viewport(bounds: rect(0, 0, 568, 320))
        #expect(Self.offset(frame, viewport, scrollDirection: .horizontal) == 6.5625)
    }

    // MARK: Applied to attributes

    @Test func applySetsTheScrollAxisComponentOfCellsOnly() {
        let cell = LayoutAttributes(kind: .cell, section: 0, item: 0, frame: Self.cell(centreY: 200), zIndex: 0)
        let header = LayoutAttributes(kind: .header, section: 0, item: 0, frame: rect(0, 0, 320, 40), zIndex: 10)
        let footer = LayoutAttributes(kind: .footer, section: 0, item: 0, frame: rect(0, 400, 320, 30), zIndex: 10)
        let parallax = Parallax(cells: CellParallax(model: .center, maxOffset: Self.m))

        var vertical = [cell, header, footer]
        parallax.apply(to: &vertical, viewport: Self.viewport(0), scrollDirection: .vertical)
        #expect(vertical.count == 3)
        #expect(vertical[0].parallaxOffset == Point(x: 0, y: 6.5625))
        #expect(vertical[1].parallaxOffset == nil)
        #expect(vertical[2].parallaxOffset == nil)
        #expect(vertical.map(\.frame) == [cell, header, footer].map(\.frame), "frames are never shifted")

        let horizontalCell = LayoutAttributes(kind: .cell, section: 0, item: 0, frame: rect(100, 0, 200, 50), zIndex: 0)
        var horizontal = [horizontalCell]
        parallax.apply(to: &horizontal, viewport: Viewport(bounds: rect(0, 0, 568, 320)), scrollDirection: .horizontal)
        #expect(horizontal[0].parallaxOffset == Point(x: 6.5625, y: 0))
    }

    @Test func applyOnRealLayoutMatchesThePerCellFormula() {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 200)
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(60))], crossAxisLength: 320))
        let viewport = Viewport(bounds: rect(0, 1234.5, 320, Self.viewportHeight), scale: 3)
        var attributes: [LayoutAttributes] = []
        layout.attributes(in: viewport, into: &attributes)
        #expect(!attributes.isEmpty)
        Parallax(cells: CellParallax(model: .center, maxOffset: Self.m, direction: .reverse))
            .apply(to: &attributes, viewport: viewport, scrollDirection: .vertical)
        for attribute in attributes {
            let centre = attribute.frame.midY
            let expected = -((1234.5 + Self.viewportHeight / 2) - centre) * Self.m / (Self.viewportHeight / 2 + 100)
            #expect(attribute.parallaxOffset?.x == 0)
            #expect(abs((attribute.parallaxOffset?.y ?? .nan) - expected) <= 1e-9)
        }
    }
}
