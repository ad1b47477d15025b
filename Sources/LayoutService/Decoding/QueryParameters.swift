import FlowLayout

/// Query values as the GET routes read them (`/attributes`, the element lookups, `/hit`): numbers
/// within the request limits, words from a fixed list, and the refusal that names the parameter.
enum QueryParameters {
    /// A finite number within ±`maxMagnitude`, as every number of a request body.
    static func number(_ name: String, _ value: String, limits: Limits) throws(Problem) -> Double {
        guard let number = Double(value), limits.admits(number) else {
            throw invalid(name, "must be a finite number within ±\(JSONWriter.spelling(limits.maxMagnitude)), got '\(value)'")
        }
        return number
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
        try choice("layoutDirection", value, in: RequestFields.layoutDirections)
    }

    /// One of `choices`, spelled exactly.
    static func choice<Value>(_ name: String, _ value: String, in choices: KeyValuePairs<StaticString, Value>) throws(Problem) -> Value {
        var word = value
        guard let chosen = word.withUTF8({ RequestFields.choice(UnsafeRawBufferPointer($0), in: choices) }) else {
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
