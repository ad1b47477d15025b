/// Where a fling may come to rest along the scroll axis (docs/flow-layout.md §21.3). Across it the
/// projection is only clamped.
public enum FlingSnap: UInt8, Hashable, Sendable {
    /// The projection, clamped.
    case none
    /// Pages of the viewport's length from the top (left) of the area inside the content inset.
    case page
    /// The leading edge of the line of cells nearest the projection, at the top (left) of that area.
    case line
    /// The leading edge of the cell nearest the projection, likewise.
    case item
    /// The cell whose centre is nearest the projected centre of that area, centred in it.
    case center

    /// From this release speed along the scroll axis (points per second) on, paging turns to the next
    /// page in the velocity's direction; below it, to the nearest page (§21.3).
    public static let pageTurnSpeed = 400.0

    /// The offset of the page to rest on, along the scroll axis: pages of `length` start at `origin`
    /// (−inset.top or −inset.left); from `offset` at release `speed` (signed, points per second), the
    /// next page in the speed's direction when |speed| ≥ `pageTurnSpeed`, else the nearest (§21.3).
    /// Unclamped; nil when the viewport has no length to page by.
    public static func page(offset: Double, speed: Double, origin: Double, length: Double) -> Double? {
        guard length > 0 else { return nil }
        var position = (offset - origin) / length
        // An offset that is a page's start up to rounding is on that page, not just before it.
        let nearest = position.rounded()
        if (position - nearest).magnitude < 1e-9 { position = nearest }
        let page: Double
        if speed >= pageTurnSpeed {
            page = position.rounded(.down) + 1
        } else if speed <= -pageTurnSpeed {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded(.toNearestOrAwayFromZero)
        }
        return origin + page * length
    }
}
