import FlowLayout
import WireKit

/// The JSON of a layout answer and of its parts, in a fixed member order so answers are byte-stable.
extension JSONWriter {
    /// `{"layoutId":…,"algorithmVersion":…`, the object left open: how every answer about a layout
    /// begins (every such schema declares the two members first, `WireSchemaTests`).
    mutating func answerHead(layoutId: ContentHash) {
        raw(Fragments.layoutId)
        string(layoutId)
        raw(Fragments.algorithmVersion)
        integer(FlowLayoutInput.algorithmVersion)
    }

    /// The head of a view's answer, up to its `attributes`, which come next; `orthogonalSections` only
    /// when the layout has some, so other answers keep their bytes.
    mutating func viewAnswerHead(
        layoutId: ContentHash, cacheHit: Bool, contentSize: Size, orthogonalSections: [(section: Int, width: Double)] = []
    ) {
        answerHead(layoutId: layoutId)
        raw(cacheHit ? Fragments.cacheHit : Fragments.cacheMiss)
        raw(Fragments.contentSize)
        size(contentSize)
        if !orthogonalSections.isEmpty {
            member(Wire.LayoutResponse.orthogonalSections)
            byte(UInt8(ascii: "["))
            for (index, row) in orthogonalSections.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                member(Wire.OrthogonalSection.section, opening: true)
                integer(row.section)
                member(Wire.OrthogonalSection.contentWidth)
                number(row.width)
                closeObject()
            }
            byte(UInt8(ascii: "]"))
        }
        raw(Fragments.attributes)
    }

    /// The head of the answer to a list of bounds, its `results` list left open for the views.
    mutating func resultsHead(layoutId: ContentHash, contentSize: Size) {
        answerHead(layoutId: layoutId)
        member(Wire.ScrollListResponse.cache)
        word(true, in: Wire.Words.cacheOutcomes)
        member(Wire.ScrollListResponse.contentSize)
        size(contentSize)
        member(Wire.ScrollListResponse.results)
        byte(UInt8(ascii: "["))
    }

    /// `{"bounds":…,"attributes":` for one view of a list (`results`, a fling's `frames`, a carousel
    /// fling's with its `offset` between), after a comma unless it is the first; the object is left
    /// open for its attributes.
    mutating func viewHead(bounds: Rect, first: Bool, carouselOffset: Double? = nil) {
        if !first { byte(UInt8(ascii: ",")) }
        member(Wire.View.bounds, opening: true)
        rect(bounds)
        if let carouselOffset {
            member(Wire.CarouselFrame.offset)
            number(carouselOffset)
        }
        member(Wire.View.attributes)
    }

    /// `]`, and `}` after it when the list is the last member of its object.
    mutating func closeList(andObject: Bool) {
        raw(andObject ? "]}" : "]")
    }

    mutating func closeObject() {
        byte(UInt8(ascii: "}"))
    }

    mutating func attributeList(_ attributes: [LayoutAttributes], looks: CarouselLooks? = nil) {
        // A list with carousel looks in a function of its own: the plain scroll's loop stays as it was.
        if let looks { return attributeList(attributes, looks: looks) }
        byte(UInt8(ascii: "["))
        let memo = AttributePrefixMemo.current
        // Read in place: `enumerated()` copied each attribute (a hundred bytes) out of the array first.
        attributes.withUnsafeBufferPointer { attributes in
            for index in attributes.indices {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.attributes(attributes[index], memo: memo)
            }
        }
        byte(UInt8(ascii: "]"))
    }

    /// `attributeList` with each carousel cell's scale and alpha.
    @inline(never)
    private mutating func attributeList(_ attributes: [LayoutAttributes], looks: CarouselLooks) {
        byte(UInt8(ascii: "["))
        let memo = AttributePrefixMemo.current
        attributes.withUnsafeBufferPointer { attributes in
            for index in attributes.indices {
                if index > 0 { byte(UInt8(ascii: ",")) }
                self.attributes(attributes[index], memo: memo, look: looks.look(of: attributes[index]))
            }
        }
        byte(UInt8(ascii: "]"))
    }

    /// One attribute: the members that stay put as the view scrolls from `memo`, then those that move.
    @inline(__always)
    mutating func attributes(_ attributes: LayoutAttributes, memo: AttributePrefixMemo, look: (scale: Double, alpha: Double)? = nil) {
        memo.write(attributes, into: &self) { $0.attributePrefix(attributes) }
        attributeSuffix(attributes, look: look)
    }

    /// The members that move with the view (parallax offset, progress, a carousel's scale and alpha),
    /// and the closing brace.
    @inline(__always)
    mutating func attributeSuffix(_ attributes: LayoutAttributes, look: (scale: Double, alpha: Double)? = nil) {
        if let offset = attributes.parallaxOffset {
            // A cell moves along the scroll axis only, so one coordinate is 0: written with its key as
            // one constant, which saves a number's spelling per cell.
            if offset.x == 0 {
                raw(Fragments.offsetAlongY)
                number(offset.y)
                byte(UInt8(ascii: "}"))
            } else if offset.y == 0 {
                raw(Fragments.offsetAlongX)
                number(offset.x)
                raw(Fragments.zeroY)
            } else {
                raw(Fragments.offset)
                point(offset)
            }
        }
        if let progress = attributes.progress {
            raw(Fragments.progress)
            number(progress)
        }
        if let look {
            member(Wire.LayoutAttributes.scale)
            number(look.scale)
            member(Wire.LayoutAttributes.alpha)
            number(look.alpha)
        }
        byte(UInt8(ascii: "}"))
    }

    /// The members that do not move with the view, up to zIndex (and `estimated` on a cell whose size
    /// is still the estimate: written only when true, so other answers keep their bytes), without the
    /// closing brace.
    mutating func attributePrefix(_ attributes: LayoutAttributes) {
        typealias Member = Wire.LayoutAttributes
        member(Member.kind, opening: true)
        word(attributes.kind, in: Wire.Words.kinds)
        switch attributes.kind {
        case .cell:
            member(Member.section)
            integer(attributes.section)
            member(Member.item)
            integer(attributes.item)
            if let column = attributes.column {
                member(Member.column)
                integer(column)
            }
        case .header, .footer, .sectionBackground:
            member(Member.section)
            integer(attributes.section)
        case .stretchHeader:
            break
        case .background:
            member(Member.layer)
            integer(attributes.item)
        }
        member(Member.frame)
        rect(attributes.frame)
        member(Member.center)
        point(attributes.center)
        member(Member.zIndex)
        integer(attributes.zIndex)
        if attributes.isEstimated {
            member(Member.estimated)
            boolean(true)
        }
    }

    mutating func point(_ point: Point) {
        raw(Fragments.x)
        number(point.x)
        raw(Fragments.y)
        number(point.y)
        byte(UInt8(ascii: "}"))
    }

    mutating func size(_ size: Size) {
        raw(Fragments.width)
        number(size.width)
        raw(Fragments.height)
        number(size.height)
        byte(UInt8(ascii: "}"))
    }

    mutating func rect(_ rect: Rect) {
        raw(Fragments.x)
        number(rect.minX)
        raw(Fragments.y)
        number(rect.minY)
        raw(Fragments.nextWidth)
        number(rect.size.width)
        raw(Fragments.height)
        number(rect.size.height)
        byte(UInt8(ascii: "}"))
    }

    mutating func problem(_ problem: Problem) {
        typealias Member = Wire.Problem
        member(Member.type, opening: true)
        string(problem.type)
        member(Member.title)
        string(problem.title)
        member(Member.status)
        integer(problem.status)
        member(Member.detail)
        string(problem.detail)
        if let pointer = problem.pointer {
            member(Member.pointer)
            string(pointer)
        }
        if let parameter = problem.parameter {
            member(Member.parameter)
            string(parameter)
        }
        byte(UInt8(ascii: "}"))
    }
}

