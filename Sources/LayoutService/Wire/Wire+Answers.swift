import WireKit

/// The schemas of the service's answers, declared as the requests' are.
extension Wire {
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
}
