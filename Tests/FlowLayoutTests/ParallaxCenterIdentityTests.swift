@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// docs/parallax.md §2.1, `center` model: linearity in the scroll offset and mirror symmetry about the viewport
/// centre (issue 4, item 8), vertical and horizontal, with and without clamp and in both directions.
///
/// offset = d · k with d = (By + H/2) − (f.y + h/2) and k = M / (H/2 + h/2), so
/// offset(By + Δ) − offset(By) = Δ · M / (H/2 + h/2) = 2MΔ / (H + h), the same for every By, and a cell
/// centred at distance +d below the viewport centre gets exactly minus the offset of one at −d.
@Suite("Parallax: center model linearity and symmetry")
struct ParallaxCenterIdentityTests {
    static func viewport(_ by: Double, height: Double, _ direction: ScrollDirection) -> Viewport {
        direction == .vertical
            ? Viewport(bounds: rect(0, by, 320, height))
            : Viewport(bounds: rect(by, 0, height, 320))
    }

    /// A cell of length `h` along the scroll axis whose centre is at `centre`.
    static func cell(centre: Double, length h: Double, _ direction: ScrollDirection) -> Rect {
        direction == .vertical ? rect(0, centre - h / 2, 320, h) : rect(centre - h / 2, 0, h, 320)
    }

    static func offset(
        _ model: CellParallax, centre: Double, length: Double, by: Double, height: Double, _ direction: ScrollDirection
    ) -> Double {
        model.effect(
            frame: cell(centre: centre, length: length, direction), viewport: viewport(by, height: height, direction),
            scrollDirection: direction
        ).offset
    }

    // MARK: Linearity, exact values

