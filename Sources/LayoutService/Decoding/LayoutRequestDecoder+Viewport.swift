import FlowLayout

/// The parts of a request that belong to one scroll position.
extension LayoutRequestDecoder {
    func decodeBounds(_ value: JSONValue) throws(RequestError) -> (origin: Point?, size: Size) {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        try value.members { (key, value) throws(RequestError) in
            if key == "x" { x = try value.number(limits) }
            else if key == "y" { y = try value.number(limits) }
            else if key == "width" { width = try value.length(limits) }
            else if key == "height" { height = try value.length(limits) }
            else { return false }
            return true
        }
        guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        let origin = x == nil && y == nil ? nil : Point(x: x ?? 0, y: y ?? 0)
        return (origin, Size(width: width, height: height))
    }

    func decodePoint(_ value: JSONValue) throws(RequestError) -> Point {
        var point = Point.zero
        try value.members { (key, value) throws(RequestError) in
            if key == "x" { point.x = try value.number(limits) }
            else if key == "y" { point.y = try value.number(limits) }
            else { return false }
            return true
        }
        return point
    }

    func decodeScale(_ value: JSONValue) throws(RequestError) -> Double {
        let scale = try value.number(limits)
        guard scale >= limits.minScale, scale <= limits.maxScale else {
            throw .invalid(
                "'scale' must be between \(JSONWriter.spelling(limits.minScale)) and \(JSONWriter.spelling(limits.maxScale)), got \(JSONWriter.spelling(scale)).")
        }
        return scale
    }
}
