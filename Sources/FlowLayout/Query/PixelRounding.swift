/// Rounds an origin coordinate to the pixel grid of `scale`, half away from zero, as UIKit's flow layout
/// does for every frame origin (docs/flow-layout.md §8). Sizes are never rounded.
@inline(__always)
func roundToPixel(_ value: Double, scale: Double?) -> Double {
    guard let scale else { return value }
    if scale == 1 { return value.rounded(.toNearestOrAwayFromZero) }
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

@inline(__always)
func roundOrigin(_ rect: Rect, scale: Double?) -> Rect {
    guard scale != nil else { return rect }
    return Rect(
        x: roundToPixel(rect.minX, scale: scale), y: roundToPixel(rect.minY, scale: scale),
        width: rect.size.width, height: rect.size.height)
}
