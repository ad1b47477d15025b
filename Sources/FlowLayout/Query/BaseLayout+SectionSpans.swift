extension BaseLayout {
    /// Where a section lies along the scroll axis and where its header and footer rest: what pinning
    /// reads (docs/flow-layout.md §10), so that a client holding the attributes of a band of content can
    /// place headers and footers itself for any view inside the band (docs/flow-layout.md §19).
    public struct SectionSpan: Hashable, Sendable {
        public var section: Int
        /// The section's first and last scroll-axis coordinates before any mirroring (a right-to-left
        /// horizontal layout's `S.min` and `S.max` of §10 are the content width minus these).
        public var start: Double
        public var end: Double
        /// The header's and footer's frames before pinning and pixel rounding, mirrored as the
        /// answer's frames are; nil when absent.
        public var header: Rect?
        public var footer: Rect?
    }

    /// Sections are searched by their spans (they follow each other); when false, every section is
    /// considered whatever its span (docs/flow-layout.md §9).
    public var hasOrderedSections: Bool { sectionsAreOrdered }
    /// `sectionHeadersPinToVisibleBounds` and `sectionFootersPinToVisibleBounds` of the settings.
    public var pinsSectionHeaders: Bool { pinsHeaders }
    public var pinsSectionFooters: Bool { pinsFooters }

    /// The spans of the sections whose elements `attributes(in:into:)` would consider for
    /// `viewport.bounds`, in order. O(log n + sections found).
    public func sectionSpans(in viewport: Viewport) -> [SectionSpan] {
        guard dimension > 0, !viewport.bounds.isEmpty else { return [] }
        let sectionSearch = contentMirror(viewport).unmap(viewport.bounds)
        var probes = 0
        let mirrored = viewport.layoutDirection == .rightToLeft && isHorizontal
        return sectionRange(touching: sectionSearch, probes: &probes)
            .filter { mayHoldElements(section: $0, touching: sectionSearch) }
            .map { span(of: $0, mirrored: mirrored) }
    }

    private func span(of index: Int, mirrored: Bool) -> SectionSpan {
        let section = sections[index]
        let width = contentSize.width
        func frame(scroll: Double, length: Double) -> Rect? {
            guard length > 0 else { return nil }
            let start = mirrored ? width - length - scroll : scroll
            return scrollDirection.rect(along: 0, scroll: start, alongLength: dimension, scrollLength: length)
        }
        return SectionSpan(
            section: index,
            start: section.offset,
            end: section.end,
            header: frame(scroll: section.offset, length: section.headerLength),
            footer: frame(scroll: section.offset + section.footerStart, length: section.footerLength))
    }
}
