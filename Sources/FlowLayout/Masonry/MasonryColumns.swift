/// How a masonry section lays its cells in columns (docs/flow-layout.md §22): how many columns, the
/// space between them, which column each cell goes to, and how tall a cell is.
public struct MasonryColumns: Hashable, Sendable {
    /// The number of columns, given or fitted to the width.
    public enum Count: Hashable, Sendable {
        /// n ≥ 1 columns.
        case fixed(Int)
        /// As many columns at least this wide (w > 0) as the width holds, and at least one:
        /// n = max(1, ⌊(W + s) / (w + s)⌋).
        case minimumWidth(Double)
    }

    /// The column of each cell that does not name one.
    public enum Placement: UInt8, Hashable, Sendable {
        /// The column whose running bottom is least, ties (equal as doubles) to the lowest index.
        case shortestFirst
        /// Item i to column i mod n.
        case ordered
    }

    /// A cell's height in its column, whose width is the column's.
    public enum ItemSizing: UInt8, Hashable, Sendable {
        /// `height · c / width`: the item's aspect ratio kept (an image's), as
        /// CHTCollectionViewWaterfallLayout does; the height as given when the width is 0.
        case aspectRatio
        /// The item's height as given.
        case height
    }

    public var count: Count
    /// The space between columns; nil takes the section's `minimumInteritemSpacing`.
    public var columnSpacing: Double?
    public var placement: Placement
    public var itemSizing: ItemSizing

    public init(
        count: Count, columnSpacing: Double? = nil, placement: Placement = .shortestFirst, itemSizing: ItemSizing = .aspectRatio
    ) {
        self.count = count
        self.columnSpacing = columnSpacing
        self.placement = placement
        self.itemSizing = itemSizing
    }

    /// The most columns a section has: a request for more (a count, or a minimum width so small
    /// that more would fit) gets this many.
    public static let maximumColumnCount = 1024

    /// The number of columns in a width `width` with `spacing` between them, from 1 to
    /// `maximumColumnCount`.
    public func columnCount(width: Double, spacing: Double) -> Int {
        switch count {
        case .fixed(let n): return Swift.min(Swift.max(1, n), Self.maximumColumnCount)
        case .minimumWidth(let minimum):
            let fitted = ((width + spacing) / (minimum + spacing)).rounded(.down)
            guard fitted.isFinite, fitted >= 1 else { return fitted == .infinity ? Self.maximumColumnCount : 1 }
            return fitted >= Double(Self.maximumColumnCount) ? Self.maximumColumnCount : Int(fitted)
        }
    }

    /// The height of an item of `size` in a column `columnWidth` wide.
    public func height(of size: Size, columnWidth: Double) -> Double {
        switch itemSizing {
        case .height: return size.height
        case .aspectRatio: return size.width > 0 ? size.height * columnWidth / size.width : size.height
        }
    }
}

/// One item of a masonry section, as placement reads it.
public struct MasonryItem: Hashable, Sendable {
    public var size: Size
    /// Spans every column, below all of them (Android's full-span item).
    public var fullSpan: Bool
    /// The column the item names, which wins over the placement rule; nil lets the rule choose. One
    /// past the last column is the last one (a column count fitted to a width may change).
    public var column: Int?

    public init(size: Size, fullSpan: Bool = false, column: Int? = nil) {
        self.size = size
        self.fullSpan = fullSpan
        self.column = column
    }
}
