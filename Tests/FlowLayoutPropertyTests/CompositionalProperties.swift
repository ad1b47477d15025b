@_spi(WorkCounting) @testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Compositional sections (issue 42, docs/flow-layout.md §23) against `CompositionalReference`: random
/// group trees (both axes, nesting to depth 3, `count`, fixed and flexible spacings, edge spacings,
/// insets, estimated sizes with and without measurements), headers, footers, backgrounds, both scroll
/// directions, right to left, every scale, orthogonal rows at random offsets, several sections, some
/// of them flow sections; pinned headers and footers; visible queries against brute force; updates
/// against fresh registrations; every part of the description in the id.
///
/// Frames are compared within 1e-9 (the engine sums in another order: a periodic section's group g
/// starts at g × (length + spacing), the reference adds group after group), and an origin may be one
/// pixel off where the reference's unrounded coordinate is a rounding tie (x.5 pixels), which that
/// last-bit difference can tip either way. Kinds, indexes, z-indexes and estimate flags are exact.
///
/// Not generated, as the rules leave them open: an estimated dimension along a `count` group's axis
/// (the subitem's own length there is "ignored"; the engine then still skips an item's insets on that
/// axis, and gives a nested group its filled length rather than the share), and orthogonal sections
/// in a horizontal layout.
@Suite("Compositional properties")
struct CompositionalProperties {
    struct Case: CustomStringConvertible {
        var input: FlowLayoutInput
        var viewport: Viewport
        /// The orthogonal sections' offsets every query of the case gives.
        var offsets: [OrthogonalOffset] = []
        var seed: UInt64

