extension BaseLayout {
    /// Items one section can hold (its tree counts them in 32 bits).
    public static let maxItemsInASection = LineSummary.maxItems

    /// The layout after `updates`, applied in order (docs/flow-layout.md §16), and where every item
    /// went. This layout is untouched: the new one shares every line the batch did not reach.
    ///
    /// Cost follows the change: appending k items is O(k + log n); inserting, deleting or resizing k
    /// items re-breaks from the line before them to where lines realign with the old ones, O(k log n)
    /// in a section of one item per line; a section given as a count keeps its untouched items as a
    /// run. A batch whose re-breaking has cost a quarter of breaking every line once goes on editing
    /// items only and breaks its sections once at the end (`EditedSection`): no batch costs much
    /// more than registering its result.
    ///
    /// With `keepColumns`, every item of a masonry section that the batch finds names the column it
    /// had before it is applied (docs/flow-layout.md §22.5): only the items the batch adds are placed
    /// by the rule, and the result is the layout of those named columns. Naming costs the chunks that
    /// hold items placed by the rule (all of them the first time, O(n)); the cells then move in their
    /// lanes' runs, O(c log s + k log c) per operation of k items. Otherwise a masonry section's cells
    /// are placed again from the first item the batch reached, O(c log n + (n − i) log c) for a change
    /// at item i (appending k items: O(c + k log c)), or whole where a negative spacing overlaps a
    /// column's cells.
    ///
    /// Throws on the first operation that does not fit the layout it is applied to (an index out of
    /// range, a negative count, more than `maxItems` items or `maxSections` sections); nothing is
    /// changed then.
    public func updated(
        by updates: [LayoutUpdate], keepColumns: Bool = false, maxItems: Int = BaseLayout.maxItemsInASection,
        maxSections: Int = .max
    ) throws(LayoutUpdateError) -> (layout: BaseLayout, mapping: UpdateMapping) {
        var work = 0
        return try updated(by: updates, keepColumns: keepColumns, maxItems: maxItems, maxSections: maxSections, work: &work)
    }

    /// `updated(by:maxItems:maxSections:)`, reporting the tree nodes and items the batch touched: the
    /// meter its strategy is chosen by, for tests of its bounds.
    @_spi(WorkCounting)
    public func updated(
        by updates: [LayoutUpdate], keepColumns: Bool = false, maxItems: Int = BaseLayout.maxItemsInASection,
        maxSections: Int = .max, work: inout Int
    ) throws(LayoutUpdateError) -> (layout: BaseLayout, mapping: UpdateMapping) {
        // A quarter of what breaking every line once costs, in the same units: past it, sections stop
        // re-breaking lines after each operation and are broken once at the end (`EditedSection`), so
        // the worst batch costs about a quarter of a registration wasted, then one.
        try updated(
            by: updates, keepColumns: keepColumns, maxItems: maxItems, maxSections: maxSections,
            rebuildAfter: itemCount / 4 + 64 * sections.count, work: &work)
    }

