import FlowLayout
import WireKit

/// Query values as the GET routes read them (`/attributes`, the element lookups, `/hit`): numbers
/// within the request limits, words from a fixed list, and the refusal that names the parameter.
enum QueryParameters {
    /// A finite number within ±`maxMagnitude`, spelled as JSON spells numbers (no hex, `inf`, `nan`,
    /// `+` or spaces, which `Double(_:)` would take), as every number of a request body.
    static func number(_ name: String, _ value: String, limits: Limits) throws(Problem) -> Double {
        guard isJSONNumber(value), let number = Double(value), limits.admits(number) else {
            throw invalid(name, "must be a finite number within ±\(JSONWriter.spelling(limits.maxMagnitude)), got '\(value)'")
        }
        return number
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix(while: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// A screen scale: a number in `minScale...maxScale`.
    static func scale(_ value: String, limits: Limits) throws(Problem) -> Double {
        let scale = try number("scale", value, limits: limits)
        guard limits.admitsScale(scale) else { throw outOfRange(scale: limits) }
        return scale
    }

    static func outOfRange(scale limits: Limits) -> Problem {
        invalid("scale", "must be between \(JSONWriter.spelling(limits.minScale)) and \(JSONWriter.spelling(limits.maxScale))")
    }

    static func layoutDirection(_ value: String) throws(Problem) -> LayoutDirection {
        try choice("layoutDirection", value, in: Wire.Words.layoutDirections)
    }

    /// One of `choices`, spelled exactly.
    static func choice<Value>(_ name: String, _ value: String, in choices: KeyValuePairs<StaticString, Value>) throws(Problem) -> Value {
        guard let chosen = choices.value(named: value) else {
            let words = choices.map { "'\($0.key)'" }.joined(separator: " or ")
            throw invalid(name, "must be \(words), got '\(value)'")
        }
        return chosen
    }

    /// A 400 `invalid-parameter` naming the parameter (a query parameter, or a path segment such as
    /// `section`).
    static func invalid(_ parameter: String, _ reason: String) -> Problem {
        var problem = Problem(slug: "invalid-parameter", title: "Invalid Parameter", status: 400,
                              detail: "The query parameter '\(parameter)' \(reason).")
        problem.parameter = parameter
        return problem
    }
}