        init(seed: UInt64, updates: Bool = false) {
            self.seed = seed
            var random = SplitMix64(seed: seed)
            func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
            func chance(_ n: UInt64) -> Bool { random.next() % n == 0 }
            var settings = FlowLayoutSettings()
            settings.scrollDirection = chance(3) ? .horizontal : .vertical
            let vertical = settings.scrollDirection == .vertical
            settings.interSectionSpacing = pick([0, 10, 7.5])

            func spacing() -> CompositionalSpacing { chance(2) ? .fixed(pick([0, 4, 10, 2.5])) : .flexible(pick([0, 4, 2.5])) }
            func edge() -> CompositionalSpacing? {
                switch random.next() % 5 {
                case 0: return .fixed(pick([0, 3, 8]))
                case 1, 2: return .flexible(pick([0, 3, 5.5]))
                default: return nil
                }
            }
            func insets(_ values: [Double]) -> DirectionalInsets {
                chance(2) ? .zero : DirectionalInsets(top: pick(values), leading: pick(values), bottom: pick(values), trailing: pick(values))
            }
            // Dimensions: `estimated` may be ruled out along a `count` group's axis (the rules leave it open).
            func width(_ item: Bool, estimated: Bool = true) -> CompositionalDimension {
                let options: [CompositionalDimension] = item
                    ? [.fractionalWidth(1.0 / 3), .fractionalWidth(0.5), .fractionalWidth(1), .absolute(60), .fractionalHeight(0.5)]
                    : [.fractionalWidth(1), .fractionalWidth(0.5), .absolute(150), .fractionalHeight(0.6), .fractionalWidth(2.0 / 3)]
                return estimated && chance(4) ? .estimated(pick([70, 200, 33.5])) : pick(options)
            }
            func height(_ item: Bool, estimated: Bool = true) -> CompositionalDimension {
                let options: [CompositionalDimension] = item
                    ? [.fractionalHeight(1), .fractionalHeight(0.5), .absolute(40), .fractionalWidth(0.5)]
                    : [.absolute(100), .fractionalWidth(0.25), .fractionalHeight(0.2), .absolute(44.5)]
                return estimated && chance(4) ? .estimated(pick([50, 80, 120.5])) : pick(options)
            }
            func item(along axis: GroupAxis?) -> CompositionalSubitem {
                let edges = chance(2) ? CompositionalEdgeSpacing.none : CompositionalEdgeSpacing(leading: edge(), top: edge(), trailing: edge(), bottom: edge())
                return .item(CompositionalItem(
                    size: CompositionalSize(
                        width: width(true, estimated: axis != .horizontal), height: height(true, estimated: axis != .vertical)),
                    contentInsets: insets([0, 2, 5]), edgeSpacing: edges))
            }
            func group(depth: Int, countAlong: GroupAxis? = nil) -> CompositionalGroup {
                let axis: GroupAxis = chance(2) ? .horizontal : .vertical
                let size = CompositionalSize(
                    width: width(false, estimated: countAlong != .horizontal), height: height(false, estimated: countAlong != .vertical))
                let counted = chance(4)
                let subitems = (0..<(counted ? 1 : 1 + Int(random.next() % 3))).map { _ -> CompositionalSubitem in
                    depth < 3 && chance(3) ? .group(group(depth: depth + 1, countAlong: counted ? axis : nil)) : item(along: counted ? axis : nil)
                }
                return CompositionalGroup(
                    axis: axis, size: size, subitems: subitems, count: counted ? 1 + Int(random.next() % 4) : nil,
                    interItemSpacing: spacing(), contentInsets: insets([0, 4, 6.5]))
            }
            func compositional() -> CompositionalSection {
                var section = CompositionalSection(
                    group: group(depth: 1), interGroupSpacing: pick([0, 8, 12.5]), contentInsets: insets([0, 10, 16.5]))
                // Headers and footers of a horizontal layout are ignored (the service refuses them).
                if chance(3) {
                    section.header = CompositionalBoundaryItem(
                        size: CompositionalSize(width: .fractionalWidth(1), height: pick([.absolute(44), .estimated(30), .fractionalHeight(0.1)])),
                        pinToVisibleBounds: chance(3))
                }
                if chance(3) {
                    section.footer = CompositionalBoundaryItem(
                        size: CompositionalSize(width: pick([.fractionalWidth(1), .absolute(100)]), height: .absolute(20.5)), pinToVisibleBounds: chance(3))
                }
                if vertical {
                    if chance(3) { section.orthogonalScrolling = pick([.continuous, .paging, .groupPaging, .groupPagingCentered]) }
                }
                if chance(3) { section.background = insets([0, 5, 7.5]) }
                return section
            }
            let shared = chance(4) ? compositional() : nil
            settings.compositional = shared
            let sections = (0..<1 + Int(random.next() % 4)).map { _ -> FlowSection in
                let count = Int(random.next() % (updates ? 25 : 40))
                var section = FlowSection(items: .count(count))
                if chance(2) {
                    let listed = (0..<count).map { _ in
                        chance(3) ? nil : Size(width: Double(10 + random.next() % 150), height: Double(10 + random.next() % 120) + pick([0, 0.5]))
                    }
                    section.items = .sizes(listed.map { $0 ?? Size(width: 0, height: 0) })
                    if listed.contains(where: { $0 == nil }) { section.estimated = listed.map { $0 == nil } }
                }
                // A flow section between compositional ones, unless every section is the layout's.
                if shared == nil {
                    if updates || !chance(5) { section.compositional = compositional() }
                } else if chance(3) {
                    section.compositional = compositional()
                }
                return section
            }
            input = FlowLayoutInput(
                settings: settings, sections: sections, crossAxisLength: pick([320, 375, 414.5]),
                contentInset: EdgeInsets(top: pick([0, 20]), left: pick([0, 8]), bottom: pick([0, 34]), right: pick([0, 12])),
                scrollAxisLength: pick([480, 667, 812.5]))
            offsets = sections.indices.compactMap { index -> OrthogonalOffset? in
                chance(2) ? OrthogonalOffset(section: index, offset: pick([0, 37.5, 200, 1000.25, -15])) : nil
            }
            viewport = Viewport(
                bounds: Rect(x: 0, y: 0, width: 1, height: 1), contentInset: EdgeInsets(top: pick([0, 47]), left: 0, bottom: pick([0, 34.5]), right: 0),
                scale: pick([nil, 1, 2, 3]),
                layoutDirection: chance(3) ? .rightToLeft : .leftToRight)
        }

        var description: String {
            "seed \(seed): \(input.settings.scrollDirection), \(viewport.layoutDirection), scale \(viewport.scale.map { "\($0)" } ?? "nil"), "
                + "items \(input.sections.map(\.items.count)), flow sections \(input.sections.indices.filter { input.settings.compositional(of: input.sections[$0]) == nil })"
        }

        func viewport(_ bounds: Rect) -> Viewport {
            var viewport = viewport
            viewport.bounds = bounds
            return viewport
        }

