extension SectionLayout {
    /// The section's items with every one its masonry placement chose by rule naming the column it got
    /// (docs/flow-layout.md §22.5): what `keepColumns` edits, so that no item an update finds changes
    /// column. Other sections' lines, and those where every item names its column or spans them all
    /// (as after an update with kept columns), as they are. O(n) for a masonry section; `work` grows
    /// by the runs and items read, and by n when they are broken again.
    func linesKeepingColumns(seed: UInt64, work: inout some WorkCounter) -> SectionLines {
        guard case .masonry(let placement) = body else { return lines }
        let placedByRule = !LineTree.forEachRun(in: lines.root, items: 0..<lines.itemCount, work: &work) { item, _ in
            item.masonryRole != .byRule
        }
        guard placedByRule else { return lines }
        work += lines.itemCount
        var uncounted = Uncounted()
        return SectionLines(geometry: lines.geometry, seed: seed) { feed in
            var index = 0
            _ = LineTree.forEachRun(in: lines.root, items: 0..<lines.itemCount, work: &uncounted) { item, count in
                defer { index += count }
                guard item.masonryRole == .byRule else {
                    feed(item, count)
                    return true
                }
                for placed in index..<index + count {
                    var kept = item
                    kept.masonryRole = placement.column(ofItem: placed).map(MasonryRole.column) ?? .fullSpan
                    feed(kept, 1)
                }
                return true
            }
        }
    }
}

extension BaseLayout {
    /// Whether any section lays its cells in columns (docs/flow-layout.md §22). O(sections).
    public var hasMasonrySections: Bool {
        sections.contains { section in
            if case .masonry = section.body { return true }
            return false
        }
    }
}
