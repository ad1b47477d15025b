@testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Where a carousel's fling rests (issue 44, docs/flow-layout.md §23.15), against a plain reference
/// written here from the rules: random group widths (one measured card a group, or all at the
/// estimate, so periodic), spacings, group and section insets, content insets, viewport widths,
/// behaviours, offsets (past either end too) and velocities (slow and fast, both ways).
@Suite("Carousel fling properties")
struct CarouselFlingProperties {
    struct Case: CustomStringConvertible {
        var seed: UInt64
        var behaviour: OrthogonalScrolling
        /// Each group's width, the section's leading and trailing insets, the spacing, the viewport's width.
        var widths: [Double]
        var leading: Double
        var trailing: Double
        var spacing: Double
        var width: Double
        var offset: Double
        var velocity: Double
        var deceleration: Deceleration
        var layout: BaseLayout

        init(seed: UInt64) {
            self.seed = seed
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
            func uniform(_ range: ClosedRange<Double>) -> Double {
                range.lowerBound + Double(random.next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
            }
            behaviour = pick([.continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered])
            let count = pick([0, 1, 2, 3, 7, 20, 60])
            let measured = random.next() % 3 != 0
            let cards = (0..<count).map { _ in pick([40.0, 120, 179.5, 250, 300, 420]) }
            let groupInsets = DirectionalInsets(leading: pick([0, 4, 7.5]), trailing: pick([0, 6]))
            leading = pick([0, 10, 16, 300])
            trailing = pick([0, 10, 24])
            spacing = pick([0, 8, 12.5])
            let contentInset = EdgeInsets(top: 0, left: pick([0, 20]), bottom: 0, right: pick([0, 12]))
            width = pick([200, 320, 390])
            // A group of an estimated width no slot fits twice: one card a group, as wide as it is plus the insets.
            let group = CompositionalGroup(
                axis: .horizontal,
                size: CompositionalSize(width: .estimated(1), height: .absolute(100)),
                subitems: [.item(CompositionalItem(size: CompositionalSize(width: .estimated(50), height: .fractionalHeight(1))))],
                contentInsets: groupInsets)
            let section = CompositionalSection(
                group: group, interGroupSpacing: spacing, contentInsets: DirectionalInsets(leading: leading, trailing: trailing),
                orthogonalScrolling: behaviour)
            let items: FlowSection.Items = measured ? .sizes(cards.map { Size(width: $0, height: 100) }) : .count(count)
            widths = (measured ? cards : Array(repeating: 50, count: count)).map { $0 + groupInsets.leading + groupInsets.trailing }
            layout = BaseLayout(FlowLayoutInput(
                sections: [FlowSection(items: items, compositional: section)], crossAxisLength: width + contentInset.left + contentInset.right,
                contentInset: contentInset, scrollAxisLength: 844))
            let reach = widths.reduce(0, +) + Double(count) * spacing + leading + trailing
            // Offsets on a snap point and halfway between two: the rules' edge cases (picked from the
            // engine's snap points, which the reference checks on its own).
            let stops = layout.carouselStops(section: 0)
            let k = count > 1 ? Int(random.next() % UInt64(count - 1)) : 0
            let onSnap = count > 0 ? stops?.snap(k) ?? 0 : 0
            let halfway = count > 1 ? (onSnap + (stops?.snap(k + 1) ?? 0)) / 2 : 0
            offset = pick([0, uniform(-60...reach), uniform(0...reach), 150, onSnap, onSnap, halfway])
            velocity = pick([0, 200, -200, 399, 400, -400, uniform(-4000...4000)])
            deceleration = pick([.normal, .fast])
        }

        var description: String {
            "seed \(seed): \(behaviour), widths \(widths), insets \(leading)/\(trailing), spacing \(spacing), width \(width), "
                + "offset \(offset), velocity \(velocity), rate \(deceleration.rate)"
        }
    }

    /// The rules of §23.15, read plainly: the row, its range and snap points, then each behaviour.
    struct Reference {
        let maximum: Double
        let snaps: [Double]
        let pageLength: Double

        init(_ c: Case) {
            var starts: [Double] = []
            var x = 0.0
            for width in c.widths {
                starts.append(x)
                x += width + c.spacing
            }
            let extent = c.widths.isEmpty ? 0 : x - c.spacing
            let centres = c.behaviour == .groupPagingCentered && !c.widths.isEmpty
            let lead = centres ? max(c.leading, (c.width - c.widths[0]) / 2) : c.leading
            let trail = centres ? max(c.trailing, (c.width - c.widths[c.widths.count - 1]) / 2) : c.trailing
            maximum = max(0, lead + extent + trail - c.width)
            snaps = centres ? zip(starts, c.widths).map { lead + $0 + $1 / 2 - c.width / 2 } : starts
            pageLength = c.width
        }

        func clamped(_ offset: Double) -> Double { min(max(offset, 0), maximum) }

