/// What a view needs to place one element: UICollectionViewLayoutAttributes reduced to plain numbers.
/// A value type; lengths in points, frames in content coordinates.
public struct LayoutAttributes: Hashable, Sendable {
    /// What the element is.
    public enum Kind: UInt8, Hashable, Sendable {
        /// An item.
        case cell
        /// A section header (a supplementary view).
        case header
        /// A section footer (a supplementary view).
        case footer
        /// A `StretchHeader` layer.
        case stretchHeader
        /// A `BackgroundLayer`; `item` is its index in the request.
        case background
        /// A compositional section's background decoration (docs/flow-layout.md §23.12).
        case sectionBackground
    }

    /// What the element is.
    public var kind: Kind
    /// The section index; 0 for parallax layers.
    public var section: Int
    /// The item index for cells; 0 for headers and footers, as their index path (section, 0).
    public var item: Int
    /// The element's frame in content coordinates, in points: origin pixel-rounded when the viewport
    /// has a scale, mirrored for right-to-left, pinned when pinning applies.
    public var frame: Rect
    /// Drawing order: 0 for cells, 10 for headers and footers, -1 for the stretch header, -2 for
    /// background layers; higher is in front.
    public var zIndex: Int
    /// How far the cell's content should shift inside the cell; set by a parallax model, cells only.
    public var parallaxOffset: Point?
    /// Cover progress of the cell through the viewport (0 entering, 1 leaving), for `cover` models.
    public var progress: Double?
    /// The cell's size is the layout's estimate, still to be measured (docs/flow-layout.md §17).
    public var isEstimated = false
    // The column is kept in two bytes of the padding after `isEstimated`, so the stride of the
    // answers' scratch arrays stays what it was.
    /// Column + 1 of a masonry section's cell, 0 for every other element, as a cache key reads it
    /// (`column` spelled out would cost a branch per cell).
    public private(set) var columnTag: UInt16 = 0

    /// A masonry section's cell's column (docs/flow-layout.md §22.2); nil for every other element.
    public var column: Int? {
        get { columnTag == 0 ? nil : Int(columnTag) - 1 }
        set { columnTag = newValue.map { UInt16(clamping: $0 + 1) } ?? 0 }
    }

    /// An element with no progress; a parallax model sets `parallaxOffset` and `progress` later.
    public init(
        kind: Kind, section: Int, item: Int, frame: Rect, zIndex: Int, parallaxOffset: Point? = nil, isEstimated: Bool = false,
        column: Int? = nil
    ) {
        self.isEstimated = isEstimated
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
        self.zIndex = zIndex
        self.parallaxOffset = parallaxOffset
        self.column = column
    }

    /// The frame's centre, UIKit's `center`.
    public var center: Point { frame.center }

    /// UIKit gives supplementary views zIndex 10 on current SDKs (docs/flow-layout.md §9).
    static let supplementaryZIndex = 10
    /// A section background sits behind its cells (§23.12).
    static let sectionBackgroundZIndex = -1
}
