@_spi(WorkCounting) @testable import FlowLayout
import PropertyBased
import SeededRandom
import Testing

/// Updates over random layouts: after every batch, the updated layout is the layout of its inputs
/// registered from scratch: the same id, the same content size, the same answers for any bounds.
@Suite("Update properties")
struct UpdateProperties {
    /// A scenario's sections as items one by one: what the updates are checked against.
    struct Model {
        var settings: FlowLayoutSettings
        var crossAxisLength: Double
        var sections: [(overrides: FlowSection, items: [FlowItem])]

        init(_ input: FlowLayoutInput) {
            settings = input.settings
            crossAxisLength = input.crossAxisLength
            sections = input.sections.map { section in
                (section.overrides, (0..<section.items.count).map { section.item($0, countedItem: input.settings.countedItem) })
            }
        }

        /// The inputs of the model, every section listed.
        var input: FlowLayoutInput {
            FlowLayoutInput(
                settings: settings,
                sections: sections.map { overrides, items in
                    var section = overrides
                    section.items = .sizes(items.map(\.size))
                    if items.contains(where: { $0.parallaxDepth != nil }) { section.parallaxDepths = items.map { $0.parallaxDepth ?? .nan } }
                    if items.contains(where: \.isEstimated) { section.estimated = items.map(\.isEstimated) }
                    if items.contains(where: { $0.masonryRole != .byRule }) { section.masonryRoles = items.map(\.masonryRole) }
                    return section
                },
                crossAxisLength: crossAxisLength)
        }
    }

    /// A scenario, sometimes in CSS mode, with an estimate or in columns, and a random item maker for it.
    static func start(_ seed: UInt64, masonry: Bool = false) -> (Scenario, Model) {
        var scenario = Scenario(seed: seed)
        var random = SplitMix64(seed: seed ^ 0xC55)
        switch masonry ? 5 : random.next() % 6 {
        case 0:
            var css = CSSFlexLayout()
            css.flexDirection = scenario.input.settings.scrollDirection == .vertical ? .row : .column
            css.justifyContent = Scenario.pick([.flexStart, .center, .spaceBetween, .spaceEvenly], &random)
            css.alignItems = Scenario.pick([.flexStart, .center, .flexEnd], &random)
            css.rowGap = Scenario.pick([0, 8], &random)
            css.columnGap = Scenario.pick([0, 6.5], &random)
            if random.next() % 2 == 0 {
                css.crossSize = Scenario.pick([2000, 30_000], &random)
                css.alignContent = Scenario.pick([.stretch, .center, .spaceBetween, .spaceAround], &random)
            }
            scenario.input.settings.css = css
        case 1:
            scenario.input.settings.estimatedItemSize = Size(width: 60, height: 44)
        case 5:
            scenario.input.settings.masonry = MasonryColumns(
                count: Scenario.pick([.fixed(1), .fixed(2), .fixed(3), .minimumWidth(90)], &random),
                columnSpacing: Scenario.pick([nil, 6, 0], &random), placement: random.next() % 3 == 0 ? .ordered : .shortestFirst,
                itemSizing: random.next() % 3 == 0 ? .height : .aspectRatio)
            if random.next() % 2 == 0 { scenario.input.settings.estimatedItemSize = Size(width: 60, height: 44) }
            if random.next() % 3 == 0, !scenario.input.sections.isEmpty {
                // One section in columns of its own.
                scenario.input.sections[0].masonry = MasonryColumns(count: .fixed(4), columnSpacing: 2)
            }
            // Cells of a column that overlap: placed on from a change only while no column has two.
            if random.next() % 5 == 0 { scenario.input.settings.minimumLineSpacing = -6 }
        default: break
        }
        return (scenario, Model(scenario.input))
    }

