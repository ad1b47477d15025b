import Foundation
@_spi(WorkCounting) @testable import FlowLayout
import SeededRandom
import Testing

/// What an update costs, counted by `updated(by:work:)` (tree nodes and items touched): it follows the
/// change, not the layout. The same change on 1,000 and 1,000,000 items differs only by the tree's
/// depth, and bytes grow by what changed.
@Suite("Update cost")
struct UpdateCostTests {
    /// Varied items, several to a line of 320 (item i's size depends on i only).
    static func grid(_ count: Int) -> FlowLayoutInput {
        FlowLayoutInput(sections: [FlowSection(items: .sizes((0..<count).map(Self.gridSize)))], crossAxisLength: 320)
    }

    static func gridSize(_ index: Int) -> Size {
        Size(width: Double(40 + (index * 37) % 90), height: Double(30 + (index * 13) % 50))
    }

    /// A feed: one item per line (wider than half the line), each of its own height.
    static func feed(_ count: Int) -> FlowLayoutInput {
        FlowLayoutInput(sections: [FlowSection(items: .sizes((0..<count).map(Self.feedSize)))], crossAxisLength: 320)
    }

    static func feedSize(_ index: Int) -> Size {
        Size(width: Double(170 + (index * 7) % 150), height: Double(20 + (index * 11) % 60))
    }

