import FlowLayout
import WireKit

/// Typed reads of request fields. Each throws a `RequestError` whose pointer is relative to the value.
extension JSONValue {
    func object() throws(RequestError) -> JSONValue {
        guard isObject else { throw .invalid("Expected an object, got \(typeName).") }
        return self
    }

    func array() throws(RequestError) -> JSONValue {
        guard isArray else { throw .invalid("Expected an array, got \(typeName).") }
        return self
    }

    /// A finite number within the magnitude limit.
    func number(_ limits: Limits) throws(RequestError) -> Double {
        guard let value = double else { throw .invalid("Expected a number, got \(typeName).") }
        guard limits.admits(value) else {
            throw .limit("The number \(JSONWriter.spelling(value)) is outside ±\(JSONWriter.spelling(limits.maxMagnitude)).")
        }
        return value
    }

    /// A number from 0 to 1 (a scale or an alpha).
    func fraction() throws(RequestError) -> Double {
        guard let value = double else { throw .invalid("Expected a number from 0 to 1, got \(typeName).") }
        guard value >= 0, value <= 1 else { throw .invalid("Expected a number from 0 to 1, got \(JSONWriter.spelling(value)).") }
        return value
    }

    /// A length that may not be negative (sizes).
    func length(_ limits: Limits) throws(RequestError) -> Double {
        let value = try number(limits)
        guard value >= 0 else { throw .invalid("Expected a non-negative length, got \(JSONWriter.spelling(value)).") }
        return value
    }

    /// A whole number in `0...maximum`; `limit` is the documented limit quoted when `maximum` (what is
    /// left of it) is passed.
    func count(maximum: Int, limit: Int, what: String) throws(RequestError) -> Int {
        let value = try wholeNumber()
        guard value <= Double(maximum) else {
            throw .limit("At most \(limit) \(what) are allowed in one request; this one would have more.")
        }
        return Int(value)
    }

    /// A section or item index, or a count of them, in an update: a whole number from 0 to 2^53 (where
    /// doubles stop being exact). Whether it names anything in the layout is the engine's to say.
    func index() throws(RequestError) -> Int {
        let value = try wholeNumber()
        guard value <= 9_007_199_254_740_992 else {
            throw .invalid("Expected an index or a count, got \(JSONWriter.spelling(value)).")
        }
        return Int(value)
    }

    private func wholeNumber() throws(RequestError) -> Double {
        guard let value = double else { throw .invalid("Expected a whole number, got \(typeName).") }
        guard value >= 0, value.rounded(.towardZero) == value else {
            throw .invalid("Expected a non-negative whole number, got \(JSONWriter.spelling(value)).")
        }
        return value
    }

    func boolean() throws(RequestError) -> Bool {
        guard let value = bool else { throw .invalid("Expected true or false, got \(typeName).") }
        return value
    }

    /// One of the given names, returned as the case at the same position.
    func choice<Value>(_ options: KeyValuePairs<StaticString, Value>) throws(RequestError) -> Value {
        guard let bytes = stringBytes else { throw .invalid("Expected a string, got \(typeName).") }
        if let value = options.value(named: bytes) { return value }
        let key = JSONKey(bytes: bytes)
        let names = options.map { "'\($0.key)'" }.joined(separator: ", ")
        throw .invalid("Expected one of \(names), got '\(key.string)'.")
    }

    /// Calls `body` for each member; a member `body` does not claim (returns false for) is an error,
    /// and so is a member named twice (JSON leaves it open which one counts: here, neither).
    func members(_ body: (JSONKey, JSONValue) throws(RequestError) -> Bool) throws(RequestError) {
        let object = try object()
        var index = 0
        try object.forEachMember { (key, value) throws(RequestError) in
            if index > 0, object.hasMember(key, among: index) {
                throw RequestError.invalid("The field '\(key.string)' appears more than once.").under(key.string)
            }
            index += 1
            let known = try within(key.string) { () throws(RequestError) in try body(key, value) }
            if !known { throw RequestError.invalid("Unknown field '\(key.string)'.").under(key.string) }
        }
    }

    /// `{"width", "height"}`; both required for item sizes, missing ones 0 otherwise.
    func size(_ limits: Limits, requireBoth: Bool) throws(RequestError) -> Size {
        var width: Double?
        var height: Double?
        try members { (key, value) throws(RequestError) in
            if key == Wire.Size.width { width = try value.length(limits) }
            else if key == Wire.Size.height { height = try value.length(limits) }
            else { return false }
            return true
        }
        if requireBoth {
            guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
            guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
            return Size(width: width, height: height)
        }
        return Size(width: width ?? 0, height: height ?? 0)
    }

    /// `{"top", "left", "bottom", "right"}`, each optional (0).
    func insets(_ limits: Limits) throws(RequestError) -> EdgeInsets {
        var insets = EdgeInsets.zero
        try members { (key, value) throws(RequestError) in
            if key == Wire.EdgeInsets.top { insets.top = try value.number(limits) }
            else if key == Wire.EdgeInsets.left { insets.left = try value.number(limits) }
            else if key == Wire.EdgeInsets.bottom { insets.bottom = try value.number(limits) }
            else if key == Wire.EdgeInsets.right { insets.right = try value.number(limits) }
            else { return false }
            return true
        }
        return insets
    }
}
