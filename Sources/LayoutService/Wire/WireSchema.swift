import FlowLayout
import WireKit

/// A schema of openapi.yaml (`components/schemas`) as the service declares it, once: its members
/// are the enum's cases (a case's name is the member's name on the wire), `required` the members
/// every instance has, and `words` the closed set of strings a member may be. Decoders compare keys
/// with the cases (`key == Wire.Bounds.width`), choices come from the declared word tables, and
/// `WireSchemaTests` holds openapi.yaml's schemas (every property, required member and enum) against
/// these declarations, so the two cannot drift.
protocol WireSchema: MemberName {
    /// The schema's name in openapi.yaml: the type's own name.
    static var schemaName: String { get }
    static var required: [Self] { get }
    /// The strings `member` may be, when it is one of a closed set; nil for any other member.
    static func words(_ member: Self) -> [String]?
}

extension WireSchema {
    static var schemaName: String { String(describing: Self.self) }
    static var required: [Self] { [] }
    static func words(_ member: Self) -> [String]? { nil }

    /// The member's name on the wire.
    var name: String { String(describing: self) }
}

extension Wire.OperationSchema {
    static var required: [Self] { Array(allCases) }

    static func words(_ member: Self) -> [String]? {
        member == op ? Wire.Words.word(operation, in: Wire.Words.operations) : nil
    }
}

extension KeyValuePairs where Key == StaticString {
    /// The words of a choice table, for `WireSchema.words`.
    var words: [String] { map { "\($0.key)" } }
}

/// Every schema of the API, by name in openapi.yaml (a member's own object by its path there:
/// `Parallax.stretchHeader`, `Parallax.backgrounds[]` for an array's elements).
enum Wire {
    // MARK: Geometry

    enum Point: Int, WireSchema { case x, y
        static let names = MemberNames(Self.self)
    }

    enum Size: Int, WireSchema { case width, height
        static let names = MemberNames(Self.self)
    }

