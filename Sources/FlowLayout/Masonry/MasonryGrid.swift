/// A masonry section's columns resolved for its width (docs/flow-layout.md §22.1), and the rule and
/// the spacing placing goes on with: what both storages of a placement share, and where a cell's
/// frame comes from its lane.
struct MasonryGrid: Sendable {
    let rule: MasonryColumns
    let columnCount: Int
    /// c = (W − (n − 1)·s) / n.
    let columnWidth: Double
    /// s, between columns.
    let columnSpacing: Double
    /// W, what a full-span cell spans.
    let width: Double
    /// Between a column's cells.
    let lineSpacing: Double

    /// Columns `columns.columnSpacing ?? interitemSpacing` apart in `width` (W).
    init(columns: MasonryColumns, width: Double, interitemSpacing: Double, lineSpacing: Double) {
        let spacing = columns.columnSpacing ?? interitemSpacing
        let count = columns.columnCount(width: width, spacing: spacing)
        rule = columns
        columnCount = count
        columnSpacing = spacing
        self.width = width
        self.lineSpacing = lineSpacing
        // No column is narrower than nothing: spacings wider than the width leave columns of width 0.
        columnWidth = Swift.max(0, (width - Double(count - 1) * spacing) / Double(count))
    }

    /// The cell of lane `lane` (a column, or `columnCount` for the full-span lane) at `top`.
    @inline(__always)
    func cell(lane: Int, top: Double, height: Double) -> MasonryPlacement.Cell {
        lane == columnCount
            ? MasonryPlacement.Cell(column: nil, frame: Rect(x: 0, y: top, width: width, height: height))
            : MasonryPlacement.Cell(column: lane, frame: Rect(x: Double(lane) * (columnWidth + columnSpacing), y: top, width: columnWidth, height: height))
    }
}