        /// Bounds covering everything, the rows of orthogonal sections however far they scroll.
        func everything(_ layout: BaseLayout) -> Viewport {
            viewport(Rect(x: -100_000, y: -100_000, width: layout.contentSize.width + 200_000, height: layout.contentSize.height + 200_000))
        }
    }

    static func isCompositional(_ attributes: LayoutAttributes, _ input: FlowLayoutInput) -> Bool {
        input.settings.compositional(of: input.sections[attributes.section]) != nil
    }

    /// Whether `attributes` is a header or footer pinned to the bounds.
    static func pins(_ attributes: LayoutAttributes, _ input: FlowLayoutInput) -> Bool {
        guard let section = input.settings.compositional(of: input.sections[attributes.section]) else { return false }
        switch attributes.kind {
        case .header: return section.header?.pinToVisibleBounds ?? false
        case .footer: return section.footer?.pinToVisibleBounds ?? false
        default: return false
        }
    }

    /// The engine's lengths of the flow sections, which the reference does not lay out.
    static func flowLengths(_ layout: BaseLayout, _ input: FlowLayoutInput) -> [Int: Double] {
        var lengths: [Int: Double] = [:]
        for index in input.sections.indices where input.settings.compositional(of: input.sections[index]) == nil {
            lengths[index] = layout.sections[index].length
        }
        return lengths
    }

    /// Random bounds along the scroll axis (and, sometimes, a window across it); often with an edge
    /// on an edge of one of `frames` (the elements answered), where only the closed intervals of
    /// `touches` keep it in view.
    ///
    /// Unless `anywhereAcross`, the bounds touch the content's extent across the scroll axis
    /// (`0...dimension`), as a scroll view's always do.
    static func randomBounds(
        _ random: inout SplitMix64, _ size: Size, vertical: Bool, frames: [Rect] = [], anywhereAcross: Bool = false
    ) -> Rect {
        let length = max(1, vertical ? size.height : size.width)
        var low = Double(random.next() % UInt64(length + 400)) - 200 + (random.next() % 2 == 0 ? 0.5 : 0)
        let extent = Double(1 + random.next() % 700)
        let snapped = frames.isEmpty || random.next() % 2 == 0 ? nil : frames[Int(random.next() % UInt64(frames.count))]
        if let snapped {
            // Bounds starting where the element ends, or ending where it starts.
            let (start, end) = vertical ? (snapped.minY, snapped.maxY) : (snapped.minX, snapped.maxX)
            low = random.next() % 2 == 0 ? end : start - extent
        }
        var bounds = vertical ? Rect(x: 0, y: low, width: size.width, height: extent) : Rect(x: low, y: 0, width: extent, height: size.height)
        if random.next() % 3 == 0 {
            // A narrower window across the scroll axis, perhaps ending where the element starts.
            let across = vertical ? size.width : size.height
            var start = Double(random.next() % UInt64(max(1, across))) - 20
            if let snapped, random.next() % 2 == 0 { start = (vertical ? snapped.minX : snapped.minY) - 60 }
            if !anywhereAcross { start = min(max(start, -60), across) }
            if vertical { bounds.origin.x = start; bounds.size.width = 60 } else { bounds.origin.y = start; bounds.size.height = 60 }
        }
        return bounds
    }

