import FlowLayout

extension JSONWriter {
    /// The `band` member of a band answer: what a client needs, with the band's attributes, to compute
    /// the attributes of any view inside the band itself (docs/flow-layout.md §19): the sections' spans
    /// for pinning (`spans`: `base.sectionSpans(in:)`, counted against the answer's budget by the
    /// caller), and the cells' own parallax depths.
    mutating func band(_ base: BaseLayout, spans: [BaseLayout.SectionSpan], attributes: [LayoutAttributes]) {
        raw(",\"band\":{\"orderedSections\":")
        raw(base.hasOrderedSections ? "true" : "false")
        raw(",\"pinsHeaders\":")
        raw(base.pinsSectionHeaders ? "true" : "false")
        raw(",\"pinsFooters\":")
        raw(base.pinsSectionFooters ? "true" : "false")
        raw(",\"sections\":[")
        for (index, span) in spans.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            raw("{\"section\":")
            integer(span.section)
            raw(",\"start\":")
            number(span.start)
            raw(",\"end\":")
            number(span.end)
            if let header = span.header {
                raw(",\"header\":")
                rect(header)
            }
            if let footer = span.footer {
                raw(",\"footer\":")
                rect(footer)
            }
            byte(UInt8(ascii: "}"))
        }
        raw("],\"depths\":[")
        if base.hasParallaxDepths {
            var first = true
            for cell in attributes where cell.kind == .cell {
                guard let depth = base.parallaxDepth(section: cell.section, item: cell.item) else { continue }
                if !first { byte(UInt8(ascii: ",")) }
                first = false
                raw("{\"section\":")
                integer(cell.section)
                raw(",\"item\":")
                integer(cell.item)
                raw(",\"maxOffset\":")
                number(depth)
                byte(UInt8(ascii: "}"))
            }
        }
        raw("]}")
    }
}
