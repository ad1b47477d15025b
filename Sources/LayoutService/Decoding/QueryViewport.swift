import FlowLayout

/// The viewport of `GET /v1/layouts/{id}/attributes`, from query parameters, for curl and caches,
/// and whether it asks for a band (`band=true`).
struct QueryViewport {
    let viewport: Viewport
    let band: Bool

    static func decode(_ query: [(name: String, value: String)], contentInset: EdgeInsets, limits: Limits) throws(Problem) -> QueryViewport {
        var values: [String: Double] = [:]
        var layoutDirection = LayoutDirection.leftToRight
        var band = false
        for (name, value) in query {
            switch name {
            case "x", "y", "width", "height", "scale": values[name] = try QueryParameters.number(name, value, limits: limits)
            case "layoutDirection": layoutDirection = try QueryParameters.layoutDirection(value)
            case "band": band = try QueryParameters.choice(name, value, in: ["true": true, "false": false])
            default:
                throw QueryParameters.invalid(name, "is not a parameter of this route (x, y, width, height, scale, layoutDirection, band)")
            }
        }
        guard let width = values["width"], width >= 0 else { throw QueryParameters.invalid("width", "is required and may not be negative") }
        guard let height = values["height"], height >= 0 else { throw QueryParameters.invalid("height", "is required and may not be negative") }
        if let scale = values["scale"], !limits.admitsScale(scale) { throw QueryParameters.outOfRange(scale: limits) }
        let viewport = Viewport(
            bounds: Rect(x: values["x"] ?? 0, y: values["y"] ?? 0, width: width, height: height),
            contentInset: contentInset, scale: values["scale"], layoutDirection: layoutDirection)
        return QueryViewport(viewport: viewport, band: band)
    }
}
