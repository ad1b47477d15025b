@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// Snapping a fling on a stored layout costs O(log n + k): a visible query or two near the projection
/// (docs/flow-layout.md §21.3), whatever the number of items.
@Suite("Fling cost")
struct FlingCostTests {
    /// The target and the work of a fling of a 320 × 844 view from the middle of the first thousand
    /// items, which a million-item layout of the same items places identically.
    static func fling(_ layout: BaseLayout, from y: Double, snap: FlingSnap) -> (target: Point, work: Int) {
        var work = 0
        let fling = layout.fling(
            Viewport(bounds: rect(0, y, 320, 844), scale: 3), velocity: Point(x: 0, y: 1500), deceleration: .normal, snap: snap,
            work: &work)
        return (fling.targetContentOffset, work)
    }

    @Test(arguments: [("varied", 0), ("itemCount", 1)], [FlingSnap.line, .item, .center])
    func snappingOnAThousandAndAMillionItemsCostsOnlyTheLogTermMore(kind: (String, Int), snap: FlingSnap) {
        let make = kind.1 == 0 ? StoredLayoutCostTests.variedGrid : StoredLayoutCostTests.uniform
        let small = BaseLayout(make(1000))
        let large = BaseLayout(make(1_000_000))
        let y = small.contentSize.height / 3
        let (smallTarget, smallWork) = Self.fling(small, from: y, snap: snap)
        let (largeTarget, largeWork) = Self.fling(large, from: y, snap: snap)
        #expect(smallTarget == largeTarget, "\(kind.0) \(snap): the same fling gives the same target")
        #expect(smallTarget.y != Self.fling(small, from: y, snap: .none).target.y || snap == .none)
        // One viewport-sized window finds a candidate within its half: a screenful of cells, as a scroll.
        let bound = StoredLayoutCostTests.bound(n: 1_000_000, k: 40) + 1
        #expect(Double(smallWork) <= bound, "\(kind.0) \(snap): \(smallWork)")
        #expect(Double(largeWork) <= bound, "\(kind.0) \(snap): \(largeWork)")
        #expect(Double(abs(largeWork - smallWork)) <= StoredLayoutCostTests.c * 10, "\(kind.0) \(snap): \(smallWork) → \(largeWork)")
        print("\(kind.0) \(snap): work \(smallWork) for 1,000 items and \(largeWork) for 1,000,000")
    }

    @Test func aWindowThatFindsNothingDoublesUntilACandidateIsNearEnough() {
        // One section of 4 lines, then one whose section inset leaves 5000 points empty before its
        // lines: a fling that ends in the gap searches wider, a few windows, not the whole layout.
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 100)
        let layout = BaseLayout(FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .count(12)),
                FlowSection(items: .count(300_000), sectionInset: EdgeInsets(top: 5000)),
            ],
            crossAxisLength: 320))
        var work = 0
        // 0 + 0.499 · 4000 = 1996: 1566 past the last line of section 0 (330…430), 3444 before section 1's.
        let fling = layout.fling(
            Viewport(bounds: rect(0, 0, 320, 400)), velocity: Point(x: 0, y: 4000), deceleration: .normal, snap: .line, work: &work)
        #expect(fling.targetContentOffset.y == 330)
        #expect(work < 200, "\(work)")
    }
}