    static func estimated(_ count: Int) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.estimatedItemSize = Size(width: 320, height: 80)
        return FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(count))], crossAxisLength: 320)
    }

    /// The work of one batch on a layout of `input`.
    static func work(_ input: FlowLayoutInput, _ updates: (Int) -> [LayoutUpdate]) -> Int {
        let layout = BaseLayout(input)
        var work = 0
        _ = try! layout.updated(by: updates(layout.itemCount), work: &work)
        return work
    }

    /// Depth term per operation: a treap's expected depth is about 2 ln(n / chunk) ≈ 1.4 log2 n, and an
    /// operation walks it about eight times (find the restart line, read the items from there, find
    /// where lines realign, split twice, merge twice, read the last two lines), so 1,000 times the
    /// items add at most about 24 · log2(1000) steps.
    static let depthAllowance = 24.0 * log2(1000)

    /// The work on 1,000 items is the change's own (a few steps an item, a chunk of lines either side,
    /// a walk of the small tree per operation); on 1,000,000 only the depth term grows.
    func expectFollowsTheChange(
        _ name: String, _ make: (Int) -> FlowLayoutInput, operations: Int = 1, items k: Int, _ updates: (Int) -> [LayoutUpdate]
    ) {
        let small = Self.work(make(1000), updates)
        let large = Self.work(make(1_000_000), updates)
        print("\(name): work \(small) on 1,000 items, \(large) on 1,000,000")
        let perOperation: Double = Double(4 * LineChunk.maxLines) + 40 * log2(1000)
        let ownWork: Double = 3 * Double(k) + Double(operations) * perOperation
        #expect(Double(small) <= ownWork, "\(name): \(small)")
        #expect(Double(large - small) <= Double(operations) * Self.depthAllowance, "\(name): \(small) → \(large)")
    }

    @Test func appendingKItemsCostsKPlusTheDepth() {
        let page = (0..<100).map { FlowItem(size: Self.gridSize($0 * 3)) }
        expectFollowsTheChange("append 100 to a grid", Self.grid, items: 100) { _ in [.appendItems(section: 0, items: page)] }
    }

    /// A waterfall in `columns` columns of the grid's items.
    static func waterfall(columns: Int, placement: MasonryColumns.Placement = .shortestFirst) -> (Int) -> FlowLayoutInput {
        { count in
            var input = Self.grid(count)
            input.settings.masonry = MasonryColumns(count: .fixed(columns), placement: placement)
            return input
        }
    }

    /// Appending to a masonry section places the new items on from the old placement (§22.5), in few
    /// columns or many; any other change places again the cells from the first item it reaches, which
    /// the meter counts: near the end that is a few, near the start nearly all. So does `ordered`
    /// placement, whose tops are not in item order.
    @Test func aWaterfallPlacesAgainFromTheChange() {
        let page = (0..<100).map { FlowItem(size: Self.gridSize($0 * 3)) }
        for columns in [3, 40] {
            expectFollowsTheChange("append 100 to \(columns) columns", Self.waterfall(columns: columns), items: 100) { _ in
                [.appendItems(section: 0, items: page)]
            }
        }
        let measured = [Size(width: 50, height: 50)]
        for placement in [MasonryColumns.Placement.shortestFirst, .ordered] {
            expectFollowsTheChange("resize 1 of the last 10 in 3 columns \(placement)", Self.waterfall(columns: 3, placement: placement), items: 10) {
                count in [.resizeItems(section: 0, at: count - 10, sizes: measured)]
            }
        }
        let resized = Self.work(Self.waterfall(columns: 3)(1_000_000), { _ in [.resizeItems(section: 0, at: 10, sizes: measured)] })
        #expect(resized >= 1_000_000 - 10, "a resize near the start places almost every cell again: \(resized)")
    }

    /// The grid's items in 3 columns that they name (every seventh spans them all), as after an update
    /// with kept columns; or, with `masonry` false, the same items in lines.
    static func named(_ count: Int, masonry: Bool) -> FlowLayoutInput {
        var section = FlowSection(items: .sizes((0..<count).map(Self.gridSize)))
        section.masonryRoles = (0..<count).map { $0 % 7 == 6 ? .fullSpan : .column($0 % 3) }
        var input = FlowLayoutInput(sections: [section], crossAxisLength: 320)
        if masonry { input.settings.masonry = MasonryColumns(count: .fixed(3)) }
        return input
    }

    /// The work of `updates` with kept columns on the named waterfall after one kept measurement near
    /// its start (its lanes are runs then, however few its items), less the same batch's on the same
    /// items in lines: what the columns add to the lines' own work.
    static func keptWork(_ count: Int, after before: [LayoutUpdate] = [], _ updates: (Int) -> [LayoutUpdate]) -> (kept: Int, lines: Int) {
        MasonryPlacement.$runsFrom.withValue(0) { keptWorkKeepingRuns(count, after: before, updates) }
    }

    static func keptWorkKeepingRuns(_ count: Int, after before: [LayoutUpdate], _ updates: (Int) -> [LayoutUpdate]) -> (kept: Int, lines: Int) {
        let first: [LayoutUpdate] = [.resizeItems(section: 0, at: 5, sizes: [Size(width: Self.gridSize(5).width, height: 91)])] + before
        let (waterfall, lines) = (BaseLayout(Self.named(count, masonry: true)), BaseLayout(Self.named(count, masonry: false)))
        var (kept, flow) = (0, 0)
        _ = try! waterfall.updated(by: first, keepColumns: true).layout.updated(by: updates(count), keepColumns: true, work: &kept)
        _ = try! lines.updated(by: first).layout.updated(by: updates(count), work: &flow)
        return (kept, flow)
    }

    /// With kept columns, a measured cell changes height in its lane's runs and an appended page is
    /// placed on from the lanes' ends (§22.5): beyond the lines' own work, a few steps per column and
    /// item, the same on 1,000 and 1,000,000 items.
    @Test func keptColumnsMoveOnlyWhatFollowsInALane() {
        // Measured heights at the widths the items have, so that the lines break as before.
        func measured(_ item: Int, _ height: Double) -> LayoutUpdate {
            .resizeItems(section: 0, at: item, sizes: [Size(width: Self.gridSize(item).width, height: height)])
        }
        let page = (0..<100).map { FlowItem(size: Self.gridSize($0 * 3)) }
        // Items an earlier kept update brought are placed by the rule: this one names their columns, in
        // the chunk of lines that holds them.
        let brought: [LayoutUpdate] = [.insertItems(section: 0, at: 700, items: Array(page.prefix(5)))]
        let (small, large) = (Self.keptWork(1000, after: brought) { [measured($0 / 3, 45)] }, Self.keptWork(1_000_000, after: brought) { [measured($0 / 3, 45)] })
        print("kept columns after an insert: \(small) on 1,000 items, \(large) on 1,000,000")
        #expect(small.kept - small.lines <= 200 + LineChunk.maxItems)
        #expect(abs((large.kept - large.lines) - (small.kept - small.lines)) <= 24 + LineChunk.maxItems)
        let cases: [(name: String, steps: Int, items: Int, (Int) -> [LayoutUpdate])] = [
            ("resize the middle item", 1, 1, { [measured($0 / 2, 300)] }),
            ("resize a full-span item", 1, 1, { [measured($0 / 2 - $0 / 2 % 7 + 6, 10)] }),
            ("resize 10 apart", 10, 10, { count in (0..<10).map { measured(count / 3 + 37 * $0, 45) } }),
            ("insert 5 in the middle", 1, 5, { [.insertItems(section: 0, at: $0 / 2, items: Array(page.prefix(5)))] }),
            ("delete 5 in the middle", 1, 5, { [.deleteItems(section: 0, at: $0 / 2, count: 5)] }),
            ("move one up", 2, 2, { [.moveItem(from: ItemPath(section: 0, item: $0 / 2), to: ItemPath(section: 0, item: $0 / 3))] }),
            ("append 100", 1, 100, { _ in [.appendItems(section: 0, items: page)] }),
        ]
        for (name, steps, items, updates) in cases {
            let (small, large) = (Self.keptWork(1000, updates), Self.keptWork(1_000_000, updates))
            let (columnsSmall, columnsLarge) = (small.kept - small.lines, large.kept - large.lines)
            print("kept columns, \(name): \(small.kept) on 1,000 items (lines \(small.lines)), \(large.kept) on 1,000,000 (lines \(large.lines))")
            // A few finds in each of the 4 lanes' runs a step, and an item's placing.
            #expect(columnsSmall <= 200 * steps + 3 * items, "\(name): \(columnsSmall)")
            #expect(abs(columnsLarge - columnsSmall) <= 24 * steps + items, "\(name): \(columnsSmall) → \(columnsLarge)")
        }
    }

    /// Every kept step walks every lane: a batch of many steps in many columns is placed on from the
    /// change instead, and costs about a registration, not steps × lanes.
    @Test func manyKeptStepsInManyColumnsCostAboutARegistration() {
        let count = 20_000
        var section = FlowSection(items: .sizes((0..<count).map(Self.gridSize)))
        section.masonryRoles = (0..<count).map { .column($0 % 512) }
        var input = FlowLayoutInput(sections: [section], crossAxisLength: 320)
        input.settings.masonry = MasonryColumns(count: .fixed(512), columnSpacing: 0)
        let layout = BaseLayout(input)
        let batch = (0..<400).map { LayoutUpdate.resizeItems(section: 0, at: 40 * $0, sizes: [Size(width: 60, height: 70)]) }
        var (kept, plain) = (0, 0)
        _ = try! layout.updated(by: batch, keepColumns: true, work: &kept)
        _ = try! layout.updated(by: batch, work: &plain)
        print("400 resizes in 512 columns of 20,000 items: work \(kept) kept, \(plain) placed again from the first")
        #expect(kept <= plain + count / 8, "work \(kept) against \(plain)")
    }

    @Test func resizingInTheMiddleOfAFeedCostsTheDepth() {
        expectFollowsTheChange("resize 1 in a feed", Self.feed, items: 1) { count in
            [.resizeItems(section: 0, at: 500, sizes: [Size(width: 300, height: 123)])]
        }
        expectFollowsTheChange("resize 10 apart in a feed", Self.feed, operations: 10, items: 10) { count in
            (0..<10).map { .resizeItems(section: 0, at: 100 + $0 * 80, sizes: [Size(width: 300, height: 17)]) }
        }
        expectFollowsTheChange("resize 50 in a row in a feed", Self.feed, items: 50) { count in
            [.resizeItems(section: 0, at: 300, sizes: (0..<50).map { Size(width: 200, height: Double(20 + $0)) })]
        }
    }

    @Test func insertingAndDeletingInAFeedCostsTheDepthPerItem() {
        let items = (0..<5).map { FlowItem(size: Self.feedSize($0 + 3)) }
        expectFollowsTheChange("insert 5 in a feed", Self.feed, items: 5) { _ in [.insertItems(section: 0, at: 400, items: items)] }
        expectFollowsTheChange("delete 5 in a feed", Self.feed, items: 5) { _ in [.deleteItems(section: 0, at: 400, count: 5)] }
        expectFollowsTheChange("move in a feed", Self.feed, operations: 2, items: 2) { _ in
            [.moveItem(from: ItemPath(section: 0, item: 10), to: ItemPath(section: 0, item: 900))]
        }
    }

    @Test func aCountedSectionTakesChangesAsExceptions() {
        // Measuring cells of an estimated million: each costs the depth, and O(1) bytes.
        expectFollowsTheChange("measure 1 of an estimated section", Self.estimated, items: 1) { count in
            [.resizeItems(section: 0, at: 700, sizes: [Size(width: 320, height: 133)])]
        }
        let million = BaseLayout(Self.estimated(1_000_000))
        let unmeasured = million.heapByteCount
        #expect(unmeasured < 4096, "an estimated million costs O(1): \(unmeasured) bytes")
        var layout = million
        var bytes: [Int] = []
        for measured in 1...20 {
            var work = 0
            layout = try! layout.updated(
                by: [.resizeItems(section: 0, at: measured * 40_000, sizes: [Size(width: 320, height: 90 + Double(measured))])],
                work: &work
            ).layout
            bytes.append(layout.heapByteCount)
        }
        // O(1) more per measured item: the exceptions and their neighbouring lines, a few chunks each.
        let perItem = Double(bytes.last! - unmeasured) / 20
        print("estimated million: \(unmeasured) bytes, \(perItem) more per measured item")
        #expect(perItem < 4096)
        #expect(layout.isEstimated(section: 0, item: 40_000) == false)
        #expect(layout.isEstimated(section: 0, item: 40_001))
        #expect(layout.itemCount == 1_000_000)
    }

    @Test func manyUpdatesLeaveNoTrailOfSmallChunks() throws {
        // A thousand random inserts, deletes and resizes all over a feed and a grid of 20,000 (one item
        // in twenty touched): the updated layout keeps within 10% of the bytes of the fresh layout of
        // the same items. (Chunks an edit re-breaks stay at least half full, docs/flow-layout.md §16.)
        for base in [Self.feed(20_000), Self.grid(20_000)] {
            guard case .sizes(var sizes) = base.sections[0].items else { return }
            var layout = BaseLayout(base)
            var random = SplitMix64(seed: 5)
            for step in 0..<1000 {
                let at = Int(random.next() % UInt64(sizes.count))
                let size = sizes[(at * 7 + step) % sizes.count]
                let update: LayoutUpdate
                switch random.next() % 3 {
                case 0:
                    sizes.insert(size, at: at)
                    update = .insertItems(section: 0, at: at, items: [FlowItem(size: size)])
                case 1:
                    sizes.remove(at: at)
                    update = .deleteItems(section: 0, at: at, count: 1)
                default:
                    sizes[at] = size
                    update = .resizeItems(section: 0, at: at, sizes: [size])
                }
                var work = 0
                layout = try layout.updated(by: [update], work: &work).layout
            }
            let fresh = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320))
            #expect(layout.contentHash == fresh.contentHash)
            let ratio = Double(layout.heapByteCount) / Double(fresh.heapByteCount)
            print("after 1,000 updates: \(layout.heapByteCount) bytes against \(fresh.heapByteCount) fresh (\(ratio))")
            #expect(ratio <= 1.10)
        }
    }
}

