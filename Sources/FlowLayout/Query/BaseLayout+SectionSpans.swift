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
        /// A compositional section's own pinning of its header and footer (§23.9); nil for other
        /// sections, which follow the layout's.
        public var pinsHeader: Bool?
        public var pinsFooter: Bool?
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
        let sectionSearch = sectionSearch(viewport)
        var probes = 0
        return sectionRange(touching: sectionSearch, probes: &probes)
            .filter { mayHoldElements(section: $0, touching: sectionSearch) }
            .map { span(of: $0, viewport: viewport) }
    }

    private func span(of index: Int, viewport: Viewport) -> SectionSpan {
        let section = sections[index]
        var pins: (header: Bool?, footer: Bool?) = (nil, nil)
        if case .compositional(let body) = section.body {
            pins = (body.section.header?.pinToVisibleBounds ?? false, body.section.footer?.pinToVisibleBounds ?? false)
        }
        // The frames at rest, mirrored as the answer's are, before rounding.
        let atRest = Viewport(bounds: viewport.bounds, layoutDirection: viewport.layoutDirection)
        return SectionSpan(
            section: index,
            start: section.offset,
            end: section.end,
            header: supplementaryFrame(.header, section: index, viewport: atRest, pinned: false),
            footer: supplementaryFrame(.footer, section: index, viewport: atRest, pinned: false),
            pinsHeader: pins.header, pinsFooter: pins.footer)
    }
}