/// The names every scroll answer writes, as constants: copied in a few words, where a declared name
/// costs a lookup (and, inside the loop over a view's elements, keeps the loop from inlining it).
/// `WireSchemaTests` spells each from the declarations (`Wire`).
enum Fragments {
    /// `{"layoutId":` and `,"algorithmVersion":`, the head of every answer about a layout.
    static let layoutId: StaticString = "{\"layoutId\":"
    static let algorithmVersion: StaticString = ",\"algorithmVersion\":"
    /// The members of points, sizes and rectangles, each after what comes before it in its object.
    static let x: StaticString = "{\"x\":"
    static let y: StaticString = ",\"y\":"
    static let width: StaticString = "{\"width\":"
    static let nextWidth: StaticString = ",\"width\":"
    static let height: StaticString = ",\"height\":"
    /// A view's answer after its head: where its layout came from, its content size, its attributes.
    static let cacheHit: StaticString = ",\"cache\":\"hit\""
    static let cacheMiss: StaticString = ",\"cache\":\"miss\""
    static let contentSize: StaticString = ",\"contentSize\":"
    static let attributes: StaticString = ",\"attributes\":"
    /// `"parallaxOffset":{"x":0,"y":` after a comma, before the offset's y.
    static let offsetAlongY: StaticString = ",\"parallaxOffset\":{\"x\":0,\"y\":"
    /// `"parallaxOffset":{"x":` after a comma, before the offset's x.
    static let offsetAlongX: StaticString = ",\"parallaxOffset\":{\"x\":"
    /// The y of an offset along x, and the offset's closing brace.
    static let zeroY: StaticString = ",\"y\":0}"
    /// `"parallaxOffset":` after a comma, before an offset along both axes.
    static let offset: StaticString = ",\"parallaxOffset\":"
    /// `"progress":` after a comma (stretch headers and backgrounds).
    static let progress: StaticString = ",\"progress\":"
}