/// Runs of items too thin to count onto a line in reasonable time are placed one by one.
@Suite("Degenerate runs")
struct DegenerateRunTests {
    @Test(arguments: [(1e-300, 0.0), (0.0, 1e-6), (0.0, 0.0)])
    func aRunOfVanishingItemsIsLaidOutAndEnds(width: Double, spacing: Double) {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: width, height: 1)
        settings.minimumInteritemSpacing = spacing
        // Two sections, so that the row path's breaker (not only the uniform grid) places the run.
        let input = FlowLayoutInput(
            settings: settings,
            sections: [FlowSection(items: .count(5000)), FlowSection(items: .sizes([Size(width: 10, height: 5), Size(width: 20, height: 5)]))],
            crossAxisLength: 320)
        let layout = BaseLayout(input)
        #expect(layout.itemCount == 5002)
        #expect(layout.contentHash == input.contentHash)
        var work = 0
        let updated = try! layout.updated(by: [.resizeItems(section: 0, at: 10, sizes: [Size(width: 3, height: 2)])], work: &work).layout
        #expect(updated.itemCount == 5002)
    }

    /// A batch that would re-break a section to its end again and again (each insert at the front of a
    /// grid of two items a line, alternating widths, moves every break after it) goes over to editing
    /// items once its work has cost half a registration, and breaks the lines once: the whole batch
    /// costs O(n + k log n), not O(k n) (docs/flow-layout.md §16).
    @Test func aBatchNeverCostsMuchMoreThanRegisteringItsResult() throws {
        let count = 300_000
        let sizes = (0..<count).map { Size(width: $0 % 2 == 0 ? 150 : 100, height: 40) }
        let layout = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320))
        let inserted = FlowItem(size: Size(width: 120, height: 40))
        let batch = Array(repeating: LayoutUpdate.insertItems(section: 0, at: 0, items: [inserted]), count: 10_000)
        var work = 0
        let (updated, _) = try layout.updated(by: batch, work: &work)
        print("10,000 inserts at the front of 300,000 items: work \(work)")
        // A quarter of a re-break wasted, each insert O(log k) among the pieces, the lines broken
        // once: O(n + k log k). (`make bench` times it against registering the result.)
        #expect(work <= 3 * count, "work \(work)")
        // Re-breaking after each insert instead: every one of them costs the whole section.
        var incremental = 0
        _ = try layout.updated(
            by: Array(batch.prefix(20)), maxItems: BaseLayout.maxItemsInASection, maxSections: .max, rebuildAfter: .max,
            work: &incremental)
        #expect(incremental >= 20 * count, "work \(incremental)")
        let fresh = BaseLayout(FlowLayoutInput(
            sections: [FlowSection(items: .sizes(Array(repeating: inserted.size, count: batch.count) + sizes))], crossAxisLength: 320))
        #expect(updated.contentHash == fresh.contentHash)
        #expect(updated.contentSize == fresh.contentSize)
        for y in [0.0, 123_456, 5_000_000] {
            var a: [LayoutAttributes] = []
            var b: [LayoutAttributes] = []
            updated.attributes(in: Viewport(bounds: Rect(x: 0, y: y, width: 320, height: 900)), into: &a)
            fresh.attributes(in: Viewport(bounds: Rect(x: 0, y: y, width: 320, height: 900)), into: &b)
            #expect(a == b, "at \(y)")
        }
        // A batch within the budget stays incremental: its work is its change's.
        var small = 0
        _ = try layout.updated(by: [.appendItems(section: 0, items: [inserted, inserted, inserted])], work: &small)
        #expect(small < 1_000, "work \(small)")
    }
}
