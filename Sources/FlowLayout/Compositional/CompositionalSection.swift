/// UICollectionViewCompositionalLayout's section, group and item descriptions as plain values
/// (docs/flow-layout.md §23). Lengths are in points; every type is a value type.

/// NSCollectionLayoutDimension: how long an item, group or boundary item is on one axis (§23.2).
public struct CompositionalDimension: Hashable, Sendable {
    public enum Kind: UInt8, Hashable, Sendable {
        /// Exactly `value` points.
        case absolute
        /// `value` × the container's width.
        case fractionalWidth
        /// `value` × the container's height.
        case fractionalHeight
        /// The cell's measured length on this axis when it has one, else `value` (§23.7).
        case estimated
    }

    public var kind: Kind
    public var value: Double

    public init(_ kind: Kind, _ value: Double) {
        self.kind = kind
        self.value = value
    }

    public static func absolute(_ value: Double) -> Self { Self(.absolute, value) }
    public static func fractionalWidth(_ value: Double) -> Self { Self(.fractionalWidth, value) }
    public static func fractionalHeight(_ value: Double) -> Self { Self(.fractionalHeight, value) }
    public static func estimated(_ value: Double) -> Self { Self(.estimated, value) }

    public var isEstimated: Bool { kind == .estimated }

    /// The length in `container` (§23.2); `measured` is the cell's own length on this axis, read only
    /// when the dimension is estimated.
    @inline(__always)
    func resolved(in container: Size, measured: Double? = nil) -> Double {
        switch kind {
        case .absolute: return value
        case .fractionalWidth: return value * container.width
        case .fractionalHeight: return value * container.height
        case .estimated: return measured ?? value
        }
    }
}

/// NSCollectionLayoutSize: a width and a height.
public struct CompositionalSize: Hashable, Sendable {
    public var width: CompositionalDimension
    public var height: CompositionalDimension

    public init(width: CompositionalDimension, height: CompositionalDimension) {
        self.width = width
        self.height = height
    }

    /// The dimension along `axis`.
    func along(_ axis: GroupAxis) -> CompositionalDimension { axis == .horizontal ? width : height }
    /// The dimension across `axis`.
    func across(_ axis: GroupAxis) -> CompositionalDimension { axis == .horizontal ? height : width }
}

/// NSDirectionalEdgeInsets: leading is the left edge left to right and the right edge right to left
/// (the whole section is mirrored, §23.10).
public struct DirectionalInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalInsets()

    /// The insets at the start and the end of `axis`.
    func lead(_ axis: GroupAxis) -> Double { axis == .horizontal ? leading : top }
    func trail(_ axis: GroupAxis) -> Double { axis == .horizontal ? trailing : bottom }
}

/// NSCollectionLayoutSpacing: exactly so much, or at least so much (§23.5).
public enum CompositionalSpacing: Hashable, Sendable {
    case fixed(Double)
    case flexible(Double)

    /// The spacing's guaranteed amount: the fixed length or the flexible minimum.
    public var minimum: Double {
        switch self {
        case .fixed(let value), .flexible(let value): return value
        }
    }

    public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// NSCollectionLayoutEdgeSpacing: space outside an item's slot on each edge; nil is none.
public struct CompositionalEdgeSpacing: Hashable, Sendable {
    public var leading: CompositionalSpacing?
    public var top: CompositionalSpacing?
    public var trailing: CompositionalSpacing?
    public var bottom: CompositionalSpacing?

    public init(
        leading: CompositionalSpacing? = nil, top: CompositionalSpacing? = nil, trailing: CompositionalSpacing? = nil,
        bottom: CompositionalSpacing? = nil
    ) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    public static let none = CompositionalEdgeSpacing()

    func lead(_ axis: GroupAxis) -> CompositionalSpacing? { axis == .horizontal ? leading : top }
    func trail(_ axis: GroupAxis) -> CompositionalSpacing? { axis == .horizontal ? trailing : bottom }
}

/// The axis a group repeats its subitems along (NSCollectionLayoutGroup.horizontal/vertical).
public enum GroupAxis: UInt8, Hashable, Sendable {
    case horizontal
    case vertical
}

/// NSCollectionLayoutItem: a leaf that takes one cell.
public struct CompositionalItem: Hashable, Sendable {
    public var size: CompositionalSize
    public var contentInsets: DirectionalInsets
    public var edgeSpacing: CompositionalEdgeSpacing

