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
/// **Cost.** Building is O(n) in the items of row-path sections (differing sizes) and O(1) for each
/// uniform section, whatever its count; the layout keeps at most 40 bytes per row-path item and O(1)
/// per uniform section. A query for the k elements in view is O(log n + k).
public final class BaseLayout: Sendable {
    /// The axis the content scrolls along (CSS mode's, when in CSS mode).
    public let scrollDirection: ScrollDirection
    /// Bounds minus content insets across the scroll axis, in points: the width lines are broken to
    /// (docs/flow-layout.md §1). 0 when the bounds leave no room, and then the layout is empty.
    public let dimension: Double
    /// The content's size in points: `dimension` across the scroll axis, the sections' total along it.
    /// Not pixel-rounded, as UIKit's, and never negative: negative insets and spacings are used as
    /// given (items may overlap or sit before the origin), but a scroll-axis total below zero is 0,
    /// the extent a scroll view gives such content (it cannot scroll). Right-to-left mirrors across it.
    public let contentSize: Size
    /// Items in every section (0 when `dimension` is 0).
    public let itemCount: Int
    /// The adjusted content inset the layout was built with; pinning and `cover` insets read it.
    public let contentInset: EdgeInsets
    let sections: [SectionLayout]
    /// Every section holds its elements within its own span and the spans follow each other (true
    /// unless insets or spacings are negative), so sections can be binary searched by their spans.
    let sectionsAreOrdered: Bool
    let pinsHeaders: Bool
    let pinsFooters: Bool
    /// Whether any item has a parallax depth of its own; most layouts have none, and then nothing is
    /// asked per cell.
    public let hasParallaxDepths: Bool

    /// Sections laid out (0 when `dimension` is 0). O(1).
    public var sectionCount: Int { sections.count }

    /// An item's own parallax depth in points, when the request gave one. O(1); `section` must be
    /// below `sectionCount`.
    public func parallaxDepth(section: Int, item: Int) -> Double? {
        guard let depths = sections[section].parallaxDepths, item < depths.count, !depths[item].isNaN else { return nil }
        return depths[item]
    }

    /// Approximate bytes this layout keeps alive, for the cache's budget: the object (a header of two
    /// words and the stored properties, laid out as this tuple of their types) and its sections'
    /// elements. O(sections).
    public var byteCount: Int {
        typealias Fields = (ScrollDirection, Double, Size, Int, EdgeInsets, [SectionLayout], Bool, Bool, Bool, Bool)
        return sections.reduce(16 + MemoryLayout<Fields>.size) { $0 + $1.byteCount }
    }

    /// Bytes a heap-allocated array costs besides its elements: the object header (isa and reference
    /// count), count and capacity (32 bytes on 64-bit platforms), plus the allocator's own header.
    static let arrayHeapOverhead = 32 + 16

    /// Bytes this layout keeps alive on the heap: its elements (`byteCount`) and the header of every
    /// heap array it keeps alive (the section list, and per row-path section the sizes, the three line
    /// columns and the optional depths). O(sections).
    public var heapByteCount: Int {
        var arrays = 1
        for section in sections {
            if case .rows = section.body { arrays += 4 }
            if section.parallaxDepths != nil { arrays += 1 }
        }
        return byteCount + arrays * Self.arrayHeapOverhead
    }

    /// Lays out every section of `input` (docs/flow-layout.md §1 to §8, §15). O(n) in row-path items,
    /// O(1) per uniform section; never fails: any finite input gives a layout, and bounds too narrow
    /// for the content inset give an empty one.
    public init(_ input: FlowLayoutInput) {
        let settings = input.settings
        let direction = settings.effectiveScrollDirection
        let inset = input.contentInset
        let dimension = Swift.max(0, input.crossAxisLength - direction.lineLead(inset) - direction.lineTrail(inset))
        self.scrollDirection = direction
        self.contentInset = inset
        self.pinsHeaders = settings.sectionHeadersPinToVisibleBounds
        self.pinsFooters = settings.sectionFootersPinToVisibleBounds
        guard dimension > 0 else {
            // UIKit computes nothing for an empty collection view (§1).
            self.dimension = 0
            self.contentSize = .zero
            self.itemCount = 0
            self.sections = []
            self.sectionsAreOrdered = true
            self.hasParallaxDepths = false
            return
        }
        self.dimension = dimension

        let reference = SectionInsetAdjustment(input)
        var sections: [SectionLayout] = []
        sections.reserveCapacity(input.sections.count)
        var offset = reference.leadPad
        var ordered = true
        var itemCount = 0
        for section in input.sections {
            let laidOut = SectionLayout(
                section, settings: settings, dimension: dimension, offset: offset,
                sectionInset: reference.adjust(
                    section.sectionInset ?? settings.css?.padding ?? settings.sectionInset, direction: direction)
            )
            if !laidOut.staysInItsSpan { ordered = false }
            offset = laidOut.end
            itemCount += laidOut.itemCount
            sections.append(laidOut)
        }
        self.sections = sections
        self.sectionsAreOrdered = ordered
        self.hasParallaxDepths = sections.contains { $0.parallaxDepths != nil }
        self.itemCount = itemCount
        self.contentSize = direction.size(along: dimension, scroll: Self.contentLength(offset + reference.trailPad))
    }
}

