@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// docs/parallax.md: the `cover` model and its identities, the WhatsApp-image and table-cell presets,
/// the `center` model's clamp, per-item depth, the stretchy header and the background layers, each with
/// the worked values given there. (The `center` worked-value table itself lives in ParallaxTests.)
@Suite("Parallax: models, presets and layers")
struct ParallaxModelTests {
    // MARK: Helpers

    /// Vertical bounds of height `h` scrolled to `by`.
    static func viewport(by: Double, height: Double, width: Double = 320) -> Viewport {
        Viewport(bounds: rect(0, by, width, height))
    }

    /// A vertical cell of height `h` whose top is `ys` below the top of the bounds scrolled to `by`.
    static func cell(ys: Double, height: Double, by: Double = 0) -> Rect {
        rect(0, by + ys, 320, height)
    }

    static func effect(
        _ model: CellParallax, ys: Double, cellHeight: Double, viewportHeight: Double, by: Double = 0,
        maxOffset: Double? = nil
    ) -> (offset: Double, progress: Double?) {
        model.effect(
            frame: cell(ys: ys, height: cellHeight, by: by), viewport: viewport(by: by, height: viewportHeight),
            scrollDirection: .vertical, maxOffset: maxOffset)
    }

    /// The cover progress of docs/parallax.md §2.2, written out: `c = ((H − b) − y_s) / ((H − t − b) + h)`.
    static func coverProgress(ys: Double, cellHeight h: Double, viewportHeight H: Double, top t: Double = 0, bottom b: Double = 0) -> Double {
        ((H - b) - ys) / ((H - t - b) + h)
    }

    /// A value on a quarter-point grid, so sums and differences of a few of them are exact doubles.
    static func quarter(_ range: ClosedRange<Double>, _ random: inout SplitMix64) -> Double {
        (Double.random(in: range, using: &random) * 4).rounded() / 4
    }

    struct CoverCase {
        var by: Double
        var viewportHeight: Double
        var cellHeight: Double
        var top: Double
        var bottom: Double
        var m: Double

        var insets: EdgeInsets { EdgeInsets(top: top, left: 0, bottom: bottom, right: 0) }
        var viewport: Viewport { ParallaxModelTests.viewport(by: by, height: viewportHeight) }
        /// The inset viewport's top and bottom edges, in content coordinates.
        var insetTop: Double { by + top }
        var insetBottom: Double { by + viewportHeight - bottom }
    }

