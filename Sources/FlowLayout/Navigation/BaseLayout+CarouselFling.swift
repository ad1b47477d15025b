/// Where a fling of an orthogonal section comes to rest, and the path there (docs/flow-layout.md §23.15).
public struct CarouselFling: Hashable, Sendable {
    /// Where the deceleration alone would take the section's offset (§21.1), neither clamped nor snapped.
    public var projectedOffset: Double
    /// Where the fling ends, by the section's `orthogonalScrolling`.
    public var targetOffset: Double
    /// From the offset at release to the target, along x (§21.4); y is 0.
    public var curve: FlingCurve
}

extension BaseLayout {
    /// The offsets orthogonal section `section` can rest at, 0 to its content width less the
    /// viewport's (the content's width, inside the content inset), at least 0; nil when the section
    /// is not orthogonal. O(1).
    public func carouselOffsets(section: Int) -> ClosedRange<Double>? {
        carouselStops(section: section).map { 0...$0.maximum }
    }

    /// The fling of orthogonal section `section`, released at `offset` with `velocity` (points per
    /// second, the velocity of its offset) under `deceleration`: the projection as on the main axis
    /// (§21.1), then its behaviour's rule (§23.15); nil when the section is not orthogonal. O(log² groups).
    public func carouselFling(section: Int, offset: Double, velocity: Double, deceleration: Deceleration) -> CarouselFling? {
        guard let stops = carouselStops(section: section),
            case .compositional(let body) = sections[section].body, let behaviour = body.section.orthogonalScrolling
        else { return nil }
        let projection = deceleration.projection(of: Point(x: offset, y: 0), velocity: Point(x: velocity, y: 0)).x
        let target = stops.target(behaviour, offset: offset, speed: velocity, projection: projection)
        return CarouselFling(
            projectedOffset: projection, targetOffset: target,
            curve: FlingCurve(from: Point(x: offset, y: 0), to: Point(x: target, y: 0), deceleration: deceleration))
    }

    /// The section's range and snap points: group j's start less the leading inset, or, when it
    /// pages centring its groups, the offset that centres group j in the viewport.
    func carouselStops(section: Int) -> CarouselStops? {
        guard sections.indices.contains(section), case .compositional(let body) = sections[section].body, body.isOrthogonal else {
            return nil
        }
        let width = dimension
        let placement = body.placement
        let centres = body.section.orthogonalScrolling == .groupPagingCentered
        let lead = body.groupsLead
        return CarouselStops(
            maximum: Swift.max(0, body.orthogonalContentWidth - width), pageLength: width, snapCount: placement.groupCount
        ) { g in
            let span = placement.groupSpan(g)
            return centres ? lead + span.start + span.length / 2 - width / 2 : span.start
        }
    }
}