    static func check(_ seed: UInt64) {
        let random = Case(seed: seed)
        let input = random.input
        let layout = BaseLayout(input)
        let flow = flowLengths(layout, input)
        let laid = CompositionalReference.layout(input, viewport: random.everything(layout), offsets: random.offsets, flowLengths: flow)
        #expect(layout.contentHash == input.contentHash, "\(random): id")
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 }
        let sizes = (layout.contentSize, laid.contentSize)
        #expect(near(sizes.0.width, sizes.1.width) && near(sizes.0.height, sizes.1.height), "\(random): content size \(sizes)")
        let widths = layout.orthogonalContentWidths
        let rows = (widths.map(\.section), laid.orthogonalWidths.map(\.section))
        #expect(rows.0 == rows.1, "\(random): orthogonal sections \(rows)")
        let rowWidths = (widths.map(\.width), laid.orthogonalWidths.map(\.width))
        #expect(rowWidths.0.count == rowWidths.1.count && zip(rowWidths.0, rowWidths.1).allSatisfy(near), "\(random): orthogonal widths \(rowWidths)")
        var all: [LayoutAttributes] = []
        layout.attributes(in: random.everything(layout), orthogonalOffsets: random.offsets, into: &all)
        let everything = random.everything(layout)
        let expected = CompositionalReference.attributes(input, viewport: everything, offsets: random.offsets, flowLengths: flow)
        let raw = CompositionalReference.attributes(input, viewport: everything, offsets: random.offsets, flowLengths: flow, rounding: false)
        let answered = all.filter { Self.isCompositional($0, input) }
        let difference = CompositionalReference.difference(answered, expected, raw: raw, scale: random.viewport.scale)
        #expect(difference == nil, "\(random): every element\n\(difference ?? "")")
        guard difference == nil else { return }
        var draws = SplitMix64(seed: seed ^ 0xC0C0)
        for _ in 0..<6 {
            let bounds = Self.randomBounds(
                &draws, layout.contentSize, vertical: input.settings.scrollDirection == .vertical, frames: answered.map(\.frame))
            var found: [LayoutAttributes] = []
            layout.attributes(in: random.viewport(bounds), orthogonalOffsets: random.offsets, into: &found)
            let frames = CompositionalReference.sectionFrames(input, viewport: everything, flowLengths: flow)
            // Pinned headers and footers move with the bounds: the reference's answer for these.
            let expected = CompositionalReference.attributes(input, viewport: random.viewport(bounds), offsets: random.offsets, flowLengths: flow)
            let raw = CompositionalReference.attributes(input, viewport: random.viewport(bounds), offsets: random.offsets, flowLengths: flow, rounding: false)
            let difference = CompositionalReference.difference(
                found.filter { Self.isCompositional($0, input) }, expected, raw: raw, scale: random.viewport.scale, bounds: bounds
            ) { CompositionalReference.isLookedAt($0, bounds: bounds, frames: frames, input: input, viewport: everything, contentWidth: layout.contentSize.width) }
            #expect(difference == nil, "\(random): in \(bounds)\n\(difference ?? "")")
        }
    }

    static func firstDifference(_ answered: [LayoutAttributes], _ expected: [LayoutAttributes]) -> String {
        for index in 0..<max(answered.count, expected.count) {
            let a = index < answered.count ? "\(answered[index].kind) \(answered[index].section).\(answered[index].item) \(answered[index].frame) est \(answered[index].isEstimated)" : "-"
            let e = index < expected.count ? "\(expected[index].kind) \(expected[index].section).\(expected[index].item) \(expected[index].frame) est \(expected[index].isEstimated)" : "-"
            if a != e { return "at \(index) of \(answered.count)/\(expected.count): engine \(a)\n  reference \(e)" }
        }
        return "none"
    }

    @Test func layoutsEqualTheReference() async {
        await propertyCheck(count: 300, input: Gen.uint64(in: 0...UInt64.max)) { seed in Self.check(seed) }
    }

    /// Every visible query answers the compositional sections' elements of the whole layout that touch
    /// its bounds, in order (among flow sections, which move them): all of them whose section's
    /// unrounded frame touches the bounds too (docs/flow-layout.md §9), and no other than touch them.
    /// Bounds often start or end on an element's edge.
    @Test func visibleQueriesEqualBruteForce() async {
        await Self.visibleQueries()
    }

    static func visibleQueries() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            let random = Case(seed: seed)
            let layout = BaseLayout(random.input)
            var all: [LayoutAttributes] = []
            layout.attributes(in: random.everything(layout), orthogonalOffsets: random.offsets, into: &all)
            // Flow sections' cells are left out: the flow layout's query misses a cell whose edge
            // across the scroll axis only touches the bounds' (reported; not this suite's).
            // Pinned headers and footers move with the bounds: `layoutsEqualTheReference` checks them.
            all = all.filter { Self.isCompositional($0, random.input) && !Self.pins($0, random.input) }
            let everything = random.everything(layout)
            let frames = CompositionalReference.sectionFrames(random.input, viewport: everything, flowLengths: Self.flowLengths(layout, random.input))
            var draws = SplitMix64(seed: seed ^ 0xB0B)
            for _ in 0..<10 {
                let bounds = Self.randomBounds(
                    &draws, layout.contentSize, vertical: random.input.settings.scrollDirection == .vertical, frames: all.map(\.frame),
                    anywhereAcross: true)
                var found: [LayoutAttributes] = []
                layout.attributes(in: random.viewport(bounds), orthogonalOffsets: random.offsets, into: &found)
                found = found.filter { Self.isCompositional($0, random.input) && !Self.pins($0, random.input) }
                // What must be answered, in order; what touches the bounds but not its section's frame may be.
                var next = 0
                var missing: LayoutAttributes?
                for element in all where element.frame.touches(bounds) {
                    if next < found.count, found[next] == element {
                        next += 1
                    } else if CompositionalReference.isLookedAt(
                        element, bounds: bounds, frames: frames, input: random.input, viewport: everything, contentWidth: layout.contentSize.width)
                    {
                        missing = element
                        break
                    }
                }
                let same = missing == nil && next == found.count
                #expect(same, "\(random): in \(bounds), missing \(missing.map { "\($0.kind) \($0.section).\($0.item) \($0.frame)" } ?? "none"), answered \(next) of \(found.count) in order")
                if !same { return }
            }
        }
    }

    /// Every part of a compositional description is in the layout's id (docs/flow-layout.md §23.1):
    /// changing any one of them gives another id.
    /// A right-to-left horizontal layout mirrors the bounds across the content width, which rounds:
    /// a section whose span ends exactly at the mirrored edge is still looked at (as it is left to
    /// right), and its cell touching the bounds answered. The layout of a seed that lost it.
    @Test func rightToLeftKeepsASectionTouchingTheBoundsAtAnEdge() {
        let random = Case(seed: 18406925741665535267)
        let layout = BaseLayout(random.input)
        var found: [LayoutAttributes] = []
        layout.attributes(in: random.viewport(Rect(x: 7299, y: 0, width: 208, height: 375)), orthogonalOffsets: random.offsets, into: &found)
        #expect(found.contains { $0.kind == .cell && $0.section == 1 && $0.item == 0 && $0.frame.maxX == 7299 }, "\(found)")
    }

    /// What a registration gathers of each chunk of groups as it fills them (`GroupChunkBuilder`) is
    /// what the chunk's cells add up to (`GroupChunk.summary`): the bounds a query prunes by, the
    /// thickness, the counts and the advance.
    @Test func chunkSummariesAreWhatTheirCellsAddUpTo() async {
        await propertyCheck(count: 200, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            let random = Case(seed: seed)
            for section in BaseLayout(random.input).sections {
                guard case .compositional(let body) = section.body, case .tree(let root) = body.placement.groups else { continue }
                func check(_ node: GroupNode?) {
                    guard let node else { return }
                    let gathered = node.own
                    let counted = node.chunk.summary(body.placement.axes)
                    let same = gathered.groupCount == counted.groupCount && gathered.cellCount == counted.cellCount
                        && gathered.advance == counted.advance && gathered.minStart == counted.minStart && gathered.maxEnd == counted.maxEnd
                        && gathered.acrossLow == counted.acrossLow && gathered.acrossHigh == counted.acrossHigh
                        && gathered.thickness == counted.thickness && gathered.reachLow == counted.reachLow && gathered.bytes == counted.bytes
                    #expect(same, "\(random): gathered \(gathered), counted \(counted)")
                    check(node.left)
                    check(node.right)
                }
                check(root)
            }
        }
    }

    @Test func everyPartOfTheDescriptionIsInTheId() async {
        await propertyCheck(count: 100, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            let random = Case(seed: seed)
            guard let index = random.input.sections.indices.first(where: { random.input.sections[$0].compositional != nil }) else { return }
            let original = random.input.sections[index].compositional!
            func firstItem(_ group: inout CompositionalGroup, _ change: (inout CompositionalItem) -> Void) {
                switch group.subitems[0] {
                case .item(var item):
                    change(&item)
                    group.subitems[0] = .item(item)
                case .group(var nested):
                    firstItem(&nested, change)
                    group.subitems[0] = .group(nested)
                }
            }
            let changes: [(String, (inout CompositionalSection) -> Void)] = [
                ("background", { $0.background = $0.background == nil ? .zero : nil }),
                ("background inset", { $0.background = DirectionalInsets(top: ($0.background?.top ?? 0) + 1) }),
                ("header", { $0.header = $0.header == nil ? CompositionalBoundaryItem(size: CompositionalSize(width: .absolute(1), height: .absolute(1))) : nil }),
                ("footer pinning", { $0.footer = CompositionalBoundaryItem(size: CompositionalSize(width: .absolute(1), height: .absolute(1)), pinToVisibleBounds: !($0.footer?.pinToVisibleBounds ?? false)) }),
                ("orthogonal", { $0.orthogonalScrolling = $0.orthogonalScrolling == .paging ? .groupPagingCentered : .paging }),
                ("inter-group spacing", { $0.interGroupSpacing += 0.5 }),
                ("section insets", { $0.contentInsets.trailing += 1 }),
                ("group axis", { $0.group.axis = $0.group.axis == .horizontal ? .vertical : .horizontal }),
                ("group count", { $0.group.count = ($0.group.count ?? 0) + 1; $0.group.subitems = [$0.group.subitems[0]] }),
                ("spacing kind", { $0.group.interItemSpacing = $0.group.interItemSpacing.isFlexible ? .fixed($0.group.interItemSpacing.minimum) : .flexible($0.group.interItemSpacing.minimum) }),
                ("group insets", { $0.group.contentInsets.bottom += 1 }),
                ("group height kind", { $0.group.size.height = $0.group.size.height.isEstimated ? .absolute($0.group.size.height.value) : .estimated($0.group.size.height.value) }),
                ("item width", { firstItem(&$0.group) { $0.size.width.value += 1 } }),
                ("item insets", { firstItem(&$0.group) { $0.contentInsets.leading += 1 } }),
                ("item edge", { firstItem(&$0.group) { $0.edgeSpacing.bottom = $0.edgeSpacing.bottom == nil ? .fixed(0) : nil } }),
                ("item edge kind", { firstItem(&$0.group) { $0.edgeSpacing.top = $0.edgeSpacing.top?.isFlexible == true ? .fixed(0) : .flexible(0) } }),
            ]
            let before = BaseLayout(random.input).contentHash
            for (name, change) in changes {
                var changed = original
                change(&changed)
                guard changed != original else { continue }
                var input = random.input
                input.sections[index].compositional = changed
                #expect(BaseLayout(input).contentHash != before, "\(random): \(name) is not in the id")
            }
        }
    }

    // MARK: Updates

    /// The layout's sections as cells one by one, as updates change them.
    struct Model {
        var base: FlowLayoutInput
        var sections: [(overrides: FlowSection, items: [FlowItem])]

        init(_ input: FlowLayoutInput) {
            base = input
            sections = input.sections.map { section in
                (section.overrides, (0..<section.items.count).map { section.item($0, countedItem: input.settings.countedItem(of: section)) })
            }
        }

        var input: FlowLayoutInput {
            var input = base
            input.sections = sections.map { overrides, items in
                var section = overrides
                section.items = .sizes(items.map(\.size))
                if items.contains(where: \.isEstimated) { section.estimated = items.map(\.isEstimated) }
                return section
            }
            return input
        }
    }

    static func cell(_ random: inout SplitMix64) -> FlowItem {
        random.next() % 3 == 0
            ? FlowItem(size: Size(width: 0, height: 0), isEstimated: true)
            : FlowItem(size: Size(width: Double(10 + random.next() % 150), height: Double(10 + random.next() % 120) + 0.5))
    }

    static func operation(_ random: inout SplitMix64, _ model: inout Model) -> LayoutUpdate {
        let sectionCount = model.sections.count
        let s = sectionCount == 0 ? 0 : Int(random.next() % UInt64(sectionCount))
        let n = sectionCount == 0 ? 0 : model.sections[s].items.count
        func index(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        switch sectionCount == 0 ? 7 : random.next() % 8 {
        case 0:
            let at = index(n + 1)
            let items = (0..<1 + index(6)).map { _ in cell(&random) }
            model.sections[s].items.insert(contentsOf: items, at: at)
            return .insertItems(section: s, at: at, items: items)
        case 1 where n > 0:
            let at = index(n)
            let count = min(n - at, index(5))
            model.sections[s].items.removeSubrange(at..<at + count)
            return .deleteItems(section: s, at: at, count: count)
        case 2 where n > 0, 3 where n > 0:
            // Measurements: the commonest update of a self-sizing section.
            let at = index(n)
            let sizes = (0..<min(n - at, 1 + index(4))).map { _ in
                Size(width: Double(10 + random.next() % 150), height: Double(10 + random.next() % 120))
            }
            for (offset, size) in sizes.enumerated() { model.sections[s].items[at + offset] = FlowItem(size: size) }
            return .resizeItems(section: s, at: at, sizes: sizes)
        case 4 where n > 0:
            let from = index(n)
            let moved = model.sections[s].items.remove(at: from)
            let target = index(sectionCount)
            let to = index(model.sections[target].items.count + 1)
            model.sections[target].items.insert(moved, at: to)
            return .moveItem(from: ItemPath(section: s, item: from), to: ItemPath(section: target, item: to))
        case 5:
            let items = (0..<1 + index(20)).map { _ in cell(&random) }
            model.sections[s].items.append(contentsOf: items)
            return .appendItems(section: s, items: items)
        case 6 where sectionCount > 1:
            let at = index(sectionCount)
            model.sections.remove(at: at)
            return .deleteSections(at: at, count: 1)
        default:
            // A compositional section like one already there (or a counted one of the layout's).
            let at = index(sectionCount + 1)
            var overrides = sectionCount == 0 ? FlowSection(items: .count(0)) : model.sections[index(sectionCount)].overrides
            let counted = random.next() % 2 == 0
            let items = counted
                ? Array(repeating: model.base.settings.countedItem(of: overrides), count: index(30))
                : (0..<index(20)).map { _ in cell(&random) }
            var given = overrides
            if counted {
                given.items = .count(items.count)
            } else {
                given.items = .sizes(items.map(\.size))
                if items.contains(where: \.isEstimated) { given.estimated = items.map(\.isEstimated) }
            }
            overrides.items = .count(0)
            model.sections.insert((overrides, items), at: at)
            return .insertSections(at: at, sections: [given])
        }
    }

    @Test func updatesEqualFreshRegistrations() async {
        await propertyCheck(count: 60, input: Gen.uint64(in: 0...UInt64.max)) { seed in
            let random = Case(seed: seed, updates: true)
            var model = Model(random.input)
            var layout = BaseLayout(random.input)
            #expect(BaseLayout(model.input).contentHash == layout.contentHash, "\(random): counted and listed agree")
            var draws = SplitMix64(seed: seed &+ 3)
            for step in 0..<12 {
                let batch = (0..<1 + Int(draws.next() % 3)).map { _ in Self.operation(&draws, &model) }
                do {
                    layout = try layout.updated(by: batch).layout
                } catch {
                    Issue.record("\(random) step \(step): \(error)")
                    return
                }
                let fresh = BaseLayout(model.input)
                let note = "\(random) step \(step) \(batch)"
                #expect(layout.contentHash == fresh.contentHash, "\(note): ids")
                #expect(layout.contentSize == fresh.contentSize, "\(note): content sizes")
                #expect(layout.orthogonalContentWidths.map(\.width) == fresh.orthogonalContentWidths.map(\.width), "\(note): rows")
                var queries = [random.everything(fresh)]
                for _ in 0..<3 {
                    queries.append(random.viewport(Self.randomBounds(&draws, fresh.contentSize, vertical: fresh.scrollDirection == .vertical)))
                }
                for viewport in queries {
                    var a: [LayoutAttributes] = []
                    var b: [LayoutAttributes] = []
                    layout.attributes(in: viewport, orthogonalOffsets: random.offsets, into: &a)
                    fresh.attributes(in: viewport, orthogonalOffsets: random.offsets, into: &b)
                    let same = a == b
                    #expect(same, "\(note): answers in \(viewport.bounds)\n\(Self.firstDifference(a, b))")
                    if !same { return }
                }
                // And the fresh layout is the reference's.
                let everything = random.everything(fresh)
                let expected = CompositionalReference.attributes(model.input, viewport: everything, offsets: random.offsets)
                let raw = CompositionalReference.attributes(model.input, viewport: everything, offsets: random.offsets, rounding: false)
                var all: [LayoutAttributes] = []
                fresh.attributes(in: everything, orthogonalOffsets: random.offsets, into: &all)
                let difference = CompositionalReference.difference(all, expected, raw: raw, scale: random.viewport.scale)
                #expect(difference == nil, "\(note): reference\n\(difference ?? "")")
                if difference != nil || layout.contentHash != fresh.contentHash { return }
            }
        }
    }
}
