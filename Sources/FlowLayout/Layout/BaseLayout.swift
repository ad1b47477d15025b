/// The frames of a whole collection, independent of where it is scrolled: what the cache keeps.
///
/// Built once per distinct `FlowLayoutInput`; every scroll position is answered from it by
/// `attributes(in:into:)` without building again.
///
/// A class, immutable once built: the cache and every request reading it share one object, never a
/// copy of its fields. Being immutable it is thread-safe: any number of threads may query one layout
/// at once.
///
/// **Units and coordinates.** Every length is in points, every frame in content coordinates: UIKit's,
/// with the origin at the top-left corner of the content (section 0 starts there, or after the leading
/// pad of `sectionInsetReference`, §2), x growing right and y growing down. The content inset does not move
/// that origin: it only narrows the lines and tells pinning where the visible edge is. Negative
/// insets or spacings can put elements at negative coordinates.
///
/// **Cost.** Building is O(n) in listed items and O(1) per run of equal items (a counted section is
/// one), whatever its count; the layout keeps under 40 bytes per listed item and O(1) per run. A query
/// for the k elements in view is O(log n + k). An update shares every line it does not reach with
/// the layout it came from (docs/flow-layout.md §16).
public final class BaseLayout: Sendable {
    /// What every section is laid out in: the settings, the bounds' cross-axis length and the insets.
    public let environment: LayoutEnvironment
    /// The axis the content scrolls along (CSS mode's, when in CSS mode).
    public var scrollDirection: ScrollDirection { environment.direction }
    /// Bounds minus content insets across the scroll axis, in points: the width lines are broken to
    /// (docs/flow-layout.md §1). 0 when the bounds leave no room, and then nothing is in view.
    public var dimension: Double { environment.dimension }
    /// The content's size in points: `dimension` across the scroll axis, the sections' total along it.
    /// Not pixel-rounded, as UIKit's, and never negative: negative insets and spacings are used as
    /// given (items may overlap or sit before the origin), but a scroll-axis total below zero is 0,
    /// the extent a scroll view gives such content (it cannot scroll). Right-to-left mirrors across it.
    public let contentSize: Size
    /// Items in every section.
    public let itemCount: Int
    /// The adjusted content inset the layout was built with; pinning and `cover` insets read it.
    public var contentInset: EdgeInsets { environment.contentInset }
    /// The layout's id: the content hash of what is laid out (see `FlowLayoutInput.contentHash`), the
    /// same whether it was registered whole or reached by updates.
    public let contentHash: ContentHash
    let sections: [SectionLayout]
    /// Every section holds its elements within its own span and the spans follow each other (true
    /// unless insets or spacings are negative), so sections can be binary searched by their spans.
    let sectionsAreOrdered: Bool
    var pinsHeaders: Bool { environment.settings.sectionHeadersPinToVisibleBounds }
    var pinsFooters: Bool { environment.settings.sectionFootersPinToVisibleBounds }
    /// Whether any item has a parallax depth of its own; most layouts have none, and then nothing is
    /// asked per cell.
    public let hasParallaxDepths: Bool
    /// Each orthogonal section's content width (docs/flow-layout.md §23.11), by section index; most
    /// layouts have none.
    public let orthogonalContentWidths: [(section: Int, width: Double)]
    /// The layout's carousels (its orthogonal sections) and the width they show, nil when it has none:
    /// what parallax and the carousel effect read (docs/parallax.md, "Carousels").
    public let carouselRows: CarouselRows?
    /// Whether the layout has carousels. O(1), without reading their rows.
    public let hasCarousels: Bool
    /// Whether any compositional section has a background: only then does a query look for them.
    let hasSectionBackgrounds: Bool

    /// Sections laid out. O(1).
    public var sectionCount: Int { sections.count }

    /// An item's own parallax depth in points, when the request gave one. O(log n); `section` must be
    /// below `sectionCount`.
    public func parallaxDepth(section: Int, item: Int) -> Double? {
        let lines = sections[section].lines
        guard lines.summary.hasDepths, item < lines.itemCount else { return nil }
        var uncounted = Uncounted()
        return lines.item(item, work: &uncounted).parallaxDepth
    }

    /// Whether an item's size is the estimate still to be measured. O(1) when all or none are, else
    /// O(log n).
    public func isEstimated(section: Int, item: Int) -> Bool {
        let summary = sections[section].lines.summary
        if summary.estimatedCount == 0 { return false }
        if summary.estimatedCount == summary.itemCount { return true }
        var uncounted = Uncounted()
        return sections[section].lines.item(item, work: &uncounted).isEstimated
    }

