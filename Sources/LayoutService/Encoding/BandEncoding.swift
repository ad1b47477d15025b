import FlowLayout
import WireKit

extension JSONWriter {
    /// The `band` member of a band answer: what a client needs, with the band's attributes, to compute
    /// the attributes of any view inside the band itself (docs/flow-layout.md §19): the sections' spans
    /// for pinning (`spans`: `base.sectionSpans(in:)`, counted against the answer's budget by the
    /// caller), the cells' own parallax depths, and the carousels' rows asked.
    mutating func band(
        _ base: BaseLayout, spans: [BaseLayout.SectionSpan], attributes: [LayoutAttributes],
        carousels: [(section: Int, cells: [LayoutAttributes])] = []
    ) {
        member(Wire.LayoutResponse.band)
        member(Wire.Band.orderedSections, opening: true)
        boolean(base.hasOrderedSections)
        member(Wire.Band.pinsHeaders)
        boolean(base.pinsSectionHeaders)
        member(Wire.Band.pinsFooters)
        boolean(base.pinsSectionFooters)
        member(Wire.Band.sections)
        byte(UInt8(ascii: "["))
        for (index, span) in spans.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            member(Wire.SectionSpan.section, opening: true)
            integer(span.section)
            member(Wire.SectionSpan.start)
            number(span.start)
            member(Wire.SectionSpan.end)
            number(span.end)
            if let header = span.header {
                member(Wire.SectionSpan.header)
                rect(header)
            }
            if let footer = span.footer {
                member(Wire.SectionSpan.footer)
                rect(footer)
            }
            if let pins = span.pinsHeader {
                member(Wire.SectionSpan.pinsHeader)
                boolean(pins)
            }
            if let pins = span.pinsFooter {
                member(Wire.SectionSpan.pinsFooter)
                boolean(pins)
            }
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
        member(Wire.Band.depths)
        byte(UInt8(ascii: "["))
        if base.hasParallaxDepths {
            var first = true
            for cell in attributes where cell.kind == .cell {
                guard let depth = base.parallaxDepth(section: cell.section, item: cell.item) else { continue }
                if !first { byte(UInt8(ascii: ",")) }
                first = false
                member(Wire.Depth.section, opening: true)
                integer(cell.section)
                member(Wire.Depth.item)
                integer(cell.item)
                member(Wire.Depth.maxOffset)
                number(depth)
                byte(UInt8(ascii: "}"))
            }
        }
        byte(UInt8(ascii: "]"))
        // The carousels' rows asked (`carouselBands`), each at offset 0, left to right and unrounded.
        if !carousels.isEmpty {
            member(Wire.Band.carousels)
            byte(UInt8(ascii: "["))
            for (index, row) in carousels.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                member(Wire.CarouselBand.section, opening: true)
                integer(row.section)
                member(Wire.CarouselBand.attributes)
                attributeList(row.cells)
                byte(UInt8(ascii: "}"))
            }
            byte(UInt8(ascii: "]"))
        }
        byte(UInt8(ascii: "}"))
    }
}
