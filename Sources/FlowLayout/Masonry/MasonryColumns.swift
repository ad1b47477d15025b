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

    /// The count with a fixed number of columns brought into 1...`maximumColumnCount`, where it places
    /// alike: what ids and the store keep.
    public var normalizedCount: Count {
        guard case .fixed(let columns) = count else { return count }
        return .fixed(Swift.min(Swift.max(1, columns), Self.maximumColumnCount))
    }

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

    /// The tallest a cell's height from an aspect ratio may be: a tiny width cannot make it infinite,
    /// and a million such cells still end at a finite offset (§22.1).
    public static let maximumHeight = 1e12

    /// The height of an item of `size` in a column `columnWidth` wide.
    @inline(__always)
    public func height(of size: Size, columnWidth: Double) -> Double {
        Self.height(width: size.width, height: size.height, columnWidth: columnWidth, aspectRatio: itemSizing == .aspectRatio)
    }

    /// `height · columnWidth / width`, in that order, at most `maximumHeight`, with `aspectRatio` and a
    /// width above 0; else `height` as given.
    @inline(__always)
    static func height(width: Double, height: Double, columnWidth: Double, aspectRatio: Bool) -> Double {
        aspectRatio && width > 0 ? Swift.min(height * columnWidth / width, maximumHeight) : height
    }
}

/// How one item of a masonry section finds its column (docs/flow-layout.md §22.2); other sections
/// ignore it.
public enum MasonryRole: Hashable, Sendable {
    /// The section's placement rule chooses.
    case byRule
    /// Across every column, below all of them (Android's full-span item).
    case fullSpan
    /// This column, which wins over the rule. Past the last column is the last one (a count fitted to
    /// a width may change); below 0 is column 0.
    case column(Int)

    /// Two bytes per item where a chunk keeps roles: 0 by rule, 1 full span, 2 + k column k, k clamped
    /// to `0...MasonryColumns.maximumColumnCount` (which places alike). Ids hash the code, so a role
    /// read back from a chunk names the same layout as the one given.
    public var code: UInt16 {
        switch self {
        case .byRule: return 0
        case .fullSpan: return 1
        case .column(let column): return UInt16(2 + Swift.min(Swift.max(0, column), MasonryColumns.maximumColumnCount))
        }
    }

    /// Roles that place alike are equal: a column past the last possible one is that column, one below
    /// 0 is column 0 (their `code`s are equal).
    public static func == (left: MasonryRole, right: MasonryRole) -> Bool { left.code == right.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The role of a code; a code past the greatest column's is that column.
    public init(code: UInt16) {
        switch code {
        case 0: self = .byRule
        case 1: self = .fullSpan
        default: self = .column(Swift.min(Int(code) - 2, MasonryColumns.maximumColumnCount))
        }
    }
}

/// One item of a masonry section, as placement reads it.
public struct MasonryItem: Hashable, Sendable {
    public var size: Size
    public var role: MasonryRole

    public init(size: Size, role: MasonryRole = .byRule) {
        self.size = size
        self.role = role
    }
}
