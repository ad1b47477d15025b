import FlowLayout

/// The parts of a request that belong to one scroll position.
extension LayoutRequestDecoder {
    func decodeBounds(_ value: JSONValue) throws(RequestError) -> (origin: Point?, size: Size) {
        if let bounds = plainBounds(value) { return bounds }
        return try boundsMemberByMember(value)
    }

    /// Bounds of four plain numbers within the limits (every scroll request has them), read in one
    /// call; nil for anything else, which `boundsMemberByMember` decodes or explains. The two agree on
    /// every input the first accepts.
    func plainBounds(_ value: JSONValue) -> (origin: Point?, size: Size)? {
        var numbers = (x: 0.0, y: 0.0, width: 0.0, height: 0.0)
        let seen = withUnsafeMutableBytes(of: &numbers) { bytes in
            value.readNumbers("x\u{0}y\u{0}width\u{0}height\u{0}", count: 4, into: bytes.bindMemory(to: Double.self))
        }
        // Width and height are required; anything out of range is left to the full reading's message.
        guard let seen, seen & 0b1100 == 0b1100 else { return nil }
        guard limits.admits(numbers.x), limits.admits(numbers.y), limits.admitsLength(numbers.width),
            limits.admitsLength(numbers.height)
        else { return nil }
        let origin = seen & 0b0011 == 0 ? nil : Point(x: numbers.x, y: numbers.y)
        return (origin, Size(width: numbers.width, height: numbers.height))
    }

    func boundsMemberByMember(_ value: JSONValue) throws(RequestError) -> (origin: Point?, size: Size) {
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
