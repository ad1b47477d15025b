import FlowLayout
import WireKit

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
        guard let members = value.readMembers(Wire.Bounds.self),
            let width = members[.width]?.double, limits.admitsLength(width),
            let height = members[.height]?.double, limits.admitsLength(height),
            let x = plainNumber(members[.x]), let y = plainNumber(members[.y])
        else { return nil }
        let origin = members[.x] == nil && members[.y] == nil ? nil : Point(x: x, y: y)
        return (origin, Size(width: width, height: height))
    }

    /// An optional coordinate on a fast path: 0 when absent, the number when it is one within the
    /// limits, nil otherwise (left to the full reading).
    func plainNumber(_ member: JSONValue?) -> Double? {
        guard let member else { return 0 }
        guard let value = member.double, limits.admits(value) else { return nil }
        return value
    }

    func boundsMemberByMember(_ value: JSONValue) throws(RequestError) -> (origin: Point?, size: Size) {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.Bounds.x { x = try value.number(limits) }
            else if key == Wire.Bounds.y { y = try value.number(limits) }
            else if key == Wire.Bounds.width { width = try value.length(limits) }
            else if key == Wire.Bounds.height { height = try value.length(limits) }
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
            if key == Wire.Point.x { point.x = try value.number(limits) }
            else if key == Wire.Point.y { point.y = try value.number(limits) }
            else { return false }
            return true
        }
        return point
    }

    func decodeScale(_ value: JSONValue) throws(RequestError) -> Double {
        let scale = try value.number(limits)
        guard limits.admitsScale(scale) else {
            throw .invalid(
                "'scale' must be between \(JSONWriter.spelling(limits.minScale)) and \(JSONWriter.spelling(limits.maxScale)), got \(JSONWriter.spelling(scale)).")
        }
        return scale
    }
}
