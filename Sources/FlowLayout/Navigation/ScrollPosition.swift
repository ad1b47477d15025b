/// Where `scrollToItem(at:at:animated:)` puts an element in the view: UIKit's
/// `UICollectionView.ScrollPosition`, an option set of at most one vertical and one horizontal
/// position (docs/flow-layout.md §20.2). An axis it does not name keeps its offset. A value type.
public struct ScrollPosition: Hashable, Sendable {
    /// Where along one axis: the element's leading edge at the start of the area inside the content
    /// inset (`top`, `left`), its centre at that area's centre (`centeredVertically`,
    /// `centeredHorizontally`), or its trailing edge at the area's end (`bottom`, `right`).
    public enum Placement: UInt8, Hashable, Sendable {
        case start
        case center
        case end
    }

    /// `top`, `centeredVertically` or `bottom`; nil leaves y as it is.
    public var vertical: Placement?
    /// `left`, `centeredHorizontally` or `right`; nil leaves x as it is.
    public var horizontal: Placement?

    public init(vertical: Placement? = nil, horizontal: Placement? = nil) {
        self.vertical = vertical
        self.horizontal = horizontal
    }

    public static let top = ScrollPosition(vertical: .start)
    public static let centeredVertically = ScrollPosition(vertical: .center)
    public static let bottom = ScrollPosition(vertical: .end)
    public static let left = ScrollPosition(horizontal: .start)
    public static let centeredHorizontally = ScrollPosition(horizontal: .center)
    public static let right = ScrollPosition(horizontal: .end)
}
