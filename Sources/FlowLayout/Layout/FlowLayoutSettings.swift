/// Where section insets are measured from (UICollectionViewFlowLayout.SectionInsetReference).
public enum SectionInsetReference: UInt8, Hashable, Sendable {
    case contentInset
    case safeArea
    case layoutMargins
}

/// The layout-level properties of UICollectionViewFlowLayout, with UIKit's defaults.
public struct FlowLayoutSettings: Hashable, Sendable {
    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = Size(width: 50, height: 50)
    public var minimumLineSpacing: Double = 10
    public var minimumInteritemSpacing: Double = 10
    public var sectionInset: EdgeInsets = .zero
    public var headerReferenceSize: Size = .zero
    public var footerReferenceSize: Size = .zero
    public var sectionHeadersPinToVisibleBounds = false
    public var sectionFootersPinToVisibleBounds = false
    public var sectionInsetReference: SectionInsetReference = .contentInset
    /// Beyond UIKit: aligns every line instead of UIKit's justify-and-pack; nil keeps UIKit's rules.
    public var lineAlignment: LineAlignment?
    /// Beyond UIKit: where thinner items sit across a line; UIKit centres.
    public var crossAlignment: CrossAlignment = .center
    /// Beyond UIKit: CSS flexbox wrapping instead of the flow layout; its own keywords replace the
    /// spacings, insets and scroll direction above.
    public var css: CSSFlexLayout?

    public init() {}

    /// The axis the content scrolls along, which CSS mode derives from `flexDirection`.
    public var effectiveScrollDirection: ScrollDirection { css?.scrollDirection ?? scrollDirection }
}
