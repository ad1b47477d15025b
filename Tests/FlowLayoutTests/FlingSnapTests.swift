@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// Where a fling comes to rest: clamping to the resting offsets and each snap mode, worked by hand
/// (docs/flow-layout.md §21.2, §21.3).
///
/// The grid: 100 × 100 items, three to a line of 320, lines 110 apart (line k at 110k), 30 items in
/// 10 lines, 1090 long; content inset 50 before and 30 after along the scroll axis, so the resting
/// offsets run from −50 to 1090 + 30 − length. With the normal rate an offset travels 0.499 · v.
@Suite("Fling snapping")
struct FlingSnapTests {
    static func grid(_ direction: ScrollDirection = .vertical, inset: EdgeInsets? = nil) -> BaseLayout {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.itemSize = Size(width: 100, height: 100)
        let insets = inset ?? (direction == .vertical ? EdgeInsets(top: 50, bottom: 30) : EdgeInsets(left: 50, right: 30))
        return BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(30))], crossAxisLength: 320, contentInset: insets))
    }

    /// The target of a vertical fling of a 320 × `height` view at `y`, released at `speed` points/s.
    static func target(
        _ layout: BaseLayout, y: Double, speed: Double, snap: FlingSnap, height: Double = 400, deceleration: Deceleration = .normal
    ) -> Point {
        var work = 0
        return layout.fling(
            Viewport(bounds: rect(0, y, 320, height)), velocity: Point(x: 0, y: speed), deceleration: deceleration, snap: snap,
            work: &work
        ).targetContentOffset
    }

    @Test func theRestingOffsetsRunFromMinusTheLeadingInsetToTheEndPlusTheTrailingInset() {
        let layout = Self.grid()
        let (low, high) = layout.restingOffsets(viewSize: Size(width: 320, height: 400))
        #expect(low == Point(x: 0, y: -50))
        #expect(high == Point(x: 0, y: 720))
        // A view taller than the content and its insets rests at the start only.
        let (tallLow, tallHigh) = layout.restingOffsets(viewSize: Size(width: 320, height: 2000))
        #expect(tallLow == Point(x: 0, y: -50))
        #expect(tallHigh == Point(x: 0, y: -50))
    }

    @Test func withoutSnappingTheProjectionIsClampedAtBothEnds() {
        let layout = Self.grid()
        // 300 + 0.499 · 400 = 499.6: inside the range.
        #expect(abs(Self.target(layout, y: 300, speed: 400, snap: .none).y - 499.6) < 1e-9)
        // 300 − 0.499 · 3000 = −1197 → −50; 300 + 0.499 · 5000 = 2795 → 720.
        #expect(Self.target(layout, y: 300, speed: -3000, snap: .none) == Point(x: 0, y: -50))
        #expect(Self.target(layout, y: 300, speed: 5000, snap: .none) == Point(x: 0, y: 720))
    }

    @Test func pagingBelowTheThresholdSettlesOnTheNearestPage() {
        // Pages of 400 from −50: −50, 350, 750 (clamped to 720).
        let layout = Self.grid()
        // y = 100 is 0.375 of the way from page 0 to page 1: back to page 0, though moving on at 300 points/s.
        #expect(Self.target(layout, y: 100, speed: 300, snap: .page).y == -50)
        // y = 190 is 0.6 of the way: on to page 1, though moving back at 399 points/s.
        #expect(Self.target(layout, y: 190, speed: -399, snap: .page).y == 350)
        #expect(Self.target(layout, y: 100, speed: 399.99, snap: .page).y == -50)
    }

    @Test func pagingPastTheThresholdTurnsToTheNextPageInTheVelocitysDirection() {
        let layout = Self.grid()
        // Down from 0.375 of page 0 at 400 points/s (the threshold itself): page 1.
        #expect(Self.target(layout, y: 100, speed: 400, snap: .page).y == 350)
        // Up from 1.375 (y = 500): page 1; up from page 1's start exactly: page 0.
        #expect(Self.target(layout, y: 500, speed: -450, snap: .page).y == 350)
        #expect(Self.target(layout, y: 350, speed: -1000, snap: .page).y == -50)
        // Down from page 1's start: page 2 at 750, clamped to the end, 720.
        #expect(Self.target(layout, y: 350, speed: 2000, snap: .page).y == 720)
        // Only one page, however fast: the projection (350 + 0.499 · 20000) does not count.
        #expect(Self.target(layout, y: -50, speed: 20_000, snap: .page).y == 350)
    }

    @Test func lineSnappingPutsTheNearestLinesLeadingEdgeAtTheTopOfTheAreaInsideTheInset() {
        let layout = Self.grid()
        // 0 + 0.499 · 500 = 249.5; lines at −50 + 110k: 170 (79.5 away), 280 (30.5 away) → 280, line 3
        // (y = 330) at 330 − 280 = 50, the inset.
        #expect(Self.target(layout, y: 0, speed: 500, snap: .line) == Point(x: 0, y: 280))
        // 600 − 499 = 101: 60 (41 away) rather than 170 (69 away).
        #expect(Self.target(layout, y: 600, speed: -1000, snap: .line) == Point(x: 0, y: 60))
        // Past either end the clamped projection is an end of the range, itself a candidate.
        #expect(Self.target(layout, y: 300, speed: -3000, snap: .line) == Point(x: 0, y: -50))
        #expect(Self.target(layout, y: 300, speed: 5000, snap: .line) == Point(x: 0, y: 720))
    }

    @Test func centreSnappingCentresTheNearestCellInTheAreaInsideTheInset() {
        // A 500-point view: the area inside the inset is 420 long, its centre 50 + 210 = 260 below the
        // offset. Projection 249.5, so the projected centre is 509.5; cell centres at 50 + 110k: 490
        // (19.5 away) → 490 − 260 = 230.
        let layout = Self.grid()
        #expect(Self.target(layout, y: 0, speed: 500, snap: .center, height: 500) == Point(x: 0, y: 230))
        // The same fling snapped by lines: projection + 50 = 299.5, nearest edge 330 → 280.
        #expect(Self.target(layout, y: 0, speed: 500, snap: .line, height: 500) == Point(x: 0, y: 280))
    }

    /// Two 150-wide cells to a line, centred across it: line 0 holds heights 100 and 60 (edges 0 and
    /// 20), line 1 80 and 80 (110), line 2 100 and 40 (200 and 230), then lines of 100 from 310 on,
    /// 110 apart. Inset 20 at the top.
    static let rows: BaseLayout = {
        let heights: [Double] = [100, 60, 80, 80, 100, 40] + Array(repeating: 100, count: 14)
        let sizes = heights.map { Size(width: 150, height: $0) }
        return BaseLayout(FlowLayoutInput(
            sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320, contentInset: EdgeInsets(top: 20)))
    }()

    @Test func itemSnappingTakesAnyCellsEdgeAndLineSnappingTheLinesEdge() {
        // 107 + 0.499 · 200 = 206.8, plus the inset: 226.8. Cells: 230 is 3.2 away → 210. Lines: 200
        // is 26.8 away (310 is 83.2) → 180.
        #expect(Self.target(Self.rows, y: 107, speed: 200, snap: .item, height: 300) == Point(x: 0, y: 210))
        #expect(Self.target(Self.rows, y: 107, speed: 200, snap: .line, height: 300) == Point(x: 0, y: 180))
        // Centre: 20 + 280 / 2 = 160 below the offset, 366.8; line 3 (310…410) centres at 360 → 200.
        #expect(Self.target(Self.rows, y: 107, speed: 200, snap: .center, height: 300) == Point(x: 0, y: 200))
    }

    @Test func acrossTheScrollAxisTheProjectionIsOnlyClamped() {
        // A 200-wide view over content 290 wide (320 less the insets across, as UIKit lays it out),
        // insets 10 left and 20 right: x rests in −10…110.
        let layout = Self.grid(inset: EdgeInsets(top: 50, left: 10, bottom: 30, right: 20))
        var work = 0
        let fling = { (velocity: Point, snap: FlingSnap) in
            layout.fling(
                Viewport(bounds: rect(0, 100, 200, 400)), velocity: velocity, deceleration: .normal, snap: snap, work: &work
            ).targetContentOffset
        }
        // 0.499 · 100 = 49.9 along x, whatever the snap along y.
        #expect(abs(fling(Point(x: 100, y: 400), .page).x - 49.9) < 1e-9)
        #expect(fling(Point(x: 100, y: 400), .page).y == 350)
        #expect(layout.contentSize.width == 290)
        #expect(fling(Point(x: 1000, y: 0), .line).x == 110)
        #expect(fling(Point(x: -1000, y: 0), .item).x == -10)
    }

    @Test func horizontalLayoutsSnapAlongX() {
        let layout = Self.grid(.horizontal)
        var work = 0
        let target = { (x: Double, speed: Double, snap: FlingSnap) in
            layout.fling(
                Viewport(bounds: rect(x, 0, 400, 320)), velocity: Point(x: speed, y: 0), deceleration: .normal, snap: snap, work: &work
            ).targetContentOffset
        }
        #expect(target(0, 500, .line) == Point(x: 280, y: 0))
        #expect(target(100, 400, .page) == Point(x: 350, y: 0))
        #expect(target(100, 300, .page) == Point(x: -50, y: 0))
        #expect(target(300, 5000, .item) == Point(x: 720, y: 0))
        #expect(target(300, -3000, .center) == Point(x: -50, y: 0))
    }

    @Test func theFastRateProjectsLessSoSnapsNearer() throws {
        // 0 + 99 · 2 = 198 (fast, 2000 points/s) → nearest edge to 248: 220 → 170.
        #expect(Self.target(Self.grid(), y: 0, speed: 2000, snap: .line, deceleration: .fast) == Point(x: 0, y: 170))
        // A custom 0.9: 9 · 2 = 18 → edge nearest 68: 110 (42 away) or 0 (68) → 60.
        let custom = try #require(Deceleration(rate: 0.9))
        #expect(Self.target(Self.grid(), y: 0, speed: 2000, snap: .line, deceleration: custom) == Point(x: 0, y: 60))
    }
}
