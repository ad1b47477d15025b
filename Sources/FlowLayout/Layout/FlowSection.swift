/// One section as the client describes it: its items and the delegate overrides UIKit would ask for.
public struct FlowSection: Hashable, Sendable {
    /// The items of a section: a count of `itemSize` items, or one size per item.
    public enum Items: Hashable, Sendable {
        case count(Int)
        case sizes([Size])

        public var count: Int {
            switch self {
            case .count(let count): return count
            case .sizes(let sizes): return sizes.count
            }
        }
    }

    public var items: Items
    public var sectionInset: EdgeInsets?
    public var minimumLineSpacing: Double?
    public var minimumInteritemSpacing: Double?
    public var headerReferenceSize: Size?
    public var footerReferenceSize: Size?
    /// Per-item parallax depth (`maxOffset`) overriding the request's, NaN where an item has none; nil
    /// when no item has one. Costs 8 bytes per item in the cache only when present.
    public var parallaxDepths: [Double]?

    public init(
        items: Items,
        sectionInset: EdgeInsets? = nil,
        minimumLineSpacing: Double? = nil,
        minimumInteritemSpacing: Double? = nil,
        headerReferenceSize: Size? = nil,
        footerReferenceSize: Size? = nil,
        parallaxDepths: [Double]? = nil
    ) {
        self.items = items
        self.sectionInset = sectionInset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.parallaxDepths = parallaxDepths
    }
}