    /// Seeded cases on the quarter-point grid (M itself is an arbitrary double).
    static func coverCases(count: Int, seed: UInt64, insets: Bool = true) -> [CoverCase] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            CoverCase(
                by: quarter(-800...6000, &random), viewportHeight: quarter(200...1200, &random),
                cellHeight: quarter(1...600, &random), top: insets ? quarter(0...120, &random) : 0,
                bottom: insets ? quarter(0...90, &random) : 0, m: Double.random(in: 0.5...80, using: &random))
        }
    }

    // MARK: cover — definition

    @Test func coverProgressWithoutInsetsIsTheDefinition() throws {
        var random = SplitMix64(seed: 101)
        for c in Self.coverCases(count: 300, seed: 100, insets: false) {
            let ys = Double.random(in: -2000...2000, using: &random)
            let model = CellParallax(model: .cover, maxOffset: c.m)
            let effect = model.effect(
                frame: Self.cell(ys: ys, height: c.cellHeight, by: c.by), viewport: c.viewport, scrollDirection: .vertical)
            // c = (H − y_s) / (H + h)
            let expected = (c.viewportHeight - ys) / (c.viewportHeight + c.cellHeight)
            let progress = try #require(effect.progress)
            #expect(abs(progress - expected) <= 1e-9 * max(1, abs(expected)), "\(c) ys \(ys)")
            #expect(abs(effect.offset - c.m * (2 * expected - 1)) <= 1e-9 * c.m * max(1, abs(expected)))
        }
    }

    @Test func coverProgressWithInsetsIsTheInsetForm() throws {
        var random = SplitMix64(seed: 111)
        for c in Self.coverCases(count: 300, seed: 110) {
            let ys = Double.random(in: -2000...2000, using: &random)
            let model = CellParallax(model: .cover, maxOffset: c.m, insets: c.insets)
            let effect = model.effect(
                frame: Self.cell(ys: ys, height: c.cellHeight, by: c.by), viewport: c.viewport, scrollDirection: .vertical)
            let expected = Self.coverProgress(
                ys: ys, cellHeight: c.cellHeight, viewportHeight: c.viewportHeight, top: c.top, bottom: c.bottom)
            let progress = try #require(effect.progress)
            #expect(abs(progress - expected) <= 1e-9 * max(1, abs(expected)), "\(c) ys \(ys)")
            #expect(abs(effect.offset - c.m * (2 * expected - 1)) <= 1e-9 * c.m * max(1, abs(expected)))
        }
    }

    @Test func coverSimpleValues() {
        // M = 30, H = 600, h = 200: entering (y_s = H) → −M, leaving (y_s = −h) → +M, half way → 0.
        let model = CellParallax(model: .cover, maxOffset: 30)
        let entering = Self.effect(model, ys: 600, cellHeight: 200, viewportHeight: 600, by: 1000)
        #expect(entering.offset == -30)
        #expect(entering.progress == 0)
        let leaving = Self.effect(model, ys: -200, cellHeight: 200, viewportHeight: 600, by: 1000)
        #expect(leaving.offset == 30)
        #expect(leaving.progress == 1)
        let halfWay = Self.effect(model, ys: 200, cellHeight: 200, viewportHeight: 600, by: 1000)
        #expect(halfWay.offset == 0)
        #expect(halfWay.progress == 0.5)
        // c = (600 − 400) / 800 = 0.25 → 30 · (−0.5) = −15.
        let quarterWay = Self.effect(model, ys: 400, cellHeight: 200, viewportHeight: 600)
        #expect(quarterWay.progress == 0.25)
        #expect(quarterWay.offset == -15)
        // Off screen, unclamped: below the bounds c < 0 and |offset| > M.
        let below = Self.effect(model, ys: 1000, cellHeight: 200, viewportHeight: 600)
        #expect(below.progress == -0.5)
        #expect(below.offset == -60)
        let above = Self.effect(model, ys: -600, cellHeight: 200, viewportHeight: 600)
        #expect(above.progress == 1.5)
        #expect(above.offset == 60)
    }

    // MARK: cover — clamp and direction

    @Test func clampKeepsProgressInTheUnitInterval() throws {
        var random = SplitMix64(seed: 121)
        for c in Self.coverCases(count: 300, seed: 120) {
            let ys = Double.random(in: -3000...3000, using: &random)
            let frame = Self.cell(ys: ys, height: c.cellHeight, by: c.by)
            let free = CellParallax(model: .cover, maxOffset: c.m, clamp: false, insets: c.insets)
                .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
            let clamped = CellParallax(model: .cover, maxOffset: c.m, clamp: true, insets: c.insets)
                .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
            let raw = try #require(free.progress)
            let progress = try #require(clamped.progress)
            #expect(progress == min(max(raw, 0), 1))
            #expect((0...1).contains(progress))
            #expect(clamped.offset == c.m * (2 * progress - 1))
            #expect(abs(clamped.offset) <= c.m)
        }
    }

    @Test func clampPinsOffScreenCellsToPlusMinusM() {
        let model = CellParallax(model: .cover, maxOffset: 25, clamp: true)
        let below = Self.effect(model, ys: 5000, cellHeight: 100, viewportHeight: 700)
        #expect(below.progress == 0)
        #expect(below.offset == -25)
        let above = Self.effect(model, ys: -5000, cellHeight: 100, viewportHeight: 700)
        #expect(above.progress == 1)
        #expect(above.offset == 25)
    }

    @Test func reverseNegatesTheOffsetButNotTheProgress() {
        var random = SplitMix64(seed: 131)
        for c in Self.coverCases(count: 300, seed: 130) {
            let ys = Double.random(in: -2000...2000, using: &random)
            let frame = Self.cell(ys: ys, height: c.cellHeight, by: c.by)
            for clamp in [false, true] {
                let natural = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, direction: .natural, insets: c.insets)
                    .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
                let reverse = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, direction: .reverse, insets: c.insets)
                    .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
                #expect(reverse.offset == -natural.offset)
                #expect(reverse.progress == natural.progress)
            }
        }
    }

    // MARK: cover — edge identities (exact, on a quarter-point grid)

    @Test(arguments: [false, true])
    func progressIsExactlyZeroWhenTheTopTouchesTheBottomEdge(clamp: Bool) {
        for c in Self.coverCases(count: 300, seed: 140) {
            let frame = rect(0, c.insetBottom, 320, c.cellHeight)
            for direction in [CellParallax.Direction.natural, .reverse] {
                let effect = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, direction: direction, insets: c.insets)
                    .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
                #expect(effect.progress == 0, "\(c)")
                #expect(effect.offset == (direction == .natural ? -c.m : c.m), "\(c)")
            }
        }
    }

    @Test(arguments: [false, true])
    func progressIsExactlyOneWhenTheBottomTouchesTheTopEdge(clamp: Bool) {
        for c in Self.coverCases(count: 300, seed: 150) {
            let frame = rect(0, c.insetTop - c.cellHeight, 320, c.cellHeight)
            for direction in [CellParallax.Direction.natural, .reverse] {
                let effect = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, direction: direction, insets: c.insets)
                    .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
                #expect(effect.progress == 1, "\(c)")
                #expect(effect.offset == (direction == .natural ? c.m : -c.m), "\(c)")
            }
        }
    }

    @Test func offsetIsExactlyZeroAtTheMidpoint() {
        for c in Self.coverCases(count: 300, seed: 160) {
            // The cell's centre on the inset viewport's centre.
            let centre = (c.insetTop + c.insetBottom) / 2
            let frame = rect(0, centre - c.cellHeight / 2, 320, c.cellHeight)
            for clamp in [false, true] {
                let effect = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, insets: c.insets)
                    .effect(frame: frame, viewport: c.viewport, scrollDirection: .vertical)
                #expect(effect.progress == 0.5, "\(c)")
                #expect(effect.offset == 0, "\(c)")
            }
        }
    }

    @Test func edgeIdentitiesHoldForTheTargetRectangle() {
        // With a target inset, the identities refer to the target, not to the whole cell.
        var random = SplitMix64(seed: 171)
        for c in Self.coverCases(count: 200, seed: 170) {
            let target = EdgeInsets(top: Self.quarter(0...40, &random), left: 0, bottom: Self.quarter(0...80, &random), right: 0)
            let model = CellParallax(model: .cover, maxOffset: c.m, insets: c.insets, targetInset: target)
            let cellHeight = c.cellHeight + target.top + target.bottom
            // Target top on the inset bottom edge.
            let entering = model.effect(
                frame: rect(0, c.insetBottom - target.top, 320, cellHeight), viewport: c.viewport, scrollDirection: .vertical)
            #expect(entering.progress == 0, "\(c) \(target)")
            #expect(entering.offset == -c.m)
            // Target bottom on the inset top edge.
            let leaving = model.effect(
                frame: rect(0, c.insetTop - c.cellHeight - target.top, 320, cellHeight), viewport: c.viewport,
                scrollDirection: .vertical)
            #expect(leaving.progress == 1, "\(c) \(target)")
            #expect(leaving.offset == c.m)
        }
    }

    // MARK: cover — linearity and symmetry

    @Test func offsetIsLinearInTheScrollOffset() {
        var random = SplitMix64(seed: 181)
        for c in Self.coverCases(count: 100, seed: 180) {
            let frame = rect(0, c.by + Double.random(in: -500...1500, using: &random), 320, c.cellHeight)
            let step = Double.random(in: 0.1...40, using: &random)
            let model = CellParallax(model: .cover, maxOffset: c.m, insets: c.insets)
            let offsets = (0..<40).map { k in
                model.effect(
                    frame: frame, viewport: Self.viewport(by: c.by + step * Double(k), height: c.viewportHeight),
                    scrollDirection: .vertical
                ).offset
            }
            let differences = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
            // d offset / d By = 2M / ((H − t − b) + h): scrolling down moves the image down relative to the cell.
            let slope = 2 * c.m / ((c.viewportHeight - c.top - c.bottom) + c.cellHeight)
            for difference in differences {
                #expect(abs(difference - differences[0]) <= 1e-9, "\(c) step \(step)")
                #expect(abs(difference - slope * step) <= 1e-9, "\(c) step \(step)")
            }
        }
    }

    @Test func cellsMirroredAboutTheCentreGetOppositeOffsets() {
        var random = SplitMix64(seed: 191)
        for c in Self.coverCases(count: 300, seed: 190) {
            let centre = (c.insetTop + c.insetBottom) / 2
            let d = Double.random(in: 0...1500, using: &random)
            let below = rect(0, centre + d - c.cellHeight / 2, 320, c.cellHeight)
            let above = rect(0, centre - d - c.cellHeight / 2, 320, c.cellHeight)
            for clamp in [false, true] {
                let model = CellParallax(model: .cover, maxOffset: c.m, clamp: clamp, insets: c.insets)
                let a = model.effect(frame: below, viewport: c.viewport, scrollDirection: .vertical)
                let b = model.effect(frame: above, viewport: c.viewport, scrollDirection: .vertical)
                #expect(abs(a.offset + b.offset) <= 1e-9 * max(1, abs(a.offset)), "\(c) d \(d)")
                #expect(abs(a.progress! + b.progress! - 1) <= 1e-9 * max(1, abs(a.progress!)))
                #expect(a.offset <= 0, "below the centre the image sits above its rest position")
            }
        }
    }

    // MARK: cover — horizontal layouts

    @Test func horizontalLayoutsUseXWithLeftAndRightInsets() {
        var random = SplitMix64(seed: 201)
        for c in Self.coverCases(count: 300, seed: 200) {
            let ys = Double.random(in: -2000...2000, using: &random)
            let target = EdgeInsets(top: Self.quarter(0...30, &random), left: 0, bottom: Self.quarter(0...30, &random), right: 0)
            let clamp = Bool.random(using: &random)
            let direction: CellParallax.Direction = Bool.random(using: &random) ? .natural : .reverse
            // Vertical reference; its left/right insets must be ignored.
            let vertical = CellParallax(
                model: .cover, maxOffset: c.m, clamp: clamp, direction: direction,
                insets: EdgeInsets(top: c.top, left: 999, bottom: c.bottom, right: 777),
                targetInset: EdgeInsets(top: target.top, left: 55, bottom: target.bottom, right: 66))
            let verticalFrame = rect(13, c.by + ys, 90, c.cellHeight + target.top + target.bottom)
            let expected = vertical.effect(frame: verticalFrame, viewport: c.viewport, scrollDirection: .vertical)
            // Transposed: x carries the effect, left/right are the insets, top/bottom must be ignored.
            let horizontal = CellParallax(
                model: .cover, maxOffset: c.m, clamp: clamp, direction: direction,
                insets: EdgeInsets(top: 444, left: c.top, bottom: 333, right: c.bottom),
                targetInset: EdgeInsets(top: 77, left: target.top, bottom: 88, right: target.bottom))
            let horizontalFrame = rect(c.by + ys, -321, c.cellHeight + target.top + target.bottom, 90)
            let horizontalViewport = Viewport(bounds: rect(c.by, 4321, c.viewportHeight, 320))
            let got = horizontal.effect(frame: horizontalFrame, viewport: horizontalViewport, scrollDirection: .horizontal)
            #expect(got.offset == expected.offset, "\(c)")
            #expect(got.progress == expected.progress, "\(c)")
        }
    }

    @Test func horizontalWorkedValues() {
        // W = 800, w = 200, insets left 100 / right 50 (the WhatsApp numbers, turned on their side).
        let model = CellParallax.whatsAppImage(imageOverflow: 20, insets: EdgeInsets(top: 0, left: 100, bottom: 0, right: 50))
        let viewport = Viewport(bounds: rect(500, 0, 800, 300))
        for (xs, constant) in [(-100.0, 0.0), (750, -20), (325, -10), (-150, 0)] {
            let effect = model.effect(frame: rect(500 + xs, 20, 200, 100), viewport: viewport, scrollDirection: .horizontal)
            #expect(abs(effect.offset - 10 - constant) <= 1e-9, "x_s \(xs)")
        }
        var attributes = [LayoutAttributes(kind: .cell, section: 0, item: 0, frame: rect(500 + 325 + 75, 20, 200, 100), zIndex: 0)]
        Parallax(cells: model).apply(to: &attributes, viewport: viewport, scrollDirection: .horizontal)
        // x_s = 400 with insets: c = (750 − 400) / 850 → offset 10 · (2c − 1).
        let expected = 10 * (2 * (350.0 / 850) - 1)
        #expect(attributes[0].parallaxOffset?.y == 0)
        #expect(abs((attributes[0].parallaxOffset?.x ?? .nan) - expected) <= 1e-9)
    }

    // MARK: WhatsApp-style image parallax (Roland Leth)

    static let whatsAppInsets = EdgeInsets(top: 100, left: 0, bottom: 50, right: 0)

    /// Leth's image top constant: `parallaxOffset.y − A/2`.
    static func leth(_ model: CellParallax, ys: Double, cellHeight: Double = 200, viewportHeight: Double = 800, by: Double = 1234) -> (constant: Double, progress: Double) {
        let effect = Self.effect(model, ys: ys, cellHeight: cellHeight, viewportHeight: viewportHeight, by: by)
        return (effect.offset - 20 / 2, effect.progress!)
    }

    @Test func whatsAppPresetIsClampedCoverWithHalfTheOverflow() {
        let model = CellParallax.whatsAppImage(imageOverflow: 20, insets: Self.whatsAppInsets)
        #expect(model.model == .cover)
        #expect(model.maxOffset == 10)
        #expect(model.clamp)
        #expect(model.direction == .natural)
        #expect(model.insets == Self.whatsAppInsets)
        #expect(model.targetInset == .zero)
    }

    @Test(arguments: [
        (-100.0, 0.0, 1.0),
        (750, -20, 0),
        (325, -10, 0.5),
        (-150, 0, 1),  // c = 900/850, clamped
    ])
    func whatsAppWorkedValues(ys: Double, constant: Double, progress: Double) {
        let model = CellParallax.whatsAppImage(imageOverflow: 20, insets: Self.whatsAppInsets)
        let got = Self.leth(model, ys: ys)
        #expect(abs(got.constant - constant) <= 1e-9, "y_s \(ys): \(got.constant)")
        #expect(got.progress == progress)
        // Leth's own form: −A · (1 − c').
        #expect(abs(got.constant - -20 * (1 - got.progress)) <= 1e-9)
    }

    @Test func whatsAppWithoutInsets() {
        // c = (800 − 400) / 1000 = 0.4 → −20 · 0.6 = −12.
        let model = CellParallax.whatsAppImage(imageOverflow: 20)
        let got = Self.leth(model, ys: 400)
        #expect(abs(got.constant - -12) <= 1e-9, "\(got.constant)")
        #expect(abs(got.progress - 0.4) <= 1e-12)
    }

    @Test func whatsAppClampsBelowTheBottomBar() {
        let model = CellParallax.whatsAppImage(imageOverflow: 20, insets: Self.whatsAppInsets)
        let got = Self.leth(model, ys: 780)  // under the 50 pt tab bar: c < 0
        #expect(got.constant == -20)
        #expect(got.progress == 0)
    }

    @Test(arguments: [(-100.0, 0.0), (750.0, -20.0), (325.0, -10.0), (-150.0, 0.0), (100.0, -20.0 * 200 / 850)] as [(Double, Double)])
    func whatsAppTargetInsetTrimsTheLabelsBelowTheImage(ys: Double, constant: Double) {
        // Leth's cells: a 200 pt image above 60 pt of labels. Only the image moves through the viewport,
        // so the 260 pt cell whose image top is at y_s behaves as a 200 pt cell at y_s.
        let model = CellParallax.whatsAppImage(
            imageOverflow: 20, insets: Self.whatsAppInsets, targetInset: EdgeInsets(top: 0, left: 0, bottom: 60, right: 0))
        let got = Self.leth(model, ys: ys, cellHeight: 260)
        #expect(abs(got.constant - constant) <= 1e-9, "y_s \(ys): \(got.constant)")
        let plain = Self.leth(CellParallax.whatsAppImage(imageOverflow: 20, insets: Self.whatsAppInsets), ys: ys)
        #expect(abs(got.constant - plain.constant) <= 1e-12)
    }

    @Test func whatsAppTargetInsetMatters() {
        // Without the target inset the 260 pt cell at y_s = 325 is not half way: c = 425 / 910.
        let whole = Self.leth(CellParallax.whatsAppImage(imageOverflow: 20, insets: Self.whatsAppInsets), ys: 325, cellHeight: 260)
        #expect(abs(whole.progress - 425.0 / 910) <= 1e-12)
        // A target inset at the top shifts y_s: a 30 pt title above the image, labels below.
        let titled = CellParallax.whatsAppImage(
            imageOverflow: 20, insets: Self.whatsAppInsets, targetInset: EdgeInsets(top: 30, left: 0, bottom: 60, right: 0))
        let got = Self.leth(titled, ys: 325 - 30, cellHeight: 290)
        #expect(got.progress == 0.5)
        #expect(abs(got.constant - -10) <= 1e-9)
    }

    // MARK: Table-cell parallax by constraints (Krishan Patel)

    /// Patel's image top constant: `parallaxOffset.y − P`.
    static func patelTop(ys: Double) -> (top: Double, progress: Double) {
        let effect = Self.effect(CellParallax.tableCellImage(factor: 70), ys: ys, cellHeight: 250, viewportHeight: 600, by: -37)
        return (effect.offset - 70, effect.progress!)
    }

    @Test func tableCellPresetIsClampedReverseCover() {
        let model = CellParallax.tableCellImage(factor: 70)
        #expect(model.model == .cover)
        #expect(model.maxOffset == 70)
        #expect(model.clamp)
        #expect(model.direction == .reverse)
    }

    @Test(arguments: [
        (175.0, -70.0, 0.5),
        (600, 0, 0),
        (-250, -140, 1),
        (700, 0, 0),  // clamped
    ])
    func tableCellWorkedValues(ys: Double, top: Double, progress: Double) {
        let got = Self.patelTop(ys: ys)
        #expect(abs(got.top - top) <= 1e-9, "y_s \(ys): \(got.top)")
        #expect(got.progress == progress)
        // Patel's own form: −2P · c'.
        #expect(abs(got.top - -140 * got.progress) <= 1e-9)
    }

    @Test func tableCellAtTheTop() {
        // c = 600 / 850 → −140 · 0.70588… = −98.8235.
        let got = Self.patelTop(ys: 0)
        #expect(abs(got.top - -98.8235) <= 1e-4, "\(got.top)")
        #expect(abs(got.progress - 600.0 / 850) <= 1e-12)
    }

    // MARK: center model, clamp off and on

    @Test(arguments: [
        // (By, cell centre y, unclamped, clamped) with M = 20, H = 400, h = 100: k = 20 / 250.
        (0.0, 450.0, -20.0, -20.0),  // top on the bottom edge
        (0, -50, 20, 20),  // bottom on the top edge
        (0, 700, -40, -20),  // far below
        (0, -300, 40, 20),  // far above
        (500, 575, 10, 10),  // 125 above the centre of [500, 900]
        (500, 825, -10, -10),
        (500, 700, 0, 0),
    ])
    func centerClamp(by: Double, centreY: Double, unclamped: Double, clamped: Double) {
        let frame = rect(0, centreY - 50, 320, 100)
        let viewport = Self.viewport(by: by, height: 400)
        let free = CellParallax(model: .center, maxOffset: 20).effect(frame: frame, viewport: viewport, scrollDirection: .vertical)
        let held = CellParallax(model: .center, maxOffset: 20, clamp: true).effect(frame: frame, viewport: viewport, scrollDirection: .vertical)
        #expect(abs(free.offset - unclamped) <= 1e-9, "\(free.offset)")
        #expect(abs(held.offset - clamped) <= 1e-9, "\(held.offset)")
        #expect(free.progress == nil && held.progress == nil)
    }

    @Test func centerIgnoresCoverInsets() {
        let frame = rect(0, 575 - 50, 320, 100)
        let viewport = Self.viewport(by: 500, height: 400)
        let plain = CellParallax(model: .center, maxOffset: 20).effect(frame: frame, viewport: viewport, scrollDirection: .vertical)
        let inset = CellParallax(
            model: .center, maxOffset: 20, insets: EdgeInsets(top: 64, left: 0, bottom: 49, right: 0),
            targetInset: EdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
        ).effect(frame: frame, viewport: viewport, scrollDirection: .vertical)
        #expect(plain.offset == inset.offset)
    }

    // MARK: Per-item depth

    @Test(arguments: [CellParallax.Model.center, .cover])
    func maxOffsetArgumentOverridesTheModelsM(model: CellParallax.Model) {
        var random = SplitMix64(seed: 211)
        for _ in 0..<200 {
            let by = Double.random(in: -500...5000, using: &random)
            let frame = rect(0, by + Double.random(in: -800...1200, using: &random), 320, Double.random(in: 10...400, using: &random))
            let viewport = Self.viewport(by: by, height: 700)
            let clamp = Bool.random(using: &random)
            let m = Double.random(in: 1...60, using: &random)
            let depth = Double.random(in: 1...60, using: &random)
            let parallax = CellParallax(model: model, maxOffset: m, clamp: clamp, direction: .reverse)
            let overridden = parallax.effect(frame: frame, viewport: viewport, scrollDirection: .vertical, maxOffset: depth)
            var deeper = parallax
            deeper.maxOffset = depth
            let reference = deeper.effect(frame: frame, viewport: viewport, scrollDirection: .vertical)
            #expect(overridden.offset == reference.offset)
            #expect(overridden.progress == reference.progress)
            let unit = parallax.effect(frame: frame, viewport: viewport, scrollDirection: .vertical, maxOffset: 1)
            #expect(abs(overridden.offset - depth * unit.offset) <= 1e-9 * max(1, abs(overridden.offset)))
        }
    }

    @Test func depthClosureOfApplyOverridesOneCellOnly() {
        let frames = [rect(0, 0, 320, 200), rect(0, 210, 320, 200), rect(0, 420, 320, 200)]
        let cells = frames.enumerated().map { LayoutAttributes(kind: .cell, section: 0, item: $0.offset, frame: $0.element, zIndex: 0) }
        let viewport = Self.viewport(by: 100, height: 568)
        let model = CellParallax(model: .cover, maxOffset: 30)

        var plain = cells
        Parallax(cells: model).apply(to: &plain, viewport: viewport, scrollDirection: .vertical)
        var deep = cells
        Parallax(cells: model).apply(to: &deep, viewport: viewport, scrollDirection: .vertical) { section, item in
            section == 0 && item == 1 ? 90 : nil
        }
        for index in frames.indices {
            let expected = model.effect(frame: frames[index], viewport: viewport, scrollDirection: .vertical, maxOffset: index == 1 ? 90 : nil)
            #expect(deep[index].parallaxOffset == Point(x: 0, y: expected.offset))
            #expect(deep[index].progress == expected.progress)
        }
        #expect(deep[0] == plain[0])
        #expect(deep[2] == plain[2])
        #expect(deep[1].progress == plain[1].progress)
        #expect(abs(deep[1].parallaxOffset!.y - 3 * plain[1].parallaxOffset!.y) <= 1e-9)
    }

    @Test func perItemDepthsOfTheRequestReachApply() {
        // Depths given in the sections, NaN where an item has none, read back through the base layout.
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 320, height: 100)
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .count(4), parallaxDepths: [.nan, 5, .nan, 60]),
                FlowSection(items: .count(3)),
            ],
            crossAxisLength: 320))
        #expect(layout.hasParallaxDepths)
        let viewport = Self.viewport(by: 0, height: 800)
        var attributes: [LayoutAttributes] = []
        layout.attributes(in: viewport, into: &attributes)
        #expect(attributes.count == 7)
        let model = CellParallax(model: .center, maxOffset: 30)
        Parallax(cells: model).apply(to: &attributes, viewport: viewport, scrollDirection: .vertical, depth: layout.parallaxDepth)
        for attribute in attributes {
            let depth: Double? = attribute.section == 0 ? [nil, 5, nil, 60][attribute.item] : nil
            let expected = model.effect(frame: attribute.frame, viewport: viewport, scrollDirection: .vertical, maxOffset: depth)
            #expect(attribute.parallaxOffset == Point(x: 0, y: expected.offset), "\(attribute.section).\(attribute.item)")
        }
    }

    // MARK: Stretch header (Michael Teeuw)

    @Test(arguments: [
        (-300.0, -300.0, 300.0),
        (-100, -200, 300),
        (0, -150, 300),
        (300, 0, 300),
        (-380, -380, 380),
    ])
    func stretchHeaderWorkedValues(by: Double, y: Double, height: Double) {
        let header = StretchHeader(height: 300, factor: 2)
        #expect(header.frame(bounds: rect(0, by, 375, 667), scrollDirection: .vertical) == rect(0, y, 375, height))
    }

    @Test func stretchHeaderFactorDefaultsToTwo() {
        #expect(StretchHeader(height: 300).factor == 2)
        #expect(StretchHeader(height: 300).frame(bounds: rect(0, 0, 375, 667), scrollDirection: .vertical) == rect(0, -150, 375, 300))
    }

    @Test func stretchHeaderTopStaysAtTheVisibleTopWhilePulled() {
        var random = SplitMix64(seed: 221)
        for _ in 0..<200 {
            let height = Double.random(in: 50...500, using: &random)
            let by = -height - Double.random(in: 0...400, using: &random)
            let frame = StretchHeader(height: height, factor: Double.random(in: 1...4, using: &random))
                .frame(bounds: rect(0, by, 320, 600), scrollDirection: .vertical)
            #expect(frame.minY == by)
            #expect(abs(frame.maxY) <= 1e-9, "the bottom stays on the content's start")
        }
    }

    @Test(arguments: [
        (-300.0, -300.0, 300.0),
        (-100, -200, 300),
        (0, -150, 300),
        (300, 0, 300),
        (-380, -380, 380),
    ])
    func stretchHeaderHorizontalRunsAlongX(bx: Double, x: Double, width: Double) {
        let header = StretchHeader(height: 300, factor: 2)
        #expect(header.frame(bounds: rect(bx, 20, 667, 375), scrollDirection: .horizontal) == rect(x, 20, width, 375))
    }

    @Test func stretchHeaderOtherFactor() {
        // F = 3, I = 240: By = 60 → s = 300 → y = −240 + 100.
        #expect(StretchHeader(height: 240, factor: 3).frame(bounds: rect(0, 60, 320, 500), scrollDirection: .vertical) == rect(0, -140, 320, 240))
    }

    // MARK: Background layers (Path)

    @Test(arguments: [(0.0, -150.0), (-90, -120), (-300, -50), (100, -250)])
    func backgroundWorkedValues(s: Double, screen: Double) {
        let layer = BackgroundLayer(position: -150, length: 400, rate: 1, overscrollRate: 1.0 / 3)
        #expect(abs(layer.screenPosition(scrollOffset: s) - screen) <= 1e-9)
        let frame = layer.frame(bounds: rect(0, s, 320, 568), scrollDirection: .vertical)
        #expect(abs(frame.minY - (screen + s)) <= 1e-9, "content y = screen y + By")
        #expect(frame.minX == 0 && frame.size.width == 320 && frame.size.height == 400)
    }

    @Test func backgroundDefaultsAreAttachedWithAThirdOnOverscroll() {
        let layer = BackgroundLayer(position: -150, length: 400)
        #expect(layer.rate == 1)
        #expect(layer.overscrollRate == 1.0 / 3)
        #expect(abs(layer.screenPosition(scrollOffset: -90) - -120) <= 1e-9)
    }

    @Test func backgroundAttachedLayerKeepsItsContentPositionWhileScrolling() {
        // Rate 1: the content frame does not move for s ≥ 0.
        let layer = BackgroundLayer(position: -150, length: 400)
        for s in stride(from: 0.0, through: 2000, by: 37.5) {
            #expect(layer.frame(bounds: rect(0, s, 320, 568), scrollDirection: .vertical).minY == -150)
        }
    }

    @Test func backgroundLayersWithDifferentRates() {
        let layers = [
            BackgroundLayer(position: -150, length: 400, rate: 1, overscrollRate: 1.0 / 3),
            BackgroundLayer(position: 0, length: 600, rate: 0.5, overscrollRate: 0.25),
            BackgroundLayer(position: 50, length: 600, rate: 0, overscrollRate: 0),
        ]
        // s = 100: −150 − 100, 0 − 50, 50; s = −120: −150 + 40, 0 + 30, 50.
        let expected: [(Double, [Double])] = [(100, [-250, -50, 50]), (-120, [-110, 30, 50]), (0, [-150, 0, 50])]
        for (s, screens) in expected {
            for (layer, screen) in zip(layers, screens) {
                #expect(abs(layer.screenPosition(scrollOffset: s) - screen) <= 1e-9, "s \(s) \(layer)")
                #expect(abs(layer.frame(bounds: rect(0, s, 320, 568), scrollDirection: .vertical).minY - (screen + s)) <= 1e-9)
            }
        }
    }

    @Test func backgroundHorizontalRunsAlongX() {
        let layer = BackgroundLayer(position: -150, length: 400)
        for (s, screen) in [(0.0, -150.0), (-90, -120), (-300, -50), (100, -250)] {
            let frame = layer.frame(bounds: rect(s, 12, 568, 320), scrollDirection: .horizontal)
            #expect(abs(frame.minX - (screen + s)) <= 1e-9)
            #expect(frame.minY == 12 && frame.size.height == 320 && frame.size.width == 400)
        }
    }

    // MARK: Layers appended by apply

    @Test func applyAppendsLayersThatIntersectTheBoundsBehindTheCells() {
        let cell = LayoutAttributes(kind: .cell, section: 0, item: 0, frame: rect(0, 0, 320, 100), zIndex: 0)
        let parallax = Parallax(
            cells: CellParallax(model: .cover, maxOffset: 10),
            stretchHeader: StretchHeader(height: 300),
            backgrounds: [
                BackgroundLayer(position: -150, length: 100),  // screen [−150, −50] at rest
                BackgroundLayer(position: -150, length: 400),  // screen [−150, 250]
                BackgroundLayer(position: 0, length: 568, rate: 0.5),
            ])
        // By = −300 (at rest): header [−300, 0]; layer 0 content [−350, −250] intersects [−300, 268].
        var atRest = [cell]
        parallax.apply(to: &atRest, viewport: Self.viewport(by: -300, height: 568), scrollDirection: .vertical)
        #expect(atRest.map(\.kind) == [.cell, .stretchHeader, .background, .background, .background])
        #expect(atRest[1].frame == rect(0, -300, 320, 300))
        #expect(atRest[1].zIndex == -1)
        #expect(atRest[1].parallaxOffset == nil && atRest[1].progress == nil)
        #expect(atRest[2...].map(\.item) == [0, 1, 2])
        #expect(atRest[2...].allSatisfy { $0.zIndex == -2 && $0.parallaxOffset == nil })
        // Layer 0 pulled 300 past the top: screen −150 + 300 · (1/3) = −50, content −50 + By = −350.
        #expect(abs(atRest[2].frame.minY - -350) <= 1e-9)
        #expect(atRest[0].parallaxOffset != nil)

        // By = −100: header [−200, 100] is in; layer 0 at content [−216.67, −116.67] is out.
        var partly = [cell]
        parallax.apply(to: &partly, viewport: Self.viewport(by: -100, height: 568), scrollDirection: .vertical)
        #expect(partly.map(\.kind) == [.cell, .stretchHeader, .background, .background])
        #expect(partly[1].frame == rect(0, -200, 320, 300))
        #expect(partly[2...].map(\.item) == [1, 2])

        // By = 400: header [50, 350] and layers 0 and 1 (content [−150, 250]) are above the bounds;
        // layer 2 at half speed sits at screen −200, content [200, 768].
        var scrolled = [cell]
        parallax.apply(to: &scrolled, viewport: Self.viewport(by: 400, height: 568), scrollDirection: .vertical)
        #expect(scrolled.map(\.kind) == [.cell, .background])
        #expect(scrolled[1].item == 2)
        #expect(scrolled[1].frame == rect(0, 200, 320, 568))
        #expect(scrolled[1].zIndex == -2)
    }

    @Test func applyWithOnlyLayersLeavesCellsAlone() {
        let cell = LayoutAttributes(kind: .cell, section: 0, item: 0, frame: rect(0, 0, 320, 100), zIndex: 0)
        var attributes = [cell]
        Parallax(stretchHeader: StretchHeader(height: 200)).apply(
            to: &attributes, viewport: Self.viewport(by: -250, height: 568), scrollDirection: .vertical)
        #expect(attributes.count == 2)
        #expect(attributes[0] == cell)
        #expect(attributes[1].kind == .stretchHeader)
        #expect(attributes[1].frame == rect(0, -250, 320, 250))
        #expect(attributes[1].section == 0 && attributes[1].item == 0)
    }

    @Test func applyHorizontalLayers() {
        var attributes: [LayoutAttributes] = []
        let parallax = Parallax(
            stretchHeader: StretchHeader(height: 300),
            backgrounds: [BackgroundLayer(position: -150, length: 400)])
        parallax.apply(to: &attributes, viewport: Viewport(bounds: rect(-100, 0, 568, 320)), scrollDirection: .horizontal)
        #expect(attributes.map(\.kind) == [.stretchHeader, .background])
        #expect(attributes[0].frame == rect(-200, 0, 300, 320))
        #expect(abs(attributes[1].frame.minX - (-150 + 100.0 / 3 - 100)) <= 1e-9)
        #expect(attributes[1].frame.minY == 0 && attributes[1].frame.size == Size(width: 400, height: 320))
        #expect(attributes.map(\.zIndex) == [-1, -2])
    }
}