    /// Approximate bytes this layout keeps alive, for the cache's budget: the object and its sections'
    /// trees of lines. Nodes an updated layout shares with the one it came from count in both.
    /// O(sections).
    public var heapByteCount: Int {
        let arrayOverhead = 48
        let object = 16 + MemoryLayout<LayoutEnvironment>.size + MemoryLayout<Size>.size + 8 + 16 + 8 + 2
        let slots = sections.count * MemoryLayout<SectionLayout>.stride + arrayOverhead
        return sections.reduce(object + slots) { $0 + $1.heapByteCount }
    }

    /// Lays out every section of `input` (docs/flow-layout.md §1 to §8, §15). O(n) in listed items,
    /// O(1) per run of equal items (a counted section is one); never fails: any finite input gives a
    /// layout, and bounds too narrow for the content inset give one with nothing in view.
    public convenience init(_ input: FlowLayoutInput) {
        let environment = LayoutEnvironment(input)
        let lines = input.sections.enumerated().map { index, section in
            environment.lines(of: section, seed: UInt64(index))
        }
        // Masonry sections placed from their items as given, not read back from the lines.
        let placements = input.sections.map { section in
            SectionLayout.masonry(of: section, settings: environment.settings).map { columns in
                SectionLayout.placement(
                    of: section, columns: columns, settings: environment.settings, geometry: environment.geometry(of: section).lines)
            }
        }
        self.init(environment: environment, sections: zip(input.sections.map(\.overrides), lines).map { ($0, $1) }, placements: placements)
    }

    /// Places sections already broken into lines one after the other and names the result. O(sections),
    /// and O(n log c) for each masonry section whose placement `placements` does not give.
    /// A masonry section's placement is made from its lines unless `placements` has it, a
    /// compositional section's groups unless `groups` has them.
    init(
        environment: LayoutEnvironment, sections given: [(overrides: FlowSection, lines: SectionLines)], placements: [MasonryPlacement?] = [],
        groups: [CompositionalPlacement?] = []
    ) {
        self.environment = environment
        let settings = environment.settings
        let reference = environment.insetAdjustment
        var sections: [SectionLayout] = []
        sections.reserveCapacity(given.count)
        var offset = reference.leadPad
        var ordered = true
        var itemCount = 0
        var hasDepths = false
        for (index, (overrides, lines)) in given.enumerated() {
            if index > 0 { offset += settings.interSectionSpacing }
            let laidOut: SectionLayout
            if let compositional = settings.compositional(of: overrides) {
                laidOut = SectionLayout(
                    overrides, compositional: compositional, lines: lines, environment: environment, offset: offset,
                    placement: index < groups.count ? groups[index] : nil)
            } else {
                let geometry = environment.geometry(of: overrides)
                laidOut = SectionLayout(
                    overrides, lines: lines, header: geometry.header, footer: geometry.footer, settings: settings,
                    offset: offset, sectionInset: geometry.inset, placement: index < placements.count ? placements[index] : nil)
            }
            if !laidOut.staysInItsSpan { ordered = false }
            offset = laidOut.end
            itemCount += laidOut.itemCount
            hasDepths = hasDepths || lines.summary.hasDepths
            sections.append(laidOut)
        }
        self.sections = sections
        self.orthogonalContentWidths = Self.orthogonalContentWidths(of: sections)
        self.carouselRows = orthogonalContentWidths.isEmpty
            ? nil : CarouselRows(sections: orthogonalContentWidths.map(\.section), width: environment.dimension)
        self.hasCarousels = !orthogonalContentWidths.isEmpty
        self.hasSectionBackgrounds = sections.contains { section in
            if case .compositional(let body) = section.body { return body.section.background != nil }
            return false
        }
        // Sections overlap when the spacing between them is negative: no binary search by their spans.
        self.sectionsAreOrdered = ordered && (settings.interSectionSpacing >= 0 || sections.count < 2)
        self.hasParallaxDepths = hasDepths
        self.itemCount = itemCount
        self.contentSize = environment.dimension > 0
            ? environment.direction.size(along: environment.dimension, scroll: Self.contentLength(offset + reference.trailPad))
            : .zero
        var hasher = ContentHasher()
        environment.combine(into: &hasher)
        hasher.combine(sections.count)
        for section in sections {
            hasher.combine(section: section.overrides, itemCount: section.itemCount, items: section.lines.summary.hash)
        }
        self.contentHash = hasher.finalize()
    }
}

extension BaseLayout {
    /// The content's length along the scroll axis from the sum of its sections: negative section
    /// insets and line spacings can pull the sum below zero (UIKit lays such content out as given);
    /// the length is then 0, never negative.
    static func contentLength(_ total: Double) -> Double { total > 0 ? total : 0 }
}
