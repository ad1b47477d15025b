import FlowLayout
import WireKit

/// The attributes of the elements in one viewport of a base layout, with parallax.
enum ViewAttributes {
    /// Calls `body` with them and the carousel effect's looks to write on them; the array is the
    /// thread's scratch, valid during the call. Nil, without calling `body`, when the viewport holds
    /// more than `limit` elements: the answer would be too large to send.
    static func with<Result>(
        of base: BaseLayout, in viewport: Viewport, orthogonalOffsets: [OrthogonalOffset] = [], parallax: Parallax?,
        carouselEffect: CarouselEffect? = nil, limit: Int, _ body: ([LayoutAttributes], CarouselLooks?) -> Result
    ) -> Result? {
        AttributeScratch.with { attributes in
            attributes.reserveCapacity(64)
            base.attributes(in: viewport, orthogonalOffsets: orthogonalOffsets, into: &attributes, limit: limit)
            guard attributes.count <= limit else { return nil }
            let depth: ((Int, Int) -> Double?)? = base.hasParallaxDepths ? { base.parallaxDepth(section: $0, item: $1) } : nil
            // The rows read only where there are carousels: reading them retains their array.
            parallax?.apply(
                to: &attributes, viewport: viewport, scrollDirection: base.scrollDirection, depth: depth,
                carousels: base.hasCarousels ? base.carouselRows : nil)
            return body(attributes, carouselEffect == nil ? nil : CarouselLooks(carouselEffect, base: base))
        }
    }
}

/// One view of a layout (`LayoutResponse`): the answer to a scroll of one bounds, to a one-shot
/// layout and to a `GET` of a stored layout's view.
struct ViewAnswer: WireAnswer {
    let layoutId: ContentHash
    let cacheHit: Bool
    let contentSize: Size
    let attributes: [LayoutAttributes]
    let looks: CarouselLooks?
    /// Each orthogonal section's content width (docs/flow-layout.md §23.11).
    let orthogonalSections: [(section: Int, width: Double)]
    /// With a band: the layout and the sections' spans, what a client needs to compute the views
    /// inside it (docs/flow-layout.md §19).
    let band: (base: BaseLayout, spans: [BaseLayout.SectionSpan], carousels: [(section: Int, cells: [LayoutAttributes])]?)?

    var estimatedBytes: Int { 256 + attributes.count * 200 }

    @inline(__always)
    func encode(into writer: inout JSONWriter) {
        writer.viewAnswerHead(
            layoutId: layoutId, cacheHit: cacheHit, contentSize: contentSize, orthogonalSections: orthogonalSections)
        writer.attributeList(attributes, looks: looks)
        if let band { writer.band(band.base, spans: band.spans, attributes: attributes, carousels: band.carousels ?? []) }
        writer.closeObject()
    }
}

/// Views of a layout, one after another, each `{"bounds", "attributes"[, "band"]}`: the `results`
/// of a scroll of a list of bounds and the `frames` of a fling with attributes. Computed as they are
/// written, each in the thread's scratch array; the limit on elements (attributes, and bands'
/// sections) holds for all of them together.
struct ViewSequence {
    let base: BaseLayout
    let viewports: [Viewport]
    var orthogonalOffsets: [OrthogonalOffset] = []
    let parallax: Parallax?
    var carouselEffect: CarouselEffect?
    let band: Bool
    let limit: Int
    /// A carousel fling's frames: the section, and its offset in each view, written with it.
    var carousel: (section: Int, offsets: [Double])?

    /// Writes the views, separated by commas; nil when they are written, else the index of the view
    /// that passed the limit (the writer then holds a part of the answer).
    func write(into writer: inout JSONWriter) -> Int? {
        var remaining = limit
        for (index, viewport) in viewports.enumerated() {
            var offsets = orthogonalOffsets
            if let carousel { offsets.append(OrthogonalOffset(section: carousel.section, offset: carousel.offsets[index])) }
            writer.viewHead(bounds: viewport.bounds, first: index == 0, carouselOffset: carousel?.offsets[index])
            let written: Bool? = ViewAttributes.with(
                of: base, in: viewport, orthogonalOffsets: offsets, parallax: parallax, carouselEffect: carouselEffect, limit: remaining
            ) { attributes, looks in
                let spans = band ? base.sectionSpans(in: viewport) : []
                remaining -= attributes.count + spans.count
                guard remaining >= 0 else { return false }
                writer.attributeList(attributes, looks: looks)
                if band { writer.band(base, spans: spans, attributes: attributes) }
                return true
            }
            guard written == true else { return index }
            writer.closeObject()
        }
        return nil
    }
}

/// The answer to a scroll of a list of bounds (`ScrollListResponse`): each view in order.
struct ViewListAnswer: WireAnswer {
    let layoutId: ContentHash
    let contentSize: Size
    let views: ViewSequence

    var estimatedBytes: Int { 256 + views.viewports.count * 4096 }

    /// Refused whole, naming the bounds that passed the limit, when the views hold too many elements.
    func encode(into writer: inout JSONWriter) throws(Problem) {
        writer.resultsHead(layoutId: layoutId, contentSize: contentSize)
        if let index = views.write(into: &writer) { throw .answerTooLarge(limit: views.limit, pointer: "/bounds/\(index)") }
        writer.closeList(andObject: true)
    }
}

/// The answer to a fling (`FlingAnswer`): where the deceleration takes the view and, when asked,
/// each display frame on the way.
struct FlingAnswer: WireAnswer {
    enum Frames {
        /// Each frame's bounds.
        case bounds([Viewport])
        /// Each frame's bounds and attributes.
        case views(ViewSequence)
    }

    let layoutId: ContentHash
    let contentSize: Size
    let fling: Fling
    let frames: Frames?

    var estimatedBytes: Int {
        switch frames {
        case nil: 512
        case .bounds(let viewports): 512 + viewports.count * 80
        case .views(let views): 512 + views.viewports.count * 4096
        }
    }

    /// Refused whole when the frames' attributes are more than one answer carries.
    func encode(into writer: inout JSONWriter) throws(Problem) {
        writer.flingHead(layoutId: layoutId, contentSize: contentSize, fling: fling)
        switch frames {
        case nil: break
        case .bounds(let viewports):
            writer.framesHead()
            writer.boundsList(viewports)
            writer.closeList(andObject: false)
        case .views(let views):
            writer.framesHead()
            if views.write(into: &writer) != nil { throw .answerTooLarge(limit: views.limit, pointer: "/attributes") }
            writer.closeList(andObject: false)
        }
        writer.closeObject()
    }
}