extension BaseLayout {
    /// The content's length along the scroll axis from the sum of its sections: negative section
    /// insets and line spacings can pull the sum below zero (UIKit lays such content out as given);
    /// the length is then 0, never negative.
    static func contentLength(_ total: Double) -> Double { total > 0 ? total : 0 }
}

extension SectionLayout {
    /// Lays out one section in its own coordinates (docs/flow-layout.md §3), placed at `offset` along
    /// the scroll axis.
    init(_ section: FlowSection, settings: FlowLayoutSettings, dimension: Double, offset: Double, sectionInset inset: EdgeInsets) {
        let direction = settings.effectiveScrollDirection
        // A header or footer exists only with a positive thickness; negative ones are ignored (§3).
        let headerLength = Swift.max(0, direction.across(section.headerReferenceSize ?? settings.headerReferenceSize))
        let footerLength = Swift.max(0, direction.across(section.footerReferenceSize ?? settings.footerReferenceSize))
        let firstLineStart = headerLength + direction.scrollLead(inset)
        let lineLead = direction.lineLead(inset)
        let lineTrail = direction.lineTrail(inset)

        let endOfLines: Double
        if let css = settings.css {
            // CSS mode: one flex container per section, every item placed by the row algorithm.
            let sizes: [Size]
            switch section.items {
            case .count(let count): sizes = Array(repeating: settings.itemSize, count: count)
            case .sizes(let given): sizes = given
            }
            let crossGap = section.minimumLineSpacing ?? css.crossGap
            let rows = RowLines(
                sizes: sizes, direction: direction, dimension: dimension, lineLead: lineLead, lineTrail: lineTrail,
                inLineSpacing: section.minimumInteritemSpacing ?? css.mainGap,
                lineSpacing: crossGap, firstLineStart: firstLineStart,
                placement: .css(css.justifyContent), crossAlignment: css.alignItems.crossAlignment, breaksLikeCSS: true,
                adjustingLines: { css.alignContent(lines: &$0, firstLineStart: firstLineStart, crossGap: crossGap) })
            body = .rows(rows)
            endOfLines = css.crossSize.map { firstLineStart + $0 } ?? rows.endOfLines(firstLineStart: firstLineStart)
        } else {
            let lineSpacing = section.minimumLineSpacing ?? settings.minimumLineSpacing
            let interitemSpacing = section.minimumInteritemSpacing ?? settings.minimumInteritemSpacing
            let placement = settings.lineAlignment.map(LinePlacement.aligned) ?? .uikit
            // The uniform path when every item has one size (or there are none), else the row path (§4).
            let uniformSize: Size?
            switch section.items {
            case .count: uniformSize = settings.itemSize
            case .sizes(let sizes):
                uniformSize = sizes.isEmpty ? settings.itemSize : sizes.allSatisfy({ $0 == sizes[0] }) ? sizes[0] : nil
            }
            if let uniformSize {
                let grid = UniformGrid(
                    count: section.items.count, itemSize: uniformSize, direction: direction, dimension: dimension,
                    lineLead: lineLead, lineTrail: lineTrail, interitemSpacing: interitemSpacing,
                    lineSpacing: lineSpacing, firstLineStart: firstLineStart, placement: placement)
                body = .uniform(grid)
                endOfLines = grid.endOfLines
            } else if case .sizes(let sizes) = section.items {
                // UIKit's row path swaps the two spacings when scrolling horizontally (§6.1). The opt-in
                // line alignments do not: exactly `minimumInteritemSpacing` between the items of a line
                // and `minimumLineSpacing` between lines in both directions, as on the uniform path.
                let swapsSpacings = direction == .horizontal && settings.lineAlignment == nil
                let rows = RowLines(
                    sizes: sizes, direction: direction, dimension: dimension, lineLead: lineLead, lineTrail: lineTrail,
                    inLineSpacing: swapsSpacings ? lineSpacing : interitemSpacing,
                    lineSpacing: swapsSpacings ? interitemSpacing : lineSpacing, firstLineStart: firstLineStart,
                    placement: placement, crossAlignment: settings.crossAlignment, breaksLikeCSS: false)
                body = .rows(rows)
                endOfLines = rows.endOfLines(firstLineStart: firstLineStart)
            } else {
                preconditionFailure("counted sections are uniform")
            }
        }
        self.offset = offset
        self.headerLength = headerLength
        self.footerLength = footerLength
        self.linesStart = firstLineStart
        self.linesEnd = endOfLines
        self.footerStart = endOfLines + direction.scrollTrail(inset)
        self.length = footerStart + footerLength
        self.itemCount = section.items.count
        self.parallaxDepths = section.parallaxDepths
    }
}
