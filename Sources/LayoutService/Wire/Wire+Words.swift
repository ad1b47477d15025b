import FlowLayout

extension Wire {
    /// The closed sets of words, declared once: the decoders choose from these tables, the encoders
    /// write these words, and the schemas' `words` list them.
    enum Words {
        static let modes: KeyValuePairs<StaticString, Bool> = ["flow": false, "css": true]
        static let scrollDirections: KeyValuePairs<StaticString, ScrollDirection> = ["vertical": .vertical, "horizontal": .horizontal]
        static let sectionInsetReferences: KeyValuePairs<StaticString, SectionInsetReference> = [
            "contentInset": .contentInset, "safeArea": .safeArea, "layoutMargins": .layoutMargins,
        ]
        static let lineAlignments: KeyValuePairs<StaticString, LineAlignment> = [
            "leading": .leading, "center": .center, "trailing": .trailing, "justified": .justified,
        ]
        static let crossAlignments: KeyValuePairs<StaticString, CrossAlignment> = ["start": .start, "center": .center, "end": .end]
        static let masonryPlacements: KeyValuePairs<StaticString, MasonryColumns.Placement> = [
            "shortestFirst": .shortestFirst, "ordered": .ordered,
        ]
        static let itemSizings: KeyValuePairs<StaticString, MasonryColumns.ItemSizing> = ["aspectRatio": .aspectRatio, "height": .height]
        static let flexDirections: KeyValuePairs<StaticString, CSSFlexLayout.FlexDirection> = ["row": .row, "column": .column]
        static let justifyContents: KeyValuePairs<StaticString, CSSFlexLayout.JustifyContent> = [
            "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
            "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
        ]
        static let alignItems: KeyValuePairs<StaticString, CSSFlexLayout.AlignItems> = [
            "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
        ]
        static let alignContents: KeyValuePairs<StaticString, CSSFlexLayout.AlignContent> = [
            "normal": .normal, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
            "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly, "stretch": .stretch,
        ]
        static let layoutDirections: KeyValuePairs<StaticString, LayoutDirection> = [
            "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
        ]
        static let cellModels: KeyValuePairs<StaticString, RequestFields.CellModel> = [
            "center": .center, "cover": .cover, "whatsAppImage": .whatsAppImage, "tableCellImage": .tableCellImage,
        ]
        static let cellDirections: KeyValuePairs<StaticString, CellParallax.Direction> = ["natural": .natural, "reverse": .reverse]
        static let snaps: KeyValuePairs<StaticString, FlingSnap> = [
            "none": .none, "page": .page, "line": .line, "item": .item, "center": .center,
        ]
        static let frameRates = [60, 120]
        static let decelerationRates: KeyValuePairs<StaticString, Deceleration> = ["normal": .normal, "fast": .fast]
        /// The word `Parallax.insets` may be instead of insets: the request's own content inset.
        static let parallaxInsets: KeyValuePairs<StaticString, Bool> = ["contentInset": true]
        /// `kind` of an attribute.
        static let kinds: KeyValuePairs<StaticString, FlowLayout.LayoutAttributes.Kind> = [
            "cell": .cell, "header": .header, "footer": .footer, "stretchHeader": .stretchHeader, "background": .background,
            "sectionBackground": .sectionBackground,
        ]
        static let orthogonalScrollings: KeyValuePairs<StaticString, OrthogonalScrolling> = [
            "continuous": .continuous, "continuousGroupLeadingBoundary": .continuousGroupLeadingBoundary, "paging": .paging,
            "groupPaging": .groupPaging, "groupPagingCentered": .groupPagingCentered,
        ]
        static let groupDirections: KeyValuePairs<StaticString, GroupAxis> = ["horizontal": .horizontal, "vertical": .vertical]
        /// The members of `Dimension`, each a kind.
        static let dimensionKinds: KeyValuePairs<StaticString, CompositionalDimension.Kind> = [
            "absolute": .absolute, "fractionalWidth": .fractionalWidth, "fractionalHeight": .fractionalHeight, "estimated": .estimated,
        ]
        /// The kinds an element lookup, a hit test and a transition name.
        static let elementKinds: KeyValuePairs<StaticString, FlowLayout.LayoutAttributes.Kind> = ["cell": .cell, "header": .header, "footer": .footer]
        /// `cache`: whether the base layout was cached.
        static let cacheOutcomes: KeyValuePairs<StaticString, Bool> = ["hit": true, "miss": false]
        static let statuses: KeyValuePairs<StaticString, ProbeStatus.State> = ["ok": .ok, "ready": .ready, "draining": .draining]
        /// A probe's `store`: no shared store, or whether it carries out the service's commands.
        static let storeStates: KeyValuePairs<StaticString, ProbeStatus.Store> = ["memory": .memory, "up": .up, "down": .down]
        /// `op` of an update operation.
        static let operations: KeyValuePairs<StaticString, UpdateOperation> = [
            "insertItems": .insertItems, "deleteItems": .deleteItems, "moveItem": .moveItem, "resizeItems": .resizeItems,
            "appendItems": .appendItems, "insertSections": .insertSections, "deleteSections": .deleteSections,
        ]

        /// The word of `value` in `table`, for `WireSchema.words`.
        static func word<Value: Equatable>(_ value: Value, in table: KeyValuePairs<StaticString, Value>) -> [String] {
            table.filter { $0.value == value }.map { "\($0.key)" }
        }
    }
}
