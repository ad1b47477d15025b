/// What a view needs to place one element: UICollectionViewLayoutAttributes reduced to plain numbers.
public struct LayoutAttributes: Hashable, Sendable {
    public enum Kind: UInt8, Hashable, Sendable {
        case cell
        case header
        case footer
        /// A `StretchHeader` layer.
        case stretchHeader
        /// A `BackgroundLayer`; `item` is its index in the request.
        case background
    }

    public var kind: Kind
    public var section: Int
    /// The item index for cells; 0 for headers and footers, as their index path (section, 0).
    public var item: Int
    public var frame: Rect
    public var zIndex: Int
    /// How far the cell's content should shift inside the cell; set by a parallax model, cells only.
    public var parallaxOffset: Point?
    /// Cover progress of the cell through the viewport (0 entering, 1 leaving), for `cover` models.
    public var progress: Double?

    public init(kind: Kind, section: Int, item: Int, frame: Rect, zIndex: Int, parallaxOffset: Point? = nil) {
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
        self.zIndex = zIndex
        self.parallaxOffset = parallaxOffset
    }

    public var center: Point { frame.center }

    /// UIKit gives supplementary views zIndex 10 on current SDKs (docs/flow-layout.md §9).
    static let supplementaryZIndex = 10
}
