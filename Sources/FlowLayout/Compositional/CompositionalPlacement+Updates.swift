extension CompositionalPlacement {
    /// The placement of a section whose cells an update changed from `untouched` to `dirtyEnd` (new
    /// indices: the cells before kept theirs, the cells from `dirtyEnd` on are the old ones from
    /// `dirtyEnd − delta` on), `lines` holding them now (docs/flow-layout.md §23.8).
    ///
    /// Groups fill again from the one before the first change (a group reads the cell after its
    /// last, to know whether it fits) until a group starts, past the change, at a cell where an old
    /// one started: the old groups from there are the same and shared. A measurement that keeps its
    /// group's cells costs O(log n), an append of k cells O(k + log n); a change that re-pairs every
    /// later group (an insert ahead of groups of several slots) fills them all, about a registration.
    func refilled(
        _ section: CompositionalSection, container: Size, lines: SectionLines, untouched: Int, dirtyEnd: Int,
        work: inout some WorkCounter
    ) -> CompositionalPlacement {
        let count = lines.itemCount
        let delta = count - itemCount
        let old = tree
        var (firstGroup, firstCell) = (0, 0)
        if let old, untouched > 0 {
            let cell = Swift.min(untouched - 1, itemCount - 1)
            let position = GroupTree.chunk(holding: cell, byCells: true, in: old, work: &work)
            let g = position.node.chunk.group(holdingCell: cell - position.firstCell)
            firstGroup = position.firstGroup + g
            firstCell = position.firstCell + position.node.chunk.cellRange(ofGroup: g).lowerBound
        }
        let prefix = GroupTree.split(old, atGroup: firstGroup, axes: axes, work: &work).0
        var builder = GroupChunkBuilder(axes: axes)
        var suffix: GroupNode?
        var reached = firstCell
        // Past eight failed looks for a shared start, one look each time the groups filled double: a
        // change that never realigns costs its fill and a logarithm of looks.
        var (filled, looks, nextLook) = (0, 0, 0)
        let measured = LineMeasurements(lines)
        Filler(section, container: container).fill(from: firstCell, count: count, measured: measured, into: &builder) { next in
            work += next - reached
            reached = next
            filled += 1
            let oldCell = next - delta
            guard let old, next >= dirtyEnd, oldCell >= 0, oldCell < itemCount, filled >= nextLook else { return false }
            looks += 1
            nextLook = looks < 8 ? filled : filled * 2
            let position = GroupTree.chunk(holding: oldCell, byCells: true, in: old, work: &work)
            let g = position.node.chunk.group(holdingCell: oldCell - position.firstCell)
            guard position.firstCell + position.node.chunk.cellRange(ofGroup: g).lowerBound == oldCell else { return false }
            suffix = GroupTree.split(old, atGroup: position.firstGroup + g, axes: axes, work: &work).1
            return true
        }
        let refilled = builder.finish(seed: UInt64(firstCell) &* 0x9E37_79B9 ^ UInt64(count))
        let root = GroupTree.merge(GroupTree.merge(prefix, refilled, work: &work), suffix, work: &work)
        return CompositionalPlacement(tree: root, axes: axes, count: count)
    }
}
