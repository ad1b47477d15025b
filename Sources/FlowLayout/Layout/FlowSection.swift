/// One section as the client describes it: its items and the delegate overrides UIKit would ask for.
/// Every override is nil when the layout's setting applies. Lengths are in points. A value type.
public struct FlowSection: Hashable, Sendable {
    /// The items of a section: a count of `itemSize` items, or one size per item.
    public enum Items: Hashable, Sendable {
        /// This many items of the layout's `itemSize` (or estimate, `estimatedItemSize`), non-negative:
        /// O(1) to build, to store and to query, whatever the count.
        case count(Int)
        /// One size per item, in points. Equal sizes are kept as runs (O(1) each); one size for all
        /// takes the uniform path; differing sizes take the row path: O(n) to build, under 40 bytes
        /// an item stored. The same sizes counted or listed are the same layout, with the same id.
        case sizes([Size])

        /// The number of items. O(1).
        public var count: Int {
            switch self {
            case .count(let count): return count
            case .sizes(let sizes): return sizes.count
            }
        }
    }

    /// The section's items.
    public var items: Items
    /// Overrides `FlowLayoutSettings.sectionInset` (and CSS `padding`).
    public var sectionInset: EdgeInsets?
    /// Overrides `FlowLayoutSettings.minimumLineSpacing` (the gap between CSS lines in CSS mode).
    public var minimumLineSpacing: Double?
    /// Overrides `FlowLayoutSettings.minimumInteritemSpacing` (the gap inside a CSS line in CSS mode).
    public var minimumInteritemSpacing: Double?
    /// Overrides `FlowLayoutSettings.headerReferenceSize`.
    public var headerReferenceSize: Size?
    /// Overrides `FlowLayoutSettings.footerReferenceSize`.
    public var footerReferenceSize: Size?
    /// Per-item parallax depth (`maxOffset`) overriding the request's, NaN where an item has none; nil
    /// when no item has one. Costs 8 bytes per item in the cache only when present.
    public var parallaxDepths: [Double]?
    /// Per listed item, whether its size is `FlowLayoutSettings.estimatedItemSize` still to be measured;
    /// nil when none is. (Every item of a counted section is an estimate when the layout has one.)
    public var estimated: [Bool]?
    /// Lays the section out in columns (docs/flow-layout.md §22) instead of lines; overrides
    /// `FlowLayoutSettings.masonry`.
    public var masonry: MasonryColumns?
    /// Per listed item, how a masonry section places it; nil when every item goes by the rule.
    public var masonryRoles: [MasonryRole]?
    /// Lays the section out as a compositional section (docs/flow-layout.md §23); overrides
    /// `FlowLayoutSettings.compositional` and the flow settings.
    public var compositional: CompositionalSection? {
        get { compositionalStorage?.value }
        set { compositionalStorage = newValue.map(Indirect.init) }
    }
    private var compositionalStorage: Indirect<CompositionalSection>?

    /// A section of `items` with the given overrides (nil: the layout's setting).
    public init(
        items: Items,
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil,
        parallaxDepths: [Double]? = nil,
        estimated: [Bool]? = nil,
        masonry: MasonryColumns? = nil,
        masonryRoles: [MasonryRole]? = nil,
        compositional: CompositionalSection? = nil
    ) {
        self.items = items
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.parallaxDepths = parallaxDepths
        self.estimated = estimated
        self.masonry = masonry
        self.masonryRoles = masonryRoles
        self.compositionalStorage = compositional.map(Indirect.init)
    }

    /// Item `index`: `countedItem` in a counted section, else its listed size; with its depth, estimate
    /// flag and masonry role when the section lists them.
    func item(_ index: Int, countedItem: FlowItem) -> FlowItem {
        var item = countedItem
        if case .sizes(let sizes) = items {
            item.size = sizes[index]
            item.isEstimated = estimated.map { index < $0.count && $0[index] } ?? false
        }
        if let depths = parallaxDepths, index < depths.count, !depths[index].isNaN { item.parallaxDepth = depths[index] }
        if let roles = masonryRoles, index < roles.count { item.masonryRole = roles[index] }
        return item
    }

    /// Hands `body` each stretch of equal items in order, with its length: one call for a counted
    /// section without depths or roles, one per run of equal items otherwise. O(1) for a counted section
    /// without depths or roles, else O(items).
    func forEachRun(countedItem: FlowItem, _ body: (FlowItem, Int) -> Void) {
        if case .count(let count) = items, hasCountedItemsOnly {
            if count > 0 { body(countedItem, count) }
            return
        }
        if case .sizes(let sizes) = items, hasSizesOnly {
            // Sizes alone: compared as they are, without making an item of each.
            var index = 0
            while index < sizes.count {
                var end = index + 1
                while end < sizes.count, sizes[end] == sizes[index] { end += 1 }
                body(FlowItem(size: sizes[index]), end - index)
                index = end
            }
            return
        }
        var index = 0
        while index < items.count {
            let first = item(index, countedItem: countedItem)
            var end = index + 1
            while end < items.count, item(end, countedItem: countedItem) == first { end += 1 }
            body(first, end - index)
            index = end
        }
    }

    /// The section without its items: what an update keeps of it.
    var overrides: FlowSection {
        var section = self
        section.items = .count(0)
        section.parallaxDepths = nil
        section.estimated = nil
        section.masonryRoles = nil
        return section
    }

    /// Every item is the counted item: no per-item depth or role.
    var hasCountedItemsOnly: Bool { parallaxDepths == nil && masonryRoles == nil }

    /// Its items are sizes alone: no per-item flag, depth or role.
    var hasSizesOnly: Bool { parallaxDepths == nil && estimated == nil && masonryRoles == nil }
}