    enum ItemSize: Int, WireSchema { case width, height
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.width, .height]
    }

    enum EdgeInsets: Int, WireSchema { case top, left, bottom, right
        static let names = MemberNames(Self.self)
    }

    enum Bounds: Int, WireSchema { case x, y, width, height
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.width, .height]
    }

    /// Points, sizes and rectangles as answers write them: every member, always.
    enum OutPoint: Int, WireSchema { case x, y
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    enum OutSize: Int, WireSchema { case width, height
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    enum Rect: Int, WireSchema { case x, y, width, height
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    // MARK: Requests

    enum Item: Int, WireSchema { case width, height, maxOffset, column, fullSpan
        static let names = MemberNames(Self.self)
    }

    enum Section: Int, WireSchema {
        case items, itemCount, sectionInset, minimumLineSpacing, minimumInteritemSpacing, headerReferenceSize, footerReferenceSize
        case masonry, compositional
        static let names = MemberNames(Self.self)
    }

    // MARK: Compositional sections (docs/flow-layout.md §23)

    enum Compositional: Int, WireSchema {
        case group, interGroupSpacing, contentInsets, orthogonalScrolling, header, footer, background
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.group]

        static func words(_ member: Self) -> [String]? { member == .orthogonalScrolling ? Words.orthogonalScrollings.words : nil }
    }

    enum CompositionalGroup: Int, WireSchema { case direction, width, height, subitems, count, interItemSpacing, contentInsets
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.direction, .width, .height, .subitems]

        static func words(_ member: Self) -> [String]? { member == .direction ? Words.groupDirections.words : nil }
    }

    /// An item, or `group` alone for a nested group.
    enum CompositionalSubitem: Int, WireSchema { case width, height, contentInsets, edgeSpacing, group
        static let names = MemberNames(Self.self)
    }

    enum Dimension: Int, WireSchema { case absolute, fractionalWidth, fractionalHeight, estimated
        static let names = MemberNames(Self.self)
    }

    enum DirectionalInsets: Int, WireSchema { case top, leading, bottom, trailing
        static let names = MemberNames(Self.self)
    }

    enum Spacing: Int, WireSchema { case fixed, flexible
        static let names = MemberNames(Self.self)
    }

    enum EdgeSpacing: Int, WireSchema { case leading, top, trailing, bottom
        static let names = MemberNames(Self.self)
    }

    enum BoundaryItem: Int, WireSchema { case width, height, pinToVisibleBounds
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.width, .height]
    }

    enum SectionBackground: Int, WireSchema { case contentInsets
        static let names = MemberNames(Self.self)
    }

    enum OrthogonalOffset: Int, WireSchema { case section, offset
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    /// An element of `orthogonalSections` in an answer: an orthogonal section's content width.
    enum OrthogonalSection: Int, WireSchema { case section, contentWidth
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    enum Masonry: Int, WireSchema { case columns, minimumColumnWidth, columnSpacing, placement, itemSizing
        static let names = MemberNames(Self.self)

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .placement: Words.masonryPlacements.words
            case .itemSizing: Words.itemSizings.words
            default: nil
            }
        }
    }

    enum FlowLayoutSettings: Int, WireSchema {
        case mode, itemSize, estimatedItemSize, headerReferenceSize, footerReferenceSize
        case sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds
        case scrollDirection, minimumLineSpacing, minimumInteritemSpacing, sectionInset, sectionInsetReference
        case lineAlignment, crossAlignment, masonry, compositional, interSectionSpacing
        case flexDirection, justifyContent, alignItems, alignContent, rowGap, columnGap, padding, crossSize
        static let names = MemberNames(Self.self)

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .mode: Words.modes.words
            case .scrollDirection: Words.scrollDirections.words
            case .sectionInsetReference: Words.sectionInsetReferences.words
            case .lineAlignment: Words.lineAlignments.words
            case .crossAlignment: Words.crossAlignments.words
            case .flexDirection: Words.flexDirections.words
            case .justifyContent: Words.justifyContents.words
            case .alignItems: Words.alignItems.words
            case .alignContent: Words.alignContents.words
            default: nil
            }
        }
    }

    enum Parallax: Int, WireSchema {
        case model, maxOffset, clamp, direction, insets, targetInset, imageOverflow, factor, stretchHeader, backgrounds, carousel
        static let names = MemberNames(Self.self)

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .model: Words.cellModels.words
            case .direction: Words.cellDirections.words
            case .insets: Words.parallaxInsets.words
            default: nil
            }
        }
    }

    /// `Parallax.stretchHeader`.
    enum StretchHeader: Int, WireSchema { case height, factor
        static let names = MemberNames(Self.self)
        static let schemaName = "Parallax.stretchHeader"
        static let required: [Self] = [.height]
    }

    /// `Parallax.carousel`: the carousels' cards' scale and alpha (docs/parallax.md, "Carousels").
    enum CarouselEffect: Int, WireSchema { case minScale, minAlpha
        static let names = MemberNames(Self.self)
        static let schemaName = "Parallax.carousel"
        static let required: [Self] = [.minScale, .minAlpha]
    }

    /// An element of `Parallax.backgrounds`.
    enum BackgroundLayer: Int, WireSchema { case position, length, rate, overscrollRate
        static let names = MemberNames(Self.self)
        static let schemaName = "Parallax.backgrounds[]"
        static let required: [Self] = [.position, .length]
    }

    enum LayoutRequest: Int, WireSchema {
        case bounds, scrollOffset, contentInset, safeAreaInsets, layoutMargins, scale, layoutDirection, layout, sections, items
        case itemCount, parallax, orthogonalOffsets
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.bounds]
    }

    enum LayoutRegistration: Int, WireSchema {
        case viewport, contentInset, safeAreaInsets, layoutMargins, layout, sections, items, itemCount
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.viewport]
    }

    enum ScrollRequest: Int, WireSchema {
        case bounds, scrollOffset, scale, layoutDirection, parallax, band, orthogonalOffsets, carouselBands
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.bounds]
    }

    /// An element of `ScrollRequest.carouselBands`: a carousel's row from `from` to `to` along x, at offset 0.
    enum CarouselStretch: Int, WireSchema { case section, from, to
        static let names = MemberNames(Self.self)
        static let schemaName = "ScrollRequest.carouselBands[]"
        static let required: [Self] = [.section, .from, .to]
    }

    enum FlingRequest: Int, WireSchema {
        case bounds, scrollOffset, velocity, decelerationRate, snap, frameRate, attributes, scale, layoutDirection, parallax, section,
            offset
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.bounds, .velocity]

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .snap: Words.snaps.words
            case .frameRate: Words.frameRates.map(String.init)
            case .decelerationRate: Words.decelerationRates.words
            default: nil
            }
        }
    }

    enum UpdateRequest: Int, WireSchema { case updates, anchor, transitions, keepColumns
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.updates]
    }

    enum UpdateView: Int, WireSchema { case bounds, scale
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.bounds]
    }

    // MARK: Update operations (`op` names which; every member of each is required)

    /// An update operation's schema: `op` names the operation, and every member is required.
    protocol OperationSchema: WireSchema {
        static var operation: UpdateOperation { get }
        static var op: Self { get }
    }

    enum InsertItems: Int, OperationSchema { case op, section, at, items
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.insertItems
    }

    enum DeleteItems: Int, OperationSchema { case op, section, at, count
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.deleteItems
    }

    enum MoveItem: Int, OperationSchema { case op, from, to
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.moveItem
    }

    enum ResizeItems: Int, OperationSchema { case op, section, at, sizes
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.resizeItems
    }

    enum AppendItems: Int, OperationSchema { case op, section, items
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.appendItems
    }

    enum InsertSections: Int, OperationSchema { case op, at, sections
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.insertSections
    }

    enum DeleteSections: Int, OperationSchema { case op, at, count
        static let names = MemberNames(Self.self)
        static let operation = UpdateOperation.deleteSections
    }

    // MARK: Answers

    enum LayoutAttributes: Int, WireSchema {
        case kind, section, item, column, layer, frame, center, zIndex, estimated, parallaxOffset, progress, scale, alpha
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.kind, .frame, .center, .zIndex]

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .kind: Words.kinds.words
            // Written only when true.
            case .estimated: ["true"]
            default: nil
            }
        }
    }

    enum LayoutResponse: Int, WireSchema { case layoutId, algorithmVersion, cache, contentSize, orthogonalSections, attributes, band
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.layoutId, .algorithmVersion, .cache, .contentSize, .attributes]

        static func words(_ member: Self) -> [String]? { member == .cache ? Words.cacheOutcomes.words : nil }
    }

    enum ScrollListResponse: Int, WireSchema { case layoutId, algorithmVersion, cache, contentSize, results
        static let names = MemberNames(Self.self)
        static let required = allCases

        /// A stored layout's views: always cached.
        static func words(_ member: Self) -> [String]? { member == .cache ? Words.word(true, in: Words.cacheOutcomes) : nil }
    }

    /// An element of `ScrollListResponse.results`: one view of a list of bounds.
    enum View: Int, WireSchema { case bounds, attributes, band
        static let names = MemberNames(Self.self)
        static let schemaName = "ScrollListResponse.results[]"
        static let required: [Self] = [.bounds, .attributes]
    }

    /// An element of `FlingAnswer.frames`.
    enum Frame: Int, WireSchema { case bounds, attributes
        static let names = MemberNames(Self.self)
        static let schemaName = "FlingAnswer.frames[]"
        static let required: [Self] = [.bounds]
    }

    /// A carousel fling's frame: the section's offset, and with attributes the view's bounds too.
    enum CarouselFrame: Int, WireSchema { case bounds, offset, attributes
        static let names = MemberNames(Self.self)
        static let schemaName = "CarouselFlingAnswer.frames[]"
        static let required: [Self] = [.offset]
    }

    enum Band: Int, WireSchema { case orderedSections, pinsHeaders, pinsFooters, sections, depths, carousels
        static let names = MemberNames(Self.self)
        // `carousels` only when the request names some.
        static let required: [Self] = [.orderedSections, .pinsHeaders, .pinsFooters, .sections, .depths]
    }

    /// An element of `Band.carousels`: a carousel's cells at offset 0 over the stretch asked.
    enum CarouselBand: Int, WireSchema { case section, attributes
        static let names = MemberNames(Self.self)
        static let schemaName = "Band.carousels[]"
        static let required: [Self] = [.section, .attributes]
    }

    /// An element of `Band.sections`.
    enum SectionSpan: Int, WireSchema { case section, start, end, header, footer, pinsHeader, pinsFooter
        static let names = MemberNames(Self.self)
        static let schemaName = "Band.sections[]"
        static let required: [Self] = [.section, .start, .end]
    }

    /// An element of `Band.depths`.
    enum Depth: Int, WireSchema { case section, item, maxOffset
        static let names = MemberNames(Self.self)
        static let schemaName = "Band.depths[]"
        static let required = allCases
    }

    enum ElementAnswer: Int, WireSchema { case layoutId, algorithmVersion, contentSize, attributes, contentOffset
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.layoutId, .algorithmVersion, .contentSize, .attributes]
    }

    enum FlingAnswer: Int, WireSchema {
        case layoutId, algorithmVersion, contentSize, projectedContentOffset, targetContentOffset, duration, frames
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.layoutId, .algorithmVersion, .contentSize, .projectedContentOffset, .targetContentOffset, .duration]
    }

    enum CarouselFlingAnswer: Int, WireSchema {
        case layoutId, algorithmVersion, contentSize, section, projectedOffset, targetOffset, duration, frames
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.layoutId, .algorithmVersion, .contentSize, .section, .projectedOffset, .targetOffset, .duration]
    }

    enum LayoutMetadata: Int, WireSchema {
        case layoutId, algorithmVersion, scrollDirection, contentSize, sectionCount, itemCount, bytes
        static let names = MemberNames(Self.self)
        static let required = allCases

        static func words(_ member: Self) -> [String]? { member == .scrollDirection ? Words.scrollDirections.words : nil }
    }

    enum UpdateResponse: Int, WireSchema {
        case layoutId, algorithmVersion, scrollDirection, contentSize, sectionCount, itemCount, bytes, previousLayoutId
        case contentOffsetAdjustment, transitions
        static let names = MemberNames(Self.self)
        static let required: [Self] = [
            .layoutId, .algorithmVersion, .scrollDirection, .contentSize, .sectionCount, .itemCount, .bytes, .previousLayoutId,
        ]

        static func words(_ member: Self) -> [String]? { member == .scrollDirection ? Words.scrollDirections.words : nil }
    }

    enum IndexPath: Int, WireSchema { case section, item
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    enum ElementTransition: Int, WireSchema { case kind, before, after, from, to
        static let names = MemberNames(Self.self)
        static let required = allCases

        static func words(_ member: Self) -> [String]? {
            // Transitions follow cells, headers and footers only.
            member == .kind ? Words.elementKinds.words : nil
        }
    }

    enum CacheStatistics: Int, WireSchema { case entries, bytes, budgetBytes, hits, misses, evictions, builds
        static let names = MemberNames(Self.self)
        static let required = allCases
    }

    enum Status: Int, WireSchema { case status, store, storeReason
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.status]

        static func words(_ member: Self) -> [String]? {
            switch member {
            case .status: Words.statuses.words
            case .store: Words.storeStates.words
            case .storeReason: nil
            }
        }
    }

    enum Problem: Int, WireSchema { case type, title, status, detail, pointer, parameter
        static let names = MemberNames(Self.self)
        static let required: [Self] = [.type, .title, .status, .detail]
    }

    /// Every schema above, for `WireSchemaTests`.
    static let schemas: [any WireSchema.Type] = [
        Point.self, Size.self, ItemSize.self, EdgeInsets.self, Bounds.self, OutPoint.self, OutSize.self, Rect.self,
        Item.self, Section.self, Masonry.self, Compositional.self, CompositionalGroup.self, CompositionalSubitem.self, Dimension.self,
        DirectionalInsets.self, Spacing.self, EdgeSpacing.self, BoundaryItem.self, SectionBackground.self, OrthogonalOffset.self,
        OrthogonalSection.self, FlowLayoutSettings.self, Parallax.self, StretchHeader.self, CarouselEffect.self, BackgroundLayer.self, LayoutRequest.self, LayoutRegistration.self,
        ScrollRequest.self, FlingRequest.self, UpdateRequest.self, UpdateView.self,
        InsertItems.self, DeleteItems.self, MoveItem.self, ResizeItems.self, AppendItems.self, InsertSections.self, DeleteSections.self,
        LayoutAttributes.self, LayoutResponse.self, ScrollListResponse.self, View.self, Frame.self, Band.self, CarouselBand.self, CarouselStretch.self, SectionSpan.self,
        Depth.self, ElementAnswer.self, FlingAnswer.self, CarouselFlingAnswer.self, CarouselFrame.self,
        LayoutMetadata.self, UpdateResponse.self, IndexPath.self, ElementTransition.self, CacheStatistics.self, Status.self,
        Problem.self,
    ]

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
