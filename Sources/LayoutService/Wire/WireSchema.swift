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

    /// Every schema, the answers' (`Wire+Answers.swift`) included, for `WireSchemaTests`.
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
}