    public init(size: CompositionalSize, contentInsets: DirectionalInsets = .zero, edgeSpacing: CompositionalEdgeSpacing = .none) {
        self.size = size
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }
}

/// A group's subitem: an item, or a group nested in it.
public indirect enum CompositionalSubitem: Hashable, Sendable {
    case item(CompositionalItem)
    case group(CompositionalGroup)

    var size: CompositionalSize {
        switch self {
        case .item(let item): return item.size
        case .group(let group): return group.size
        }
    }

    var edgeSpacing: CompositionalEdgeSpacing {
        if case .item(let item) = self { return item.edgeSpacing }
        return .none
    }
}

/// NSCollectionLayoutGroup: subitems repeated along its axis (§23.3), or exactly `count` of one.
public struct CompositionalGroup: Hashable, Sendable {
    public var axis: GroupAxis
    public var size: CompositionalSize
    public var subitems: [CompositionalSubitem]
    /// `count` n: exactly n slots of the one subitem, sharing the length (§23.4).
    public var count: Int?
    public var interItemSpacing: CompositionalSpacing
    public var contentInsets: DirectionalInsets

    public init(
        axis: GroupAxis, size: CompositionalSize, subitems: [CompositionalSubitem], count: Int? = nil,
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: DirectionalInsets = .zero
    ) {
        self.axis = axis
        self.size = size
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
    }

    /// Whether any dimension in the tree is estimated: without one, every full group is alike and the
    /// section is periodic (§23.8).
    public var hasEstimatedDimension: Bool {
        if size.width.isEstimated || size.height.isEstimated { return true }
        return subitems.contains { subitem in
            switch subitem {
            case .item(let item): return item.size.width.isEstimated || item.size.height.isEstimated
            case .group(let group): return group.hasEstimatedDimension
            }
        }
    }

    /// Group and item nodes in the tree, this group included.
    public var nodeCount: Int {
        subitems.reduce(1) { total, subitem in
            switch subitem {
            case .item: return total + 1
            case .group(let group): return total + group.nodeCount
            }
        }
    }

    /// Levels of groups, this one included.
    public var depth: Int {
        1 + subitems.reduce(0) { deepest, subitem in
            if case .group(let group) = subitem { return Swift.max(deepest, group.depth) }
            return deepest
        }
    }
}

/// How an orthogonal section scrolls across the layout (UICollectionLayoutSectionOrthogonalScrollingBehavior).
/// Where a fling on it comes to rest is docs/flow-layout.md §23.11's next step; here every behaviour
/// lays out alike.
public enum OrthogonalScrolling: UInt8, Hashable, Sendable {
    case continuous
    case continuousGroupLeadingBoundary
    case paging
    case groupPaging
    case groupPagingCentered
}

/// NSCollectionLayoutBoundarySupplementaryItem for a section's header or footer.
public struct CompositionalBoundaryItem: Hashable, Sendable {
    public var size: CompositionalSize
    public var pinToVisibleBounds: Bool

    public init(size: CompositionalSize, pinToVisibleBounds: Bool = false) {
        self.size = size
        self.pinToVisibleBounds = pinToVisibleBounds
    }
}

/// NSCollectionLayoutSection: one group repeated over the section's cells (§23.9).
public struct CompositionalSection: Hashable, Sendable {
    public var group: CompositionalGroup
    public var interGroupSpacing: Double
    public var contentInsets: DirectionalInsets
    /// Nil: groups follow one another along the scroll axis; else along x in one row (§23.11).
    public var orthogonalScrolling: OrthogonalScrolling?
    public var header: CompositionalBoundaryItem?
    public var footer: CompositionalBoundaryItem?
    /// A decoration item of kind `sectionBackground` behind the section, inset by these (§23.12).
    public var background: DirectionalInsets?

    public init(
        group: CompositionalGroup, interGroupSpacing: Double = 0, contentInsets: DirectionalInsets = .zero,
        orthogonalScrolling: OrthogonalScrolling? = nil, header: CompositionalBoundaryItem? = nil,
        footer: CompositionalBoundaryItem? = nil, background: DirectionalInsets? = nil
    ) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.orthogonalScrolling = orthogonalScrolling
        self.header = header
        self.footer = footer
        self.background = background
    }

    /// Bounds of a section's tree (§23.13): beyond them a request is refused.
    public static let maximumNodeCount = 64
    public static let maximumDepth = 8
    /// Cells one top-level group takes at the most (§23.13): past them it closes as if the next slot did
    /// not fit. It bounds what a periodic section keeps (one group's frames) whatever its slots' sizes.
    public static let maximumCellsPerGroup = 256
}