        func target(_ c: Case) -> Double {
            let projection = c.offset + c.velocity / 1000 * c.deceleration.rate / (1 - c.deceleration.rate)
            let turn = 400.0
            let tolerance = 1e-9 * max(1, pageLength)
            switch c.behaviour {
            case .continuous:
                return clamped(projection)
            case .continuousGroupLeadingBoundary:
                let q = clamped(projection)
                let stops = ([0, maximum] + snaps.map(clamped)).sorted()
                return stops.min { a, b in abs(a - q) < abs(b - q) || (abs(a - q) == abs(b - q) && a < b) }!
            case .paging:
                var u = c.offset / pageLength
                if abs(u - u.rounded()) < 1e-9 { u = u.rounded() }
                let page = c.velocity >= turn ? u.rounded(.down) + 1 : c.velocity <= -turn ? u.rounded(.up) - 1 : u.rounded()
                return clamped(page * pageLength)
            case .groupPaging, .groupPagingCentered:
                let here = snaps.last { $0 <= c.offset + tolerance } ?? 0
                let next = snaps.first { $0 > c.offset + tolerance } ?? maximum
                if c.velocity >= turn { return clamped(next) }
                if c.velocity <= -turn {
                    guard abs(here - c.offset) <= tolerance, snaps.contains(here) else { return clamped(here) }
                    return clamped(snaps.last { $0 < here } ?? 0)
                }
                return clamped(c.offset - here < next - c.offset ? here : next)
            }
        }
    }

    static func check(_ seed: UInt64) {
        let c = Case(seed: seed)
        let reference = Reference(c)
        guard let fling = c.layout.carouselFling(section: 0, offset: c.offset, velocity: c.velocity, deceleration: c.deceleration) else {
            Issue.record("\(c): no fling for an orthogonal section")
            return
        }
        let target = fling.targetOffset
        let expected = reference.target(c)
        #expect(abs(target - expected) <= 1e-6, "\(c): rests at \(target), the reference at \(expected)")
        #expect(c.layout.carouselOffsets(section: 0).map { abs($0.upperBound - reference.maximum) <= 1e-6 } == true, "\(c): range")
        // Never out of the range, and on a stop of the kind: a snap point, a page, or an end.
        #expect(target >= 0 && target <= reference.maximum + 1e-6, "\(c): \(target) out of 0…\(reference.maximum)")
        let near = { (stops: [Double]) in stops.contains { abs($0 - target) <= 1e-6 } }
        switch c.behaviour {
        case .continuous: break
        case .paging:
            let pages = stride(from: 0.0, through: reference.maximum, by: c.width).map { $0 } + [reference.maximum]
            #expect(near(pages), "\(c): \(target) is no page")
            let from = (c.offset / c.width).rounded(.down)
            #expect(abs(target / c.width - from) <= 2 || target == reference.maximum || target == 0, "\(c): more than a page")
        case .continuousGroupLeadingBoundary, .groupPaging, .groupPagingCentered:
            #expect(near([0, reference.maximum] + reference.snaps.map(reference.clamped)), "\(c): \(target) is no snap point")
        }
        if c.behaviour == .groupPaging || c.behaviour == .groupPagingCentered {
            // One group at most: no snap point lies strictly between the release and the rest, but the one left.
            let release = reference.clamped(c.offset)
            let between = reference.snaps.filter { $0 > min(release, target) + 1e-6 && $0 < max(release, target) - 1e-6 }
            #expect(between.count <= 1, "\(c): passes \(between.count) groups")
        }
        // The curve ends exactly on the target.
        #expect(fling.curve.frame(Int(fling.curve.frameCount(frameRate: 60)) - 1, frameRate: 60).x == target)
    }

    @Test func flingsRestWhereTheRulesSay() async {
        await propertyCheck(count: 600, input: Gen.uint64(in: 0...UInt64.max)) { seed in Self.check(seed) }
    }

    @Test func aCentredRowCentresEachGroupAtItsPage() {
        // Three cards of 200 in a 390-wide view, spacing 10: insets grow to 95, group j centred at offset 210·j.
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .absolute(200), height: .absolute(100)),
            subitems: [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
        let section = CompositionalSection(group: group, interGroupSpacing: 10, orthogonalScrolling: .groupPagingCentered)
        let layout = BaseLayout(FlowLayoutInput(
            sections: [FlowSection(items: .count(3), compositional: section)], crossAxisLength: 390, scrollAxisLength: 844))
        #expect(layout.orthogonalContentWidths.first?.width == 810.0, "95 + 620 + 95")
        #expect(layout.carouselOffsets(section: 0) == 0...420)
        for page in 0..<3 {
            let offset = Double(page) * 210
            var found: [LayoutAttributes] = []
            layout.attributes(
                in: Viewport(bounds: Rect(x: 0, y: 0, width: 390, height: 844)),
                orthogonalOffsets: [OrthogonalOffset(section: 0, offset: offset)], into: &found)
            #expect(found.first { $0.item == page }?.frame == Rect(x: 95, y: 0, width: 200, height: 100))
            let fling = layout.carouselFling(section: 0, offset: offset, velocity: 1000, deceleration: .normal)
            #expect(fling?.targetOffset == min(420, offset + 210))
        }
        #expect(layout.carouselFling(section: 1, offset: 0, velocity: 0, deceleration: .normal) == nil)
    }
}
