extension MasonryPlacer {
    /// `placeByRule`'s loop: the placer's rule and state in locals, a few columns' bottoms scanned for
    /// the least instead of kept in a tree.
    struct RuleLoop {
        let columns: Int
        let aspectRatio: Bool
        let ordered: Bool
        let vertical: Bool
        let columnWidth: Double
        let lineSpacing: FixedLength
        var tree: ColumnBottoms
        var bottoms: [FixedLength]
        var low: FixedLength
        var high: FixedLength
        /// `MasonryPlacer.descent` and `MasonryPlacer.heightsAreNatural`.
        var descent: Int?
        var heightsAreNatural = true

        init(_ placer: MasonryPlacer, direction: ScrollDirection) {
            let grid = placer.grid
            columns = grid.columnCount
            aspectRatio = grid.rule.itemSizing == .aspectRatio
            ordered = grid.rule.placement == .ordered
            vertical = direction == .vertical
            (columnWidth, lineSpacing) = (grid.columnWidth, FixedLength(grid.lineSpacing))
            tree = placer.bottoms
            bottoms = (0..<grid.columnCount).map { placer.bottoms[$0] }
            (low, high) = (placer.low, placer.high)
        }

        mutating func place(
            _ sizes: UnsafeBufferPointer<Size>, lanes: UnsafeMutableBufferPointer<UInt16>, tops: UnsafeMutableBufferPointer<FixedLength>,
            heights: UnsafeMutableBufferPointer<Double>
        ) {
            let scanned = columns <= ColumnBottoms.scanned
            let spacingIsNatural = lineSpacing >= .zero
            // The state in locals, the bottoms in a buffer: no copy-on-write check a cell.
            var (last, low, high, descent, natural, next) = (FixedLength.least, low, high, descent, heightsAreNatural, 0)
            var tree = tree
            bottoms.withUnsafeMutableBufferPointer { bottoms in
                for item in 0..<sizes.count {
                    let size = sizes[item]
                    let height = vertical
                        ? MasonryColumns.height(width: size.width, height: size.height, columnWidth: columnWidth, aspectRatio: aspectRatio)
                        : MasonryColumns.height(width: size.height, height: size.width, columnWidth: columnWidth, aspectRatio: aspectRatio)
                    var lane = 0
                    if ordered {
                        lane = next
                        next = next + 1 == columns ? 0 : next + 1
                    } else if scanned {
                        var least = bottoms[0]
                        for column in 1..<columns where bottoms[column] < least { (lane, least) = (column, bottoms[column]) }
                    } else {
                        lane = tree.leastColumn
                    }
                    let top = bottoms[lane]
                    let bottom = top + FixedLength(converting: height)
                    bottoms[lane] = bottom + lineSpacing
                    if !scanned { tree[lane] = bottoms[lane] }
                    lanes.initializeElement(at: item, to: UInt16(truncatingIfNeeded: lane))
                    tops.initializeElement(at: item, to: top)
                    heights.initializeElement(at: item, to: height)
                    if descent == nil, !(height >= 0 && spacingIsNatural && top >= last) {
                        descent = item
                        if !(height >= 0) { natural = false }
                    }
                    last = top
                }
            }
            // Cells that follow one another start no higher than the first and end no lower than their
            // column's last: the reach from the ends, else from every cell.
            if descent == nil {
                if sizes.count > 0, let greatest = bottoms.max() { (low, high) = (.min(low, tops[0]), .max(high, greatest - lineSpacing)) }
            } else {
                for item in 0..<sizes.count {
                    if !(heights[item] >= 0) { natural = false }
                    (low, high) = (.min(low, tops[item]), .max(high, tops[item] + FixedLength(heights[item])))
                }
            }
            (self.low, self.high, self.descent, self.heightsAreNatural, self.tree) = (low, high, descent, natural, tree)
        }
    }
}
