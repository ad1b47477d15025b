import FlowLayout

/// The query of `GET /v1/layouts/{id}/hit`: the content point, which kind of element to test, and how
/// elements are drawn, as `GET /attributes` reads it.
struct HitQuery {
    var point: Point
    var kind: LayoutAttributes.Kind
    var scale: Double?
    var layoutDirection: LayoutDirection

    static func decode(_ query: [(name: String, value: String)], limits: Limits) throws(Problem) -> HitQuery {
        var coordinates: [String: Double] = [:]
        var kind = LayoutAttributes.Kind.cell
        var scale: Double?
        var layoutDirection = LayoutDirection.leftToRight
        for (name, value) in query {
            switch name {
            case "x", "y": coordinates[name] = try QueryParameters.number(name, value, limits: limits)
            case "kind": kind = try QueryParameters.choice(name, value, in: Wire.Words.elementKinds)
            case "scale": scale = try QueryParameters.scale(value, limits: limits)
            case "layoutDirection": layoutDirection = try QueryParameters.layoutDirection(value)
            default: throw QueryParameters.invalid(name, "is not a parameter of this route (x, y, kind, scale, layoutDirection)")
            }
        }
        guard let x = coordinates["x"] else { throw QueryParameters.invalid("x", "is required") }
        guard let y = coordinates["y"] else { throw QueryParameters.invalid("y", "is required") }
        return HitQuery(point: Point(x: x, y: y), kind: kind, scale: scale, layoutDirection: layoutDirection)
    }
}