    static func item(_ random: inout SplitMix64, _ model: Model) -> FlowItem {
        let along = model.settings.effectiveScrollDirection == .vertical
        let limit = 150.0
        var size = Size(width: Double(10 + random.next() % 140), height: Double(10 + random.next() % 120) + (random.next() % 3 == 0 ? 0.5 : 0))
        if along { size.width = min(size.width, limit) } else { size.height = min(size.height, limit) }
        if model.settings.masonry != nil {
            switch random.next() % 8 {
            case 0: return FlowItem(size: size, masonryRole: .fullSpan)
            case 1: return FlowItem(size: size, masonryRole: .column(Int(random.next() % 5)))
            default: break
            }
        }
        switch random.next() % 6 {
        case 0: return FlowItem(size: model.settings.itemSize)
        case 1 where model.settings.estimatedItemSize != nil: return FlowItem(size: model.settings.estimatedItemSize!, isEstimated: true)
        case 2: return FlowItem(size: size, parallaxDepth: Double(random.next() % 40))
        default: return FlowItem(size: size)
        }
    }

    /// One random operation valid for `model`, applied to it.
    static func operation(_ random: inout SplitMix64, _ model: inout Model) -> LayoutUpdate {
        let sectionCount = model.sections.count
        let s = sectionCount == 0 ? 0 : Int(random.next() % UInt64(sectionCount))
        let n = sectionCount == 0 ? 0 : model.sections[s].items.count
        func index(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(random.next() % UInt64(bound)) }
        switch (sectionCount == 0 ? 7 : random.next() % 8) {
        case 0:
            let at = index(n + 1)
            let items = (0..<1 + index(6)).map { _ in item(&random, model) }
            model.sections[s].items.insert(contentsOf: items, at: at)
            return .insertItems(section: s, at: at, items: items)
        case 1 where n > 0:
            let at = index(n)
            let count = min(n - at, index(5))
            model.sections[s].items.removeSubrange(at..<at + count)
            return .deleteItems(section: s, at: at, count: count)
        case 2 where n > 0:
            let at = index(n)
            let sizes = (0..<min(n - at, 1 + index(4))).map { _ in item(&random, model).size }
            for (offset, size) in sizes.enumerated() {
                model.sections[s].items[at + offset].size = size
                model.sections[s].items[at + offset].isEstimated = false
            }
            return .resizeItems(section: s, at: at, sizes: sizes)
        case 3 where n > 0:
            let from = index(n)
            let moved = model.sections[s].items.remove(at: from)
            let target = index(sectionCount)
            let to = index(model.sections[target].items.count + 1)
            model.sections[target].items.insert(moved, at: to)
            return .moveItem(from: ItemPath(section: s, item: from), to: ItemPath(section: target, item: to))
        case 4:
            let items = (0..<1 + index(30)).map { _ in item(&random, model) }
            model.sections[s].items.append(contentsOf: items)
            return .appendItems(section: s, items: items)
        case 5 where sectionCount > 1:
            let at = index(sectionCount)
            let count = 1 + index(min(2, sectionCount - at))
            model.sections.removeSubrange(at..<at + count)
            return .deleteSections(at: at, count: count)
        default:
            let at = index(sectionCount + 1)
            var overrides = FlowSection(items: .count(0))
            if random.next() % 2 == 0 { overrides.headerReferenceSize = Size(width: 30, height: 24) }
            if random.next() % 3 == 0 { overrides.minimumLineSpacing = 3 }
            let counted = random.next() % 2 == 0
            let items: [FlowItem] = counted
                ? Array(repeating: model.settings.countedItem, count: index(300))
                : (0..<index(40)).map { _ in item(&random, model) }
            var section = Model(FlowLayoutInput(settings: model.settings, sections: [], crossAxisLength: 0))
            section.sections = [(overrides, items)]
            var given = section.input.sections[0]
            if counted { given.items = .count(items.count); given.estimated = nil }
            model.sections.insert((overrides, items), at: at)
            return .insertSections(at: at, sections: [given])
        }
    }

