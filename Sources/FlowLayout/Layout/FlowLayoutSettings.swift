/// Where section insets are measured from (UICollectionViewFlowLayout.SectionInsetReference).
public enum SectionInsetReference: UInt8, Hashable, Sendable {
    /// Section insets are measured from the content inset: used as given.
    case contentInset
    /// From the safe area: insets grow by how far `safeAreaInsets` exceed the content inset (§2).
    case safeArea
    /// From the layout margins: insets grow by how far `layoutMargins` exceed the content inset (§2).
    case layoutMargins
}

/// The layout-level properties of UICollectionViewFlowLayout, with UIKit's defaults
/// (docs/flow-layout.md §1). Lengths are in points. A value type.
public struct FlowLayoutSettings: Hashable, Sendable {
    // Declared in an order that packs them: a byte-sized field in a wider one's padding (every cached
    // layout keeps a copy).
    /// The size of every item of a counted section (`FlowSection.Items.count`), in points.
    public var itemSize = Size(width: 50, height: 50)
    /// UIKit's self-sizing estimate: when set, every item of a counted section, and every listed item
    /// given without a size, is laid out at it and marked estimated until measured (docs/flow-layout.md §17).
    public var estimatedItemSize: Size?
    /// The axis the content scrolls along (ignored in CSS mode, see `effectiveScrollDirection`).
    public var scrollDirection: ScrollDirection = .vertical
    /// The spacing between lines, in points (UIKit swaps the two spacings on the horizontal row path,
    /// §6.1). May be negative: lines then overlap.
    public var minimumLineSpacing: Double = 10
    /// The least spacing between items of a line, in points; UIKit spreads full lines further apart.
    public var minimumInteritemSpacing: Double = 10
    /// Space around each section's lines, in points; a section may override it.
    public var sectionInset: EdgeInsets = .zero
    /// The header's size; only its length along the scroll axis counts (height when vertical), and a
    /// header exists only when that is positive. Points.
    public var headerReferenceSize: Size = .zero
    /// The footer's size, as `headerReferenceSize`.
    public var footerReferenceSize: Size = .zero
    /// Headers stay inside the visible bounds (minus the content inset) while their section is in view (§10).
    public var sectionHeadersPinToVisibleBounds = false
    /// Footers stay inside the visible bounds (minus the content inset) while their section is in view (§10).
    public var sectionFootersPinToVisibleBounds = false
    /// Where section insets are measured from (§2).
    public var sectionInsetReference: SectionInsetReference = .contentInset
    /// Beyond UIKit: aligns every line instead of UIKit's justify-and-pack; nil keeps UIKit's rules.
    public var lineAlignment: LineAlignment?
    /// Beyond UIKit: where thinner items sit across a line; UIKit centres.
    public var crossAlignment: CrossAlignment = .center
    /// Beyond UIKit: CSS flexbox wrapping instead of the flow layout; its own keywords replace the
    /// spacings, insets and scroll direction above.
    public var css: CSSFlexLayout?
    /// Beyond UIKit: every section lays its cells in columns (docs/flow-layout.md §22), unless it
    /// gives its own `FlowSection.masonry`. Not with `css`.
    public var masonry: MasonryColumns?
    /// UICollectionViewCompositionalLayout's section (docs/flow-layout.md §23) for every section that
    /// gives neither its own `FlowSection.compositional` nor `FlowSection.masonry`. Not with `css`.
    public var compositional: CompositionalSection? {
        get { compositionalStorage?.value }
        set { compositionalStorage = newValue.map(Indirect.init) }
    }
    private var compositionalStorage: Indirect<CompositionalSection>?
    /// Space between consecutive sections along the scroll axis (UICollectionViewCompositionalLayout-
    /// Configuration.interSectionSpacing), in points.
    public var interSectionSpacing: Double = 0

    /// UIKit's defaults: vertical, 50 × 50 items, spacings of 10, no insets, headers or footers.
    public init() {}

    /// What a counted section's items are: the estimate when there is one, else `itemSize`.
    public var countedItem: FlowItem {
        estimatedItemSize.map { FlowItem(size: $0, isEstimated: true) } ?? FlowItem(size: itemSize)
    }

    /// What a counted section's items are: a compositional section's are at their leaves' estimates
    /// (unmeasured, §23.7), any other's `countedItem`.
    public func countedItem(of section: FlowSection) -> FlowItem {
        compositional(of: section) != nil ? FlowItem(size: .zero, isEstimated: true) : countedItem
    }

    /// The compositional section `section` is laid out as, if any: its own, else the layout's unless
    /// it gives its own masonry; never in CSS mode (§23.1).
    public func compositional(of section: FlowSection) -> CompositionalSection? {
        guard css == nil else { return nil }
        return section.compositional ?? (section.masonry == nil ? compositional : nil)
    }

    /// The axis the content scrolls along, which CSS mode derives from `flexDirection`.
    public var effectiveScrollDirection: ScrollDirection { css?.scrollDirection ?? scrollDirection }
}
