extension SectionLayout {
    /// The section's items with every one its masonry placement chose by rule naming the column it got
    /// (docs/flow-layout.md §22.5): what `keepColumns` edits, so that no item an update finds changes
    /// column. Other sections' lines, and those where every item names its column or spans them all
    /// (as after an update with kept columns), as they are: O(1), read from the tree's summary. Else,
    /// in a section of `MasonryPlacement.runsFrom` items or more, the chunks that hold such items are
    /// rewritten, every other node shared: O(m) for items in m chunks' worth, as after an update with
    /// kept columns that brought a few. A smaller section, or a run of such items (which becomes
    /// several chunks), has the whole tree built again, small chunks joined (O(n)). `work` grows by
    /// the items read.
    func linesKeepingColumns(seed: UInt64, work: inout some WorkCounter) -> SectionLines {
        guard case .masonry(let placement) = body, lines.summary.placesByRule else { return lines }
        var chunkBecameSeveral = false
        func named(_ node: LineNode?, first: Int) -> LineNode? {
            guard let node, node.summary.placesByRule, !chunkBecameSeveral else { return node }
            work += 1
            let left = named(node.left, first: first)
            let start = first + node.leftItems
            let right = named(node.right, first: start + node.own.itemCount)
            guard node.own.placesByRule else { return node.with(left: left, right: right) }
            let chunks = node.chunk.namingColumns(from: start, of: placement, lineSpacing: lines.spacing)
            guard chunks.count == 1 else {
                chunkBecameSeveral = true
                return node
            }
            work += node.own.itemCount
            return LineNode(chunks[0], priority: node.priority, lineSpacing: lines.spacing).with(left: left, right: right)
        }
        if lines.itemCount >= MasonryPlacement.runsFrom {
            let root = named(lines.root, first: 0)
            if !chunkBecameSeveral { return SectionLines(geometry: lines.geometry, root: root) }
        }
        work += lines.itemCount
        // Roles do not break lines: each chunk keeps its lines, its items' roles named. Listed chunks
        // that fit in one as breaking fills them are joined, as breaking them again would.
        var chunks: [LineChunk] = []
        var first = 0
        func collect(_ node: LineNode?) {
            guard let node else { return }
            collect(node.left)
            for chunk in node.chunk.namingColumns(from: first, of: placement, lineSpacing: lines.spacing) {
                if case .listed(let next) = chunk.kind, let last = chunks.last, case .listed(let previous) = last.kind,
                    previous.thicknesses.count + next.thicknesses.count <= LineChunk.maxLines,
                    previous.sizes.count + next.sizes.count <= LineChunk.maxItems
                {
                    chunks[chunks.count - 1] = last.appending(next, lineSpacing: lines.spacing)
                } else {
                    chunks.append(chunk)
                }
            }
            first += node.chunk.itemCount
            collect(node.right)
        }
        collect(lines.root)
        var priorities = PriorityStream(seed: seed)
        return SectionLines(geometry: lines.geometry, root: LineTree.build(chunks, priorities: &priorities, lineSpacing: lines.spacing))
    }
}

extension LineChunk {
    /// This chunk's lines, its first item `first` in the section, with every item placed by the rule
    /// naming the lane `placement` gave it: a listed chunk shares every array but its marks; a run of
    /// such items is listed, its lines as they were, as many to a chunk as breaking puts there.
    fileprivate func namingColumns(from first: Int, of placement: MasonryPlacement, lineSpacing: FixedLength) -> [LineChunk] {
        @inline(__always) func mark(_ mark: UInt16, item: Int) -> UInt16 {
            guard mark >> 1 == MasonryRole.byRule.code else { return mark }
            return mark | (placement.column(ofItem: item).map(MasonryRole.column) ?? .fullSpan).code << 1
        }
        switch kind {
        case .listed(let lines):
            let marks = lines.marks.map { marks in marks.indices.map { mark(marks[$0], item: first + $0) } }
                ?? (0..<lines.sizes.count).map { mark(0, item: first + $0) }
            return [.listed(ListedLines(
                sizes: lines.sizes, marks: marks, depths: lines.depths, firstItems: lines.firstItems,
                thicknesses: lines.thicknesses, lineSpacing: lineSpacing))]
        case .run(let run):
            guard run.item.masonryRole == .byRule else { return [self] }
            let estimate = ListedLines.mark(of: run.item)
            // A chunk is closed at `maxLines` lines, or at the line that brings it to `maxItems` items.
            let linesPerChunk = Swift.min(LineChunk.maxLines, (LineChunk.maxItems + run.perLine - 1) / run.perLine)
            return stride(from: 0, to: run.lineCount, by: linesPerChunk).map { line in
                let lineCount = Swift.min(linesPerChunk, run.lineCount - line)
                let start = first + line * run.perLine
                let items = lineCount * run.perLine
                return .listed(ListedLines(
                    sizes: Array(repeating: run.item.size, count: items), marks: (0..<items).map { mark(estimate, item: start + $0) },
                    depths: nil, firstItems: (0..<lineCount).map { UInt32($0 * run.perLine) },
                    thicknesses: Array(repeating: run.thickness, count: lineCount), lineSpacing: lineSpacing))
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
