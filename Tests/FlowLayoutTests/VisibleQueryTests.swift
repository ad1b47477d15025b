@_spi(WorkCounting) @testable import FlowLayout
import Testing
import SeededRandom

/// `attributes(in:into:)` returns exactly what a brute-force filter of every frame returns, and looks
/// at O(log n + k) elements to find them.
@Suite("Visible query")
struct VisibleQueryTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var input: FlowLayoutInput
        var scale: Double?
        var testDescription: String { name }
    }

    static func randomSizes(_ count: Int, seed: UInt64, width: ClosedRange<Double>, height: ClosedRange<Double>) -> [Size] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Size(
                width: (Double.random(in: width, using: &random) * 2).rounded() / 2,
                height: (Double.random(in: height, using: &random) * 2).rounded() / 2)
        }
    }

    static func settings(_ direction: ScrollDirection, header: Double = 0, footer: Double = 0) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.headerReferenceSize = Size(width: header, height: header)
        settings.footerReferenceSize = Size(width: footer, height: footer)
        return settings
    }

    /// Several sections: counted, varied, empty, equal listed sizes, per-section insets and spacings.
    static func mixedSections(seed: UInt64) -> [FlowSection] {
        [
            FlowSection(items: .count(37), sectionInset: EdgeInsets(top: 8, left: 12, bottom: 16, right: 12)),
            FlowSection(items: .sizes(randomSizes(150, seed: seed, width: 20...140, height: 20...90)),
                        minimumLineSpacing: 6, minimumInteritemSpacing: 4),
            FlowSection(items: .count(0), headerReferenceSize: Size(width: 25, height: 25)),
            FlowSection(items: .sizes(Array(repeating: Size(width: 60, height: 44.5), count: 41)),
                        sectionInset: EdgeInsets(top: 0, left: 5, bottom: 10, right: 7.5)),
            FlowSection(items: .sizes(randomSizes(80, seed: seed + 1, width: 10...60, height: 10...60)),
                        sectionInset: EdgeInsets(top: 3, left: 9, bottom: 3, right: 9), footerReferenceSize: .zero),
        ]
    }

    static let cases: [Case] = {
        var zeroGap = settings(.vertical)
        zeroGap.itemSize = Size(width: 100, height: 100)
        zeroGap.minimumInteritemSpacing = 0
        zeroGap.minimumLineSpacing = 0
        var zeroGapHorizontal = zeroGap
        zeroGapHorizontal.scrollDirection = .horizontal
        var tiled = settings(.vertical)
        tiled.minimumInteritemSpacing = 0
        tiled.minimumLineSpacing = 0
        return [
            Case(name: "vertical uniform", input: FlowLayoutInput(sections: [FlowSection(items: .count(500))], crossAxisLength: 375), scale: nil),
            Case(name: "vertical varied", input: FlowLayoutInput(
                sections: [FlowSection(items: .sizes(randomSizes(400, seed: 11, width: 20...180, height: 20...120)))],
                crossAxisLength: 375), scale: nil),
            Case(name: "vertical sections with headers and footers", input: FlowLayoutInput(
                settings: settings(.vertical, header: 40, footer: 20), sections: mixedSections(seed: 21), crossAxisLength: 320), scale: nil),
            Case(name: "vertical sections at scale 3", input: FlowLayoutInput(
                settings: settings(.vertical, header: 33.3, footer: 17.7), sections: mixedSections(seed: 31), crossAxisLength: 414.5), scale: 3),
            Case(name: "horizontal uniform", input: FlowLayoutInput(
                settings: settings(.horizontal), sections: [FlowSection(items: .count(300))], crossAxisLength: 480), scale: nil),
            Case(name: "horizontal sections with headers and footers", input: FlowLayoutInput(
                settings: settings(.horizontal, header: 30, footer: 20), sections: mixedSections(seed: 41), crossAxisLength: 400), scale: nil),
            Case(name: "horizontal sections at scale 2", input: FlowLayoutInput(
                settings: settings(.horizontal, header: 30.25, footer: 0), sections: mixedSections(seed: 51), crossAxisLength: 333), scale: 2),
            Case(name: "zero-gap uniform tiling", input: FlowLayoutInput(
                settings: zeroGap, sections: [FlowSection(items: .count(90)), FlowSection(items: .count(7))], crossAxisLength: 300), scale: nil),
            Case(name: "zero-gap horizontal tiling", input: FlowLayoutInput(
                settings: zeroGapHorizontal, sections: [FlowSection(items: .count(90))], crossAxisLength: 300), scale: nil),
            Case(name: "zero-gap varied tiling", input: FlowLayoutInput(
                settings: tiled, sections: [FlowSection(items: .sizes((0..<200).map { Size(width: $0 % 2 == 0 ? 100 : 50, height: 50) }))],
                crossAxisLength: 300), scale: nil),
        ]
    }()

    /// The rule of docs/flow-layout.md §9 applied to every element: the element's section frame must touch `rect`;
    /// cells of uniform sections count when their row touches `rect` and their column starts before
    /// its far edge; every other element when its frame touches `rect` (closed intersection).
    static func bruteForce(_ all: [LayoutAttributes], layout: BaseLayout, rect: Rect) -> [LayoutAttributes] {
        guard !rect.isEmpty else { return [] }
        let vertical = layout.scrollDirection == .vertical
        return all.filter { element in
            guard layout.sectionFrame(element.section).touches(rect) else { return false }
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

    /// Random rectangles over and around the content; half of them have an edge snapped onto an
    /// element's edge, to exercise the touching rules.
    static func randomRects(count: Int, around all: [LayoutAttributes], content: Size, seed: UInt64) -> [Rect] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var x = Double.random(in: -60...(content.width + 60), using: &random)
            var y = Double.random(in: -60...(content.height + 60), using: &random)
            let width = Double.random(in: 0.5...(content.width / 2 + 50), using: &random)
            let height = Double.random(in: 0.5...(content.height / 2 + 50), using: &random)
            if Bool.random(using: &random), let element = all.randomElement(using: &random) {
                switch random.next() % 4 {
                case 0: x = element.frame.maxX
                case 1: x = element.frame.minX - width
                case 2: y = element.frame.maxY
                default: y = element.frame.minY - height
                }
            }
            return rect(x, y, width, height)
        }
    }

    @Test(arguments: cases)
    func queryEqualsBruteForceFilter(_ testCase: Case) {
        let layout = BaseLayout(testCase.input)
        let all = allAttributes(of: layout, scale: testCase.scale)
        #expect(all.filter { $0.kind == .cell }.count == testCase.input.itemCount, "every item is laid out")
        // UIKit's order (§9): all cells, then headers, then footers, each in section order.
        let order = all.map(\.kind.rawValue)
        #expect(order == order.sorted())
        for kind in [LayoutAttributes.Kind.cell, .header, .footer] {
            let sections = all.filter { $0.kind == kind }.map(\.section)
            #expect(sections == sections.sorted())
        }
        var nonEmpty = 0
        for (index, bounds) in Self.randomRects(count: 400, around: all, content: layout.contentSize, seed: 99).enumerated() {
            var visible: [LayoutAttributes] = []
            layout.attributes(in: Viewport(bounds: bounds, scale: testCase.scale), into: &visible)
            let expected = Self.bruteForce(all, layout: layout, rect: bounds)
            if !expected.isEmpty { nonEmpty += 1 }
            let missing = expected.filter { !visible.contains($0) }.prefix(3)
            let extra = visible.filter { !expected.contains($0) }.prefix(3)
            #expect(visible == expected, "rect \(index) \(bounds): missing \(missing), extra \(extra)")
        }
        #expect(nonEmpty > 200, "most random rects see something")
    }

    @Test func uniformColumnsTouchingTheFarEdgeAreLeftOut() {
        // 100×100 tiles with no gaps, three to a line: the rect [100, 200] × [100, 200] touches nine tiles.
        let layout = BaseLayout(Self.cases.first { $0.name == "zero-gap uniform tiling" }!.input)
        var visible: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: rect(100, 100, 100, 100)), into: &visible)
        // Rows 0–2 touch (touching counts); column 2 starts at the far edge x = 200 and does not count.
        #expect(visible.map(\.item) == [0, 1, 3, 4, 6, 7])
    }

    @Test(arguments: cases)
    func emptyRectReturnsNothing(_ testCase: Case) {
        let layout = BaseLayout(testCase.input)
        var visible: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: rect(10, 10, 0, 500), scale: testCase.scale), into: &visible)
        layout.attributes(in: Viewport(bounds: rect(10, 10, 500, 0), scale: testCase.scale), into: &visible)
        #expect(visible.isEmpty)
    }

    // MARK: O(log n + k)

    /// Queries a small rect deep inside `layout`; returns what was examined and what was found.
    static func smallQuery(_ layout: BaseLayout, at fraction: Double = 0.61803) -> (examined: Int, visible: [LayoutAttributes], bounds: Rect) {
        let vertical = layout.scrollDirection == .vertical
        let start = (vertical ? layout.contentSize.height : layout.contentSize.width) * fraction
        let bounds = vertical ? rect(0, start, layout.contentSize.width, 300) : rect(start, 0, 300, layout.contentSize.height)
        var visible: [LayoutAttributes] = []
        var examined = 0
        layout.attributes(in: Viewport(bounds: bounds, scale: 3), into: &visible, work: &examined)
        return (examined, visible, bounds)
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func millionCountedItemsExamineFewElements(direction: ScrollDirection) {
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(direction, header: 40, footer: 20), sections: [FlowSection(items: .count(1_000_000))],
            crossAxisLength: 375))
        #expect(layout.itemCount == 1_000_000)
        let (examined, visible, bounds) = Self.smallQuery(layout)
        #expect(!visible.isEmpty)
        #expect(examined < 200, "examined \(examined)")
        #expect(examined >= visible.count)
        #expect(visible.allSatisfy { $0.frame.touches(bounds) })
    }

    @Test(arguments: [ScrollDirection.vertical, .horizontal])
    func millionVariedItemsExamineFewElements(direction: ScrollDirection) {
        let sizes = Self.randomSizes(1_000_000, seed: 7, width: 20...120, height: 20...80)
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(direction, header: 40, footer: 20), sections: [FlowSection(items: .sizes(sizes))],
            crossAxisLength: 375))
        let (examined, visible, bounds) = Self.smallQuery(layout)
        #expect(!visible.isEmpty)
        #expect(examined < 200, "examined \(examined)")
        #expect(examined >= visible.count)
        #expect(visible.allSatisfy { $0.frame.touches(bounds) })
        // Every item of the lines in view and nothing else, checked against the lines themselves.
        let items = visible.filter { $0.kind == .cell }.map(\.item)
        #expect(items == items.sorted())
        #expect(items.last! - items.first! + 1 == items.count, "visible items are consecutive")
    }

    @Test func tenThousandSectionsExamineFewElements() {
        let sections = (0..<10_000).map { index in
            index % 2 == 0
                ? FlowSection(items: .count(100))
                : FlowSection(items: .sizes(Self.randomSizes(100, seed: UInt64(index), width: 20...120, height: 20...80)))
        }
        let layout = BaseLayout(FlowLayoutInput(
            settings: Self.settings(.vertical, header: 40, footer: 20), sections: sections, crossAxisLength: 375))
        let (examined, visible, _) = Self.smallQuery(layout)
        #expect(!visible.isEmpty)
        #expect(examined < 200, "examined \(examined)")
    }
}