    /// M = 30, H = 568, h = 200: k = 30/384 = 5/64 (exact in binary). A cell centred at y 200:
    /// By = 0 → d 84 → 6.5625 (docs/parallax.md's worked value); every 16 pt of scroll adds 16 · 5/64 = 1.25.
    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func exactStepsOfTheWorkedExample(direction: ScrollDirection) {
        let model = CellParallax(model: .center, maxOffset: 30)
        for k in 0..<20 {
            let by = 16 * Double(k)
            let got = Self.offset(model, centre: 200, length: 200, by: by, height: 568, direction)
            #expect(got == 6.5625 + 1.25 * Double(k), "By \(by)")
        }
        // Scrolling back (By < 0) continues the same line: By = −64 → d 20 → 1.5625.
        #expect(Self.offset(model, centre: 200, length: 200, by: -64, height: 568, direction) == 1.5625)
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func reverseHasTheNegatedSlope(direction: ScrollDirection) {
        let model = CellParallax(model: .center, maxOffset: 30, direction: .reverse)
        for k in 0..<20 {
            let got = Self.offset(model, centre: 200, length: 200, by: 16 * Double(k), height: 568, direction)
            #expect(got == -(6.5625 + 1.25 * Double(k)))
        }
    }

    // MARK: Linearity, random cases

    struct Case {
        var by: Double
        var height: Double
        var length: Double
        var m: Double
        var centre: Double
        var step: Double
    }

    static func cases(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let by = Double.random(in: -500...5000, using: &random)
            let height = Double.random(in: 100...1000, using: &random)
            return Case(
                by: by, height: height, length: Double.random(in: 1...600, using: &random),
                m: Double.random(in: 1...80, using: &random),
                centre: by + Double.random(in: -1500...2500, using: &random),
                step: Double.random(in: 0.1...40, using: &random))
        }
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal], [CellParallax.Direction.natural, .reverse])
    func differenceForAFixedStepIsConstant(direction: ScrollDirection, sense: CellParallax.Direction) {
        for c in Self.cases(count: 200, seed: 300) {
            let model = CellParallax(model: .center, maxOffset: c.m, direction: sense)
            let offsets = (0..<40).map { k in
                Self.offset(model, centre: c.centre, length: c.length, by: c.by + c.step * Double(k), height: c.height, direction)
            }
            let differences = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
            // d offset / d By = M / (H/2 + h/2), negated for reverse.
            let slope = (sense == .natural ? 1 : -1) * c.m / (c.height / 2 + c.length / 2)
            let tolerance = 1e-9 * max(1, abs(offsets.map(abs).max()!))
            for difference in differences {
                #expect(abs(difference - differences[0]) <= tolerance, "\(c)")
                #expect(abs(difference - slope * c.step) <= tolerance, "\(c)")
            }
        }
    }

    @Test func linearInTheStepSize() {
        // offset(By + Δ) − offset(By) is proportional to Δ: doubling the step doubles the change.
        for c in Self.cases(count: 200, seed: 310) {
            let model = CellParallax(model: .center, maxOffset: c.m)
            let at = { (by: Double) in Self.offset(model, centre: c.centre, length: c.length, by: by, height: c.height, .vertical) }
            let once = at(c.by + c.step) - at(c.by)
            let twice = at(c.by + 2 * c.step) - at(c.by)
            #expect(abs(twice - 2 * once) <= 1e-9 * max(1, abs(at(c.by))), "\(c)")
        }
    }

    @Test func clampedOffsetIsLinearUntilItReachesM() {
        // Clamped, the offset follows the same line while |offset| < M and stays at ±M beyond.
        for c in Self.cases(count: 200, seed: 320) {
            let free = CellParallax(model: .center, maxOffset: c.m)
            let clamped = CellParallax(model: .center, maxOffset: c.m, clamp: true)
            for k in 0..<60 {
                let by = c.by + c.step * Double(k) * 10
                let unclamped = Self.offset(free, centre: c.centre, length: c.length, by: by, height: c.height, .vertical)
                let got = Self.offset(clamped, centre: c.centre, length: c.length, by: by, height: c.height, .vertical)
                if abs(unclamped) < c.m {
                    #expect(got == unclamped)
                } else {
                    #expect(got == (unclamped > 0 ? c.m : -c.m))
                }
            }
        }
    }

    // MARK: Mirror symmetry, exact values

    /// M = 30, H = 568, h = 200, By = 1000 (centre 1284): a cell centred d = 100 below gets
    /// −100 · 5/64 = −7.8125, one 100 above +7.8125; at d = 384 (touching the edges) −30 and +30;
    /// at d = 516, unclamped ∓40.3125 (docs/parallax.md's "below" row) and ∓30 clamped.
    @Test(arguments: [
        (100.0, -7.8125, -7.8125),
        (384, -30, -30),
        (516, -40.3125, -30),
        (0, 0, 0),
        (8, -0.625, -0.625),
    ])
    func exactMirrorPairs(d: Double, below: Double, belowClamped: Double) {
        for direction in [ScrollDirection.vertical, .horizontal] {
            for (clamp, expected) in [(false, below), (true, belowClamped)] {
                let model = CellParallax(model: .center, maxOffset: 30, clamp: clamp)
                let down = Self.offset(model, centre: 1284 + d, length: 200, by: 1000, height: 568, direction)
                let up = Self.offset(model, centre: 1284 - d, length: 200, by: 1000, height: 568, direction)
                #expect(down == expected, "d \(d) clamp \(clamp) \(direction)")
                #expect(up == -expected, "d \(d) clamp \(clamp) \(direction)")
            }
        }
    }

    // MARK: Mirror symmetry, random cases

    @Test(arguments: [ScrollDirection.vertical, .horizontal], [false, true])
    func cellsMirroredAboutTheCentreGetOppositeOffsets(direction: ScrollDirection, clamp: Bool) {
        var random = SplitMix64(seed: 331)
        for c in Self.cases(count: 300, seed: 330) {
            let centre = c.by + c.height / 2
            let d = Double.random(in: 0...1500, using: &random)
            for sense in [CellParallax.Direction.natural, .reverse] {
                let model = CellParallax(model: .center, maxOffset: c.m, clamp: clamp, direction: sense)
                let below = Self.offset(model, centre: centre + d, length: c.length, by: c.by, height: c.height, direction)
                let above = Self.offset(model, centre: centre - d, length: c.length, by: c.by, height: c.height, direction)
                #expect(abs(below + above) <= 1e-9 * max(1, abs(below)), "\(c) d \(d)")
                // Natural: below the centre the content sits above its rest position (negative).
                #expect(sense == .natural ? below <= 0 : below >= 0, "\(c) d \(d)")
                if clamp { #expect(abs(below) <= c.m) }
            }
        }
    }

    @Test func symmetryHoldsOnARealLayout() {
        // A vertical column of 320×200 cells with spacing 10 (stride 210), bounds 568 high scrolled so
        // the centre (By + 284) lies on cell 5's centre (5 · 210 + 100 = 1150 → By = 866): cells 5 − j
        // and 5 + j are 210·j from the centre and get opposite offsets, cell 5 gets 0.
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 320, height: 200)
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(11))], crossAxisLength: 320))
        let viewport = Viewport(bounds: rect(0, 866, 320, 568))
        var attributes = allAttributes(of: layout)
        Parallax(cells: CellParallax(model: .center, maxOffset: 30)).apply(
            to: &attributes, viewport: viewport, scrollDirection: .vertical)
        let offsets = attributes.sorted { $0.item < $1.item }.map { $0.parallaxOffset!.y }
        #expect(offsets[5] == 0)
        for j in 1...5 {
            // k = 30/384: 210·j·k = 16.40625·j exactly.
            #expect(offsets[5 - j] == 16.40625 * Double(j))
            #expect(offsets[5 + j] == -16.40625 * Double(j))
        }
    }
}
