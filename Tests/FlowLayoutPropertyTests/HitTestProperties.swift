@_spi(WorkCounting) @testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Hit testing agrees with the scroll answers everywhere (docs/flow-layout.md §20.3), negative insets
/// and spacings, overlapping cells and cells outside the content's width included: the hit test at a
/// point answers the last element, in UIKit's order, of those that the scroll answer for the strip two
/// points thick around the point (reaching across the content) lists as containing it. A wider strip
/// may list more (the visible query culls by section frames, docs/flow-layout.md §9, as UIKit does, and
/// a cell may overhang its section's frame), never fewer.
@Suite("Hit test properties")
struct HitTestProperties {
    /// A scenario made stranger: negative insets (across and along), negative spacings, and cells
    /// wider than a line.
    static func layout(_ seed: UInt64) -> (Scenario, BaseLayout) {
        var scenario = Scenario(seed: seed)
        var random = SplitMix64(seed: seed ^ 0x417)
        var settings = scenario.input.settings
        settings.sectionInset = EdgeInsets(
            top: Scenario.pick([-30, 0, 12], &random), left: Scenario.pick([-40, -5, 0, 8], &random),
            bottom: Scenario.pick([-20, 0, 10], &random), right: Scenario.pick([-25, 0, 6], &random))
        settings.minimumLineSpacing = Scenario.pick([-50, -10, 0, 6], &random)
        settings.minimumInteritemSpacing = Scenario.pick([-30, -4, 0, 10], &random)
        scenario.input.settings = settings
        if random.next() % 2 == 0, !scenario.input.sections.isEmpty {
            let wide = Size(width: scenario.input.crossAxisLength + 40, height: scenario.input.crossAxisLength + 40)
            scenario.input.sections[0].items = .sizes([wide, Size(width: 30, height: 30), wide])
        }
        return (scenario, BaseLayout(scenario.input))
    }

    @Test func theHitTestIsTheLastContainingElementOfTheScrollAnswer() async {
        await propertyCheck(count: 150, input: Scenario.generator.map(\.seed)) { Self.check($0) }
    }

    /// Seeds whose wide cells overhang their section's frame.
    @Test(arguments: [1_180_983_128_492_645_709, 14_909_789_508_772_603_295, 10_852_623_641_612_584_555] as [UInt64])
    func regressions(seed: UInt64) { Self.check(seed) }

    static func check(_ seed: UInt64) {
        let (scenario, layout) = Self.layout(seed)
        var random = SplitMix64(seed: seed &+ 3)
        let size = layout.contentSize
        for _ in 0..<30 {
            let point = Point(
                x: Double(Int(random.next() % UInt64(size.width + 200)) - 100) + 0.5,
                y: Double(Int(random.next() % UInt64(size.height + 200)) - 100) + 0.5)
            // The strip the hit test defines, and a wider one, which may reach the frame of a section
            // whose cell overhangs it and so list that cell too (seeds 10852623641612584555 at 7
            // points, 1180983128492645709 and 14909789508772603295 at 300).
            var work = 0
            let hit = layout.hitTest(point, kind: .cell, scale: scenario.scale, layoutDirection: scenario.layoutDirection, work: &work)
            for reach in [1.0, 7.0] {
                let vertical = layout.scrollDirection == .vertical
                let across = vertical ? point.x : point.y
                let from = min(0, across) - reach
                let to = max(layout.dimension, across) + reach
                let rect = vertical
                    ? Rect(x: from, y: point.y - reach, width: to - from, height: 2 * reach)
                    : Rect(x: point.x - reach, y: from, width: 2 * reach, height: to - from)
                var listed: [LayoutAttributes] = []
                layout.attributes(in: scenario.viewport(rect), into: &listed)
                let containing = listed.filter { $0.kind == .cell && $0.frame.contains(point) }
                if reach > 1 {
                    #expect(hit.map { containing.contains($0) } ?? true, "seed \(seed): \(point), bounds reach \(reach)")
                    continue
                }
                let expected = containing.last
                #expect(hit == expected, "seed \(seed): \(point), bounds reach \(reach)")
                if hit != expected { return }
            }
        }
    }
}
