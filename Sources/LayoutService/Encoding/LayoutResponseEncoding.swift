import FlowLayout

/// The JSON of a layout answer and of its parts, in a fixed member order so answers are byte-stable.
extension JSONWriter {
    /// `{"layoutId":…,"algorithmVersion":…`, the object left open: how every answer about a layout
    /// begins.
    mutating func answerHead(layoutId: ContentHash) {
        raw("{\"layoutId\":")
        string(layoutId)
        raw(",\"algorithmVersion\":")
        integer(FlowLayoutInput.algorithmVersion)
    }

    mutating func layoutResponse(
        layoutId: ContentHash, cacheHit: Bool, contentSize: Size, attributes: [LayoutAttributes],
        more: (inout JSONWriter) -> Void = { _ in }
    ) {
        answerHead(layoutId: layoutId)
        raw(cacheHit ? ",\"cache\":\"hit\"" : ",\"cache\":\"miss\"")
        raw(",\"contentSize\":")
        size(contentSize)
        raw(",\"attributes\":")
        attributeList(attributes)
        more(&self)
        byte(UInt8(ascii: "}"))
    }

    /// The head of the answer to a list of bounds, its `results` list left open for the views.
    mutating func resultsHead(layoutId: ContentHash, contentSize: Size) {
        answerHead(layoutId: layoutId)
        raw(",\"cache\":\"hit\",\"contentSize\":")
        size(contentSize)
        raw(",\"results\":[")
    }

    /// `{"bounds":…,"attributes":` for one view of a list (`results`, a fling's `frames`), after a
    /// comma unless it is the first; the object is left open for its attributes.
    mutating func viewHead(bounds: Rect, first: Bool) {
        raw(first ? "{\"bounds\":" : ",{\"bounds\":")
        rect(bounds)
        raw(",\"attributes\":")
    }

    /// `]`, and `}` after it when the list is the last member of its object.
    mutating func closeList(andObject: Bool) {
        raw(andObject ? "]}" : "]")
    }

    mutating func closeObject() {
        byte(UInt8(ascii: "}"))
    }

    mutating func attributeList(_ attributes: [LayoutAttributes]) {
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

    /// One attribute: the members that stay put as the view scrolls from `memo`, then those that move.
    @inline(__always)
    mutating func attributes(_ attributes: LayoutAttributes, memo: AttributePrefixMemo) {
        memo.write(attributes, into: &self) { $0.attributePrefix(attributes) }
        attributeSuffix(attributes)
    }

    /// The members that move with the view (parallax offset, progress), and the closing brace.
    @inline(__always)
    mutating func attributeSuffix(_ attributes: LayoutAttributes) {
        if let offset = attributes.parallaxOffset {
            // A cell moves along the scroll axis only, so one coordinate is 0: written with its key as
            // one constant, which saves a number's spelling per cell.
            if offset.x == 0 {
                raw(",\"parallaxOffset\":{\"x\":0,\"y\":")
                number(offset.y)
                byte(UInt8(ascii: "}"))
            } else if offset.y == 0 {
                raw(",\"parallaxOffset\":{\"x\":")
                number(offset.x)
                raw(",\"y\":0}")
            } else {
                raw(",\"parallaxOffset\":")
                point(offset)
            }
        }
        if let progress = attributes.progress {
            raw(",\"progress\":")
            number(progress)
        }
        byte(UInt8(ascii: "}"))
    }

    /// The members that do not move with the view, up to zIndex (and `estimated` on a cell whose size
    /// is still the estimate: written only when true, so other answers keep their bytes), without the
    /// closing brace.
    mutating func attributePrefix(_ attributes: LayoutAttributes) {
        switch attributes.kind {
        case .cell:
            raw("{\"kind\":\"cell\",\"section\":")
            integer(attributes.section)
            raw(",\"item\":")
            integer(attributes.item)
        case .header:
            raw("{\"kind\":\"header\",\"section\":")
            integer(attributes.section)
        case .footer:
            raw("{\"kind\":\"footer\",\"section\":")
            integer(attributes.section)
        case .stretchHeader:
            raw("{\"kind\":\"stretchHeader\"")
        case .background:
            raw("{\"kind\":\"background\",\"layer\":")
            integer(attributes.item)
        }
        raw(",\"frame\":")
        rect(attributes.frame)
        raw(",\"center\":")
        point(attributes.center)
        raw(",\"zIndex\":")
        integer(attributes.zIndex)
        if attributes.isEstimated { raw(",\"estimated\":true") }
    }

    mutating func point(_ point: Point) {
        raw("{\"x\":")
        number(point.x)
        raw(",\"y\":")
        number(point.y)
        byte(UInt8(ascii: "}"))
    }

    mutating func size(_ size: Size) {
        raw("{\"width\":")
        number(size.width)
        raw(",\"height\":")
        number(size.height)
        byte(UInt8(ascii: "}"))
    }

    mutating func rect(_ rect: Rect) {
        raw("{\"x\":")
        number(rect.minX)
        raw(",\"y\":")
        number(rect.minY)
        raw(",\"width\":")
        number(rect.size.width)
        raw(",\"height\":")
        number(rect.size.height)
        byte(UInt8(ascii: "}"))
    }

    mutating func problem(_ problem: Problem) {
        raw("{\"type\":")
        string(problem.type)
        raw(",\"title\":")
        string(problem.title)
        raw(",\"status\":")
        integer(problem.status)
        raw(",\"detail\":")
        string(problem.detail)
        if let pointer = problem.pointer {
            raw(",\"pointer\":")
            string(pointer)
        }
        if let parameter = problem.parameter {
            raw(",\"parameter\":")
            string(parameter)
        }
        byte(UInt8(ascii: "}"))
    }
}
