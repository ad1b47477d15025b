import FlowLayout

/// The query of `GET /v1/layouts/{id}/items/{section}/{item}` (and `/headers/{section}`,
/// `/footers/{section}`): how the element is drawn, as `GET /attributes` reads it, and, with
/// `scrollPosition`, the view to scroll so that it shows there.
struct ElementQuery {
    var scale: Double?
    var layoutDirection = LayoutDirection.leftToRight
    /// Where to show the element in a view of `viewSize` whose bounds' origin is now `origin`.
    var scroll: (position: ScrollPosition, viewSize: Size, origin: Point)?

    static let parameters = "scale, layoutDirection, scrollPosition, width, height, x, y"

    /// `width` and `height` are required with `scrollPosition` and refused without it, as are `x` and
    /// `y` (default 0): a parameter that changes nothing is a mistake to report, not to ignore.
    static func decode(_ query: [(name: String, value: String)], limits: Limits) throws(Problem) -> ElementQuery {
        var decoded = ElementQuery()
        var position: ScrollPosition?
        var view: [String: Double] = [:]
        for (name, value) in query {
            switch name {
            case "scale": decoded.scale = try QueryParameters.scale(value, limits: limits)
            case "layoutDirection": decoded.layoutDirection = try QueryParameters.layoutDirection(value)
            case "scrollPosition": position = try scrollPosition(value)
            case "width", "height", "x", "y": view[name] = try QueryParameters.number(name, value, limits: limits)
            default: throw QueryParameters.invalid(name, "is not a parameter of this route (\(parameters))")
            }
        }
        guard let position else {
            if let name = ["width", "height", "x", "y"].first(where: { view[$0] != nil }) {
                throw QueryParameters.invalid(name, "applies only with scrollPosition")
            }
            return decoded
        }
        guard let width = view["width"], width >= 0 else {
            throw QueryParameters.invalid("width", "is required with scrollPosition and may not be negative")
        }
        guard let height = view["height"], height >= 0 else {
            throw QueryParameters.invalid("height", "is required with scrollPosition and may not be negative")
        }
        decoded.scroll = (position, Size(width: width, height: height), Point(x: view["x"] ?? 0, y: view["y"] ?? 0))
        return decoded
    }

    /// UIKit's `UICollectionView.ScrollPosition` by its names: one of them, or one vertical and one
    /// horizontal joined by a comma (`top,left`), as its option set combines them.
    static func scrollPosition(_ value: String) throws(Problem) -> ScrollPosition {
        var position = ScrollPosition()
        for word in value.split(separator: ",", omittingEmptySubsequences: false) {
            switch word {
            case "top", "centeredVertically", "bottom":
                guard position.vertical == nil else { throw twice("vertical", value) }
                position.vertical = word == "top" ? .start : word == "bottom" ? .end : .center
            case "left", "centeredHorizontally", "right":
                guard position.horizontal == nil else { throw twice("horizontal", value) }
                position.horizontal = word == "left" ? .start : word == "right" ? .end : .center
            default:
                throw QueryParameters.invalid(
                    "scrollPosition",
                    "must be top, centeredVertically, bottom, left, centeredHorizontally or right, or one vertical and one horizontal joined by a comma (top,left), got '\(value)'")
            }
        }
        return position
    }

    private static func twice(_ axis: String, _ value: String) -> Problem {
        QueryParameters.invalid("scrollPosition", "names two \(axis) positions in '\(value)'; give at most one vertical and one horizontal")
    }
}