    static func expectSameAnswers(_ updated: BaseLayout, _ fresh: BaseLayout, _ scenario: Scenario, _ random: inout SplitMix64, _ note: String) -> Bool {
        #expect(updated.contentHash == fresh.contentHash, "\(note): ids")
        #expect(updated.contentSize == fresh.contentSize, "\(note): content sizes")
        #expect(updated.itemCount == fresh.itemCount, "\(note): item counts")
        // What a section reaches past its span decides how queries cull it, not only what they find.
        let extents = { (layout: BaseLayout) in
            layout.sections.flatMap { section in
                guard case .masonry(let placement) = section.body else { return [section.scrollExtent.min, section.scrollExtent.max] }
                return [section.scrollExtent.min, section.scrollExtent.max, placement.reach.low, placement.reach.high]
            }
        }
        #expect(extents(updated) == extents(fresh), "\(note): sections' extents")
        let vertical = fresh.scrollDirection == .vertical
        let length = max(1, vertical ? fresh.contentSize.height : fresh.contentSize.width)
        var queries = [scenario.everything(fresh)]
        for _ in 0..<4 {
            let offset = Double(random.next() % UInt64(length + 200)) - 100
            let extent = Double(50 + random.next() % 700)
            queries.append(scenario.viewport(vertical
                ? Rect(x: 0, y: offset, width: fresh.contentSize.width, height: extent)
                : Rect(x: offset, y: 0, width: extent, height: fresh.contentSize.height)))
        }
        for viewport in queries {
            var a: [LayoutAttributes] = []
            var b: [LayoutAttributes] = []
            updated.attributes(in: viewport, into: &a)
            fresh.attributes(in: viewport, into: &b)
            #expect(a == b, "\(note): answers in \(viewport.bounds)")
            if a != b { return false }
        }
        return updated.contentHash == fresh.contentHash
    }

    /// The same with batches that go over to editing items part way through, or from the start
    /// (`EditedSection`): a batch is the same layout whichever path it took.
    @Test func aBatchThatStopsBreakingLinesGivesTheSameLayout() async {
        await propertyCheck(count: 60, input: Scenario.generator.map(\.seed)) { seed in
            var (scenario, model) = Self.start(seed)
            var random = SplitMix64(seed: seed &+ 11)
            var layout = BaseLayout(scenario.input)
            for step in 0..<8 {
                let batch = (0..<1 + Int(random.next() % 6)).map { _ in Self.operation(&random, &model) }
                var work = 0
                let after = Int(random.next() % 3) == 0 ? 0 : Int(random.next() % 400)
                do {
                    layout = try layout.updated(
                        by: batch, maxItems: BaseLayout.maxItemsInASection, maxSections: .max, rebuildAfter: after, work: &work
                    ).layout
                } catch {
                    Issue.record("\(seed) step \(step): \(error)")
                    return
                }
                guard Self.expectSameAnswers(layout, BaseLayout(model.input), scenario, &random, "seed \(seed) step \(step) \(batch)") else {
                    return
                }
            }
        }
    }

    @Test func anUpdatedLayoutIsTheFreshLayoutOfItsInputs() async {
        await propertyCheck(count: 80, input: Scenario.generator.map(\.seed)) { seed in
            var (scenario, model) = Self.start(seed)
            var random = SplitMix64(seed: seed &+ 1)
            var layout = BaseLayout(scenario.input)
            #expect(layout.contentHash == scenario.input.contentHash)
            #expect(BaseLayout(model.input).contentHash == layout.contentHash, "counted and listed agree")
            for step in 0..<20 {
                let batch = (0..<1 + Int(random.next() % 3)).map { _ in Self.operation(&random, &model) }
                var work = 0
                do {
                    layout = try layout.updated(by: batch, work: &work).layout
                } catch {
                    Issue.record("\(seed) step \(step): \(error)")
                    return
                }
                let fresh = BaseLayout(model.input)
                #expect(model.input.contentHash == fresh.contentHash)
                guard Self.expectSameAnswers(layout, fresh, scenario, &random, "seed \(seed) step \(step) \(batch)") else { return }
            }
        }
    }

