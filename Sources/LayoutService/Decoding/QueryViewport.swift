import FlowLayout

/// The viewport of `GET /v1/layouts/{id}/attributes`, from query parameters, for curl and caches.
enum QueryViewport {
    static func decode(_ query: [(name: String, value: String)], contentInset: EdgeInsets, limits: Limits) throws(Problem) -> Viewport {
        var values: [String: Double] = [:]
        var layoutDirection = LayoutDirection.leftToRight
        for (name, value) in query {
            switch name {
            case "x", "y", "width", "height", "scale":
                guard let number = Double(value), limits.admits(number) else {
                    throw invalid(name, "must be a finite number within ±\(JSONWriter.spelling(limits.maxMagnitude)), got '\(value)'")
                }
                values[name] = number
            case "layoutDirection":
                var word = value
                guard let direction = word.withUTF8({ RequestFields.choice(UnsafeRawBufferPointer($0), in: RequestFields.layoutDirections) })
                else {
                    let words = RequestFields.layoutDirections.map { "'\($0.key)'" }.joined(separator: " or ")
                    throw invalid(name, "must be \(words), got '\(value)'")
                }
                layoutDirection = direction
            default:
                throw invalid(name, "is not a parameter of this route (x, y, width, height, scale, layoutDirection)")
            }
        }
        guard let width = values["width"], width >= 0 else { throw invalid("width", "is required and may not be negative") }
        guard let height = values["height"], height >= 0 else { throw invalid("height", "is required and may not be negative") }
        if let scale = values["scale"], !limits.admitsScale(scale) {
            throw invalid("scale", "must be between \(JSONWriter.spelling(limits.minScale)) and \(JSONWriter.spelling(limits.maxScale))")
        }
        return Viewport(
            bounds: Rect(x: values["x"] ?? 0, y: values["y"] ?? 0, width: width, height: height),
            contentInset: contentInset, scale: values["scale"], layoutDirection: layoutDirection)
    }

    private static func invalid(_ parameter: String, _ reason: String) -> Problem {
        var problem = Problem(slug: "invalid-parameter", title: "Invalid Parameter", status: 400,
                              detail: "The query parameter '\(parameter)' \(reason).")
        problem.parameter = parameter
        return problem
    }
}
