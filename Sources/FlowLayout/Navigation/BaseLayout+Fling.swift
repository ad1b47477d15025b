/// Where a fling comes to rest, and the path there (docs/flow-layout.md §21).
public struct Fling: Hashable, Sendable {
    /// Where UIKit's deceleration alone would take the offset (§21.1), neither clamped nor snapped.
    public var projectedContentOffset: Point
    /// Where the fling ends: the projection clamped, snapped along the scroll axis, clamped again (§21.3).
    public var targetContentOffset: Point
    /// From the current offset to the target (§21.4).
    public var curve: FlingCurve
}

extension BaseLayout {
    /// The fling of a view at `viewport` released at `velocity` (points per second, the velocity of
    /// the content offset as `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` reports
    /// it ×1000) under `deceleration`, snapped by `snap` (§21):
    ///
    /// 1. the projection: offset + (v / 1000) · r / (1 − r) on each axis (§21.1);
    /// 2. clamped to the resting offsets (§21.2), as UIKit clamps the target it proposes;
    /// 3. snapped along the scroll axis (§21.3), then clamped again; across it, only clamped;
    /// 4. the curve from the current offset to that target (§21.4).
    ///
    /// O(log n + k) for k cells near the target (`nearestSnapOffset`).
    public func fling(_ viewport: Viewport, velocity: Point, deceleration: Deceleration, snap: FlingSnap) -> Fling {
        var uncounted = Uncounted()
        return fling(viewport, velocity: velocity, deceleration: deceleration, snap: snap, work: &uncounted)
    }

    /// `fling(_:velocity:deceleration:snap:)`, counting the snapping queries' work.
    @_spi(WorkCounting)
    public func fling(
        _ viewport: Viewport, velocity: Point, deceleration: Deceleration, snap: FlingSnap, work: inout some WorkCounter
    ) -> Fling {
        let direction = scrollDirection
        let offset = viewport.bounds.origin
        let size = viewport.bounds.size
        let projection = deceleration.projection(of: offset, velocity: velocity)
        let (low, high) = restingOffsets(viewSize: size)
        var target = clampedOffset(projection, viewSize: size)
        let lead = direction.scrollLead(contentInset)
        var snapped: Double?
        switch snap {
        case .none: break
        case .page:
            snapped = FlingSnap.page(
                offset: direction.scrollOrigin(offset), speed: direction.scrollOrigin(velocity), origin: -lead,
                length: direction.across(size))
        case .line, .item, .center:
            let across = direction == .vertical ? (target.x, size.width) : (target.y, size.height)
            snapped = nearestSnapOffset(
                to: direction.scrollOrigin(target), snap: snap, viewport: viewport, across: across,
                low: direction.scrollOrigin(low), high: direction.scrollOrigin(high), work: &work)
        }
        if let snapped {
            target = clampedOffset(direction == .vertical ? Point(x: target.x, y: snapped) : Point(x: snapped, y: target.y), viewSize: size)
        }
        return Fling(
            projectedContentOffset: projection, targetContentOffset: target,
            curve: FlingCurve(from: offset, to: target, deceleration: deceleration))
    }
}