    /// docs/flow-layout.md §16: the adjustment keeps the first surviving cell of the anchor in place
    /// along the scroll axis, and is zero across it.
    @Test func theAdjustmentMovesAlongTheScrollAxisOnly() async {
        await propertyCheck(count: 80, input: Scenario.generator.map(\.seed)) { seed in
            var (scenario, model) = Self.start(seed)
            var random = SplitMix64(seed: seed &+ 7)
            var layout = BaseLayout(scenario.input)
            for step in 0..<10 {
                let batch = (0..<1 + Int(random.next() % 3)).map { _ in Self.operation(&random, &model) }
                var work = 0
                guard let (new, mapping) = try? layout.updated(by: batch, work: &work) else {
                    Issue.record("\(seed) step \(step): refused")
                    return
                }
                let vertical = layout.scrollDirection == .vertical
                let length = max(1, vertical ? layout.contentSize.height : layout.contentSize.width)
                let offset = Double(random.next() % UInt64(length + 100)) - 50
                let anchor = vertical
                    ? Rect(x: 0, y: offset, width: layout.contentSize.width, height: 300)
                    : Rect(x: offset, y: 0, width: 300, height: layout.contentSize.height)
                let adjustment = layout.contentOffsetAdjustment(to: new, mapping: mapping, anchor: anchor)
                #expect((vertical ? adjustment.x : adjustment.y) == 0, "seed \(seed) step \(step): \(adjustment) scrolls across")
                // The first cell in view, in index order, that survives: where it went along the axis.
                var visible: [LayoutAttributes] = []
                layout.attributes(in: Viewport(bounds: anchor), into: &visible)
                let survivor = visible.lazy.filter { $0.kind == .cell }.compactMap { cell -> Double? in
                    guard let path = mapping.newPath(of: ItemPath(section: cell.section, item: cell.item)),
                        let after = new.attributes(ofItem: path) else { return nil }
                    return vertical ? after.frame.minY - cell.frame.minY : after.frame.minX - cell.frame.minX
                }.first
                #expect((vertical ? adjustment.y : adjustment.x) == (survivor ?? 0), "seed \(seed) step \(step)")
                layout = new
            }
        }
    }

    /// Masonry sections (docs/flow-layout.md §22.5): with `keepColumns`, the updated layout is the fresh
    /// layout of its items, each item that was there before naming the column it had; so no such
    /// item changes column. Without it, the fresh layout of the items as given.
    /// Every item of `model` placed by the rule names the column it has in `layout`: what
    /// `keepColumns` makes of it.
    static func nameColumns(of layout: BaseLayout, in model: inout Model, _ scenario: Scenario) {
        var cells: [LayoutAttributes] = []
        layout.attributes(in: scenario.everything(layout), into: &cells)
        for cell in cells where cell.kind == .cell {
            guard let column = cell.column, model.sections[cell.section].items[cell.item].masonryRole == .byRule else { continue }
            model.sections[cell.section].items[cell.item].masonryRole = .column(column)
        }
    }