    /// `updated(by:maxItems:maxSections:work:)`, going over to editing items once `work` passes
    /// `rebuild` (tests pass 0 to take that path from the first operation).
    func updated(
        by updates: [LayoutUpdate], keepColumns: Bool = false, maxItems: Int, maxSections: Int, rebuildAfter rebuild: Int,
        work: inout Int
    ) throws(LayoutUpdateError) -> (layout: BaseLayout, mapping: UpdateMapping) {
        // Kept columns rewrite whole sections once, which the operations' budget does not pay for: they
        // would otherwise break every line again at the end.
        var keeping = 0
        var sections = self.sections.enumerated().map { index, section in
            if case .compositional(let body) = section.body {
                return EditedSection(overrides: section.overrides, lines: section.lines, groups: body.placement)
            }
            guard case .masonry(let placement) = section.body else { return EditedSection(overrides: section.overrides, lines: section.lines) }
            guard keepColumns else { return EditedSection(overrides: section.overrides, lines: section.lines, placement: placement) }
            return EditedSection(
                overrides: section.overrides, lines: section.linesKeepingColumns(seed: UInt64(index), work: &keeping), placement: placement,
                keepsColumns: true)
        }
        var mapping = UpdateMapping()
        var total = itemCount
        for (index, update) in updates.enumerated() {
            func fail(_ field: LayoutUpdateError.Field, _ message: String, exceedsLimit: Bool = false) -> LayoutUpdateError {
                LayoutUpdateError(operation: index, field: field, message: message, exceedsLimit: exceedsLimit)
            }
            func section(_ value: Int, field: LayoutUpdateError.Field = .section) throws(LayoutUpdateError) -> Int {
                guard sections.indices.contains(value) else {
                    throw fail(field, "Section \(value) does not exist: the layout has \(sections.count) sections here.")
                }
                return value
            }
            func position(_ value: Int, in section: Int, field: LayoutUpdateError.Field, end: Bool = true) throws(LayoutUpdateError) -> Int {
                let count = sections[section].itemCount
                guard value >= 0, end ? value <= count : value < count else {
                    throw fail(field, "Item \(value) is out of range: section \(section) has \(count) items here.")
                }
                return value
            }
            func grow(by count: Int, field: LayoutUpdateError.Field) throws(LayoutUpdateError) {
                total += count
                guard total <= maxItems else {
                    throw fail(field, "The layout would hold \(total) items, more than \(maxItems).", exceedsLimit: true)
                }
            }
            func replace(_ section: Int, _ range: Range<Int>, with given: [FlowItem]) {
                var items = given
                if environment.settings.compositional(of: sections[section].overrides) != nil {
                    // A compositional section's unmeasured cells are at their leaves' estimates, whatever
                    // size they came with (§23.7): as a registration lists them, so ids agree.
                    for index in items.indices where items[index].isEstimated { items[index].size = .zero }
                }
                if work >= rebuild { sections[section].stopBreakingLines(work: &work) }
                sections[section].replace(range, with: Self.runs(of: items), budget: Swift.max(0, rebuild - work), work: &work)
            }
            switch update {
            case .insertItems(let s, let at, let items):
                let s = try section(s)
                let at = try position(at, in: s, field: .at)
                try grow(by: items.count, field: .items)
                replace(s, at..<at, with: items)
                mapping.steps.append(.insertItems(section: s, at: at, count: items.count))
            case .appendItems(let s, let items):
                let s = try section(s)
                try grow(by: items.count, field: .items)
                let end = sections[s].itemCount
                replace(s, end..<end, with: items)
                mapping.steps.append(.insertItems(section: s, at: end, count: items.count))
            case .deleteItems(let s, let at, let count):
                let s = try section(s)
                let at = try position(at, in: s, field: .at)
                guard count >= 0 else { throw fail(.count, "A count may not be negative.") }
                _ = try position(at + count, in: s, field: .count)
                total -= count
                replace(s, at..<at + count, with: [])
                mapping.steps.append(.deleteItems(section: s, at: at, count: count))
            case .resizeItems(let s, let at, let sizes):
                let s = try section(s)
                let at = try position(at, in: s, field: .at)
                _ = try position(at + sizes.count, in: s, field: .sizes)
                // The same items, measured: their depths and masonry roles stay.
                var items: [FlowItem] = []
                items.reserveCapacity(sizes.count)
                sections[s].forEachRun(in: at..<at + sizes.count, work: &work) { item, count in
                    for _ in 0..<count {
                        var measured = item
                        measured.size = sizes[items.count]
                        measured.isEstimated = false
                        items.append(measured)
                    }
                }
                replace(s, at..<at + sizes.count, with: items)
            case .moveItem(let from, let to):
                let fromSection = try section(from.section, field: .from(.section))
                let fromItem = try position(from.item, in: fromSection, field: .from(.item), end: false)
                let item = sections[fromSection].item(fromItem, work: &work)
                replace(fromSection, fromItem..<fromItem + 1, with: [])
                let toSection = try section(to.section, field: .to(.section))
                let toItem = try position(to.item, in: toSection, field: .to(.item))
                replace(toSection, toItem..<toItem, with: [item])
                mapping.steps.append(.move(from: from, to: to))
            case .insertSections(let at, let given):
                guard at >= 0, at <= sections.count else {
                    throw fail(.at, "Section \(at) is out of range: the layout has \(sections.count) sections here.")
                }
                guard sections.count + given.count <= maxSections else {
                    throw fail(
                        .sections, "The layout would hold \(sections.count + given.count) sections, more than \(maxSections).",
                        exceedsLimit: true)
                }
                try grow(by: given.reduce(0) { $0 + $1.items.count }, field: .sections)
                let new = given.enumerated().map { offset, section in
                    EditedSection(overrides: section.overrides, lines: environment.lines(of: section, seed: UInt64(at + offset)))
                }
                work += new.reduce(0) { $0 + $1.itemCount }
                sections.insert(contentsOf: new, at: at)
                mapping.steps.append(.insertSections(at: at, count: given.count))
            case .deleteSections(let at, let count):
                guard at >= 0, at <= sections.count else {
                    throw fail(.at, "Section \(at) is out of range: the layout has \(sections.count) sections here.")
                }
                guard count >= 0, at + count <= sections.count else {
                    throw fail(.count, "Sections \(at) to \(at + count - 1) do not all exist: the layout has \(sections.count).")
                }
                total -= sections[at..<at + count].reduce(0) { $0 + $1.itemCount }
                sections.removeSubrange(at..<at + count)
                mapping.steps.append(.deleteSections(at: at, count: count))
            }
        }
        work += sections.count + keeping
        let finished = sections.enumerated().map { index, section in section.finished(seed: UInt64(index), work: &work) }
        // A masonry section not placed on from its old placement is placed again whole, from its lines.
        for section in finished where section.placement == nil && SectionLayout.masonry(of: section.overrides, settings: environment.settings) != nil {
            work += section.lines.itemCount
        }
        // A compositional section's groups fill again from where the batch reached it (§23.8).
        let groups = zip(sections, finished).map { edited, section in
            edited.finishedGroups(lines: section.lines, environment: environment, work: &work)
        }
        let layout = BaseLayout(
            environment: environment, sections: finished.map { ($0.overrides, $0.lines) }, placements: finished.map(\.placement),
            groups: groups)
        return (layout, mapping)
    }

    /// Consecutive equal items as one run each, so the breaker takes whole lines of them at once.
    static func runs(of items: [FlowItem]) -> [(item: FlowItem, count: Int)] {
        var runs: [(item: FlowItem, count: Int)] = []
        for item in items {
            if let last = runs.last, last.item == item {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((item, 1))
            }
        }
        return runs
    }
}