    /// Items appended to masonry sections are placed on from the old placement, whose storage the new
    /// layout shares and extends in place (§22.5): every batch gives the fresh layout of its inputs, in
    /// few columns (scanned) and in many (the tree), and a second batch appended to the same older
    /// layout (which then copies) changes neither the first result nor the older layout.
    @Test func masonryAppendsPlaceOnFromTheOldPlacement() async {
        await propertyCheck(count: 60, input: Scenario.generator.map(\.seed)) { seed in
            var (scenario, model) = Self.start(seed, masonry: true)
            var random = SplitMix64(seed: seed &+ 11)
            if random.next() % 3 == 0 {
                // More columns than are scanned: their bottoms in tournament trees.
                scenario.input.settings.masonry?.count = .fixed(11)
                model = Model(scenario.input)
            }
            var layout = BaseLayout(scenario.input)
            func appends(_ model: inout Model) -> [LayoutUpdate] {
                (0..<1 + Int(random.next() % 3)).compactMap { _ in
                    guard !model.sections.isEmpty else { return nil }
                    let s = Int(random.next() % UInt64(model.sections.count))
                    let items = (0..<Int(random.next() % 40)).map { _ in Self.item(&random, model) }
                    model.sections[s].items.append(contentsOf: items)
                    return .appendItems(section: s, items: items)
                }
            }
            for step in 0..<6 {
                let (older, olderModel) = (layout, model)
                let keepColumns = random.next() % 4 == 0
                if keepColumns { Self.nameColumns(of: layout, in: &model, scenario) }
                var forkModel = model
                let batch = appends(&model)
                let forkBatch = appends(&forkModel)
                let (updated, fork) = (
                    try! layout.updated(by: batch, keepColumns: keepColumns).layout, try! layout.updated(by: forkBatch, keepColumns: keepColumns).layout
                )
                let note = "seed \(seed) step \(step) keepColumns \(keepColumns)"
                guard Self.expectSameAnswers(fork, BaseLayout(forkModel.input), scenario, &random, "\(note) fork \(forkBatch)"),
                    Self.expectSameAnswers(updated, BaseLayout(model.input), scenario, &random, "\(note) \(batch)"),
                    Self.expectSameAnswers(older, BaseLayout(olderModel.input), scenario, &random, "\(note) the older layout")
                else { return }
                layout = updated
            }
        }
    }

    /// Sections this small keep runs only when `runsFrom` is 0: both ways are checked.
    @Test(arguments: [0, MasonryPlacement.runsFrom])
    func masonryUpdatesAreFreshLayoutsAndKeptColumnsStay(runsFrom: Int) async {
        await MasonryPlacement.$runsFrom.withValue(runsFrom) { await masonryUpdatesAreFreshLayoutsAndKeptColumnsStay() }
    }

    func masonryUpdatesAreFreshLayoutsAndKeptColumnsStay() async {
        await propertyCheck(count: 80, input: Scenario.generator.map(\.seed)) { seed in
            var (scenario, model) = Self.start(seed, masonry: true)
            var random = SplitMix64(seed: seed &+ 5)
            var layout = BaseLayout(scenario.input)
            for step in 0..<10 {
                let keepColumns = random.next() % 3 != 0
                if keepColumns { Self.nameColumns(of: layout, in: &model, scenario) }
                let batch = (0..<1 + Int(random.next() % 3)).map { _ in Self.operation(&random, &model) }
                do {
                    layout = try layout.updated(by: batch, keepColumns: keepColumns).layout
                } catch {
                    Issue.record("\(seed) step \(step): \(error)")
                    return
                }
                let fresh = BaseLayout(model.input)
                let note = "seed \(seed) step \(step) keepColumns \(keepColumns) \(batch)"
                guard Self.expectSameAnswers(layout, fresh, scenario, &random, note) else { return }
                // Named columns (the kept ones among them) are where the cells are.
                var cells: [LayoutAttributes] = []
                layout.attributes(in: scenario.everything(layout), into: &cells)
                for cell in cells where cell.kind == .cell {
                    guard case .column(let named) = model.sections[cell.section].items[cell.item].masonryRole, let column = cell.column else {
                        continue
                    }
                    // Past the last column, the last: no cell of the section is further along.
                    let isLast = !cells.contains { $0.section == cell.section && ($0.column ?? -1) > column }
                    #expect(column == named || (named > column && isLast), "\(note): item \(cell.item) left column \(named)")
                }
            }
        }
    }
}
